"""Deadline times from a ruleset's schedule and a game's settings.

All returned datetimes are aware UTC. Local wall times (``"14:00"``) are
read in the game's IANA time zone, so a daylight-saving change moves the
UTC instant correctly; a local time that does not exist that day (a DST
gap) is refused when the host sets it.
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from rulesets.core import Ruleset, ScheduleEntry

from .models import Game


def parse_hhmm(value: str) -> time:
    """``"HH:MM"`` → ``time``; raises ValueError on anything else."""
    hours, minutes = value.split(":")
    return time(int(hours), int(minutes))


def entries_for(ruleset: Ruleset, phase_kind: str) -> list[ScheduleEntry]:
    """The schedule entries that close ``phase_kind`` (day or night), in order."""
    return [e for e in ruleset.SCHEDULE if e.closes == phase_kind]


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
    game: Game, ruleset: Ruleset, phase_kind: str, opened: datetime
) -> list[tuple[ScheduleEntry, datetime]]:
    """Deadlines of a phase opened at ``opened`` (aware): each entry's due
    time is the first occurrence of its local time after the previous one.
    A fast game uses ``fast_minutes × fast_scale`` from the day's opening;
    a night's offsets count from the same day start (the vote's deadline)."""
    out: list[tuple[ScheduleEntry, datetime]] = []
    if game.fast:
        base_offset = (
            0
            if phase_kind == "day"
            else max((e.fast_minutes for e in ruleset.SCHEDULE if e.closes == "day"), default=0)
        )
        for entry in entries_for(ruleset, phase_kind):
            minutes = (entry.fast_minutes - base_offset) * game.fast_scale
            out.append((entry, opened + timedelta(minutes=minutes)))
        return out
    tz = ZoneInfo(game.timezone)
    previous = opened
    for entry in entries_for(ruleset, phase_kind):
        previous = next_local(previous, parse_hhmm(local_time_for(game, entry)), tz)
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
