"""Reads of the players' forum habits: one seat's posts in a thread (the
forums' "posts by this player", ISO), how much each seat wrote in a game
day's public threads, and every ballot a seat cast. Nothing here writes;
who may read what is decided by ``games.access`` before these are called."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Min, Q

from ..models import Game, Phase, Player, Post, Room, Vote
from .game import ruleset_of


def seat_posts(room: Room, seat: Player, page: object, size: int) -> tuple[int, int, list[Post]]:
    """Page ``page`` (1-based; a malformed or out-of-range one gives the
    nearest page, a missing one the first) of the posts ``seat`` wrote in
    ``room``, ``size`` a page, in the thread's order, their authors loaded:
    ``(page number, number of pages, posts)``. Two queries: the count and
    the page."""
    mine = room.posts.filter(author=seat)
    num_pages = max(1, -(-mine.count() // size))
    try:
        number = min(max(int(page), 1), num_pages)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        number = 1
    first = (number - 1) * size
    return number, num_pages, list(mine.select_related("author").order_by("number")[first : first + size])


@dataclass(frozen=True)
class DayActivity:
    """What one seat wrote in the public threads of a game day: ``in_day``
    posts in the day thread, ``in_vote`` in the vote thread, the first and
    the last of them (aware UTC, None when it wrote none); ``living``: the
    seat was in the game that day (a seat out of it shows only for its
    last post)."""

    seat: Player
    in_day: int
    in_vote: int
    first: datetime | None
    last: datetime | None
    living: bool

    @property
    def total(self) -> int:
        """The posts of both threads: what a post minimum counts."""
        return self.in_day + self.in_vote


def _night_first(game: Game, day: int) -> bool:
    """True when the game's night ``day`` opened before its day ``day``
    (werewolf18's nights come first): a seat that left at phase number
    ``day`` then may have left that night, before the day."""
    opened = dict(
        game.phases.filter(number=day, vote_round=1, kind__in=[Phase.Kind.DAY, Phase.Kind.NIGHT]).values_list(
            "kind", "opened_at"
        )
    )
    night, daytime = opened.get(Phase.Kind.NIGHT), opened.get(Phase.Kind.DAY)
    return night is not None and daytime is not None and night < daytime


def day_activity(game: Game, day: int) -> list[DayActivity]:
    """Every seat living on game day ``day`` (and any other seat that posted
    in its threads, a dead player's last post), with its posts in the
    day's day and vote threads, in seating order. A seat counts as living
    that day when it is still in the game or left at a later phase number,
    or at the same number in a game whose days come before their nights
    (``Player.left_at_day`` holds the phase number). Two queries: the
    order of the day's phases, and the seats with their counts
    (annotations, whatever the number of seats and posts)."""
    in_rooms = Q(posts__room__game=game, posts__room__day=day)
    either = in_rooms & Q(posts__room__kind__in=[Room.Kind.DAY, Room.Kind.VOTE])
    seats = (
        game.players.seated()
        .annotate(
            n_day=Count("posts", filter=in_rooms & Q(posts__room__kind=Room.Kind.DAY)),
            n_vote=Count("posts", filter=in_rooms & Q(posts__room__kind=Room.Kind.VOTE)),
            first_at=Min("posts__created_at", filter=either),
            last_at=Max("posts__created_at", filter=either),
        )
        .order_by("joined_at", "id")
    )
    night_first = _night_first(game, day)
    rows = []
    for seat in seats:
        left = seat.left_at_day
        living = seat.alive or left is not None and (left > day if night_first else left >= day)
        if living or seat.n_day or seat.n_vote:
            rows.append(DayActivity(seat, seat.n_day, seat.n_vote, seat.first_at, seat.last_at, living))
    return rows


@dataclass(frozen=True)
class VoteStep:
    """One ballot a seat cast (``vote``, its target and its post loaded) and
    the ballot of the same day, lynch vote and round it replaced
    (``changed_from``), None for the first."""

    vote: Vote
    changed_from: Vote | None


def vote_history(game: Game, seat: Player, days: list[int]) -> list[VoteStep]:
    """Every ballot ``seat`` cast on the game days ``days`` (nominations and
    re-votes included), in casting order, each with the one it changed.
    One query."""
    votes = (
        Vote.objects.filter(game=game, voter=seat, day__in=days)
        .select_related("target", "post__room")
        .order_by("created_at", "id")
    )
    before: dict[tuple[int, int, str], Vote] = {}
    steps = []
    for vote in votes:
        key = (vote.day, vote.vote_round, vote.round)
        steps.append(VoteStep(vote, before.get(key)))
        before[key] = vote
    return steps


def post_minimum(game: Game) -> int:
    """The posts a living player owes each game day in its public threads:
    the host's house rule for the game (``post_minimum``) where he set one,
    else the ruleset's (``Ruleset.POST_MINIMUM``: werewolf18's five, 潜水;
    forum's five, FORUM-162; cosmo's one); 0 where there is none."""
    if "post_minimum" in game.options:
        return int(game.options.get("post_minimum") or 0)
    return ruleset_of(game).POST_MINIMUM


def seat_by_id(game: Game, player_id: str) -> Player | None:
    """The seat of ``game`` whose public id is ``player_id``, or None (its
    nickname is public: every reader of a thread sees it on its posts)."""
    return game.players.filter(public_id=player_id).first()
