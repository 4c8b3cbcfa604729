"""The players' forum habits as pages: one player's posts in a thread
(the forums' "posts by this player", ISO), the activity table of a game
day, and a player's vote history across days. The views decide who may
read the room or the days first (``games.access``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest

from .. import access, flow
from ..models import Game, Player, Room
from ..reads import activity as reads
from .phase_bar import game_context
from .thread import PostPage


def author_of(game: Game, player_id: str) -> Player:
    """The seat of ``game`` with public id ``player_id``; raises Http404."""
    author = reads.seat_by_id(game, player_id)
    if author is None:
        raise Http404
    return author


def iso_page(request: HttpRequest, game: Game, room: Room, seat: Player | None, author: Player) -> dict[str, Any]:
    """Only ``author``'s posts in ``room`` (a room the reader may read,
    from ``access.room_for_reader``), paginated as the thread is
    (``MAFIA_POSTS_PER_PAGE`` a page, ``?page=``, the first page without
    one), with the phase bar. Nothing is marked read: the reader has not
    seen the thread's other posts."""
    number, num_pages, posts = reads.seat_posts(room, author, request.GET.get("page"), settings.MAFIA_POSTS_PER_PAGE)
    ctx = game_context(request, game, seat)
    ctx.update(
        room=room,
        author=author,
        page=PostPage(number=number, num_pages=num_pages, object_list=posts),
        first_unread=None,
        seen_number=None,
        activity=room.kind in (Room.Kind.DAY, Room.Kind.VOTE) and bool(room.day),
    )
    return ctx


def activity_page(request: HttpRequest, game: Game, room: Room, seat: Player | None) -> dict[str, Any]:
    """The activity table of the game day of ``room`` (its day or vote
    thread; Http404 for any other room): each seat living that day with
    its posts in the day and vote threads, the first and last of them (the
    template shows them in the reader's time zone), and, where the game
    has a post minimum (``reads.post_minimum``), which living seats are
    under it so far."""
    if room.kind not in (Room.Kind.DAY, Room.Kind.VOTE) or not room.day:
        raise Http404
    minimum = reads.post_minimum(game)
    rows = [
        {"row": row, "below": bool(minimum) and row.living and row.total < minimum}
        for row in reads.day_activity(game, room.day)
    ]
    ctx = game_context(request, game, seat)
    ctx.update(room=room, rows=rows, minimum=minimum, day=room.day)
    return ctx


def votes_page(request: HttpRequest, game: Game, seat: Player | None, voter: Player) -> dict[str, Any]:
    """Every ballot ``voter`` cast on the days whose vote thread the reader
    may read (``access.rooms_for_reader``), as the vote threads show them
    to everyone: the time, the day, the round, the target (a re-vote word
    as players read it), and the ballot it changed. Each step links to
    its vote post."""
    readable = access.rooms_for_reader(request.user, game, seat).filter(kind=Room.Kind.VOTE, day__isnull=False)
    days = sorted(set(readable.values_list("day", flat=True)))
    steps = reads.vote_history(game, voter, days)
    label = _labeller(game) if any(s.vote.word for s in steps) else None
    rows = [
        {
            "vote": step.vote,
            "choice": _choice(step.vote, label),
            "changed_from": _choice(step.changed_from, label) if step.changed_from else None,
            "was": step.changed_from is not None,
        }
        for step in steps
    ]
    ctx = game_context(request, game, seat)
    ctx.update(voter=voter, rows=rows)
    return ctx


def _labeller(game: Game) -> Any:
    """How a re-vote word reads for players (``flow.revote_label``)."""
    ruleset, state = flow.ruleset_of(game), flow.state_of(game)
    return lambda word: flow.revote_label(ruleset, state, word)


def _choice(vote: Any, label: Any) -> str:
    """A ballot's choice as the vote thread shows it: the nickname, the
    re-vote word as players read it, or "" for an abstention."""
    if vote.target_id:
        return vote.target.nickname
    if vote.word and label is not None:
        return label(vote.word)
    return vote.word
