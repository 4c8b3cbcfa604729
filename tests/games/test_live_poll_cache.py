"""The live poll keeps each room's last post number in the cache, set when
a post is committed, and reads it before anything else: a poll with
nothing new costs no database query, and a new post is still delivered."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from games import flow, live

from .pages import client_as, rooms_of

# Committed transactions: the last number reaches the cache on commit.
pytestmark = pytest.mark.django_db(transaction=True)


def _url(game, room) -> str:
    return reverse("room_new_posts", args=[game.slug, room.public_id])


def test_creating_a_post_keeps_the_rooms_last_number_in_the_cache(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    post = flow.post_create(room=room, seat=seats["Plain One"], body="first")
    assert cache.get(live._last_key(room.public_id)) == post.number
    later = flow.post_create(room=room, seat=seats["Bonnie"], body="second")
    assert cache.get(live._last_key(room.public_id)) == later.number


def test_a_poll_with_nothing_new_runs_no_query_and_a_new_post_is_delivered(
    forum_game, django_assert_num_queries
) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    post = flow.post_create(room=room, seat=seats["Plain One"], body="who is the doctor?")
    client = client_as("citizen")
    assert client.get(_url(game, room), {"after": post.number}).status_code == 204  # checked once, remembered
    with django_assert_num_queries(0):
        response = client.get(_url(game, room), {"after": post.number})
    assert response.status_code == 204
    flow.post_create(room=room, seat=seats["Clyde"], body="not telling")
    news = client.get(_url(game, room), {"after": post.number})
    assert news.status_code == 200 and "not telling" in news.content.decode()
    with django_assert_num_queries(0):
        assert client.get(_url(game, room), {"after": post.number + 1}).status_code == 204
