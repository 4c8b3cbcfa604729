"""The answer to any request that met a broken game (``flow.GameBroken``):
the page saying so, never a 500 (``games.middleware.GameFaultMiddleware``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from .. import flow
from ..models import Game
from ..pages.broken import broken_page


def broken_game(request: HttpRequest, fault: flow.GameBroken) -> HttpResponse:
    """The broken game's page (status 200; for an htmx request its notice
    alone, to take the place of the part it asked for). Raises Http404
    if the game is gone."""
    game = Game.objects.filter(pk=fault.game_id).select_related("host").first()
    if game is None:
        raise Http404
    ctx = broken_page(request.user, game, fault.reason)
    template = "games/_broken_notice.html" if getattr(request, "htmx", False) else "games/broken.html"
    return render(request, template, ctx)
