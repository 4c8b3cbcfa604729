"""The live channel of an open page (``games.live``): one poll per page,
or, where the site pushes (``settings.LIVE_STREAM``), one stream."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import import_module

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.core.exceptions import PermissionDenied
from django.db import close_old_connections, connections
from django.http import Http404, HttpRequest, HttpResponse, QueryDict, StreamingHttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_http_methods, require_POST

from .. import access, languages, live, notices, page_cache, unread
from ..pages.live import channel_answer

log = logging.getLogger(__name__)

# A stream ends after this many seconds; the page opens the next one at
# once (held connections stay bounded, and a stream outlives no session
# change by more than this).
STREAM_SECONDS = 300
# A stream with nothing to send says so every this many seconds (an SSE
# comment), so that proxies keep it and a reader who left is noticed.
PING_SECONDS = 25
# After a change, a stream waits this long before it answers, so that the
# writes of one moment (a post and its vote, a tick's results) come in one
# answer; and after an answer it sends the next no sooner than a poll
# would have asked again (``live.THREAD_SECONDS`` on a thread's latest
# page, ``live.PAGE_SECONDS`` elsewhere): a busy game's changes come
# gathered, the first after a quiet spell at once.
GAP_SECONDS = 1.0
# Posts a stream showed its reader are reported seen with its next answer,
# or alone after this many seconds when nothing changes before.
REPORT_SECONDS = 5.0
# The threads of a stream process that answer its streams (each with its
# own database connection): few, so that a busy stream process queues its
# answers rather than crowding out the web workers on the same cores.
ANSWER_THREADS = 2
_answering = ThreadPoolExecutor(max_workers=ANSWER_THREADS, thread_name_prefix="stream-answer")

# A stream reads the session (and so the reader) again for an answer
# after this many seconds: a reader who logged out in another tab gets
# nothing more from it after at most this long.
SESSION_SECONDS = 30.0


def _number(request: HttpRequest, name: str, default: int) -> int:
    """The whole number ``name`` of the query string, ``default`` when it
    is missing or not a number."""
    try:
        return int(request.GET.get(name, default))
    except ValueError:
        return default


@dataclass
class Answer:
    """What the channel answers one ask: ``html`` (None: nothing, 204) and
    the next ``#live`` element's context (``live.channel``; None with no
    ``html``)."""

    html: str | None
    element: dict[str, object] | None


def answer(request: HttpRequest, slug: str) -> Answer:
    """The channel's answer to the query of ``request`` (``request.GET``)
    for the game ``slug``. Raises Http404 when the reader may not see what
    the query names (the room ``r``, the host part ``h``). See
    ``channel``."""
    marked = live.mark_seen(request, slug)
    look = live.quiet(request, slug)
    element = None
    if look.quiet:
        element = live.without_mark(request, slug) if marked else live.slower(request, slug)
        if element is None:
            return Answer(None, None)
    # More than "nothing new": in the reader's language and zone, which a
    # GET left to here (``languages.account_reading_later``).
    with languages.account_reading_later(request):
        if element is not None:
            return Answer(render_to_string("games/_live.html", element, request), element)
        return _changes(request, slug, look, marked)


def _changes(request: HttpRequest, slug: str, look: live.Look, marked: bool) -> Answer:
    """``answer`` where ``live.quiet`` found the page may have changed
    (``look``), read with the page's access check; ``marked``: the read
    report was taken (``live.mark_seen``)."""
    # Read before the answer is (a later write moves them): by ``quiet``'s
    # query when it ran.
    game_version = look.versions or live.versions(slug)
    setattr(request, page_cache.VERSION, game_version)
    now = live.clock()
    query = request.GET
    host = query.get("h") == "1"
    room_id = query.get("r", "")
    if host:
        game = access.game_for_host(request.user, slug)
    else:
        game = access.game_for_reader(request.user, slug, room_id or None)
    if room_id:
        room, seat = access.room_for_reader(request.user, game, room_id)
    else:
        room, seat = None, access.seat_of(request.user, game)
    reported = request.method == "POST" and "m" in query
    if reported and not marked and room is not None and request.user.is_authenticated:
        unread.seen_up_to(room, request.user, _number(request, "m", 0))
    posts = None
    if room is not None and "a" in query:
        after = _number(request, "a", 0)
        posts = (after, _number(request, "f", after + 1), _number(request, "s", 0))
    shown = live.unseal(query.get("k", ""))
    until = live.moment(query.get("u", ""))
    steady = (
        shown is not None
        and game_version is not None
        and shown[1] == game_version[1]
        and (until is None or until.timestamp() * 1000 > now)
    )
    html, changed, element = channel_answer(
        request,
        game,
        game_version,
        room,
        seat,
        host=host,
        posts=posts,
        count=query.get("c", ""),
        bar=query.get("b", ""),
        now=now,
        steady=steady,
        steady_until=until,
        looked=look.posts,
    )
    # The next moment moved (its bar waited on a tick): the page is told.
    moved = bool(element["live_query"]) and str(element["live_query"].get("u", "")) != query.get("u", "")
    if not changed and not reported and not moved and game_version is not None and tuple(game_version) == shown:
        return Answer(None, None)
    return Answer(html, element)


@require_http_methods(["GET", "POST"])
def channel(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: what changed on the page since it was built or last polled.
    204 at once (one query, nothing rendered) while nothing the page shows
    live changed and the ticket is this browser's (``live.quiet``); else,
    with the access check of the page (the room ``r``'s reader, the host
    for the host part ``h``; Http404 otherwise), the next ``#live`` element
    and the changed parts as out-of-band swaps (``channel_answer``), or 204
    when nothing changed.

    A POST also reports the posts the page showed its reader (``m``, the
    last one's number, in the room ``r``): his read mark moves up to it in
    the same request (``live.mark_seen``, or after the access check when
    the ticket is not this browser's), and the answer is at least the next
    element, which asks without ``m`` (a GET never writes).

    A page that found nothing new for ``live.QUIET_SECONDS`` is sent its
    element at half the pace (``live.slower``); any news restores it."""
    found = answer(request, slug)
    response = HttpResponse(status=204) if found.html is None else HttpResponse(found.html)
    # Each answer is this browser's (its ticket holds its session cookie),
    # a 204 too, which reads no session (so the session middleware would
    # not say so): never kept for another by a shared cache.
    patch_vary_headers(response, ("Cookie",))
    return response


def _ask(request: HttpRequest, query: dict[str, object]) -> None:
    """Make ``query`` the query string ``request`` carries."""
    request.GET = QueryDict(mutable=True)
    request.GET.update({k: str(v) for k, v in query.items()})


def _step(request: HttpRequest, slug: str, query: dict[str, object], fresh: bool) -> Answer:
    """One answer of a stream, in a worker thread: ``answer`` to ``query``.
    ``fresh``: read the session and the reader again first (a reader who
    logged out meanwhile is a visitor, and gets Http404 for a member's
    room)."""
    close_old_connections()
    _ask(request, query)
    if fresh:
        engine = import_module(settings.SESSION_ENGINE)
        request.session = engine.SessionStore(request.session.session_key)
        request.user = SimpleLazyObject(lambda: get_user(request))
    try:
        return answer(request, slug)
    finally:
        close_old_connections()  # back to the pool (DATABASE_POOL), else kept


def _report(request: HttpRequest, slug: str, query: dict[str, object]) -> None:
    """Move the reader's read mark as ``query``'s ``m`` says
    (``live.mark_seen``), in a worker thread."""
    close_old_connections()
    _ask(request, query)
    try:
        live.mark_seen(request, slug)
    finally:
        close_old_connections()


# A stream refused (429) is asked for again by its page after this many
# seconds at the soonest (its page asks the channel meanwhile).
RETRY_SECONDS = 30


class _Hold:
    """One open stream's place in the process's count (``_hold``): in the
    weak set of the open streams, until ``release`` or until nothing
    refers to it any more (a stream whose events never started, its
    client gone first)."""

    def __init__(self, browser: str) -> None:
        self.browser = browser
        _streams.add(self)

    def release(self) -> None:
        """Give the place back (again: nothing)."""
        _streams.discard(self)


_streams: weakref.WeakSet[_Hold] = weakref.WeakSet()


def _hold(browser: str) -> _Hold | None:
    """A place for one more stream of ``browser`` (its session cookie;
    empty for a visitor without one), or None when the process holds
    ``settings.LIVE_STREAMS_PER_PROCESS`` streams already, or the browser
    ``LIVE_STREAMS_PER_BROWSER`` (a visitor without a cookie: the first
    limit alone). A flood of streams from one browser, or from many, then
    costs this process nothing more: their pages ask the channel instead.
    Called on the event loop, so counting and taking are one step."""
    if len(_streams) >= settings.LIVE_STREAMS_PER_PROCESS:
        return None
    if browser and sum(held.browser == browser for held in _streams) >= settings.LIVE_STREAMS_PER_BROWSER:
        return None
    return _Hold(browser)


def _frame(html: str) -> bytes:
    """One server-sent event carrying ``html``."""
    return ("".join(f"data: {line}\n" for line in html.split("\n")) + "\n").encode()


@require_POST
async def stream(request: HttpRequest, slug: str) -> HttpResponse:
    """The page's live channel pushed (``settings.LIVE_STREAM``; Http404
    where it is off): a ``text/event-stream`` whose every event is what
    ``channel`` would answer an ask (the next ``#live`` element and the
    changed parts), sent when the game changes (PostgreSQL's notice,
    ``games.notices``) or when the moment ``u`` comes, at most one a
    second (``GAP_SECONDS``). The query is the ``#live`` element's; each
    answer's element names the next one, which the stream then follows, so
    the reader's read mark moves as the posts are shown (a POST, like the
    channel's report: with the next answer, or after ``REPORT_SECONDS``).
    The first answer is checked as the page is (Http404 for a stranger,
    before any event); every later one too, with the session read again
    every ``SESSION_SECONDS``. The stream ends after ``STREAM_SECONDS``, when the
    game is no longer running (its last answer sent) or when the reader
    may no longer see the room; the page then opens the next or stops
    (``static/js/site.js``). One stream beyond the process's or the
    browser's limit (``_hold``) is refused with 429 and ``Retry-After``,
    before anything is read; its page asks the channel meanwhile. ASGI only: run by ``uvicorn
    mafia_site.asgi:application`` behind the proxy (``deploy/Caddyfile``)."""
    if not settings.LIVE_STREAM:
        raise Http404
    hold = _hold(request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""))
    if hold is None:
        refused = HttpResponse("Too many live streams are open; the page asks for news instead.", status=429)
        refused.headers["Retry-After"] = str(RETRY_SECONDS)
        return refused
    query = dict(request.GET.items())
    # The request's own thread, where the middleware read the session,
    # holds a connection until the request ends: give it back now. The
    # stream's answers run on the process's answer threads.
    await sync_to_async(connections.close_all)()
    changed = notices.watch(slug)  # before the first answer is read: a later write wakes it
    try:
        first = await sync_to_async(_step, thread_sensitive=False, executor=_answering)(request, slug, query, False)
    except BaseException:
        notices.unwatch(slug, changed)
        hold.release()
        raise
    response = StreamingHttpResponse(
        _events(request, slug, changed, query, first, hold), content_type="text/event-stream"
    )
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


class _Stream:
    """What one stream follows: the query of the page's latest ``#live``
    element (None once the game no longer runs), the moment ``u`` already
    answered, when its posts-seen report (``m``) is due, and when the
    session was last read."""

    def __init__(self, request: HttpRequest, slug: str, query: dict[str, object]) -> None:
        loop = asyncio.get_running_loop()
        self.request, self.slug, self.query = request, slug, query
        self.end = loop.time() + STREAM_SECONDS
        self.read_at = loop.time()
        self.handled = ""  # the moment ``u`` already answered (its bar may wait on a tick)
        self.report_at: float | None = None
        self.next_at = loop.time()  # no answer before this (the pace after the last one)

    def follow(self, sent: Answer) -> None:
        """Follow the element ``sent`` brought. When it reports posts seen
        (the reader was shown new ones), the report rides on the next
        answer, as the poll's next ask would carry it, or is sent alone
        after ``REPORT_SECONDS``."""
        self.query = sent.element["live_query"] if sent.element else None
        pace = live.THREAD_SECONDS if self.query and "a" in self.query else live.PAGE_SECONDS
        self.next_at = asyncio.get_running_loop().time() + pace
        if self.query and "m" in self.query and self.report_at is None:
            self.report_at = asyncio.get_running_loop().time() + REPORT_SECONDS

    def wait(self) -> tuple[float, bool]:
        """How long to wait for a change, and whether the moment ``u``
        ends that wait (its answer is then due although nothing was
        written)."""
        now = asyncio.get_running_loop().time()
        wait, at_moment = min(PING_SECONDS, self.end - now), False
        at = str(self.query.get("u", "")) if self.query else ""
        moment = live.moment(at) if at != self.handled else None
        if moment is not None:
            left = max(0.0, moment.timestamp() - live.clock() / 1000)
            if left <= wait:
                wait, at_moment = left, True
        if self.report_at is not None:
            wait = min(wait, max(0.0, self.report_at - now))
        return max(0.0, wait), at_moment

    async def report(self) -> None:
        """Send the posts-seen report alone, and follow without it."""
        if self.query and "m" in self.query:
            await sync_to_async(_report, thread_sensitive=False, executor=_answering)(
                self.request, self.slug, self.query
            )
            self.query = {k: v for k, v in self.query.items() if k != "m"}
        self.report_at = None

    async def step(self) -> Answer:
        """The answer to the query now (reporting the posts seen with it);
        the session is read again every ``SESSION_SECONDS``."""
        loop = asyncio.get_running_loop()
        fresh = loop.time() - self.read_at >= SESSION_SECONDS
        if fresh:
            self.read_at = loop.time()
        found = await sync_to_async(_step, thread_sensitive=False, executor=_answering)(
            self.request, self.slug, self.query, fresh
        )
        if self.query and "m" in self.query:
            self.query = {k: v for k, v in self.query.items() if k != "m"}
        self.report_at = None
        return found


async def _events(
    request: HttpRequest,
    slug: str,
    changed: asyncio.Event,
    query: dict[str, object],
    first: Answer,
    hold: _Hold,
) -> AsyncIterator[bytes]:
    """The events of ``stream``: ``first`` (or a comment opening the
    stream), then an answer after each change of the game (``changed``,
    from ``notices.watch``) or at the moment ``u``. ``hold`` is the
    stream's place among the open ones (``_hold``), given back at the end
    (or with this generator, should it never start)."""
    loop = asyncio.get_running_loop()
    stream = _Stream(request, slug, query)
    try:
        if first.html is None:
            yield b": open\n\n"
        else:
            yield _frame(first.html)
            stream.follow(first)
        while stream.query:
            if loop.time() >= stream.end:
                await stream.report()
                return
            wait, at_moment = stream.wait()
            try:
                await asyncio.wait_for(changed.wait(), timeout=wait)
                delay = max(GAP_SECONDS, stream.next_at - loop.time())
            except TimeoutError:
                if stream.report_at is not None and loop.time() >= stream.report_at:
                    await stream.report()
                    continue
                if not at_moment:
                    yield b": ping\n\n"
                    continue
                stream.handled = str(stream.query.get("u", ""))
                delay = GAP_SECONDS
            await asyncio.sleep(delay)
            changed.clear()
            try:
                found = await stream.step()
            except (Http404, PermissionDenied):
                return
            if found.html is not None:
                yield _frame(found.html)
                stream.follow(found)
    finally:
        notices.unwatch(slug, changed)
        hold.release()
