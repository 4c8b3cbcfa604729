"""The site statistics page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..pages import stats as pages


@require_GET
def site_stats(request: HttpRequest) -> HttpResponse:
    """Finished games by ruleset and player count, the wins of each side
    and the games' average length, as bar charts beside their tables
    (``pages.site_stats``). Public: no seat, account or running game
    shows there."""
    return render(request, "games/stats.html", pages.site_stats())
