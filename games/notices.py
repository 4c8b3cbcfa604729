"""Notices that a game changed, for the live streams of one process
(``games.views.live.stream``).

Every write that moves a game's version (``page_cache.game_changed``)
also sends PostgreSQL's ``NOTIFY`` on the channel ``CHANNEL`` with the
games' slugs, comma-separated, in the same statement. PostgreSQL delivers a notice only when its
transaction commits, and after the write is visible: a stream woken by it
reads the write; a write rolled back wakes nobody. Each process that
serves streams keeps one connection listening (``LISTEN``), per event
loop, and wakes the streams of the games named (``watch``). When that
connection is lost, every stream is woken (it then reads the game's
version, so nothing written meanwhile is missed) and the connection is
made again a second later.

PostgreSQL only: the embedded SQLite default has no notices, and the
site does not push there (``settings.LIVE_STREAM`` needs PostgreSQL).
"""

from __future__ import annotations

import asyncio
import logging
import weakref

import psycopg
from django.db import connections

log = logging.getLogger(__name__)

CHANNEL = "games_live"
# Seconds before a lost listening connection is made again.
RETRY_SECONDS = 1.0


class _Listener:
    """The streams of one event loop waiting on games: ``waiters`` maps a
    game's slug to the events of its streams; one task keeps a connection
    listening while the loop runs."""

    def __init__(self) -> None:
        # Weak: the event of a stream that never started goes with it.
        self.waiters: dict[str, weakref.WeakSet[asyncio.Event]] = {}
        self.task: asyncio.Task | None = None

    def wake(self, slug: str | None = None) -> None:
        """Wake the streams of the game ``slug`` (None: of every game)."""
        groups = self.waiters.values() if slug is None else [self.waiters.get(slug, ())]
        for group in groups:
            for event in list(group):
                event.set()

    async def listen(self) -> None:
        """Listen until the loop ends; see the module docstring."""
        settings = connections["default"].settings_dict
        params = {
            "dbname": settings["NAME"],
            "user": settings.get("USER") or None,
            "password": settings.get("PASSWORD") or None,
            "host": settings.get("HOST") or None,
            "port": settings.get("PORT") or None,
        }
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    **{k: v for k, v in params.items() if v}, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    # Anything written before this connection listened.
                    self.wake()
                    async for notice in conn.notifies():
                        for slug in notice.payload.split(","):
                            self.wake(slug)
            except (psycopg.Error, OSError) as error:
                log.warning("live notices: listening failed (%s); trying again", error)
                self.wake()
                await asyncio.sleep(RETRY_SECONDS)


_listeners: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Listener] = weakref.WeakKeyDictionary()


def watch(slug: str) -> asyncio.Event:
    """An event set whenever the game ``slug`` changes (and when the
    listening connection was lost): the caller clears it before it reads
    the game, and hands it back to ``unwatch`` when done. Call inside the
    event loop that waits on it."""
    loop = asyncio.get_running_loop()
    listener = _listeners.get(loop)
    if listener is None:
        listener = _listeners[loop] = _Listener()
    if listener.task is None or listener.task.done():
        listener.task = loop.create_task(listener.listen())
    event = asyncio.Event()
    listener.waiters.setdefault(slug, weakref.WeakSet()).add(event)
    return event


def unwatch(slug: str, event: asyncio.Event) -> None:
    """Stop waking ``event`` (from ``watch``) for the game ``slug``."""
    listener = _listeners.get(asyncio.get_running_loop())
    if listener is None:
        return
    group = listener.waiters.get(slug)
    if group is not None:
        group.discard(event)
        if not group:
            del listener.waiters[slug]
