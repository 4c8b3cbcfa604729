"""A phase's random generator, made on its first use.

``Ruleset.resolve`` hands every phase a generator seeded from the game's
seed and the number of phases played. Making a Mersenne Twister costs more
than most phases spend drawing (Python seeds one from the clock even
before its seed is given), and many phases draw nothing, so
``PhaseRandom`` makes its ``random.Random(seed)`` when first asked for
anything: its numbers are exactly that generator's.
"""

from __future__ import annotations

import random
from typing import Any


class PhaseRandom:
    """``random.Random(seed)``, made when it is first used.

    Every attribute (``random``, ``choice``, ``shuffle``, ``seed``,
    ``getstate``…) is the generator's own, read on first use; methods are
    kept on the instance so that later reads cost no more than the
    generator's. An explicit ``seed`` or ``setstate`` replaces the seed
    given here, as on the generator itself.
    """

    def __init__(self, seed: Any) -> None:
        self._seed = seed

    def __getattr__(self, name: str) -> Any:
        # Only for names the instance does not hold yet: the first draw makes the generator.
        if name.startswith("__"):
            raise AttributeError(name)
        generator = self.__dict__.get("_generator")
        if generator is None:
            generator = self.__dict__["_generator"] = random.Random(self._seed)
        value = getattr(generator, name)
        if callable(value):
            self.__dict__[name] = value  # a bound method of the generator: read directly next time
        return value


def draws_by_bits(rng: Any) -> bool:
    """True when ``rng._randbelow(n)`` is ``random.Random``'s own (``n``'s bit
    length of ``getrandbits``, drawn again while the number is ``n`` or
    more), as for ``random.Random`` itself: a loop drawing many numbers may
    then write it out with the same ``getrandbits`` calls."""
    return getattr(type(rng), "_randbelow", None) is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def sample_few(rng: Any, population: list[Any], k: int) -> list[Any]:
    """``rng.sample(population, k)``: the same list from the same draws.

    For a ``random.Random`` whose ``sample`` is the library's own, a list
    ``population`` and ``k`` from 0 to 5, the library's loop for such small
    samples is written out without its general checks, which cost several
    times the draws; anything else is ``rng.sample`` itself (and raises as
    it does).
    """
    n = len(population)
    if (
        type(population) is not list
        or not 0 <= k <= 5
        or k > n
        or getattr(type(rng), "sample", None) is not random.Random.sample
    ):
        return rng.sample(population, k)
    below = rng._randbelow
    result = []
    if n <= 21:  # the library's ``setsize`` for k ≤ 5: a copy of the list, the drawn moved out
        pool = population.copy()
        for i in range(k):
            j = below(n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = below(n)
        while j in selected:
            j = below(n)
        selected.add(j)
        result.append(population[j])
    return result
