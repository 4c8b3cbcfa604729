"""Random legal play of КосмоМафия, for simulations and property tests.

By night the mafia members agree on one victim most of the time (their
votes only count as a majority, COSMO-018), a sheriff does one thing
(COSMO-029), every other role acts on a random legal target. By day a few
candidates are nominated, every living, non-silenced player votes for one
of them (COSMO-008..010), a tie is re-voted and a coin is always given.
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core import Action, GameState, PhaseInput, Ruleset
from rulesets.core.model import new_action

from .day import COIN_SIDES, silenced
from .roles import EXCLUSIVE, MAFIA_MEMBERS


def random_step(ruleset: Ruleset, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
    """A random phase of legal play for ``state`` (``phase``: day or night)."""
    if phase == "night":
        return PhaseInput("night", _night_actions(ruleset, state, rng))
    return _day(ruleset, state, rng)


def _night_actions(ruleset: Ruleset, state: GameState, rng: random.Random) -> list[Action]:
    outsiders = [p.name for p in state.alive() if p.team != "mafia"] or state.alive_names()
    victim = rng.choice(outsiders)
    actions: list[Action] = []
    done: set[str] = set()
    for ability, candidates, holder, _team, _targets in ruleset.play_slots(state, "night"):
        if rng.random() > 0.8 or not candidates:
            continue
        actor = str(holder)
        if ability in EXCLUSIVE and actor in done:
            continue
        target: Any = rng.choice(candidates)
        if ability == "kill_vote" and state.players[actor].role in MAFIA_MEMBERS and rng.random() < 0.9:
            target = victim
        if ability in EXCLUSIVE:
            done.add(actor)
        actions.append(new_action(ability, actor, None, target))
    return actions


def _day(ruleset: Ruleset, state: GameState, rng: random.Random) -> PhaseInput:
    alive = state.alive_names()
    nominated = rng.sample(alive, min(len(alive), rng.randint(1, 3)))
    mute = silenced(state)
    votes: dict[str, str | None] = {v: rng.choice(nominated) for v in alive if v not in mute}
    revote: dict[str, str | None] = {v: rng.choice(COIN_SIDES) for v in alive if v not in mute}
    actions = [
        new_action(ability, actor, None, rng.choice(candidates))
        for ability, candidates, actor, _team, _targets in ruleset.play_slots(state, "day")
        if candidates and rng.random() < 0.1
    ]
    return PhaseInput("day", actions, votes, nominated, revote, {"coin": rng.choice(COIN_SIDES)})
