"""Victory (胜负判定): camps are defeated one by one; the last one standing wins.

No camp has a positive win condition (WW18-058), so the game ends only when
exactly one camp in play is undefeated (WW18-050, WW18-053). Every loss
condition is monotone (players never come back, a surrender is permanent),
so the defeated camps derive from the state and stay defeated (WW18-052).
"""

from __future__ import annotations

from rulesets.core import GameState, PlayerState

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
    return defeated_of(group_flags(state), state.memory.get("surrendered"))


# The groups whose members all out defeat a camp, as indices of ``group_flags``.
WOLVES, GODS_GROUP, VILLAGERS, WHITE_WOLF = range(4)


def group_of(player: PlayerState) -> int | None:
    """The group ``player`` counts in (``WOLVES``…), or None."""
    role = player.role
    if role == "werewolf":
        return WOLVES
    if role == "villager":
        return VILLAGERS if player.team == "village" else None
    if role == "white_wolf":
        return WHITE_WOLF
    return GODS_GROUP if role in GODS and player.team == "village" else None


def group_flags(state: GameState) -> tuple[bool, ...]:
    """For each group (``WOLVES``, ``GODS_GROUP``, ``VILLAGERS``,
    ``WHITE_WOLF``): a member in the game, then a member out of it."""
    flags = [False] * 8
    for player in state.players.values():
        group = group_of(player)
        if group is not None:
            flags[2 * group + (0 if player.alive else 1)] = True
    return tuple(flags)


def with_member_in(flags: tuple[bool, ...], group: int | None) -> tuple[bool, ...]:
    """``flags`` as they were while one more member of ``group`` was in the game."""
    if group is None:
        return flags
    changed = list(flags)
    changed[2 * group] = True
    return tuple(changed)


def defeated_of(flags: tuple[bool, ...], surrendered: object) -> set[str]:
    """The defeated camps given ``group_flags`` and the wolves' surrender
    (WW18-017): a group all out has a member out and none in."""
    wolves_in, wolves_out, gods_in, gods_out, villagers_in, villagers_out, white_in, white_out = flags
    defeated: set[str] = set()
    if surrendered or (wolves_out and not wolves_in):
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
