"""Forms: every request is parsed by a Django form; invalid input comes
back with the form kept and a sentence saying what is wrong."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from rulesets.core import Option, Ruleset

from .languages import ruleset_language
from .models import Game, MailPreference
from .results import ability_name, localized, role_name
from .schedule import is_valid_local_time, offset_minutes

TIMEZONES = sorted(available_timezones())


def option_errors(ruleset: Ruleset, options: dict[str, Any], seated: Collection[str]) -> list[forms.ValidationError]:
    """One form error per problem ``ruleset.validate_options`` finds in
    ``options`` for the ``seated`` nicknames (see ``Ruleset.validate_options``)."""
    return [forms.ValidationError(p.message, code=p.code) for p in ruleset.validate_options(options, seated)]


def option_field(option: Option) -> forms.Field:
    """The form field for one declared house rule (``rulesets.core.Option``):
    a checkbox, a number, a list to pick from, checkboxes for a list, or
    ``HH:MM`` for a time; labelled in the reader's language with the
    option's help. Options naming players (kind ``dict``) have none: they
    are set once the players are seated."""
    label = localized(option.name, option.id)
    common: dict[str, Any] = {"label": label, "required": False, "help_text": _(option.help) if option.help else ""}
    if option.kind == "bool":
        return forms.BooleanField(initial=bool(option.default), **common)
    names = dict(option.choice_names)
    if option.kind in ("choice", "int") and option.choices:
        coerce = int if option.kind == "int" else str
        choices = [(c, localized(names.get(c, {}), str(c))) for c in option.choices]
        return forms.TypedChoiceField(choices=choices, coerce=coerce, initial=option.default, **common)
    if option.kind == "int":
        return forms.IntegerField(
            min_value=option.min_value, max_value=option.max_value, initial=option.default, **common
        )
    if option.kind == "list":
        return forms.MultipleChoiceField(
            choices=[(c, localized(names.get(c, {}), str(c))) for c in option.choices],
            widget=forms.CheckboxSelectMultiple,
            initial=list(option.default or []),
            **common,
        )
    return forms.CharField(max_length=5, initial=option.default, **common)


def form_options(ruleset: Ruleset) -> list[Option]:
    """The declared house rules a form shows (those naming players aside)."""
    return [o for o in ruleset.OPTIONS.values() if o.kind != "dict"]


REMINDER_DEFAULT = Game._meta.get_field("reminder_minutes").default


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
        """The declared options as chosen (off and empty ones left out)."""
        chosen = {o.id: self.cleaned_data.get(f"option_{o.id}") for o in form_options(self.rules)}
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


class ApplyForm(forms.Form):
    """A player applies with a character (it becomes the game nickname)."""

    nickname = forms.CharField(label=_("Character / game nickname"), max_length=60)

    def __init__(
        self, *args: Any, characters: list[str] | None = None, taken: set[str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if characters:
            free = [c for c in characters if c not in (taken or set())]
            self.fields["nickname"] = forms.ChoiceField(label=_("Character"), choices=[(c, c) for c in free])


def _grouped(n: int) -> str:
    return number_format(n, force_grouping=True)


# ``n`` with the reader's digit grouping (20,000; 20 000), when shown.
grouped = lazy(_grouped, str)


class LastWordsForm(forms.Form):
    """The last words of a player out of the game who holds the right
    (``Ruleset.LAST_WORDS_DUE``, WW18-016), rewritable until the deadline."""

    last_words = forms.CharField(
        label=_("Your last words"),
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 5}),
    )


class PostForm(forms.Form):
    """A post: BBCode subset, at most ``MAX_LENGTH`` characters (the limit
    is stated under the box and a longer post is refused, its text kept)."""

    MAX_LENGTH = 20000

    body = forms.CharField(
        label=_("Message"),
        max_length=MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 5, "id": "post-body"}),
        help_text=format_lazy(_("At most {limit} characters."), limit=grouped(MAX_LENGTH)),
        error_messages={
            "max_length": _(
                "A post may be at most %(limit_value)d characters long; this one has %(show_value)d."
                " Shorten it or split it into two posts."
            )
        },
    )


class GameSettingsForm(forms.Form):
    """The game's settings the host may change at any time: the post edit
    window and the language the game writes its posts in."""

    edit_minutes = GameCreateForm.base_fields["edit_minutes"]
    language = GameCreateForm.base_fields["language"]


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


class VoteForm(forms.Form):
    """A vote post: one of the choices the ruleset's day procedure offers
    (a player's public id, ``ABSTAIN`` where abstention is allowed, or a
    re-vote word prefixed with ``WORD``)."""

    ABSTAIN = "abstain"
    # A re-vote word's value is this prefix and the word (cosmo ``jail``).
    WORD = "word:"

    target = forms.ChoiceField(label=_("Vote for"))
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why you vote so; it is posted with your vote."),
    )

    def __init__(
        self, *args: Any, candidates: list[tuple[str, str]] | None = None, reason: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].choices = candidates or []
        if not reason:
            del self.fields["reason"]


class NominateForm(forms.Form):
    """A nomination post: one living player's public id, not yet a candidate."""

    target = forms.ChoiceField(label=_("Candidate"))

    def __init__(self, *args: Any, candidates: list[tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].choices = candidates or []


class ActionForm(forms.Form):
    """A choice for one ability slot, built from the ruleset's declaration:
    only legal targets are offered."""

    ability = forms.CharField(widget=forms.HiddenInput)
    team = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, slot: Any, ruleset: Any, handed: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slot = slot
        self.title = ability_name(ruleset, slot.ability)
        self.fields["ability"].initial = slot.ability
        self.fields["team"].initial = slot.team is not None
        choices = [(c, c) for c in slot.candidates if c]
        # ``handed``: the targets of the choice handed in already, selected.
        handed = handed or []
        for i in range(slot.targets):
            label = _("Target") if slot.targets == 1 else _("Target %(n)d") % {"n": i + 1}
            initial = handed[i] if i < len(handed) and handed[i] in slot.candidates else None
            self.fields[f"target{i}"] = forms.ChoiceField(label=label, choices=choices, initial=initial)

    def targets(self) -> list[str]:
        """The chosen targets in order."""
        return [self.cleaned_data[f"target{i}"] for i in range(self.slot.targets)]


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


class ReminderForm(forms.Form):
    """The host changes the game's e-mail reminders."""

    reminder_minutes = reminder_field()


class MailPreferenceForm(forms.ModelForm):
    """What an account wants by e-mail."""

    class Meta:
        model = MailPreference
        fields = ["reminders", "drafts"]


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


class PenaltyForm(forms.Form):
    """A penalty the game's ruleset declares (``Ruleset.PENALTIES``, named in
    the reader's language), on a player or a team."""

    kind = forms.ChoiceField(label=_("Penalty"))
    target = forms.CharField(label=_("Player nickname or team id"), max_length=60)

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

    # Characters of a line that fit one row of the box on a desktop screen.
    ROW_CHARS = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        text = str((self.data.get("text") if self.is_bound else None) or self.initial.get("text") or "")
        rows = sum(max(1, -(-len(line) // self.ROW_CHARS)) for line in text.splitlines())
        # As tall as the text and one more row, 3 to 16 rows: a short
        # draft leaves room for the rest of the dashboard.
        self.fields["text"].widget.attrs["rows"] = min(max(rows + 1, 3), 16)


class HouseRulesForm(forms.Form):
    """The ruleset's house rules on the dashboard, until the game starts:
    one widget per declared option (``option_field``) holding the game's
    current value, and for an option naming players (kind ``dict``, the
    forum's secret Bonus, FORUM-125) one widget per part: a seated
    nickname to pick, a game day number. Checked by
    ``ruleset.validate_options`` against the seated nicknames; each problem
    is shown on its widget, and the choices stay as made."""

    def __init__(
        self,
        *args: Any,
        ruleset: Ruleset,
        seated: Collection[str],
        current: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.seated = list(seated)
        current = current or {}
        for option in ruleset.OPTIONS.values():
            if option.kind != "dict":
                field = option_field(option)
                field.initial = current.get(option.id, field.initial)
                self.fields[f"option_{option.id}"] = field
                continue
            value = current.get(option.id) or {}
            for key, kind in option.fields:
                label = format_lazy("{} — {}", localized(option.name, option.id), PART_NAMES.get(kind, key))
                if kind == "nickname":
                    field = forms.ChoiceField(
                        label=label, required=False, choices=[("", "—"), *((n, n) for n in self.seated)]
                    )
                else:
                    field = forms.IntegerField(label=label, required=False, min_value=1, max_value=999)
                field.initial = value.get(key)
                field.help_text = _(option.help) if option.help and key == option.fields[0][0] else ""
                self.fields[f"option_{option.id}__{key}"] = field

    def option_fields(self) -> list[tuple[Option, list[forms.BoundField]]]:
        """Each declared option with its widgets, for the template."""
        rows = []
        for option in self.ruleset.OPTIONS.values():
            names = [f"option_{option.id}__{k}" for k, _kind in option.fields] if option.kind == "dict" else []
            rows.append((option, [self[n] for n in names or [f"option_{option.id}"]]))
        return rows

    def _field_of(self, option_id: str) -> str | None:
        """The widget a problem of ``option_id`` is shown on (an option
        naming players: its first part), None for the form as a whole."""
        option = self.ruleset.OPTIONS.get(option_id)
        if option is None:
            return None
        name = f"option_{option.id}__{option.fields[0][0]}" if option.kind == "dict" else f"option_{option.id}"
        return name if name in self.fields else None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        chosen: dict[str, Any] = {}
        for option in self.ruleset.OPTIONS.values():
            if option.kind != "dict":
                chosen[option.id] = data.get(f"option_{option.id}")
                continue
            parts = {k: data.get(f"option_{option.id}__{k}") for k, _kind in option.fields}
            given = {k: v for k, v in parts.items() if v not in (None, "")}
            if given and len(given) < len(parts):
                for k in set(parts) - set(given):
                    self.add_error(
                        f"option_{option.id}__{k}",
                        _("Fill in every part of “%(option)s”, or none to leave it off.")
                        % {"option": localized(option.name, option.id)},
                    )
            elif given:
                chosen[option.id] = given
        self.house_rules = {k: v for k, v in chosen.items() if v not in (None, False, "", [])}
        for problem in self.ruleset.validate_options(self.house_rules, self.seated):
            self.add_error(self._field_of(problem.option), forms.ValidationError(problem.message, code=problem.code))
        return data


# The parts of an option naming players, as the host reads them.
PART_NAMES = {"nickname": _("player"), "day": _("game day")}
