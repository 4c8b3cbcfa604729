"""The live channel of an open page (``games.live``): one poll per page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_http_methods

from .. import access, live, page_cache, unread
from ..pages.live import channel_answer


def _number(request: HttpRequest, name: str, default: int) -> int:
    """The whole number ``name`` of the query string, ``default`` when it
    is missing or not a number."""
    try:
        return int(request.GET.get(name, default))
    except ValueError:
        return default


@require_http_methods(["GET", "POST"])
def channel(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: what changed on the page since it was built or last polled.
    204 at once (one query, nothing rendered) while nothing the page shows
    live changed and the ticket is this browser's (``live.quiet``); else,
    with the access check of the page (the room ``r``'s reader, the host
    for the host part ``h``; Http404 otherwise), the next ``#live`` element
    and the changed parts as out-of-band swaps (``channel_answer``), or 204
    when nothing changed.

    A POST also reports the posts the page showed its reader (``m``, the
    last one's number, in the room ``r``): his read mark moves up to it in
    the same request (``live.mark_seen``, or after the access check when
    the ticket is not this browser's), and the answer is at least the next
    element, which asks without ``m`` (a GET never writes).

    A page that found nothing new for ``live.QUIET_SECONDS`` is sent its
    element at half the pace (``live.slower``); any news restores it."""
    marked = live.mark_seen(request, slug)
    if live.quiet(request, slug):
        element = live.without_mark(request) if marked else live.slower(request)
        if element is None:
            return HttpResponse(status=204)
        return HttpResponse(render_to_string("games/_live.html", element, request))
    game_version = live.versions(slug)  # before the answer is read: a later write moves it
    setattr(request, page_cache.VERSION, game_version)
    now = live.clock()
    query = request.GET
    host = query.get("h") == "1"
    room_id = query.get("r", "")
    if host:
        game = access.game_for_host(request.user, slug)
    else:
        game = access.game_for_reader(request.user, slug, room_id or None)
    if room_id:
        room, seat = access.room_for_reader(request.user, game, room_id)
    else:
        room, seat = None, access.seat_of(request.user, game)
    reported = request.method == "POST" and "m" in query
    if reported and not marked and room is not None and request.user.is_authenticated:
        unread.seen_up_to(room, request.user, _number(request, "m", 0))
    posts = None
    if room is not None and "a" in query:
        after = _number(request, "a", 0)
        posts = (after, _number(request, "f", after + 1), _number(request, "s", 0))
    shown = live.unseal(query.get("k", ""))
    until = live.moment(query.get("u", ""))
    steady = (
        shown is not None
        and game_version is not None
        and shown[1] == game_version[1]
        and (until is None or until.timestamp() * 1000 > now)
    )
    html, changed = channel_answer(
        request,
        game,
        game_version,
        room,
        seat,
        host=host,
        posts=posts,
        count=query.get("c", ""),
        bar=query.get("b", ""),
        now=now,
        steady=steady,
        steady_until=until,
    )
    if not changed and not reported and game_version is not None and tuple(game_version) == shown:
        return HttpResponse(status=204)
    return HttpResponse(html)
