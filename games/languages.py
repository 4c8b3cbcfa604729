"""The interface language and time zone of accounts (``AccountLanguage``):
read at login into the session, stored when a logged-in account uses the
switcher or its time zone setting; and the language a game writes its own
posts in (the game's, ``Game.language``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib.auth import SESSION_KEY as AUTH_SESSION_KEY
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import translation

from .models import AccountLanguage

# The session key holding the logged-in account's language ("" for none
# chosen), so that pages and the live channel need no query to know it.
SESSION_KEY = "account_language"
# The session key holding the account's time zone ("" for each game's own).
ZONE_SESSION_KEY = "account_time_zone"

# The zone the current request's reader sees times in (None: the game's).
_viewer_zone: ContextVar[str | None] = ContextVar("viewer_zone", default=None)


def supported(code: str | None) -> str | None:
    """``code`` if it is one of ``settings.LANGUAGES``, else None."""
    return code if code and code in dict(settings.LANGUAGES) else None


def account_language(user_id: Any) -> str:
    """The language the account chose, or "" if it never chose one."""
    return AccountLanguage.objects.filter(user_id=user_id).values_list("language", flat=True).first() or ""


def remember_language(request: HttpRequest, code: str) -> None:
    """Store ``code`` as the logged-in account's language."""
    AccountLanguage.objects.update_or_create(user=request.user, defaults={"language": code})
    request.session[SESSION_KEY] = code


def ruleset_language(ruleset_id: str) -> str:
    """The site language of a ruleset's documents (``Ruleset.language``:
    "ru" → ``ru``, "zh" → ``zh-hans``), English when the site has none."""
    import rulesets
    from rulesets.core import RulesError

    try:
        code = rulesets.get(ruleset_id).language
    except RulesError:
        return settings.LANGUAGE_CODE
    for known, _name in settings.LANGUAGES:
        if known == code or known.split("-")[0] == code:
            return known
    return settings.LANGUAGE_CODE


def game_language(game: Any) -> str:
    """The language ``game`` writes its posts in: the host's choice on
    "Host a game", else its ruleset's document language."""
    return supported(game.language) or ruleset_language(game.ruleset)


@contextmanager
def in_game_language(game: Any) -> Iterator[None]:
    """A context in which the site writes ``game``'s posts (results, role
    cards, announcements, vote posts) in the game's language, with times
    in the game's zone, whoever's request or worker writes them."""
    token = _viewer_zone.set(None)
    try:
        with translation.override(game_language(game)):
            yield
    finally:
        _viewer_zone.reset(token)


def valid_zone(name: str | None) -> str | None:
    """``name`` if it is an IANA time zone, else None."""
    return name if name and name in _zones() else None


_ZONES: frozenset[str] | None = None


def _zones() -> frozenset[str]:
    global _ZONES  # noqa: PLW0603 (computed once, on first use)
    if _ZONES is None:
        _ZONES = frozenset(available_timezones())
    return _ZONES


def account_time_zone(user_id: Any) -> str:
    """The time zone the account chose, or "" for each game's own."""
    return AccountLanguage.objects.filter(user_id=user_id).values_list("time_zone", flat=True).first() or ""


def remember_time_zone(request: HttpRequest, name: str) -> None:
    """Store ``name`` ("" for the game's zone) as the account's time zone."""
    AccountLanguage.objects.update_or_create(user=request.user, defaults={"time_zone": name})
    request.session[ZONE_SESSION_KEY] = name


def viewer_zone() -> str | None:
    """The zone the current reader chose, None for the game's own."""
    return _viewer_zone.get()


@contextmanager
def reading_in_zone(name: str | None) -> Iterator[None]:
    """A context (a request) whose reader sees times in zone ``name``."""
    token = _viewer_zone.set(valid_zone(name))
    try:
        yield
    finally:
        _viewer_zone.reset(token)


# Set on a request whose account language and zone
# ``AccountLanguageMiddleware`` left to its view (``account_reading_later``).
LATER = "_account_reading_later"


def apply_account_language(request: HttpRequest) -> str | None:
    """Activate the language the logged-in account of ``request`` chose
    (kept in its session at login, ``SESSION_KEY``; a session from before
    languages were kept gets it from ``AccountLanguage``), and return the
    time zone it chose ("" for each game's own; None for a visitor).
    Reads the session; nothing for a visitor without one."""
    session = getattr(request, "session", None)
    user_id = session.get(AUTH_SESSION_KEY) if session is not None else None
    if user_id is None:
        return None
    if SESSION_KEY not in session:  # a session opened before languages were kept
        session[SESSION_KEY] = account_language(user_id)
    if ZONE_SESSION_KEY not in session:  # … or before time zones were
        session[ZONE_SESSION_KEY] = account_time_zone(user_id)
    code = supported(session[SESSION_KEY])
    if code:
        translation.activate(code)
        request.LANGUAGE_CODE = code
    return session[ZONE_SESSION_KEY]


@contextmanager
def account_reading_later(request: HttpRequest) -> Iterator[None]:
    """The account's language and zone for the rest of a view that
    ``AccountLanguageMiddleware`` left them to (``LATER``: the live
    channel's GET, whose "nothing new" needs neither and so reads no
    session); nothing where the middleware applied them."""
    if not getattr(request, LATER, False):
        yield
        return
    with reading_in_zone(apply_account_language(request)):
        yield


@receiver(user_logged_in)
def _language_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """On login, the account's language and time zone go into the new session."""
    if request is not None and hasattr(request, "session"):
        row = AccountLanguage.objects.filter(user_id=user.pk).values_list("language", "time_zone").first()
        request.session[SESSION_KEY], request.session[ZONE_SESSION_KEY] = row or ("", "")
