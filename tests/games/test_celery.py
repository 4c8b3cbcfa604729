"""Deadlines processed by Celery on the real database and broker.

A real worker process (``celery -A mafia_site worker -B``: the worker with
its embedded beat ticking every second) shares the test's database: the
PostgreSQL test database when ``DATABASE_URL`` is set, otherwise a migrated
SQLite file with the production options (WAL, IMMEDIATE transactions). Its
broker is ``REDIS_URL`` when set, otherwise Celery's filesystem transport in
a temporary folder, as the embedded default runs.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games import flow
from games.models import Deadline, Event, Game, Phase, Post, Resolution

ROOT = Path(__file__).resolve().parents[2]
WORKER_READY_SECONDS = 60
# The tick runs every second; a deadline must be processed within a few.
LATENESS_SECONDS = 5.0

pytestmark = pytest.mark.django_db(transaction=True)


def postgres_url(db: dict[str, Any]) -> str:
    """A ``DATABASE_URL`` for the connection settings ``db`` (the test database)."""
    user = quote(db.get("USER") or "", safe="")
    password = quote(db.get("PASSWORD") or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgres://{auth}{db.get('HOST') or 'localhost'}{port}/{quote(db['NAME'], safe='')}"


@pytest.fixture
def shared_database(transactional_db, tmp_path: Path) -> Iterator[dict[str, str]]:
    """The test database, reachable from other processes and threads.

    PostgreSQL: the test database itself. SQLite: the in-memory test
    database cannot be shared, so the default connection is pointed at a
    migrated file in ``<tmp>/var`` (the settings' ``MAFIA_VAR_DIR`` layout,
    with their WAL and IMMEDIATE options) for the length of the test.
    Yields the environment a worker process needs to use the same database.
    """
    var = tmp_path / "var"
    var.mkdir()
    env = {"MAFIA_VAR_DIR": str(var)}
    if connection.vendor != "sqlite":
        yield env | {"DATABASE_URL": postgres_url(connection.settings_dict)}
        return
    in_memory, name = connection.connection, connection.settings_dict["NAME"]
    connection.connection = None
    connection.settings_dict["NAME"] = str(var / "db.sqlite3")
    try:
        call_command("migrate", verbosity=0)
        yield env
    finally:
        connection.close()
        connection.settings_dict["NAME"] = name
        connection.connection = in_memory


@pytest.fixture
def worker(shared_database: dict[str, str], tmp_path: Path) -> Iterator[subprocess.Popen]:
    """A Celery worker process with its embedded beat, on the test's
    database and on ``REDIS_URL`` (or the filesystem broker without it);
    started, waited for until ready, and stopped after the test."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env |= shared_database | {"DJANGO_SETTINGS_MODULE": "mafia_site.settings_test", "PYTHONUNBUFFERED": "1"}
    if settings.REDIS_URL:
        env["REDIS_URL"] = settings.REDIS_URL
    log_path = tmp_path / "worker.log"
    command = [
        sys.executable, "-m", "celery", "-A", "mafia_site", "worker", "-B", "-l", "info", "--concurrency=1",
        "--without-mingle", "--without-gossip", "-n", f"deadline-test-{os.getpid()}@%h",
        "-s", str(tmp_path / "celerybeat-schedule"),
    ]  # fmt: skip
    with log_path.open("wb") as log:
        proc = subprocess.Popen(  # noqa: S603 (a fixed command)
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_for(
            lambda: b" ready." in log_path.read_bytes(), WORKER_READY_SECONDS, proc, log_path, "the worker to start"
        )
        yield proc
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """A warm shutdown of the worker's process group; killed if it hangs."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def wait_for(check: Callable[[], bool], seconds: float, proc: subprocess.Popen, log: Path, what: str) -> None:
    """Poll ``check`` until true; fail with the worker's log on timeout or exit."""
    end = time.monotonic() + seconds
    while not check():
        if proc.poll() is not None or time.monotonic() > end:
            state = f"exited with {proc.returncode}" if proc.poll() is not None else "still running"
            pytest.fail(
                f"gave up waiting for {what} (worker {state}); its log:\n{log.read_text(errors='replace')[-4000:]}"
            )
        time.sleep(0.2)


def everyone_votes_out_bonnie(game: Game, seats: dict) -> None:
    """Day 1's votes: the table votes for Bonnie, who votes for Doc."""
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Bonnie" else "Bonnie"])


def test_a_worker_process_resolves_a_deadline_within_seconds(shared_database, forum_game, worker, tmp_path) -> None:
    """The vote deadline passes while a real worker runs: within a few
    seconds Bonnie is out, the vote's results are posted and the night is
    open (FORUM-014, FORUM-010), with no one calling anything by hand."""
    game, seats = forum_game
    everyone_votes_out_bonnie(game, seats)
    due = timezone.now() + timedelta(seconds=2)
    Deadline.objects.filter(phase__game=game, phase__number=1).update(due_at=due)
    vote = Deadline.objects.get(phase__game=game, kind="vote")
    wait_for(
        lambda: Deadline.objects.filter(pk=vote.pk, done_at__isnull=False).exists(),
        (due - timezone.now()).total_seconds() + 3 * LATENESS_SECONDS,
        worker,
        tmp_path / "worker.log",
        "the vote deadline to be processed",
    )
    vote.refresh_from_db()
    assert vote.lateness_seconds is not None and 0 <= vote.lateness_seconds < LATENESS_SECONDS
    assert not game.players.get(nickname="Bonnie").alive
    assert Phase.objects.filter(game=game, kind="night", number=1, resolved_at__isnull=True).exists()
    results = Post.objects.get(room__game=game, room__kind="vote", by_host=True)
    assert "Bonnie" in results.body and Resolution.objects.filter(deadline=vote).count() == 1


def test_a_game_whose_resolution_raises_does_not_delay_the_others(
    shared_database, forum_game, personas, make_user, worker, tmp_path
) -> None:
    """An older game whose engine raises on its house rules (a Bonus day
    that is not a number, written straight to the game) and a newer game
    reach their vote deadlines together while a real worker runs: the
    newer game is resolved within the usual lateness; the older one is set
    aside with its error and a retry time."""
    game, _seats = forum_game
    bad = {"player": "Plain One", "day": "soon"}
    game.options = {**game.options, "bonus": bad}
    game.state = {**game.state, "options": {**game.state["options"], "bonus": bad}}
    game.save(update_fields=["options", "state"])
    other = start_game(personas, make_user, "Healthy town", "h")
    due = timezone.now() + timedelta(seconds=2)
    Deadline.objects.filter(phase__game__in=[game, other], phase__number=1).update(due_at=due)
    failed = Deadline.objects.get(phase__game=game, kind="vote")
    vote = Deadline.objects.get(phase__game=other, kind="vote")
    wait_for(
        lambda: (
            Deadline.objects.filter(pk=vote.pk, done_at__isnull=False).exists()
            and Deadline.objects.filter(pk=failed.pk, failed_at__isnull=False).exists()
        ),
        (due - timezone.now()).total_seconds() + 3 * LATENESS_SECONDS,
        worker,
        tmp_path / "worker.log",
        "the healthy game's vote and the poison game's failure",
    )
    vote.refresh_from_db()
    failed.refresh_from_db()
    assert 0 <= vote.lateness_seconds < LATENESS_SECONDS
    assert Resolution.objects.filter(deadline=vote).count() == 1
    assert failed.done_at is None and "ValueError" in failed.error and failed.retry_at > failed.failed_at


def start_game(personas, make_user, title: str, seat_prefix: str) -> Game:
    """A running seven-seat forum game (standard schedule) whose table
    votes on day 1 and then stops voting, so that its deadlines run on,
    night and day, until the autokills end it (FORUM-163)."""
    game = flow.game_create(host=personas["alice"], title=title, ruleset_id="forum", variant="two_sided", language="en")
    flow.signup_open(game=game)
    for i in range(7):
        flow.nickname_register(game=game, user=make_user(f"{seat_prefix}{i}"), nickname=f"Seat {i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    flow.game_start(game=game)
    seats = list(game.players.all())
    for seat in seats:
        flow.vote_cast(game=game, seat=seat, target=seats[1] if seat == seats[0] else seats[0])
    return game


def ticks_at_once(count: int, now) -> list[int]:
    """``count`` ticks started together in threads, each on its own
    database connection; returns what each processed."""
    barrier, processed, errors = threading.Barrier(count), [], []

    def tick() -> None:
        try:
            barrier.wait(timeout=30)
            processed.append(flow.resolve_due(now))
        except Exception as exc:  # reported below with the thread's traceback
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=tick) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    return processed


def test_ticks_running_at_once_process_each_deadline_exactly_once(
    shared_database, personas, make_user, settings
) -> None:
    """Four ticks start together on a backlog of several games' deadlines
    (a worker back after an outage, and a second one): every deadline
    fires once, each resolution is made and posted once, and each game
    ends once. PostgreSQL claims rows with SKIP LOCKED; SQLite serialises
    the ticks with IMMEDIATE transactions. The catch-up grace is widened
    past the backlog so that it plays every game to its end at once."""
    settings.MAFIA_CATCHUP_GRACE_MINUTES = 30 * 24 * 60
    games = [start_game(personas, make_user, f"Town {n}", f"t{n}s") for n in range(4)]
    now = timezone.now() + timedelta(days=10)

    processed = ticks_at_once(4, now)

    fired = Deadline.objects.filter(phase__game__in=games, lateness_seconds__isnull=False)
    assert sum(processed) == fired.count() > len(games) * 3
    assert not Deadline.objects.due(now).exists()
    resolutions = Resolution.objects.filter(deadline__phase__game__in=games)
    assert resolutions.count() == fired.filter(resolves=True).count()
    assert Event.objects.filter(kind="phase_resolved").count() == resolutions.count()
    host_posts = Counter(
        Post.objects.filter(room__game__in=games, by_host=True, author=None).values_list("room_id", "body")
    )
    assert max(host_posts.values()) == 1, [k for k, n in host_posts.items() if n > 1]
    assert sum(1 for _room, body in host_posts if "Roles:" in body) == len(games)
    assert all(g.status == Game.Status.FINISHED for g in Game.objects.filter(pk__in=[g.pk for g in games]))
    assert Event.objects.filter(kind="game_finished").count() == len(games)
    for game in games:
        # Each game's deadlines fired in their own order, even with four ticks
        # at once: the day choices locked (14:00) before the vote closed (21:00).
        log = list(
            Event.objects.filter(game=game, kind__in=["choices_locked", "phase_resolved"])
            .order_by("id")
            .values_list("kind", "data")
        )
        days = [data["phase"] for kind, data in log if kind == "phase_resolved" and data["phase"].startswith("Day")]
        for day in days:
            kinds = [kind for kind, data in log if data["phase"] == day]
            assert kinds == ["choices_locked", "phase_resolved"], (day, kinds)
