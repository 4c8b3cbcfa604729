"""The replay of a game: public once the game is over; while it runs,
the host's and co-hosts', and the dead players' where the host opened it
to them (``access.game_for_replay``); anyone else gets a 404."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .. import access, page_cache
from ..pages import replay as pages


@require_GET
@page_cache.kept_page
def replay(request: HttpRequest, slug: str) -> HttpResponse:
    """Every resolved phase in order with each choice handed in (who, with
    which role, on whom) and the rules engine's trace of it in the
    reader's language, the exits, the vote's results by day; above them
    every seat's role and side (and as dealt, where converted), the
    replacements, the cards and penalties, the outcome, and the accounts
    where the game reveals them."""
    game = access.game_for_replay(request.user, slug)
    page_cache.framed(request, game)
    seat = access.seat_of(request.user, game)
    return render(request, "games/replay.html", pages.replay_page(request, game, seat))
