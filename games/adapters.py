"""allauth hooks."""

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import ratelimit
from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext as _

from .auth_backends import SESSION_BACKEND
from .models import Player


class AccountAdapter(DefaultAccountAdapter):
    """Refuses account names equal to a game nickname in use, so a nickname
    can never be linked to an account by its name; counts only wrong
    passwords against the login limits (``ACCOUNT_RATE_LIMITS["login_failed"]``);
    stores the site's own session backend in every session it signs in."""

    def login(self, request: HttpRequest, user: Any) -> None:
        """Signs ``user`` in (after a password checked by Django's or
        allauth's backend, a signup or a password reset) with a session
        served by ``games.auth_backends.SessionBackend``, which reads the
        account with one compiled query on each request."""
        user.backend = SESSION_BACKEND
        super().login(request, user)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        username = super().clean_username(username, shallow=shallow)
        if Player.objects.filter(nickname__iexact=username).exists():
            raise forms.ValidationError(_("This username is not available."))
        return username

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Refuse the attempt while the account or the address is over its
        failed-login limit, without counting the attempt itself. allauth
        counts every attempt first and gives the count back on success, so
        players logging in at once behind one address (a dormitory, a club,
        a mobile carrier) used up each other's budget and were refused with
        correct passwords. Raises ValidationError ("too many attempts")."""
        key = self._get_login_attempts_cache_key(request, **credentials)
        self._login_failed_rl_usage = None
        if not ratelimit.consume(request, action="login_failed", key=key, dry_run=True):
            raise self.validation_error("too_many_login_attempts")

    def authentication_failed(self, request: HttpRequest, **credentials: Any) -> None:
        """A wrong password: counted against the account and the address."""
        key = self._get_login_attempts_cache_key(request, **credentials)
        ratelimit.consume(request, action="login_failed", key=key)
