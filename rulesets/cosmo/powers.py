"""Abilities that change during a game: the sergeant's promotion
(COSMO-027) and the turncoat's conversion (COSMO-054).

Both are read from the state alone, so the web app's cabinet offers the new
abilities on the very night they apply, before the night is resolved.
"""

from __future__ import annotations

from rulesets.core import GameState, Outcome
from rulesets.core.said import said

from .roles import CHIEFS, MAFIA_MEMBERS, ROLES


def is_promoted(state: GameState) -> bool:
    """True when a chief (commissar/sheriff) was seated and none is left
    (COSMO-027; A6: jailed or killed alike). With no chief ever seated the
    sergeant has nobody to replace."""
    chiefs = [p for p in state.players.values() if p.role in CHIEFS]
    return bool(chiefs) and not any(p.alive for p in chiefs)


def inherited(state: GameState) -> tuple[str, ...]:
    """The abilities a promoted sergeant holds: every departed chief's
    (``check``, and ``kill`` after a sheriff), or none (COSMO-027)."""
    if not is_promoted(state):
        return ()
    found: list[str] = []
    for player in state.players.values():
        if player.role in CHIEFS:
            found.extend(a for a in ROLES[player.role].abilities if a not in found)
    return tuple(found)


def conversion_due(state: GameState) -> bool:
    """True when mafia members were seated and none is left: the turncoats
    become mafiosi at the next nightfall (COSMO-054; A6)."""
    members = [p for p in state.players.values() if p.role in MAFIA_MEMBERS]
    return bool(members) and not any(p.alive for p in members)


def open_night(outcome: Outcome) -> None:
    """N0: record the sergeant's promotion and convert due turncoats to
    ``mafioso`` before the night's actions are validated (COSMO-027, 054)."""
    state = outcome.state
    if is_promoted(state):
        for player in state.alive():
            if player.role == "sergeant" and not player.counters.get("promoted"):
                player.counters["promoted"] = True
                text = said(
                    "cosmo.sergeant_takes_departed_chief_abilities",
                    player=player.name,
                    abilities=", ".join(inherited(state)),
                )
                outcome.note("promote", "effect", text)
    if conversion_due(state):
        for player in state.alive():
            if player.role == "turncoat":
                player.role = "mafioso"
                outcome.note(
                    "convert",
                    "effect",
                    said("cosmo.every_mafia_member_gone_turncoat", player=player.name),
                )
