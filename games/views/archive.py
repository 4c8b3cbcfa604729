"""A finished game's archive: the JSON file (``docs/archive.md``) and its
BBCode summary for another forum. Both are public once the game has ended
and answer 404 before, to everyone (``access.game_for_archive``)."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from .. import access
from ..pages import archive as pages


@require_GET
def archive_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The game's archive as a JSON file to download (``<slug>.json``)."""
    game = access.game_for_archive(request.user, slug)
    body = json.dumps(pages.archive(game), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{game.slug}.json"'
    return response


@require_GET
def archive_bbcode(request: HttpRequest, slug: str) -> HttpResponse:
    """The game's summary in BBCode, as plain text to copy."""
    game = access.game_for_archive(request.user, slug)
    return HttpResponse(pages.summary(game), content_type="text/plain; charset=utf-8")
