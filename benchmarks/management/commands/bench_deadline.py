"""``manage.py bench_deadline -n 1000``: how long the deadline processing
takes when N games' deadlines fall due at one instant (as every forum game
on the standard schedule closes its vote at 21:00 Moscow time).

It builds N running forum games of 12 seats through ``games.flow``: the
players hand in day choices and most of them vote (for one of three
suspects). The day choices lock first (set-up, not measured). Then every
game's vote deadline is set to one instant, now, and processed, as the
Celery tick does (``games.flow.resolve_due``, called back to back in this
process; with ``--celery``, by a real worker with ``--concurrency``
processes, sent one tick a second as beat sends it). Then the night:
every living seat hands in its night choices and every game's night
deadline falls due at one new instant.

For each round it prints the seconds until every game was resolved, the
resolutions per game (exactly one), the queries per resolution (counted
with ``connection.execute_wrapper``; in-process only) and the lateness of
the deadlines (seconds after their due time when they fired).
"""

from __future__ import annotations

import random
import statistics
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.db.models import Count
from django.utils import timezone

from benchmarks import bench
from benchmarks.timing import QueryCounter
from games.flow import resolve_due
from games.models import Deadline, Game, Phase, Resolution

SEATS = 12
MAX_SECONDS = 10.0  # target for 1,000 games
MAX_QUERIES = 21  # target per resolution (the version move in the claim included)
MAX_WORKER_MIB = 120  # a Celery worker process after the resolutions


class Command(BaseCommand):
    help = "Seconds, resolutions and queries when N games' deadlines fall due at one instant."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("-n", "--games", type=int, default=1000, help="Games (default 1000).")
        parser.add_argument("--celery", action="store_true", help="Process through a real Celery worker.")
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes (default 2).")
        parser.add_argument("--tick", type=float, default=1.0, help="Seconds between ticks with --celery (beat: 1).")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, **options) -> None:
        n = options["games"]
        if n < 1:
            raise CommandError("-n must be at least 1")
        try:
            env = bench.child_env() if options["celery"] else {}
        except RuntimeError as exc:
            raise CommandError(str(exc)) from exc
        rng = random.Random(options["seed"])
        out = self.stdout.write
        started = time.monotonic()
        games = bench.voting_forum_games(
            n, rng, "Deadline benchmark", SEATS, progress=lambda built: out(f"  {built} games built")
        )
        out(f"built {n} games of {SEATS} seats in {time.monotonic() - started:.1f} s")
        bench.lock_day_choices(games)
        worker, queue = None, None
        try:
            if options["celery"]:
                queue = f"bench-{bench.token()}"
                log = settings.VAR_DIR / "bench-celery.log"
                worker = bench.start_celery_worker(queue, options["concurrency"], env, log)
                try:
                    bench.wait_for_celery(queue)
                except RuntimeError as exc:
                    raise CommandError(str(exc)) from exc
            rows = [self._round(games, Phase.Kind.DAY, "day 1 vote", options, queue)]
            for game in Game.objects.filter(pk__in=games, status=Game.Status.RUNNING):
                bench.hand_in_choices(game, rng)
            rows.append(self._round(games, Phase.Kind.NIGHT, "night 1", options, queue))
            memory = (
                bench.memory_line(
                    f"Celery worker after {sum(r['done'] for r in rows)} resolutions", worker.pid, MAX_WORKER_MIB
                )
                if worker is not None
                else "memory: measured with --celery (the worker's processes)"
            )
        finally:
            if worker is not None:
                bench.stop(worker)
        self._print(n, rows, options)
        out(memory)

    def _round(self, games: list[int], kind: str, name: str, options, queue: str | None) -> dict:
        ids = bench.arm_phase(games, kind, resolves=True)
        counter = QueryCounter()
        start = time.perf_counter()
        if queue is None:
            with connection.execute_wrapper(counter):
                while resolve_due():
                    pass
        else:
            self._celery_ticks(ids, queue, options["tick"])
        seconds = time.perf_counter() - start
        done = Deadline.objects.filter(pk__in=ids, done_at__isnull=False)
        lateness = sorted(done.values_list("lateness_seconds", flat=True))
        per_game = dict(
            Resolution.objects.filter(
                deadline__phase__game__in=games, deadline__phase__kind=kind, deadline__phase__number=1
            )
            .values_list("deadline__phase__game")
            .annotate(n=Count("id"))
        )
        counts = [per_game.get(g, 0) for g in set(self._games_of(ids))]
        resolutions = sum(counts)
        return {
            "name": name,
            "deadlines": len(ids),
            "done": done.count(),
            "failed": Deadline.objects.filter(pk__in=ids, failed_at__isnull=False).count(),
            "seconds": seconds,
            "per_game": (min(counts, default=0), max(counts, default=0)),
            "not_one": sum(1 for c in counts if c != 1),
            "games": len(counts),
            "queries": counter.count / resolutions if queue is None and resolutions else None,
            "lateness": (statistics.median(lateness), lateness[-1]) if lateness else (0.0, 0.0),
        }

    @staticmethod
    def _games_of(deadline_ids: list[int]) -> list[int]:
        return list(Deadline.objects.filter(pk__in=deadline_ids).values_list("phase__game_id", flat=True))

    def _celery_ticks(self, ids: list[int], queue: str, interval: float) -> None:
        """Send the tick to the worker every ``interval`` seconds, as beat
        does, until every deadline in ``ids`` is done (at most 10 minutes)."""
        from games.tasks import tick

        pending = Deadline.objects.filter(pk__in=ids, done_at__isnull=True)
        next_tick, end = time.monotonic(), time.monotonic() + 600
        while pending.exists() and time.monotonic() < end:
            if time.monotonic() >= next_tick:
                tick.apply_async(queue=queue)
                next_tick += interval
            time.sleep(0.02)

    def _print(self, n: int, rows: list[dict], options) -> None:
        out = self.stdout.write
        how = (
            f"a Celery worker, concurrency {options['concurrency']}, one tick per {options['tick']:g} s"
            if options["celery"]
            else "resolve_due() back to back in one process"
        )
        limit = MAX_SECONDS * n / 1000
        out(
            f"bench_deadline {timezone.now():%Y-%m-%d %H:%M} UTC: {n} games of {SEATS} seats, {how}, {connection.vendor}; load average {bench.load_average()}"
        )
        out(
            f"{'round':<12}{'seconds':>9}{'target':>9}{'res/game':>10}{'queries/res':>13}{'target':>8}"
            f"{'late p50 s':>12}{'late max s':>12}"
        )
        for r in rows:
            low, high = r["per_game"]
            per_game = f"{low}" if low == high else f"{low}-{high}"
            queries = f"{r['queries']:.1f}" if r["queries"] is not None else "n/a"
            out(
                f"{r['name']:<12}{r['seconds']:>9.2f}{'≤ ' + format(limit, 'g'):>9}{per_game:>10}{queries:>13}"
                f"{'≤ ' + str(MAX_QUERIES):>8}{r['lateness'][0]:>12.2f}{r['lateness'][1]:>12.2f}"
            )
            problems = []
            if r["done"] != r["deadlines"]:
                problems.append(f"{r['deadlines'] - r['done']} deadline(s) not processed")
            if r["failed"]:
                problems.append(f"{r['failed']} failed")
            if r["not_one"]:
                problems.append(f"{r['not_one']} game(s) without exactly one resolution")
            verdicts = [
                "time " + ("ok" if r["seconds"] <= limit else "MISS"),
                "queries " + ("n/a" if r["queries"] is None else "ok" if r["queries"] <= MAX_QUERIES else "MISS"),
            ]
            out(f"  {r['games']} games, {r['deadlines']} deadlines; " + ", ".join(verdicts + problems))
