"""A thread's pages: a page of its posts with the reader's place in it,
the ways to the threads beside it, the "Edit" links of the reader's own
posts, the live channel's new and edited posts, and the post edit page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.utils import timezone

from .. import access, flow, live, page_cache, unread
from ..compiled import Compiled
from ..forms import PostForm
from ..models import Game, Player, Post, Resolution, Room, Vote
from .phase_bar import game_context
from .vote import count_content, vote_context

# How much earlier than the poll's ``since`` an edit may be stamped and still
# be sent: an edit is stamped before its transaction commits, and the web
# processes' clocks may differ a little. An edit sent twice replaces the
# same post twice.
EDIT_MARGIN = live.EDIT_MARGIN


@dataclass(frozen=True)
class PostPage:
    """One page of a thread: page ``number`` of ``num_pages`` holds the
    posts numbered ``(number - 1) * per_page + 1`` … ``number * per_page``."""

    number: int
    num_pages: int
    object_list: list[Post]

    @property
    def has_previous(self) -> bool:
        """A page comes before this one."""
        return self.number > 1

    @property
    def has_next(self) -> bool:
        """A page comes after this one."""
        return self.number < self.num_pages

    @property
    def previous_page_number(self) -> int:
        """The number of the page before."""
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        """The number of the page after."""
        return self.number + 1


def posts_page(room: Room, page_number: Any, last_number: int | None = None, opening: int | None = None) -> PostPage:
    """The page ``page_number`` of the thread (1-based; ``"last"``, a
    malformed or out-of-range number gives the last page; a missing one
    the page of post ``opening`` when given, else the last page). Posts
    are numbered densely in their room, so a page is a range of numbers
    read through the (room, number) index: the last page of a thread of
    100,000 posts costs what its first page costs (no OFFSET, no COUNT).
    ``last_number`` is the room's last post number when already known."""
    per_page = settings.MAFIA_POSTS_PER_PAGE
    if last_number is None:
        last_number = room.posts.order_by("-number").values_list("number", flat=True).first() or 0
    num_pages = max(1, -(-last_number // per_page))
    try:
        number = int(page_number)
    except (TypeError, ValueError):
        number = (opening - 1) // per_page + 1 if page_number is None and opening else num_pages
    number = min(max(number, 1), num_pages)
    first = (number - 1) * per_page + 1
    posts = _PAGE.run(room.pk, first, first + per_page)
    for post in posts:
        post.room = room
    return PostPage(number=number, num_pages=num_pages, object_list=posts)


# A page of a thread's posts with their authors, compiled once per process.
_PAGE = Compiled(
    lambda room_id, first, end: (
        Post.objects.filter(room_id=room_id, number__gte=first, number__lt=end)
        .select_related("author")
        .order_by("number")
    )
)


def read_thread(request: HttpRequest, room: Room, seat: Player | None, host: bool) -> tuple[PostPage, unread.Position]:
    """The page of the thread the reader asked for (without a page: the
    page of his first unread post, else the last page), its posts read
    now, and the reader's place in the room (``unread.position``), which
    the page reports seen once shown (``room_seen``)."""
    where = unread.position(room, request.user, seat, host)
    return posts_page(room, request.GET.get("page"), where.last, where.first_unread), where


def page_of(room: Room, number: int) -> int:
    """The page of the thread that holds post ``#number``; raises Http404
    for a number the room lacks."""
    if not room.posts.filter(number=number).exists():
        raise Http404
    return (number - 1) // settings.MAFIA_POSTS_PER_PAGE + 1


def _near_query(
    game_id: int, before: int, day: int, after: int, user_id: int = 0, seat_id: int = 0, *, reader: str
) -> QuerySet[Room]:
    """``thread_links``' query: the threads beside a day or vote thread
    (``access.rooms_near_day``) with the unread counts and places
    (``unread.with_positions``) of a ``reader``: ``"anon"``, ``"seat"``
    (account ``user_id`` seated as ``seat_id``), ``"host"`` or ``"user"``."""
    user = SimpleNamespace(pk=user_id, is_authenticated=reader != "anon")
    seat = Player(pk=seat_id) if reader == "seat" else None
    near = access.rooms_near_day(game_id, before, day, after)
    return unread.with_positions(near, user, seat, reader == "host")


# Compiled once per process for each kind of reader.
_NEAR = {
    reader: Compiled(lambda *values, reader=reader: _near_query(*values, reader=reader))
    for reader in ("anon", "seat", "host", "user")
}


def _near(request: HttpRequest, room: Room, seat: Player | None, host: bool) -> list[Room]:
    """The rows of ``_near_query`` for the reader of a day or vote thread."""
    days = (room.game_id, room.day - 1, room.day, room.day + 1)
    user = request.user
    if not user.is_authenticated:
        return _NEAR["anon"].run(*days)
    if seat is not None:
        return _NEAR["seat"].run(*days, user.pk, seat.pk)
    return _NEAR["host" if host else "user"].run(*days, user.pk)


def near_and_position(
    request: HttpRequest, room: Room, seat: Player | None, host: bool
) -> tuple[list[Room] | None, unread.Position]:
    """For a day or vote thread, the threads beside it with the reader's
    unread counts (``thread_links``) and his place in it, in one query
    (compiled once per process); elsewhere None and his place
    (``unread.position``)."""
    if room.kind not in (Room.Kind.DAY, Room.Kind.VOTE) or not room.day:
        return None, unread.position(room, request.user, seat, host)
    near = _near(request, room, seat, host)
    this = next((r for r in near if r.pk == room.pk), None)
    if this is None:  # not one of its own neighbours: cannot happen for a day or vote thread
        return near, unread.position(room, request.user, seat, host)
    return near, unread.position_in(this)


def thread_links(
    request: HttpRequest,
    game: Game,
    room: Room,
    seat: Player | None,
    host: bool,
    near: list[Room] | None = None,
) -> dict | None:
    """The ways out of a day or vote thread: that day's other thread, the
    same thread of the day before and after, the graveyard (each with the
    reader's unread count) and the reader's cabinet; None elsewhere. One
    query, whatever the number of the game's rooms: these are public
    threads, read by everyone who reads this one (``access.rooms_near``);
    none when ``near`` (``near_and_position``) is given."""
    if room.kind not in (Room.Kind.DAY, Room.Kind.VOTE) or not room.day:
        return None
    if near is None:
        near = list(unread.with_counts(access.rooms_near(game, room), request.user, seat, host))
    found = {(r.kind, r.day): r for r in near}
    other = Room.Kind.VOTE if room.kind == Room.Kind.DAY else Room.Kind.DAY
    graveyard = next((r for (kind, _day), r in found.items() if kind == Room.Kind.GRAVEYARD), None)
    return {
        "other": found.get((other, room.day)),
        "previous": found.get((room.kind, room.day - 1)),
        "next": found.get((room.kind, room.day + 1)),
        "graveyard": graveyard,
        "cabinet": bool(seat and seat.role),
    }


def _editable(request: HttpRequest, game: Game, seat: Player | None, posts: list[Post]) -> list[Post]:
    """The posts of ``posts`` the reader wrote younger than the game's edit
    window (none without a window or for a visitor)."""
    if not game.edit_minutes or not request.user.is_authenticated:
        return []
    since = timezone.now() - timedelta(minutes=game.edit_minutes)
    recent = [p for p in posts if p.created_at > since]
    if any(p.by_host for p in recent) and access.is_host(request.user, game):
        return [p for p in recent if p.by_host or seat is not None and p.author_id == seat.pk]
    return [p for p in recent if not p.by_host and seat is not None and p.author_id == seat.pk]


def mark_editable(request: HttpRequest, game: Game, seat: Player | None, posts: list[Post]) -> None:
    """Set ``post.edit_until`` (the window's end, as the reader reads times)
    on the posts of ``posts`` the reader wrote and may still edit, for their
    "Edit" link; the others get "". Only the reader's posts younger than the
    game's window are looked at further: a player's own posts outside a
    vote thread cost no query; vote posts and the host's results posts are
    looked up once for the page."""
    for post in posts:
        post.edit_until = ""
    mine = _editable(request, game, seat, posts)
    if not mine:
        return
    ids = [p.pk for p in mine]
    fixed: set[int] = set()
    if any(p.room.kind == Room.Kind.VOTE for p in mine):
        fixed |= set(Vote.objects.filter(post_id__in=ids).values_list("post_id", flat=True))
    if any(p.by_host for p in mine):
        for published, copy in Resolution.objects.filter(
            Q(published_post_id__in=ids) | Q(day_copy_id__in=ids)
        ).values_list("published_post_id", "day_copy_id"):
            fixed |= {published, copy}
    for post in mine:
        if post.pk not in fixed:
            until = post.created_at + timedelta(minutes=game.edit_minutes)
            post.edit_until = flow.local_time(game, until)
            page_cache.expires(request, until)  # the "Edit" link goes then


def room_page(
    request: HttpRequest,
    game: Game,
    room: Room,
    seat: Player | None,
    form: PostForm,
    refusal: str | None,
    vote_form: Any = None,
    **extra: Any,
) -> dict[str, Any]:
    """A thread's page: the phase bar, a page of posts with the reader's
    first unread one (``read_position``, and ``seen_number`` for ``room_seen``), the
    links beside it, a private room's members, the post ``form`` or the
    ``refusal`` (why the reader may not post), and in a vote thread the
    count and the vote forms (``vote_context``); ``vote_form``: a refused
    vote post's bound form, shown with its errors and what was typed in
    place of an empty one. ``extra``: more context."""
    game_version = live.page_version(request, game)  # before the posts are read
    poll_since = extra.pop("poll_since", None) or live.clock()
    host = access.is_host(request.user, game)
    near, where = near_and_position(request, room, seat, host)
    page = posts_page(room, request.GET.get("page"), where.last, where.first_unread)
    if refusal is None:
        mark_editable(request, game, seat, page.object_list)
    # A vote thread names, links and offers the game's seats: read with the phase.
    ctx = game_context(request, game, seat, seats=room.kind == Room.Kind.VOTE)
    if refusal is None and not form.is_bound:
        # A post the day thread would refuse now (the defence window, a
        # silenced player, PITER-011, PITER-021): say why, offer no form.
        refusal = flow.day_post_refusal(game, room, seat, ctx["phase"])
    ctx.update(
        room=room,
        first_unread=where.first_unread,
        read_position=where,
        seen_number=unread.unseen_last(request.user, where, page.object_list),
        links=thread_links(request, game, room, seat, host, near),
        # A private room's readers know each other (the documents' host
        # tells the mafia who its members are): list them on its page.
        members=[] if room.is_public else list(room.members.order_by("nickname").values_list("nickname", "alive")),
        page=page,
        form=form,
        refusal=refusal,
        last_number=page.object_list[-1].number if page.object_list else 0,
        first_number=page.object_list[0].number if page.object_list else 1,
        **extra,
    )
    if room.kind == Room.Kind.VOTE:
        # The phase bar read the open phase of a running game (``flow.current_phase``).
        ctx.update(vote_context(game, room, seat, ctx["phase"]) if game.is_running else vote_context(game, room, seat))
        if vote_form is not None:
            ctx["vote_form"] = vote_form
        ctx.update(count_content(request, ctx))
    ctx.update(
        live.channel(
            request,
            game,
            game_version,
            room_id=room.public_id,
            posts=None if page.has_next else (ctx["last_number"], ctx["first_number"], poll_since),
            count=ctx.get("count_version", ""),
            until=ctx["bar_until"],
            seen=ctx["seen_number"],
        )
    )
    return ctx


def _edited_since(room: Room, first: int, after: int, since: int) -> list[Post]:
    """The posts numbered ``first`` to ``after`` edited since ``since`` (a
    ``live.clock`` time, less ``EDIT_MARGIN``), at most a page of them."""
    if first > after:
        return []
    try:
        edited_after = datetime.fromtimestamp(since / 1000, tz=UTC) - EDIT_MARGIN
    except (OverflowError, OSError, ValueError):  # a ``since`` no clock gives
        edited_after = datetime.min.replace(tzinfo=UTC)
    return list(
        room.posts.select_related("author")
        .filter(number__gte=first, number__lte=after, edited_at__gt=edited_after)
        .order_by("number")[: settings.MAFIA_POSTS_PER_PAGE]
    )


def new_posts(
    request: HttpRequest,
    game: Game,
    room: Room,
    seat: Player | None,
    *,
    after: int,
    first: int,
    since: int,
    looked: tuple[bool, bool] | None = None,
) -> dict[str, Any] | None:
    """The live channel's new and edited posts (``pages.live``): the room's
    posts after number ``after`` (at most a page), those of numbers
    ``first`` to ``after`` edited since ``since``, and ``last_number``, the
    last post number shown now; None when there is nothing new nor
    edited. ``looked``: whether the room had, a moment before, posts after
    ``after`` and posts of that range edited since ``since`` (the channel's
    quick check, ``live.quiet``): what it did not find is not read again,
    and what is written after it is found by the next ask (its ``after``
    is unchanged, and its ``since`` is taken after the check, less
    ``EDIT_MARGIN``). None: both read."""
    news, edits = looked if looked is not None else (True, True)
    posts: list[Post] = []
    if news:
        # Numbered densely: the page after ``after`` is a range of numbers
        # (``posts_page``'s compiled query; the ORM took longer to build
        # this query than the database to run it). A range found empty is
        # a gap (posts removed with their seat): the next posts are read
        # wherever they are.
        posts = _PAGE.run(room.pk, after + 1, after + 1 + settings.MAFIA_POSTS_PER_PAGE) or list(
            room.posts.filter(number__gt=after)
            .select_related("author")
            .order_by("number")[: settings.MAFIA_POSTS_PER_PAGE]
        )
        for post in posts:
            post.room = room
    edited = _edited_since(room, first, after, since) if edits else []
    if not posts and not edited:
        return None
    if access.post_refusal(request.user, room, seat) is None:
        mark_editable(request, game, seat, posts + edited)
    return {
        "posts": posts,
        "edited": edited,
        "room": room,
        "game": game,
        "last_number": posts[-1].number if posts else after,
        "is_host": access.is_host(request.user, game),
    }


def post_edit_page(
    request: HttpRequest, game: Game, room: Room, seat: Player | None, post: Post, form: PostForm, refusal: str | None
) -> dict[str, Any]:
    """The post edit page: the phase bar, the post and its ``form``, the
    ``refusal`` (why it may not be edited now) and ``until``, the end of
    its edit window as the reader reads times."""
    until = flow.edit_until(post)
    ctx = game_context(request, game, seat)
    ctx.update(
        room=room,
        post=post,
        form=form,
        refusal=refusal,
        until=flow.local_time(game, until) if until else "",
    )
    return ctx
