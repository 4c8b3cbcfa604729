"""The host's dashboard (Ведущий), the registry of accounts, and the
tools whose refused form is shown again on the dashboard: the house
rules, the game's settings, a results post. Every view goes through
``access.game_for_host`` (the host or a co-host); anyone else gets a
404. The dashboard's live part reaches the open page through its live
channel (``games.views.live``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from .. import access, flow, page_cache
from ..forms import GameSettingsForm, HouseRulesForm, ResultsForm
from ..models import Game, Resolution
from ..pages import dashboard as pages
from .host_action import Refused, host_action


@login_required
@require_GET
@page_cache.kept_page
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """Every seat's role, team and state; the choices handed in this phase
    and who has not acted; post counts per game day; the vote count; the
    automatic consequences to confirm; results drafts with the ruleset's
    trace in the host's language (``trace_texts``); the event log; an
    alert when a deadline of the game failed, and a note when a catch-up
    shifted the open phase's deadlines.

    What the host acts on comes first and fits two desktop screens (the
    alert, the phase with who has not acted and the vote, the drafts with
    their traces folded); the published results, the tools, the players
    and the event log follow (tests/e2e/test_host_dashboard.py)."""
    return render_dashboard(request, access.game_for_host(request.user, slug))


@login_required
@require_GET
def accounts(request: HttpRequest, slug: str) -> HttpResponse:
    """Admins and the host: which account plays which nickname."""
    game = access.game_for_host(request.user, slug)
    return render(request, "games/accounts.html", pages.accounts_page(game))


def render_dashboard(request: HttpRequest, game: Game, **refused: Any) -> HttpResponse:
    """The dashboard page; a refused form given here (``rules_form``,
    ``settings_form``, ``results_form``: see ``pages.dashboard_page``) is
    shown as typed, with its errors, with status 400."""
    ctx = pages.dashboard_page(request, game, **refused)
    return render(request, "games/host.html", ctx, status=400 if refused else 200)


@host_action("rules")
def house_rules(request: HttpRequest, game: Game) -> str | HttpResponse:
    """Set the house rules (and the host's secret choices) before the start,
    one widget per declared option. Refused rules come back on the
    dashboard as chosen, each problem in a sentence on its widget; once the
    game has started the form is gone from the dashboard, and the refusal
    is a message."""
    seated = list(game.players.seated().values_list("nickname", flat=True))
    form = HouseRulesForm(request.POST, ruleset=flow.ruleset_of(game), seated=seated, current=game.options)
    if not form.is_valid():
        return render_dashboard(request, game, rules_form=form)
    flow.options_set(game=game, options=form.house_rules)
    return _("House rules saved.")


@host_action("settings")
def game_settings(request: HttpRequest, game: Game) -> str | HttpResponse:
    """Set the post edit window and the game's language (at any time); a
    refusal comes back on the dashboard with the form as typed."""
    form = GameSettingsForm(request.POST)
    if not form.is_valid():
        return render_dashboard(request, game, settings_form=form)
    minutes = form.cleaned_data["edit_minutes"]
    try:
        flow.game_settings_set(
            game=game,
            edit_minutes=game.edit_minutes if minutes is None else minutes,
            language=form.cleaned_data["language"],
            replay_for_the_dead=form.cleaned_data["replay_for_the_dead"],
        )
    except flow.FlowError as exc:
        form.add_error(None, str(exc))
        return render_dashboard(request, game, settings_form=form)
    return _("Game settings saved.")


@host_action("results")
def results(request: HttpRequest, game: Game, resolution_id: int) -> str | HttpResponse:
    """Publish a draft results post, or correct a published one (logged)."""
    resolution = (
        Resolution.objects.filter(pk=resolution_id, deadline__phase__game=game)
        .select_related("deadline__phase", "published_post")
        .first()
    )
    form = ResultsForm(request.POST)
    if resolution is None:
        raise Refused(_("There are no such results."))
    if not form.is_valid():
        return render_dashboard(request, game, results_form=(resolution.id, form))
    corrected = bool(resolution.published_post_id)
    flow.results_publish(resolution=resolution, text=form.cleaned_data["text"])
    return _("Results corrected.") if corrected else _("Results published.")
