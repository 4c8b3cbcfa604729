"""Deadline times from a ruleset's schedule and a game's settings.

All returned datetimes are aware UTC. Local wall times (``"14:00"``) are
read in the game's IANA time zone, so a daylight-saving change moves the
UTC instant correctly; a local time that does not exist that day (a DST
gap) is refused when the host sets it.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from rulesets.core import GameState, Ruleset, ScheduleEntry

from .models import Game


def parse_hhmm(value: str) -> time:
    """``"HH:MM"`` → ``time``; raises ValueError on anything else."""
    hours, minutes = value.split(":")
    return time(int(hours), int(minutes))


def entries_for(
    ruleset: Ruleset, phase_kind: str, opening: bool = False, state: GameState | None = None, vote_round: int = 1
) -> list[ScheduleEntry]:
    """The schedule entries that close ``phase_kind`` (setup, day or night),
    in order; ``opening``: only the ruleset's opening entry
    (``Ruleset.OPENING``), which no other phase has. With the ``state``
    the phase opens on, the ruleset's ``phase_schedule`` decides (the
    classic day's length per living player, a further lynch vote
    ``vote_round``, the deciding vote)."""
    if opening:
        return [ruleset.schedule_entry(ruleset.OPENING)]
    if state is not None:
        return list(ruleset.phase_schedule(state, phase_kind, vote_round))
    return [e for e in ruleset.SCHEDULE if e.closes == phase_kind and e.id != ruleset.OPENING]


def offset_minutes(value: str) -> int:
    """``"HH:MM"`` read as an offset (hours may pass 24) → minutes;
    ValueError on anything else."""
    hours, minutes = value.split(":")
    if not (hours.isdigit() and minutes.isdigit() and int(minutes) < 60):
        raise ValueError(f"not an offset: {value!r}")
    return int(hours) * 60 + int(minutes)


def next_local(after: datetime, at: time, tz: ZoneInfo) -> datetime:
    """The first instant strictly after ``after`` whose local time in ``tz``
    is ``at``, as aware UTC."""
    local = after.astimezone(tz)
    candidate = datetime.combine(local.date(), at, tzinfo=tz)
    while candidate.astimezone(UTC) <= after:
        candidate = datetime.combine(candidate.date() + timedelta(days=1), at, tzinfo=tz)
    return candidate.astimezone(UTC)


def local_time_for(game: Game, entry: ScheduleEntry) -> str:
    """The game's local ``"HH:MM"`` for ``entry`` (the host's or the ruleset's default)."""
    return game.deadlines.get(entry.id) or entry.time


def phase_deadlines(
    game: Game,
    ruleset: Ruleset,
    phase_kind: str,
    opened: datetime,
    opening: bool = False,
    state: GameState | None = None,
    vote_round: int = 1,
    number: int = 0,
) -> list[tuple[ScheduleEntry, datetime]]:
    """Deadlines of phase ``number`` of ``phase_kind`` opened at ``opened``
    (aware), as aware UTC.

    On wall times, each entry's due time is the first occurrence of its
    local time after the previous one; the first entry falls on the date
    the ruleset gives (``Ruleset.phase_close_date``: werewolf18's day closes
    on the evening of A+1, A+2 at weekends, WW18-072) when it gives one
    after the opening. On offsets (a fast game: its
    ``fast_minutes`` × ``fast_scale``; a ruleset with ``SCHEDULE_RELATIVE``:
    its "HH:MM" in hours and minutes) each entry is due that long after the
    day's start, so a night's offsets count from the same start as the
    day's and the night begins at the day's last deadline. An entry marked
    ``relative`` is due its "HH:MM" after the phase opens (on a fast game,
    its ``fast_minutes`` × ``fast_scale``). ``opening``, ``state`` and
    ``vote_round``: see ``entries_for``."""
    entries = entries_for(ruleset, phase_kind, opening, state, vote_round)
    if entries and all(e.relative for e in entries):
        scale = game.fast_scale if game.fast else 0
        return [
            (e, opened + timedelta(minutes=e.fast_minutes * scale if game.fast else offset_minutes(e.time)))
            for e in entries
        ]
    if game.fast or ruleset.SCHEDULE_RELATIVE:
        return _offset_deadlines(game, ruleset, phase_kind, opened, entries, opening)
    return _wall_deadlines(game, ruleset, phase_kind, opened, entries, opening, number)


def _offset_deadlines(
    game: Game, ruleset: Ruleset, phase_kind: str, opened: datetime, entries: list[ScheduleEntry], opening: bool
) -> list[tuple[ScheduleEntry, datetime]]:
    """``phase_deadlines`` on offsets (a fast game, or a ruleset with
    ``SCHEDULE_RELATIVE``): each entry due that long after the day's start;
    a night counts from the same start, beginning at the day's last deadline."""

    def minutes(entry: ScheduleEntry) -> float:
        if game.fast:
            return entry.fast_minutes * game.fast_scale
        return offset_minutes(local_time_for(game, entry))

    day_entries = [] if opening else entries_for(ruleset, "day")
    base = max((minutes(e) for e in day_entries), default=0) if phase_kind == "night" else 0
    return [(entry, opened + timedelta(minutes=minutes(entry) - base)) for entry in entries]


def _wall_deadlines(
    game: Game,
    ruleset: Ruleset,
    phase_kind: str,
    opened: datetime,
    entries: list[ScheduleEntry],
    opening: bool,
    number: int,
) -> list[tuple[ScheduleEntry, datetime]]:
    """``phase_deadlines`` on wall times in the game's zone: each entry at
    the first occurrence of its local time after the previous one, the
    first on the ruleset's close date where it gives one (WW18-072)."""
    out: list[tuple[ScheduleEntry, datetime]] = []
    tz = ZoneInfo(game.timezone)
    previous = opened
    close_date = None if opening else ruleset.phase_close_date(phase_kind, number, opened.astimezone(tz))
    for entry in entries:
        if entry.relative:
            previous = opened + timedelta(minutes=offset_minutes(entry.time))
            out.append((entry, previous))
            continue
        at = parse_hhmm(local_time_for(game, entry))
        due = next_local(previous, at, tz)
        if close_date is not None:
            on_date = datetime.combine(close_date, at, tzinfo=tz).astimezone(UTC)
            due = on_date if on_date > previous else due
            close_date = None  # the later entries follow the first
        previous = due
        out.append((entry, previous))
    return out


def is_valid_local_time(value: str, tz_name: str) -> bool:
    """False when ``value`` is not ``HH:MM`` or falls in a DST gap of
    ``tz_name`` within the next year (it would not exist on some day)."""
    try:
        at = parse_hhmm(value)
        tz = ZoneInfo(tz_name)
    except (ValueError, KeyError):
        return False
    day = datetime.now(UTC).date()
    for offset in range(366):
        local = datetime.combine(day + timedelta(days=offset), at, tzinfo=tz)
        roundtrip = local.astimezone(UTC).astimezone(tz)
        if roundtrip.replace(tzinfo=None) != local.replace(tzinfo=None):
            return False
    return True
