"""A phase that has run the victory check after its last change may say so:
``Ruleset.resolve`` then does not run ``check_winner`` again.

Werewolf18 checks the victory after every exit (WW18-050, WW18-051) and
classic after every step (``victory.settle``); their phases report that
check, and the winner of every phase must stay the one the victory rules
give for the phase's final state.
"""

from __future__ import annotations

import random

import rulesets
from rulesets._template import TemplateRuleset
from rulesets.core import GameState, Outcome, PhaseInput
from rulesets.simulate import player_counts, random_game
from rulesets.werewolf18 import victory


class _Counting(TemplateRuleset):
    """The template, counting its victory checks; its day reports whether
    it has checked the victory itself (``settled``)."""

    def __init__(self, settled: bool | None) -> None:
        self.settled = settled
        self.checks = 0

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool | None:
        super().resolve_day(outcome, step, rng)
        return self.settled

    def check_winner(self, state: GameState) -> str | None:
        self.checks += 1
        return super().check_winner(state)


def _seated(ruleset: TemplateRuleset) -> GameState:
    return ruleset.new_game([("A", "mafioso", None), ("B", "citizen", None), ("C", "citizen", None)])


def test_a_settled_phase_skips_the_victory_check() -> None:
    """A day that returns True is not checked again; one that returns None is."""
    settled, unsettled = _Counting(True), _Counting(None)
    step = PhaseInput("day", votes={"B": "C", "C": "B"})
    assert settled.resolve(_seated(settled), step).state.winner is None
    assert unsettled.resolve(_seated(unsettled), step).state.winner is None
    assert (settled.checks, unsettled.checks) == (0, 1)


def test_an_unsettled_phase_still_finds_the_winner() -> None:
    """The default (None) keeps the victory check: lynching the only mafioso ends the game."""
    ruleset = _Counting(None)
    outcome = ruleset.resolve(_seated(ruleset), PhaseInput("day", votes={"B": "A", "C": "A"}))
    assert outcome.state.winner == "town"


def test_werewolf18_phases_end_with_the_winner_of_their_final_state() -> None:
    """WW18-050: on every phase of 30 seeded games, the winner recorded is
    the only undefeated camp of the phase's final state, checked afresh."""
    ruleset = rulesets.get("werewolf18")
    ended = 0
    for seed in range(30):
        game = random_game(ruleset, 18, seed)
        for outcome in game.outcomes:
            assert outcome.state.winner == victory.winner(outcome.state), (seed, outcome.state.steps_played)
        ended += game.final.winner is not None
    assert ended > 20


def test_classic_phases_end_with_the_winner_of_their_final_state() -> None:
    """CLASSIC-040 to CLASSIC-043: on every phase of 40 seeded games, a game
    still going on is one ``check_winner`` finds no winner in, and a
    finished one has the winner it finds (the lot of CLASSIC-045 aside)."""
    ruleset = rulesets.get("classic")
    counts = player_counts(ruleset)
    for seed in range(40):
        game = random_game(ruleset, counts[seed % len(counts)], seed)
        for outcome in game.outcomes:
            drawn = any("lot gives the win" in t.text for t in outcome.trace)
            if outcome.state.winner is None or not drawn:
                assert outcome.state.winner == ruleset.check_winner(outcome.state), (seed, outcome.state.steps_played)


def test_werewolf18_traces_each_new_defeat_once_when_it_happens() -> None:
    """WW18-004, WW18-052: each phase traces, for the host, exactly the camps
    defeated during it (defeated at its end, not at its start), once each,
    on every phase of 40 seeded games; a defeat is never undone."""
    ruleset = rulesets.get("werewolf18")
    traced = 0
    for seed in range(40):
        game = random_game(ruleset, 18, seed)
        before = victory.defeated_camps(game.start)
        for outcome in game.outcomes:
            after = victory.defeated_camps(outcome.state)
            notes = [t.text for t in outcome.trace if t.step == "victory" and "is defeated" in t.text]
            new = sorted(after - before)
            if outcome.state.winner is None or len(notes) == len(new):
                assert notes == [f"The {c} camp is defeated, unannounced; its players stay (WW18-004)." for c in new]
            assert before <= after
            traced += len(notes)
            before = after
    assert traced > 20


def test_werewolf18_group_flags_stop_once_every_group_stands() -> None:
    """WW18-054..057: the defeated camps are the same whether every seat is
    read or the reading stops once each group has a member in the game."""
    ruleset = rulesets.get("werewolf18")
    for seed in range(10):
        game = random_game(ruleset, 18, seed)
        for state in [game.start] + [o.state for o in game.outcomes]:
            full = {}
            for p in state.players.values():
                group = victory.group_of(p)
                if group is not None:
                    full.setdefault(group, []).append(p.alive)
            expected = {
                camp
                for camp, groups in (("wolves", [0]), ("village", [1, 2]), ("white_wolf", [3]))
                if any(g in full and not any(full[g]) for g in groups)
            }
            if state.memory.get("surrendered"):
                expected.add("wolves")
            assert victory.defeated_camps(state) == expected
