"""The live poll keeps each room's last post number in the cache, set when
a post is committed, and reads it before anything else: a poll with
nothing new costs no database query, and a new post is still delivered."""

from __future__ import annotations

from datetime import timedelta

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


def test_several_games_forget_their_permissions_at_once() -> None:
    """``access_changed_many`` bumps each game's access version as
    ``access_changed`` does, a game never seen before starting at 1."""
    cache.delete_many([live._version_key("town-a"), live._version_key("town-b")])
    live.access_changed("town-a")
    live.access_changed_many(["town-a", "town-b"])
    assert cache.get(live._version_key("town-a")) == 2
    assert cache.get(live._version_key("town-b")) == 1
    live.access_changed_many([])


def test_the_tick_forgets_the_permissions_of_the_game_it_resolves(forum_game) -> None:
    """A resolution moves seats between rooms: the tick bumps the game's
    access version, so a permission remembered before no longer counts."""
    game, _seats = forum_game
    before = cache.get(live._version_key(game.slug)) or 0
    vote = game.phases.get(number=1, kind="day").deadlines.get(kind="vote")
    flow.resolve_due(vote.due_at + timedelta(seconds=1))
    vote.refresh_from_db()
    assert vote.done_at is not None
    assert (cache.get(live._version_key(game.slug)) or 0) > before


def test_a_change_of_hands_is_told_to_the_polls_when_it_commits(forum_game) -> None:
    """Inside a transaction the game's access version stays as it was (a
    poll checked meanwhile reads the rows before the change, and must not
    be remembered under the new version); it moves at the commit, and not
    at all when the transaction rolls back."""
    from django.db import transaction

    game, _seats = forum_game
    key = live._version_key(game.slug)
    cache.set(key, 5, None)
    with transaction.atomic():
        live.access_changed(game.slug)
        live.access_changed_many([game.slug])
        assert cache.get(key) == 5
    assert cache.get(key) == 7
    with pytest.raises(RuntimeError), transaction.atomic():
        live.access_changed(game.slug)
        raise RuntimeError
    assert cache.get(key) == 7
