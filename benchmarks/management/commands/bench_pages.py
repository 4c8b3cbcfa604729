"""``manage.py bench_pages``: requests per second and p99 of the pages players
use most, against gunicorn on the production settings, each as a ratio to a
bare Django view served by the same processes.

It builds a running forum game (``games.flow``) whose day thread holds
``--posts`` posts, logs in a living seated player and the host (sessions
made directly, as the login form would), starts gunicorn (``--workers``,
``DJANGO_DEBUG=0``, this command's PostgreSQL database and Redis, the bare
view mounted by ``MAFIA_BENCH_BARE_VIEW=1``), and for each page runs
``--concurrency`` client threads with keep-alive connections for
``--seconds``. The ratio to the bare view factors out the machine: a page
at 0.25 costs four bare requests. The pages' rows have no target of their
own any more (``TARGETS``): ``bench_build`` and ``bench_live`` hold them.

The game runs, so its pages are built at every request: whole pages are
kept only for a finished game and for a visitor's game page
(``games.page_cache``); the measured player's and host's pages are never
served kept. The rows "…, built afresh" (no target) give each request a
query parameter of its own (``fresh=N``, which the views ignore), as
they did when a running game's pages were kept. The rows "poll, …" ask
the thread's live channel (``games.live``) at the address its latest
page carries: with nothing new (the fast 204) and with one new post.
"""

from __future__ import annotations

import random
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from benchmarks import bench
from games import flow, live
from games.models import Game, Player, Room

BARE = "bare view"
MAX_WORKER_MIB = 80  # a gunicorn worker under load
# (page, target ratio to the bare view). Only the live channel keeps a throughput target here: a running game's
# pages are built afresh at every request (whole pages are kept only where
# they are read again), so their targets are ``bench_build``'s CPU ms and
# queries per page built afresh and ``bench_live``'s p99 under live traffic.
TARGETS = {
    "poll, nothing new": 0.6,
    "poll, one new post": 0.25,
}
BODIES = [
    "[b]Day {day}[/b]: I trust nobody. Seat {a} was far too quiet yesterday.",
    "[quote=Seat {a}]I trust nobody[/quote]\nThat is exactly what mafia would say, Seat {a}.",
    "Vote count so far looks odd; [i]who pushed the wagon on Seat {a}?[/i]",
    "[spoiler=Reads]Seat {a} town, Seat {b} scum, the rest null.[/spoiler]",
    "Agreed with the post above. Let's not lynch on a coin flip.",
]


def _channel(game: Game, room: Room, cookie: str, after: int) -> str:
    """The live channel's address that the thread's latest page, showing
    ``room``'s posts up to number ``after``, carries for the browser
    holding ``cookie`` (a ``Cookie`` header value): the game's versions
    of now, sealed, and the ticket made from its session cookie."""
    request = RequestFactory().get("/", HTTP_COOKIE=cookie)
    first = max(1, after - settings.MAFIA_POSTS_PER_PAGE + 1)
    posts = (after, first, live.clock())
    return str(live.channel(request, game, live.versions(game.slug), room_id=room.public_id, posts=posts)["live_url"])


class Command(BaseCommand):
    help = "Requests/s and p99 of the main pages under gunicorn, each as a ratio to a bare Django view."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--posts", type=int, default=1000, help="Posts in the day thread (default 1000).")
        parser.add_argument("--seconds", type=float, default=5.0, help="Measuring time per page (default 5).")
        parser.add_argument("--concurrency", type=int, default=4, help="Client threads (default 4).")
        bench.add_server_arguments(parser)
        parser.add_argument("--pool", action="store_true", help="Serve with DATABASE_POOL=1 (psycopg pool).")
        parser.add_argument(
            "--rounds", type=int, default=5, help="Pages measured in turn, this many times (default 5)."
        )
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, **options) -> None:
        try:
            bench.database_url()
        except RuntimeError as exc:
            raise CommandError(str(exc)) from exc
        out = self.stdout.write
        started = time.monotonic()
        game, player, host = self._build(options["posts"], random.Random(options["seed"]))
        # The planner's statistics brought up to date, as autovacuum keeps
        # them on a running site (a table just filled by a benchmark's own
        # builds can otherwise be read whole where an index serves).
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        out(
            f"built a 12-seat forum game with {options['posts']} posts in its day thread in {time.monotonic() - started:.1f} s"
        )
        pages = self._pages(game, player, host)
        port = bench.free_port()
        env = bench.child_env(MAFIA_BENCH_BARE_VIEW="1", DATABASE_POOL="1" if options["pool"] else "0")
        log = settings.VAR_DIR / "bench-gunicorn.log"
        server = bench.start_gunicorn(port, options["workers"], options["worker_class"], env, log)
        try:
            bench.wait_for_http(port, "/bench/bare/")
            for name, path, headers, expect in pages:
                # Warm up: the workers' connections, caches, the poll's remembered reader.
                bench.hammer(port, name, path, headers, expect, min(1.0, options["seconds"] / 2), 2)
            # Round robin, so a neighbour's load on the machine falls on every page alike.
            results = [bench.Measurement(name, path) for name, path, _h, _e in pages]
            rounds = max(1, options["rounds"])
            for _round in range(rounds):
                for total, (name, path, headers, expect) in zip(results, pages, strict=True):
                    total.add(
                        bench.hammer(
                            port, name, path, headers, expect, options["seconds"] / rounds, options["concurrency"]
                        )
                    )
            memory = bench.memory_line("gunicorn workers under load", server.pid, MAX_WORKER_MIB)
        finally:
            bench.stop(server)
        self._print(results, options)
        self.stdout.write(memory)

    def _build(self, posts: int, rng: random.Random):
        tag = bench.token()
        accounts = bench.make_accounts(f"bench-{tag}-", ["host", *(f"p{i}" for i in range(1, 13))])
        game = bench.forum_game(
            accounts["host"], [accounts[f"p{i}"] for i in range(1, 13)], f"Page benchmark {tag}", now=timezone.now()
        )
        bench.hand_in_choices(game, rng, share=0.7)
        bench.cast_votes(game, rng, share=0.5)
        room = bench.day_room(game)
        seats = list(Player.objects.filter(game=game, alive=True, status=Player.Status.SEATED))
        for i in range(posts):
            a, b = rng.sample(range(1, 13), 2)
            body = rng.choice(BODIES).format(day=1, a=a, b=b)
            flow.post_create(room=room, seat=seats[i % len(seats)], body=body)
        player = Player.objects.filter(game=game, alive=True, status=Player.Status.SEATED).select_related("user")[0]
        return game, player, accounts["host"]

    def _pages(self, game, player, host) -> list[tuple[str, str, dict[str, str], int]]:
        day, vote = bench.day_room(game), bench.day_room(game, Room.Kind.VOTE)
        last = day.posts.order_by("-number").values_list("number", flat=True).first() or 0
        as_player = {"Cookie": bench.session_cookie(player.user)}
        as_host = {"Cookie": bench.session_cookie(host)}
        htmx = {**as_player, "HX-Request": "true"}
        thread = reverse("room", args=[game.slug, day.public_id])
        return [
            (BARE, "/bench/bare/", as_player, 200),
            ("thread, latest page", f"{thread}?page=last", as_player, 200),
            ("thread, page 1", f"{thread}?page=1", as_player, 200),
            ("vote thread", reverse("room", args=[game.slug, vote.public_id]), as_player, 200),
            ("cabinet", reverse("cabinet", args=[game.slug]), as_player, 200),
            ("game page", reverse("game", args=[game.slug]), as_player, 200),
            ("poll, nothing new", _channel(game, day, as_player["Cookie"], last), htmx, 204),
            ("poll, one new post", _channel(game, day, as_player["Cookie"], max(0, last - 1)), htmx, 200),
            ("host dashboard", reverse("host", args=[game.slug]), as_host, 200),
            ("thread, built afresh", f"{thread}?page=last&fresh={{n}}", as_player, 200),
            ("cabinet, built afresh", reverse("cabinet", args=[game.slug]) + "?fresh={n}", as_player, 200),
            ("dashboard, built afresh", reverse("host", args=[game.slug]) + "?fresh={n}", as_host, 200),
        ]

    def _print(self, results: list[bench.Measurement], options) -> None:
        out = self.stdout.write
        bare = results[0].rps or 1.0
        out(
            f"bench_pages {timezone.now():%Y-%m-%d %H:%M} UTC: gunicorn {options['workers']} {options['worker_class']} "
            f"workers, DEBUG off, PostgreSQL{' (pool)' if options['pool'] else ''}, {options['posts']} posts, "
            f"{options['concurrency']} client threads, {options['seconds']:g} s per page in {options['rounds']} rounds; "
            f"load average {bench.load_average()}"
        )
        out(f"{'page':<24}{'req/s':>9}{'p99 ms':>9}{'ratio':>8}{'target':>9}  {'':<5}{'errors':>7}")
        missed = 0
        for m in results:
            target = TARGETS.get(m.name)
            ratio = m.rps / bare
            verdict = "" if target is None else ("ok" if ratio >= target else "MISS")
            missed += verdict == "MISS"
            shown = f"≥ {target:.2f}" if target is not None else ""
            out(f"{m.name:<24}{m.rps:>9.1f}{m.p99_ms:>9.1f}{ratio:>8.2f}{shown:>9}  {verdict:<5}{m.errors:>7}")
            if m.errors:
                out(f"    answers: {dict(sorted(m.statuses.items()))} (0 = connection failed)")
        out(f"{missed} page(s) below target" if missed else "every page meets its target")
