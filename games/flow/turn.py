"""The one write path of a game: every transition of a game runs as a
``Turn``. ``game_turn`` opens one for a request (a post, a vote, a choice,
the host's tools): it takes the game's lock, and when the transition ends
it saves the rules' state, works out again what the open phase stores
from it (its open choices, idle abilities and the day's count) and moves
the game's version for the live channel and the kept pages, all in the
transition's own transaction. The tick opens one per game it claimed
(``games.flow.tick``), whose rows the claim writes together with the
other games'."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import wraps
from typing import Any, TypeVar

from django.db import transaction

from rulesets.core import GameState, Ruleset

from .. import languages, page_cache
from ..models import Event, Game, Phase, Player, Post, Room
from ..reads.game import ruleset_of, state_of
from .claim import Claim
from .phases import store_slots, store_votes
from .read_model import GameRead
from .records import Batch, game_lock, host_post_fields

T = TypeVar("T")


@dataclass
class Turn:
    """One transition of one game.

    ``game`` is locked and fresh from its row; ``now`` (aware) is the
    moment that counts for the transition, read once the lock is held (a
    vote that waited behind a deadline's resolution is stamped when its
    turn comes). ``state`` is the rules' state, read once on first use;
    ``read`` what the transition reads of the game's rooms, phases, seats,
    ballots and choices (``GameRead``), read on first use and kept in step
    with what the turn writes. ``claim``: the tick's claim this turn's
    resolution leaves its rows to (None for a request); ``batch``: the
    host posts and events held back to be written together (``batched``).

    A transition says what it changed: ``set_state`` (a new rules' state:
    saved, and the open phase's stored rows worked out again),
    and ``ballots_changed`` (a day's ballots: its stored count worked out
    again). ``close`` writes what follows, once, and moves the game's
    version (every write, a change of who may read what included)."""

    game: Game
    now: datetime
    claim: Claim | None = None
    batch: Batch | None = None
    _read: GameRead | None = None
    _state: GameState | None = None
    _state_changed: bool = False
    _ballots: list[Phase] = field(default_factory=list)
    # Set by a transition that wrote posts only (a post, an edit): the
    # game's version moves, its ``state`` does not (``page_cache.game_changed``).
    posts_only: bool = False

    @property
    def ruleset(self) -> Ruleset:
        """The game's rules engine."""
        return ruleset_of(self.game)

    @property
    def state(self) -> GameState:
        """The rules' state of the game (read once; raises FlowError before the draw)."""
        if self._state is None:
            self._state = state_of(self.game)
        return self._state

    @property
    def read(self) -> GameRead:
        """What the turn reads of the game (``GameRead``), read on first use."""
        if self._read is None:
            self._read = GameRead(self.game)
        return self._read

    def read_locked(self) -> GameRead:
        """``read``, its rooms locked until the transaction ends (a
        resolution numbers its posts from their last numbers): the one the
        tick read for its claim, else a new one."""
        if self._read is None or not self._read.lock:
            self._read = GameRead(self.game, lock=True)
        return self._read

    def forget_read(self) -> None:
        """Drop what was read (the game was written behind the read's back:
        the next use reads it again)."""
        self._read = None

    def log(
        self, kind: str, data: dict[str, Any], audience: str = Event.Audience.HOST, player: Player | None = None
    ) -> Event:
        """Append an event to the game's log: at once, or with the turn's
        batch (in the order logged), unsaved until then."""
        event = Event(game=self.game, kind=kind, audience=audience, player=player, data=data)
        if self.batch is None:
            event.save()
        else:
            self.batch.events.append(event)
        return event

    def post(self, room: Room, body: str, day: int, when: datetime | None = None) -> Post:
        """A post of the host (or the site) in ``room`` (``host_post_fields``):
        saved (numbered in its room) at once, or with the turn's batch,
        unsaved until then."""
        fields = host_post_fields(room, body, day, when, languages.game_language(self.game))
        if self.batch is None:
            return Post.objects.create(**fields)
        post = Post(**fields)
        self.batch.posts.append(post)
        return post

    def cabinet_post(self, seat: Player, body: str) -> None:
        """A host post in the seat's own cabinet, filed under the current day."""
        self.post(self.read.cabinet_of(seat), body, self.read.current_day())

    @contextmanager
    def batched(self, last: dict[int, int] | None = None, write: bool = True) -> Iterator[Batch]:
        """Hold back the turn's host posts and events of the block in a
        ``Batch`` (``last``: the last post numbers of the rooms the turn
        holds locked) and, with ``write``, save them when the block ends
        without an error (posts first, then events); a caller that writes
        something between them (the resolution, which points at its posts)
        passes ``write=False`` and writes them itself. Inside an outer batch
        the block simply joins it."""
        if self.batch is not None:
            yield self.batch
            return
        batch = self.batch = Batch(last=last)
        try:
            yield batch
        finally:
            self.batch = None
        if write:
            batch.write_posts()
            batch.write_events()

    def set_state(self, state: GameState) -> None:
        """The rules' state becomes ``state``: saved when the turn closes,
        with the open phase's stored rows worked out from it."""
        self._state, self._state_changed = state, True
        self.game.state = state.to_dict()

    def ballots_changed(self, phase: Phase) -> None:
        """A ballot of the day ``phase`` was cast (or its candidates listed):
        its stored count is worked out again when the turn closes."""
        if all(p.pk != phase.pk for p in self._ballots):
            self._ballots.append(phase)

    def close(self) -> None:
        """Write what the transition's changes imply, once: the state and
        the open phase's stored rows, the days' counts and the game's
        version (``page_cache.game_changed``: in this transaction, so the
        game's kept pages are forgotten, and its open pages' live channels
        wake, exactly when the transition's writes commit)."""
        if self._state_changed:
            self.game.save(update_fields=["state"])
            store_slots(self.game)
        for phase in self._ballots:
            if not self._state_changed or phase.resolved_at:
                store_votes(self.game, phase, self._state)
        page_cache.game_changed(
            self.game.pk, posts_only=self.posts_only and not self._state_changed and not self._ballots
        )


@contextmanager
def game_turn(game: Game, now: datetime | None = None) -> Iterator[Turn]:
    """Run one transition of ``game``: in a transaction, with the game's row
    locked (``game_lock``: every change to a game happens one after
    another), yielding the ``Turn`` the transition works through, closed
    (``Turn.close``) when the block ends without an error; an error (a
    ``FlowError`` refusal) rolls back everything the block wrote. ``now``
    (aware): the moment that counts, default the clock once locked."""
    with transaction.atomic():
        turn = Turn(game, game_lock(game, now))
        yield turn
        turn.close()


def transition(fn: Callable[..., T]) -> Callable[..., T]:
    """Make ``fn(turn, **fields)`` the transition ``fn(game=…, now=None,
    **fields)``: called with the game (and, for tests and scripts, the
    moment that counts, aware), it runs inside ``game_turn`` and receives
    the open ``Turn``. Every transition of a game is written this way (or
    opens ``game_turn`` itself), so none can forget the game's lock."""

    @wraps(fn)
    def run(*, game: Game, now: datetime | None = None, **fields: Any) -> T:
        with game_turn(game, now) as turn:
            return fn(turn, **fields)

    return run
