"""The replay of a game (``games.reads.replay``) as its page shows it:
the phase bar, the seats with their roles, the replacements, the cards
and penalties, the outcome, then every resolved phase in order."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from .. import flow
from ..models import Game, Player
from ..names import localized
from ..reads.replay import replay
from .phase_bar import game_context


def replay_page(request: HttpRequest, game: Game, seat: Player | None) -> dict[str, Any]:
    """The replay page's context: ``game_context`` (the phase bar) with
    ``replay`` (``reads.replay.Replay``, in the reader's language) and
    ``ruleset``, and ``rules_title`` (the ruleset's title in the reader's
    language) when the site holds the text of its rules (the page links to
    them, ``ruleset_rules``), else "". The caller asked
    ``access.game_for_replay``."""
    ctx = game_context(request, game, seat)
    ctx["replay"] = replay(game, request.user)
    ruleset = ctx["ruleset"] = flow.ruleset_of(game)
    ctx["rules_title"] = localized(ruleset.title, ruleset.id) if ruleset.rule_sections() else ""
    return ctx
