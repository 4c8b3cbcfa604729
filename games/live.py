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
the page, not by the channel). A finished game's pages carry no channel;
a channel that finds its game finished sends its last fragments and an
element that no longer polls. Hidden tabs do not poll (``static/js/site.js``
cancels a hidden tab's polls and polls once when it is shown again).

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
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.db.models import Exists, OuterRef, Value
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from . import page_cache
from .models import Game, GameVersion, Post


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


def versions(slug: str) -> tuple[int, int] | None:
    """The game ``slug``'s version and its ``state`` (one query); None for
    no such game."""
    row = Game.objects.filter(slug=slug).annotate(**_version_columns()).values_list("version", "version_state").first()
    return row


def _version_columns() -> dict[str, Any]:
    rows = GameVersion.objects.filter(game=OuterRef("pk"))
    return {
        "version": Coalesce(rows.values("number")[:1], Value(0)),
        "version_state": Coalesce(rows.values("state")[:1], Value(0)),
    }


def page_version(request: HttpRequest, slug: str) -> tuple[int, int] | None:
    """The game's version and ``state`` the page being built shows: those
    the kept pages read before the view ran (``page_cache.VERSION``), else
    read now (one query). Call it before reading what the page shows."""
    found = getattr(request, page_cache.VERSION, None)
    if found is None:
        found = versions(slug)
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
    url = f"{reverse('live', args=[game.slug])}?{urlencode(query)}"
    return {"live_url": url, "live_every": THREAD_SECONDS if posts is not None else PAGE_SECONDS}


def quiet(request: HttpRequest, slug: str) -> bool:
    """True when the channel may answer 204 at once: the ticket ``t`` is
    this browser's for the room ``r`` and the host part ``h``, the time
    ``u`` has not come, and nothing the page shows live changed: for the
    host's page the game's version is still the one sealed in ``k``; for
    the others its ``state`` is (posts alone do not move it) and, where the
    page shows a thread's latest posts, the room has no post after ``a``
    nor one of ``f`` to ``a`` edited since ``s``. One query when the
    ticket holds, none otherwise; the ticket is checked against the
    session cookie, not the session."""
    query = request.GET
    room_id, host = query.get("r", ""), query.get("h") == "1"
    if not constant_time_compare(query.get("t", ""), ticket(request, slug, room_id, host)):
        return False
    numbers = {k: query.get(k, "") for k in ("u", "a", "f", "s")}
    shown = unseal(query.get("k", ""))
    if shown is None or any(v and (not v.isdigit() or len(v) > 15) for v in numbers.values()):
        return False
    if numbers["u"] and int(numbers["u"]) <= clock():
        return False
    rows = Game.objects.filter(slug=slug).annotate(**_version_columns())
    columns = ["version", "version_state"]
    if room_id and numbers["a"]:
        after, first = int(numbers["a"]), int(numbers["f"] or 0)
        posts = Post.objects.filter(room__public_id=room_id, room__game=OuterRef("pk"))
        try:
            edited_after = datetime.fromtimestamp(int(numbers["s"] or 0) / 1000, tz=UTC) - EDIT_MARGIN
        except (OverflowError, OSError, ValueError):
            return False
        rows = rows.annotate(
            news=Exists(posts.filter(number__gt=after)),
            edits=Exists(posts.filter(number__gte=first, number__lte=after, edited_at__gt=edited_after)),
        )
        columns += ["news", "edits"]
    found = rows.values_list(*columns).first()
    if found is None:
        return False
    if host:
        return found[0] == shown[0]
    return found[1] == shown[1] and not any(found[2:])
