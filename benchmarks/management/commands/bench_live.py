"""``manage.py bench_live``: the site under live traffic, against gunicorn as
deployed.

It builds ``--games`` running games of mixed rulesets (forum games on day 1;
classic and piter games on their second night, the first whose roles
choose; cosmo games on their acquaintance night), each with
``--readers`` readers (the host, then its players, then visitors who are
not logged in), starts gunicorn on the production settings (``--workers``
sync workers, ``DJANGO_DEBUG=0``, this command's PostgreSQL and Redis,
``MAFIA_BENCH_TIMING=1`` so that each answer reports its CPU time and
queries: ``benchmarks.timing``), and plays for ``--seconds`` the traffic of
``benchmarks.live``: readers who read a page for about ``--dwell`` seconds
while its live parts poll as its htmx asks, and a post every 2–5 s per game
with votes and night choices among them. The client runs in this process
(one thread per reader and per game's writer), the site in gunicorn's.

It prints requests a second, p50 and p99 per page, per poll and per
write, the CPU time and queries a request costs the server, and the
requests each open page makes a minute. With ``--deadlines`` it also
starts ``--celery-workers`` Celery workers (``--concurrency`` processes
each) and, halfway through, makes every game's pending deadlines fall due
at one instant, ticking once a second as the one beat does
(``benchmarks.deadlines``): it prints whether each was resolved exactly
once, how late, and whether a page asked afterwards of any of the
``--web`` gunicorn servers was stale, as ``docker compose up --scale
web=3 --scale worker=3`` runs them. ``--due-games M`` (with
``--deadlines``) builds M more games without readers, as
``bench_deadline`` builds its games (forum, day 1, most seats voted),
before the traffic starts, and arms their vote deadlines at the same
instant as the live games' ones: it then prints the figures of both
groups, the time until the last of all was resolved (the target: 1,000
games due at once resolved within 10 s) and the readers' p99 while the
deadlines were being resolved. ``--find-capacity`` plays rounds
of ``--games``, then ``--step`` more each round, on fresh games, until p99
of the readers' requests reaches ``--p99-ms`` (300) or one in a hundred
fails, and prints the largest number of games carried.
"""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from benchmarks import bench, deadlines, live
from games import access, flow
from games.models import Game, Player, Room

RULESETS = ["forum", "classic", "forum", "piter", "forum", "cosmo"]
# Rulesets whose games start at their second night (``_to_a_night_with_choices``).
NIGHT_TWO = {"classic", "piter"}
SEATS = 12
BODIES = [
    "[b]Today[/b]: I trust nobody. Seat {a} was far too quiet yesterday.",
    "[quote=Seat {a}]I trust nobody[/quote]\nThat is exactly what mafia would say, Seat {a}.",
    "Vote count so far looks odd; [i]who pushed the wagon on Seat {a}?[/i]",
    "[spoiler=Reads]Seat {a} town, Seat {b} scum, the rest null.[/spoiler]",
    "Agreed with the post above. Let's not lynch on a coin flip.",
]
# How often a reader opens each kind of page (relative weights).
WEIGHTS = {
    Room.Kind.DAY: 5.0,
    Room.Kind.VOTE: 3.0,
    Room.Kind.TEAM: 4.0,
    Room.Kind.INTRO: 0.5,
    Room.Kind.GRAVEYARD: 0.5,
    "cabinet": 2.0,
    "game": 1.0,
    "host": 4.0,
}
PAGE_NAMES = {
    Room.Kind.DAY: "page: day thread",
    Room.Kind.VOTE: "page: vote thread",
    Room.Kind.TEAM: "page: team room",
    Room.Kind.INTRO: "page: introductions",
    Room.Kind.GRAVEYARD: "page: graveyard",
    "cabinet": "page: cabinet",
    "game": "page: game page",
    "host": "page: host dashboard",
}


@dataclass
class Round:
    """One round's figures."""

    games: int
    readers: int
    seconds: float
    samples: list[live.Sample]
    worker_cpu_s: float
    deadlines: str = ""
    burst: str = ""
    stream_cpu_s: float = 0.0

    def reading(self) -> list[live.Sample]:
        """The readers' requests: pages, polls and read marks."""
        return [s for s in self.samples if s.kind.startswith(("page", "poll")) or s.kind in ("read mark", "stream")]

    @staticmethod
    def quantile(samples: list[live.Sample], q: float) -> float:
        if not samples:
            return 0.0
        ordered = sorted(s.seconds for s in samples)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    def errors(self, samples: list[live.Sample]) -> int:
        """Requests not answered, or answered 5xx."""
        return sum(1 for s in samples if s.status == 0 or s.status >= 500)


class Command(BaseCommand):
    help = "Live traffic (readers polling as the pages do, posts, votes, night choices) against gunicorn."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=4, help="Running games (default 4).")
        parser.add_argument("--readers", type=int, default=13, help="Readers per game (default 13).")
        parser.add_argument("--seconds", type=float, default=60.0, help="Measuring time (default 60).")
        parser.add_argument("--dwell", type=float, default=30.0, help="Seconds a reader stays on a page (default 30).")
        bench.add_server_arguments(parser)
        parser.add_argument("--find-capacity", action="store_true", help="Step the games up until p99 misses.")
        parser.add_argument("--step", type=int, default=4, help="Games added each capacity round (default 4).")
        parser.add_argument("--max-games", type=int, default=200, help="Where the capacity search stops.")
        parser.add_argument("--p99-ms", type=float, default=300.0, help="The capacity's p99 bound (default 300).")
        parser.add_argument(
            "--warmup",
            type=float,
            default=0.0,
            help="Seconds at the start left out of the figures (default 0; readers open their first page within 10 s).",
        )
        parser.add_argument(
            "--web", type=int, default=1, help="gunicorn servers, each of --workers (default 1; compose's web scale)."
        )
        parser.add_argument(
            "--deadlines",
            action="store_true",
            help="Halfway through, every game's pending deadlines fall due; Celery workers resolve them.",
        )
        parser.add_argument(
            "--celery-workers",
            type=int,
            default=1,
            help="Celery workers with --deadlines (default 1; compose's scale).",
        )
        parser.add_argument("--concurrency", type=int, default=2, help="Processes per Celery worker (default 2).")
        parser.add_argument(
            "--due-games",
            type=int,
            default=0,
            help="With --deadlines: games without readers (bench_deadline's) whose deadlines fall due with the others.",
        )
        parser.add_argument(
            "--stream",
            action="store_true",
            help="Push instead of polling (LIVE_STREAM=1): pages name a stream, served by uvicorn.",
        )
        parser.add_argument(
            "--stream-servers", type=int, default=1, help="uvicorn processes serving the streams (default 1)."
        )
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, **options) -> None:
        try:
            bench.database_url()
        except RuntimeError as exc:
            raise CommandError(str(exc)) from exc
        _check_due_games(options)
        rng = random.Random(options["seed"])
        env = bench.child_env(MAFIA_BENCH_TIMING="1", **({"LIVE_STREAM": "1"} if options["stream"] else {}))
        log = Path(settings.VAR_DIR) / "bench-live-gunicorn.log"
        ports = [bench.free_port() for _ in range(max(1, options["web"]))]
        servers = [bench.start_gunicorn(p, options["workers"], options["worker_class"], env, log) for p in ports]
        self.stream_ports = (
            [bench.free_port() for _ in range(max(1, options["stream_servers"]))] if options["stream"] else []
        )
        # As compose's live service: a connection pool, so that opening a
        # stream borrows a connection instead of making one.
        stream_env = {**env, "DATABASE_POOL": "1", "DATABASE_POOL_MAX_SIZE": "4"}
        streams = [bench.start_uvicorn(p, stream_env, log) for p in self.stream_ports]
        self.stream_pids = [s.pid for s in streams]
        workers, self.queue = [], None
        try:
            for port in ports + self.stream_ports:
                bench.wait_for_http(port, "/")
            if options["deadlines"]:
                self.queue = f"bench-live-{bench.token()}"
                celery_log = Path(settings.VAR_DIR) / "bench-live-celery.log"
                workers = [
                    bench.start_celery_worker(self.queue, options["concurrency"], env, celery_log)
                    for _ in range(max(1, options["celery_workers"]))
                ]
                bench.wait_for_celery(self.queue, len(workers))
            games = options["games"]
            carried = None
            while True:
                result = self._round(ports, [s.pid for s in servers], games, options, rng)
                self._print(result, options)
                if not options["find_capacity"]:
                    break
                reading = result.reading()
                fine = result.quantile(reading, 0.99) < options["p99_ms"] and result.errors(reading) * 100 < max(
                    1, len(reading)
                )
                self.stdout.write(
                    f"capacity round: {games} games, p99 {result.quantile(reading, 0.99):.0f} ms: "
                    f"{'carried' if fine else 'not carried'}"
                )
                if not fine:
                    break
                carried = games
                if games >= options["max_games"]:
                    break
                games = min(options["max_games"], games + options["step"])
            if options["find_capacity"]:
                self.stdout.write(
                    f"capacity: {carried if carried is not None else 'fewer than ' + str(options['games'])} games "
                    f"of {options['readers']} readers at p99 < {options['p99_ms']:g} ms"
                )
        finally:
            for process in servers + streams + workers:
                bench.stop(process)

    # ------------------------------------------------------------ building

    def _build(self, n: int, readers: int, rng: random.Random) -> tuple[list[live.Reader], list[live.Writer]]:
        tag = bench.token()
        all_readers: list[live.Reader] = []
        writers: list[live.Writer] = []
        for i in range(n):
            ruleset = RULESETS[i % len(RULESETS)]
            accounts = bench.make_accounts(f"live-{tag}-{i}-", ["host", *(f"p{k}" for k in range(1, SEATS + 1))])
            game = self._game(ruleset, accounts, f"Live benchmark {tag} {i}")
            all_readers += self._readers(game, accounts["host"], readers)
            writers.append(self._writer(game, accounts["host"], rng))
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        return all_readers, writers

    @staticmethod
    def _game(ruleset: str, accounts: dict, title: str) -> Game:
        game = flow.game_create(host=accounts["host"], title=title, ruleset_id=ruleset)
        flow.signup_open(game=game)
        for k in range(1, SEATS + 1):
            flow.nickname_register(game=game, user=accounts[f"p{k}"], nickname=f"Seat {k}")
        flow.roles_draw(game=game, composition=flow.proposed_composition(game))
        game.refresh_from_db()
        flow.game_start(game=game, now=timezone.now())
        game.refresh_from_db()
        if ruleset in NIGHT_TWO:
            _to_a_night_with_choices(game)
        return game

    @staticmethod
    def _cookie(user) -> tuple[str, str]:
        cookie = bench.session_cookie(user)
        csrf = cookie.rsplit("=", 1)[1]
        return cookie, csrf

    def _readers(self, game: Game, host, count: int) -> list[live.Reader]:
        seats = list(Player.objects.filter(game=game, status=Player.Status.SEATED).select_related("user"))
        found = []
        for k in range(count):
            user = host if k == 0 else (seats[k - 1].user if k - 1 < len(seats) else None)
            seat = seats[k - 1] if 0 < k <= len(seats) else None
            pages: list[tuple[str, str, float]] = []
            if user is None:
                rooms = Room.objects.filter(game=game, kind__in=Room.PUBLIC)
            else:
                rooms = access.rooms_for_reader(user, game, seat)
            for room in rooms:
                if room.kind in WEIGHTS:
                    pages.append(
                        (PAGE_NAMES[room.kind], reverse("room", args=[game.slug, room.public_id]), WEIGHTS[room.kind])
                    )
            pages.append((PAGE_NAMES["game"], reverse("game", args=[game.slug]), WEIGHTS["game"]))
            if k == 0:
                pages.append((PAGE_NAMES["host"], reverse("host", args=[game.slug]), WEIGHTS["host"]))
            elif seat is not None:
                pages.append((PAGE_NAMES["cabinet"], reverse("cabinet", args=[game.slug]), WEIGHTS["cabinet"]))
            cookie, csrf = self._cookie(user) if user is not None else (None, None)
            found.append(live.Reader(f"{game.slug}/{k}", cookie, csrf, pages))
        return found

    def _writer(self, game: Game, host, rng: random.Random) -> live.Writer:
        writer = live.Writer(posters=[], voters=[], bodies=BODIES, slug=game.slug)
        living = list(Player.objects.filter(game=game, status=Player.Status.SEATED, alive=True).select_related("user"))
        targets = [p.public_id for p in living]
        clients: dict[int, live.Client] = {}

        def client(user) -> live.Client:
            if user.pk not in clients:
                cookie, csrf = self._cookie(user)
                clients[user.pk] = live.Client(0, cookie, csrf, live.Recorder())
            return clients[user.pk]

        phase = flow.current_phase(game)
        day = phase.number if phase is not None and phase.kind == "day" else None
        for room in Room.objects.filter(game=game, kind__in=[Room.Kind.DAY, Room.Kind.TEAM, Room.Kind.VOTE]):
            path = reverse("room", args=[game.slug, room.public_id])
            for seat in living:
                if not access.can_read_room(seat.user, room, seat):
                    continue
                if room.kind == Room.Kind.VOTE:
                    if room.day != day:
                        continue  # votes go to today's vote thread only
                    vote = reverse("vote", args=[game.slug, room.public_id])
                    writer.voters.append((client(seat.user), vote, [t for t in targets if t != seat.public_id]))
                elif access.post_refusal(seat.user, room, seat) is None:
                    writer.posters.append((client(seat.user), path))
        if phase is not None and phase.kind != "day":
            writer.choose = _chooser(game.pk)
        return writer

    # ------------------------------------------------------------ playing

    def _due_games(self, n: int, rng: random.Random) -> list[str]:
        """``n`` games without readers as ``bench_deadline`` builds them,
        their day choices locked, their vote pending; their slugs."""
        started = time.monotonic()
        ids = bench.voting_forum_games(
            n, rng, "Due benchmark", SEATS, progress=lambda built: self.stdout.write(f"  {built} games built")
        )
        bench.lock_day_choices(ids)
        self.stdout.write(
            f"built {n} games without readers ({SEATS} seats, forum, day 1 voted) in {time.monotonic() - started:.1f} s"
        )
        return list(Game.objects.filter(pk__in=ids).values_list("slug", flat=True))

    def _round(self, ports: list[int], masters: list[int], games: int, options, rng: random.Random) -> Round:
        due_slugs = self._due_games(options["due_games"], rng) if options["due_games"] else []
        started = time.monotonic()
        readers, writers = self._build(games, options["readers"], rng)
        slugs = [w.slug for w in writers]
        self.stdout.write(
            f"built {games} games ({', '.join(RULESETS[i % len(RULESETS)] for i in range(min(games, len(RULESETS))))}…) "
            f"with {len(readers)} readers in {time.monotonic() - started:.1f} s"
        )
        recorder = live.Recorder()
        stop = threading.Event()
        threading.stack_size(512 * 1024)
        threads = []
        # Each browser keeps to one server, as a proxy's round robin spreads them.
        for i, reader in enumerate(readers):
            seed = rng.random()
            port = ports[i % len(ports)]
            stream_port = self.stream_ports[i % len(self.stream_ports)] if self.stream_ports else None
            threads.append(
                threading.Thread(
                    target=live.read,
                    args=(reader, port, recorder, stop, random.Random(seed), options["dwell"], stream_port),
                )
            )
        for i, writer in enumerate(writers):
            for c, *_rest in writer.posters + writer.voters:
                c.port, c.recorder = ports[i % len(ports)], recorder
            threads.append(
                threading.Thread(target=_writing, args=(writer, recorder, stop, random.Random(rng.random())))
            )
        streams_before = sum(_cpu(p) for p in self.stream_pids)
        cpu_before = sum(_workers_cpu(m) for m in masters) + streams_before
        began = time.monotonic()
        for t in threads:
            t.start()
        armed: list[int] = []
        due_armed: list[int] = []
        armed_mono = 0.0
        if self.queue is not None:
            # Halfway, every game's pending deadlines fall due at one instant
            # (with --due-games, those of the games without readers too).
            stop.wait(options["seconds"] / 2)
            armed_mono = time.monotonic()
            if due_slugs:
                armed, due_armed = deadlines.arm_together(slugs, due_slugs)
            else:
                armed = deadlines.arm(slugs)
            ticking = threading.Thread(target=deadlines.tick_until, args=(self.queue, stop))
            ticking.start()
            threads.append(ticking)
        stop.wait(options["seconds"] - (time.monotonic() - began))
        stop.set()
        for t in threads:
            t.join()
        seconds = time.monotonic() - began
        streams_cpu = sum(_cpu(p) for p in self.stream_pids) - streams_before
        cpu = sum(_workers_cpu(m) for m in masters) + streams_cpu + streams_before - cpu_before
        said = burst = ""
        if due_slugs:
            said = deadlines.report(armed, self.queue, slugs, ports, extra=(due_armed, due_slugs))
            since = min(began + options["warmup"], armed_mono)
            burst = _burst(recorder.samples, since, armed_mono, deadlines.last_resolved(armed + due_armed))
        elif armed:
            said = deadlines.report(armed, self.queue, slugs, ports)
        warmup = min(options["warmup"], seconds / 2)
        if warmup > 0:
            # The figures of the steady state: the workers' CPU is scaled to it.
            cpu *= (seconds - warmup) / seconds
            streams_cpu *= (seconds - warmup) / seconds
            samples = [s for s in recorder.samples if s.at - s.seconds >= began + warmup]
            return Round(games, len(readers), seconds - warmup, samples, cpu, said, burst, streams_cpu)
        return Round(games, len(readers), seconds, recorder.samples, cpu, said, burst, streams_cpu)

    # ------------------------------------------------------------ printing

    def _row(self, r: Round, kind: str, rows: list[live.Sample]) -> None:
        self.stdout.write(_row_text(r, kind, rows))

    def _print(self, r: Round, options) -> None:
        out = self.stdout.write
        served = [s for s in r.samples if s.cpu_us is not None]
        reading = r.reading()
        out(
            f"bench_live {timezone.now():%Y-%m-%d %H:%M} UTC: {r.games} games × {options['readers']} readers "
            f"({r.readers}), {r.seconds:.0f} s, dwell {options['dwell']:g} s, {options['web']} gunicorn × {options['workers']} "
            f"{options['worker_class']} workers"
            f"{f', {len(self.stream_ports)} uvicorn for the streams' if self.stream_ports else ''}"
            f", DEBUG off, PostgreSQL, Redis; load average {bench.load_average()}"
        )
        out(
            f"{'request':<24}{'n':>7}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'CPU ms':>8}{'queries':>8}{'204':>6}{'4xx':>6}{'errors':>7}"
        )
        kinds = sorted(
            {s.kind for s in r.samples}, key=lambda k: (not k.startswith("page"), not k.startswith("poll"), k)
        )
        groups: list[tuple[str, list[live.Sample]]] = []
        for kind in kinds:
            rows = [s for s in r.samples if s.kind == kind]
            groups.append((kind, rows))
            if kind.startswith("poll"):
                # The poll's two answers apart: "nothing new" and the rest.
                groups.append(("  204", [s for s in rows if s.status == 204]))
                groups.append(("  with news", [s for s in rows if s.status != 204]))
        groups.append(("all readers' requests", reading))
        for kind, rows in groups:
            self._row(r, kind, rows)
        polls = sum(1 for s in reading if s.kind.startswith("poll"))
        per_page = len(reading) / max(1, r.readers) / (r.seconds / 60)
        out(
            f"requests {len(served)} ({len(served) / r.seconds:.1f}/s); polls {polls / max(1, len(reading)) * 100:.0f} % "
            f"of the readers' requests; {per_page:.1f} requests per open page a minute; "
            f"workers' CPU {r.worker_cpu_s:.1f} s = {r.worker_cpu_s * 1000 / max(1, len(served)):.2f} ms a request "
            f"({r.worker_cpu_s / r.seconds * 100:.0f} % of one core)"
            + (f", of which the streams' {r.stream_cpu_s:.1f} s" if self.stream_pids else "")
        )
        if r.deadlines:
            out(r.deadlines)
        if r.burst:
            out(r.burst)


def _row_text(r: Round, kind: str, rows: list[live.Sample]) -> str:
    """One row of the table: ``kind``'s requests, rate, p50, p99, mean CPU
    ms and queries (from the server's headers), 204s, 4xx and errors."""
    timed = [s for s in rows if s.cpu_us is not None]
    cpu = sum(s.cpu_us for s in timed) / len(timed) / 1000 if timed else 0.0
    queries = sum(s.queries or 0 for s in timed) / len(timed) if timed else 0.0
    refused = sum(1 for s in rows if 400 <= s.status < 500)
    empty = sum(1 for s in rows if s.status == 204) / len(rows) * 100 if rows else 0.0
    return (
        f"{kind:<24}{len(rows):>7}{len(rows) / r.seconds:>8.1f}{r.quantile(rows, 0.5):>8.1f}"
        f"{r.quantile(rows, 0.99):>8.1f}{cpu:>8.2f}{queries:>8.1f}{empty:>5.0f}%{refused:>6}{r.errors(rows):>7}"
    )


def _check_due_games(options) -> None:
    """``--due-games`` needs ``--deadlines`` and plays one round."""
    if options["due_games"] < 0:
        raise CommandError("--due-games must be at least 0")
    if options["due_games"] and not options["deadlines"]:
        raise CommandError("--due-games needs --deadlines")
    if options["due_games"] and options["find_capacity"]:
        raise CommandError("--due-games does not go with --find-capacity")


def _burst(samples: list[live.Sample], since: float, armed: float, last: float | None) -> str:
    """The readers' requests asked while the deadlines armed at ``armed``
    (monotonic) were being resolved, ``last`` seconds long (None: not all
    were; then until the traffic ended), against those asked from
    ``since`` (the end of the warm-up) until then."""
    reading = [s for s in samples if s.kind.startswith(("page", "poll")) or s.kind == "read mark"]
    end = armed + last if last is not None else float("inf")
    during = [s for s in reading if armed <= s.at - s.seconds <= end]
    before = [s for s in reading if since <= s.at - s.seconds < armed]
    window = f"{last:.1f} s" if last is not None else "until the traffic ended"
    return (
        f"readers during the deadlines ({window}): {len(during)} requests, p50 {Round.quantile(during, 0.5):.1f} ms, "
        f"p99 {Round.quantile(during, 0.99):.1f} ms, errors {sum(1 for s in during if s.status == 0 or s.status >= 500)}; "
        f"before them: {len(before)} requests, p99 {Round.quantile(before, 0.99):.1f} ms"
    )


def _to_a_night_with_choices(game: Game) -> None:
    """Resolve ``game``'s first phases at once (their deadlines moved to
    now) until a night whose roles have choices to hand in opens: the
    first night of classic and piter only acquaints the teams, so a
    writer's night choices need the second."""
    for _ in range(4):
        phase = flow.current_phase(game)
        if phase is None or not game.is_running:
            return
        if phase.kind == "night" and any(
            flow.open_slots(game, seat, phase) for seat in game.players.seated().filter(alive=True)
        ):
            return
        deadlines.arm([game.slug])
        while flow.resolve_due():
            pass
        game.refresh_from_db()


def _writing(writer: live.Writer, recorder: live.Recorder, stop: threading.Event, rng: random.Random) -> None:
    try:
        live.write(writer, recorder, stop, rng, (2.0, 5.0))
    finally:
        for c, *_rest in writer.posters + writer.voters:
            c.close()
        connection.close()


def _chooser(game_id: int):
    """A night choice handed in through ``games.flow`` for a random living
    seat with an open slot: True when one was."""

    def choose(rng: random.Random) -> bool:
        game = Game.objects.get(pk=game_id)
        seats = list(Player.objects.filter(game=game, status=Player.Status.SEATED, alive=True))
        rng.shuffle(seats)
        for seat in seats:
            for slot in flow.open_slots(game, seat):
                if not slot.candidates:
                    continue
                targets = rng.sample(list(slot.candidates), k=min(slot.targets, len(slot.candidates)))
                try:
                    flow.action_submit(
                        game=game, seat=seat, ability=slot.ability, targets=targets, team=slot.team is not None
                    )
                except flow.FlowError:
                    continue
                return True
        return False

    return choose


def _workers_cpu(master: int) -> float:
    """User and system CPU seconds of the gunicorn workers below ``master``
    (Linux ``/proc``; 0 elsewhere)."""
    return sum(_cpu(pid) for pid in bench.tree_rss_mib(master) if pid != master)


def _cpu(pid: int) -> float:
    """User and system CPU seconds of the process ``pid`` (Linux
    ``/proc``; 0 when unknown)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / float(os.sysconf("SC_CLK_TCK"))
