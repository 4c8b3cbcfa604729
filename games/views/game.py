"""A game's own page, applying to a game, and asking for the game's
acceleration."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import access, flow, page_cache
from ..pages import game as pages
from .common import form_errors


@require_GET
@page_cache.kept_page(visitors=True)
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A game: its threads, its players (nicknames; roles revealed by the
    results), sign-up, and the reader's own seat."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    return render(request, "games/game.html", pages.game_page(request, game, seat))


@login_required
@require_POST
def game_apply(request: HttpRequest, slug: str) -> HttpResponse:
    """Apply to a game with a character; a refusal (the character taken
    meanwhile, a nickname too long) answers the game page with the
    sentence on the form, as typed (status 400); where the page shows no
    form (already applied, sign-up closed) the sentence is a message."""
    game = access.game_for_reader(request.user, slug)
    form = pages.apply_form(game, request.POST)
    if form.is_valid():
        try:
            flow.signup_apply(game=game, user=request.user, nickname=form.cleaned_data["nickname"])
        except flow.FlowError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Your application was sent to the host."))
            return HttpResponseRedirect(reverse("game", args=[slug]))
    seat = access.seat_of(request.user, game)
    ctx = pages.game_page(request, game, seat)
    if seat is not None or ctx["applied"] or ctx["apply_form"] is None:
        # The page shows no form now (an application or a seat is there,
        # sign-up closed): the sentence comes as a message.
        messages.error(request, form_errors(form))
        return HttpResponseRedirect(reverse("game", args=[slug]))
    ctx["apply_form"] = form
    return render(request, "games/game.html", ctx, status=400)


@login_required
@require_POST
def accelerate(request: HttpRequest, slug: str) -> HttpResponse:
    """A player in the game asks for the game's acceleration, or withdraws
    his request (``flow.acceleration_ask``, WW18-068)."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    if seat is None:
        raise PermissionDenied(_("Only the game's players may ask for acceleration."))
    ask = request.POST.get("ask") != "0"
    try:
        if flow.acceleration_ask(game=game, seat=seat, ask=ask):
            messages.success(request, _("The game is accelerated."))
        elif ask:
            messages.success(request, _("Your request for acceleration is counted."))
        else:
            messages.success(request, _("Your request for acceleration is withdrawn."))
    except flow.FlowError as exc:
        messages.error(request, str(exc))
    return HttpResponseRedirect(reverse("game", args=[slug]))
