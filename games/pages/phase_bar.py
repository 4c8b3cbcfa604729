"""The phase bar every game page shows: the open phase, the countdown to
the next deadline in the game's time zone, the window that deadline
closes and the one that opens after it (``games.windows``), and what the
reader still has to do in it."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db.models import CharField, Exists, Expression, OuterRef, QuerySet, Subquery
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import access, flow, live, page_cache
from ..compiled import Compiled
from ..flow.phases import delayed_opening
from ..models import Action, Deadline, Game, Phase, Player, Vote
from ..reads.choices import choosing_team
from ..windows import first_window, window_name


@dataclass(frozen=True)
class NextDeadline:
    """The game's next pending deadline as the phase bar shows it:
    ``due_at``, aware UTC; ``closes``: the window it closes ("nominations",
    "the vote"…); ``then``: the window that opens after it and ``opens_at``
    (aware UTC) when it opens."""

    due_at: datetime
    closes: str = ""
    then: str = ""
    opens_at: datetime | None = None


def _next_kind(game: Game, phase: Phase) -> str:
    """The kind of phase that follows ``phase`` when it resolves: the
    game's first step after an opening phase (cosmo's acquaintance night,
    COSMO-005) or the set-up step (werewolf18), then night after day and
    day after night."""
    ruleset = flow.ruleset_of(game)
    if phase.kind == "setup":
        return "day"
    if phase.number == 0 and ruleset.OPENING:
        return flow.first_phase(game)
    return "night" if phase.kind == "day" else "day"


def next_deadline(game: Game, phase: Phase) -> NextDeadline | None:
    """The open ``phase``'s next deadline with the window it closes and the
    window that follows (PITER-010..PITER-017, COSMO-007..COSMO-013): the
    window of the phase's following deadline, opening at once; after a
    deadline that resolves the phase, the next phase's first window, opening
    at that deadline or, on the rules' wall clock, at the ruleset's
    ``phase_opens`` time (werewolf18's morning, WW18-072); a re-vote
    deadline after the vote's is named as held only on a tie. Reads
    ``phase.own_due``, ``next_kind``, ``next_resolves`` and ``after_kind``
    (``_open_phase``); None without a pending deadline."""
    due = getattr(phase, "own_due", None)
    if due is None:
        return None
    kind = getattr(phase, "next_kind", "") or ""
    ruleset = flow.ruleset_of(game)
    closes = window_name(ruleset, kind, phase.kind)
    after_kind = getattr(phase, "after_kind", None)
    resolves = bool(getattr(phase, "next_resolves", False))
    following_kind = _next_kind(game, phase)
    following = first_window(ruleset, following_kind)
    opens_at = due
    if after_kind and not resolves:
        then = window_name(ruleset, after_kind, phase.kind)
    elif after_kind:
        then = _("%(revote)s if the vote ties, otherwise %(next)s") % {
            "revote": window_name(ruleset, after_kind, phase.kind),
            "next": following,
        }
    else:
        then = following
        opens_at = delayed_opening(game, ruleset, following_kind, due) or due
    return NextDeadline(due, closes, then, opens_at)


class JsonRows(Expression):
    """Rows of another table as one JSON array (text), read in the query of
    a page's own rows (a phase's deadlines, a room's members), so that the
    page needs no query of its own for them. A subclass gives its
    subquery per database (``SQL``: PostgreSQL's ``json_agg`` and SQLite's
    ``json_group_array`` have no common spelling in the ORM), with
    ``{outer}`` for the outer table and any ``parts`` of its own, and the
    subquery's ``params``."""

    output_field = CharField()
    SQL: dict[str, str] = {}

    def parts(self) -> dict[str, str]:
        """More pieces of the subquery's text, by name (none by default)."""
        return {}

    def params(self) -> list[Any]:
        """The subquery's parameters, in the order of its ``%s``."""
        return []

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        outer = compiler.quote_name_unless_alias(compiler.query.base_table)
        return self.SQL[connection.vendor].format(outer=outer, **self.parts()), self.params()


class _DeadlineRows(JsonRows):
    """The phase's own deadlines as ``[id, kind, due_at, resolves,
    done_at]`` rows (``_with_deadlines``). For a query of ``Phase`` rows."""

    SQL = {
        "postgresql": "(SELECT COALESCE(json_agg(json_build_array(d.id, d.kind, d.due_at, d.resolves, d.done_at))"
        "::text, '[]') FROM games_deadline d WHERE d.phase_id = {outer}.id)",
        "sqlite": "(SELECT json_group_array(json_array(d.id, d.kind, d.due_at, d.resolves, d.done_at))"
        " FROM games_deadline d WHERE d.phase_id = {outer}.id)",
    }


# The fields those rows fill, in ``Deadline``'s order (as ``from_db``
# takes them); the others are deferred (read from the database if asked for).
_DEADLINE_FIELDS = ("id", "phase_id", "kind", "due_at", "resolves", "done_at")


def json_moment(value: str | None) -> datetime | None:
    """A moment as the JSON rows of a page's query carry it (a deadline's
    ``due_at``, a choice's ``updated_at``; ISO 8601: PostgreSQL's with its
    offset, SQLite's in UTC without one) as an aware UTC datetime, as the
    ORM reads it; None for null."""
    if value is None:
        return None
    moment = datetime.fromisoformat(value)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _with_deadlines(phase: Phase) -> Phase:
    """``phase`` with its deadlines as ``phase.deadlines.all()`` gives them
    (by ``due_at``, then id), from the rows its query carried
    (``deadline_rows``): the vote thread's window (``flow.day_window``) and
    the cabinet's deadlines (``flow.choice_deadline``) read them with no
    query of their own. Only the fields of those rows are filled; any other
    is read when first asked for. A filtered ``phase.deadlines`` queries as
    always."""
    deadlines = []
    for pk, kind, due_at, resolves, done_at in json.loads(phase.deadline_rows):
        values = (pk, phase.pk, kind, json_moment(due_at), bool(resolves), json_moment(done_at))
        deadline = Deadline.from_db(phase._state.db, _DEADLINE_FIELDS, values)
        deadline.phase = phase
        deadlines.append(deadline)
    deadlines.sort(key=lambda d: (d.due_at, d.pk))
    # As ``prefetch_related`` leaves a prefetched relation.
    kept = phase.deadlines.get_queryset()
    kept._result_cache, kept._prefetch_done = deadlines, True
    phase._prefetched_objects_cache = {Deadline._meta.get_field("phase").remote_field.cache_name: kept}
    return phase


class _HandedRows(JsonRows):
    """The choices of the phase a living seat ``seat_id`` handed in, its
    own and, with ``team``, its team's (``choices_of``), as ``[id,
    public_id, actor_id, the actor's nickname, team, ability, targets,
    submitted_at, updated_at]`` rows (``_handed``): the phase bar tells
    from them whether the seat still has a choice to make, and the cabinet
    lists them as its receipts with no query of its own. For a query of
    ``Phase`` rows."""

    SQL = {
        "postgresql": "(SELECT COALESCE(json_agg(json_build_array(a.id, a.public_id, a.actor_id, p.nickname, a.team,"
        " a.ability, a.targets, a.submitted_at, a.updated_at))::text, '[]')"
        " FROM games_action a LEFT JOIN games_player p ON p.id = a.actor_id WHERE a.phase_id = {outer}.id AND ({which}))",
        "sqlite": "(SELECT json_group_array(json_array(a.id, a.public_id, a.actor_id, p.nickname, a.team,"
        " a.ability, json(a.targets), a.submitted_at, a.updated_at))"
        " FROM games_action a LEFT JOIN games_player p ON p.id = a.actor_id WHERE a.phase_id = {outer}.id AND ({which}))",
    }
    # ``choices_of``: the seat's own choices, and its team's.
    _OWN = "a.actor_id = %s AND a.team = ''"
    _TEAM = "(a.actor_id = %s AND a.team = '') OR (a.team = %s AND a.team > '')"

    def __init__(self, seat_id: int, team: str | None) -> None:
        super().__init__()
        self.seat_id, self.team = seat_id, team

    def parts(self) -> dict[str, str]:
        """The seat's choices, and its team's when it shares them."""
        return {"which": self._OWN if self.team is None else self._TEAM}

    def params(self) -> list[Any]:
        """The seat's id, and its team's."""
        return [self.seat_id] if self.team is None else [self.seat_id, self.team]


# The fields those rows fill, in ``Action``'s order (all of them).
_ACTION_FIELDS = ("id", "phase_id", "public_id", "actor_id", "team", "ability", "targets", "submitted_at", "updated_at")


def _handed(phase: Phase) -> Phase:
    """``phase`` with ``handed`` (whether the seat or its team handed in a
    choice) and ``handed_actions``, those ``Action`` rows as the
    cabinet's query gives them (``pages.cabinet.choices``: in ``Action``'s
    order, each with its actor's id and nickname; the actor's other fields
    are read when first asked for), from the rows its query carried
    (``handed_rows``)."""
    actions = []
    for pk, public_id, actor_id, nickname, team, ability, targets, submitted, updated in json.loads(phase.handed_rows):
        values = (
            pk,
            phase.pk,
            public_id,
            actor_id,
            team,
            ability,
            targets,
            json_moment(submitted),
            json_moment(updated),
        )
        action = Action.from_db(phase._state.db, _ACTION_FIELDS, values)
        action.phase = phase
        action.actor = Player.from_db(phase._state.db, ("id", "nickname"), (actor_id, nickname)) if actor_id else None
        actions.append(action)
    actions.sort(key=lambda a: (a.submitted_at, a.pk))
    phase.handed_actions = actions
    phase.handed = bool(actions)
    return phase


class _SeatRows(JsonRows):
    """The game's seated players (``Player.objects.seated``) as ``[id,
    nickname, public_id, alive, joined_at]`` rows (``_with_seats``), for
    the vote thread, which names them, links them and offers them in its
    forms. For a query of ``Phase`` rows."""

    SQL = {
        "postgresql": "(SELECT COALESCE(json_agg(json_build_array(p.id, p.nickname, p.public_id, p.alive,"
        " p.joined_at))::text, '[]') FROM games_player p WHERE p.game_id = {outer}.game_id AND p.status = %s)",
        "sqlite": "(SELECT json_group_array(json_array(p.id, p.nickname, p.public_id, p.alive, p.joined_at))"
        " FROM games_player p WHERE p.game_id = {outer}.game_id AND p.status = %s)",
    }

    def params(self) -> list[Any]:
        """A seated player's status."""
        return [Player.Status.SEATED.value]


# The fields those rows fill; the others are deferred.
_SEAT_FIELDS = ("id", "game_id", "nickname", "public_id", "alive", "joined_at")


def _with_seats(phase: Phase) -> Phase:
    """``phase`` with ``seated``: the game's seated players as
    ``Player.objects.seated()`` gives them (in seating order), from the
    rows its query carried (``seat_rows``). Only the fields of those rows
    are filled; any other is read when first asked for."""
    seated = []
    for pk, nickname, public_id, alive, joined in json.loads(phase.seat_rows):
        values = (pk, phase.game_id, nickname, public_id, bool(alive), json_moment(joined))
        seated.append(Player.from_db(phase._state.db, _SEAT_FIELDS, values))
    seated.sort(key=lambda p: (p.joined_at, p.pk))
    phase.seated = seated
    return phase


def _open_phase_query(
    game_id: int, seat_id: int | None = None, team: str | None = None, seats: bool = False
) -> QuerySet[Phase]:
    """``_open_phase``'s query for the game ``game_id``, with the phase's
    deadlines (``deadline_rows``, ``_with_deadlines``); with ``seat_id``
    (a living seat) also ``voted`` and ``handed``, its team's choices
    counted when ``team`` is given (``flow.seat_choices``); with ``seats``
    the game's seated players (``seat_rows``, ``_with_seats``)."""
    # A resolving deadline of a phase already resolved does nothing (the
    # unused re-vote of a day without a tie, COSMO-013): it is not shown.
    pending = Deadline.objects.filter(done_at__isnull=True).exclude(resolves=True, phase__resolved_at__isnull=False)
    upcoming = pending.filter(phase__game_id=game_id).order_by("due_at", "pk")
    own = pending.filter(phase=OuterRef("pk")).exclude(kind=flow.OPENS).order_by("due_at", "pk")
    phases = Phase.objects.filter(game_id=game_id, resolved_at__isnull=True).annotate(
        next_due=Subquery(upcoming.values("due_at")[:1]),
        own_due=Subquery(own.values("due_at")[:1]),
        next_kind=Subquery(own.values("kind")[:1]),
        next_resolves=Subquery(own.values("resolves")[:1]),
        after_kind=Subquery(own.values("kind")[1:2]),
        opening_due=Subquery(pending.filter(phase=OuterRef("pk"), kind=flow.OPENS).values("due_at")[:1]),
        deadline_rows=_DeadlineRows(),
    )
    if seat_id is not None:
        phases = phases.annotate(
            voted=Exists(
                Vote.objects.filter(
                    game_id=game_id, day=OuterRef("number"), vote_round=OuterRef("vote_round"), voter_id=seat_id
                )
            ),
            handed_rows=_HandedRows(seat_id, team),
        )
    if seats:
        phases = phases.annotate(seat_rows=_SeatRows())
    return phases.order_by("-number")[:1]


# Compiled once per process for each kind of reader (without a living
# seat, a living seat counting its own choices, and one counting its
# team's too), each with and without the game's seated players.
# The kind of reader is told by the values given: (game_id), (game_id,
# seat_id) or (game_id, seat_id, team).
_OPEN_PHASE = {
    (kind, seats): Compiled(functools.partial(_open_phase_query, seats=seats))
    for kind in ("none", "own", "team")
    for seats in (False, True)
}


def _open_phase(game: Game, seat: Player | None, seats: bool = False) -> Phase | None:
    """The open phase (``flow.current_phase``) read with what the phase bar
    needs, in one query (compiled once per process): ``next_due`` (the
    game's next pending deadline, None without one), ``opening_due`` (the
    phase's pending delayed opening, WW18-072), and for a living ``seat``
    whether it voted in this vote (``voted``) and whether it or its team
    handed in a choice (``handed``, ``flow.seat_choices``; the choices
    themselves as ``handed_actions``, ``_handed``), its deadlines
    (``phase.deadlines.all()`` reads none: ``_with_deadlines``), and with
    ``seats`` the game's seated players (``seated``, ``_with_seats``)."""
    if seat is None or not seat.alive:
        found = _OPEN_PHASE[("none", seats)].run(game.pk)
    else:
        team = choosing_team(flow.ruleset_of(game), seat)
        if team is None:
            found = _OPEN_PHASE[("own", seats)].run(game.pk, seat.pk)
        else:
            found = _OPEN_PHASE[("team", seats)].run(game.pk, seat.pk, team)
        if found:
            _handed(found[0])
    if found and seats:
        _with_seats(found[0])
    return _with_deadlines(found[0]) if found else None


def game_context(request: HttpRequest, game: Game, seat: Player | None, seats: bool = False) -> dict[str, Any]:
    """What every game page shows: the phase, the countdown to the next
    deadline (in the game's time zone) and what the reader still has to do
    (``todo``: ``"vote"``, ``"choice"``). One query for the phase and all
    of that (``_open_phase``). A kept page (``page_cache``) is kept no
    longer than the next deadline or delayed opening it shows. ``seats``:
    read the game's seated players with the phase too (``phase.seated``,
    the vote thread's)."""
    live.page_version(request, game)  # before anything the page shows is read
    phase = _open_phase(game, seat, seats) if game.is_running else None
    deadline = next_deadline(game, phase) if phase else None
    if phase and phase.opening_due and (deadline is None or phase.opening_due < deadline.due_at):
        # The phase's delayed opening (WW18-072) comes first.
        deadline = NextDeadline(phase.opening_due)
    todo: list[str] = []
    # A phase waiting for its delayed opening (WW18-072: the morning of A).
    opening = phase.opening_due if phase and phase.opened_at > timezone.now() else None
    waiting = opening is not None
    # A kept page shows these as they are until the next deadline or opening.
    page_cache.expires(request, phase.next_due if phase else None)
    page_cache.expires(request, opening)
    if seat and seat.alive and phase and not waiting:
        if phase.kind == "day" and not phase.voted:
            todo.append("vote")
        if not phase.handed and flow.slots_to_hand_in(game, flow.open_slots(game, seat, phase)):
            todo.append("choice")
    return {
        "game": game,
        "seat": seat,
        "phase": phase,
        "deadline": deadline,
        "deadline_local": flow.local_deadline(game, deadline.due_at) if deadline else "",
        "then_local": flow.local_deadline(game, deadline.opens_at) if deadline and deadline.opens_at else "",
        "todo": todo,
        "is_host": access.is_host(request.user, game),
        "opens_at": flow.local_deadline(game, opening) if opening else "",
        # When the bar next changes by itself (the live channel asks then).
        "bar_until": min((t for t in (phase.next_due if phase else None, opening) if t is not None), default=None),
    }
