"""The live poll answers "nothing new" from the cache with two small
queries (the session, the game's version), and never on behalf of a reader
who may no longer read the room."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import flow
from games.models import Player, Room

from .pages import client_as, rooms_of, settled

# Committed transactions, as the site runs. The cache keys hold the rooms'
# random ids, so tests running in parallel on one cache never meet.
pytestmark = pytest.mark.django_db(transaction=True)


def _poll(client, game, room, after: int):
    url = reverse("room_new_posts", args=[game.slug, room.public_id])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, {"after": after})
    return response, len(queries)


def test_a_poll_with_nothing_new_costs_the_session_and_the_version(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    post = flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    client = client_as("bob")
    first, _ = _poll(client, game, room, post.number)  # the full check, remembered
    assert first.status_code == 204
    again, queries = _poll(client, game, room, post.number)
    assert again.status_code == 204 and queries == 2
    flow.post_create(room=room, seat=seats["Mafia Two"], body="agreed")
    news, _ = _poll(client, game, room, post.number)
    assert news.status_code == 200 and "agreed" in news.content.decode()


def test_a_replaced_player_learns_nothing_from_polling_his_old_team_room(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    post = flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    bob = client_as("bob")
    assert _poll(bob, game, room, post.number)[0].status_code == 204
    flow.player_replace(
        game=game,
        player=Player.objects.get(game=game, nickname="Bonnie"),
        new_user=get_user_model().objects.get(username="dave"),
    )
    assert _poll(bob, game, room, post.number)[0].status_code == 404


def test_a_stranger_never_gets_the_fast_answer_for_a_private_room(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    post = flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    _poll(client_as("bob"), game, room, post.number)
    assert _poll(client_as("dave"), game, room, post.number)[0].status_code == 404
    assert _poll(client_as("anon"), game, room, post.number)[0].status_code == 404


def test_the_vote_count_is_swapped_only_when_it_changed(forum_game, personas) -> None:
    """The vote thread's channel answers nothing while the count holds and
    then swaps the count alone (out of band) inside a live region that
    stays, so screen readers announce changes only."""
    game, seats = forum_game
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    client = client_as(personas["carol"])
    page = client.get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert '<section id="vote-count" class="vote-count" aria-live="polite">' in page
    url = settled(client, reverse("room", args=[game.slug, room.public_id]))
    assert client.get(url).status_code == 204
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    changed = client.get(url)
    assert changed.status_code == 200
    body = changed.content.decode()
    count = re.search(r'<div id="vote-count-body" hx-swap-oob="true">.*?</div>', body, re.S)
    assert count and "Bonnie" in count.group(0) and "aria-live" not in body
