"""The live channel of an open page, and the fast paths that answer
"nothing new" without building anything.

**One channel per open page.** A running game's thread, vote thread,
cabinet, game page and host dashboard each carry one polling element
(``#live``, ``templates/games/_live.html``) instead of one poll per live
part. Its address (``channel``) names the game's version the page was
built under and its ``state`` (moved by every write but posts alone),
sealed under a random nonce (``k``, ``seal``: the page tells its reader
nothing of writes he may not see), the time its phase bar next changes by itself
(``u``: a delayed opening, a deadline), what the page shows live (the
room and its posts ``a``/``f``/``s``, the vote count's version ``c``, the
phase bar's digest ``b``, the host's live part ``h``) and a ticket
(``t``): an HMAC of the game, the room, the host part and the reader's
session cookie, made when the page was built with its access check. The
channel's view (``games.views.live``) answers 204 when the ticket is the
requester's, the time ``u`` has not come and nothing the page shows live
changed (``quiet``): the ``state`` is still the page's and the room has no post
after ``a`` nor an edit since ``s`` (the host's page: the version is still
the page's), so a post in the day thread does not wake the cabinets, the game
pages and the team rooms. One query besides the session the middleware
reads, no access check, no template. Otherwise it
checks access as the pages do and answers, in one response, the next
``#live`` element and, as htmx out-of-band swaps, only what changed: the
new posts (appended to ``#posts``, with the read mark's form), the posts
edited since, the vote count, the phase bar, the host's live part. A
stranger holding a member's address has another session cookie, so never
gets the fast answer; the full path answers him 404 as the room's page.
The reader's read marks are not part of the question: nothing the channel
sends depends on them (the "new since you last read" marker is drawn by
the page, not by the channel). The channel carries them the other way: a
page that showed its reader posts he had not seen, or an answer that
brought new ones, makes the next ask a POST with the last one's number
(``m``), and his read mark moves in that request (``mark_seen``), so an
open page sends no read mark of its own. A page that found nothing new
for ``QUIET_SECONDS`` asks half as often, down to every
``SLOWEST_SECONDS`` (``w``, when its element was made; ``e``, its pace:
``slower``), and once more at the moment ``u`` when that is near; any
news brings back its pace. A finished game's pages carry no channel;
a channel that finds its game finished sends its last fragments and an
element that no longer polls. Hidden tabs do not poll (``static/js/site.js``
cancels a hidden tab's polls and polls once when it is shown again).

**Or one stream.** Where the site pushes (``settings.LIVE_STREAM``), the
element also names a stream (``live_stream``, ``games.views.live.stream``)
with the same query and polls nothing: the page holds one POST open and
is sent, as server-sent events, what the channel would answer, each time
the game changes (PostgreSQL's notice, ``games.notices``) or its moment
``u`` comes.

**Nothing is missed.** The version lives in the database, moves with the
write itself and only grows. A page's channel names the version read
before the page was built (``page_cache.VERSION``, else read by
``page_version`` before the page's context), so a write committed
meanwhile moves the version past it and the next poll answers it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import struct
import time
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple
from urllib.parse import urlencode

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from . import page_cache, unread
from .models import Game


def clock() -> int:
    """The time now in milliseconds since the epoch: the ``since`` marker a
    page or a poll hands its next poll, taken before it reads the posts."""
    return time.time_ns() // 1_000_000


# How much earlier than a poll's ``since`` an edit may be stamped and still
# be sent (the clocks of the web processes and the database differ a little).
EDIT_MARGIN = timedelta(seconds=10)

# How often an open page asks its channel, in seconds: a thread's latest
# page (a conversation in progress), and every other page.
THREAD_SECONDS = 5
PAGE_SECONDS = 10
# A page whose channel found nothing new for ``QUIET_SECONDS`` asks half as
# often, down to once every ``SLOWEST_SECONDS``; any news brings it back.
QUIET_SECONDS = 30
SLOWEST_SECONDS = 30
# The page asks once more at the moment its phase bar changes by itself
# (``u``) when that moment is this near, in seconds.
AT_MOMENT_SECONDS = 3600


def versions(slug: str) -> tuple[int, int] | None:
    """The game ``slug``'s version and its ``state`` (one query); None for
    no such game."""
    with connection.cursor() as cursor:
        cursor.execute(_QUIET.format(news="FALSE", edits="FALSE"), [slug])
        row = cursor.fetchone()
    return (row[0], row[1]) if row is not None else None


def page_version(request: HttpRequest, game: Game) -> tuple[int, int] | None:
    """The game's version and ``state`` the page being built shows: those
    the kept pages read before the view ran or read with the game
    (``page_cache.framed``), else read now (one query). Call it before
    reading what the page shows."""
    found = page_cache.framed(request, game)
    if found is None:
        found = versions(game.slug)
        setattr(request, page_cache.VERSION, found)
    return found


def ticket(request: HttpRequest, slug: str, room_id: str, host: bool) -> str:
    """The channel's ticket for this request's browser: an HMAC (the
    site's secret key) of the game ``slug``, the room, the host part and
    the session cookie (empty for a visitor without one)."""
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    value = f"{slug}:{room_id}:{int(host)}:{session}"
    return salted_hmac("games.live.channel", value).hexdigest()[:24]


def _keystream(nonce: bytes) -> bytes:
    return hmac.new(settings.SECRET_KEY.encode(), b"games.live.versions" + nonce, hashlib.sha256).digest()[:16]


def seal(game_version: tuple[int, int]) -> str:
    """The game's version and ``state`` as the page carries them (``k``):
    hidden under a random nonce, so that a page tells its reader nothing of
    writes he may not see (a night choice moves the ``state``, a post in a
    team room the version) and two builds of one page differ, as their
    CSRF tokens do."""
    nonce = os.urandom(8)
    packed = struct.pack(">QQ", *game_version)
    hidden = bytes(a ^ b for a, b in zip(packed, _keystream(nonce), strict=True))
    return base64.urlsafe_b64encode(nonce + hidden).decode().rstrip("=")


def unseal(token: str) -> tuple[int, int] | None:
    """The version and ``state`` ``seal`` hid in ``token``; None for a
    token it did not make the shape of."""
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (ValueError, TypeError):
        return None
    if len(raw) != 24:
        return None
    nonce, hidden = raw[:8], raw[8:]
    return struct.unpack(">QQ", bytes(a ^ b for a, b in zip(hidden, _keystream(nonce), strict=True)))


def digest(html: str) -> str:
    """A short digest of a rendered fragment (the phase bar's ``b``)."""
    return hashlib.blake2b(html.encode(), digest_size=8).hexdigest()


def channel(
    request: HttpRequest,
    game: Game,
    game_version: tuple[int, int] | None,
    *,
    room_id: str = "",
    posts: tuple[int, int, int] | None = None,
    count: str = "",
    bar: str = "",
    host: bool = False,
    until: datetime | None = None,
    seen: int | None = None,
) -> dict[str, object]:
    """The context of a page's ``#live`` element (``_live.html``):
    ``live_url``, the channel's address, and ``live_every``, its interval
    in seconds; ``live_url`` is None for a game that is not running (its
    page does not poll). ``posts``: the ``after``, ``first`` and ``since``
    of a page showing a thread's latest posts (None: no posts come);
    ``count``: the vote count's version shown; ``bar``: the phase bar's
    digest (empty: unknown, the first answer sends the bar); ``until``:
    when the phase bar next changes by itself; ``seen``: the number of the
    last post of the room ``room_id`` the page shows its reader for the
    first time (``unread.unseen_last``), which the channel's next ask
    reports seen (``mark_seen``): the element then asks by POST
    (``live_post``) with ``m``."""
    if not game.is_running or game_version is None:
        return {"live_url": None, "live_every": PAGE_SECONDS, "live_query": None, "live_stream": None}
    query: dict[str, object] = {"k": seal(game_version), "t": ticket(request, game.slug, room_id, host)}
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
    query["w"] = clock()
    post = bool(seen and room_id and request.user.is_authenticated)
    if post:
        query["m"] = seen
    return _element(game.slug, query, post)


def _element(slug: str, query: dict[str, Any], post: bool) -> dict[str, object]:
    """The context of a ``#live`` element asking the channel of the game
    ``slug`` with ``query``: by POST when it reports posts seen (``m``),
    else by GET; every ``e`` seconds when the query names a slower pace
    (``slower``), else every ``THREAD_SECONDS`` on a thread's latest page
    (``a``) and ``PAGE_SECONDS`` elsewhere; and once at the moment ``u``
    (ms since the epoch) when it is less than ``AT_MOMENT_SECONDS`` away
    (``live_at``, seconds). ``live_query`` is the query itself. Where the
    site pushes (``settings.LIVE_STREAM``), ``live_stream`` is the address
    of the page's stream with the same query (``games.views.live.stream``)
    and the element does not poll: ``live_every`` and ``live_at`` are
    None, and the channel itself is asked only when the stream fails."""
    url = f"{reverse('live', args=[slug])}?{urlencode(query)}"
    if settings.LIVE_STREAM:
        stream = f"{reverse('live_stream', args=[slug])}?{urlencode(query)}"
        every = at = None
    else:
        stream, every, at = None, int(query["e"]) if str(query.get("e", "")).isdigit() else _base(query), None
        if str(query.get("u", "")).isdigit():
            left = (int(query["u"]) - clock()) / 1000
            if 0 < left < AT_MOMENT_SECONDS:
                at = int(left) + 1
    return {
        "live_url": url,
        "live_every": every,
        "live_post": post,
        "live_at": at,
        "live_query": query,
        "live_stream": stream,
    }


def _base(query: Any) -> int:
    """The page's pace while things happen, in seconds."""
    return THREAD_SECONDS if "a" in query else PAGE_SECONDS


def without_mark(request: HttpRequest, slug: str) -> dict[str, object]:
    """The context of the ``#live`` element that asks what this request
    asked of the game ``slug``'s channel, less the posts it reported seen
    (``m``): the element that follows a ``mark_seen`` when nothing else
    changed. Nothing is read."""
    query = {k: v for k, v in request.GET.items() if k != "m"}
    return _element(slug, query, False)


def slower(request: HttpRequest, slug: str) -> dict[str, object] | None:
    """The context of the ``#live`` element that asks what this request
    asked of the game ``slug``'s channel at half the pace (``e``, at most
    ``SLOWEST_SECONDS`` apart), from now (``w``), when the channel found
    nothing new for ``QUIET_SECONDS`` since the element was made (``w``);
    None when the pace stays, and always where the site pushes (a stream
    has no pace). Nothing is read: called after ``quiet``."""
    if settings.LIVE_STREAM:
        return None
    query = {k: v for k, v in request.GET.items() if k != "m"}
    made, every = query.get("w", ""), query.get("e", "")
    if not made.isdigit() or len(made) > 15:
        return None
    pace = int(every) if every.isdigit() and len(every) < 4 else _base(query)
    if pace >= SLOWEST_SECONDS or clock() - int(made) < QUIET_SECONDS * 1000:
        return None
    query.update(e=min(pace * 2, SLOWEST_SECONDS), w=clock())
    return _element(slug, query, False)


def mark_seen(request: HttpRequest, slug: str) -> bool:
    """Move the reader's read mark in the room ``r`` up to post ``m`` (never
    past the room's last post, never back: ``unread.seen_up_to``) when this
    POST carries both and its ticket ``t`` is this browser's: the page that
    named them was built for this session, with its access check. True
    when the report was taken (the next element asks without it)."""
    query = request.GET
    number, room_id, host = query.get("m", ""), query.get("r", ""), query.get("h") == "1"
    if request.method != "POST" or not room_id or not number.isdigit() or len(number) > 15:
        return False
    if not constant_time_compare(query.get("t", ""), ticket(request, slug, room_id, host)):
        return False
    if not request.user.is_authenticated:
        return False
    unread.reported_seen(slug, room_id, request.user, int(number))
    return True


def moment(value: str) -> datetime | None:
    """The moment ``u`` of a channel's query (ms since the epoch) as an
    aware datetime; None when absent or not such a number."""
    if not value.isdigit() or len(value) > 15:
        return None
    try:
        return datetime.fromtimestamp(int(value) / 1000, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None


# The one query of ``quiet``: the game's version and state, and whether
# the room has a post after ``a`` (``_NEWS``) or one of ``f`` to ``a``
# edited since ``s`` (``_EDITS``). Written out: it answers most of the
# site's requests, and the ORM took longer to compile it than the database
# to run it. The same SQL on PostgreSQL and SQLite.
_QUIET = """
SELECT COALESCE(v.number, 0), COALESCE(v.state, 0), {news}, {edits}
FROM games_game g LEFT JOIN games_gameversion v ON v.game_id = g.id
WHERE g.slug = %s
"""
_POSTS = "SELECT 1 FROM games_post p JOIN games_room r ON r.id = p.room_id WHERE r.public_id = %s AND r.game_id = g.id"
_NEWS = f"EXISTS({_POSTS} AND p.number > %s)"
_EDITS = f"EXISTS({_POSTS} AND p.number >= %s AND p.number <= %s AND p.edited_at > %s)"


class Look(NamedTuple):
    """What ``quiet`` found: ``quiet``, True when the channel may answer
    204 at once; ``versions``, the game's version and ``state`` as
    ``versions`` gives them, when its query read them (None: not read, or
    no such game); ``posts``, whether
    the room ``r`` had a post after ``a`` and one of ``f`` to ``a`` edited
    since ``s`` (None: not looked at, the page shows no latest posts)."""

    quiet: bool
    versions: tuple[int, int] | None = None
    posts: tuple[bool, bool] | None = None


def quiet(request: HttpRequest, slug: str) -> Look:
    """Whether the channel may answer 204 at once (``Look.quiet``): the ticket ``t`` is
    this browser's for the room ``r`` and the host part ``h``, the time
    ``u`` has not come, and nothing the page shows live changed: for the
    host's page the game's version is still the one sealed in ``k``; for
    the others its ``state`` is (posts alone do not move it) and, where the
    page shows a thread's latest posts, the room has no post after ``a``
    nor one of ``f`` to ``a`` edited since ``s``. One query when the
    ticket holds, none otherwise; the ticket is checked against the
    session cookie, not the session. The versions that query read come
    back with the answer (``Look``), so that a channel that is not quiet
    answers from them without reading them again."""
    query = request.GET
    room_id, host = query.get("r", ""), query.get("h") == "1"
    if not constant_time_compare(query.get("t", ""), ticket(request, slug, room_id, host)):
        return Look(False)
    numbers = {k: query.get(k, "") for k in ("u", "a", "f", "s")}
    shown = unseal(query.get("k", ""))
    if shown is None or any(v and (not v.isdigit() or len(v) > 15) for v in numbers.values()):
        return Look(False)
    news = edits = "FALSE"
    params: list[Any] = []
    if room_id and numbers["a"]:
        after, first = int(numbers["a"]), int(numbers["f"] or 0)
        try:
            edited_after = datetime.fromtimestamp(int(numbers["s"] or 0) / 1000, tz=UTC) - EDIT_MARGIN
        except (OverflowError, OSError, ValueError):
            return Look(False)
        news, edits = _NEWS, _EDITS
        edited = connection.ops.adapt_datetimefield_value(edited_after)
        params = [room_id, after, room_id, first, after, edited]
    with connection.cursor() as cursor:
        cursor.execute(_QUIET.format(news=news, edits=edits), [*params, slug])
        found = cursor.fetchone()
    if found is None:
        return Look(False)
    read = (found[0], found[1])
    posts = (bool(found[2]), bool(found[3])) if news != "FALSE" else None
    # The moment ``u`` come: the page's bar changes by itself.
    if numbers["u"] and int(numbers["u"]) <= clock():
        return Look(False, read, posts)
    if host:
        return Look(found[0] == shown[0], read, posts)
    return Look(found[1] == shown[1] and not any(found[2:]), read, posts)
