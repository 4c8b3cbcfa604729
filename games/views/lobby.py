"""The site's front pages: the list of games and announcing a new one."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from .. import flow
from ..forms import GameCreateForm
from ..pages import lobby as pages


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Games open for sign-up, running and finished."""
    return render(request, "games/home.html", pages.home(request.user))


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """The host announces a game: first the ruleset (``?ruleset=``, one of
    ``MAFIA_WEB_RULESETS``; another is a 404), then its form, built from
    that ruleset's declarations (``GameCreateForm``)."""
    ruleset = pages.ruleset_to_host(request.POST.get("ruleset") or request.GET.get("ruleset"))
    form = GameCreateForm(request.POST if request.method == "POST" else None, ruleset=ruleset)
    if request.method == "POST" and form.is_valid():
        try:
            game = flow.game_announce(
                host=request.user, title=form.cleaned_data["title"], ruleset_id=ruleset.id, **form.game_fields()
            )
        except flow.FlowError as exc:
            form.add_error(None, str(exc))
        else:
            return HttpResponseRedirect(reverse("host", args=[game.slug]))
    return render(request, "games/game_new.html", pages.new_game(form, ruleset))
