"""Victory (胜负判定): camps are defeated one by one; the last one standing wins.

No camp has a positive win condition (WW18-058), so the game ends only when
exactly one camp in play is undefeated (WW18-050, WW18-053). Every loss
condition is monotone (players never come back, a surrender is permanent),
so the defeated camps derive from the state and stay defeated (WW18-052).
"""

from __future__ import annotations

from rulesets.core import GameState, PlayerState

from .roles import GODS, TEAMS


def _all_out(players: list[PlayerState]) -> bool:
    """True when the set was not empty at setup and everyone in it is out.

    A loss condition over an empty set never fires (digest §5).
    """
    return bool(players) and not any(p.alive for p in players)


def camps_in_play(state: GameState) -> list[str]:
    """Camp ids with a member (in or out of the game), in ``TEAMS`` order."""
    present = {p.team for p in state.players.values()}
    return [camp for camp in TEAMS if camp in present]


def defeated_camps(state: GameState) -> set[str]:
    """Camp ids whose loss condition holds now (WW18-054..057, WW18-017)."""
    seats = list(state.players.values())
    defeated: set[str] = set()
    # 狼群 is the werewolves only, in or out (WW18-012, A2).
    if state.memory.get("surrendered") or _all_out([p for p in seats if p.role == "werewolf"]):
        defeated.add("wolves")
    gods = [p for p in seats if p.role in GODS and p.team == "village"]
    villagers = [p for p in seats if p.role == "villager" and p.team == "village"]
    if _all_out(gods) or _all_out(villagers):
        defeated.add("village")
    if _all_out([p for p in seats if p.role == "white_wolf"]):
        defeated.add("white_wolf")
    return defeated


def winner(state: GameState) -> str | None:
    """The only undefeated camp in play, or None while two or more stand.

    Never ``draw``: exits come one at a time (WW18-053).
    """
    defeated = defeated_camps(state)
    standing = [camp for camp in camps_in_play(state) if camp not in defeated]
    return standing[0] if len(standing) == 1 else None
