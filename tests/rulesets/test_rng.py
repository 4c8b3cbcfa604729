"""``PhaseRandom`` draws exactly what ``random.Random`` draws from the same seed."""

from __future__ import annotations

import random

import pytest

from rulesets.core.rng import PhaseRandom, draws_by_bits, sample_few

FIRST_DRAWS = {
    "choice": (list(range(9)),),
    "shuffle": (list(range(9)),),
    "sample": (list(range(40)), 4),
    "randint": (1, 100),
    "randrange": (10**30,),
    "random": (),
    "uniform": (0, 5),
    "gauss": (0, 1),
    "choices": ("abcdef",),
    "randbytes": (7,),
    "getstate": (),
}


@pytest.mark.parametrize("seed", [0, 1, 12_345_678_901_234_567, 2**70 + 5])
@pytest.mark.parametrize("first", sorted(FIRST_DRAWS))
def test_same_numbers_as_random_random(seed: int, first: str) -> None:
    """Whatever is drawn first, the draws match ``random.Random(seed)``'s."""
    expected, got = random.Random(seed), PhaseRandom(seed)
    args = FIRST_DRAWS[first]
    a = [list(x) if isinstance(x, list) else x for x in args]
    b = [list(x) if isinstance(x, list) else x for x in args]
    assert getattr(got, first)(*b) == getattr(expected, first)(*a)
    assert a == b  # shuffle shuffled alike
    assert [got.random() for _ in range(5)] == [expected.random() for _ in range(5)]
    assert got.sample(range(1000), 10) == expected.sample(range(1000), 10)
    assert got.getrandbits(100) == expected.getrandbits(100)


def test_seed_and_setstate_replace_the_pending_seed() -> None:
    """An explicit ``seed`` or ``setstate`` wins over the seed given at creation."""
    rng = PhaseRandom(5)
    rng.seed(7)
    assert rng.random() == random.Random(7).random()
    rng = PhaseRandom(5)
    rng.setstate(random.Random(9).getstate())
    assert rng.random() == random.Random(9).random()


def test_the_generator_is_made_on_first_use_only() -> None:
    """A phase that draws nothing never makes its generator; the first draw
    makes ``random.Random(seed)`` once, and later draws reuse it."""
    rng = PhaseRandom(11)
    assert "_generator" not in vars(rng)
    first = rng.random()
    made = vars(rng)["_generator"]
    assert first == random.Random(11).random()
    expected = random.Random(11)
    expected.random()
    assert rng.choice(range(50)) == expected.choice(range(50))
    assert vars(rng)["_generator"] is made


def test_draws_by_bits_names_the_generators_drawing_below_by_getrandbits() -> None:
    """``random.Random`` draws below n by ``getrandbits``; a generator whose
    ``random`` alone is its own does not, and is not written out."""

    class OwnRandom(random.Random):
        def random(self) -> float:
            return 0.5

    assert draws_by_bits(random.Random(1))
    assert not draws_by_bits(OwnRandom(1))
    assert not draws_by_bits(PhaseRandom(1))


class _OwnSample(random.Random):
    """A generator whose ``sample`` is not the library's."""

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def]
        return list(population[:k])


@pytest.mark.parametrize("size", [0, 1, 2, 3, 13, 21, 22, 30])
@pytest.mark.parametrize("k", [0, 1, 2, 5])
def test_sample_few_draws_what_sample_draws(size: int, k: int) -> None:
    """``sample_few`` returns ``rng.sample``'s list and leaves the generator in
    the same state, below and above the library's small-population bound (21)."""
    population = [f"P{i}" for i in range(size)]
    for seed in range(30):
        expected, got = random.Random(seed), random.Random(seed)
        if k > size:
            with pytest.raises(ValueError):
                sample_few(got, population, k)
            continue
        assert sample_few(got, population, k) == expected.sample(population, k)
        assert got.getstate() == expected.getstate()
    assert population == [f"P{i}" for i in range(size)]  # never shuffled in place


def test_sample_few_defers_to_another_sample() -> None:
    """A generator with a ``sample`` of its own, a tuple or a larger sample go to ``rng.sample``."""
    names = [f"P{i}" for i in range(10)]
    assert sample_few(_OwnSample(1), names, 2) == ["P0", "P1"]
    assert sample_few(random.Random(3), tuple(names), 2) == random.Random(3).sample(tuple(names), 2)
    assert sample_few(random.Random(4), names, 7) == random.Random(4).sample(names, 7)
    lazy = PhaseRandom(5)
    assert sample_few(lazy, names, 2) == random.Random(5).sample(names, 2)
