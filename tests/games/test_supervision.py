"""The embedded default of ``scripts/run`` keeps itself up: supervisord
(``deploy/supervisord-embedded.conf``) starts again the web server, the
worker or beat when one is killed with SIGKILL, runs exactly one beat, and
when supervisord itself is killed with SIGKILL none of them is left behind.

The processes are the real ones (runserver, celery worker, celery beat) on a
migrated SQLite file and the filesystem broker in a temporary folder."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from benchmarks.management.commands.soak import memory_line, restarts
from mafia_site import processes

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _wait_for(predicate, seconds: float = 60.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.25)
    return predicate()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _page(port: int) -> int:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:  # noqa: S310
            return response.status
    except OSError:
        return 0


def _supervised(supervisor: int) -> dict[str, int]:
    """The pid of each of web, worker and beat started by ``supervisor``
    (its direct children), once all three run."""
    found = {p.role: p.pid for p in processes.descendants(supervisor) if p.ppid == supervisor}
    return found if {"web", "worker", "beat"} <= found.keys() else {}


@pytest.fixture
def embedded_site(tmp_path: Path):
    """supervisord as ``scripts/run`` starts it, on a fresh SQLite file; yields (Popen, port)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL")}
    port = _free_port()
    env.update(
        MAFIA_VAR_DIR=str(tmp_path),
        PORT=str(port),
        PATH=f"{BIN}:{env.get('PATH', '')}",
        DJANGO_SECRET_KEY="test-only",
        MAFIA_DEATHSIG="setpriv --pdeathsig TERM --",
    )
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    supervisor = subprocess.Popen(
        [str(BIN / "supervisord"), "-c", "deploy/supervisord-embedded.conf"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    seen: set[int] = set()
    try:
        yield supervisor, port, seen
    finally:
        for proc in processes.descendants(supervisor.pid):
            seen.add(proc.pid)
        supervisor.kill()
        supervisor.wait()
        for pid in seen:
            if processes.alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_each_embedded_process_killed_is_restarted_and_all_die_with_supervisord(embedded_site, tmp_path) -> None:
    """Also what ``scripts/soak`` reads of it: one restart of each program in
    supervisord's log, and the resident memory of each under supervisord."""
    supervisor, port, seen = embedded_site
    pids = _wait_for(lambda: _supervised(supervisor.pid))
    assert pids, "supervisord did not start web, worker and beat"
    assert _wait_for(lambda: _page(port) == 200), "the site does not answer"
    for role in ("web", "worker", "beat"):
        seen.update(p.pid for p in processes.descendants(supervisor.pid))
        os.kill(pids[role], signal.SIGKILL)
        old = pids[role]
        restarted = _wait_for(lambda role=role, old=old: (p := _supervised(supervisor.pid)) and p[role] != old and p)
        assert restarted, f"the {role} killed with SIGKILL was not started again"
        pids = restarted
        assert _wait_for(lambda: _page(port) == 200), f"the site does not answer after the {role} was killed"
        beats = [p for p in processes.descendants(supervisor.pid) if p.role == "beat"]
        assert len(beats) == 1, f"{len(beats)} beats run after the {role} was killed"
    # The worker's pool processes (children of the worker) must die with it too.
    pool = _wait_for(lambda: [p for p in processes.descendants(pids["worker"]) if p.role == "worker"])
    assert pool, "the worker runs without its pool"
    seen.update(p.pid for p in processes.descendants(supervisor.pid))
    assert restarts(tmp_path) == {"web": 1, "worker": 1, "beat": 1}
    memory = memory_line(tmp_path)
    assert "down" not in memory and memory.startswith("web ") and "; worker " in memory and "; beat " in memory
    os.kill(supervisor.pid, signal.SIGKILL)
    supervisor.wait()
    left = _wait_for(lambda: not [pid for pid in seen if processes.alive(pid)], seconds=60)
    assert left, "processes outlived supervisord: " + ", ".join(
        p.cmdline for pid in seen if (p := processes.read(pid)) and p.state != "Z"
    )
    assert _page(port) == 0, "something still answers on the site's port"
