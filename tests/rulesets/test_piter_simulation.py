"""Random full games of the Piter ruleset: invariants over every table size.

Docstrings name the rules each invariant rests on (``spec/rulesets/piter.md``).
"""

from __future__ import annotations

import json

import pytest

from rulesets.piter import RULESET
from rulesets.simulate import random_game


@pytest.mark.parametrize("n", range(RULESET.MIN_PLAYERS, RULESET.MAX_PLAYERS + 1))
def test_random_games_end_with_a_winner(n: int) -> None:
    """PITER-080 to PITER-090: most random games end within 80 phases."""
    games = [random_game(RULESET, n, seed) for seed in range(20)]
    assert sum(g.final.winner is not None for g in games) >= 18


@pytest.mark.parametrize("n", [5, 9, 12])
def test_random_games_replay_exactly(n: int) -> None:
    """PITER-100: the same seed gives the same game (randomness comes from the seed only)."""
    first, second = random_game(RULESET, n, 7), random_game(RULESET, n, 7)
    assert [o.to_state_dict() for o in first.outcomes] == [o.to_state_dict() for o in second.outcomes]


@pytest.mark.parametrize("n", [7, 10, 12])
def test_random_game_invariants(n: int) -> None:
    """PITER-019, PITER-032, PITER-061: nobody comes back, roles stay declared, state stays JSON."""
    for seed in range(10):
        game = random_game(RULESET, n, seed)
        gone: set[str] = set()
        for outcome in game.outcomes:
            state = outcome.state
            assert gone.isdisjoint(state.alive_names())
            gone |= {p.name for p in state.players.values() if not p.alive}
            assert all(p.role in RULESET.ROLES and p.team in RULESET.TEAMS for p in state.players.values())
            assert all(p.role != "werewolf" or p.team == "town" for p in state.players.values())
            json.dumps(state.to_dict())
            assert outcome.trace
