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


# (role, team) → the group whose members all out defeats a camp, for the
# seats that belong to one: 狼群 is the werewolves only, in or out (WW18-012,
# A2); the village loses with all its gods or all its villagers; the white wolf alone.
_GROUPS: dict[tuple[str, str], str] = {
    **{("werewolf", team): "werewolves" for team in TEAMS},
    **{("white_wolf", team): "white_wolf" for team in TEAMS},
    **{(role, "village"): "gods" for role in GODS},
    ("villager", "village"): "villagers",
}

_GROUP_COUNT = len(set(_GROUPS.values()))
# ``_GROUPS`` by role, then team: two lookups of a seat's own strings.
_GROUPS_BY_ROLE: dict[str, dict[str, str]] = {
    role: {team: group for (r, team), group in _GROUPS.items() if r == role} for role, _ in _GROUPS
}


def defeated_camps(state: GameState) -> set[str]:
    """Camp ids whose loss condition holds now (WW18-054..057, WW18-017)."""
    had: set[str] = set()  # groups with a member out of the game
    alive: set[str] = set()  # groups with a member in the game
    by_role = _GROUPS_BY_ROLE
    for p in state.players.values():
        by_team = by_role.get(p.role)
        group = None if by_team is None else by_team.get(p.team)
        if group is not None:
            if p.alive:
                alive.add(group)
                if len(alive) == _GROUP_COUNT:
                    break  # every group has a member in the game: none is all out
            else:
                had.add(group)
    # All out: a member out and none in the game. A group empty at setup never
    # loses: a loss condition over an empty set never fires (digest §5).
    out = had - alive
    defeated: set[str] = set()
    if state.memory.get("surrendered") or "werewolves" in out:
        defeated.add("wolves")
    if "gods" in out or "villagers" in out:
        defeated.add("village")
    if "white_wolf" in out:
        defeated.add("white_wolf")
    return defeated


def wolves_defeated(state: GameState) -> bool:
    """``"wolves" in defeated_camps(state)``, looking at the werewolves only:
    a surrender, or every werewolf out (WW18-017, WW18-054)."""
    if state.memory.get("surrendered"):
        return True
    werewolves = [p.alive for p in state.players.values() if p.role == "werewolf"]
    return bool(werewolves) and not any(werewolves)


def winner(state: GameState, defeated: set[str] | None = None) -> str | None:
    """The only undefeated camp in play, or None while two or more stand;
    ``defeated`` is ``defeated_camps(state)`` when the caller has it already.

    Never ``draw``: exits come one at a time (WW18-053).
    """
    if defeated is None:
        defeated = defeated_camps(state)
    standing = [camp for camp in camps_in_play(state) if camp not in defeated]
    return standing[0] if len(standing) == 1 else None
