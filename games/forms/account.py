"""An account's own settings: the time zone it reads times in and what
it wants by e-mail."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import MailPreference
from .game import TIMEZONES


class TimeZoneForm(forms.Form):
    """The time zone an account reads times in: "" for each game's own."""

    time_zone = forms.ChoiceField(
        label=_("Show times in"),
        required=False,
        help_text=_("Every time on the site is shown in this zone, with its offset from UTC."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [("", _("Each game's own time zone")), *((t, t) for t in TIMEZONES)]


class MailPreferenceForm(forms.ModelForm):
    """What an account wants by e-mail."""

    class Meta:
        model = MailPreference
        fields = ["reminders", "drafts"]
