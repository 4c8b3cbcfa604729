"""With Redis down, players still post and log in: the cache misses and
drops its writes instead of answering 500 (the flood and login limits are
lifted until Redis is back). Nothing listens on the port used here."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from games.models import Post
from mafia_site import settings as site_settings

from ..conftest import PASSWORD
from .pages import client_as, rooms_of

# The site's caches, with the shared one on a Redis that is down (the
# per-process ones, rendered posts and kept pages, stay).
DEAD_REDIS = {**site_settings.CACHES, "default": site_settings.redis_cache("redis://127.0.0.1:6390/0")}


@pytest.fixture
def redis_down():
    """The site's Redis cache configuration, pointed at a port where no Redis runs."""
    with override_settings(CACHES=DEAD_REDIS):
        yield


def test_a_player_posts_while_redis_is_down(forum_game, redis_down) -> None:
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    response = client_as("bob").post(reverse("room", args=[game.slug, room.public_id]), {"body": "Still here."})
    assert response.status_code == 302
    assert Post.objects.filter(room=room, body="Still here.").exists()


@pytest.mark.django_db(transaction=True)
def test_a_player_reads_a_thread_while_redis_is_down(forum_game, redis_down) -> None:
    """Without the shared cache a thread is still served (the versions of
    the pages live in PostgreSQL), and a post made meanwhile reaches the
    next view."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    url = reverse("room", args=[game.slug, room.public_id])
    reader = client_as("carol")
    for _ in range(3):
        assert reader.get(url).status_code == 200
    client_as("bob").post(url, {"body": "Posted while Redis is down."})
    assert "Posted while Redis is down." in reader.get(url).content.decode()


def test_a_player_logs_in_while_redis_is_down(personas, redis_down) -> None:
    client = Client()
    response = client.post(reverse("account_login"), {"login": "bob", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].username == "bob"
