"""Security headers Django 5.2 does not set itself, the privacy of pages
made for one reader, and the account's interface language and time zone."""

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.cache import has_vary_header, patch_cache_control

from .errors import GameBroken
from .languages import LATER, apply_account_language, reading_in_zone, remember_language, supported
from .views.broken import broken_game

CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'self'"


class SecurityHeadersMiddleware:
    """Adds a strict Content-Security-Policy and a referrer policy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response


class PrivatePagesMiddleware:
    """Sends ``Cache-Control: private`` with every response that depends on
    its reader: those Django's session middleware marks ``Vary: Cookie``
    (a thread, a cabinet, the dashboard, the live channel…), so that no
    shared cache between the site and its readers (a proxy, a CDN) keeps
    one reader's page for another. Listed above the session middleware, so it sees the
    header that middleware adds."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if has_vary_header(response, "Cookie"):
            patch_cache_control(response, private=True)
        return response


class AccountLanguageMiddleware:
    """A logged-in account sees the language it chose last with the
    language switcher, on every device; without a choice, Django's
    ``LocaleMiddleware`` decides (the switcher's cookie, then the browser's
    Accept-Language). Its time zone setting, where it chose one, is the
    zone every time is shown in (``languages.reading_in_zone``). A
    logged-in account's switch (a post to Django's ``set_language``) is
    stored on the account. Placed after the authentication middleware.

    The choice is read from the session (put there at login), never from
    ``request.user``: loading the user would cost a query. The live
    channel's GET (most of a live game's requests) is left to read it
    itself, only when it answers more than "nothing new" (which needs no
    session): ``languages.account_reading_later``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.set_language_path: str | None = None
        self.live_path: re.Pattern[str] | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.set_language_path is None or self.live_path is None:
            self.set_language_path = reverse("set_language")
            before, after = reverse("live", args=["slug"]).split("/slug/")
            self.live_path = re.compile(rf"{re.escape(before)}/[-a-zA-Z0-9_]+/{re.escape(after)}")
        # ``reverse`` gives paths with the script prefix, as ``request.path`` has it.
        if request.method == "GET" and self.live_path.fullmatch(request.path):
            setattr(request, LATER, True)
            return self.get_response(request)
        with reading_in_zone(apply_account_language(request)):
            response = self.get_response(request)
        if (
            request.method == "POST"
            and request.path == self.set_language_path
            and response.status_code in (302, 204)
            and request.user.is_authenticated
        ):
            code = supported(request.POST.get("language"))
            if code:
                remember_language(request, code)
        return response


class GameFaultMiddleware:
    """Any page, poll or form of a game whose rules cannot read it
    (``flow.GameBroken``: an unregistered ruleset id, a stored state
    lacking a key) answers the broken game's page instead of a 500: the
    fault for its host and admins, a neutral notice for the players
    (``games.views.broken``). Nothing of the request was kept: the
    exception left the transaction it met."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The broken game's page for ``GameBroken``; None (Django's own
        handling) for anything else."""
        if isinstance(exception, GameBroken):
            return broken_game(request, exception)
        return None
