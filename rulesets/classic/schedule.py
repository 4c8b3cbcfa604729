"""Forum deadlines of a classic game (classic.md §2).

One forum day runs from one night deadline to the next: the night is
resolved at ``night_deadline`` (morning post), the vote closes at
``day_deadline``. ``fast_minutes`` are offsets from the day's start (the
morning post) on a turbo schedule: a 30-minute day and a 15-minute night.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.core import ScheduleEntry
from rulesets.core.said import gettext_noop

from .setup import lynches_per_day, option

TURBO_DAY = 30  # minutes from the morning post to the vote on a turbo schedule
TURBO_NIGHT = 15  # minutes of a turbo night
TURBO_ROUND = 10  # minutes between lynch votes on a turbo schedule

# The window each deadline closes (``Ruleset.WINDOWS``): the deciding vote
# (CLASSIC-044); the vote, its further rounds and the night are the common
# kinds.
WINDOWS: dict[str, str] = {"deciding_vote": gettext_noop("the deciding vote")}


SCHEDULE: tuple[ScheduleEntry, ...] = (
    ScheduleEntry("vote", "20:00", "day", True, TURBO_DAY, {"ru": "Голосование", "zh": "投票", "en": "Vote closes"}),
    ScheduleEntry(
        "night",
        "10:00",
        "night",
        True,
        TURBO_DAY + TURBO_NIGHT,
        {"ru": "Конец ночи", "zh": "夜晚结束", "en": "Night ends"},
    ),
)


DECIDING_NAME = {"ru": "Решающее голосование", "zh": "决定性投票", "en": "Deciding vote closes"}


def _vote_name(n: int) -> dict[str, str]:
    """The name of lynch vote ``n`` of a day (CLASSIC-066)."""
    return {"ru": f"Голосование {n}", "zh": f"第 {n} 次投票", "en": f"Vote {n} closes"}


def _minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def _clock(minutes: int) -> str:
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def day_close(options: Mapping[str, Any], alive: int) -> str:
    """Local time the day's (first) vote closes.

    With ``day_hours_per_player`` the day lasts that many hours per living
    player from the morning post (CLASSIC-010: «на каждого по минуте»),
    otherwise it closes at ``day_deadline``.
    """
    per_player = int(option(options, "day_hours_per_player"))
    if per_player:
        return _clock(_minutes(option(options, "night_deadline")) + per_player * 60 * alive)
    return str(option(options, "day_deadline"))


def schedule(options: Mapping[str, Any], alive: int) -> tuple[ScheduleEntry, ...]:
    """The deadlines of one forum day for a game's options and ``alive`` players.

    One ``vote`` entry per lynch vote of the day (``vote``, ``vote_2``,
    ``vote_3``, each ``lynch_round_minutes`` after the previous, CLASSIC-066),
    then the ``night`` deadline.
    """
    first = _minutes(day_close(options, alive))
    gap = int(option(options, "lynch_round_minutes"))
    rounds = lynches_per_day(options)
    entries = [
        ScheduleEntry(
            "vote" if i == 0 else f"vote_{i + 1}",
            _clock(first + i * gap),
            "day",
            True,
            TURBO_DAY + i * TURBO_ROUND,
            _vote_name(i + 1),
        )
        for i in range(rounds)
    ]
    night_fast = TURBO_DAY + (rounds - 1) * TURBO_ROUND + TURBO_NIGHT
    entries.append(
        ScheduleEntry("night", str(option(options, "night_deadline")), "night", True, night_fast, SCHEDULE[1].name)
    )
    return tuple(entries)


def deciding_vote_entry(options: Mapping[str, Any], opens: str) -> ScheduleEntry:
    """The deadline of the deciding vote opened at local time ``opens``
    (``deciding_vote_hours``, default 24 h, classic.md §2, CLASSIC-044)."""
    hours = int(option(options, "deciding_vote_hours"))
    return ScheduleEntry(
        "deciding_vote",
        _clock(_minutes(opens) + hours * 60),
        "day",
        True,
        TURBO_DAY,
        DECIDING_NAME,
    )


def _duration(minutes: int) -> str:
    """Minutes as a duration ``"HH:MM"`` (hours may pass 24)."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def web_day_entries(
    options: Mapping[str, Any], alive: int, vote_round: int, deciding: bool
) -> tuple[ScheduleEntry, ...]:
    """The deadline of a day phase the site opens, when it is not the
    ``SCHEDULE``'s wall-clock vote: a duration after the phase opens
    (``ScheduleEntry.relative``), or () for the plain vote.

    - the deciding vote lasts ``deciding_vote_hours`` (CLASSIC-044);
    - lynch vote ``vote_round`` > 1 closes ``lynch_round_minutes`` after the
      previous one (``vote_2``, ``vote_3``; CLASSIC-066);
    - with ``day_hours_per_player`` the first vote closes that many hours
      per living player (``alive``) after the morning post (CLASSIC-010).

    Raises ``ValueError`` for a round the game's options do not hold.
    """
    if deciding:
        hours = int(option(options, "deciding_vote_hours"))
        entry = ScheduleEntry(
            "deciding_vote", _duration(hours * 60), "day", True, TURBO_DAY, DECIDING_NAME, relative=True
        )
        return (entry,)
    if vote_round > 1:
        if vote_round > lynches_per_day(options):
            raise ValueError(f"the game holds {lynches_per_day(options)} lynch votes a day, not {vote_round}")
        gap = int(option(options, "lynch_round_minutes"))
        name = _vote_name(vote_round)
        entry = ScheduleEntry(f"vote_{vote_round}", _duration(gap), "day", True, TURBO_ROUND, name, relative=True)
        return (entry,)
    per_player = int(option(options, "day_hours_per_player"))
    if per_player:
        entry = ScheduleEntry(
            "vote", _duration(per_player * 60 * alive), "day", True, TURBO_DAY, SCHEDULE[0].name, relative=True
        )
        return (entry,)
    return ()
