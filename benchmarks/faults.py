"""Fault injection against the site's two deployments (``scripts/faults``).

Each deployment is started as it runs unattended, in a fresh folder of its
own, with demo games on a fast schedule so that deadlines keep falling due:

- ``embedded``: runserver, the worker and beat under supervisord
  (``deploy/supervisord-embedded.conf``) on SQLite and the filesystem broker,
  as ``scripts/run`` starts them;
- ``servers``: gunicorn, the worker and beat under supervisord
  (``deploy/supervisord-servers.conf``, the processes of docker-compose.yml)
  on PostgreSQL (``DATABASE_URL``) and two Redis servers this script starts
  with docker-compose.yml's flags: the broker's (``appendonly yes``,
  ``noeviction``) and the cache's (no persistence, ``maxmemory``,
  ``volatile-lru``).

Then, one at a time, it kills each process with SIGKILL (web, a web worker,
the Celery worker, one of its pool processes, beat, supervisord itself, the
Redis servers), hangs processes with SIGSTOP and SIGCONT, and restores the
broker's Redis from a snapshot taken minutes before. After each fault it
waits (at most ``RECOVER_SECONDS``) until the site answers ``GET /`` with
200, supervisord runs all three programs, exactly one beat runs and no
process it ever saw is alive outside the current supervisord (an orphan).
After a SIGKILL to supervisord it starts supervisord again, as a person
would run ``scripts/run`` again. At the end of each deployment it waits for
the deadlines to catch up and asks ``manage.py deadline_audit`` whether any
deadline is overdue, failed or ran twice, then stops everything and checks
again that no process is left. It prints one line per fault and a summary,
and exits 1 if any check failed.

Linux only (``/proc``, ``setpriv``). It sends signals only to processes it
started itself.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from mafia_site import processes

ROOT = Path(__file__).resolve().parents[1]
RECOVER_SECONDS = 90.0
HANG_SECONDS = 20.0
# The deadline audit's grace: a deadline due longer ago than this and not done is overdue.
GRACE_SECONDS = 30.0


def _log(line: str) -> None:
    print(f"{datetime.now(UTC):%H:%M:%S} {line}", flush=True)


def _wait_for(predicate: Callable[[], object], seconds: float) -> object:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.5)
    return predicate()


def page_status(port: int, timeout: float = 10.0) -> int:
    """The status of ``GET /`` on 127.0.0.1:``port`` (0: no answer)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=timeout) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


class RedisServer:
    """One redis-server this script started (foreground, so its pid is ours),
    with its data in ``folder``."""

    def __init__(self, name: str, port: int, folder: Path, flags: list[str]) -> None:
        self.name, self.port, self.folder, self.flags = name, port, folder, flags
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        """Start it and wait until it answers PING."""
        self.folder.mkdir(parents=True, exist_ok=True)
        log = (self.folder.parent / f"{self.name}.log").open("a")
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder), *self.flags],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        if not _wait_for(self.ping, 20):
            raise RuntimeError(f"{self.name} did not start on port {self.port}")

    def ping(self) -> bool:
        """True when the server answers PING."""
        done = subprocess.run(
            ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True, timeout=5, check=False
        )
        return done.stdout.strip() == "PONG"

    def cli(self, *args: str) -> str:
        """``redis-cli`` against this server; its output."""
        return subprocess.run(
            ["redis-cli", "-p", str(self.port), *args], capture_output=True, text=True, timeout=30, check=False
        ).stdout.strip()

    def kill(self) -> None:
        """SIGKILL, and reap it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def snapshot(self, into: Path) -> None:
        """Write its data to disk (RDB and the append-only file) and copy the folder to ``into``."""
        self.cli("SAVE")
        if self.cli("CONFIG", "GET", "appendonly").endswith("yes"):
            self.cli("BGREWRITEAOF")
            _wait_for(lambda: "aof_rewrite_in_progress:0" in self.cli("INFO", "persistence"), 30)
        shutil.rmtree(into, ignore_errors=True)
        shutil.copytree(self.folder, into)

    def restore(self, snapshot: Path) -> None:
        """Kill it, put ``snapshot`` in place of its data, start it again."""
        self.kill()
        shutil.rmtree(self.folder)
        shutil.copytree(snapshot, self.folder)
        self.start()


@dataclass
class Outcome:
    """What one fault did: whether everything came back, how long it took
    (seconds, for reading only) and what went wrong."""

    deployment: str
    fault: str
    ok: bool
    seconds: float
    problems: list[str] = field(default_factory=list)


class Deployment:
    """One deployment of the site under its supervisord, in ``folder``."""

    def __init__(self, name: str, folder: Path, port: int, env: dict[str, str], site_env: dict[str, str]) -> None:
        self.name, self.folder, self.port = name, folder, port
        self.env = env  # for manage.py (migrate, demo, the audit)
        self.site_env = site_env  # for supervisord and the site's processes
        self.supervisor: subprocess.Popen | None = None
        self.seen: dict[int, str] = {}  # pid: command line, of every process seen under supervisord

    def manage(self, *args: str) -> str:
        """Run ``manage.py`` with this deployment's settings; its output."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True, check=True
        )
        return done.stdout

    def start(self) -> None:
        """Start supervisord (its output appended to ``site.log``)."""
        log = (self.folder / "site.log").open("a")
        self.supervisor = subprocess.Popen(
            ["supervisord", "-c", f"deploy/supervisord-{self.name}.conf"],
            cwd=ROOT,
            env=self.site_env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def children(self) -> dict[str, int]:
        """The pid of each program supervisord runs now (web, worker, beat)."""
        if self.supervisor is None or self.supervisor.poll() is not None:
            return {}
        pid = self.supervisor.pid
        return {p.role: p.pid for p in processes.descendants(pid) if p.ppid == pid}

    def look(self) -> list[processes.Proc]:
        """Every process under supervisord now; remembered in ``seen``."""
        if self.supervisor is None or self.supervisor.poll() is not None:
            return []
        found = processes.descendants(self.supervisor.pid)
        self.seen.update((p.pid, p.cmdline) for p in found)
        if (me := processes.read(self.supervisor.pid)) is not None:
            self.seen[me.pid] = me.cmdline
        return found

    def orphans(self) -> list[processes.Proc]:
        """Processes it saw (the same pid with the same command line) that
        are alive but no longer under the current supervisord."""
        current = {p.pid for p in self.look()}
        if self.supervisor is not None and self.supervisor.poll() is None:
            current.add(self.supervisor.pid)
        return [
            p
            for pid, cmdline in self.seen.items()
            if pid not in current and (p := processes.read(pid)) and p.state != "Z" and p.cmdline == cmdline
        ]

    def healthy(self) -> list[str]:
        """What is wrong now (empty: all three programs run, the worker and
        gunicorn with their pools, the site answers 200, exactly one beat
        runs, and no orphan is left)."""
        problems = []
        running = self.children()
        for role in ("web", "worker", "beat"):
            if role not in running:
                problems.append(f"{role} not running")
        found = self.look()
        for proc in found:
            pool = proc.ppid == self.supervisor.pid and (proc.role == "worker" or "gunicorn" in proc.cmdline)
            if pool and not any(p.ppid == proc.pid for p in found):
                problems.append(f"{proc.role} without its pool")
        beats = [p for p in found if p.role == "beat"]
        if len(beats) != 1:
            problems.append(f"{len(beats)} beats")
        status = page_status(self.port)
        if status != 200:
            problems.append(f"GET / answered {status or 'nothing'}")
        for orphan in self.orphans():
            problems.append(f"orphan {orphan.pid} {orphan.role}")
        return problems

    def stop(self) -> None:
        """Stop supervisord (SIGTERM: it stops the three in order)."""
        if self.supervisor is not None and self.supervisor.poll() is None:
            self.look()
            self.supervisor.terminate()
            try:
                self.supervisor.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.supervisor.kill()
                self.supervisor.wait()


def recover(site: Deployment, deployment: str, fault: str, started: float) -> Outcome:
    """Wait until ``site`` is healthy again after ``fault``; its outcome."""
    problems: list[str] = []

    def fine() -> bool:
        problems[:] = site.healthy()
        return not problems

    ok = bool(_wait_for(fine, RECOVER_SECONDS))
    outcome = Outcome(deployment, fault, ok, time.monotonic() - started, [] if ok else problems)
    _log(f"{deployment:9} {fault:52} {'ok' if ok else 'FAILED: ' + '; '.join(problems)} ({outcome.seconds:.1f} s)")
    return outcome


def kill_role(site: Deployment, role: str, *, child: bool = False) -> Callable[[], None]:
    """A fault: SIGKILL the program ``role`` (or, with ``child``, one of its children)."""

    def fault() -> None:
        pid = site.children()[role]
        if child:
            pid = next(p.pid for p in processes.descendants(pid) if p.ppid == pid)
        site.look()
        os.kill(pid, signal.SIGKILL)

    return fault


def hang(pid_of: Callable[[], int], seconds: float = HANG_SECONDS) -> Callable[[], None]:
    """A fault: SIGSTOP the process, wait ``seconds``, SIGCONT."""

    def fault() -> None:
        pid = pid_of()
        os.kill(pid, signal.SIGSTOP)
        time.sleep(seconds)
        os.kill(pid, signal.SIGCONT)

    return fault


def kill_supervisord(site: Deployment) -> Callable[[], None]:
    """A fault: SIGKILL supervisord; its processes must die with it. Then
    start supervisord again, as a person runs ``scripts/run`` again."""

    def fault() -> None:
        site.look()
        site.supervisor.kill()
        site.supervisor.wait()
        left = _wait_for(lambda: not site.orphans(), 30)
        if not left:
            raise RuntimeError("processes outlived supervisord: " + ", ".join(p.cmdline for p in site.orphans()))
        site.start()

    return fault


def run_faults(site: Deployment, faults: list[tuple[str, Callable[[], None]]]) -> list[Outcome]:
    """Inject each fault in turn and wait for the site to recover."""
    outcomes = []
    for name, fault in faults:
        started = time.monotonic()
        try:
            fault()
        except Exception as exc:  # a fault that could not be injected or whose own check failed
            outcome = Outcome(site.name, name, False, time.monotonic() - started, [f"{type(exc).__name__}: {exc}"])
            _log(f"{site.name:9} {name:52} FAILED: {outcome.problems[0]}")
            outcomes.append(outcome)
            continue
        outcomes.append(recover(site, site.name, name, started))
    return outcomes


def finish(site: Deployment) -> list[Outcome]:
    """Let the deadlines catch up, audit them, stop everything and look for orphans."""
    time.sleep(GRACE_SECONDS + 10)
    audit = json.loads(site.manage("deadline_audit", "--grace", str(GRACE_SECONDS)).strip().splitlines()[-1])
    bad = [f"{key} {value}" for key, value in audit.items() if key != "done" and value]
    _log(f"{site.name:9} deadlines: {audit}")
    outcomes = [Outcome(site.name, f"deadlines: {audit['done']} done, audited", not bad, 0.0, bad)]
    site.stop()
    left = _wait_for(lambda: not site.orphans(), 30)
    outcomes.append(
        Outcome(
            site.name,
            "stopped: no process left",
            bool(left),
            0.0,
            [] if left else [p.cmdline for p in site.orphans()],
        )
    )
    return outcomes


def base_env(folder: Path, port: int) -> dict[str, str]:
    """The environment both deployments share, for ``folder`` and ``port``."""
    env = dict(os.environ)
    for name in ("DATABASE_URL", "REDIS_URL", "CACHE_URL"):
        env.pop(name, None)
    env.update(
        MAFIA_VAR_DIR=str(folder),
        PORT=str(port),
        PATH=f"{Path(sys.executable).parent}:{env.get('PATH', '')}",
        DJANGO_SECRET_KEY=env.get("DJANGO_SECRET_KEY") or "dev-only-secret-key-not-for-production",
        DJANGO_DEBUG="1",
        MAFIA_DEATHSIG="setpriv --pdeathsig TERM --",
        WEB_CONCURRENCY="2",
        WORKER_CONCURRENCY="2",
    )
    return env


def prepare(site: Deployment, scale: float) -> None:
    """Migrate, create the demo games on a fast schedule, start, wait until healthy."""
    site.manage("migrate", "--noinput", "-v", "0")
    site.manage("demo", "--fast-scale", str(scale))
    site.start()
    up = _wait_for(lambda: not site.healthy(), RECOVER_SECONDS)
    if not up:
        raise RuntimeError(f"{site.name} did not come up: {site.healthy()}")
    _log(f"{site.name:9} up on port {site.port}: {site.children()}")


def embedded(folder: Path, port: int, scale: float) -> list[Outcome]:
    """The embedded default's faults."""
    folder.mkdir(parents=True)
    env = base_env(folder, port)
    site = Deployment("embedded", folder, port, env, env)
    prepare(site, scale)
    try:
        outcomes = run_faults(
            site,
            [
                ("SIGKILL web (runserver)", kill_role(site, "web")),
                ("SIGKILL worker", kill_role(site, "worker")),
                ("SIGKILL a worker pool process", kill_role(site, "worker", child=True)),
                ("SIGKILL beat", kill_role(site, "beat")),
                (f"SIGSTOP worker {HANG_SECONDS:g} s, SIGCONT", hang(lambda: site.children()["worker"])),
                (f"SIGSTOP beat {HANG_SECONDS:g} s, SIGCONT", hang(lambda: site.children()["beat"])),
                ("SIGKILL supervisord, start it again", kill_supervisord(site)),
            ],
        )
        return outcomes + finish(site)
    finally:
        site.stop()


def servers(folder: Path, port: int, scale: float, database_url: str, redis_port: int) -> list[Outcome]:
    """The PostgreSQL and Redis deployment's faults."""
    folder.mkdir(parents=True)
    broker = RedisServer(
        "redis-broker",
        redis_port,
        folder / "redis-broker",
        ["--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction"],
    )
    cache = RedisServer(
        "redis-cache",
        redis_port + 1,
        folder / "redis-cache",
        ["--save", "", "--appendonly", "no", "--maxmemory", "256mb", "--maxmemory-policy", "volatile-lru"],
    )
    broker.start()
    cache.start()
    env = base_env(folder, port)
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=f"redis://127.0.0.1:{broker.port}/0",
        CACHE_URL=f"redis://127.0.0.1:{cache.port}/0",
    )
    site = Deployment("servers", folder, port, env, {**env, "DJANGO_DEBUG": "0"})
    try:
        prepare(site, scale)
        snapshot = folder / "broker-snapshot"
        broker.snapshot(snapshot)
        _log(f"{site.name:9} broker snapshot taken; the site runs on for 60 s")
        time.sleep(60)

        def restart(server: RedisServer, pause: float) -> Callable[[], None]:
            def fault() -> None:
                server.kill()
                time.sleep(pause)
                server.start()

            return fault

        outcomes = run_faults(
            site,
            [
                ("broker Redis restored from a 60 s old snapshot", lambda: broker.restore(snapshot)),
                (f"SIGSTOP broker Redis {HANG_SECONDS:g} s, SIGCONT", hang(lambda: broker.proc.pid)),
                ("SIGKILL broker Redis, start it 10 s later", restart(broker, 10)),
                (f"SIGSTOP cache Redis {HANG_SECONDS:g} s, SIGCONT", hang(lambda: cache.proc.pid)),
                ("SIGKILL cache Redis, start it empty 10 s later", restart(cache, 10)),
                ("SIGKILL web (gunicorn master)", kill_role(site, "web")),
                ("SIGKILL a gunicorn worker", kill_role(site, "web", child=True)),
                ("SIGKILL worker", kill_role(site, "worker")),
                ("SIGKILL a worker pool process", kill_role(site, "worker", child=True)),
                ("SIGKILL beat", kill_role(site, "beat")),
                (f"SIGSTOP worker {HANG_SECONDS:g} s, SIGCONT", hang(lambda: site.children()["worker"])),
                ("SIGKILL supervisord, start it again", kill_supervisord(site)),
            ],
        )
        return outcomes + finish(site)
    finally:
        site.stop()
        broker.kill()
        cache.kill()


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the chosen deployments' faults, print the summary; 0 when all passed."""
    parser = argparse.ArgumentParser(prog="scripts/faults", description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["embedded", "servers"], help="One deployment (default: both).")
    parser.add_argument("--folder", default="", help="Where the runs' folders go (default var/faults-<UTC time>).")
    parser.add_argument("--port", type=int, default=8794, help="Web port of the embedded site; servers' is +2.")
    parser.add_argument("--redis-port", type=int, default=6430, help="The broker's Redis port; the cache's is +1.")
    parser.add_argument("--fast-scale", type=float, default=0.05, help="Schedule scale of the demo games.")
    args = parser.parse_args(argv)
    folder = Path(args.folder or ROOT / "var" / f"faults-{datetime.now(UTC):%Y%m%dT%H%M%SZ}")
    database_url = os.environ.get("DATABASE_URL", "")
    if args.only != "embedded" and not database_url.startswith("postgres"):
        parser.error("the servers deployment needs DATABASE_URL (a PostgreSQL database of its own); or --only embedded")
    _log(f"faults: folder {folder}")
    outcomes: list[Outcome] = []
    if args.only in (None, "embedded"):
        outcomes += embedded(folder / "embedded", args.port, args.fast_scale)
    if args.only in (None, "servers"):
        outcomes += servers(folder / "servers", args.port + 2, args.fast_scale, database_url, args.redis_port)
    failed = [o for o in outcomes if not o.ok]
    print(f"\nfaults summary ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC):")
    for deployment in dict.fromkeys(o.deployment for o in outcomes):
        mine = [o for o in outcomes if o.deployment == deployment]
        print(f"  {deployment}: {sum(o.ok for o in mine)} of {len(mine)} checks passed")
        for outcome in mine:
            mark = "ok    " if outcome.ok else "FAILED"
            extra = "" if outcome.ok else "  " + "; ".join(outcome.problems)
            took = f" (back in {outcome.seconds:.0f} s)" if outcome.seconds else ""
            print(f"    {mark} {outcome.fault}{took}{extra}")
    print(f"  {'all checks passed' if not failed else f'{len(failed)} checks FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
