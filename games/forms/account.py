"""An account's own settings: the time zone it reads times in, what it
wants by e-mail and whether its public profile is hidden."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import MailPreference, ProfileSetting
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


class ProfileSettingForm(forms.ModelForm):
    """Whether the account's public profile is hidden from everyone else."""

    class Meta:
        model = ProfileSetting
        fields = ["hidden"]
        help_texts = {
            "hidden": _(
                "Nobody else can open your profile, not even the hosts of your games; "
                "the games themselves still show what they reveal."
            )
        }
