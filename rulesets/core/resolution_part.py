"""The resolution part of ``Ruleset``: resolving one phase, in a canonical
order of choices, and random legal play for simulations.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from typing import Any

from .declarations import Declarations
from .model import Action, GameState, Outcome, PhaseInput, RulesError
from .rng import PhaseRandom
from .said import said


class ResolutionPart(Declarations, ABC):
    """Resolution: ``resolve_day`` and ``resolve_night`` are required
    (``resolve_setup`` where ``PHASES`` has ``setup``). ``resolve`` reads
    ``PHASES`` (``SchedulePart``), ``check_winner`` (``SetupPart``),
    ``choice_key`` and ``action_slots`` (``ChoicesPart``).
    """

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """Resolve one phase and return its ``Outcome`` (``state`` untouched).

        ``seed`` feeds any randomness of this phase; by default it derives
        from the game's seed and the number of phases played, so a replay
        with the same seed is identical.
        """
        if step.phase not in self.PHASES:
            raise RulesError(f"phase {step.phase!r} is not one of {sorted(self.PHASES)} in ruleset {self.id}")
        new = state.copy()
        new.phase = step.phase
        rng = PhaseRandom(seed if seed is not None else (state.seed * 1_000_003 + state.steps_played))
        if step.phase == "day" and state.steps_played > 0 and state.phase == "night":
            new.day += 1  # a day after a night opens the next game day
        outcome = Outcome(new)
        if state.winner is not None:
            for action in step.actions:
                outcome.reject(action, "game_over", self.message("game_over"))
            return outcome
        if step.phase == "night":
            ordered = self.canonical_order(state, step.actions)
            step = dataclasses.replace(step, actions=ordered)
            settled = self.resolve_night(outcome, step, rng)
        elif step.phase == "day":
            settled = self.resolve_day(outcome, step, rng)
        else:
            settled = getattr(self, f"resolve_{step.phase}")(outcome, step, rng)
        new.steps_played += 1
        if new.winner is None and settled is not True:
            new.winner = self.check_winner(new)
        if new.winner is not None:
            outcome.announce("winner", said("core.game_over_wins", team=new.winner), None, None)
        return outcome

    def canonical_order(self, state: GameState, actions: list[Action]) -> list[Action]:
        """``actions`` sorted by their owner: players in seat order, then teams
        by id, then anything else (an unknown name, left for validation to
        refuse) by name.

        Every document here collects all night choices before the host
        resolves them, so the order in which different players handed theirs
        in must not change the outcome. The sort is stable and the owner is
        ``choice_key(action)[0]``: the choices of one owner keep their order,
        so "a later choice replaces an earlier one" still holds (piter A-22,
        werewolf18's knife by any werewolf, cosmo COSMO-019).
        """
        seats = {name: seat for seat, name in enumerate(state.players)}

        def rank(action: Action) -> tuple[int, int, str]:
            owner = self.choice_key(action)[0]
            if owner in seats:
                return (0, seats[owner], "")
            return (1, 0, owner) if owner.startswith("team:") else (2, 0, owner)

        return sorted(actions, key=rank)

    @abstractmethod
    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool | None:
        """Resolve a day in place on ``outcome.state``.

        May return True when it has run ``check_winner``'s test itself
        after the day's last change and found no winner: ``resolve`` then
        does not run it again. Any other return value (None) lets
        ``resolve`` run it. The same holds for ``resolve_night`` and
        ``resolve_setup``.
        """
        raise NotImplementedError

    @abstractmethod
    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool | None:
        """Resolve a night in place on ``outcome.state`` (the return value
        as for ``resolve_day``)."""
        raise NotImplementedError

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """A random phase of legal-looking play, for simulations and
        property tests: every slot acts with probability 0.8 on a random
        legal target; every living player votes by day."""
        actions: list[Action] = []
        for slot in self.action_slots(state, phase):
            if rng.random() > 0.8:
                continue
            target: Any = None
            if slot.targets == 1 and slot.candidates:
                target = rng.choice(slot.candidates)
            elif slot.targets == 2:
                pool = [c for c in slot.candidates if c != slot.actor]
                if len(pool) < 2:
                    continue
                target = rng.sample(pool, 2)
            actions.append(Action(slot.ability, slot.actor, slot.team, target))
        step = PhaseInput(phase, actions)  # type: ignore[arg-type]
        if phase == "day":
            alive = state.alive_names()
            if len(alive) > 1:
                # Each votes for somebody else.
                step.votes = {v: rng.choice([n for n in alive if n != v]) for v in alive}
            else:
                step.votes = {v: rng.choice(alive) for v in alive}
        return step
