"""The live channel of an open page, and the fast paths that answer
"nothing new" without building anything.

**One channel per open page.** A running game's thread, vote thread,
cabinet, game page and host dashboard each carry one polling element
(``#live``, ``templates/games/_live.html``) instead of one poll per live
part. Its address (``channel``) names the game's version the page was
built under (``v``), the time its phase bar next changes by itself
(``u``: a delayed opening, a deadline), what the page shows live (the
room and its posts ``a``/``f``/``s``, the vote count's version ``c``, the
phase bar's digest ``b``, the host's live part ``h``) and a ticket
(``t``): an HMAC of the game, the room, the host part and the reader's
session cookie, made when the page was built with its access check. The
channel's view (``games.views.live``) answers 204 when the ticket is the
requester's, the time ``u`` has not come and the game's version is still
``v``: one query (``version``) besides the session the middleware
reads, no access check, no template. Otherwise it
checks access as the pages do and answers, in one response, the next
``#live`` element and, as htmx out-of-band swaps, only what changed: the
new posts (appended to ``#posts``, with the read mark's form), the posts
edited since, the vote count, the phase bar, the host's live part. A
stranger holding a member's address has another session cookie, so never
gets the fast answer; the full path answers him 404 as the room's page.
The reader's read marks are not part of the question: nothing the channel
sends depends on them (the "new since you last read" marker is drawn by
the page, not by the channel). A finished game's pages carry no channel;
a channel that finds its game finished sends its last fragments and an
element that no longer polls. Hidden tabs do not poll (``static/js/site.js``
cancels a hidden tab's polls and polls once when it is shown again).

**The older polls** (``room_new_posts``, ``vote_count``, ``game_status``,
``host_live``) still answer the fragments they did, for scripts and for
the tests of each fragment; no page polls them. The new-posts poll's
"nothing new" answer is remembered by the cache: when the full view
(with its access check) answered a poll 204, the cache remembers that
answer under the game's version (``GameVersion``, in PostgreSQL, moved in
the transaction of every write to the game), the room, the reader and the
poll's own ``after``, ``first`` and ``since``.

Nothing the cache holds can make a poll miss a write: the version lives in
the database, moves with the write itself and only grows, so an answer
remembered before a write sits under an older version that no poll asks
for again, whatever Redis loses, restores or replays. A page's channel
names the version read before the page was built (``page_cache.VERSION``,
else read by ``page_version`` before the page's context), so a write
committed meanwhile moves the version past it.
"""

from __future__ import annotations

import hashlib
import time
from datetime import datetime
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from . import page_cache
from .models import Game

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


# How often an open page asks its channel, in seconds: a thread's latest
# page (a conversation in progress), and every other page.
THREAD_SECONDS = 5
PAGE_SECONDS = 10


def page_version(request: HttpRequest, slug: str) -> int | None:
    """The game's version the page being built shows: the one the kept
    pages read before the view ran (``page_cache.VERSION``), else read now
    (one query). Call it before reading what the page shows."""
    found = getattr(request, page_cache.VERSION, None)
    if found is None:
        found = version(slug)
        setattr(request, page_cache.VERSION, found)
    return found


def ticket(request: HttpRequest, slug: str, room_id: str, host: bool) -> str:
    """The channel's ticket for this request's browser: an HMAC (the
    site's secret key) of the game ``slug``, the room, the host part and
    the session cookie (empty for a visitor without one)."""
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    value = f"{slug}:{room_id}:{int(host)}:{session}"
    return salted_hmac("games.live.channel", value).hexdigest()[:24]


def digest(html: str) -> str:
    """A short digest of a rendered fragment (the phase bar's ``b``)."""
    return hashlib.blake2b(html.encode(), digest_size=8).hexdigest()


def channel(
    request: HttpRequest,
    game: Game,
    game_version: int | None,
    *,
    room_id: str = "",
    posts: tuple[int, int, int] | None = None,
    count: str = "",
    bar: str = "",
    host: bool = False,
    until: datetime | None = None,
) -> dict[str, object]:
    """The context of a page's ``#live`` element (``_live.html``):
    ``live_url``, the channel's address, and ``live_every``, its interval
    in seconds; ``live_url`` is None for a game that is not running (its
    page does not poll). ``posts``: the ``after``, ``first`` and ``since``
    of a page showing a thread's latest posts (None: no posts come);
    ``count``: the vote count's version shown; ``bar``: the phase bar's
    digest (empty: unknown, the first answer sends the bar); ``until``:
    when the phase bar next changes by itself."""
    if not game.is_running or game_version is None:
        return {"live_url": None, "live_every": PAGE_SECONDS}
    query: dict[str, object] = {"v": game_version, "t": ticket(request, game.slug, room_id, host)}
    if room_id:
        query["r"] = room_id
    if posts is not None:
        query.update(a=posts[0], f=posts[1], s=posts[2])
    if count:
        query["c"] = count
    if bar:
        query["b"] = bar
    if host:
        query["h"] = 1
    if until is not None:
        query["u"] = int(until.timestamp() * 1000)
    url = f"{reverse('live', args=[game.slug])}?{urlencode(query)}"
    return {"live_url": url, "live_every": THREAD_SECONDS if posts is not None else PAGE_SECONDS}


def quiet(request: HttpRequest, slug: str) -> bool:
    """True when the channel may answer 204 at once: the ticket ``t`` is
    this browser's for the room ``r`` and the host part ``h``, the time
    ``u`` has not come, and the game's version is still ``v``. One query
    (the version) when the ticket holds, none otherwise; the ticket is
    checked against the session cookie, not the session."""
    query = request.GET
    shown = query.get("v", "")
    expected = ticket(request, slug, query.get("r", ""), query.get("h") == "1")
    if not shown.isdigit() or not constant_time_compare(query.get("t", ""), expected):
        return False
    until = query.get("u", "")
    if until and (not until.isdigit() or int(until) <= clock()):
        return False
    return version(slug) == int(shown)
