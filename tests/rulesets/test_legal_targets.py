"""The targets offered for a choice are exactly those the rules accept.

``action_slots`` finds a slot's candidates with the cheap target checks and
asks ``validate`` once per slot; this pins that the result equals asking
``validate`` about every player, on every state of seeded random games.
"""

from __future__ import annotations

import pytest

import rulesets
from rulesets.core import Action
from rulesets.simulate import player_counts, random_game


@pytest.mark.parametrize("rid", rulesets.ids())
def test_offered_targets_are_exactly_the_accepted_ones(rid: str) -> None:
    """For every one-target slot of every phase of 40 seeded games, the
    candidates are the players ``validate`` accepts as its target, in seat
    order. (Abilities declared with another target count keep their own
    candidate rule.)"""
    ruleset = rulesets.get(rid)
    counts = player_counts(ruleset)
    checked = 0
    for seed in range(40):
        game = random_game(ruleset, counts[seed % len(counts)], seed)
        for state in [game.start] + [o.state for o in game.outcomes[:-1]]:
            phase = ruleset.next_phase(state)
            # Piter offers living players only (PITER-032, a Ghost's pick PITER-093).
            names = state.alive_names() if rid == "piter" else list(state.players)
            for slot in ruleset.action_slots(state, phase):
                if slot.targets != 1 or ruleset.ABILITIES[slot.ability].targets != 1:
                    continue
                accepted = tuple(
                    n
                    for n in names
                    if ruleset.validate(state, Action(slot.ability, slot.actor, slot.team, n), phase) is None
                )
                assert slot.candidates == accepted, (seed, state.steps_played, slot)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("rid", rulesets.ids())
def test_no_accepted_choice_is_left_without_a_slot(rid: str) -> None:
    """Whatever shortcut ``action_slots`` takes (players out of the game,
    moves only some players hold), every one-target choice that ``validate``
    accepts for some target has its slot, on every state of 20 seeded games."""
    ruleset = rulesets.get(rid)
    counts = player_counts(ruleset)
    checked = 0
    for seed in range(20):
        game = random_game(ruleset, counts[seed % len(counts)], seed)
        for state in [game.start] + [o.state for o in game.outcomes[:-1]]:
            phase = ruleset.next_phase(state)
            offered = {(s.ability, s.actor, s.team) for s in ruleset.action_slots(state, phase)}
            owners = [(name, None) for name in state.players] + [(None, team) for team in ruleset.TEAMS]
            for ability, spec in ruleset.ABILITIES.items():
                if spec.targets != 1 or ability == "vote":
                    continue
                for actor, team in owners:
                    if (ability, actor, team) in offered:
                        continue
                    if spec.team and actor is not None and (ability, None, state.players[actor].team) in offered:
                        continue  # a member may hand in his team's choice (werewolf18's knife)
                    if rid == "forum" and actor is not None and state.players[actor].role == "tin_woodman":
                        # Forum validation lets a TW on duty hand in any move of his chooser's
                        # kind (FORUM-059); the slots offer his own moves only.
                        continue
                    for name in state.players:
                        assert ruleset.validate(state, Action(ability, actor, team, name), phase) is not None, (
                            seed,
                            state.steps_played,
                            ability,
                            actor,
                            team,
                            name,
                        )
                        checked += 1
    assert checked > 100


def test_werewolf18_choices_without_target_are_offered_exactly_when_accepted() -> None:
    """Werewolf18's surrender and play-dumb slots (no target) are offered to
    a player exactly when ``validate`` accepts his choice, on every state of
    20 seeded games."""
    ruleset = rulesets.get("werewolf18")
    counts = player_counts(ruleset)
    checked = 0
    for seed in range(20):
        game = random_game(ruleset, counts[seed % len(counts)], seed)
        for state in [game.start] + [o.state for o in game.outcomes]:
            phase = ruleset.next_phase(state)
            offered = {(s.ability, s.actor) for s in ruleset.action_slots(state, phase) if s.targets == 0}
            for ability, spec in ruleset.ABILITIES.items():
                if spec.targets != 0:
                    continue
                for name in state.players:
                    accepted = ruleset.validate(state, Action(ability, actor=name), phase) is None
                    assert ((ability, name) in offered) == accepted, (seed, state.steps_played, ability, name)
                    checked += 1
    assert checked > 100


@pytest.mark.parametrize("rid", rulesets.ids())
def test_play_slots_are_the_action_slots_as_tuples(rid: str) -> None:
    """Random play reads the slots as plain tuples (``play_slots``): the
    same slots as ``action_slots``, field for field and in the same order,
    on every state of 20 seeded games."""
    ruleset = rulesets.get(rid)
    counts = player_counts(ruleset)
    compared = 0
    for seed in range(20):
        game = random_game(ruleset, counts[seed % len(counts)], seed)
        for state in [game.start] + [o.state for o in game.outcomes]:
            phase = ruleset.next_phase(state)
            slots = ruleset.action_slots(state, phase)
            expected = [(s.ability, s.candidates, s.actor, s.team, s.targets) for s in slots]
            assert ruleset.play_slots(state, phase) == expected, (seed, state.steps_played)
            compared += len(slots)
    assert compared > 100
