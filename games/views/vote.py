"""The vote thread's own views: its vote flow, casting a vote (or a
re-vote) and naming a candidate. The live count reaches an open vote
thread through the page's live channel (``games.views.live``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import access, flow, page_cache
from ..forms import NominateForm, PostForm, VoteForm
from ..models import Game, Phase, Player, Room
from ..pages import thread as thread_pages
from ..pages import vote as pages
from ..reads.vote_flow import vote_flow as day_vote_flow


@require_GET
@page_cache.kept_page
def vote_flow(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """The vote flow of the vote thread's day (``reads.vote_flow``): each
    lynch vote of the day (CLASSIC-066) drawn step by step with its table,
    for whoever may read the thread (``access.room_for_reader``; 404
    otherwise, and for a room that is no vote thread). Only what the vote
    count shows: the phases opened and the ballots cast until now."""
    game = access.game_for_reader(request.user, slug, room_id)
    page_cache.framed(request, game)
    room, _seat = access.room_for_reader(request.user, game, room_id)
    if room.kind != Room.Kind.VOTE or not game.state:
        raise Http404
    now = timezone.now()
    phases = game.phases.filter(kind=Phase.Kind.DAY, number=room.day, opened_at__lte=now).order_by("vote_round")
    flows = [day_vote_flow(game, phase, now) for phase in phases]
    ctx = {"game": game, "room": room, "flows": flows, "several": len(flows) > 1}
    return render(request, "games/vote_flow.html", ctx)


def _refusal(form: VoteForm | NominateForm) -> str:
    """Why a vote or nomination form was refused: the confirmation a
    ballot that cannot be taken back asks for, else the choice itself."""
    if "confirm" in form.errors and "target" not in form.errors:
        return str(form.errors["confirm"][0])
    return _("Choose a player who is still in the game.")


def _cast(request: HttpRequest, game: Game, seat: Player, form: VoteForm) -> bool:
    """Cast the valid vote ``form`` (``flow.vote_cast``): a player's public
    id, the abstention, or a re-vote word; say what was counted, or put why
    not on the form (kept as typed). True when counted."""
    choice = form.cleaned_data["target"]
    word = choice.removeprefix(VoteForm.WORD) if choice.startswith(VoteForm.WORD) else ""
    target = None if choice == VoteForm.ABSTAIN or word else game.players.alive().get(public_id=choice)
    reason = form.cleaned_data.get("reason", "")
    try:
        flow.vote_cast(
            game=game, seat=seat, target=target, abstain=target is None and not word, word=word, reason=reason
        )
    except flow.FlowError as exc:
        form.add_error(None, str(exc))
        return False
    if word:
        messages.success(request, _("Your re-vote is counted."))
    elif target is None:
        messages.success(request, _("Your abstention is counted."))
    else:
        messages.success(request, _("Your vote for %(nick)s is counted.") % {"nick": target.nickname})
    return True


@login_required
@require_POST
def vote(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """Post a vote (or a re-vote) in today's vote thread, under the
    ruleset's vote law (``Ruleset.day_procedure``). A refused vote comes
    back on the thread's page with the reason on the form and what was
    typed kept (400)."""
    game = access.game_for_reader(request.user, slug, room_id)
    room, seat = access.room_for_reader(request.user, game, room_id)
    if seat is None or room.kind != Room.Kind.VOTE:
        raise PermissionDenied(_("Only the game's players vote."))
    form = pages.posted_vote_form(game, room, seat, request.POST)
    if form.is_valid() and _cast(request, game, seat, form):
        return HttpResponseRedirect(reverse("room", args=[slug, room_id]) + "?page=last#bottom")
    refusal = access.post_refusal(request.user, room, seat)
    ctx = thread_pages.room_page(request, game, room, seat, PostForm(), refusal, vote_form=form)
    return render(request, "games/room.html", ctx, status=400)


@login_required
@require_POST
def nominate(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """Name a candidate in today's vote thread, in the window the ruleset
    declares (PITER-010, COSMO-007); a refused nomination says why."""
    game = access.game_for_reader(request.user, slug, room_id)
    room, seat = access.room_for_reader(request.user, game, room_id)
    if seat is None or room.kind != Room.Kind.VOTE:
        raise PermissionDenied(_("Only the game's players nominate."))
    form = pages.nominate_form(game, request.POST)
    if form.is_valid():
        target = game.players.alive().get(public_id=form.cleaned_data["target"])
        try:
            flow.nominate(game=game, seat=seat, target=target)
            messages.success(request, _("%(nick)s is a candidate now.") % {"nick": target.nickname})
        except flow.FlowError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, _refusal(form))
    return HttpResponseRedirect(reverse("room", args=[slug, room_id]) + "?page=last#bottom")
