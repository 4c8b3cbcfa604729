"""What every transition writes beside its own rows: events
(``log_event``) and host posts (``host_post``), collected by ``batched``
and written together where a resolution asks for it; and the game's lock
(``game_lock``), which ``games.flow.turn.game_turn`` takes for every
transition."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone

from .. import markup
from ..clock import local_deadline
from ..errors import FlowError
from ..models import Deadline, Event, Game, Player, Post, Room
from ..reads.game import cabinet_of, current_day
from .read_model import GameRead


def log_event(
    game: Game, kind: str, data: dict[str, Any], audience: str = Event.Audience.HOST, player: Player | None = None
) -> Event:
    """Append an event to the game's log. Inside ``batched`` (a deadline's
    resolution) the event is written with the batch's other events when the
    batch ends, in the order logged, and returned unsaved until then."""
    batch = _batch.get()
    if batch is None:
        return Event.objects.create(game=game, kind=kind, audience=audience, player=player, data=data)
    event = Event(game=game, kind=kind, audience=audience, player=player, data=data)
    batch.events.append(event)
    return event


@dataclass
class Batch:
    """The host posts and events of one piece of work, written when it ends
    (``batched``): the posts in one query (``PostManager.create_many``,
    with ``last``, the last post numbers of the rooms the work holds
    locked; two more for other rooms), the events in one."""

    last: dict[int, int] | None = None
    posts: list[Post] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def write_posts(self) -> None:
        """Save the posts made so far (numbered in their rooms, in order)."""
        Post.objects.create_many(self.posts, self.last)
        self.posts = []

    def write_events(self) -> None:
        """Save the events logged so far, in order."""
        Event.objects.bulk_create(self.events)
        self.events = []


_batch: ContextVar[Batch | None] = ContextVar("batch", default=None)


@contextmanager
def batched(batch: Batch | None = None, write: bool = True) -> Iterator[Batch]:
    """Collect the ``host_post``s and ``log_event``s of the block in
    ``batch`` (a new one by default) and, with ``write``, save them when the
    block ends without an error (posts first, then events); a caller that
    writes something between them (the resolution, which points at its
    posts) passes ``write=False`` and writes them itself. Inside an outer
    batch the block simply joins it."""
    outer = _batch.get()
    if outer is not None:
        yield outer
        return
    batch = batch or Batch()
    token = _batch.set(batch)
    try:
        yield batch
    finally:
        _batch.reset(token)
    if write:
        batch.write_posts()
        batch.write_events()


def game_lock(game: Game, now: datetime | None = None) -> datetime:
    """Lock the game's row until the transaction ends, refresh ``game``
    from it, and return the time that counts for what the caller does.

    Every change to a running game (a vote, a choice, a deadline, the
    host's tools) takes this lock first, so they happen one after another.
    The time is read once the lock is held (unless ``now``, aware, is
    given): a vote that waited behind a deadline's resolution is stamped
    when its turn comes, not when it asked. Call inside a transaction."""
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())
    return now or timezone.now()


def refuse_if_late(game: Game, deadline: Deadline | None, now: datetime, message: str, closed: bool = False) -> None:
    """Raise FlowError(``message``) when ``now`` (aware, from ``game_lock``)
    is at or after ``deadline`` (or ``closed`` says the phase is already
    locked); ``message`` has a ``%(when)s`` placeholder for the deadline in
    the game's local time (FORUM-165)."""
    if closed or (deadline is not None and now >= deadline.due_at):
        when = local_deadline(game, deadline.due_at) if deadline is not None else ""
        raise FlowError(message % {"when": when})


def host_post(room: Room, body: str, day: int, when: datetime | None = None) -> Post:
    """A post of the host (or the site) in ``room``, rendered from BBCode,
    dated ``when`` (aware; default now) and filed under game day ``day``.
    Inside ``batched`` it is saved (and numbered) when the batch ends and
    returned unsaved until then."""
    fields = {
        "room": room,
        "by_host": True,
        "body": body,
        "body_html": markup.render(body),
        "game_day": day,
        "created_at": when or timezone.now(),
    }
    batch = _batch.get()
    if batch is None:
        return Post.objects.create(**fields)
    post = Post(**fields)
    batch.posts.append(post)
    return post


def cabinet_post(game: Game, seat: Player, body: str, read: GameRead | None = None) -> None:
    """A host post in the seat's own cabinet (found in ``read`` when given)."""
    room = read.cabinet_of(seat) if read is not None else cabinet_of(seat)
    host_post(room, body, read.current_day() if read is not None else current_day(game))


def random_seed() -> int:
    """A fresh seed for a draw (recorded on the game)."""
    return random.SystemRandom().getrandbits(48)
