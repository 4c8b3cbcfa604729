"""Setup of a forum game: variant by player count, balance, seating checks.

The document gives the balance rules (FORUM-005, FORUM-006) and worked
examples for 20–25 players (FORUM-007); the rest of the table follows them:
criminals are a third of the table (two-sided) or 40 % rounded to an even
number split between two teams (three-sided), and the rounding is paid back
as the examples do (a Kamikaze and basements when the criminals are rounded
down, a reinforced town when they are rounded up).
"""

from __future__ import annotations

import math
import random
from typing import Any

from rulesets.core import GameState, RulesError

from .roles import CRIMINAL_TEAMS

MIN_PLAYERS = 7
MAX_PLAYERS = 30
# Player counts per variant: «меньше 15» / «более 15» (FORUM-001, FORUM-002); 15 itself is the host's call.
RANGES: dict[str, tuple[int, int]] = {"two_sided": (MIN_PLAYERS, 15), "three_sided": (15, MAX_PLAYERS)}
# Town roles in the order a growing table gets them; role players are half of the town.
TOWN_ROLES = ("cop", "doctor", "sniper", "lawyer", "bouncer", "child", "tin_woodman", "cop_assistant")
# The same with the rare roles («малоиспользуемые роли»); the Cop's Lover and the Zombie
# come in by the balance rules instead (FORUM-007, FORUM-102).
RARE_TOWN_ROLES = (
    "cop", "doctor", "sniper", "lawyer", "bouncer", "keymaster", "child", "prosecutor",
    "tin_woodman", "bum", "snitch", "cop_assistant", "cop_wife",
)  # fmt: skip
ZOMBIE_ABOVE = 25  # FORUM-102: «Вводится в игру с большим количеством игроков (свыше 25)»


def default_variant(n_players: int) -> str:
    """``two_sided`` below 15 players, else ``three_sided`` (FORUM-001, FORUM-002)."""
    return "two_sided" if n_players < 15 else "three_sided"


def criminals(n_players: int, variant: str) -> int:
    """How many criminals: 1/3 (FORUM-005) or 40 % rounded to an even number (FORUM-006, FORUM-007)."""
    if variant == "two_sided":
        return (n_players + 1) // 3
    return 2 * math.floor(0.2 * n_players + 0.5)


def _rounding(n_players: int, variant: str) -> float:
    """Criminals short of the exact 40 % (positive) or over it (negative), FORUM-007."""
    if variant == "two_sided":
        return 0.0
    return 0.4 * n_players - criminals(n_players, variant)


def composition(n_players: int, variant: str | None, options: dict[str, Any] | None) -> dict[str, int]:
    """Role id → count for ``n_players`` (FORUM-003..007, FORUM-102).

    Worked examples (FORUM-007): 20 → 8 criminals (4+4); 21 → 8 + Kamikaze;
    22 → 8 + Kamikaze (+ a basement per team, see ``suggested_options``);
    23 → 10 with the Cop's Lover and a multifunctional Child; 25 → 10 (5+5).
    Raises ``RulesError`` for a count or variant the document does not cover.
    """
    variant = variant or default_variant(n_players)
    if variant not in RANGES:
        raise RulesError(f"unknown variant {variant!r} for ruleset forum")
    low, high = RANGES[variant]
    if not low <= n_players <= high:
        raise RulesError(f"the {variant} forum game is for {low}-{high} players, not {n_players}")
    teams = 1 if variant == "two_sided" else 2
    crim = criminals(n_players, variant)
    roles: dict[str, int] = {"don": teams, "mafioso": crim - teams}
    if variant == "two_sided":
        roles["maniac"] = 1  # FORUM-003
    for role in _compensation(n_players, variant, options or {}):
        roles[role] = roles.get(role, 0) + 1
    _fill_town(roles, n_players, options or {})
    return {role: count for role, count in roles.items() if count}


def _compensation(n_players: int, variant: str, options: dict[str, Any]) -> list[str]:
    """FORUM-007: a Kamikaze for criminals rounded down; the Cop's Lover for criminals rounded up."""
    extra = []
    rounding = _rounding(n_players, variant)
    if rounding >= 0.3:
        extra.append("kamikaze")
    if rounding <= -0.3:
        extra.append("cop_lover")
    if options.get("rare_roles") and n_players > ZOMBIE_ABOVE:
        extra.append("zombie")
    return extra


def _fill_town(roles: dict[str, int], n_players: int, options: dict[str, Any]) -> None:
    town = n_players - sum(roles.values())
    order = RARE_TOWN_ROLES if options.get("rare_roles") else TOWN_ROLES
    wanted = max(2, town // 2) - roles.get("cop_lover", 0)
    for role in order[: max(0, wanted)]:
        roles[role] = roles.get(role, 0) + 1
    if roles.get("cop_lover") and not roles.get("child"):
        roles["child"] = 1  # the reinforced town of FORUM-007 has a multifunctional Child
    roles["citizen"] = n_players - sum(roles.values())


def suggested_options(n_players: int, variant: str | None = None) -> dict[str, Any]:
    """The house rules FORUM-007 pairs with the balance: basements for short
    criminals, a multifunctional Child (and the cops' basement) for a reinforced town."""
    variant = variant or default_variant(n_players)
    rounding = _rounding(n_players, variant)
    if rounding >= 0.7:
        return {"basement": list(CRIMINAL_TEAMS)}
    if rounding <= -0.7:
        return {"multifunctional_child": True, "basement": ["town"]}
    if rounding <= -0.3:
        return {"multifunctional_child": True}
    return {}


def draw_seats(names: list[str], roles: dict[str, int], seed: int) -> list[tuple[str, str, str | None]]:
    """A blind draw (nickname, role, team) in ``names`` order; in three-sided
    games the criminals are dealt to the two teams, one Don each (FORUM-004, FORUM-033)."""
    deck = [role for role, count in roles.items() for _ in range(count)]
    if len(deck) != len(names):
        raise RulesError(f"the composition has {len(deck)} roles for {len(names)} players")
    random.Random(seed).shuffle(deck)
    seats: list[tuple[str, str, str | None]] = [(name, role, None) for name, role in zip(names, deck, strict=True)]
    return _deal_teams(seats) if roles.get("don", 0) == 2 else seats


def _deal_teams(seats: list[tuple[str, str, str | None]]) -> list[tuple[str, str, str | None]]:
    """First Don and first half of the plain members to mafia, the rest to maniacs (seat order is random)."""
    dons = [i for i, (_, role, _) in enumerate(seats) if role == "don"]
    plain = [i for i, (_, role, _) in enumerate(seats) if role == "mafioso"]
    maniacs = {dons[1], *plain[len(plain) // 2 :]}
    return [
        (n, r, ("maniacs" if i in maniacs else "mafia") if r in ("don", "mafioso") else t)
        for i, (n, r, t) in enumerate(seats)
    ]


def prepare(state: GameState) -> None:
    """Check the seating against the variant and options and fill ``state.memory``.

    Raises ``RulesError``: ``maniacs`` in a two-sided game, a solo ``maniac``
    in a three-sided one (FORUM-004). The options were checked by
    ``validate_options`` (FORUM-125, FORUM-126, FORUM-128).
    """
    teams = {p.team for p in state.players.values()}
    roles = {p.role for p in state.players.values()}
    if state.variant == "two_sided" and "maniacs" in teams:
        raise RulesError("the two-sided forum game has a single criminal team, mafia (FORUM-003)")
    if state.variant == "three_sided" and "maniac" in roles:
        raise RulesError("there is no lone Maniac in the three-sided forum game (FORUM-004)")
    if state.variant == "three_sided" and _blind_two_dons(state):
        _split_teams(state)
    carrier = (state.option("walking_basement", None) or {}).get("carrier")
    if carrier:
        state.memory["walking"] = {"carrier": carrier, "holders": [], "ever": [], "done": False}


def _blind_two_dons(state: GameState) -> bool:
    """Two Dons seated in one team with nobody in maniacs: a blind draw to deal (FORUM-033)."""
    dons = state.with_role("don")
    return len(dons) == 2 and all(p.team == "mafia" for p in dons) and not state.team_members("maniacs")


def _split_teams(state: GameState) -> None:
    seats = [(p.name, p.role, None) for p in state.players.values()]
    for name, _, team in _deal_teams(seats):
        if team is not None:
            state.players[name].team = team
