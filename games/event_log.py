"""The host's event log as people read it: each ``Event`` with a name for
its kind and its details as short "label: value" pairs in the reader's
language, filterable by kind and paginated (the host dashboard)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rulesets

from .compiled import Compiled
from .models import Event, Game, Phase
from .names import ability_name, localized, role_name, team_name

# Event kind → what the log calls it. A kind not listed is shown as it is.
KINDS: dict[str, str] = {
    "game_created": gettext_noop("Game created"),
    "signup_opened": gettext_noop("Sign-up opened"),
    "signup_applied": gettext_noop("Sign-up"),
    "signup_accepted": gettext_noop("Sign-up accepted"),
    "signup_declined": gettext_noop("Sign-up declined"),
    "nickname_registered": gettext_noop("Game nickname registered"),
    "options_set": gettext_noop("House rules saved"),
    "roles_drawn": gettext_noop("Roles drawn"),
    "roles_dealt": gettext_noop("Roles dealt"),
    "game_started": gettext_noop("Game started"),
    "phase_opened": gettext_noop("Phase opened"),
    "phase_opened_now": gettext_noop("Phase's delayed opening"),
    "phase_resolved": gettext_noop("Phase resolved"),
    "resolved_early": gettext_noop("Resolved early"),
    "choices_locked": gettext_noop("Choices locked"),
    "vote_closed": gettext_noop("Vote closed"),
    "revote_opened": gettext_noop("Re-vote opened"),
    "candidates_put": gettext_noop("Candidates put to the vote"),
    "vote_cast": gettext_noop("Vote"),
    "nominated": gettext_noop("Nomination"),
    "action_submitted": gettext_noop("Choice handed in"),
    "private_result": gettext_noop("Private result"),
    "results_published": gettext_noop("Results published"),
    "results_corrected": gettext_noop("Results corrected"),
    "penalty": gettext_noop("Penalty"),
    "autokill_waive": gettext_noop("Autokill waived"),
    "autokill_restore": gettext_noop("Autokill restored"),
    "autokill_confirm": gettext_noop("Autokill confirmed"),
    "autokill_unconfirm": gettext_noop("Autokill confirmation undone"),
    "penalty_deferred": gettext_noop("Penalty for the resolution"),
    "player_replaced": gettext_noop("Replacement"),
    "deadline_extended": gettext_noop("Deadlines extended"),
    "deadline_failed": gettext_noop("Deadline failed"),
    "deadline_recovered": gettext_noop("Deadline recovered"),
    "deadline_retried": gettext_noop("Deadline retried"),
    "schedule_shifted": gettext_noop("Schedule shifted"),
    "last_words_sent": gettext_noop("Last words sent"),
    "last_words_published": gettext_noop("Last words published"),
    "last_words_in_report": gettext_noop("Last words added to the morning report"),
    "game_accelerated": gettext_noop("Game accelerated"),
    "acceleration_asked": gettext_noop("Acceleration asked"),
    "acceleration_withdrawn": gettext_noop("Acceleration request withdrawn"),
    "extra_defence_post": gettext_noop("Extra defence post"),
    "reminders_set": gettext_noop("Reminders set"),
    "fast_scale_set": gettext_noop("Fast schedule rescaled"),
    "cohost_added": gettext_noop("Co-host added"),
    "cohost_removed": gettext_noop("Co-host removed"),
    "game_finished": gettext_noop("Game over"),
}

# Detail key → its label. A key not listed is shown as it is.
KEYS: dict[str, str] = {
    "phase": gettext_noop("phase"),
    "scale": gettext_noop("scale"),
    "number": gettext_noop("number"),
    "day": gettext_noop("day"),
    "round": gettext_noop("round"),
    "vote_round": gettext_noop("vote"),
    "voter": gettext_noop("voter"),
    "target": gettext_noop("for"),
    "by": gettext_noop("by"),
    "to": gettext_noop("to"),
    "nickname": gettext_noop("nickname"),
    "names": gettext_noop("players"),
    "tied": gettext_noop("tied"),
    "minutes": gettext_noop("minutes"),
    "deadline": gettext_noop("deadline"),
    "kind": gettext_noop("kind"),
    "ability": gettext_noop("ability"),
    "targets": gettext_noop("targets"),
    "winner": gettext_noop("winner"),
    "title": gettext_noop("title"),
    "ruleset": gettext_noop("ruleset"),
    "error": gettext_noop("error"),
    "composition": gettext_noop("composition"),
    "team": gettext_noop("team"),
    "about": gettext_noop("about"),
    "result": gettext_noop("result"),
    "role": gettext_noop("role"),
    "cards": gettext_noop("cards"),
    "proxy": gettext_noop("Proxy vote"),
    "replay_for_the_dead": gettext_noop("replay open to the dead"),
}

# Details shown elsewhere: the resolution trace on the dashboard, the seats
# as dealt in the replay.
HIDDEN = frozenset({"trace", "old", "new", "seats"})
PER_PAGE = 50


@dataclass(frozen=True)
class Detail:
    """One "label: value" of an event: ``code`` when the value is an
    identifier nobody translated (shown as code)."""

    label: str
    value: str
    code: bool = False


@dataclass(frozen=True)
class LogLine:
    """One event as the log shows it: ``event``, its kind's ``name`` and
    its ``details``."""

    event: Event
    name: str
    details: tuple[Detail, ...]

    @property
    def text(self) -> str:
        """The details as one line ("label: value; …")."""
        return "; ".join(f"{d.label}: {d.value}" for d in self.details)


class _Reader:
    """Turns the identifiers of a game's log into the reader's words: the
    ruleset's roles, teams and abilities, the phase kinds, the game's
    nicknames and numbers as they are; anything else stays an identifier."""

    def __init__(self, game: Game, nicknames: set[str] | None = None) -> None:
        self.ruleset = rulesets.get(game.ruleset)
        if nicknames is None:
            nicknames = set(game.players.values_list("nickname", flat=True))
        self.nicknames = nicknames
        self.kinds = dict(Phase.Kind.choices)
        self.rulesets = set(rulesets.ids())
        self._said: dict[str, str] = {}

    def said(self, text: str) -> str:
        """``text`` in the reader's language, looked up once per reader (a
        page of the log names the same kinds and labels again and again)."""
        found = self._said.get(text)
        if found is None:
            found = self._said[text] = _(text)
        return found

    def word(self, value: Any) -> tuple[str, bool]:
        """(text, is it an untranslated identifier)."""
        if value is None:
            return "—", False
        if isinstance(value, bool | int | float):
            return str(value), False
        text = str(value)
        if text in self.nicknames:
            return text, False
        if text in self.ruleset.ROLES:
            return role_name(self.ruleset, text), False
        if text in self.ruleset.TEAMS:
            return team_name(self.ruleset, text), False
        if text in self.ruleset.ABILITIES:
            return ability_name(self.ruleset, text), False
        if text in self.kinds:
            return str(self.kinds[text]), False
        if text in self.rulesets:
            return localized(rulesets.get(text).title, text), False
        return text, True

    def value(self, value: Any) -> tuple[str, bool]:
        """A detail's value: lists joined, mappings as "key=value"."""
        if isinstance(value, list | tuple):
            parts = [self.value(v) for v in value]
            return ", ".join(p for p, _code in parts), any(code for _p, code in parts)
        if isinstance(value, dict):
            parts = [(self.word(k), self.value(v)) for k, v in value.items()]
            text = ", ".join(f"{k[0]}={v[0]}" for k, v in parts)
            return text, any(k[1] or v[1] for k, v in parts)
        return self.word(value)


def line(event: Event, reader: _Reader | None = None) -> LogLine:
    """``event`` in the reader's language (see ``KINDS`` and ``KEYS``)."""
    reader = reader or _Reader(event.game)
    details = []
    for key, value in event.data.items():
        if key in HIDDEN:
            continue
        text, code = reader.value(value)
        details.append(Detail(reader.said(KEYS[key]) if key in KEYS else key, text, code or key not in KEYS))
    return LogLine(event, reader.said(KINDS[event.kind]) if event.kind in KINDS else event.kind, tuple(details))


def kind_counts(game: Game) -> dict[str, int]:
    """How many events of each kind ``game``'s log holds, ``{kind:
    count}``, in one query: the kinds the log's filter offers
    (``kind_choices``), its pages (``page``) and the penalties given
    (``flow.penalties_seen``) are all counted from it."""
    return {row["kind"]: row["n"] for row in _KIND_COUNTS.run(game.pk)}


def kind_choices(game: Game, counts: dict[str, int] | None = None) -> list[tuple[str, str]]:
    """The kinds present in ``game``'s log, (kind, name) by name;
    ``counts``: its ``kind_counts`` when the caller read them."""
    kinds = kind_counts(game) if counts is None else counts
    return sorted(((k, _(KINDS[k]) if k in KINDS else k) for k in kinds), key=lambda pair: pair[1])


def page(
    game: Game,
    kind: str = "",
    number: Any = 1,
    nicknames: set[str] | None = None,
    counts: dict[str, int] | None = None,
) -> tuple[Page, list[LogLine]]:
    """Page ``number`` (1-based; anything else gives the nearest valid page)
    of ``game``'s log, newest first, only ``kind`` when given; returns the
    page and its lines. ``nicknames``: every nickname of the game's
    players, and ``counts``: its ``kind_counts``, when the caller read them
    (else a query each)."""
    counts = kind_counts(game) if counts is None else counts
    kinds = (kind,) if kind else ()
    paginator = Paginator(_events(game.pk, *kinds), PER_PAGE)
    # The count the paginator would ask the database for (a cached property).
    paginator.count = counts.get(kind, 0) if kind else sum(counts.values())
    found = paginator.get_page(number)
    bottom = (found.number - 1) * PER_PAGE
    if bottom < COMPILED_PAGES * PER_PAGE:
        found.object_list = _PAGE.run(game.pk, *kinds, key=(bottom, bool(kind)))
    reader = _Reader(game, nicknames)
    return found, [line(e, reader) for e in found.object_list]


def _events(game_id: int, kind: str | None = None) -> QuerySet[Event]:
    """The log of the game ``game_id``, newest first, only ``kind`` when given."""
    events = Event.objects.filter(game_id=game_id).select_related("player").order_by("-id")
    return events.filter(kind=kind) if kind else events


# The log's queries, compiled once per process: the events per kind; the
# first pages (the offset is the SQL's constant, so each page is a shape of
# its own; later pages, rarely read, are the paginator's queries).
_KIND_COUNTS = Compiled(
    lambda game_id: Event.objects.filter(game_id=game_id).order_by().values("kind").annotate(n=Count("id"))
)
_PAGE = Compiled(lambda key, game_id, *kind: _events(game_id, *kind)[key[0] : key[0] + PER_PAGE], keyed=True)
COMPILED_PAGES = 5
