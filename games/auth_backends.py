"""Who a signed-in request belongs to: the authentication backend the
site's sessions are served by (first in ``settings.AUTHENTICATION_BACKENDS``).

Every request of a signed-in reader reads his account, the live channel's
polls included (most of a live game's requests). Django's ``ModelBackend``
reads it with ``User.objects.get(pk=…)``, compiling the same query again
on each request: about 0.4 ms of CPU, against 0.2 ms for the same
statement compiled once (``games.compiled``). ``SessionBackend`` reads the
account with that compiled statement and checks nothing else itself:
Django's ``auth.get_user`` still compares the session's hash with the
account's password hash (a password changed elsewhere signs the session
out), and a session whose account is gone or disabled is a visitor's.

Passwords are not checked here: ``authenticate`` answers None, and
Django's ``ModelBackend`` and allauth's backend, listed after this one,
check them as before. A login through the site's forms stores this
backend's path in the session (``games.adapters.AccountAdapter.login``).
Sessions stored with one of the other two paths keep working as they
are, through those backends.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import BaseBackend
from django.core.exceptions import ValidationError

from .compiled import Compiled

SESSION_BACKEND = "games.auth_backends.SessionBackend"

_ACCOUNT = Compiled(lambda pk: get_user_model()._default_manager.filter(pk=pk))


class SessionBackend(BaseBackend):
    """Serves the sessions of the site's logins: ``get_user(user_id)`` is
    the active account of that primary key (the session's
    ``_auth_user_id``, a string), or None for an id that is not one, an
    account deleted, or an account disabled (``is_active`` false), as
    ``ModelBackend.get_user``. Grants no permission and authenticates
    nobody (``authenticate`` is ``BaseBackend``'s: None); permissions
    come from ``ModelBackend``."""

    def get_user(self, user_id):
        """The active account whose primary key is ``user_id``, or None."""
        try:
            pk = get_user_model()._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        found = _ACCOUNT.run(pk)
        user = found[0] if found else None
        return user if user is not None and getattr(user, "is_active", True) else None
