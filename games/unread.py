"""What is new for each reader, and which cabinet questions wait for the host.

A reader's place in a room is one ``ReadMark`` row: the highest post
number the account has seen there. It moves forward when a page of the
room is viewed (up to the last post shown), when new posts arrive on an
open page, and when the reader posts (over his own post, when nothing
of others' came in between). Posts are numbered densely in their room, so
everything here is read through the (room, number) index: a room's last
post is its highest number, the unread posts are those numbered after the
mark, and nothing loads a post.

One's own posts are never unread: a seat's posts, and for the host and
co-hosts (who post as the host) the host's posts. Callers decide who may
read which room (``games.access``); these functions only count in the rooms
they are given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from .compiled import Compiled
from .models import Game, Player, Post, ReadMark, Room


def own_posts(seat: Player | None, host: bool) -> Q | None:
    """The posts the reader wrote himself: his seat's, or the host's for
    the host and co-hosts; None for a reader who writes nothing."""
    if seat is not None:
        return Q(author=seat)
    if host:
        return Q(by_host=True)
    return None


def _last_number() -> Subquery:
    """The number of the last post of the outer room (NULL when empty)."""
    return Subquery(Post.objects.filter(room=OuterRef("pk")).order_by("-number").values("number")[:1])


def _mark(user: Any, room_ref: Any) -> Subquery:
    """The reader's mark in the room ``room_ref`` (NULL without one)."""
    return Subquery(ReadMark.objects.filter(user_id=user.pk, room=room_ref).values("number")[:1])


def _unread_posts(user: Any, own: Q | None) -> QuerySet[Post]:
    """The outer room's posts after the reader's mark, his own left out.
    The mark is taken from the outer room, so the database reads it once
    and walks the index from it."""
    posts = Post.objects.filter(room=OuterRef("pk"), number__gt=Coalesce(_mark(user, OuterRef(OuterRef("pk"))), 0))
    return posts.exclude(own) if own is not None else posts


def with_counts(rooms: QuerySet[Room], user: Any, seat: Player | None, host: bool) -> QuerySet[Room]:
    """``rooms`` with ``n_posts`` (its last post number: the number of its
    posts) and, for a logged-in reader, ``unread`` (posts of others after
    his mark; every post of a room he never opened). One query for all."""
    rooms = rooms.annotate(n_posts=Coalesce(_last_number(), 0))
    if not user.is_authenticated:
        return rooms
    counted = _unread_posts(user, own_posts(seat, host)).values("room").annotate(n=Count("pk")).values("n")
    return rooms.annotate(unread=Coalesce(Subquery(counted), 0))


def with_positions(rooms: QuerySet[Room], user: Any, seat: Player | None, host: bool) -> QuerySet[Room]:
    """``with_counts`` and, for a logged-in reader, each room's ``mark``
    and ``first_unread`` (as ``position`` reads them for one room): the
    reader's place in each of ``rooms`` in the same one query."""
    rooms = with_counts(rooms, user, seat, host)
    if not user.is_authenticated:
        return rooms
    first = _unread_posts(user, own_posts(seat, host)).order_by("number").values("number")[:1]
    return rooms.annotate(mark=_mark(user, OuterRef("pk")), first_unread=Subquery(first))


def position_in(row: Room) -> Position:
    """The reader's ``Position`` in a room read through ``with_positions``."""
    return Position(mark=getattr(row, "mark", None), last=row.n_posts, first_unread=getattr(row, "first_unread", None))


@dataclass(frozen=True)
class Position:
    """The reader's place in a room: ``mark`` (None when he has none yet),
    the room's ``last`` post number, and the ``first_unread`` post of
    others after the mark (None when nothing is new)."""

    mark: int | None
    last: int
    first_unread: int | None


def position(room: Room, user: Any, seat: Player | None, host: bool) -> Position:
    """Where ``user`` stands in ``room``: one query."""
    if not user.is_authenticated:
        last = room.posts.order_by("-number").values_list("number", flat=True).first() or 0
        return Position(mark=None, last=last, first_unread=None)
    first = _unread_posts(user, own_posts(seat, host)).order_by("number").values("number")[:1]
    row = (
        Room.objects.filter(pk=room.pk)
        .annotate(mark=_mark(user, OuterRef("pk")), last=_last_number(), first_unread=Subquery(first))
        .values("mark", "last", "first_unread")
        .get()
    )
    return Position(mark=row["mark"], last=row["last"] or 0, first_unread=row["first_unread"])


def seen(room: Room, user: Any, number: int, where: Position | None = None) -> None:
    """``user`` has seen ``room`` up to post ``number``: the mark moves
    forward to it, never back. With the reader's ``position`` known this
    is one query, none when the mark is already there; otherwise one or
    two, and no write when the mark is already there. A mark that moves
    makes the reader's kept pages of the game stale: they are kept under
    the sum of his marks in the game (``page_cache.versions``)."""
    if not user.is_authenticated or where is not None and where.mark is not None and where.mark >= number:
        return
    marks = ReadMark.objects.filter(user_id=user.pk, room=room)
    if where is None or where.mark is not None:
        moved = marks.filter(number__lt=number).update(number=number)
        if moved or where is not None or marks.exists():  # a mark at or past ``number``
            return
    ReadMark.objects.bulk_create([ReadMark(user_id=user.pk, room=room, number=number)], ignore_conflicts=True)


def seen_up_to(room: Room, user: Any, number: int) -> None:
    """``seen`` for a number the reader's page reports (``SeenForm``),
    never past the room's last post: a mark beyond it would hide the posts
    still to come."""
    last = room.posts.order_by("-number").values_list("number", flat=True).first() or 0
    if min(number, last) > 0:
        seen(room, user, min(number, last))


# ``reported_seen``'s one statement: the reader's mark in the room (public
# id, game slug) moves up to the lower of the reported number and the
# room's last post, when it is below both. Written out, as the live
# channel's quick check is (``live._QUIET``): the ORM took longer to compile
# this UPDATE than the three queries it replaces took to run. The same SQL
# on PostgreSQL and SQLite.
_REPORTED = """
UPDATE games_readmark
SET number = (SELECT CASE WHEN COALESCE(MAX(p.number), 0) < %s THEN COALESCE(MAX(p.number), 0) ELSE %s END
              FROM games_post p WHERE p.room_id = games_readmark.room_id)
WHERE user_id = %s
AND room_id = (SELECT r.id FROM games_room r JOIN games_game g ON g.id = r.game_id WHERE r.public_id = %s AND g.slug = %s)
AND number < (SELECT CASE WHEN COALESCE(MAX(p.number), 0) < %s THEN COALESCE(MAX(p.number), 0) ELSE %s END
              FROM games_post p WHERE p.room_id = games_readmark.room_id)
"""


def reported_seen(slug: str, room_id: str, user: Any, number: int) -> None:
    """``seen_up_to`` for the room of public id ``room_id`` in the game
    ``slug``, as an open page's live channel reports it (``live.mark_seen``;
    the caller checked the page's ticket). A reader who already has a mark
    there below ``number`` and below the room's last post (an open page
    following a conversation) costs one UPDATE, which moves it to the
    lower of the two; otherwise the room is read and ``seen_up_to`` runs
    (a first mark, or one already there: no write). Nothing for an unknown
    room."""
    with connection.cursor() as cursor:
        cursor.execute(_REPORTED, [number, number, user.pk, room_id, slug, number, number])
        if cursor.rowcount:
            return
    room = Room.objects.filter(public_id=room_id, game__slug=slug).first()
    if room is not None:
        seen_up_to(room, user, number)


def unseen_last(user: Any, where: Position, posts: list[Post]) -> int | None:
    """The number of the last of ``posts`` (a page the reader is shown)
    when it lies past his mark, for the page to report it seen
    (``templates/games/_seen.html``); None for a visitor or nothing new."""
    if not user.is_authenticated or not posts:
        return None
    number = posts[-1].number
    return number if where.mark is None or where.mark < number else None


# ``posted``'s one statement, written out as ``_REPORTED`` is (the same
# SQL on PostgreSQL and SQLite): the poster's mark in the room moves to
# his post (``%s`` 3) when it lies below it and nobody else's post lies
# between; a reader with no mark there gets one at his post when nobody
# else's post lies before it. ``{own}`` leaves out the poster's own posts
# (``_OWN_SQL``).
_POSTED = """
INSERT INTO games_readmark (user_id, room_id, number)
SELECT %s, %s, %s
WHERE EXISTS (SELECT 1 FROM games_readmark m WHERE m.user_id = %s AND m.room_id = %s)
OR NOT EXISTS (SELECT 1 FROM games_post p WHERE p.room_id = %s AND p.number < %s{own})
ON CONFLICT (user_id, room_id) DO UPDATE SET number = excluded.number
WHERE games_readmark.number < excluded.number
AND NOT EXISTS (SELECT 1 FROM games_post p WHERE p.room_id = games_readmark.room_id
                AND p.number > games_readmark.number AND p.number < excluded.number{own})
"""
# The poster's own posts, left out of "nobody else's" (``own_posts``).
_OWN_SQL = {
    "seat": " AND (p.author_id IS NULL OR p.author_id <> %s)",
    "host": " AND NOT p.by_host",
    "nobody": "",
}


def posted(room: Room, user: Any, post: Post, seat: Player | None, host: bool) -> None:
    """The reader wrote ``post``: it is read, and so is the room up to it
    when every post between his mark and it is his own too (posts of
    others that came in meanwhile stay new). One statement (``_POSTED``)."""
    if not user.is_authenticated:
        return
    own, extra = ("seat", [seat.pk]) if seat is not None else ("host", []) if host else ("nobody", [])
    n = post.number
    with connection.cursor() as cursor:
        cursor.execute(
            _POSTED.format(own=_OWN_SQL[own]), [user.pk, room.pk, n, user.pk, room.pk, room.pk, n, *extra, *extra]
        )


def host_inbox(game: Game) -> list[Room]:
    """The game's cabinets whose latest post is a player's, the question
    waiting longest first; each with ``answered`` (the host's last post
    number there, 0 for none), ``first_waiting`` (the first post after it),
    ``waiting`` (how many posts wait) and ``since`` (when the first was
    posted). For the host's dashboard only."""
    return _INBOX.run(game.pk)


def _inbox_query(game_id: int) -> QuerySet[Room]:
    """``host_inbox``'s query for the game ``game_id``."""
    host_last = Post.objects.filter(room=OuterRef("pk"), by_host=True).order_by("-number").values("number")[:1]
    first_waiting = Post.objects.filter(room=OuterRef("pk"), number=OuterRef("answered") + 1)
    return (
        Room.objects.filter(game_id=game_id, kind=Room.Kind.CABINET)
        .annotate(last=_last_number(), answered=Coalesce(Subquery(host_last), 0))
        .filter(last__gt=F("answered"))
        .annotate(
            first_waiting=F("answered") + 1,
            waiting=F("last") - F("answered"),
            since=Subquery(first_waiting.values("created_at")[:1]),
        )
        .order_by("since", "id")
    )


# Compiled once per process.
_INBOX = Compiled(_inbox_query)
