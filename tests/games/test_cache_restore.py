"""Nothing stale, nothing lost when the shared cache (Redis) loses, restores
or replays its data: no page is served that was built under a game or
access state that has changed since, and a logout stays a logout.

Redis is emptied and brought back from a copy of every key taken earlier
(DUMP, FLUSHDB, RESTORE with each key's time left), as a restart from an
older snapshot does."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from django_redis import get_redis_connection

from games import flow
from games.models import Player

from .channel import channel_of
from .pages import client_as, rooms_of
from .test_redis_down import DEAD_REDIS

# Committed transactions: pages are kept only outside one, as the site runs.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def redis():
    """The raw Redis client of the site's cache (the test run's own Redis
    database, given by ``REDIS_URL``)."""
    assert settings.REDIS_URL, "these tests need REDIS_URL: the site's cache on Redis"
    return get_redis_connection("default")


def snapshot(redis) -> list[tuple[bytes, int, bytes]]:
    """Every key of the cache's database: name, milliseconds left (0: none) and DUMP."""
    keys = redis.keys("*")
    return [(key, max(redis.pttl(key), 0), redis.dump(key)) for key in keys if redis.exists(key)]


def restore(redis, copy: list[tuple[bytes, int, bytes]]) -> None:
    """Empty the cache's database and bring back ``copy`` (``snapshot``)."""
    redis.flushdb()
    for key, ttl, dumped in copy:
        redis.restore(key, ttl, dumped, replace=True)


def _view(client, url: str, times: int = 3):
    """View ``url`` ``times`` times (the next views of a finished game's
    page are served kept); the last answer."""
    for _ in range(times - 1):
        client.get(url)
    return client.get(url)


def test_a_restored_cache_serves_no_page_kept_before_a_replacement_and_a_post(forum_game, make_user, redis) -> None:
    """FORUM-010 threads: kept pages of the Don (his team room), a citizen
    (the day thread) and the Don's cabinet and game page; the cache copied;
    the Don's seat replaced (замена) and a post made; the cache brought back
    from the copy. The old account reads nothing of the team room, the
    reader sees the new post, the newcomer sees his role."""
    game, seats = forum_game
    rooms = rooms_of(game)
    mafia = reverse("room", args=[game.slug, rooms["mafia"].public_id])
    day = reverse("room", args=[game.slug, rooms["day"].public_id])
    game_page = reverse("game", args=[game.slug])
    flow.post_create(room=rooms["mafia"], seat=seats["Bonnie"], body="our secret plan")
    flow.post_create(room=rooms["day"], seat=seats["Plain One"], body="good morning")
    bob, citizen = client_as("bob"), client_as("citizen")
    mafia_page = _view(bob, mafia).content.decode()
    assert "our secret plan" in mafia_page
    assert "You play as <strong>Bonnie</strong>" in _view(bob, game_page).content.decode()
    day_page = _view(citizen, day).content.decode()
    assert "good morning" in day_page
    mafia_poll, poll = channel_of(mafia_page), channel_of(day_page)
    for client, url in ((bob, mafia_poll), (citizen, poll)):
        assert client.get(url).status_code == 204  # nothing new
    copy = snapshot(redis)

    newcomer = make_user("newcomer")
    flow.player_replace(game=game, player=Player.objects.get(pk=seats["Bonnie"].pk), new_user=newcomer)
    flow.post_create(room=rooms["day"], seat=seats["Clyde"], body="the Don was replaced")
    restore(redis, copy)

    assert bob.get(mafia).status_code == 404
    assert bob.get(mafia_poll).status_code == 404
    assert "You play as" not in bob.get(game_page).content.decode()
    assert "the Don was replaced" in citizen.get(day).content.decode()
    news = citizen.get(poll)
    assert news.status_code == 200 and "the Don was replaced" in news.content.decode()
    newcomer_client = client_as("newcomer")
    assert "You play as <strong>Bonnie</strong>" in newcomer_client.get(game_page).content.decode()
    assert "our secret plan" in newcomer_client.get(mafia).content.decode()


def test_a_restored_cache_serves_no_finished_games_page_kept_before_a_post(forum_game, redis) -> None:
    """A finished game's pages, kept for a reader and a visitor; the cache
    copied; the host's post after the end; the cache brought back from the
    copy: both read the post at once."""
    game, seats = forum_game
    for nickname in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=Player.objects.get(pk=seats[nickname].pk))
    day = reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])
    citizen, visitor = client_as("citizen"), Client()
    for client in (citizen, visitor):
        assert "Thank you all" not in _view(client, day).content.decode()
    copy = snapshot(redis)
    flow.post_create(room=rooms_of(game)["day"], seat=None, body="Thank you all for the game.", by_host=True)
    restore(redis, copy)
    for client in (citizen, visitor):
        assert "Thank you all for the game." in client.get(day).content.decode()


def test_a_write_while_the_cache_is_unreachable_leaves_no_stale_page(forum_game, redis) -> None:
    """A post and a replacement made while Redis cannot be reached (their
    transactions write nothing there), then Redis back with what it held:
    the pages kept before show the writes at once."""
    game, seats = forum_game
    rooms = rooms_of(game)
    day = reverse("room", args=[game.slug, rooms["day"].public_id])
    cabinet = reverse("cabinet", args=[game.slug])
    citizen, carol = client_as("citizen"), client_as("carol")
    assert "posted while Redis was away" not in _view(citizen, day).content.decode()
    assert _view(carol, cabinet).status_code == 200
    with override_settings(CACHES=DEAD_REDIS):
        flow.post_create(room=rooms["day"], seat=seats["Clyde"], body="posted while Redis was away")
        flow.player_replace(
            game=game,
            player=Player.objects.get(pk=seats["Clyde"].pk),
            new_user=get_user_model().objects.get(username="dave"),
        )
    assert "posted while Redis was away" in citizen.get(day).content.decode()
    assert carol.get(cabinet).status_code == 403


def test_a_restored_cache_does_not_undo_a_logout(forum_game, redis) -> None:
    """Log in, copy the cache, log out, bring the cache back from the copy:
    the old session cookie is anonymous (sessions live in the database)."""
    game, _seats = forum_game
    client = client_as("carol")
    cabinet = reverse("cabinet", args=[game.slug])
    assert _view(client, cabinet).status_code == 200
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    copy = snapshot(redis)
    client.post(reverse("account_logout"))
    restore(redis, copy)
    client.cookies[settings.SESSION_COOKIE_NAME] = cookie
    assert client.get(reverse("home")).context["user"].is_anonymous
    assert client.get(cabinet).status_code == 302  # to the login page
