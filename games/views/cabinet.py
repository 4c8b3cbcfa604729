"""The player's cabinet: handing in a choice or one's last words, and
withdrawing a choice."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import access, flow, page_cache
from ..forms import ActionForm, LastWordsForm
from ..models import Game, Player
from ..pages import cabinet as pages
from ..pages.phase_bar import game_context


def _send_last_words(request: HttpRequest, game: Game, seat: Player, form: LastWordsForm) -> bool:
    """Hand in the posted last words (``flow.last_words_send``, WW18-016);
    True when kept. A refused form keeps its text and says why (late: with
    the deadline)."""
    if not form.is_valid():
        return False
    try:
        flow.last_words_send(game=game, seat=seat, text=form.cleaned_data["last_words"])
    except flow.FlowError as exc:
        form.add_error(None, str(exc))
        return False
    messages.success(request, _("Your last words are kept; you may rewrite them until the deadline."))
    return True


def _hand_in(request: HttpRequest, game: Game, seat: Player, forms: list[ActionForm]) -> bool:
    """Hand in the choice of the posted form among ``forms``
    (``flow.action_submit``); True when handed in. A choice not open to
    the seat is refused with a message, a refused one on its form."""
    form = next((f for f in forms if f.is_bound), None)
    if form is None:
        messages.error(request, pages.late_choice(game, request.POST))
        return False
    if not form.is_valid():
        return False
    try:
        flow.action_submit(
            game=game,
            seat=seat,
            ability=form.cleaned_data["ability"],
            targets=form.targets(),
            team=bool(form.cleaned_data["team"]),
        )
    except flow.FlowError as exc:
        form.add_error(None, str(exc))
        return False
    if form.final:
        messages.success(request, _("Your choice was made in public and posted in the vote thread."))
    else:
        messages.success(request, _("Your choice was handed in; you may change it until the deadline."))
    return True


@login_required
@require_http_methods(["GET", "POST"])
@page_cache.kept_page
def cabinet(request: HttpRequest, slug: str) -> HttpResponse:
    """The player's cabinet: role card, the choices they may hand in now
    (forms built from the ruleset), receipts, and the private thread with
    the host (questions and private results). A refused choice or last
    words come back on the page with the reason (status 400)."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    if seat is None:
        raise PermissionDenied(_("Only the game's players have a cabinet."))
    if not seat.role:
        messages.info(request, _("Roles have not been drawn yet."))
        return HttpResponseRedirect(reverse("game", args=[slug]))
    posted = request.POST if request.method == "POST" else None
    last_words = pages.last_words_form(game, seat, posted)
    words_posted = last_words is not None and last_words.is_bound
    if words_posted and _send_last_words(request, game, seat, last_words):
        return HttpResponseRedirect(reverse("cabinet", args=[slug]))
    ctx = game_context(request, game, seat)
    chosen = pages.choices(game, seat, ctx, posted)
    if posted is not None and not words_posted and _hand_in(request, game, seat, chosen.forms):
        return HttpResponseRedirect(reverse("cabinet", args=[slug]))
    ctx = pages.cabinet_page(request, game, seat, ctx, chosen, last_words)
    refused = posted is not None and (any(f.errors for f in chosen.forms) or bool(last_words and last_words.errors))
    return render(request, "games/cabinet.html", ctx, status=400 if refused else 200)


@login_required
@require_POST
def action_withdraw(request: HttpRequest, slug: str, action_id: str) -> HttpResponse:
    """Withdraw a handed-in choice before the deadline."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    if seat is None:
        raise PermissionDenied(_("Only the game's players have choices."))
    try:
        flow.action_withdraw(game=game, seat=seat, action_id=action_id)
        messages.success(request, _("Your choice was withdrawn."))
    except flow.FlowError as exc:
        messages.error(request, str(exc))
    return HttpResponseRedirect(reverse("cabinet", args=[slug]))
