"""The one write path of a game: every transition of a game runs inside
``game_turn``, one unit of work that takes the game's lock, reads what the
transition needs of the game once, saves the rules' state, works out again
what the open phase stores from it (its open choices, idle abilities and
the day's count), and moves the game's version for the live poll and the
kept pages — all in the transition's own transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import wraps
from typing import Any, TypeVar

from django.db import transaction

from rulesets.core import GameState, Ruleset

from .. import live, page_cache
from ..models import Game, Phase
from ..reads.game import ruleset_of, state_of
from .phases import store_slots, store_votes
from .records import game_lock

T = TypeVar("T")


@dataclass
class Turn:
    """One transition of one game, inside ``game_turn``.

    ``game`` is locked and fresh from its row; ``now`` (aware) is the
    moment that counts for the transition, read once the lock is held (a
    vote that waited behind a deadline's resolution is stamped when its
    turn comes). ``state`` is the rules' state, read once on first use.
    A transition says what it changed: ``set_state`` (a new rules' state:
    saved, and the open phase's stored rows worked out again),
    ``ballots_changed`` (a day's ballots: its stored count worked out
    again) and ``access_changed`` (who may read what: the live poll's
    remembered permissions forgotten). ``close`` writes what follows, once."""

    game: Game
    now: datetime
    _state: GameState | None = None
    _state_changed: bool = False
    _ballots: list[Phase] = field(default_factory=list)
    _access: bool = False

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

    def access_changed(self) -> None:
        """Who may read what changed (a seat's account, a co-host): the live
        poll forgets the game's remembered permissions."""
        self._access = True

    def close(self) -> None:
        """Write what the transition's changes imply, once: the state and
        the open phase's stored rows, the days' counts, the live poll's
        permissions and the game's version."""
        if self._state_changed:
            self.game.save(update_fields=["state"])
            store_slots(self.game)
        for phase in self._ballots:
            if not self._state_changed or phase.resolved_at:
                store_votes(self.game, phase, self._state)
        if self._access:
            live.access_changed(self.game.slug)
        page_cache.game_changed(self.game.pk)


@contextmanager
def game_turn(game: Game, now: datetime | None = None) -> Iterator[Turn]:
    """Run one transition of ``game``: in a transaction, with the game's row
    locked (``game_lock``: every change to a game happens one after
    another), yielding the ``Turn`` the transition works through, closed
    (``Turn.close``) when the block ends without an error; an error (a
    ``FlowError`` refusal) rolls back everything the block wrote. ``now``
    (aware): the moment that counts, default the clock once locked.
    Nested turns of the same game (a vote that writes its post) share the
    outer transaction and each closes its own changes."""
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
