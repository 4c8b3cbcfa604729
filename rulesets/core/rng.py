"""A phase's random generator, seeded on its first draw.

``Ruleset.resolve`` hands every phase a generator seeded from the game's
seed and the number of phases played. Seeding a Mersenne Twister costs more
than most phases spend drawing, and many phases draw nothing, so
``PhaseRandom`` waits for the first draw: its numbers are exactly those of
``random.Random(seed)``.
"""

from __future__ import annotations

import random
from typing import Any


class PhaseRandom(random.Random):
    """``random.Random(seed)``, seeded when it is first used.

    Every draw of ``random.Random`` goes through ``random`` or
    ``getrandbits``; the first call of either (or of ``getstate``) seeds the
    generator and puts the generator's own methods in their place. An
    explicit ``seed`` or ``setstate`` replaces the pending seed.
    """

    def __init__(self, seed: int) -> None:
        # No ``random.Random.__init__``: it would seed now.
        self._pending: int | None = seed
        self.gauss_next = None  # as ``random.Random.seed`` leaves it

    def _start(self) -> None:
        """Seed with the pending seed, once, and stop intercepting draws."""
        if self._pending is not None:
            super().seed(self._pending)
            self._ready()

    def _ready(self) -> None:
        # A caller may hold the intercepting method (``_randbelow`` keeps
        # ``self.getrandbits``): it keeps working, without seeding again.
        self._pending = None
        self.random = super().random  # type: ignore[method-assign]
        self.getrandbits = super().getrandbits  # type: ignore[method-assign]
        self.getstate = super().getstate  # type: ignore[method-assign]

    def random(self) -> float:
        """The next float in [0, 1), as ``random.Random.random``."""
        self._start()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        """An int with ``k`` random bits, as ``random.Random.getrandbits``."""
        self._start()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        """The generator's state, as ``random.Random.getstate``."""
        self._start()
        return super().getstate()

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seed afresh, as ``random.Random.seed``; the pending seed is dropped."""
        super().seed(a, version)
        self._ready()

    def setstate(self, state: Any) -> None:
        """Restore a state, as ``random.Random.setstate``; the pending seed is dropped."""
        super().setstate(state)
        self._ready()
