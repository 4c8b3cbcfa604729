"""The session store (``games.sessions``): a signed-in reader's session is
read with one written-out statement, and reads as Django's database
sessions do: an expired or unknown session is a visitor's, and logging out
ends it. The account behind it (``games.auth_backends.SessionBackend``) is
read with one compiled statement, and signs out as Django's backend does:
a disabled account, a password changed elsewhere."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.auth_backends import SESSION_BACKEND

from ..conftest import PASSWORD
from .pages import client_as

pytestmark = pytest.mark.django_db


def signed_in(html: str) -> bool:
    return 'action="/accounts/logout/"' in html


def test_a_signed_in_reader_is_read_with_one_statement(forum_game) -> None:
    client = client_as("bob")
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("home")).content.decode()
    assert signed_in(html)
    reads = [q["sql"] for q in queries if "django_session" in q["sql"]]
    assert len(reads) == 1 and reads[0].startswith("SELECT session_data FROM")


def test_an_expired_session_is_a_visitors(forum_game) -> None:
    client = client_as("bob")
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert signed_in(client.get(reverse("home")).content.decode())
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    assert not signed_in(client.get(reverse("home")).content.decode())


def test_an_unknown_or_ended_session_is_a_visitors(forum_game) -> None:
    client = client_as("bob")
    client.cookies[settings.SESSION_COOKIE_NAME] = "x" * 32
    assert not signed_in(client.get(reverse("home")).content.decode())
    client = client_as("bob")
    client.post(reverse("account_logout"))
    assert not signed_in(client.get(reverse("home")).content.decode())


def _logged_in_by_form() -> tuple[Client, object]:
    """A fresh account signed in through the site's login form, with a
    private address so that no other test's login limits count."""
    user = get_user_model().objects.create_user(username=f"s-{uuid.uuid4().hex[:12]}", password=PASSWORD)
    n = uuid.uuid4().int
    client = Client(REMOTE_ADDR=f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}")
    answer = client.post(reverse("account_login"), {"login": user.username, "password": PASSWORD})
    assert answer.status_code == 302
    return client, user


def _session(client: Client) -> dict:
    return Session.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value).get_decoded()


def test_a_login_by_the_form_is_served_by_the_sites_backend_with_one_account_read(db) -> None:
    client, user = _logged_in_by_form()
    assert _session(client)[BACKEND_SESSION_KEY] == SESSION_BACKEND
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("home")).content.decode()
    assert signed_in(html) and user.username in html
    reads = [q["sql"] for q in queries if 'FROM "auth_user"' in q["sql"]]
    assert len(reads) == 1


def test_a_wrong_password_is_still_refused(db) -> None:
    user = get_user_model().objects.create_user(username=f"s-{uuid.uuid4().hex[:12]}", password=PASSWORD)
    client = Client(REMOTE_ADDR="10.249.249.1")
    answer = client.post(reverse("account_login"), {"login": user.username, "password": PASSWORD + "x"})
    assert answer.status_code == 200 and SESSION_KEY not in client.session
    assert not signed_in(client.get(reverse("home")).content.decode())


def test_a_disabled_account_or_a_password_changed_elsewhere_signs_the_session_out(db) -> None:
    client, user = _logged_in_by_form()
    user.is_active = False
    user.save(update_fields=["is_active"])
    assert not signed_in(client.get(reverse("home")).content.decode())

    client, user = _logged_in_by_form()
    user.set_password(PASSWORD + "-new")
    user.save(update_fields=["password"])
    assert not signed_in(client.get(reverse("home")).content.decode())


@pytest.mark.parametrize(
    "backend", ["django.contrib.auth.backends.ModelBackend", "allauth.account.auth_backends.AuthenticationBackend"]
)
def test_a_session_stored_with_an_earlier_backend_stays_signed_in(db, backend) -> None:
    """Sessions signed in before the site's backend existed keep their
    backend's path, and their readers stay signed in."""
    user = get_user_model().objects.create_user(username=f"s-{uuid.uuid4().hex[:12]}", password=PASSWORD)
    store = Client().session
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = backend
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = store.session_key
    html = client.get(reverse("home")).content.decode()
    assert signed_in(html) and user.username in html
