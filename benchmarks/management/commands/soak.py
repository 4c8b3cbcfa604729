"""``manage.py soak``: scripted players keep demo games busy for hours while
the site's own processes (``scripts/soak`` starts them) resolve the
deadlines; prints what a host would worry about.

Every few seconds each living seat of the running demo game hands in a
random legal choice for every slot it has (through ``games.flow``, as the
cabinet form does), votes for a random living player and now and then posts
in the day thread. A finished game is followed by a new one (``manage.py
demo``). Every ``--memory-every`` minutes it prints one line of the
resident memory of the web and worker processes (read from ``/proc`` under
the supervisord of ``<MAFIA_VAR_DIR>/supervisord.pid``, in MiB). Every ten
minutes, and at the end, it prints: deadlines fired, their lateness (seconds
after the due time: min, median, 95th percentile, max), deadlines overdue
(due more than ``OVERDUE_SECONDS`` ago and not done) and failed (an attempt
raised), the restarts of each process (supervisord's "not expected" exits in
``<MAFIA_VAR_DIR>/supervisord.log``), web checks (``GET /`` once a minute),
errors in the site's log, games finished, and the players' refused and
failed moves.
"""

from __future__ import annotations

import io
import random
import statistics
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from games import flow
from games.management.commands.demo import DEMO_TITLE
from games.models import Deadline, Game, Phase, Player, Room, Vote
from mafia_site import processes

REPORT_EVERY_SECONDS = 600
WEB_CHECK_EVERY_SECONDS = 60
# A deadline not done this long after its due time counts as overdue (the
# tick runs every second; a resolution takes well under a second).
OVERDUE_SECONDS = 30
# What counts as an error in the site's log.
LOG_ERRORS = ("Traceback", "ERROR/", "CRITICAL/", "Internal Server Error", "[ERROR]", "[CRITICAL]")


def memory_line(var_dir: Path) -> str:
    """Resident memory (MiB) of the web and worker processes under the
    supervisord whose pid is in ``var_dir/supervisord.pid``: the main
    process of each, then its children (gunicorn's workers, the Celery
    pool)."""
    try:
        supervisor = int((var_dir / "supervisord.pid").read_text().strip())
    except (FileNotFoundError, ValueError):
        return "no supervisord"
    procs = processes.descendants(supervisor)
    parts = []
    for role in ("web", "worker", "beat"):
        main = [p for p in procs if p.role == role and p.ppid == supervisor]
        if not main:
            parts.append(f"{role} down")
            continue
        children = [p.rss_kib / 1024 for p in procs if p.ppid == main[0].pid]
        part = f"{role} {main[0].rss_kib / 1024:.1f}"
        if children:
            part += " [" + ", ".join(f"{mib:.1f}" for mib in children) + "]"
        parts.append(part)
    return "; ".join(parts)


def restarts(var_dir: Path) -> dict[str, int]:
    """How many times supervisord saw each program exit unexpectedly (and
    started it again), from ``var_dir/supervisord.log`` and its backups."""
    counts: dict[str, int] = {}
    for log in sorted(var_dir.glob("supervisord.log*")):
        for line in log.read_text(errors="replace").splitlines():
            if "exited: " in line and "not expected" in line:
                name = line.split("exited: ", 1)[1].split(" ", 1)[0]
                counts[name] = counts.get(name, 0) + 1
    return counts


@dataclass
class Tally:
    """What the soak has seen so far."""

    started: datetime
    moves: int = 0
    refused: int = 0
    failed: int = 0
    posts: int = 0
    web_ok: int = 0
    web_failed: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


class Command(BaseCommand):
    help = "Play demo games with scripted players for N hours and print deadline figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--hours", type=float, default=2.0, help="How long to run (default 2).")
        parser.add_argument("--fast-scale", type=float, default=0.1, help="Scale of a new demo game's schedule.")
        parser.add_argument("--port", type=int, default=8000, help="Port of the web server to check.")
        parser.add_argument("--site-log", default="", help="The site's log, searched for tracebacks.")
        parser.add_argument("--seed", type=int, default=1, help="Seed of the players' random choices.")
        parser.add_argument(
            "--memory-every", type=float, default=5.0, help="Minutes between two lines of memory (default 5)."
        )

    def handle(
        self,
        *args,
        hours: float,
        fast_scale: float,
        port: int,
        site_log: str,
        seed: int,
        memory_every: float,
        **options,
    ) -> None:
        rng = random.Random(seed)
        tally = Tally(started=timezone.now())
        end = time.monotonic() + hours * 3600
        next_report = time.monotonic() + REPORT_EVERY_SECONDS
        next_check = time.monotonic()
        next_memory = time.monotonic() + 60
        self.stdout.write(
            f"soak: {hours:g} h from {tally.started:%Y-%m-%d %H:%M:%S} UTC, schedule scale {fast_scale:g}"
        )
        while time.monotonic() < end:
            if time.monotonic() >= next_memory:
                self.stdout.write(f"  memory MiB at {timezone.now():%H:%M}: {memory_line(Path(settings.VAR_DIR))}")
                self.stdout.flush()
                next_memory = time.monotonic() + memory_every * 60
            game = self._running_game(fast_scale)
            self._play(game, rng, tally)
            if time.monotonic() >= next_check:
                self._check_web(port, tally)
                next_check = time.monotonic() + WEB_CHECK_EVERY_SECONDS
            if time.monotonic() >= next_report:
                self._report(tally, site_log, final=False)
                next_report = time.monotonic() + REPORT_EVERY_SECONDS
            time.sleep(3)
        self._report(tally, site_log, final=True)

    def _running_game(self, fast_scale: float) -> Game:
        """The running demo game; a new one when the last has finished."""
        game = Game.objects.filter(title=DEMO_TITLE, status=Game.Status.RUNNING).order_by("-id").first()
        if game is None:
            call_command("demo", fast_scale=fast_scale, stdout=io.StringIO())
            game = Game.objects.filter(title=DEMO_TITLE, status=Game.Status.RUNNING).order_by("-id").first()
        return game

    def _play(self, game: Game, rng: random.Random, tally: Tally) -> None:
        """One round of moves for every living seat of ``game``."""
        phase = flow.current_phase(game)
        if phase is None:
            return
        seats = list(Player.objects.filter(game=game, status=Player.Status.SEATED, alive=True))
        for seat in seats:
            self._attempt(tally, lambda seat=seat: self._choices(game, seat, rng, tally))
            if phase.kind == Phase.Kind.DAY:
                self._attempt(tally, lambda seat=seat: self._vote(game, phase, seat, seats, rng, tally))
                if rng.random() < 0.05:
                    self._attempt(tally, lambda seat=seat: self._post(game, phase, seat, rng, tally))

    def _attempt(self, tally: Tally, move) -> None:
        try:
            move()
        except flow.FlowError:
            tally.refused += 1
        except Exception as exc:  # a failure of the site, counted and shown, never fatal to the soak
            tally.failed += 1
            tally.failures.append(f"{timezone.now():%H:%M:%S} {type(exc).__name__}: {exc}")

    def _choices(self, game: Game, seat: Player, rng: random.Random, tally: Tally) -> None:
        for slot in flow.open_slots(game, seat):
            if not slot.candidates or rng.random() < 0.3:
                continue
            targets = rng.sample(list(slot.candidates), k=min(slot.targets, len(slot.candidates)))
            flow.action_submit(game=game, seat=seat, ability=slot.ability, targets=targets, team=slot.team is not None)
            tally.moves += 1

    def _vote(self, game: Game, phase: Phase, seat: Player, seats: list[Player], rng, tally: Tally) -> None:
        if (
            Vote.objects.filter(game=game, day=phase.number, vote_round=phase.vote_round, voter=seat).exists()
            or rng.random() < 0.5
        ):
            return
        flow.vote_cast(game=game, seat=seat, target=rng.choice(seats))
        tally.moves += 1

    def _post(self, game: Game, phase: Phase, seat: Player, rng: random.Random, tally: Tally) -> None:
        room = Room.objects.filter(game=game, kind=Room.Kind.DAY, day=phase.number).first()
        if room is None:
            return
        flow.post_create(room=room, seat=seat, body=f"[b]Day {phase.number}[/b]: I trust nobody. {rng.random():.4f}")
        tally.posts += 1

    def _check_web(self, port: int, tally: Tally) -> None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:  # noqa: S310
                ok = response.status == 200
        except (urllib.error.URLError, OSError) as exc:
            ok = False
            tally.web_failed.append(f"{timezone.now():%H:%M:%S} {exc}")
        if ok:
            tally.web_ok += 1

    def _report(self, tally: Tally, site_log: str, *, final: bool) -> None:
        now = timezone.now()
        fired = Deadline.objects.filter(done_at__gte=tally.started)
        lateness = sorted(x for x in fired.values_list("lateness_seconds", flat=True) if x is not None)
        overdue = Deadline.objects.filter(done_at__isnull=True, due_at__lte=now - timedelta(seconds=OVERDUE_SECONDS))
        failed = Deadline.objects.filter(failed_at__gte=tally.started).count()
        counts = restarts(Path(settings.VAR_DIR))
        log_text = Path(site_log).read_text(errors="replace") if site_log and Path(site_log).exists() else ""
        hours = (now - tally.started).total_seconds() / 3600
        finished = Game.objects.filter(title=DEMO_TITLE, status=Game.Status.FINISHED, finished_at__gte=tally.started)
        out = self.stdout.write
        out(f"{'soak result' if final else 'soak so far'} after {hours:.2f} h:")
        out(
            f"  deadlines fired: {len(lateness)}; overdue (>{OVERDUE_SECONDS} s, not done): {overdue.count()}; "
            f"failed: {failed}"
        )
        if lateness:
            p95 = lateness[min(len(lateness) - 1, int(len(lateness) * 0.95))]
            out(
                f"  lateness s: min {lateness[0]:.2f}, median {statistics.median(lateness):.2f}, "
                f"p95 {p95:.2f}, max {lateness[-1]:.2f}"
            )
        out("  restarts: " + (", ".join(f"{name} {n}" for name, n in sorted(counts.items())) if counts else "none"))
        out(f"  web checks: {tally.web_ok} ok, {len(tally.web_failed)} failed")
        out(
            "  site log errors: "
            + ", ".join(f"{log_text.count(marker)} {marker!r}" for marker in LOG_ERRORS)
            + f", {log_text.count('database is locked')} 'database is locked'"
        )
        out(f"  games finished: {finished.count()}; players' moves {tally.moves}, posts {tally.posts}")
        out(f"  refused moves (late, not allowed): {tally.refused}; failed moves: {tally.failed}")
        for line in (tally.failures[-5:] + tally.web_failed[-5:]) if final else []:
            out(f"    {line}")
        self.stdout.flush()
