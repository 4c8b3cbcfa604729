"""Security headers Django 5.2 does not set itself, and the account's
interface language."""

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import SESSION_KEY as AUTH_SESSION_KEY
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation

CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'self'"

# The session key holding the logged-in account's language ("" for none
# chosen), so that pages and the live poll need no query to know it.
SESSION_KEY = "account_language"


class SecurityHeadersMiddleware:
    """Adds a strict Content-Security-Policy and a referrer policy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response


def supported(code: str | None) -> str | None:
    """``code`` if it is one of ``settings.LANGUAGES``, else None."""
    return code if code and code in dict(settings.LANGUAGES) else None


def account_language(user_id) -> str:
    """The language the account chose, or "" if it never chose one."""
    from .models import AccountLanguage

    return AccountLanguage.objects.filter(user_id=user_id).values_list("language", flat=True).first() or ""


def remember_language(request: HttpRequest, code: str) -> None:
    """Store ``code`` as the logged-in account's language."""
    from .models import AccountLanguage

    AccountLanguage.objects.update_or_create(user=request.user, defaults={"language": code})
    request.session[SESSION_KEY] = code


@receiver(user_logged_in)
def _language_on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """On login, the account's language goes into the new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = account_language(user.pk)


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
