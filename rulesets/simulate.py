"""Random full games, for property tests and the benchmark.

``random_game(ruleset, n_players, seed)`` seats the ruleset's proposed
composition by a seeded draw and plays random legal-looking phases until a
winner or ``max_steps``. Everything random derives from ``seed``.
"""

from __future__ import annotations

import os
import random
import time
import tracemalloc
from dataclasses import dataclass, field

from . import get, ids
from .core import GameState, Outcome, PhaseInput, Ruleset


@dataclass
class PlayedGame:
    """A finished random game: its start, every phase's input and outcome
    (``steps[i]`` resolved into ``outcomes[i]``), the end."""

    start: GameState
    outcomes: list[Outcome] = field(default_factory=list)
    steps: list[PhaseInput] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        """The state after the last phase played."""
        return self.outcomes[-1].state if self.outcomes else self.start


def player_counts(ruleset: Ruleset) -> list[int]:
    """Player counts the ruleset's setup table covers."""
    return list(range(ruleset.MIN_PLAYERS, ruleset.MAX_PLAYERS + 1))


def random_game(ruleset: Ruleset, n_players: int, seed: int, max_steps: int = 80) -> PlayedGame:
    """Play one random game of ``n_players`` from ``seed`` (see module doc)."""
    rng = random.Random(seed)
    variant = ruleset.default_variant(n_players)
    composition = ruleset.composition(n_players, variant)
    names = [f"P{i + 1}" for i in range(n_players)]
    seats = ruleset.draw_seats(names, composition, seed)
    state = ruleset.new_game(seats, variant, {}, seed=seed)
    game = PlayedGame(state)
    for _ in range(max_steps):
        if state.winner is not None:
            break
        step = ruleset.random_step(state, ruleset.next_phase(state), rng)
        outcome = ruleset.resolve(state, step)
        game.steps.append(step)
        game.outcomes.append(outcome)
        state = outcome.state
    return game


# Random full games a second each ruleset plays on one core (the engines'
# speed target: a whole game resolved in about a millisecond).
TARGET_GAMES_PER_SECOND = 1000


def _load() -> str:
    """The machine's 1-minute load average and its cores, e.g. ``load average 0.8 on 2 cores``."""
    try:
        one = os.getloadavg()[0]
    except OSError:
        return f"{os.cpu_count()} cores"
    return f"load average {one:.1f} on {os.cpu_count()} cores"


def benchmark(games: int, only: list[str] | None = None, memory: bool = False) -> int:
    """Play ``games`` seeded random games per ruleset and print games per
    second and phases (resolved days and nights) per second, wall clock on
    one core; with ``memory`` also the peak traced memory in MiB (tracing
    slows play several times, so the speed figures are then not
    comparable). Each line ends with the target (``TARGET_GAMES_PER_SECOND``
    random full games a second on one core) and ``ok`` or ``MISS``; with
    ``memory`` no verdict is given. Returns 0."""
    header = f"{'ruleset':<12} {'games':>6} {'games/s':>9} {'phases/s':>9} {'ended':>6}"
    header += f" {'peak MiB':>9}" if memory else f" {'target':>8}"
    print(
        f"rulesets bench {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: {games} seeded random games per ruleset, {_load()}"
    )
    print(header)
    for rid in only or ids():
        ruleset = get(rid)
        counts = player_counts(ruleset)
        if memory:
            tracemalloc.start()
        started = time.perf_counter()
        phases = ended = 0
        for i in range(games):
            game = random_game(ruleset, counts[i % len(counts)], seed=i)
            phases += len(game.outcomes)
            ended += game.final.winner is not None
        elapsed = time.perf_counter() - started
        line = f"{rid:<12} {games:>6} {games / elapsed:>9.1f} {phases / elapsed:>9.0f} {ended:>6}"
        if memory:
            line += f" {tracemalloc.get_traced_memory()[1] / 2**20:>9.2f}"
            tracemalloc.stop()
        else:
            rate = games / elapsed
            line += f" {'≥ ' + str(TARGET_GAMES_PER_SECOND):>8}  {'ok' if rate >= TARGET_GAMES_PER_SECOND else 'MISS'}"
        print(line, flush=True)
    return 0
