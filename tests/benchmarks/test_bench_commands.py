"""Smoke tests of the benchmark commands with tiny sizes: they run and
print their tables. No figure is checked (timing has no place here)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.db import connection

from games.models import Resolution


@pytest.mark.django_db
def test_bench_deadline_resolves_each_game_once_per_round() -> None:
    out = io.StringIO()
    call_command("bench_deadline", "-n", "2", stdout=out)
    text = out.getvalue()
    assert "day 1 vote" in text and "night 1" in text
    assert "not processed" not in text and "without exactly one resolution" not in text
    assert "2 games, 2 deadlines" in text  # the day; a game the day ended has no night
    assert Resolution.objects.count() >= 2


@pytest.mark.django_db(transaction=True)
def test_bench_pages_serves_every_page_through_gunicorn() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("bench_pages runs against PostgreSQL")
    out = io.StringIO()
    call_command("bench_pages", "--posts", "5", "--seconds", "0.2", "--rounds", "1", "--concurrency", "1", stdout=out)
    text = out.getvalue()
    for page in ("bare view", "thread, latest page", "poll, nothing new", "host dashboard", "thread, built afresh"):
        assert page in text
    starts = ("bare", "thread", "vote", "cab", "game", "poll", "host", "dashboard")
    rows = [line for line in text.splitlines() if line.startswith(starts)]
    assert len(rows) == 12 and all(line.split()[-1] == "0" for line in rows), text  # no errors
    # The two workers' resident memory after the load, against the 80 MiB target.
    assert re.search(r"memory: gunicorn workers under load: master [\d.]+ MiB, workers [\d.]+, [\d.]+ MiB", text), text
