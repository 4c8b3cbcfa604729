"""``manage.py bench_build``: what building a running game's pages costs,
in this process: queries and CPU milliseconds per page, each built afresh.

It builds a running 12-seat forum game (``bench.forum_game``) whose day
thread holds ``--posts`` posts, with choices handed in and votes cast,
then requests each page as the reader who uses it, through
``django.test.Client`` with ``DEBUG`` off: the day thread's last page, the
vote thread and the game page as a living player, the cabinet as a living
player with a choice to make, the host's dashboard as the host, and the
day thread's live channel asked as it is once one more post was written
(what every open page of a busy thread is answered, or pushed, a few times
a minute; no target of its own). Before each request (outside the measure) the game's version moves
(``page_cache.game_changed``) and the kept pages are dropped, so no page
is served kept: every figure is a page built afresh. The rendered posts'
HTML stays cached (``games.post_html``), as on a running site.

Per page it prints the mean and median CPU time of the request
(``time.process_time``: the middleware, the view and the templates; the
database's own work is not in it) and the queries it ran
(``connection.execute_wrapper``), against the targets of docs/benchmarks.md.
"""

from __future__ import annotations

import html
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from urllib.parse import parse_qsl, urlencode, urlsplit

from django.conf import settings
from django.core.cache import caches
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from benchmarks import bench
from benchmarks.timing import QueryCounter
from games import flow, page_cache
from games.models import Player, Room

from .bench_pages import BODIES

# page: (most queries, most mean CPU ms) for a page built afresh
TARGETS = {
    "thread, latest page": (6, 6.0),
    "vote thread": (6, 6.0),
    "cabinet": (6, 6.0),
    "game page": (6, 6.0),
    "host dashboard": (None, 12.0),
}
# A page's address, or what gives it just before each request.
Address = str | Callable[[], str]

# The live channel's answer when one post was written since the thread's
# latest page was built (every open page of the thread asks, or is
# pushed, one): no target of its own; it is most of a live game's work.
LIVE_POST = "live channel, a post"


class Command(BaseCommand):
    help = "Queries and CPU ms of the main pages of a running game, each built afresh, in this process."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--posts", type=int, default=200, help="Posts in the day thread (default 200).")
        parser.add_argument("--rounds", type=int, default=200, help="Measured requests per page (default 200).")
        parser.add_argument("--warmup", type=int, default=20, help="Requests per page before measuring (default 20).")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--queries", action="store_true", help="Print each page's queries once, and stop.")
        parser.add_argument(
            "--profile",
            default="",
            help="Page name: run it under cProfile, print the top and keep the profile in var/bench-build.prof.",
        )

    def handle(self, *args, **options) -> None:
        try:
            bench.database_url()
        except RuntimeError as exc:
            raise CommandError(str(exc)) from exc
        settings.DEBUG = False
        started = time.monotonic()
        game, clients = self._build(options["posts"], options["seed"])
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        self.stdout.write(
            f"built a 12-seat forum game with {options['posts']} posts in its day thread "
            f"in {time.monotonic() - started:.1f} s"
        )
        pages = self._pages(game, clients)
        if options["queries"]:
            self._queries(game, pages)
            return
        if options["profile"]:
            self._profile(game, pages, options["profile"], options["rounds"])
            return
        for _round in range(options["warmup"]):
            for _name, client, path in pages:
                self._request(game, client, path)
        cpu: dict[str, list[float]] = {name: [] for name, _c, _p in pages}
        queries: dict[str, list[int]] = {name: [] for name, _c, _p in pages}
        # Round robin, so a neighbour's load on the machine falls on every page alike.
        for _round in range(options["rounds"]):
            for name, client, path in pages:
                seconds, count = self._request(game, client, path)
                cpu[name].append(seconds * 1000)
                queries[name].append(count)
        self._print(cpu, queries, options)

    def _build(self, posts: int, seed: int):
        rng = random.Random(seed)
        tag = bench.token()
        accounts = bench.make_accounts(f"bench-{tag}-", ["host", *(f"p{i}" for i in range(1, 13))])
        game = bench.forum_game(
            accounts["host"],
            [accounts[f"p{i}"] for i in range(1, 13)],
            f"Build benchmark {tag}",
            now=timezone.now(),
            seed=seed,
        )
        bench.hand_in_choices(game, rng, share=0.7)
        bench.cast_votes(game, rng, share=0.5)
        room = bench.day_room(game)
        seats = list(Player.objects.filter(game=game, alive=True, status=Player.Status.SEATED).select_related("user"))
        for i in range(posts):
            a, b = rng.sample(range(1, 13), 2)
            body = rng.choice(BODIES).format(day=1, a=a, b=b)
            flow.post_create(room=room, seat=seats[i % len(seats)], body=body)
        # The cabinet's reader has a choice to make today, when any seat has.
        chooser = next((s for s in seats if flow.open_slots(game, s)), seats[0])
        reader = next(s for s in seats if s.pk != chooser.pk)
        clients = {}
        for who, user in (("player", reader.user), ("chooser", chooser.user), ("host", accounts["host"])):
            client = Client(HTTP_HOST="localhost")
            client.force_login(user)
            clients[who] = client
        return game, clients

    def _pages(self, game, clients) -> list[tuple[str, Client, Address]]:
        day, vote = bench.day_room(game), bench.day_room(game, Room.Kind.VOTE)
        thread = reverse("room", args=[game.slug, day.public_id]) + "?page=last"
        return [
            ("thread, latest page", clients["player"], thread),
            ("vote thread", clients["player"], reverse("room", args=[game.slug, vote.public_id])),
            ("cabinet", clients["chooser"], reverse("cabinet", args=[game.slug])),
            ("game page", clients["player"], reverse("game", args=[game.slug])),
            ("host dashboard", clients["host"], reverse("host", args=[game.slug])),
            (LIVE_POST, clients["player"], partial(self._one_post_behind, clients["player"], thread)),
        ]

    @staticmethod
    def _one_post_behind(client: Client, thread: str) -> str:
        """The live channel's ask of the thread's latest page (its ``#live``
        element, the page built now) as it comes once one more post was
        written: ``a`` one below the last post shown, without a read report
        (``m``). Asked after a post alone, it finds the game's state as the
        page showed it: its answer is the post's, the phase bar not built
        again."""
        response = client.get(thread)
        found = re.search(r'<div id="live"[^>]* hx-(?:get|post)="([^"]+)"', response.content.decode())
        if found is None:
            raise CommandError(f"{thread} has no live channel")
        url = urlsplit(html.unescape(found.group(1)))
        query = {k: v for k, v in parse_qsl(url.query) if k != "m"}
        query["a"] = str(int(query["a"]) - 1)
        return f"{url.path}?{urlencode(query)}"

    def _request(self, game, client: Client, path: Address) -> tuple[float, int]:
        """One GET of ``path`` built afresh: its CPU seconds and queries."""
        path = self._afresh(game, path)
        counter = QueryCounter()
        began = time.process_time()
        with connection.execute_wrapper(counter):
            response = client.get(path)
        spent = time.process_time() - began
        if response.status_code != 200:
            raise CommandError(f"{path} answered {response.status_code}")
        return spent, counter.count

    @staticmethod
    def _afresh(game, path: Address) -> str:
        """Make the next GET of ``path`` (called first when it is a
        callable) build it afresh, and return it: the game's version moves
        (only its posts' for the live channel, as a post moves it) and the
        kept pages are dropped."""
        if callable(path):
            path = path()
        page_cache.game_changed(game, posts_only=path.startswith(reverse("live", args=[game.slug])))
        caches["pages"].clear()
        return path

    def _queries(self, game, pages) -> None:
        for name, client, path in pages:
            self._request(game, client, path)
            asked = self._afresh(game, path)
            seen: list[str] = []

            def keep(execute, sql, params, many, context, seen=seen):
                seen.append(sql)
                return execute(sql, params, many, context)

            with connection.execute_wrapper(keep):
                client.get(asked)
            self.stdout.write(f"== {name}: {len(seen)} queries")
            for sql in seen:
                self.stdout.write(f"  {sql[:300]}")

    def _profile(self, game, pages, name: str, rounds: int) -> None:
        import cProfile
        import pstats

        found = [(c, p) for n, c, p in pages if n == name]
        if not found:
            raise CommandError(f"no page named {name!r}: {', '.join(n for n, _c, _p in pages)}")
        client, path = found[0]
        for _ in range(10):
            self._request(game, client, path)
        profiler = cProfile.Profile()
        for _ in range(rounds):
            asked = self._afresh(game, path)
            profiler.enable()
            client.get(asked)
            profiler.disable()
        profiler.dump_stats(settings.VAR_DIR / "bench-build.prof")
        stats = pstats.Stats(profiler, stream=sys.stdout)
        stats.sort_stats("cumulative").print_stats(60)
        stats.sort_stats("tottime").print_stats(30)

    def _print(self, cpu: dict[str, list[float]], queries: dict[str, list[int]], options) -> None:
        out = self.stdout.write
        out(
            f"bench_build {timezone.now():%Y-%m-%d %H:%M} UTC: in-process, DEBUG off, PostgreSQL, "
            f"{options['posts']} posts, {options['rounds']} rounds after {options['warmup']} of warm-up, "
            f"every page built afresh; load average {bench.load_average()}"
        )
        out(f"{'page':<22}{'CPU ms':>8}{'p50 ms':>8}{'queries':>9}  {'target':<16}")
        missed = 0
        for name, times in cpu.items():
            mean, p50 = statistics.fmean(times), statistics.median(times)
            count = max(queries[name])
            most_queries, most_ms = TARGETS.get(name, (None, None))
            ok = (most_queries is None or count <= most_queries) and (most_ms is None or mean <= most_ms)
            missed += not ok
            shown = f"≤ {most_queries} q, " if most_queries else ""
            shown += f"≤ {most_ms:g} ms" if most_ms else ""
            out(f"{name:<22}{mean:>8.1f}{p50:>8.1f}{count:>9}  {shown:<16}{'ok' if ok else 'MISS'}")
        out(f"{missed} page(s) above target" if missed else "every page meets its target")
