"""The live poll remembers, in the cache, that the full view answered a
reader's poll "nothing new" under the game's version (kept in PostgreSQL
and moved with every write to the game): the same poll is then answered
with two small queries, and a new post is still delivered at once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games import flow, page_cache

from .pages import client_as, rooms_of

# Committed transactions, as the site runs.
pytestmark = pytest.mark.django_db(transaction=True)


def _url(game, room) -> str:
    return reverse("room_new_posts", args=[game.slug, room.public_id])


def test_a_poll_with_nothing_new_costs_two_queries_and_a_new_post_is_delivered(
    forum_game, django_assert_num_queries
) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    post = flow.post_create(room=room, seat=seats["Plain One"], body="who is the doctor?")
    client = client_as("citizen")
    assert client.get(_url(game, room), {"after": post.number}).status_code == 204  # checked once, remembered
    with django_assert_num_queries(2):  # the session, the game's version
        response = client.get(_url(game, room), {"after": post.number})
    assert response.status_code == 204
    flow.post_create(room=room, seat=seats["Clyde"], body="not telling")
    news = client.get(_url(game, room), {"after": post.number})
    assert news.status_code == 200 and "not telling" in news.content.decode()
    assert client.get(_url(game, room), {"after": post.number + 1}).status_code == 204
    with django_assert_num_queries(2):
        assert client.get(_url(game, room), {"after": post.number + 1}).status_code == 204


def test_the_tick_moves_the_version_of_the_game_it_resolves(forum_game) -> None:
    """A resolution moves seats between rooms: the tick moves the game's
    version, so an answer remembered before no longer counts."""
    game, _seats = forum_game
    before = page_cache.game_version(game.slug)
    vote = game.phases.get(number=1, kind="day").deadlines.get(kind="vote")
    flow.resolve_due(vote.due_at + timedelta(seconds=1))
    vote.refresh_from_db()
    assert vote.done_at is not None
    assert page_cache.game_version(game.slug) > before
