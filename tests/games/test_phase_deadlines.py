"""The open phase a page reads carries its deadlines: the vote thread's
window and the cabinet's deadlines come from the phase's own query, and
say what the deadlines in the database say (PITER-010..PITER-017: a piter
day has five, fired one by one)."""

from __future__ import annotations

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import flow
from games.models import Deadline
from games.pages.phase_bar import _open_phase

from .test_every_ruleset import hosted_game


def _as_read(deadlines) -> list[tuple]:
    return [(d.pk, d.phase_id, d.kind, d.due_at, d.resolves, d.done_at) for d in deadlines]


def test_the_phase_read_for_a_page_carries_its_deadlines_as_the_database_has_them(
    personas, make_user, django_assert_num_queries
) -> None:
    """Through a piter day, deadline by deadline: the carried deadlines are
    the phase's rows (ids, kinds, times in UTC, which resolve, which
    fired and when), in ``phase.deadlines.all()``'s order, read with no
    query of their own; a field they do not carry is still read right."""
    game = hosted_game(personas["alice"], make_user, "piter", "", 10, seed=3)
    seen_fired = 0
    for _ in range(4):
        deadline = flow.current_phase(game).deadlines.filter(done_at__isnull=True).order_by("due_at").first()
        flow.resolve_due(now=deadline.due_at)
        game.refresh_from_db()
        phase = _open_phase(game, None)
        stored = list(Deadline.objects.filter(phase=phase).order_by("due_at", "pk"))
        with django_assert_num_queries(0):
            carried = list(phase.deadlines.all())
            window = flow.day_window(game, phase, now=deadline.due_at)
        assert _as_read(carried) == _as_read(stored)
        assert all(d.due_at.utcoffset().total_seconds() == 0 for d in carried)
        assert window == flow.day_window(game, flow.current_phase(game), now=deadline.due_at)
        seen_fired = max(seen_fired, sum(d.done_at is not None for d in carried))
        assert [d.attempts for d in carried] == [d.attempts for d in stored]
    assert seen_fired >= 2  # fired deadlines carried with their time
    # A filtered read still asks the database.
    with django_assert_num_queries(1):
        assert phase.deadlines.filter(kind=carried[-1].kind).count() == 1


def test_the_vote_thread_and_the_cabinet_read_no_deadlines_of_their_own(
    personas, make_user, django_assert_num_queries
) -> None:
    """The vote thread's window (PITER-010, PITER-011: nominations, then
    the vote) and the cabinet's deadlines come from the phase bar's query:
    no query of either page reads the deadlines table alone."""
    game = hosted_game(personas["alice"], make_user, "piter", "", 10, seed=3)
    deadline = flow.current_phase(game).deadlines.order_by("due_at").first()
    flow.resolve_due(now=deadline.due_at)  # day 1 opens
    seat = game.players.seated().filter(alive=True).select_related("user").first()
    client = Client()
    client.force_login(seat.user)
    vote = reverse("room", args=[game.slug, game.rooms.get(kind="vote", day=1).public_id])
    for url in (vote, reverse("cabinet", args=[game.slug])):
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200
        alone = [q["sql"] for q in queries if q["sql"].lstrip().startswith('SELECT "games_deadline"')]
        assert alone == [], alone
