"""Security of the pages: CSRF on every form, a strict Content-Security-
Policy, no state change on GET, the flood limit on posting, and hostile
markup through the real post form."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.models import Post, Vote

from .channel import channel_of, channel_url
from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db


def _csrf_client(persona: str) -> Client:
    from django.contrib.auth import get_user_model

    client = Client(enforce_csrf_checks=True)
    client.force_login(get_user_model().objects.get(username=persona))
    return client


def test_a_post_without_csrf_token_is_refused(forum_game) -> None:
    """A post form submitted without its CSRF token gets 403 and stores nothing."""
    game, _seats = forum_game
    url = reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])
    response = _csrf_client("bob").post(url, {"body": "forged"})
    assert response.status_code == 403
    assert not Post.objects.filter(body="forged").exists()


def test_a_vote_without_csrf_token_is_refused(forum_game) -> None:
    """A forged vote gets 403 and counts nothing (FORUM-019)."""
    game, seats = forum_game
    url = reverse("vote", args=[game.slug, rooms_of(game)["vote"].public_id])
    response = _csrf_client("bob").post(url, {"target": seats["Doc"].public_id, "confirm": "on"})
    assert response.status_code == 403
    assert Vote.objects.count() == 0


def test_a_host_tool_without_csrf_token_is_refused(forum_game) -> None:
    """The host's tools need the token too: a forged 'resolve now' is 403."""
    game, _seats = forum_game
    response = _csrf_client("alice").post(reverse("host_resolve", args=[game.slug]))
    assert response.status_code == 403
    assert game.phases.filter(resolved_at__isnull=False).count() == 0


def test_a_post_with_its_csrf_token_is_accepted(forum_game) -> None:
    """The token the page hands out is accepted."""
    game, _seats = forum_game
    url = reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])
    client = _csrf_client("bob")
    client.get(url)
    response = client.post(
        url, {"body": "genuine", "csrfmiddlewaretoken": client.cookies[settings.CSRF_COOKIE_NAME].value}
    )
    assert response.status_code == 302
    assert Post.objects.filter(body="genuine").exists()


@pytest.mark.parametrize("page", ["home", "game", "room", "login"])
def test_pages_carry_a_strict_content_security_policy(forum_game, page) -> None:
    """Every page forbids inline and foreign scripts and framing."""
    game, _seats = forum_game
    urls = {
        "home": reverse("home"),
        "game": reverse("game", args=[game.slug]),
        "room": reverse("room", args=[game.slug, rooms_of(game)["day"].public_id]),
        "login": reverse("account_login"),
    }
    csp = Client().get(urls[page])["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp


def test_error_pages_carry_the_content_security_policy(forum_game) -> None:
    """A 404 is served with the same policy."""
    response = Client().get("/g/no-such-game/")
    assert response.status_code == 404
    assert "script-src 'self'" in response["Content-Security-Policy"]


@pytest.mark.parametrize(
    "view", ["vote", "host_resolve", "host_start", "host_extend", "host_penalty", "host_replace", "game_apply"]
)
def test_actions_are_refused_on_get(forum_game, view) -> None:
    """A link cannot change the game: every action answers GET with 405."""
    game, _seats = forum_game
    args = [game.slug, rooms_of(game)["vote"].public_id] if view == "vote" else [game.slug]
    response = client_as("alice" if view.startswith("host") else "bob").get(reverse(view, args=args))
    assert response.status_code == 405


def test_reading_a_room_changes_nothing(forum_game) -> None:
    """GET with post-like parameters stores nothing."""
    game, _seats = forum_game
    url = reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])
    before = Post.objects.count()
    assert client_as("bob").get(url, {"body": "sneaky"}).status_code == 200
    assert Post.objects.count() == before


def test_the_post_over_the_flood_limit_is_refused_and_kept(forum_game) -> None:
    """After MAFIA_POSTS_PER_MINUTE posts within a minute the next one gets
    429 and its text is still in the form."""
    game, _seats = forum_game
    url = reverse("room", args=[game.slug, rooms_of(game)["intro"].public_id])
    client = client_as("bob")
    for i in range(settings.MAFIA_POSTS_PER_MINUTE):
        assert client.post(url, {"body": f"post {i}"}).status_code == 302
    response = client.post(url, {"body": "one too many"})
    assert response.status_code == 429
    html = response.content.decode()
    assert "You are posting too fast" in html
    assert "one too many</textarea>" in html
    assert not Post.objects.filter(body="one too many").exists()


def test_the_flood_limit_is_per_poster(forum_game, settings) -> None:
    """One player's flood does not silence another."""
    settings.MAFIA_POSTS_PER_MINUTE = 1
    game, _seats = forum_game
    url = reverse("room", args=[game.slug, rooms_of(game)["intro"].public_id])
    assert client_as("bob").post(url, {"body": "first"}).status_code == 302
    assert client_as("bob").post(url, {"body": "second"}).status_code == 429
    assert client_as("carol").post(url, {"body": "mine"}).status_code == 302


def test_hostile_markup_posted_through_the_form_is_inert(forum_game) -> None:
    """A post with a script and a javascript: link shows as harmless text."""
    game, _seats = forum_game
    url = reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])
    client = client_as("bob")
    client.post(
        url, {"body": '<script>alert("x")</script> [url=javascript:alert(1)]go[/url] <img src=x onerror=alert(1)>'}
    )
    html = client.get(url).content.decode()
    body = html[html.index('<div class="body">') :]
    body = body[: body.index("</div>")]
    assert "<script" not in body and "<img" not in body and 'href="javascript' not in body
    assert "&lt;script&gt;" in body


def test_a_page_made_for_its_reader_is_never_kept_by_a_shared_cache(forum_game) -> None:
    """A cabinet, a private room and the live channel (its quick "nothing
    new" and its answers) are made for one reader: they say
    ``Cache-Control: private`` beside ``Vary: Cookie``, so a proxy between
    the site and its players never hands one player's page to another."""
    game, _seats = forum_game
    rooms = rooms_of(game)
    carol = client_as("carol")
    cop_room = reverse("room", args=[game.slug, rooms["cop"].public_id])
    for url in (
        reverse("cabinet", args=[game.slug]),
        cop_room,
        channel_of(carol.get(cop_room).content.decode()),
        channel_url(game, rooms["cop"], a=0),
        reverse("game", args=[game.slug]),
    ):
        response = carol.get(url)
        assert response.status_code in (200, 204), url
        assert "private" in response.get("Cache-Control", ""), url
