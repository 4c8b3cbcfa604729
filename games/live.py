"""The live poll's fast path: "nothing new in this thread" answered without
building the answer again.

Every open thread polls every few seconds, so at a thousand running games
the "anything new?" question is most of the site's traffic. When the full
view (with its access check) answers a poll "nothing new" (204), the cache
remembers that answer under everything it depended on: the game's version
(``GameVersion``, in PostgreSQL, moved in the transaction of every write
to the game: a post, an edit, a replacement, a resolution, a co-host), the
room, the reader and the poll's own ``after``, ``first`` and ``since``. The next poll
of that page reads the game's version (one query by the game's slug) and
is answered 204 from the cache when that answer is remembered under the
version of the moment; anything else (a new post, an edit, a change of who
may read what, an unknown reader, the cache down, emptied or restored from
an older copy) goes through the full view.

Nothing the cache holds can make a poll miss a write: the version lives in
the database, moves with the write itself and only grows, so an answer
remembered before a write sits under an older version that no poll asks
for again, whatever Redis loses, restores or replays. An answer is
remembered under the version read before the full view ran, so a write
committed meanwhile leaves it under the old one.
"""

from __future__ import annotations

import time

from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest

from . import page_cache

# How long a "nothing new" answer is remembered, in seconds.
ANSWER_SECONDS = 60


def _answer_key(version: int, room_id: str, reader: str, poll: tuple[int, int, int]) -> str:
    after, first, since = poll
    return f"live:quiet:{room_id}:{version}:{reader}:{after}:{first}:{since}"


def _reader(request: HttpRequest) -> str:
    """The account id in the session (no database query), or ``anon``."""
    return str(request.session.get(SESSION_KEY) or "anon")


def clock() -> int:
    """The time now in milliseconds since the epoch: the ``since`` marker a
    page or a poll hands its next poll, taken before it reads the posts."""
    return time.time_ns() // 1_000_000


def version(slug: str) -> int | None:
    """The game ``slug``'s version (``page_cache.game_version``: one
    query), read before a poll is answered; None for no such game."""
    return page_cache.game_version(slug)


def nothing_new(request: HttpRequest, game_version: int | None, room_id: str, poll: tuple[int, int, int]) -> bool:
    """True when the full view already answered this reader's poll of the
    room (the same ``poll``: its ``after``, ``first`` and ``since``
    numbers) "nothing new" under the game's
    version of the moment (``game_version``, from ``version``). One cache
    round trip."""
    if game_version is None:
        return False
    return bool(cache.get(_answer_key(game_version, room_id, _reader(request), poll)))


def nothing_found(request: HttpRequest, game_version: int | None, room_id: str, poll: tuple[int, int, int]) -> None:
    """Remember that the full view, with its access check, answered this
    reader's ``poll`` of the room "nothing new" under ``game_version`` (read
    before the view ran)."""
    if game_version is not None:
        cache.set(_answer_key(game_version, room_id, _reader(request), poll), True, ANSWER_SECONDS)
