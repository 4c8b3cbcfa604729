"""The deal (分发身份) and the setup step: the mixed-blood's support.

The document is an 18-player game with one fixed deal (WW18-001); it gives
no table for any other count and no substitutions.
"""

from __future__ import annotations

from collections import Counter

from rulesets.core import Action, GameState, Outcome, RulesError
from rulesets.core.said import said

PLAYERS = 18

# 4狼人、7特权、1乱民、4村民、1混血、1白狼 (WW18-001).
DEAL: dict[str, int] = {
    "werewolf": 4,
    "rioter": 1,
    "seer": 1,
    "witch": 1,
    "guard": 1,
    "elder": 1,
    "hunter": 1,
    "idiot": 1,
    "lover": 1,
    "villager": 4,
    "mixed_blood": 1,
    "white_wolf": 1,
}


def composition(n_players: int) -> dict[str, int]:
    """The deal for ``n_players``: role id → count (WW18-001).

    Raises ``RulesError`` for any count but 18.
    """
    if n_players != PLAYERS:
        raise RulesError(f"werewolf18 is an 18-player game; the document has no deal for {n_players}")
    return dict(DEAL)


def check_deal(state: GameState) -> None:
    """With ``enforce_setup``, the seats must be exactly the deal (WW18-001).

    Raises ``RulesError`` otherwise.
    """
    seated = Counter(p.role for p in state.players.values())
    if seated != Counter(DEAL):
        raise RulesError(f"enforce_setup: the players must be the 18-player deal {DEAL}, not {dict(seated)}")


def apply_support(outcome: Outcome, actions: list[Action]) -> None:
    """支持<强制>: each mixed-blood joins his target's camp at once (WW18-042).

    A mixed-blood who names nobody stays in the village (digest §4); the
    skill is forced (WW18-003), so the directors give the yellow card.
    """
    state = outcome.state
    supported = {str(a.actor) for a in actions}
    for action in actions:
        player, target = state.players[str(action.actor)], state.players[str(action.target)]
        player.team = target.team
        outcome.note(
            "support",
            "effect",
            said("werewolf18.mixed_blood_supports_joins", player=player.name, player2=target.name, team=target.team),
            action,
        )
    for player in state.with_role("mixed_blood"):
        if player.name not in supported:
            outcome.note(
                "support",
                "info",
                said("werewolf18.mixed_blood_named_nobody_stays", player=player.name, team=player.team),
            )
