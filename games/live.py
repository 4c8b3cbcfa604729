"""The live poll's fast path: "nothing new in this thread" answered from
the cache, without the database.

Every open thread polls every few seconds, so at a thousand running games
the "anything new?" question is most of the site's traffic. The cache
keeps, per room, the number of its last post (set when a post is
committed) and, per room and account, that a full access check let this
account read the room. A poll whose ``after`` is already the room's last
number is answered 204 from those two facts; anything else (a new post, an
unknown reader, the cache down or emptied) goes through the full view with
its access check. A reader's permission is remembered for a minute at most
and forgotten at once when the game's rooms change hands (a resolution, a
replacement, a co-host change): ``access_changed`` bumps the game's
version, and a permission counts only under the version it was given.

Edits reach open pages the same way. The cache keeps, per room, the time
(``clock``, milliseconds) its last edit was committed; each poll carries
the time its page was last brought up to date (``since``), and one that
an edit followed is answered by the full view, which sends the posts of
the page edited since then. A room whose edit time the cache lacks (never
stored, or emptied) goes through the full view too, which stores "no edit
yet" once it has read the posts.
"""

from __future__ import annotations

import time

from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest

READER_SECONDS = 60
LAST_SECONDS = 7 * 24 * 3600


def _last_key(room_id: str) -> str:
    return f"live:last:{room_id}"


def _edit_key(room_id: str) -> str:
    return f"live:edit:{room_id}"


def _version_key(slug: str) -> str:
    return f"live:access:{slug}"


def _reader_key(slug: str, room_id: str, reader: str) -> str:
    return f"live:reader:{slug}:{room_id}:{reader}"


def _reader(request: HttpRequest) -> str:
    """The account id in the session (no database query), or ``anon``."""
    return str(request.session.get(SESSION_KEY) or "anon")


def post_committed(room_id: str, number: int) -> None:
    """Remember ``number`` as the last post of the room ``room_id`` (its public id)."""
    cache.set(_last_key(room_id), number, LAST_SECONDS)


def clock() -> int:
    """The time now in milliseconds since the epoch: the ``since`` marker a
    page or a poll hands its next poll, taken before it reads the posts."""
    return time.time_ns() // 1_000_000


def post_edited(room_id: str) -> None:
    """Remember that a post of the room ``room_id`` was edited now (called
    once the edit is committed, so a poll that reads the edit time finds the
    edited text in the database)."""
    cache.set(_edit_key(room_id), clock(), LAST_SECONDS)


def last_edit(room_id: str) -> int:
    """The time of the room's last committed edit (0: none), storing 0
    where the cache has none. Call it only after reading the room's posts:
    an edit committed since then stores its own later time."""
    key = _edit_key(room_id)
    edited = cache.get(key)
    if edited is None:
        cache.add(key, 0, LAST_SECONDS)
        edited = cache.get(key, 0)
    return int(edited)


def posts_committed(numbers: dict[str, int]) -> None:
    """``post_committed`` for several rooms in one cache round trip:
    ``numbers`` maps a room's public id to its last post's number."""
    cache.set_many({_last_key(room_id): number for room_id, number in numbers.items()}, LAST_SECONDS)


def reader_checked(request: HttpRequest, slug: str, room_id: str) -> None:
    """Remember that the full access check let this request's account read
    the room, under the game's access version of the moment."""
    version = cache.get(_version_key(slug)) or 0
    cache.set(_reader_key(slug, room_id, _reader(request)), version, READER_SECONDS)


def access_changed(slug: str) -> None:
    """Forget every remembered permission of the game ``slug``, once the
    current transaction commits (at once outside one): a poll checked in
    between against the rows not yet committed must not be remembered
    under the new version."""
    transaction.on_commit(lambda: _bump([slug]), robust=True)


def access_changed_many(slugs: list[str]) -> None:
    """``access_changed`` for several games: in one round trip where the
    cache can (``incr_many``, the site's Redis cache), else one game at a
    time."""
    if slugs:
        slugs = list(slugs)
        transaction.on_commit(lambda: _bump(slugs), robust=True)


def _bump(slugs: list[str]) -> None:
    """Raise the access version of each game of ``slugs``."""
    incr_many = getattr(cache, "incr_many", None)
    if incr_many is not None:
        incr_many([_version_key(slug) for slug in slugs])
        return
    for slug in slugs:
        try:
            cache.incr(_version_key(slug))
        except ValueError:
            cache.set(_version_key(slug), 1, None)


def nothing_new(request: HttpRequest, slug: str, room_id: str, after: int, since: int = 0) -> bool:
    """True when the cache alone shows that this reader, already allowed
    to read the room, has seen its last post (``after`` ≥ its number) and
    no post was edited after his page was last brought up to date
    (``since``, a ``clock`` time). One cache round trip: the room's last
    number and last edit time, the game's access version and the version
    under which this reader was let in (a permission given before the last
    change of hands does not count)."""
    keys = [_last_key(room_id), _edit_key(room_id), _version_key(slug), _reader_key(slug, room_id, _reader(request))]
    values = cache.get_many(keys)
    last, edited, version, allowed = (values.get(key) for key in keys)
    if last is None or after < last or edited is None or edited > since or allowed is None:
        return False
    return allowed == (version or 0)
