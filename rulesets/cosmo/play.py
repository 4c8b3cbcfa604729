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
    for slot in ruleset.action_slots(state, "night"):
        ability, candidates = slot.ability, slot.candidates
        if rng.random() > 0.8 or not candidates:
            continue
        actor = str(slot.actor)
        if ability in EXCLUSIVE and actor in done:
            continue
        target: Any = rng.choice(candidates)
        if ability == "kill_vote" and state.players[actor].role in MAFIA_MEMBERS and rng.random() < 0.9:
            target = victim
        if ability in EXCLUSIVE:
            done.add(actor)
        actions.append(Action(ability, actor, None, target))
    return actions


def _day(ruleset: Ruleset, state: GameState, rng: random.Random) -> PhaseInput:
    alive = state.alive_names()
    nominated = rng.sample(alive, min(len(alive), rng.randint(1, 3)))
    mute = silenced(state)
    votes: dict[str, str | None] = {v: rng.choice(nominated) for v in alive if v not in mute}
    revote: dict[str, str | None] = {v: rng.choice(COIN_SIDES) for v in alive if v not in mute}
    actions = [
        Action(slot.ability, slot.actor, None, rng.choice(slot.candidates))
        for slot in ruleset.action_slots(state, "day")
        if slot.candidates and rng.random() < 0.1
    ]
    return PhaseInput("day", actions, votes, nominated, revote, {"coin": rng.choice(COIN_SIDES)})
