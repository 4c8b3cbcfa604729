"""The registry: the built-in rulesets, and a ruleset from elsewhere
joining it with ``rulesets.register`` and leaving with ``unregister``
(the toy ruleset of ``tests/toy_ruleset``, rules TOY-001..TOY-007)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

import rulesets
from rulesets.core import Action, PhaseInput, RulesError
from rulesets.core.said import TEMPLATES

TOY = "tests.toy_ruleset"
# A table of four: A the wolf, B, C and D villagers.
FOUR = [("A", "wolf", None), ("B", "villager", None), ("C", "villager", None), ("D", "villager", None)]


@pytest.fixture
def toy() -> Iterator[rulesets.Ruleset]:
    """The toy ruleset, registered for the test and withdrawn after it."""
    rulesets.register("toy", TOY)
    try:
        yield rulesets.get("toy")
    finally:
        rulesets.unregister("toy")


def test_the_built_in_rulesets_are_listed_in_order() -> None:
    assert rulesets.ids()[:5] == ["forum", "piter", "classic", "cosmo", "werewolf18"]
    assert rulesets.BUILT_IN == frozenset(rulesets.ids()[:5])


def test_a_registered_ruleset_is_listed_served_and_withdrawn(toy) -> None:
    assert rulesets.ids()[-1] == "toy"
    assert toy.id == "toy" and rulesets.get("toy") is toy
    assert TEMPLATES["toy.no_kill"].startswith("The wolves chose nobody")
    rulesets.unregister("toy")
    try:
        assert "toy" not in rulesets.ids()
        assert not [code for code in TEMPLATES if code.startswith("toy.")]
        assert not [name for name in sys.modules if name.startswith(TOY)]
        with pytest.raises(RulesError, match="unknown ruleset 'toy'"):
            rulesets.get("toy")
    finally:
        rulesets.register("toy", TOY)
    # Registered again, its modules and message codes come back.
    assert rulesets.get("toy").id == "toy"
    assert "toy.no_kill" in TEMPLATES


def test_registering_the_same_pair_twice_is_harmless(toy) -> None:
    rulesets.register("toy", TOY)
    assert rulesets.get("toy") is toy
    assert rulesets.ids().count("toy") == 1


@pytest.mark.parametrize("ruleset_id", ["", "Toy", "1toy", "toy-wolves", "t" * 31])
def test_a_malformed_id_is_refused(ruleset_id: str) -> None:
    with pytest.raises(RulesError, match="ruleset id"):
        rulesets.register(ruleset_id, TOY)
    assert ruleset_id not in rulesets.ids()


def test_an_id_taken_by_another_module_is_refused(toy) -> None:
    with pytest.raises(RulesError, match="already registered"):
        rulesets.register("forum", TOY)
    with pytest.raises(RulesError, match="already registered"):
        rulesets.register("toy", "rulesets.forum")
    assert rulesets.get("forum").id == "forum"


def test_a_module_holding_another_ruleset_is_refused() -> None:
    rulesets.register("impostor", "rulesets.forum")
    try:
        with pytest.raises(RulesError, match="holds ruleset 'forum'"):
            rulesets.get("impostor")
    finally:
        rulesets.REGISTRY.pop("impostor")
        rulesets.get.cache_clear()


def test_built_in_and_unknown_rulesets_are_not_unregistered() -> None:
    with pytest.raises(RulesError, match="built in"):
        rulesets.unregister("forum")
    with pytest.raises(RulesError, match="unknown ruleset"):
        rulesets.unregister("nothing")
    assert rulesets.get("forum").id == "forum"


def test_toy_002_the_composition_table(toy) -> None:
    assert [toy.composition(n)["wolf"] for n in range(4, 9)] == [1, 1, 2, 2, 2]
    assert all(sum(toy.composition(n).values()) == n for n in range(4, 9))
    with pytest.raises(RulesError, match="TOY-002"):
        toy.composition(9)


def test_toy_004_to_006_a_lynch_a_hunt_and_the_wolves_at_parity(toy) -> None:
    state = toy.new_game(FOUR)
    day = toy.resolve(state, PhaseInput("day", votes={"A": "B", "B": "A", "C": "B", "D": "B"}))
    assert day.out == ["B"] and day.winner is None
    assert day.announcements[0].text == "The village hangs B, who has the most votes: 3 (TOY-004)."
    # TOY-005: a wolf is no prey; the pack's later choice replaces its first.
    hunts = [Action("hunt", team="wolves", target="A"), Action("hunt", team="wolves", target="D")]
    night = toy.resolve(day.state, PhaseInput("night", hunts))
    assert night.rejected[0].reason == "wolf_target"
    assert night.out == ["D"] and night.winner == "wolves"


def test_toy_004_a_tie_hangs_nobody(toy) -> None:
    state = toy.new_game(FOUR)
    day = toy.resolve(state, PhaseInput("day", votes={"A": "B", "B": "A"}))
    assert day.out == [] and day.announcements[0].kind == "no_elimination"


def test_the_toy_rulesets_random_games_end_and_speak_in_codes(toy) -> None:
    """``rulesets.simulate`` plays a registered ruleset as any other: every
    random game of 4 to 8 ends with a winner (TOY-006), and every trace
    line is a message code its messages module registered."""
    from rulesets.core import Said
    from rulesets.simulate import player_counts, random_game

    assert player_counts(toy) == [4, 5, 6, 7, 8]
    for seed in range(60):
        game = random_game(toy, 4 + seed % 5, seed=seed)
        assert game.final.winner in ("village", "wolves")
        for outcome in game.outcomes:
            for entry in outcome.trace:
                assert isinstance(entry.said, Said) and entry.said.code in TEMPLATES, entry.said
