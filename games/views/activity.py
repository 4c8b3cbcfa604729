"""The players' forum habits: one player's posts in a thread (ISO), a
game day's activity table, and a player's vote history."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .. import access, page_cache
from ..models import Player, Room
from ..pages import activity as pages


def room_iso(request: HttpRequest, room: Room, seat: Player | None, player_id: str) -> HttpResponse:
    """A thread showing only the posts of the seat ``player_id`` (the
    thread's ``?by=``), for a reader ``access.room_for_reader`` let in;
    Http404 for a seat the game lacks."""
    author = pages.author_of(room.game, player_id)
    ctx = pages.iso_page(request, room.game, room, seat, author)
    return render(request, "games/room_iso.html", ctx)


@require_GET
@page_cache.kept_page
def room_activity(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """The activity table of a day or vote thread's game day: posts per
    living player, the first and last, against the game's post minimum.
    Http404 for a reader who may not read the room (``access``) and for a
    room that is not a day's thread."""
    game = access.game_for_reader(request.user, slug)
    page_cache.framed(request, game)
    room, seat = access.room_for_reader(request.user, game, room_id)
    return render(request, "games/room_activity.html", pages.activity_page(request, game, room, seat))


@require_GET
@page_cache.kept_page
def player_votes(request: HttpRequest, slug: str, player_id: str) -> HttpResponse:
    """Every ballot a player cast, with its changes, on the days whose vote
    thread the reader may read. Http404 for a game the reader may not see
    or a seat the game lacks."""
    game = access.game_for_reader(request.user, slug)
    page_cache.framed(request, game)
    voter = pages.author_of(game, player_id)
    seat = access.seat_of(request.user, game)
    return render(request, "games/player_votes.html", pages.votes_page(request, game, seat, voter))
