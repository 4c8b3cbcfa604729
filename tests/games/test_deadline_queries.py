"""A deadline's resolution costs a fixed, small number of queries: one
day-vote resolution and one night resolution of a 12-seat forum game each
take at most 21, from the tick's claim of the game to its commit (what
``manage.py bench_deadline`` counts per resolution; with 1,000 games due at
one instant, every query counts a thousand times). The test runs outside
a test transaction, so that the claim's transaction is the real one."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from benchmarks import bench
from games import flow
from games.models import Deadline, Game, Phase, Post, Resolution

pytestmark = pytest.mark.django_db(transaction=True)

# 21 since the games' versions moved to PostgreSQL: one statement in the
# claim's own transaction moves the version of every claimed game.
MAX_QUERIES = 21
SEATS = 12


def _arm(game: Game, kind: str, resolves: bool) -> int:
    """Move the open ``kind`` phase's pending (resolving or not) deadlines
    of ``game`` to now; returns how many."""
    return Deadline.objects.filter(
        phase__game=game, phase__kind=kind, phase__number=1, done_at__isnull=True, resolves=resolves
    ).update(due_at=timezone.now())


def _resolve(game: Game, kind: str) -> tuple[int, list[str]]:
    """Fire the open ``kind`` phase's resolving deadline as the tick does
    (one claim); returns the deadlines fired and the statements run."""
    assert _arm(game, kind, resolves=True) == 1
    statements: list[str] = []

    def count(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    # Counted as the benchmark counts them: the statements sent (not the
    # transaction's own BEGIN and COMMIT).
    with connection.execute_wrapper(count):
        fired = flow.resolve_due(limit=1)
    return fired, statements


@pytest.fixture
def game(make_user) -> Game:
    """A running 12-seat forum game on the standard schedule, day 1 open:
    most seats handed in their day choices and voted (as the benchmark
    builds it); the day choices are locked. The seating is drawn from a
    fixed seed, one under which the game goes on past night 1 and the night
    hands private results out (some seatings end the game that night, or
    give nobody a private result)."""
    rng = random.Random(1)
    host = make_user("host")
    players = [make_user(f"p{i}") for i in range(SEATS)]
    now = timezone.now()
    game = bench.forum_game(host, players, "Twelve seats", now=now, seed=0)
    bench.hand_in_choices(game, rng, now=now + timedelta(seconds=1), share=0.8)
    bench.cast_votes(game, rng, now=now + timedelta(seconds=2))
    _arm(game, Phase.Kind.DAY, resolves=False)
    while flow.resolve_due():
        pass
    return game


def test_a_day_vote_and_a_night_resolve_in_at_most_21_queries_each(game) -> None:
    """The day's vote deadline resolves the day (its results go up in the
    vote thread) and the night's deadline resolves the night (the private
    results in the cabinets, the results in day 2's thread), each in at
    most 21 queries; every room's posts stay numbered 1, 2, 3 … without a
    gap or a repeat."""
    fired, queries = _resolve(game, Phase.Kind.DAY)
    assert fired == 1
    assert len(queries) <= MAX_QUERIES, "\n".join(queries)
    day = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind=Phase.Kind.DAY)
    assert day.published_post is not None and day.published_post.room.kind == "vote"
    game.refresh_from_db()
    assert game.is_running and flow.current_phase(game).kind == Phase.Kind.NIGHT

    bench.hand_in_choices(game, random.Random(2))
    before = Post.objects.order_by("-id").values_list("id", flat=True).first() or 0
    fired, queries = _resolve(game, Phase.Kind.NIGHT)
    assert fired == 1
    assert len(queries) <= MAX_QUERIES, "\n".join(queries)
    night = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind=Phase.Kind.NIGHT)
    assert (night.published_post.room.kind, night.published_post.room.day) == ("day", 2)
    assert Post.objects.filter(room__game=game, room__kind="cabinet", id__gt=before).exists()
    for room in game.rooms.all():
        numbers = list(room.posts.order_by("number").values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1)), room
