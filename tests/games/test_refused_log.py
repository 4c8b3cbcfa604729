"""A refused request (403) is logged in one line: method, path, account id
and the reason, without a traceback."""

from __future__ import annotations

import logging

import pytest
from django.urls import reverse

from .pages import client_as

pytestmark = pytest.mark.django_db


def test_it_logs_a_refused_request_in_one_line_without_a_traceback(forum_game, caplog) -> None:
    """A stranger opening a cabinet is refused; the server log gets one line
    naming the request, the account and the reason, and no traceback."""
    game, _seats = forum_game
    url = reverse("cabinet", args=[game.slug])
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client_as("dave").get(url)
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1
    record = records[0]
    assert record.exc_info is None and record.exc_text is None
    line = record.getMessage()
    assert "\n" not in line
    assert f"GET {url}" in line
    assert f"user={record.request.user.pk}" in line
    assert "Only the game's players have a cabinet." in line
