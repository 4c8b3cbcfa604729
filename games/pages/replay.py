"""The replay of a game (``games.reads.replay``) as its page shows it:
the phase bar, the seats with their roles, the replacements, the cards
and penalties, the outcome, then every resolved phase in order."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .. import flow
from ..models import Game, Player
from ..reads.replay import replay
from .phase_bar import game_context


def replay_page(request: HttpRequest, game: Game, seat: Player | None) -> dict[str, Any]:
    """The replay page's context: ``game_context`` (the phase bar) with
    ``replay`` (``reads.replay.Replay``, in the reader's language) and
    ``ruleset``. The caller asked ``access.game_for_replay``."""
    ctx = game_context(request, game, seat)
    ctx["replay"] = replay(game, request.user)
    ctx["ruleset"] = flow.ruleset_of(game)
    return ctx
