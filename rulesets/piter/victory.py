"""End of the game («ОКОНЧАНИЕ ИГРЫ») and the morning's 50/50 rule.

The checks run after every step, after departures and conversions
(PITER-080): ``state.phase == "night"`` means the Morning after a night step,
``"day"`` the Evening after a day step. *M* is the number of living ``mafia``
players, *O* every other living player.
"""

from __future__ import annotations

from rulesets.core import GameState, PlayerState

from .roles import KILLING_ROLES


def winner(state: GameState) -> str | None:
    """The winning team id, ``draw``, or None while the game goes on.

    PITER-081 to PITER-083 first; with two players left on different sides,
    the evening table (PITER-084 to PITER-087) or the morning table
    (PITER-088 to PITER-090).
    """
    alive = state.alive()
    mafia = sum(p.team == "mafia" for p in alive)
    if mafia > len(alive) - mafia:
        return "mafia"  # PITER-081: strictly more; equality goes on.
    if not alive:
        return "draw"  # PITER-083, A-13: nobody left.
    if all(p.team == "town" for p in alive):
        return "town"  # PITER-082: no mafia and no neutral left.
    if len(alive) == 1:
        return alive[0].team  # PITER-083
    if len(alive) == 2:
        pair = (alive[0], alive[1])
        return evening_pair(pair) if state.phase == "day" else morning_pair(state, pair)
    return None


def is_killing(player: PlayerState) -> bool:
    """An «убивающая» role: mafioso, maniac or oper (PITER-084, A-8)."""
    return player.role in KILLING_ROLES


def evening_pair(pair: tuple[PlayerState, PlayerState]) -> str:
    """«Если за столом осталось 2 игрока Вечером» (PITER-084 to PITER-087)."""
    killers = [p for p in pair if is_killing(p)]
    if len(killers) != 1:
        return "draw"  # PITER-084: two killing or two non-killing roles.
    killer = killers[0]
    other = pair[1] if killer is pair[0] else pair[0]
    if other.role == "mirror":
        return "mirror"  # PITER-086
    if other.role == "doctor" and not other.counters.get("self_healed"):
        return "draw"  # PITER-087, A-9: no self-heal on the latest night.
    return killer.team  # PITER-085


def morning_pair(state: GameState, pair: tuple[PlayerState, PlayerState]) -> str | None:
    """«Если за столом осталось 2 игрока Утром» (PITER-088 to PITER-090).

    None means a Ghost is left and the game goes on (PITER-090).
    """
    roles = {p.role: p for p in pair}
    for killer in ("mafioso", "maniac"):
        if killer in roles and "citizen" in roles:
            return roles[killer].team  # PITER-088, A-10: a plain citizen only.
    if "judge" in roles:
        other = pair[1] if roles["judge"] is pair[0] else pair[0]
        if other.name in state.memory.get("sentenced", []):
            return "town"  # PITER-089
    return None if state.memory.get("ghosts") else "draw"  # PITER-090


def is_fifty_fifty(state: GameState) -> bool:
    """PITER-091, A-23: a morning with *M* = *O* and at least two mafia."""
    alive = state.alive()
    mafia = sum(p.team == "mafia" for p in alive)
    return mafia >= 2 and mafia * 2 == len(alive)
