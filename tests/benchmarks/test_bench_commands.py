"""Smoke tests of the benchmark commands with tiny sizes: they run and
print their tables. No figure is checked (timing has no place here)."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from benchmarks.live import scan
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


@pytest.mark.django_db(transaction=True)
def test_bench_live_plays_readers_and_writers_through_gunicorn() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("bench_live runs against PostgreSQL")
    out = io.StringIO()
    call_command("bench_live", "--games", "2", "--readers", "3", "--seconds", "15", "--dwell", "12", stdout=out)
    text = out.getvalue()
    assert "all readers' requests" in text and "page: " in text and "post " in text, text
    rows = [line for line in text.splitlines() if line.startswith(("page", "poll", "post", "read mark", "all"))]
    assert rows and all(line.split()[-1] == "0" for line in rows), text  # no errors
    # The pages poll their one live channel only.
    assert "poll: new posts" not in text and "poll: phase bar" not in text and "poll: vote count" not in text
    assert re.search(r"requests per open page a minute; workers' CPU [\d.]+ s", text), text


def test_the_live_benchmark_reads_the_polls_off_the_page() -> None:
    page = (
        '<div class="phase-bar" id="phase-bar">Day 1</div>'
        '<div id="live" hidden hx-get="/g/x/live/?k=a&amp;t=b" hx-trigger="every 5s, live-now from:document"'
        ' hx-swap="outerHTML" data-poll></div>'
        '<form class="seen" hx-post="/g/x/r/y/seen/" hx-trigger="load"><input name="number" value="3"></form>'
    )
    found = scan(page)
    assert found.polls == {"live": ("/g/x/live/?k=a&t=b", 5.0, "GET"), "phase-bar": None}
    assert found.seen == "/g/x/r/y/seen/"
    # A channel that reports posts seen asks by POST.
    reporting = '<div id="live" hidden hx-post="/g/x/live/?m=3" hx-trigger="every 5s, live-now from:document"></div>'
    assert scan(reporting).polls == {"live": ("/g/x/live/?m=3", 5.0, "POST")}
    assert scan('<div id="live" hidden></div>').polls == {"live": None}  # a finished game: polling stops


@pytest.mark.django_db(transaction=True)
def test_bench_live_scaled_out_resolves_every_deadline_once_and_serves_no_stale_page() -> None:
    """Two web servers and two Celery workers, as compose scales them out:
    the deadlines that fall due under the traffic are each resolved once,
    and no page asked afterwards of either server shows the game before
    its result."""
    if connection.vendor != "postgresql":
        pytest.skip("bench_live runs against PostgreSQL")
    out = io.StringIO()
    call_command(
        "bench_live",
        *("--games", "2", "--readers", "3", "--seconds", "16", "--dwell", "12"),
        *("--web", "2", "--workers", "1", "--deadlines", "--celery-workers", "2", "--concurrency", "1"),
        stdout=out,
    )
    text = out.getvalue()
    assert "2 gunicorn × 1 sync workers" in text, text
    said = re.search(r"deadlines: (\d+) fell due .*; (\d+) resolved, 0 failed.*exactly once: yes.*stale 0$", text, re.M)
    assert said and int(said.group(1)) >= 2 and said.group(1) == said.group(2), text


@pytest.mark.django_db(transaction=True)
def test_bench_live_due_games_resolves_every_deadline_of_both_groups_once() -> None:
    """Games without readers (``--due-games``) whose votes fall due at the
    same instant as the live games' deadlines, under the traffic: the
    report gives each group's figures, every deadline of both resolved
    exactly once, and the time until the last of all."""
    if connection.vendor != "postgresql":
        pytest.skip("bench_live runs against PostgreSQL")
    out = io.StringIO()
    call_command(
        "bench_live",
        *("--games", "1", "--readers", "3", "--seconds", "10", "--dwell", "8", "--workers", "1"),
        *("--deadlines", "--celery-workers", "1", "--concurrency", "2", "--due-games", "10"),
        stdout=out,
    )
    text = out.getvalue()
    assert re.search(r"^built 10 games without readers .* in [\d.]+ s$", text, re.M), text
    said = re.search(
        r"^deadlines: (\d+) fell due .*; (\d+) resolved, 0 failed.*exactly once: yes.*stale 0$", text, re.M
    )
    assert said and int(said.group(1)) >= 1 and said.group(1) == said.group(2), text
    due = re.search(
        r"^deadlines of the games without readers: 10 fell due at the same instant in 10 games; "
        r"10 resolved, 0 failed, resolutions per deadline 1–1 \(exactly once: yes\);",
        text,
        re.M,
    )
    assert due, text
    total = int(said.group(1)) + 10
    assert re.search(rf"^all {total} deadlines: the last resolved [\d.]+ s after they fell due", text, re.M), text
    assert re.search(r"^readers during the deadlines \([\d.]+ s\): \d+ requests, .* errors 0;", text, re.M), text
    # Every due game's vote was resolved once, through the Celery workers.
    assert Resolution.objects.filter(deadline__phase__game__title__startswith="Due benchmark").count() == 10


def test_bench_live_due_games_needs_the_deadlines() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("bench_live runs against PostgreSQL")
    with pytest.raises(CommandError, match="--due-games needs --deadlines"):
        call_command("bench_live", "--due-games", "3", stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_bench_build_prints_each_page_built_afresh_with_its_queries() -> None:
    out = io.StringIO()
    call_command("bench_build", "--posts", "30", "--rounds", "3", "--warmup", "1", stdout=out)
    text = out.getvalue()
    for page in (
        "thread, latest page",
        "vote thread",
        "cabinet",
        "game page",
        "host dashboard",
        "live channel, a post",
    ):
        row = re.search(rf"^{re.escape(page)}\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s", text, re.M)
        assert row is not None, text
        assert float(row.group(1)) > 0 and int(row.group(3)) > 0, row.group(0)  # CPU ms, queries
    assert re.search(r"page\(s\) above target|every page meets its target", text), text


@pytest.mark.django_db(transaction=True)
def test_bench_live_with_streams_holds_one_stream_per_open_page_and_polls_nothing() -> None:
    """``--stream``: the pages name a stream, uvicorn serves them, each
    open page holds one and receives the game's changes over it."""
    out = io.StringIO()
    call_command(
        "bench_live", *("--games", "1", "--readers", "4", "--seconds", "16", "--dwell", "10", "--stream"), stdout=out
    )
    text = out.getvalue()
    assert "1 uvicorn for the streams" in text, text
    stream = re.search(r"^stream\s+(\d+)\s.*\s(\d+)\s+(\d+)$", text, re.M)
    assert stream and int(stream.group(1)) >= 4 and stream.group(2) == "0" and stream.group(3) == "0", text
    assert re.search(r"^push\s+[1-9]", text, re.M), text
    assert "poll:" not in text, text
