"""Security headers Django 5.2 does not set itself, and the account's
interface language."""

from collections.abc import Callable

from django.contrib.auth import SESSION_KEY as AUTH_SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation

from .languages import SESSION_KEY, account_language, remember_language, supported

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


class AccountLanguageMiddleware:
    """A logged-in account sees the language it chose last with the
    language switcher, on every device; without a choice, Django's
    ``LocaleMiddleware`` decides (the switcher's cookie, then the browser's
    Accept-Language). A logged-in account's switch (a post to Django's
    ``set_language``) is stored on the account. Placed after the
    authentication middleware.

    The choice is read from the session (put there at login), never from
    ``request.user``: loading the user would cost the live poll, which
    answers "nothing new" without a database query, a query per poll."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.set_language_path: str | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.set_language_path is None:
            self.set_language_path = reverse("set_language")
        session = getattr(request, "session", None)
        user_id = session.get(AUTH_SESSION_KEY) if session is not None else None
        if user_id is not None:
            if SESSION_KEY not in session:  # a session opened before languages were kept
                session[SESSION_KEY] = account_language(user_id)
            code = supported(session[SESSION_KEY])
            if code:
                translation.activate(code)
                request.LANGUAGE_CODE = code
        response = self.get_response(request)
        if (
            request.method == "POST"
            and request.path_info == self.set_language_path
            and response.status_code in (302, 204)
            and request.user.is_authenticated
        ):
            code = supported(request.POST.get("language"))
            if code:
                remember_language(request, code)
        return response
