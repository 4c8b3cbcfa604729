"""Victory (胜负判定): camps are defeated one by one; the last one standing wins.

No camp has a positive win condition (WW18-058), so the game ends only when
exactly one camp in play is undefeated (WW18-050, WW18-053). Every loss
condition is monotone (players never come back, a surrender is permanent),
so the defeated camps derive from the state and stay defeated (WW18-052).
"""

from __future__ import annotations

from rulesets.core import GameState

from .roles import GODS, TEAMS


def camps_in_play(state: GameState) -> list[str]:
    """Camp ids with a member (in or out of the game), in ``TEAMS`` order."""
    present = {p.team for p in state.players.values()}
    return [camp for camp in TEAMS if camp in present]


def defeated_camps(state: GameState) -> set[str]:
    """Camp ids whose loss condition holds now (WW18-054..057, WW18-017).

    A group is all out when it has a member out of the game and none in it;
    a group empty at setup never loses: a loss condition over an empty set
    never fires (digest §5). 狼群 is the werewolves only, in or out
    (WW18-012, A2); the village loses with all its gods (village members of
    ``GODS``) or all its villagers; the white wolf alone.
    """
    wolves_in = wolves_out = gods_in = gods_out = villagers_in = villagers_out = white_in = white_out = False
    # One pass with plain comparisons: a lookup per seat would cost more than the whole test.
    for p in state.players.values():
        role = p.role
        if role == "werewolf":
            if p.alive:
                wolves_in = True
            else:
                wolves_out = True
        elif role == "villager":
            if p.team == "village":
                if p.alive:
                    villagers_in = True
                else:
                    villagers_out = True
        elif role == "white_wolf":
            if p.alive:
                white_in = True
            else:
                white_out = True
        elif role in GODS and p.team == "village":
            if p.alive:
                gods_in = True
            else:
                gods_out = True
    defeated: set[str] = set()
    if state.memory.get("surrendered") or (wolves_out and not wolves_in):
        defeated.add("wolves")
    if (gods_out and not gods_in) or (villagers_out and not villagers_in):
        defeated.add("village")
    if white_out and not white_in:
        defeated.add("white_wolf")
    return defeated


def wolves_defeated(state: GameState) -> bool:
    """``"wolves" in defeated_camps(state)``, looking at the werewolves only:
    a surrender, or every werewolf out (WW18-017, WW18-054)."""
    if state.memory.get("surrendered"):
        return True
    seated = False
    for p in state.players.values():
        if p.role == "werewolf":
            if p.alive:
                return False  # a werewolf in the game: the group stands
            seated = True
    return seated


def winner(state: GameState, defeated: set[str] | None = None) -> str | None:
    """The only undefeated camp in play, or None while two or more stand;
    ``defeated`` is ``defeated_camps(state)`` when the caller has it already.

    Never ``draw``: exits come one at a time (WW18-053).
    """
    if defeated is None:
        defeated = defeated_camps(state)
    standing = None
    for camp in TEAMS:  # ``camps_in_play`` less the defeated, stopping at the second
        if camp not in defeated and _in_play(state, camp):
            if standing is not None:
                return None
            standing = camp
    return standing


def _in_play(state: GameState, camp: str) -> bool:
    """``camp in camps_in_play(state)``, stopping at its first member."""
    for p in state.players.values():
        if p.team == camp:
            return True
    return False
