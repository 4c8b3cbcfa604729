"""Opening a phase (its deadlines and threads, a catch-up after an outage),
keeping the seats and rooms in step with the rules' state, and storing
what the rules make of an open phase (``store_slots``, ``store_votes``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Q
from django.utils.translation import gettext as _

from rulesets.core import GameState, Ruleset

from ..models import Deadline, Event, Game, Phase, Player, Room
from ..names import shared_cabinet_title, team_title
from ..reads.choices import idle_rows, slot_rows, vote_rows
from ..reads.day import ballots_of
from ..reads.game import OPENS, current_phase, dead_read_team_room, ruleset_of, state_of
from ..schedule import next_local, parse_hhmm, phase_deadlines
from .read_model import GameRead, update_rows

if TYPE_CHECKING:
    from .turn import Turn


def delayed_opening(game: Game, ruleset: Ruleset, kind: str, after: datetime) -> datetime | None:
    """When a ``kind`` phase following a resolution at ``after`` (aware)
    opens, where the ruleset has it wait (``Ruleset.phase_opens``:
    werewolf18's morning, WW18-072), as aware UTC; None: at once."""
    at = ruleset.phase_opens(kind)
    if not at or game.fast or ruleset.SCHEDULE_RELATIVE:
        return None
    # The first such instant at or after ``after``: a phase following a
    # resolution at that very time opens at once.
    return next_local(after - timedelta(microseconds=1), parse_hhmm(at), ZoneInfo(game.timezone))


def next_number(game: Game, kind: str) -> int:
    """The number of the next phase of ``kind``: days and nights are counted
    separately from 1 (day 1, night 1, day 2… where the game opens by day;
    night 1, day 1, night 2… where it opens by night, piter PITER-003 and
    classic CLASSIC-007); the setup step is phase 0 (werewolf18 WW18 §6)."""
    if kind == Phase.Kind.SETUP:
        return 0
    return game.phases.filter(kind=kind, number__gt=0, vote_round=1).count() + 1


def catchup_grace() -> timedelta:
    """How late a deadline may be processed before the phase it opens is
    shifted (``MAFIA_CATCHUP_GRACE_MINUTES``)."""
    return timedelta(minutes=settings.MAFIA_CATCHUP_GRACE_MINUTES)


def open_phase(
    turn: Turn,
    number: int,
    kind: str,
    scheduled: datetime,
    opening: bool = False,
    state: GameState | None = None,
    vote_round: int = 1,
) -> Phase:
    """Open a phase of the turn's game meant to open at ``scheduled``
    (aware), really opening at the turn's ``now``. When ``now`` is later than the catch-up grace (the site was
    down), each deadline keeps its full window from ``now``: the schedule
    shifts, and the host is told (``schedule_shifted``), so no phase opens
    and closes in one catch-up with nobody able to play it. ``opening``: the
    ruleset's opening phase that is not a step (``Ruleset.OPENING``, cosmo's
    acquaintance night COSMO-005): its one deadline opens the first step.
    ``state``: the game's state the phase opens on (default: the stored
    one), from which the ruleset may derive its deadlines
    (``Ruleset.phase_schedule``); ``vote_round``: a further lynch vote of
    day ``number`` (``Phase.vote_round``, CLASSIC-066). The turn's read of
    the game's rooms and phases is kept in step. The deadlines are written
    in one query, and a day's missing threads created in one."""
    game, now = turn.game, turn.now
    late = now - scheduled
    shift = late if late > catchup_grace() else timedelta(0)
    ruleset = ruleset_of(game)
    state = state if state is not None or opening else state_of(game)
    phase = Phase.objects.create(
        game=game,
        number=number,
        kind=kind,
        vote_round=vote_round,
        opened_at=scheduled + shift,
        slots=slot_rows(ruleset, state, kind),
        idle=idle_rows(ruleset, state, kind),
        # A new lynch vote has no ballots yet (the host's list comes later).
        votes=vote_rows(ruleset, state, kind, []),
    )
    deadlines = phase_deadlines(
        game, ruleset, kind, scheduled, opening=opening, state=state, vote_round=vote_round, number=number
    )
    turn.read.add_phase(phase)
    _write_deadlines(turn, phase, deadlines, shift)
    if kind == "day":
        _day_threads(turn, number)
    opened = {"phase": kind, "number": number} | ({"vote_round": vote_round} if vote_round > 1 else {})
    turn.log("phase_opened", opened, Event.Audience.PUBLIC)
    return phase


def _write_deadlines(turn: Turn, phase: Phase, deadlines: list, shift: timedelta) -> None:
    """Write the new ``phase``'s deadlines (``phase_deadlines``: schedule
    entry, due time) moved by ``shift``, and its delayed opening (``OPENS``)
    when it opens after the turn's ``now``, in one query; a shifted
    schedule is told to the players (``schedule_shifted``)."""
    later = phase.opened_at > turn.now
    rows = [Deadline(phase=phase, kind=OPENS, due_at=phase.opened_at, resolves=False)] if later else []
    rows += [
        Deadline(phase=phase, kind=entry.id, due_at=due + shift, resolves=entry.resolves) for entry, due in deadlines
    ]
    Deadline.objects.bulk_create(rows)
    if shift:
        turn.log(
            "schedule_shifted",
            # ``key`` finds it again: the phase's name is in the game's language.
            {"phase": str(phase), "key": phase.key, "minutes": round(shift.total_seconds() / 60)},
            Event.Audience.PUBLIC,
        )


def _day_threads(turn: Turn, number: int) -> None:
    """The day thread and the vote thread of game day ``number``: those
    missing are created (the turn holds the game lock, so nobody else
    creates them meanwhile), in one query, and recorded in the turn's read."""
    titles = {Room.Kind.DAY: _("Day %(n)d") % {"n": number}, Room.Kind.VOTE: _("Vote, day %(n)d") % {"n": number}}
    read = turn.read
    found = {r.kind for r in read.rooms.values() if r.kind in titles and r.day == number and r.key == ""}
    missing = [
        Room(game=turn.game, kind=kind, day=number, key="", title=title)
        for kind, title in titles.items()
        if kind not in found
    ]
    Room.objects.bulk_create(missing)
    for room in missing:
        read.add_room(room, created=True)


def sync_players(turn: Turn, state: GameState, day: int | None, revealed: dict[str, str] | None = None) -> list[Player]:
    """Mirror the ruleset state's roles, teams and lives onto the seats (the
    turn's read of them), and record the roles ``revealed`` (nickname →
    role, ``revealed_roles``), in one update of the seats that changed
    (inside a claim of the tick, with the claim's other games, ``Claim``);
    returns the seated players."""
    game, seated = turn.game, turn.read.seats
    revealed = dict(revealed or {})
    changed: dict[int, Player] = {}
    fields: set[str] = set()
    for seat in seated:
        p = state.players.get(seat.nickname)
        touched = []
        if p is not None:
            for name, value in (("role", p.role), ("team", p.team), ("alive", p.alive)):
                if getattr(seat, name) != value:
                    setattr(seat, name, value)
                    touched.append(name)
            if "alive" in touched and not p.alive:
                seat.left_at_day = day
                touched.append("left_at_day")
        if seat.nickname in revealed:
            role = revealed.pop(seat.nickname)
            if seat.revealed_role != role:
                seat.revealed_role = role
                touched.append("revealed_role")
        if touched:
            changed[seat.pk] = seat
            fields.update(touched)
    claim = turn.claim
    if changed and claim is not None:
        claim.seats += changed.values()
        claim.seat_fields |= fields
    elif changed:
        update_rows(Player, list(changed.values()), sorted(fields))
    for name, role in revealed.items():
        # A revealed nickname that is not a seated player's.
        game.players.filter(nickname=name).update(revealed_role=role)
    return seated


def sync_rooms(turn: Turn, state: GameState) -> None:
    """Team rooms (current members; the dead keep reading where the game
    lets them, ``dead_read_team_room``) and cabinets (one per seat; shared where the ruleset
    groups roles, as the cop and the cop's assistant in the forum game; a
    member who dies keeps reading it). The rooms and their members are the
    turn's read (kept in step) and only the differences are written (the
    turn moves the game's version: the kept pages are forgotten with it
    and the open pages' live channels wake)."""
    game, read = turn.game, turn.read
    seats = {p.nickname: p for p in read.seats}
    rooms = _GameRooms(game, read)
    wanted = _team_rooms_wanted(game, state, seats, rooms)
    for seat in seats.values():
        title = _("Cabinet of %(nick)s") % {"nick": seat.nickname}
        wanted.append((rooms.get(Room.Kind.CABINET, seat.public_id, title), {seat.pk}))
    _write_members(wanted, read.members)


class _GameRooms:
    """The game's team rooms and cabinets by (kind, key), from ``read``;
    ``get`` creates a missing one (and records it in ``read``)."""

    def __init__(self, game: Game, read: GameRead) -> None:
        self.game, self.read = game, read
        self.rooms = {
            (r.kind, r.key): r
            for r in read.rooms.values()
            if r.day is None and r.kind in (Room.Kind.TEAM, Room.Kind.CABINET)
        }

    def get(self, kind: str, key: str, title: str) -> Room:
        """The room of ``kind`` and ``key``, created with ``title`` when missing."""
        room = self.rooms.get((kind, key))
        if room is None:
            room, created = Room.objects.get_or_create(
                game=self.game, kind=kind, day=None, key=key, defaults={"title": title}
            )
            self.rooms[(kind, key)] = room
            self.read.add_room(room, set(room.members.values_list("pk", flat=True)), created)
        return room


def _team_rooms_wanted(
    game: Game, state: GameState, seats: dict[str, Player], rooms: _GameRooms
) -> list[tuple[Room, set[int]]]:
    """Each team room and shared cabinet the rules' ``state`` groups players
    in (``Ruleset.team_rooms``, and a room per team that has one), with the
    seat ids that should be its members: the living, and the dead where
    they keep reading (``dead_read_team_room``; a shared cabinet keeps its
    dead members)."""
    ruleset = ruleset_of(game)
    groups = ruleset.team_rooms(state)
    for team in ruleset.TEAMS.values():
        if team.room:
            groups.setdefault(team.id, [p.name for p in ruleset.team_group(state, team.id, alive_only=False)])
    dead = {seats[p.name].pk for p in state.players.values() if not p.alive and p.name in seats}
    dead_read = dead_read_team_room(game)
    wanted = []
    for key, names in groups.items():
        members = {seats[n].pk for n in names if n in seats}
        is_team = key in ruleset.TEAMS
        if not members and is_team and (Room.Kind.TEAM, key) not in rooms.rooms:
            continue
        title = team_title(ruleset, key) if is_team else shared_cabinet_title(ruleset, key)
        room = rooms.get(Room.Kind.TEAM if is_team else Room.Kind.CABINET, key, title)
        if is_team:
            kept = {
                seats[p.name].pk
                for p in state.players.values()
                if dead_read
                and p.name in seats
                and seats[p.name].pk in dead
                and p.team == key
                and ruleset.in_team_group(p.role, key)
            }
        else:
            kept = rooms.read.members[room.pk] & dead
        wanted.append((room, members | kept))
    return wanted


def _write_members(wanted: list[tuple[Room, set[int]]], current: dict[int, set[int]]) -> None:
    """Make each room's members the wanted seat ids, writing only the
    differences from ``current`` (room id → member ids, kept in step): one
    delete and one insert at most."""
    through = Room.members.through
    removed: Q | None = None
    added = []
    for room, members in wanted:
        if gone := current[room.pk] - members:
            step = Q(room_id=room.pk, player_id__in=gone)
            removed = step if removed is None else removed | step
        added += [through(room_id=room.pk, player_id=pk) for pk in members - current[room.pk]]
        current[room.pk] = members
    if removed is not None:
        through.objects.filter(removed).delete()
    if added:
        through.objects.bulk_create(added)


def store_votes(game: Game, phase: Phase, state: GameState | None = None) -> None:
    """Compute again and store what the rules make of the day ``phase``'s
    ballots (``vote_rows``) after one was cast or the host listed the
    candidates, so that its vote thread reads it without running the rules
    engine. Nothing for a phase that is no day. ``state``: the game's, when
    the caller has it."""
    if phase.kind != Phase.Kind.DAY:
        return
    if state is None and game.state:
        state = state_of(game)
    phase.votes = vote_rows(ruleset_of(game), state, phase.kind, ballots_of(game, phase.number, phase.vote_round))
    Phase.objects.filter(pk=phase.pk).update(votes=phase.votes)


def store_slots(game: Game, phase: Phase | None = None) -> None:
    """Compute again and store the choices of the open ``phase`` (default:
    the game's) and its players' idle abilities after the game's state
    changed within it (a penalty, an extra defence post, the acceleration),
    so that pages read them (``open_slots``, ``idle_abilities``) without
    running the rules engine. Nothing when no phase is open."""
    phase = phase or current_phase(game)
    if phase is None or phase.resolved_at:
        return
    ruleset, state = ruleset_of(game), state_of(game) if game.state else None
    phase.slots = slot_rows(ruleset, state, phase.kind)
    phase.idle = idle_rows(ruleset, state, phase.kind)
    ballots = ballots_of(game, phase.number, phase.vote_round) if phase.kind == Phase.Kind.DAY else []
    phase.votes = vote_rows(ruleset, state, phase.kind, ballots)
    Phase.objects.filter(pk=phase.pk).update(slots=phase.slots, idle=phase.idle, votes=phase.votes)
