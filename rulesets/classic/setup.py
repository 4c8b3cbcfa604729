"""Setup of a classic game: options, the proposed composition, seating checks.

The document fixes only a floor of six players and an honest majority
(CLASSIC-003, CLASSIC-004); the mafia count is the page's recommendation
(B-11), the extra characters follow classic.md §7.1.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rulesets.core import GameState, RulesError

from .roles import OPTIONS, ROLES

MIN_PLAYERS = 6  # CLASSIC-003: «как минимум шесть игроков плюс ведущий»
# CLASSIC-003 sets no maximum; this is the largest table the site offers.
MAX_PLAYERS = 30
EXTRAS = ("doctor", "putana", "commissar")
_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def option(options: Mapping[str, Any], key: str) -> Any:
    """The value of option ``key``, its declared default when absent."""
    value = options.get(key)
    return OPTIONS[key].default if value is None else value


def lynches_per_day(options: Mapping[str, Any]) -> int:
    """How many lynch votes a day holds: k with ``blind_multi_lynch``, else 1 (CLASSIC-066)."""
    return int(option(options, "blind_multi_lynch")) or 1


def is_blind(options: Mapping[str, Any]) -> bool:
    """True when players who leave keep their cards hidden (CLASSIC-065, CLASSIC-066)."""
    return bool(option(options, "blind")) or lynches_per_day(options) > 1


def composition(n_players: int, options: Mapping[str, Any] | None = None) -> dict[str, int]:
    """Role id → count for ``n_players`` (B-11, classic.md §7.1).

    ⌊n/3⌋ mafiosi; a doctor and a commissar from 6 players, a putana from 9;
    only mafiosi and honest residents with ``no_host`` (B-9). Raises
    ``RulesError`` below six players (CLASSIC-003).
    """
    if n_players < MIN_PLAYERS:
        raise RulesError(f"the classic game needs at least {MIN_PLAYERS} players, not {n_players} (CLASSIC-003)")
    mafia = n_players // 3
    extras: list[str] = []
    if not option(options or {}, "no_host"):
        extras = ["doctor", "commissar"] + (["putana"] if n_players >= 9 else [])
    roles = {"mafioso": mafia, **{role: 1 for role in extras}}
    roles["citizen"] = n_players - mafia - len(extras)
    return roles


def check_composition(roles: Mapping[str, int], options: Mapping[str, Any] | None = None) -> None:
    """Raise ``RulesError`` when a composition breaks the document's setup rules.

    At least six players (CLASSIC-003), at least one mafioso, more honest
    players than mafiosi (CLASSIC-004: «Число честных жителей … должно быть
    больше количества всех членов мафии»), and no extra characters without a
    host (B-9).
    """
    unknown = set(roles) - set(ROLES)
    if unknown:
        raise RulesError(f"unknown role(s) {sorted(unknown)} in the classic game")
    total = sum(roles.values())
    mafia = roles.get("mafioso", 0)
    if total < MIN_PLAYERS:
        raise RulesError(f"the classic game needs at least {MIN_PLAYERS} players (CLASSIC-003)")
    if mafia < 1:
        raise RulesError("the classic game needs at least one mafioso (CLASSIC-001)")
    if total - mafia <= mafia:
        raise RulesError("the honest residents must outnumber the mafia (CLASSIC-004)")
    if option(options or {}, "no_host") and any(roles.get(role) for role in EXTRAS):
        raise RulesError("a game without a host has no extra characters (B-9)")
    if any(roles.get(role, 0) > 1 for role in EXTRAS):
        raise RulesError("each extra character is one high card (CLASSIC-005)")


def fill_memory(state: GameState) -> None:
    """The per-game memory a classic game starts with (JSON values only).

    ``night``: nights resolved; ``day_round``: lynch votes held this day;
    ``no_vote``: players the putana occupied last night; ``last_honest``:
    the honest player who left most recently; ``deciding``: the pending
    deciding vote or None; ``honest_at_start``: for scoring (CLASSIC-050).
    """
    state.memory.setdefault("night", 0)
    state.memory.setdefault("day_round", 0)
    state.memory.setdefault("no_vote", [])
    state.memory.setdefault("last_honest", None)
    state.memory.setdefault("deciding", None)
    state.memory.setdefault("honest_at_start", len(state.team_members("town")))
