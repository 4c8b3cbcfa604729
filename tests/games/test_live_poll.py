"""A thread's live channel answers "nothing new" with two small queries
(the session, the game's version) and never on behalf of a reader who may
no longer read the room; the vote thread's channel swaps the count only
when it changed."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import flow
from games.models import Player, Room

from .channel import channel_of, channel_url, settled
from .pages import client_as, rooms_of

# Committed transactions, as the site runs.
pytestmark = pytest.mark.django_db(transaction=True)


def _poll(client, url: str):
    """The channel's answer to ``url`` and the queries it took."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return response, len(queries)


def _team_room_channel(client, game, room) -> str:
    """The channel of the team room's page as ``client`` opened it."""
    return channel_of(client.get(reverse("room", args=[game.slug, room.public_id])).content.decode())


def test_a_poll_with_nothing_new_costs_the_version_alone(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    client = client_as("bob")
    channel = _team_room_channel(client, game, room)
    again, queries = _poll(client, channel)
    assert again.status_code == 204 and queries == 1  # no session: the ticket holds its cookie
    flow.post_create(room=room, seat=seats["Mafia Two"], body="agreed")
    news, _ = _poll(client, channel)
    assert news.status_code == 200 and "agreed" in news.content.decode()


def test_a_replaced_player_learns_nothing_from_polling_his_old_team_room(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    bob = client_as("bob")
    channel = _team_room_channel(bob, game, room)
    assert _poll(bob, channel)[0].status_code == 204
    flow.player_replace(
        game=game,
        player=Player.objects.get(game=game, nickname="Bonnie"),
        new_user=get_user_model().objects.get(username="dave"),
    )
    answer = _poll(bob, channel)[0]
    assert answer.status_code == 404 and "the plan" not in answer.content.decode()
    assert _poll(bob, channel_url(game, room, a=0))[0].status_code == 404


def test_a_stranger_never_gets_the_fast_answer_for_a_private_room(forum_game) -> None:
    """The Don's channel address in a stranger's or a visitor's hands: a
    404, never the fast 204 that would say nothing was written there."""
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    channel = _team_room_channel(client_as("bob"), game, room)
    for who in ("dave", "anon"):
        assert _poll(client_as(who), channel)[0].status_code == 404, who
        assert _poll(client_as(who), channel_url(game, room, a=0))[0].status_code == 404, who


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
