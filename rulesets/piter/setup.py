"""The recommended compositions and the forum schedule of the Piter ruleset.

«РЕКОМЕНДУЕМЫЙ СОСТАВ ПЕРСОНАЖЕЙ» (PITER-100), the players' substitutions
(PITER-101) and the digest's forum deadlines (§2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.core import RulesError, ScheduleEntry
from rulesets.core.said import gettext_noop

# PITER-100: the document's table, role id → count, for 3 to 12 players.
TABLE: dict[int, dict[str, int]] = {
    3: {"mafioso": 1, "citizen": 2},
    4: {"mafioso": 1, "citizen": 2, "doctor": 1},
    5: {"mafioso": 1, "werewolf": 1, "citizen": 1, "doctor": 1, "journalist": 1},
    6: {"mafioso": 2, "citizen": 2, "doctor": 1, "journalist": 1},
    7: {"mafioso": 2, "citizen": 2, "doctor": 1, "journalist": 1, "mirror": 1},
    8: {"mafioso": 2, "werewolf": 1, "citizen": 1, "komsomolets": 1, "doctor": 1, "journalist": 1, "oper": 1},
    9: {"mafioso": 2, "bureaucrat": 1, "citizen": 2, "komsomolets": 1, "doctor": 1, "journalist": 1, "oper": 1},
    10: {
        "mafioso": 2,
        "bureaucrat": 1,
        "citizen": 2,
        "komsomolets": 1,
        "doctor": 1,
        "journalist": 1,
        "oper": 1,
        "maniac": 1,
    },
    11: {
        "mafioso": 2,
        "bureaucrat": 1,
        "werewolf": 1,
        "citizen": 2,
        "komsomolets": 1,
        "doctor": 1,
        "journalist": 1,
        "oper": 1,
        "maniac": 1,
    },
    12: {
        "mafioso": 2,
        "bureaucrat": 1,
        "werewolf": 1,
        "citizen": 2,
        "komsomolets": 1,
        "doctor": 1,
        "journalist": 1,
        "judge": 1,
        "oper": 1,
        "maniac": 1,
    },
}

# PITER-101 «Бюрократ – Путана, Опер – Судья, Маньяк – Зеркало»:
# option id → (role replaced, role seated instead).
SUBSTITUTIONS: dict[str, tuple[str, str]] = {
    "putana_for_bureaucrat": ("bureaucrat", "putana"),
    "judge_for_oper": ("oper", "judge"),
    "mirror_for_maniac": ("maniac", "mirror"),
}


def composition(n_players: int, options: Mapping[str, Any] | None = None) -> dict[str, int]:
    """Role id → count for ``n_players`` (PITER-100), after the substitutions
    switched on in ``options`` (PITER-101).

    Raises ``RulesError`` when the table has no row for ``n_players``, when a
    substitution has nothing to replace, or when it would seat a role twice
    (12 players already have a judge).
    """
    if n_players not in TABLE:
        raise RulesError(f"the Piter table covers 3 to 12 players, not {n_players} (PITER-100)")
    roles = dict(TABLE[n_players])
    for option, (old, new) in SUBSTITUTIONS.items():
        if (options or {}).get(option):
            _substitute(roles, old, new, n_players)
    return roles


def _substitute(roles: dict[str, int], old: str, new: str, n_players: int) -> None:
    """Seat ``new`` instead of ``old`` in place; raises ``RulesError`` (PITER-101)."""
    if old not in roles:
        raise RulesError(f"there is no {old} to replace with a {new} at {n_players} players (PITER-101)")
    if new in roles:
        raise RulesError(f"{n_players} players already have a {new}; the substitution would seat two (PITER-101)")
    roles[new] = roles.pop(old)


# §2 Forum schedule, in the game's time zone. A forum day runs from one night
# deadline to the next; ``fast_minutes`` is a turbo game's offset from that
# start (the ordinary day compressed twelvefold).
# The window each deadline closes (``Ruleset.WINDOWS``), piter §2: 10:00
# free discussion; 16:00 «Выдвижение» (PITER-010); 18:00 «Минуты монолога»
# (PITER-011); 19:00 «Голосование» (PITER-012..016); 20:00 the count; the
# tied players' extra minute of monologue (PITER-017) and 21:00
# «Переголосование» on a tie.
WINDOWS: dict[str, str] = {
    "nominations_open": gettext_noop("discussion"),
    "nominations_close": gettext_noop("nominations"),
    "defence_close": gettext_noop("defence"),
    "day_deadline": gettext_noop("the vote"),
    "revote_speech_close": gettext_noop("the extra speech of the tied players"),
    "revote_deadline": gettext_noop("the re-vote"),
    "night_deadline": gettext_noop("the night"),
}


SCHEDULE: tuple[ScheduleEntry, ...] = (
    # Day (the 5 minutes of discussion) ends; nominations open (PITER-010).
    ScheduleEntry(
        "nominations_open", "16:00", "day", False, 30, {"ru": "Выдвижение", "zh": "提名", "en": "Nominations open"}
    ),
    # Monologues: each nominee's defence post (PITER-011, PITER-122).
    ScheduleEntry(
        "nominations_close",
        "18:00",
        "day",
        False,
        40,
        {"ru": "Минуты монолога", "zh": "辩护发言", "en": "Defence posts"},
    ),
    # The vote opens (PITER-012 to PITER-015).
    ScheduleEntry("defence_close", "19:00", "day", False, 45, {"ru": "Голосование", "zh": "投票", "en": "Vote opens"}),
    # The vote is counted; non-voters go to the last nominee (PITER-015, PITER-016).
    ScheduleEntry("day_deadline", "20:00", "day", True, 50, {"ru": "Казнь", "zh": "处决", "en": "Execution"}),
    # Only on a tie: the tied players' extra minute, one more defence post
    # each before the re-vote («получают по дополнительной минуте монолога»,
    # PITER-017); an active Ghost's pick closes with it (PITER-093).
    ScheduleEntry(
        "revote_speech_close",
        "20:30",
        "day",
        False,
        52,
        {"ru": "Дополнительная минута", "zh": "追加发言", "en": "Extra minute of the tied"},
    ),
    # Only on a tie: the re-vote (PITER-017), or, when the Ghost has picked,
    # his pick executes (PITER-093); ``revote_minutes`` = ``ghost_minutes``
    # = 60 after the day deadline.
    ScheduleEntry(
        "revote_deadline", "21:00", "day", True, 55, {"ru": "Переголосование", "zh": "重新投票", "en": "Re-vote"}
    ),
    # Night actions lock and resolve; the morning post follows (PITER-006, PITER-031).
    ScheduleEntry("night_deadline", "10:00", "night", True, 120, {"ru": "Утро", "zh": "早晨", "en": "Morning"}),
)
