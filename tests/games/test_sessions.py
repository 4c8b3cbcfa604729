"""The session store (``games.sessions``): a signed-in reader's session is
read with one written-out statement, and reads as Django's database
sessions do: an expired or unknown session is a visitor's, and logging out
ends it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

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
