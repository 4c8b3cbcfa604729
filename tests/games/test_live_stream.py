"""The live channel pushed (``settings.LIVE_STREAM``): a page of a running
game names one stream instead of polling; the stream, served by uvicorn as
deployed, sends a new post the moment it is committed (woken by
PostgreSQL's notice), moves the reader's read mark as it shows the posts,
gives a stranger nothing, refuses a GET, and ends with the game."""

from __future__ import annotations

import http.client
import re
import time
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from games import flow
from games.live import THREAD_SECONDS
from games.models import ReadMark

from ..asgi_server import asgi_server
from .pages import client_as, rooms_of

# Committed transactions: the stream is served by another process.
pytestmark = pytest.mark.django_db(transaction=True)

STREAM = re.compile(r'data-stream="([^"]+)" data-csrf="([^"]+)"')


@pytest.fixture
def server(settings):
    settings.LIVE_STREAM = True
    with asgi_server() as base:
        yield base


def _stream_of(html: str) -> tuple[str, str]:
    found = STREAM.search(html)
    assert found, "no stream"
    return found.group(1).replace("&amp;", "&"), found.group(2)


class Stream:
    """A stream opened as the page's script opens it."""

    def __init__(self, base: str, client, html: str) -> None:
        path, csrf = _stream_of(html)
        cookies = "; ".join(f"{k}={v.value}" for k, v in client.cookies.items())
        self.conn = http.client.HTTPConnection(urlsplit(base).hostname, urlsplit(base).port, timeout=20)
        self.conn.request("POST", path, headers={"Cookie": cookies, "X-CSRFToken": csrf, "HX-Request": "true"})
        self.response = self.conn.getresponse()

    def opened(self) -> str:
        """The stream's first frame: the answer to the page's own state (or
        the comment opening it when there is none)."""
        frame = []
        while True:
            line = self.response.readline().decode()
            assert line, "the stream ended"
            if line == "\n":
                return "".join(frame)
            frame.append(line)

    def event(self, seconds: float = 15) -> str:
        """The next event's data (comments skipped); fails after ``seconds``."""
        end = time.monotonic() + seconds
        lines: list[str] = []
        while time.monotonic() < end:
            line = self.response.readline().decode()
            assert line, "the stream ended"
            if line == "\n":
                if lines:
                    return "\n".join(lines)
                continue
            if line.startswith("data: ") or line == "data:\n":
                lines.append(line[6:].rstrip("\n"))
        raise AssertionError("no event")

    def close(self) -> None:
        self.conn.close()


def test_a_running_games_page_names_a_stream_and_does_not_poll(settings, forum_game) -> None:
    settings.LIVE_STREAM = True
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    html = client_as("carol").get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    path, _csrf = _stream_of(html)
    assert path.startswith(reverse("live_stream", args=[game.slug]))
    assert 'hx-trigger="live-now from:document"' in html
    assert "every " not in re.search(r'<div id="live"[^>]*>', html).group(0)


def test_a_post_is_pushed_to_an_open_thread_and_marked_read_as_it_is_shown(server, forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    stream = Stream(server, carol, carol.get(reverse("room", args=[game.slug, room.public_id])).content.decode())
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type").startswith("text/event-stream")
        stream.opened()
        pushed = time.monotonic()
        post = flow.post_create(room=room, seat=seats["Doc"], body="Arrived while you were reading.")
        html = stream.event()
        assert time.monotonic() - pushed < THREAD_SECONDS + 3  # at most a poll's pace after the first answer
        assert "Arrived while you were reading." in html
        assert f'id="p{post.number}"' in html and 'hx-swap-oob="beforeend"' in html
        assert 'id="live"' in html and "data-stream=" in html
        deadline = time.monotonic() + 10  # with the next answer, or alone after 5 s
        while time.monotonic() < deadline:
            mark = ReadMark.objects.filter(room=room, user__username="carol").values_list("number", flat=True).first()
            if mark == post.number:
                break
            time.sleep(0.1)
        assert mark == post.number
    finally:
        stream.close()


def test_a_day_post_sends_nothing_to_a_cabinets_stream(server, forum_game) -> None:
    """A post in the day thread wakes every stream of the game; the
    cabinet's finds nothing it shows changed and sends nothing."""
    game, seats = forum_game
    carol = client_as("carol")
    stream = Stream(server, carol, carol.get(reverse("cabinet", args=[game.slug])).content.decode())
    try:
        assert stream.response.status == 200
        stream.opened()
        flow.post_create(room=rooms_of(game)["day"], seat=seats["Doc"], body="Nothing for the cabinet.")
        stream.conn.sock.settimeout(4)
        with pytest.raises(TimeoutError):
            stream.response.readline()
    finally:
        stream.close()


def test_a_stranger_gets_nothing_from_a_members_stream(server, forum_game, make_user) -> None:
    game, _seats = forum_game
    mafia = rooms_of(game)["mafia"]
    bob = client_as("bob")
    path, _csrf = _stream_of(bob.get(reverse("room", args=[game.slug, mafia.public_id])).content.decode())
    make_user("stranger")
    stranger = client_as("stranger")
    html = stranger.get(reverse("game", args=[game.slug])).content.decode()
    _own, csrf = _stream_of(html)
    cookies = "; ".join(f"{k}={v.value}" for k, v in stranger.cookies.items())
    conn = http.client.HTTPConnection(urlsplit(server).hostname, urlsplit(server).port, timeout=20)
    conn.request("POST", path, headers={"Cookie": cookies, "X-CSRFToken": csrf})
    answer = conn.getresponse()
    assert answer.status == 404
    assert b"data:" not in answer.read()
    conn.close()
    conn = http.client.HTTPConnection(urlsplit(server).hostname, urlsplit(server).port, timeout=20)
    conn.request("GET", path, headers={"Cookie": cookies})
    assert conn.getresponse().status == 405
    conn.close()


def test_every_page_of_a_running_game_opens_its_stream(server, forum_game) -> None:
    from .test_live_channel import _pages

    game, _seats = forum_game
    for name, (persona, url) in _pages(game).items():
        client = client_as(persona)
        stream = Stream(server, client, client.get(url).content.decode())
        try:
            assert stream.response.status == 200, (name, stream.response.read()[:3000])
            stream.opened()
        finally:
            stream.close()


def test_without_live_stream_pages_poll_and_the_stream_is_not_served(settings, forum_game) -> None:
    settings.LIVE_STREAM = False
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    html = carol.get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "data-stream" not in html and 'hx-trigger="every 5s' in html
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    cookies = "; ".join(f"{k}={v.value}" for k, v in carol.cookies.items())
    with asgi_server(live_stream=False) as base:
        conn = http.client.HTTPConnection(urlsplit(base).hostname, urlsplit(base).port, timeout=20)
        conn.request("POST", reverse("live_stream", args=[game.slug]), headers={"Cookie": cookies, "X-CSRFToken": csrf})
        assert conn.getresponse().status == 404
        conn.close()


def test_a_stream_outlives_the_loss_of_its_listening_connection(server, forum_game) -> None:
    """PostgreSQL drops the stream process's listening connection (a
    restart, a network cut): the process makes it again and the streams
    go on; a post written after that still reaches the open thread."""
    from django.db import connection

    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    stream = Stream(server, carol, carol.get(reverse("room", args=[game.slug, room.public_id])).content.decode())
    try:
        stream.opened()
        # The first stream starts the listening connection beside it: it may
        # still be connecting when the stream has opened.
        terminated = None
        deadline = time.monotonic() + 10
        while terminated is None and time.monotonic() < deadline:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND query LIKE 'LISTEN %%'"
                )
                terminated = cursor.fetchone()
            if terminated is None:
                time.sleep(0.1)
        assert terminated is not None, "no listening connection"
        time.sleep(2)  # it is made again a second later
        flow.post_create(room=room, seat=seats["Doc"], body="After the cut.")
        found = ""
        deadline = time.monotonic() + 15
        while "After the cut." not in found and time.monotonic() < deadline:
            found = stream.event(deadline - time.monotonic())
        assert "After the cut." in found
    finally:
        stream.close()


def test_a_browser_holding_too_many_streams_is_refused_one_more_until_one_ends(forum_game, settings) -> None:
    """One browser (its session cookie) holds at most
    ``LIVE_STREAMS_PER_BROWSER`` streams: one more is refused with 429 and
    ``Retry-After`` before anything is read, another browser is not, and a
    stream that ends gives its place back."""
    settings.LIVE_STREAM = True
    game, seats = forum_game
    day = rooms_of(game)["day"]
    carol, bob = client_as("carol"), client_as("bob")
    page = reverse("room", args=[game.slug, day.public_id])
    with asgi_server(LIVE_STREAMS_PER_BROWSER="2") as base:
        first, second = (Stream(base, carol, carol.get(page).content.decode()) for _ in range(2))
        assert first.response.status == 200 and second.response.status == 200
        first.opened(), second.opened()
        third = Stream(base, carol, carol.get(page).content.decode())
        assert third.response.status == 429
        assert third.response.getheader("Retry-After") == "30"
        assert b"data:" not in third.response.read()
        third.close()
        other = Stream(base, bob, bob.get(page).content.decode())
        assert other.response.status == 200
        other.opened()
        first.close()
        # The server notices the closed stream at its next write (a ping,
        # or the answer a post wakes).
        flow.post_create(room=day, seat=seats["Doc"], body="Anyone awake?")
        end = time.monotonic() + 20
        while True:
            again = Stream(base, carol, carol.get(page).content.decode())
            if again.response.status == 200 or time.monotonic() > end:
                break
            again.close()
            time.sleep(0.5)
        assert again.response.status == 200
        for each in (second, other, again):
            each.close()
