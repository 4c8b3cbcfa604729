"""The interface language of accounts (``AccountLanguage``): read at login
into the session, stored when a logged-in account uses the switcher, and
the language the site writes a game's own posts in (its host's)."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import translation

# The session key holding the logged-in account's language ("" for none
# chosen), so that pages and the live poll need no query to know it.
SESSION_KEY = "account_language"


def supported(code: str | None) -> str | None:
    """``code`` if it is one of ``settings.LANGUAGES``, else None."""
    return code if code and code in dict(settings.LANGUAGES) else None


def account_language(user_id: Any) -> str:
    """The language the account chose, or "" if it never chose one."""
    from .models import AccountLanguage

    return AccountLanguage.objects.filter(user_id=user_id).values_list("language", flat=True).first() or ""


def remember_language(request: HttpRequest, code: str) -> None:
    """Store ``code`` as the logged-in account's language."""
    from .models import AccountLanguage

    AccountLanguage.objects.update_or_create(user=request.user, defaults={"language": code})
    request.session[SESSION_KEY] = code


def in_host_language(game: Any) -> AbstractContextManager[Any]:
    """A context in which the site writes ``game``'s posts (results, role
    cards) in the language its host chose; without a choice, the language
    already active (the host's page, or English for the deadline worker)."""
    code = supported(account_language(game.host_id))
    return translation.override(code) if code else nullcontext()


@receiver(user_logged_in)
def _language_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """On login, the account's language goes into the new session."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = account_language(user.pk)
