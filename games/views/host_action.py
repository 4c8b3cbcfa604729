"""The one gate of the host's POST tools (``host_action``): the login, the
method, the game for its host or co-hosts (``access.game_for_host``; the
main host alone where co-hosts may not act), the transition, and its
refusal as a message on the dashboard."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from .. import access, flow
from ..models import Game


class Refused(Exception):
    """A host's request refused before any transition (a form filled in
    wrongly, a seat or application that is gone): its text is a sentence
    for the host, shown like a ``flow.FlowError``."""


def back(slug: str, anchor: str = "") -> HttpResponseRedirect:
    """Back to the dashboard of game ``slug``, at its section ``anchor``."""
    return HttpResponseRedirect(reverse("host", args=[slug]) + (f"#{anchor}" if anchor else ""))


def game_for_main_host(request: HttpRequest, slug: str) -> Game:
    """The game, for its host only (co-hosts do not name co-hosts); Http404 otherwise."""
    game = access.game_for_host(request.user, slug)
    if game.host_id != request.user.id:
        raise Http404
    return game


HostTool = Callable[..., str | HttpResponse]


def host_action(anchor: str = "", *, main_host: bool = False) -> Callable[[HostTool], Callable[..., HttpResponse]]:
    """Make ``tool(request, game, **url_kwargs)`` a host's POST view.

    The view requires a login (anonymous visitors go to the login page),
    then POST (405 otherwise), then loads the game of the URL's ``slug``
    for its host or a co-host (``access.game_for_host``; with
    ``main_host``, for the host alone), raising Http404 for anyone else.
    ``tool`` parses the request and runs one transition; it returns the
    success message, or a response of its own (a refused form shown again
    on the dashboard). A ``flow.FlowError`` or ``Refused`` it raises
    becomes an error message. Both messages lead back to the dashboard at
    ``anchor``."""

    def decorate(tool: HostTool) -> Callable[..., HttpResponse]:
        @login_required
        @require_POST
        @wraps(tool)
        def view(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
            game = game_for_main_host(request, slug) if main_host else access.game_for_host(request.user, slug)
            try:
                outcome = tool(request, game, **kwargs)
            except (flow.FlowError, Refused) as exc:
                messages.error(request, str(exc))
                return back(slug, anchor)
            if isinstance(outcome, HttpResponse):
                return outcome
            messages.success(request, outcome)
            return back(slug, anchor)

        return view

    return decorate
