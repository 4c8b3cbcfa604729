"""The rows every transition writes beside its own: events and host
posts (``Batch`` collects them where a resolution writes them together),
and the game's lock (``game_lock``), which ``games.flow.turn.game_turn``
takes for every transition."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils import timezone

from .. import markup
from ..clock import local_deadline
from ..errors import FlowError
from ..models import Deadline, Event, Game, Player, Post, Room


def log_event(
    game: Game, kind: str, data: dict[str, Any], audience: str = Event.Audience.HOST, player: Player | None = None
) -> Event:
    """Append an event to the game's log at once. Inside a transition, use
    ``Turn.log``, which writes it with the turn's other rows."""
    return Event.objects.create(game=game, kind=kind, audience=audience, player=player, data=data)


def host_post_fields(
    room: Room, body: str, day: int, when: datetime | None = None, language: str | None = None
) -> dict[str, Any]:
    """The fields of a post of the host (or the site) in ``room``, rendered
    from BBCode (a quote's header in ``language``, the game's), dated
    ``when`` (aware; default now) and filed under game day ``day``
    (``Turn.post`` saves it, at once or with its batch)."""
    return {
        "room": room,
        "by_host": True,
        "body": body,
        "body_html": markup.render(body, language),
        "game_day": day,
        "created_at": when or timezone.now(),
    }


@dataclass
class Batch:
    """The host posts and events of one piece of work, written when it ends
    (``Turn.batched``): the posts in one query (``PostManager.create_many``,
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


def game_lock(game: Game, now: datetime | None = None) -> datetime:
    """Lock the game's row until the transaction ends, refresh ``game``
    from it, and return the time that counts for what the caller does.

    Every change to a running game (a vote, a choice, a deadline, the
    host's tools) takes this lock first (``game_turn``), so they happen one
    after another. The time is read once the lock is held (unless ``now``,
    aware, is given): a vote that waited behind a deadline's resolution is
    stamped when its turn comes, not when it asked. Call inside a
    transaction."""
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


def random_seed() -> int:
    """A fresh seed for a draw (recorded on the game)."""
    return random.SystemRandom().getrandbits(48)
