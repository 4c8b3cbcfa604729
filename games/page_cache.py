"""A game's pages kept, whole, for the reader who asked for them, and served
again while nothing they show has changed: only where that pays.

Building a page (the access checks, the phase bar, the posts, the read
marks, the templates) costs twenty-odd bare requests, and keeping one
pays only if it is asked for again before it changes. A running game's
pages change with every write to the game (every post moves its
version), and each reader's page is his own: under ``bench_live`` a
reader's page of a running game was served kept in only 0.3–4.9 % of
its reads, the rest paying for the lookup and the store besides the
build. So whole pages are kept and served only

- for a **finished game**, to any reader: its pages no longer change but
  by his read marks (which are in the key) and the host's rare writes
  (which move the version);
- for a **visitor not logged in**, on the game's public page (the view
  ``game``, ``kept_page(visitors=True)``): one page for every visitor of
  the same cookies, whatever the game's status.

Every other page is built afresh, and looked up in nothing first: the
versions its live channel names (``VERSION``, ``games.live``) come in the
query that reads the game (``access.game_for_reader``, ``framed``). A
page is looked up before it is built only for a visitor's public game
page and for a game this process has seen finished (``_finished``, a
hint: the versions' query below still decides); the first page built of
a finished game is kept under the versions read with its game. A kept
page is kept in the process's own bounded cache (the ``pages`` cache)
under a digest of everything it depends on:

- the request: its full path, its htmx headers, the reader's account (id,
  name, staff flag: the header shows them), language and time zone, the
  CSRF cookie (the page's forms carry a token made from it) and the
  session cookie (a running game's page carries its live channel's ticket,
  made from it);
- the **game's version** (``GameVersion.number``, moved by
  ``game_changed``): a counter in PostgreSQL, moved in the transaction of
  any write to the game: a post in any of its rooms, a vote, a choice, a
  seat, a phase, a deadline, a resolution, an event, a room's members, the
  co-hosts. Every such write is a transition of the game, and every
  transition runs in ``games.flow.turn.game_turn``, which moves the
  version once when it closes; the tick moves the versions of the games it
  claimed, and the few writes outside the game's flow (the admin's edits,
  the mail claim) call ``game_changed`` themselves;
- the **reader's read marks** in that game: the sum of his ``ReadMark``
  numbers there, which grows with every mark that moves (marks only move
  forward), so the "new posts" marker and the unread counts are never
  stale.

Both are read in one query before the page is looked up, with the game's
status (which says whether the page may be kept at all), or with the game
itself when it was not looked up. The version
moves in the same transaction as the write, so it can never be lost while
the write is kept, nor kept while the write is lost; and it only grows, so
a page kept under an older version is under a key nobody asks for again,
whatever the shared cache (Redis) loses, restores or replays: nothing of
a kept page's validity lives there. A page is kept under the versions
read before it was built, so a write that commits meanwhile leaves it
under an old key, never a stale page under a live one. A page is not kept
when it is not a 200, sets a cookie, writes to the session, shows flash
messages, carries a CSRF token made for a visitor who had no CSRF cookie
yet (his secret alone), or was built inside a transaction (whose writes
might roll back; so tests run inside a transaction never keep one). It is
kept at most ``PAGE_SECONDS``, and never past a time it shows something
changing at (``expires``: the next deadline, a delayed opening, the end of
an edit window).

A hit still loads the account (Django's session check of the password
hash: a logged-out or changed account is never served), so it costs the
session, that query and the versions' query: no access check is skipped
that the versions do not cover, since every change of who may read what
is a write to the game.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache, wraps
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from . import languages
from .models import (
    Action,
    Deadline,
    Event,
    Game,
    Phase,
    Player,
    Post,
    Reminder,
    Resolution,
    Room,
    Vote,
)

# How long a page is kept at most, in seconds.
PAGE_SECONDS = 120
# Pages larger than this many bytes are kept compressed (zlib, fastest level).
COMPRESS_ABOVE = 2048
# Raise with a change of what a kept page holds.
FORMAT = 3

_EXPIRES = "_page_cache_expires"
# The game's version and its ``state`` read before the request's page was
# built (``_key``), or with its game (``framed``).
VERSION = "_page_cache_version"
# What ``framed`` read with the game: (slug, the key's versions as
# ``versions`` returns them).
_FRAMED = "_page_cache_framed"
# Slugs of games this process saw finished (``framed``): only their pages,
# and a visitor's public game page, are looked up before they are built. A
# hint, never the authority: a slug in it is still checked by ``versions``
# (a finished game stays finished; a slug reused by a new game costs one
# query more). Forgotten, whole, past ``FINISHED_HINTS`` slugs.
_finished: set[str] = set()
FINISHED_HINTS = 10_000

# The tables of ``GameVersion`` and ``Game``.
# One statement for PostgreSQL and SQLite alike (the embedded default): an
# upsert over the games named in ``IN ({ids})``.
_BUMP = """
INSERT INTO games_gameversion (game_id, number, state)
SELECT id, 1, {state} FROM games_game WHERE id IN ({ids}) ORDER BY id
ON CONFLICT (game_id) DO UPDATE SET number = games_gameversion.number + 1, state = games_gameversion.state + {state}
"""
# On PostgreSQL the same upsert also sends the notice that wakes the games'
# live streams: their slugs on ``notices.CHANNEL`` (``games_live``),
# delivered when the transaction commits. One statement still.
_AND_NOTIFY = """
WITH bumped AS ({bump} RETURNING game_id)
SELECT pg_notify('games_live', string_agg(g.slug, ',')) FROM bumped JOIN games_game g ON g.id = bumped.game_id
"""


def game_changed(*games: Any, posts_only: bool = False) -> None:
    """Move the version of these games (``Game`` rows or ids; None is
    skipped) in the current transaction (at once outside one): their
    pages kept so far are never served again once it commits, and never
    lose that while its writes are kept. One query for all (on
    PostgreSQL it also sends the notice that wakes the live streams,
    ``notices``, delivered when the transaction commits); the version
    rows are locked in game order (as the tick claims games) until the
    transaction ends. A game deleted meanwhile is skipped. The version's
    ``state`` moves too unless ``posts_only`` (a turn that wrote posts
    and nothing else: ``games.live``'s pages without a thread wait on it)."""
    ids = sorted({g if isinstance(g, int) else g.pk for g in games if g is not None})
    if ids:
        with connection.cursor() as cursor:
            bump = _BUMP.format(ids=", ".join(["%s"] * len(ids)), state=0 if posts_only else 1).strip()
            if connection.vendor == "postgresql":
                bump = _AND_NOTIFY.format(bump=bump)
            cursor.execute(bump, ids)


# The one query of ``versions``, read before every page of a game is built.
# Written out: the ORM took longer to compile it than the database to run
# it. The same SQL on PostgreSQL and SQLite; a visitor (no account) matches
# no read mark.
_VERSIONS = """
SELECT g.id, COALESCE(v.number, 0),
  CASE WHEN g.status = %s THEN COALESCE((
    SELECT SUM(m.number) FROM games_readmark m JOIN games_room r ON r.id = m.room_id
    WHERE m.user_id = %s AND r.game_id = g.id
  ), 0) ELSE 0 END,
  COALESCE(v.state, 0), g.status
FROM games_game g LEFT JOIN games_gameversion v ON v.game_id = g.id
WHERE g.slug = %s
"""


def versions(slug: str, user: Any) -> tuple[int, int, int, int, str] | None:
    """The game ``slug``'s id, version, the sum of ``user``'s read marks in
    its rooms (0 for a visitor, and for a game not finished: no page of it
    is kept for him), the version's ``state`` and the game's status, in one
    query; None when no game has that slug."""
    reader = user.pk if user.is_authenticated else None
    with connection.cursor() as cursor:
        cursor.execute(_VERSIONS, [Game.Status.FINISHED.value, reader, slug])
        return cursor.fetchone()


def framed(request: HttpRequest, game: Game) -> tuple[int, int] | None:
    """The version and ``state`` of ``game`` that the page being built
    shows: those read before it (``VERSION``), else those read with the
    game by ``access.game_for_reader`` (``frame_version``, ``frame_state``),
    which the page keeps (``VERSION``) and may later be kept under
    (``kept_page``); None for a game read without them. Call it before
    reading anything else the page shows."""
    found = getattr(request, VERSION, None)
    if found is not None:
        return found
    version = getattr(game, "frame_version", None)
    if version is None:
        return None
    found = (version, game.frame_state)
    setattr(request, VERSION, found)
    setattr(request, _FRAMED, (game.slug, (game.pk, version, game.frame_marks, game.frame_state, game.status)))
    return found


def expires(request: HttpRequest, when: datetime | None) -> None:
    """The page being built shows something that changes at ``when`` (aware):
    it is not kept past it."""
    if when is None:
        return
    current = getattr(request, _EXPIRES, None)
    if current is None or when < current:
        setattr(request, _EXPIRES, when)


def expiry(request: HttpRequest) -> datetime | None:
    """The earliest time (aware) the page being built said it shows
    something changing at (``expires``); None when it named none."""
    return getattr(request, _EXPIRES, None)


def _messages_pending(request: HttpRequest) -> bool:
    """True when flash messages wait for this request's page."""
    if request.COOKIES.get(CookieStorage.cookie_name):
        return True
    session = getattr(request, "session", None)
    return bool(session is not None and session.get("_messages"))


def _key(request: HttpRequest, slug: str, visitors: bool) -> str | None:
    """The cache key of this request's page, or None when it may not be
    kept or served: a game not known finished (``_finished``) unless
    ``visitors`` and the reader is not logged in (no query: its page is
    built afresh, and its versions come with the game, ``framed``), no such
    game, a game not finished. The versions read are left on the request
    (``VERSION``) for the page's live channel either way."""
    user = request.user
    for_visitor = visitors and not user.is_authenticated
    if slug not in _finished and not for_visitor:
        return None
    found = versions(slug, user)
    if found is None:
        return None
    setattr(request, VERSION, (found[1], found[3]))
    if found[4] != Game.Status.FINISHED and not for_visitor:
        return None
    return _key_of(request, slug, found)


def _key_of(request: HttpRequest, slug: str, found: tuple[int, int, int, int, str]) -> str:
    """The cache key of this request's page of the game ``slug`` at the
    versions ``found`` (as ``versions`` returns them)."""
    user = request.user
    # The page's forms carry a token made from this cookie's secret: the page
    # is kept for this cookie only (``_keepable``: a page with a token made
    # for a request without the cookie is never kept).
    csrf = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    htmx = sorted((k, v) for k, v in request.headers.items() if k.lower().startswith("hx-"))
    parts = (
        FORMAT,
        slug,
        request.get_full_path(),
        htmx,
        user.pk if user.is_authenticated else "anon",
        user.get_username() if user.is_authenticated else "",
        user.is_staff if user.is_authenticated else False,
        translation.get_language() or "",
        languages.viewer_zone() or "",
        csrf,
        session,
        *found,
    )
    return "page:" + hashlib.blake2b(repr(parts).encode(), digest_size=20).hexdigest()


def _keepable(request: HttpRequest, response: HttpResponse, session_modified: bool) -> int:
    """Seconds the built ``response`` may be kept (0: not at all)."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return 0
    session = getattr(request, "session", None)
    if session is not None and session.modified and not session_modified:
        return 0
    if connections[DEFAULT_DB_ALIAS].in_atomic_block or _messages_pending(request):
        return 0
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") and not request.COOKIES.get(settings.CSRF_COOKIE_NAME):
        # A CSRF secret made for this visitor alone: never handed to another.
        return 0
    seconds = PAGE_SECONDS
    until = getattr(request, _EXPIRES, None)
    if until is not None:
        seconds = min(seconds, int((until - timezone.now()).total_seconds()))
    return max(seconds, 0)


def _freeze(response: HttpResponse) -> tuple[int, bool, bytes, list[tuple[str, str]]]:
    """What is kept of a built response: status, content (compressed when
    large) and headers."""
    content = response.content
    packed = len(content) > COMPRESS_ABOVE
    return response.status_code, packed, zlib.compress(content, 1) if packed else content, list(response.items())


def _thaw(kept: tuple[int, bool, bytes, list[tuple[str, str]]]) -> HttpResponse:
    """The response ``_freeze`` kept, built again."""
    status, packed, content, headers = kept
    response = HttpResponse(zlib.decompress(content) if packed else content, status=status)
    for name, value in headers:
        response[name] = value
    return response


def kept_page(view: Callable[..., HttpResponse] | None = None, *, visitors: bool = False) -> Any:
    """Serve ``view`` (a game's GET page taking ``slug``) from the ``pages``
    cache while the game and the reader's place in it are unchanged, and
    keep what it builds, for a finished game; with ``visitors`` also for a
    visitor not logged in, whatever the game's status. Used bare
    (``@kept_page``) or with the option (``@kept_page(visitors=True)``).
    Every other GET goes to the view once the versions are read
    (``VERSION``); POSTs and everything else the module docstring excludes
    go straight to the view."""
    if view is None:
        return lambda found: kept_page(found, visitors=visitors)

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        may_keep = request.method == "GET" and not _messages_pending(request)
        key = _key(request, slug, visitors) if may_keep else None
        if key is not None:
            kept = caches["pages"].get(key)
            if kept is not None:
                return _thaw(kept)
        session = getattr(request, "session", None)
        session_modified = bool(session is not None and session.modified)
        response = view(request, slug, *args, **kwargs)
        if may_keep and key is None:
            key = _first_key(request, slug)
        if key is not None:
            seconds = _keepable(request, response, session_modified)
            if seconds > 0:
                caches["pages"].set(key, _freeze(response), seconds)
        return response

    return wrapper


def _first_key(request: HttpRequest, slug: str) -> str | None:
    """The key of a page built without being looked up (``_key``), when the
    versions its game was read with (``framed``) say it has finished; the
    game's later pages are looked up first."""
    read = getattr(request, _FRAMED, None)
    if read is None or read[0] != slug or read[1][4] != Game.Status.FINISHED:
        return None
    if len(_finished) >= FINISHED_HINTS:
        _finished.clear()
    _finished.add(slug)
    return _key_of(request, slug, read[1])


# What writes to a game: each saved, deleted or re-membered row names its game.


def _cached(instance: Any, name: str) -> Any:
    """The related row ``name`` of ``instance`` when already loaded, else None."""
    return instance._state.fields_cache.get(name)


@lru_cache(maxsize=8192)
def _phase_game(phase_id: int) -> int | None:
    return Phase.objects.filter(pk=phase_id).values_list("game_id", flat=True).first()


@lru_cache(maxsize=8192)
def _room_game(room_id: int) -> int | None:
    return Room.objects.filter(pk=room_id).values_list("game_id", flat=True).first()


@lru_cache(maxsize=8192)
def _deadline_game(deadline_id: int) -> int | None:
    return Deadline.objects.filter(pk=deadline_id).values_list("phase__game_id", flat=True).first()


def game_of(instance: Any) -> Any:
    """The game a row of ``games.models`` belongs to: the ``Game`` itself,
    else its id (read through the row's loaded relations where it can, else
    one query per room, phase or deadline and process); None for rows of no
    game."""
    if isinstance(instance, Game):
        return instance
    if isinstance(instance, Player | Room | Vote | Event | Phase):
        return _cached(instance, "game") or instance.game_id
    if isinstance(instance, Post):
        room = _cached(instance, "room")
        return room.game_id if room is not None else _room_game(instance.room_id)
    if isinstance(instance, Action | Deadline):
        phase = _cached(instance, "phase")
        return phase.game_id if phase is not None else _phase_game(instance.phase_id)
    if isinstance(instance, Resolution | Reminder):
        deadline = _cached(instance, "deadline")
        phase = _cached(deadline, "phase") if deadline is not None else None
        return phase.game_id if phase is not None else _deadline_game(instance.deadline_id)
    return None
