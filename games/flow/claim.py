"""A claim of the tick: the writes of the resolutions of several games,
kept aside (``Claim``) and written together once every claimed game went
through."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import Deadline, Event, Game, Phase, Player, Post, Resolution
from .read_model import update_rows
from .records import Batch


@dataclass
class Claim:
    """What the resolutions of one claim of the tick (``_process_some``)
    leave to write together once every claimed game went through, in seven
    queries for all of them instead of seven for each: the deadlines' done
    time (with ``fields``, the columns each changed), the games' states,
    the phases' resolution times, the seats that changed (with
    ``seat_fields``), the host posts (numbered in their rooms
    from ``last``, the last post numbers of the rooms the claim holds
    locked), the resolutions (which point at their posts) and the events,
    in the order logged. A game whose resolution raises takes its part back
    (``mark``, ``undo``)."""

    deadlines: list[Deadline] = field(default_factory=list)
    fields: set[str] = field(default_factory=set)
    games: list[Game] = field(default_factory=list)
    phases: list[Phase] = field(default_factory=list)
    seats: list[Player] = field(default_factory=list)
    seat_fields: set[str] = field(default_factory=set)
    last: dict[int, int] = field(default_factory=dict)
    posts: list[Post] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def mark(self) -> tuple[int, ...]:
        """Where each list ends now (``undo`` cuts them back to it)."""
        return tuple(len(rows) for rows in self._lists())

    def undo(self, mark: tuple[int, ...]) -> None:
        """Drop what was added since ``mark``: a resolution that raised."""
        for rows, length in zip(self._lists(), mark, strict=True):
            del rows[length:]

    def _lists(self) -> tuple[list, ...]:
        return (
            self.deadlines,
            self.games,
            self.phases,
            self.seats,
            self.posts,
            self.resolutions,
            self.events,
        )

    def take(self, batch: Batch, resolution: Resolution) -> None:
        """A resolution's posts, events and the resolution itself, unsaved."""
        if batch.last is not None:
            self.last.update(batch.last)
        self.posts += batch.posts
        self.events += batch.events
        self.resolutions.append(resolution)
        batch.posts, batch.events = [], []

    def write(self) -> None:
        """Save everything taken, in the order the resolutions wrote it."""
        # Every row taken belongs to the game of one of the claim's deadlines.
        if self.deadlines:
            update_rows(Deadline, self.deadlines, sorted(self.fields))
        if self.games:
            update_rows(Game, self.games, ["state"])
        if self.phases:
            update_rows(Phase, self.phases, ["resolved_at", "locked_at"])
        if self.seats:
            update_rows(Player, self.seats, sorted(self.seat_fields))
        Post.objects.create_many(self.posts, self.last)
        Resolution.objects.bulk_create(self.resolutions)
        Event.objects.bulk_create(self.events)


class ClaimUnwritten(Exception):
    """Writing a claim's resolutions together raised (``Claim.write``); the
    claim's transaction was rolled back."""
