"""Victory check of КосмоМафия (digest §8), run after every step."""

from __future__ import annotations

from rulesets.core import GameState

from .roles import CRIMINAL_TEAMS


def winner(state: GameState) -> str | None:
    """``draw``, ``town``, ``mafia``, ``maniac`` or None, checked in this order.

    - nobody left: ``draw`` (A15, COSMO-061);
    - no criminal (mafia or maniac) left: ``town`` (COSMO-021);
    - everyone left is in team mafia: ``mafia`` (COSMO-022);
    - the maniac is the only one left: ``maniac`` (COSMO-023).
    A mafia and a maniac (or a mafia and a citizen) left together play on.
    """
    alive = state.alive()
    if not alive:
        return "draw"
    if not any(p.team in CRIMINAL_TEAMS for p in alive):
        return "town"
    if all(p.team == "mafia" for p in alive):
        return "mafia"
    if len(alive) == 1 and alive[0].team == "maniac":
        return "maniac"
    return None
