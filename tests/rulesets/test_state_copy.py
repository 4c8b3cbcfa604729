"""``GameState.copy``: a deep copy, so that resolving a phase never changes
the state it started from (``Ruleset.resolve``: "``state`` untouched")."""

from __future__ import annotations

import copy

from rulesets.core import GameState, PlayerState

MEMORY = {
    "night": 3,
    "no_vote": ["A", "B"],
    "deciding": {"survivors": ["A", "C"], "voter": None},
    "pairs": [["A", 1], ("B", 2.5)],
    "flags": [],
}


def _state() -> GameState:
    players = {
        "A": PlayerState("A", "doctor", "town", True, {"last_heal": [2, "B"], "self_heals": 1}),
        "B": PlayerState("B", "mafioso", "mafia", False, {"uses:kill": 2}),
        "C": PlayerState("C", "citizen", "town"),
    }
    return GameState("classic", None, {"blind": True, "roles": ["a", "b"]}, players, memory=copy.deepcopy(MEMORY))


def test_a_copy_is_equal_and_shares_nothing_mutable() -> None:
    """The copy equals the state, and no dict or list of its memory,
    options or counters is the original's, however deep."""
    state = _state()
    new = state.copy()
    assert new == state and new.to_dict() == state.to_dict()

    def containers(value: object) -> list[object]:
        found = []
        if isinstance(value, dict):
            found.append(value)
            for item in value.values():
                found += containers(item)
        elif isinstance(value, (list, tuple)):
            found.append(value)
            for item in value:
                found += containers(item)
        return found

    def held(s: GameState) -> list[object]:
        return (
            containers(s.memory)
            + containers(s.options)
            + [c for p in s.players.values() for c in containers(p.counters)]
        )

    old_ids = {id(c) for c in held(state) if not isinstance(c, tuple)}
    assert not old_ids & {id(c) for c in held(new)}
    assert all(new.players[n] is not state.players[n] for n in state.players)


def test_changing_the_copy_leaves_the_state_as_it_was() -> None:
    """Every kind of change a resolution makes to the copy (a player out, a
    counter, a list in the memory or in a counter) leaves the original alone."""
    state = _state()
    before = copy.deepcopy(state.to_dict())
    new = state.copy()
    new.players["C"].alive = False
    new.players["A"].counters["last_heal"][1] = "C"
    new.players["A"].bump("self_heals")
    new.players["C"].counters["seen"] = 1
    new.memory["no_vote"].append("C")
    new.memory["deciding"]["survivors"].pop()
    new.memory["pairs"][0][1] = 9
    new.options["roles"].append("c")
    assert state.to_dict() == before
