"""A Redis that hangs (accepts connections, never answers) costs the site
one socket timeout, then is not asked again for a while: the circuit
breaker of the cache's connection pool (``mafia_site.cache``). Pages,
posts and polls still answer correctly meanwhile."""

from __future__ import annotations

import socket
import threading

import pytest
from django.test import override_settings
from django.urls import reverse

from games.models import Post
from mafia_site import cache as site_cache
from mafia_site import settings as site_settings

from .channel import channel_of
from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db(transaction=True)


class HungRedis:
    """A TCP server on the loopback that accepts every connection and never
    answers nor closes it; ``connections`` counts those accepted."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.05)
        self.port = self.server.getsockname()[1]
        self.held: list[socket.socket] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                self.held.append(self.server.accept()[0])
            except TimeoutError:
                continue

    def close(self) -> int:
        """Stop, and return how many connections were made in all (those
        still waiting in the listen queue included)."""
        if self._stop.is_set():
            return len(self.held)
        self._stop.set()
        self._thread.join()
        self.server.setblocking(False)
        while True:
            try:
                self.held.append(self.server.accept()[0])
            except BlockingIOError:
                break
        for sock in [*self.held, self.server]:
            sock.close()
        return len(self.held)


@pytest.fixture
def hung_redis():
    """The site's caches with the shared one on a hung Redis."""
    server = HungRedis()
    caches = {**site_settings.CACHES, "default": site_settings.redis_cache(f"redis://127.0.0.1:{server.port}/0")}
    with override_settings(CACHES=caches):
        yield server
    server.close()


def test_a_hung_redis_is_asked_once_then_left_alone(forum_game, hung_redis, monkeypatch) -> None:
    """A thread, a post, the thread again and its live channel all answer
    as they should, and only one connection ever reaches the hung Redis:
    after its first timeout the breaker keeps the site from asking it
    again within ``BREAKER_SECONDS`` (each request would otherwise wait a
    socket timeout per cache call)."""
    # A window longer than this test on the slowest machine: what is
    # counted is connections, never time.
    monkeypatch.setattr(site_cache, "BREAKER_SECONDS", 3600)
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    url = reverse("room", args=[game.slug, room.public_id])
    citizen = client_as("citizen")
    page = citizen.get(url)
    assert page.status_code == 200
    posted = citizen.post(url, {"body": "Is the cache asleep?"})
    assert posted.status_code == 302
    assert Post.objects.filter(room=room, body="Is the cache asleep?").exists()
    assert "Is the cache asleep?" in citizen.get(url).content.decode()
    poll = citizen.get(channel_of(page.content.decode()))
    assert poll.status_code == 200 and "Is the cache asleep?" in poll.content.decode()
    assert client_as("carol").post(url, {"body": "Still answering."}).status_code == 302
    assert hung_redis.close() == 1
