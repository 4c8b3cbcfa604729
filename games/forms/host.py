"""The host's tools on the dashboard: the draw, co-hosts, deadlines,
reminders, candidates, penalties, replacements, nicknames, results."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from rulesets.core import Ruleset

from ..names import localized, role_name
from .game import reminder_field


class CompositionForm(forms.Form):
    """The host edits the proposed composition (role → count)."""

    def __init__(self, *args: Any, ruleset: Any, proposed: dict[str, int], players: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        for role_id in ruleset.ROLES:
            self.fields[f"role_{role_id}"] = forms.IntegerField(
                label=role_name(ruleset, role_id),
                min_value=0,
                max_value=players,
                initial=proposed.get(role_id, 0),
                required=False,
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        total = sum(v or 0 for k, v in data.items() if k.startswith("role_"))
        if total != self.players:
            raise forms.ValidationError(
                _("The roles add up to %(total)d, but %(players)d players are seated.")
                % {"total": total, "players": self.players}
            )
        return data

    def composition(self) -> dict[str, int]:
        """Role id → count, zero counts left out."""
        return {k.removeprefix("role_"): v for k, v in self.cleaned_data.items() if k.startswith("role_") and v}


class CohostForm(forms.Form):
    """Name a co-host by account name."""

    username = forms.CharField(label=_("Account name of the co-host"), max_length=150)


class ExtendForm(forms.Form):
    """Push the open phase's deadlines back."""

    minutes = forms.IntegerField(label=_("Minutes"), min_value=1, max_value=7 * 24 * 60, initial=60)
    # The deadlines as the dashboard showed them (``flow.deadlines_seen``):
    # a second submit of the same form finds them moved and extends nothing.
    seen = forms.CharField(required=False, max_length=2000, widget=forms.HiddenInput)


class ReminderForm(forms.Form):
    """The host changes the game's e-mail reminders."""

    reminder_minutes = reminder_field()


class ResolveNowForm(forms.Form):
    """The host's "Resolve now" names the phase the host saw (``Phase.key``), so a
    second click cannot resolve the phase after it."""

    phase = forms.RegexField(regex=r"^(setup|day|night)-\d{1,4}(\.\d{1,2})?$", widget=forms.HiddenInput)


class CandidatesForm(forms.Form):
    """The players the host puts to today's vote (CLASSIC-011), among the
    living ``nicknames``."""

    names = forms.MultipleChoiceField(label=_("Put to the vote"), widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, nicknames: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["names"].choices = [(n, n) for n in nicknames]


class ProxyVoteForm(forms.Form):
    """A vote the host casts for a player who asked him (导演代投, 玩家须知 9):
    the player (one of ``voters``, nicknames) and his choice (one of
    ``targets``, nicknames, or the abstention)."""

    ABSTAIN = "abstain"

    voter = forms.ChoiceField(label=_("Vote on behalf of"))
    target = forms.ChoiceField(label=_("Their vote"))

    def __init__(self, *args: Any, voters: list[str], targets: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["voter"].choices = [(n, n) for n in voters]
        self.fields["target"].choices = [*((n, n) for n in targets), (self.ABSTAIN, _("Abstain"))]


class PenaltyForm(forms.Form):
    """A penalty the game's ruleset declares (``Ruleset.PENALTIES``, named in
    the reader's language), on a player or a team."""

    kind = forms.ChoiceField(label=_("Penalty"))
    target = forms.CharField(label=_("Player nickname or team id"), max_length=60)
    # How many penalties the dashboard showed (``flow.penalties_seen``): a
    # second submit of the same form finds one more and gives nothing.
    seen = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, ruleset: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(kind, localized(names, kind)) for kind, names in ruleset.PENALTIES.items()]


class ReplaceForm(forms.Form):
    """A replacement: a new account takes over a seat."""

    nickname = forms.ChoiceField(label=_("Seat"))
    username = forms.CharField(label=_("New player's account"), max_length=150)

    def __init__(self, *args: Any, nicknames: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["nickname"].choices = [(n, n) for n in nicknames or []]

    def clean_username(self) -> Any:
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(_("There is no account with that name."))
        return user


class RegisterNicknameForm(forms.Form):
    """An admin binds a game nickname to an account."""

    username = forms.CharField(label=_("Account"), max_length=150)
    nickname = forms.CharField(label=_("Game nickname"), max_length=60)

    def clean_username(self) -> Any:
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(_("There is no account with that name."))
        return user


class ResultsForm(forms.Form):
    """The host edits a results post before or after publishing it."""

    text = forms.CharField(
        label=_("Results post"),
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=20000,
        error_messages={
            "required": _("The results post cannot be empty."),
            "max_length": _("The results post may be at most %(limit_value)d characters long (it has %(show_value)d)."),
        },
    )

    # Characters of a line that fit one row of the box on a desktop screen:
    # the page's 960 px column less its padding, in the browser's default
    # monospace (13.33 px, about 8 px a character).
    ROW_CHARS = 114

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        text = str((self.data.get("text") if self.is_bound else None) or self.initial.get("text") or "")
        rows = sum(max(1, -(-len(line) // self.ROW_CHARS)) for line in text.splitlines())
        # As tall as the text, 3 to 16 rows: a short draft leaves room for
        # the rest of the dashboard (a longer one scrolls in its box).
        self.fields["text"].widget.attrs["rows"] = min(max(rows, 3), 16)
