"""What the benchmarks (``manage.py bench_pages``, ``manage.py bench_deadline``)
share: accounts made in bulk, forum games built through ``games.flow``, a
logged-in session without the login form, a gunicorn or Celery process
pointed at the same database, and a small concurrent HTTP client.

Nothing here runs in production; the bare view is mounted only when
``MAFIA_BENCH_BARE_VIEW=1`` (``mafia_site/urls.py``).
"""

from __future__ import annotations

import http.client
import itertools
import os
import random
import secrets
import socket
import subprocess  # noqa: S404 (the benchmarks start the site's own processes)
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import import_module
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.hashers import make_password
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CSRF_SECRET_LENGTH
from django.utils import timezone
from django.utils.crypto import get_random_string

from games import flow
from games.models import Deadline, Game, Phase, Player, Room, Vote

BASE_DIR = Path(settings.BASE_DIR)


def bare_view(request: HttpRequest) -> HttpResponse:
    """The yardstick: a view that does nothing, behind the site's middleware."""
    return HttpResponse(b"ok", content_type="text/plain")


# ---------------------------------------------------------------- building games


def make_accounts(prefix: str, names: list[str]) -> dict[str, object]:
    """Accounts ``{prefix}{name}`` with unusable passwords, in one query
    (hashing a password per account would dominate the set-up)."""
    user_model = get_user_model()
    unusable = make_password(None)
    user_model.objects.bulk_create([user_model(username=f"{prefix}{n}", password=unusable) for n in names])
    found = user_model.objects.filter(username__in=[f"{prefix}{n}" for n in names])
    return {u.username[len(prefix) :]: u for u in found}


def forum_game(host, players: list, title: str, now: datetime | None = None, seed: int | None = None, **fields) -> Game:
    """A running forum game, day 1 open at ``now``: seats ``Seat 1`` … for
    ``players`` (accounts), the ruleset's proposed composition, drawn from
    ``seed`` (None: the random seed every game gets), so that a caller can
    replay one seating; everything through ``games.flow``."""
    game = flow.game_create(host=host, title=title, ruleset_id="forum", **fields)
    if seed is not None:
        game.seed = seed
        game.save(update_fields=["seed"])
    flow.signup_open(game=game)
    for i, user in enumerate(players, start=1):
        flow.nickname_register(game=game, user=user, nickname=f"Seat {i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game, now=now)
    game.refresh_from_db()
    return game


def hand_in_choices(game: Game, rng: random.Random, now: datetime | None = None, share: float = 1.0) -> int:
    """Every living seat hands in a legal choice for each slot it has (a
    team's slot once), with probability ``share`` each; returns how many."""
    done, teams = 0, set()
    for seat in Player.objects.filter(game=game, status=Player.Status.SEATED, alive=True):
        for slot in flow.open_slots(game, seat):
            if not slot.candidates or rng.random() >= share or (slot.team and slot.team in teams):
                continue
            teams.add(slot.team)
            targets = rng.sample(list(slot.candidates), k=min(slot.targets, len(slot.candidates)))
            try:
                flow.action_submit(
                    game=game, seat=seat, ability=slot.ability, targets=targets, team=slot.team is not None, now=now
                )
            except flow.FlowError:
                continue
            done += 1
    return done


def cast_votes(game: Game, rng: random.Random, now: datetime | None = None, share: float = 0.9) -> int:
    """Today's votes as a forum day usually ends: most living seats vote
    (``share`` of them), for one of three suspects; returns how many."""
    phase = flow.current_phase(game)
    if phase is None or phase.kind != Phase.Kind.DAY:
        return 0
    living = list(Player.objects.filter(game=game, status=Player.Status.SEATED, alive=True))
    suspects = rng.sample(living, k=min(3, len(living)))
    cast = 0
    for seat in living:
        if (
            rng.random() >= share
            or Vote.objects.filter(game=game, day=phase.number, vote_round=phase.vote_round, voter=seat).exists()
        ):
            continue
        target = rng.choice([s for s in suspects if s.pk != seat.pk])
        try:
            flow.vote_cast(game=game, seat=seat, target=target, now=now)
        except flow.FlowError:
            continue
        cast += 1
    return cast


def voting_forum_games(
    n: int, rng: random.Random, title: str, seats: int = 12, progress: Callable[[int], None] | None = None
) -> list[int]:
    """``n`` running forum games of ``seats`` seats on day 1 as a forum day
    usually ends (``bench_deadline``'s games): most seats have handed in
    their day choices and most have voted, for one of three suspects; the
    games' ids. ``progress`` is called with the games built after every
    hundred."""
    tag = token()
    accounts = make_accounts(f"bd-{tag}-", ["host", *(f"g{g}p{s}" for g in range(n) for s in range(seats))])
    now = timezone.now()
    games = []
    for g in range(n):
        players = [accounts[f"g{g}p{s}"] for s in range(seats)]
        game = forum_game(accounts["host"], players, f"{title} {tag} #{g + 1}", now=now, seed=rng.getrandbits(48))
        hand_in_choices(game, rng, now=now + timedelta(seconds=1), share=0.8)
        cast_votes(game, rng, now=now + timedelta(seconds=2))
        games.append(game.pk)
        if progress is not None and (g + 1) % 100 == 0:
            progress(g + 1)
    return games


def arm_phase(games: list[int], kind: str, resolves: bool) -> list[int]:
    """Move the pending deadlines (resolving or not) of the open first
    ``kind`` phase of ``games`` to one instant, now; their ids."""
    pending = Deadline.objects.filter(
        phase__game__in=games, phase__kind=kind, phase__number=1, done_at__isnull=True, resolves=resolves
    )
    ids = list(pending.values_list("pk", flat=True))
    Deadline.objects.filter(pk__in=ids).update(due_at=timezone.now())
    return ids


def lock_day_choices(games: list[int]) -> None:
    """Lock the day choices of ``games`` (``voting_forum_games``) now, in
    this process, as the tick would: set-up, not measured."""
    arm_phase(games, Phase.Kind.DAY, resolves=False)
    while flow.resolve_due():
        pass


def session_cookie(user) -> str:
    """A ``Cookie`` header value for a fresh session logged in as ``user``
    (what the login form would store, without its password check), with
    the CSRF cookie a browser holds from its first page of the site."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = user._meta.pk.value_to_string(user)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    csrf = get_random_string(CSRF_SECRET_LENGTH)
    return f"{settings.SESSION_COOKIE_NAME}={store.session_key}; {settings.CSRF_COOKIE_NAME}={csrf}"


def token() -> str:
    """A short random tag naming one benchmark run's accounts and games."""
    return secrets.token_hex(3)


# ---------------------------------------------------------------- the site's processes


def database_url() -> str:
    """The URL of the database this process uses, for child processes."""
    s = connection.settings_dict
    if connection.vendor != "postgresql":
        raise RuntimeError("the benchmarks run against PostgreSQL (set DATABASE_URL)")
    auth = quote(s["USER"] or "", safe="")
    if s["PASSWORD"]:
        auth += ":" + quote(s["PASSWORD"], safe="")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a child process on the production settings and
    this process's database."""
    env = dict(os.environ)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(DJANGO_SETTINGS_MODULE="mafia_site.settings", DJANGO_DEBUG="0", DATABASE_URL=database_url())
    env.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(32))
    env.update(extra)
    return env


def add_server_arguments(parser) -> None:
    """The gunicorn options every benchmark that starts the server takes:
    ``--workers`` (default 2) and ``--worker-class`` (default ``sync``, as
    deployed)."""
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2).")
    parser.add_argument("--worker-class", default="sync", help="gunicorn worker class (default sync, as deployed).")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(port: int, workers: int, worker_class: str, env: dict[str, str], log: Path) -> subprocess.Popen:
    """gunicorn serving the site on 127.0.0.1:``port``, as the Procfile starts it."""
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "mafia_site.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--worker-class",
        worker_class,
        "--log-level",
        "warning",
    ]
    return subprocess.Popen(command, cwd=BASE_DIR, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)  # noqa: S603


def start_uvicorn(port: int, env: dict[str, str], log: Path) -> subprocess.Popen:
    """uvicorn serving the site's live streams (``mafia_site.asgi``) on
    127.0.0.1:``port``, as docker-compose.yml's ``live`` service does; the
    caller's ``env`` sets ``LIVE_STREAM=1``."""
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "mafia_site.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-access-log",
        "--log-level",
        "warning",
    ]
    return subprocess.Popen(command, cwd=BASE_DIR, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)  # noqa: S603


def start_celery_worker(queue: str, concurrency: int, env: dict[str, str], log: Path) -> subprocess.Popen:
    """A Celery worker (as the Procfile starts it) named ``queue@<host>``,
    consuming ``queue`` only."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "mafia_site",
        "worker",
        "-Q",
        queue,
        "-n",
        f"{queue}@%h",
        f"--concurrency={concurrency}",
        "--without-gossip",
        "--without-mingle",
        "-l",
        "warning",
    ]
    return subprocess.Popen(command, cwd=BASE_DIR, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)  # noqa: S603


def wait_for_celery(queue: str, workers: int = 1, seconds: float = 60) -> None:
    """Wait until ``workers`` Celery workers of ``queue``
    (``start_celery_worker``) answer a ping; raises RuntimeError after
    ``seconds``."""
    from mafia_site.celery import app

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        replies = app.control.ping(timeout=0.5) or []
        if sum(1 for reply in replies for name in reply if name.startswith(f"{queue}@")) >= workers:
            return
    raise RuntimeError(f"the Celery workers of {queue} did not start (see the benchmark's Celery log)")


def _children(pid: int) -> list[int]:
    """The child process ids of ``pid`` (Linux ``/proc``; [] elsewhere)."""
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            kids += [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            continue
    return kids


def _rss_mib(pid: int) -> float | None:
    """Resident memory of ``pid`` in MiB (``VmRSS``), None when unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def tree_rss_mib(pid: int) -> dict[int, float]:
    """Resident memory in MiB of ``pid`` and every process below it (the
    gunicorn arbiter and its workers, a Celery worker and its pool), by
    process id; {} where ``/proc`` is missing (not Linux)."""
    found: dict[int, float] = {}
    todo = [pid]
    while todo:
        current = todo.pop()
        rss = _rss_mib(current)
        if rss is not None:
            found[current] = rss
            todo += _children(current)
    return found


def memory_line(what: str, pid: int, limit_mib: float) -> str:
    """One line for a benchmark: the resident memory of ``pid`` (the
    master) and of each process below it (the workers), the largest worker
    against ``limit_mib`` (the master itself where it has none)."""
    sizes = tree_rss_mib(pid)
    if not sizes:
        return f"memory: {what} n/a (no /proc on this system)"
    master = sizes.pop(pid, 0.0)
    largest = max(sizes.values(), default=master)
    verdict = "ok" if largest < limit_mib else "MISS"
    workers = ", ".join(f"{v:.1f}" for v in sorted(sizes.values())) or "none"
    return (
        f"memory: {what}: master {master:.1f} MiB, workers {workers} MiB resident; "
        f"largest {largest:.1f} (target < {limit_mib:g} MiB) {verdict}"
    )


def stop(process: subprocess.Popen) -> None:
    """Stop a child started above (SIGTERM, then SIGKILL after 10 s)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_for_http(port: int, path: str, seconds: float = 30) -> None:
    """Wait until ``path`` answers 200; raises RuntimeError after ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the web server on port {port} did not answer {path}")


# ---------------------------------------------------------------- the HTTP client


@dataclass
class Measurement:
    """One page's figures."""

    name: str
    path: str
    requests: int = 0
    errors: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)

    def add(self, other: Measurement) -> None:
        """Fold another run of the same page into this one."""
        self.requests += other.requests
        self.errors += other.errors
        self.seconds += other.seconds
        self.latencies.extend(other.latencies)
        for status, n in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + n

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def p99_ms(self) -> float:
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


def hammer(
    port: int, name: str, path: str, headers: dict[str, str], expect: int, seconds: float, concurrency: int
) -> Measurement:
    """``concurrency`` threads, each with one keep-alive connection
    (reopened when the server closes it), GET ``path`` for ``seconds``;
    an answer other than ``expect`` counts as an error. A ``{n}`` in
    ``path`` becomes a number of its own for each request."""
    result = Measurement(name, path)
    lock = threading.Lock()
    numbers = itertools.count()
    start = time.perf_counter()
    end = start + seconds

    def run() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        latencies, statuses, errors = [], {}, 0
        while time.perf_counter() < end:
            began = time.perf_counter()
            try:
                conn.request("GET", path.replace("{n}", str(next(numbers))), headers=headers)
                response = conn.getresponse()
                response.read()
                status = response.status
                if response.will_close:
                    conn.close()
            except (OSError, http.client.HTTPException):
                conn.close()
                status = 0
            latencies.append(time.perf_counter() - began)
            statuses[status] = statuses.get(status, 0) + 1
            errors += status != expect
        conn.close()
        with lock:
            result.latencies.extend(latencies)
            result.errors += errors
            for status, n in statuses.items():
                result.statuses[status] = result.statuses.get(status, 0) + n

    threads = [threading.Thread(target=run) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    result.seconds = time.perf_counter() - start
    result.requests = len(result.latencies)
    return result


def load_average() -> str:
    """The machine's 1-minute load average and its cores, e.g. ``0.8 on 2 cores``."""
    try:
        return f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except OSError:
        return "unknown"


def day_room(game: Game, kind: str = Room.Kind.DAY) -> Room:
    """Today's day (or vote) thread of ``game``."""
    return Room.objects.filter(game=game, kind=kind).order_by("-day").first()
