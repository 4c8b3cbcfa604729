"""The host's forms for the game itself: its announcement
(``GameCreateForm``) and the settings he may change at any time."""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from rulesets.core import Ruleset

from ..languages import ruleset_language
from ..models import Game, Player
from ..names import localized
from ..schedule import is_valid_local_time, offset_minutes
from .options import form_options, option_field

TIMEZONES = sorted(available_timezones())


REMINDER_DEFAULT = Game._meta.get_field("reminder_minutes").default


# The longest game nickname a seat holds: a character a player may pick
# becomes his nickname.
CHARACTER_MAX: int = Player._meta.get_field("nickname").max_length


def character_too_long(name: str) -> str:
    """The sentence refusing a character longer than a game nickname may be."""
    return _("“%(name)s…” is too long: a character is at most %(n)d characters long.") % {
        "name": name[:20],
        "n": CHARACTER_MAX,
    }


def reminder_field(required: bool = True) -> forms.IntegerField:
    """The game's e-mail reminders (``Game.reminder_minutes``); left empty
    where not ``required``, the site's default."""
    return forms.IntegerField(
        label=_("E-mail reminders, minutes before a deadline"),
        required=required,
        min_value=0,
        max_value=Game.REMINDER_MAX_MINUTES,
        initial=REMINDER_DEFAULT,
        help_text=_(
            "A player who has not voted or handed in a choice yet is reminded by e-mail this long before "
            "its deadline; 0 sends no reminders (best for a fast game)."
        ),
    )


class LanguageSelect(forms.Select):
    """The site's languages, each named in itself and marked with its code
    (``lang``), as the language switcher shows them."""

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        option["attrs"]["lang"] = option["value"]
        return option


class GameCreateForm(forms.Form):
    """The host announces a game of one ruleset: its variants, its schedule
    (one field per deadline the ruleset declares, in the game's time zone)
    and its house rules (one widget per declared option), all checked by
    the ruleset before the game is saved. Nothing here knows a document:
    what differs comes from the ruleset's declarations."""

    title = forms.CharField(label=_("Title"), max_length=200)
    theme = forms.CharField(label=_("Theme"), required=False, widget=forms.Textarea(attrs={"rows": 3}))
    characters = forms.CharField(
        label=_("Characters players may pick (one per line; empty for free choice)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    ruleset = forms.CharField(widget=forms.HiddenInput)
    timezone = forms.ChoiceField(label=_("Time zone"), choices=[(t, t) for t in TIMEZONES], initial="Europe/Moscow")
    schedule = forms.ChoiceField(
        label=_("Schedule"),
        choices=[("standard", _("Standard: the rules' daily deadlines")), ("fast", _("Fast: phases of a few minutes"))],
        initial="standard",
    )
    fast_scale = forms.FloatField(
        label=_("Fast schedule scale"),
        min_value=0.05,
        max_value=60,
        initial=1.0,
        help_text=_("Multiplies the ruleset's turbo minutes (1 = the rules' fast game day)."),
    )
    signup_limit = forms.IntegerField(label=_("Sign-up limit"), min_value=3, max_value=40, initial=20)
    post_minimum = forms.IntegerField(label=_("Post minimum per game day"), min_value=0, max_value=50, initial=0)
    reveal_accounts = forms.BooleanField(
        label=_("After the game, show which account played each nickname"), required=False, initial=False
    )
    autopublish = forms.BooleanField(
        label=_("Publish results automatically at the deadline"),
        required=False,
        initial=True,
        help_text=_("Otherwise each draft waits for you on the dashboard and is sent to you by e-mail."),
    )
    reminder_minutes = reminder_field(required=False)
    language = forms.ChoiceField(
        label=_("Game language"),
        choices=settings.LANGUAGES,
        required=False,
        widget=LanguageSelect,
        help_text=_(
            "The language the game writes its posts in (results, role cards, announcements); "
            "every reader's pages stay in their own language."
        ),
    )
    edit_minutes = forms.IntegerField(
        label=_("Post edit window (minutes)"),
        min_value=0,
        max_value=60,
        initial=5,
        required=False,
        help_text=_("A post may be edited by its author for this long after posting it; 0: no edits."),
    )

    def __init__(self, *args: Any, ruleset: Ruleset, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = ruleset
        self.fields["ruleset"].initial = ruleset.id
        self.fields["language"].initial = ruleset_language(ruleset.id)
        # The document's own clock: its deadlines below are wall times there.
        self.fields["timezone"].initial = ruleset.time_zone
        if ruleset.VARIANTS:
            names = [(v, localized(ruleset.VARIANT_NAMES.get(v, {}), v)) for v in ruleset.VARIANTS]
            self.fields["variant"] = forms.ChoiceField(
                label=_("Variant"), required=False, choices=[("", _("Suggest from the player count")), *names]
            )
        for entry in ruleset.SCHEDULE:
            self.fields[entry.id] = forms.CharField(
                label=localized(entry.name, entry.id),
                initial=entry.time,
                max_length=6,
                help_text=_("Hours:minutes after the phase starts (HHH:MM).") if ruleset.SCHEDULE_RELATIVE else "",
            )
        if len(ruleset.PHASES) > 1:
            names = {"setup": _("The deal's set-up step"), "day": _("A day"), "night": _("A night")}
            self.fields["opens_with"] = forms.ChoiceField(
                label=_("The game opens with"),
                choices=[(p, names.get(p, p)) for p in ("setup", "day", "night") if p in ruleset.PHASES],
                initial=ruleset.FIRST_PHASE,
                required=False,
                help_text=_(
                    "The rules open with the one preselected; choose another to carry over a game in progress."
                ),
            )
        self.fields["post_minimum"].initial = ruleset.POST_MINIMUM
        self.fields["post_minimum"].help_text = _("The rules set %(n)d; players under it are flagged.") % {
            "n": ruleset.POST_MINIMUM
        }
        reading = ruleset.DEAD_READ_TEAM_ROOM
        self.fields["dead_read_team_room"] = forms.BooleanField(
            label=_("Players out of the game keep reading their team's room"),
            required=False,
            initial=reading,
            help_text=_("The rules' reading: they keep reading it.")
            if reading
            else _("The rules' reading: they leave it."),
        )
        if ruleset.AUTOKILLS:
            self.fields["autokills"] = forms.ChoiceField(
                label=_("Automatic removals (no vote, a vote for oneself, skipped moves)"),
                choices=[
                    ("automatic", _("Automatic, as the rules say; I can waive one")),
                    ("host_confirms", _("Only those I confirm")),
                ],
                initial="automatic",
            )
        for option in form_options(ruleset):
            self.fields[f"option_{option.id}"] = option_field(option)

    def clean_characters(self) -> str:
        """The characters as typed, once each fits a game nickname."""
        text = self.cleaned_data["characters"]
        for line in text.splitlines():
            if len(line.strip()) > CHARACTER_MAX:
                raise forms.ValidationError(character_too_long(line.strip()))
        return text

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        tz = data.get("timezone") or "UTC"
        for entry in self.rules.SCHEDULE:
            value = data.get(entry.id)
            if value and self.rules.SCHEDULE_RELATIVE:
                try:
                    if offset_minutes(value) <= 0:
                        raise ValueError(value)
                except ValueError:
                    self.add_error(entry.id, _("Give a length as hours:minutes, such as 24:00."))
            elif value and not is_valid_local_time(value, tz):
                self.add_error(entry.id, _("Give a time as HH:MM that exists every day in the game's time zone."))
        if data.get("ruleset") != self.rules.id:
            self.add_error(None, _("Choose the ruleset again: the form was for another one."))
        for problem in self.rules.validate_options(self.house_rules(), ()):
            field = f"option_{problem.option}" if f"option_{problem.option}" in self.fields else None
            self.add_error(field, forms.ValidationError(problem.message, code=problem.code))
        return data

    def house_rules(self) -> dict[str, Any]:
        """The declared options as chosen (off and empty ones left out); an
        option that is a deadline's time takes that deadline's field
        (``Option.deadline``: classic's ``night_deadline``)."""
        chosen = {o.id: self.cleaned_data.get(f"option_{o.id}") for o in form_options(self.rules)}
        for option in self.rules.OPTIONS.values():
            if option.deadline and not self.rules.SCHEDULE_RELATIVE:
                chosen[option.id] = self.cleaned_data.get(option.deadline)
        return {k: v for k, v in chosen.items() if v not in (None, False, "", [])}

    def game_fields(self) -> dict[str, Any]:
        """Keyword arguments for ``flow.game_create``."""
        d = self.cleaned_data
        web = {"post_minimum": d["post_minimum"], "dead_read_team_room": bool(d.get("dead_read_team_room"))}
        if d.get("opens_with") and d["opens_with"] != self.rules.FIRST_PHASE:
            web["opens_with"] = d["opens_with"]
        if self.rules.AUTOKILLS:
            web["autokills"] = d["autokills"]
        return {
            "theme": d["theme"],
            "characters": [c.strip() for c in d["characters"].splitlines() if c.strip()],
            "variant": d.get("variant") or "",
            "timezone": d["timezone"],
            "fast": d["schedule"] == "fast",
            "fast_scale": d["fast_scale"],
            "deadlines": {e.id: d[e.id] for e in self.rules.SCHEDULE},
            "signup_limit": d["signup_limit"],
            "autopublish": d["autopublish"],
            "reminder_minutes": REMINDER_DEFAULT if d["reminder_minutes"] is None else d["reminder_minutes"],
            "reveal_accounts": d["reveal_accounts"],
            # Left out: the ruleset's language, the usual five minutes.
            "language": d.get("language") or "",
            "edit_minutes": 5 if d.get("edit_minutes") is None else d["edit_minutes"],
            "options": {**self.house_rules(), **web},
        }


class GameSettingsForm(forms.Form):
    """The game's settings the host may change at any time: the post edit
    window, the language the game writes its posts in, and whether the
    players out of the game read its replay while it runs."""

    edit_minutes = GameCreateForm.base_fields["edit_minutes"]
    language = GameCreateForm.base_fields["language"]
    replay_for_the_dead = forms.BooleanField(
        label=_("Open the replay to dead players during the game"),
        required=False,
        help_text=_(
            "Players out of the game then read every choice, trace and role of the phases resolved so far; "
            "everyone reads the replay once the game is over."
        ),
    )
