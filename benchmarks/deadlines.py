"""Deadlines under live traffic, for ``manage.py bench_live --deadlines``:
every game's pending deadlines fall due at one instant while the readers
read, Celery workers resolve them as beat's tick asks, and the figures say
whether each was resolved exactly once, how late, and whether any page
built after a result still showed the game before it.

A stale page is one that names (in its live channel's sealed ``k``) a
version of the game older than the version read just before it was
requested: the versions live in PostgreSQL and move in the transaction of
every write (``games.page_cache.game_changed``), so a page built after a
result carries that result's version or a later one, whichever web
process builds it.
"""

from __future__ import annotations

import http.client
import re
import statistics
import threading
import time

from django.db.models import Count, Q
from django.urls import reverse
from django.utils import timezone

from games import live
from games.models import Deadline, Game

LIVE_SEAL = re.compile(r'<div id="live" hidden hx-(?:get|post)="[^"]*[?&](?:amp;)?k=([\w-]+)')
# How long the report waits for the armed deadlines once the traffic ends, in seconds.
SETTLE_SECONDS = 120


def arm(slugs: list[str]) -> list[int]:
    """Move every pending resolving deadline of the running games ``slugs``
    to one instant, now; their ids."""
    pending = Deadline.objects.filter(
        phase__game__slug__in=slugs, phase__game__status=Game.Status.RUNNING, done_at__isnull=True, resolves=True
    )
    ids = list(pending.values_list("pk", flat=True))
    Deadline.objects.filter(pk__in=ids).update(due_at=timezone.now())
    return ids


def tick_until(queue: str, stop: threading.Event, interval: float = 1.0) -> None:
    """Send the deadline tick to ``queue`` every ``interval`` seconds, as
    the one beat does, until ``stop``."""
    from games.tasks import tick

    while not stop.is_set():
        tick.apply_async(queue=queue)
        stop.wait(interval)


def _settle(ids: list[int], queue: str) -> float:
    """Tick until every deadline of ``ids`` is done or failed (at most
    ``SETTLE_SECONDS``); the seconds waited."""
    from games.tasks import tick

    began = time.monotonic()
    pending = Deadline.objects.filter(pk__in=ids, done_at__isnull=True, failed_at__isnull=True)
    while pending.exists() and time.monotonic() - began < SETTLE_SECONDS:
        tick.apply_async(queue=queue)
        time.sleep(1.0)
    return time.monotonic() - began


def stale_pages(slugs: list[str], ports: list[int]) -> tuple[int, int]:
    """Each running game's page, asked of every web server by a visitor
    right after its version was read: how many were asked and how many
    named an older version (stale)."""
    asked = stale = 0
    for slug in slugs:
        for port in ports:
            before = live.versions(slug)
            if before is None:
                continue
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                conn.request("GET", reverse("game", args=[slug]))
                html = conn.getresponse().read().decode("utf-8", "replace")
            finally:
                conn.close()
            found = LIVE_SEAL.search(html)
            if found is None:  # a finished game's page has no channel
                continue
            shown = live.unseal(found.group(1))
            asked += 1
            if shown is None or shown[0] < before[0]:
                stale += 1
    return asked, stale


def report(ids: list[int], queue: str, slugs: list[str], ports: list[int]) -> str:
    """Wait for the deadlines ``ids`` and say how they went: resolved,
    failed, resolutions per deadline (exactly one), phases opened per game,
    lateness (seconds after the due time the result was committed) p50,
    p99 and max, and the stale pages asked afterwards."""
    waited = _settle(ids, queue)
    rows = Deadline.objects.filter(pk__in=ids)
    done = rows.filter(done_at__isnull=False)
    failed = rows.filter(failed_at__isnull=False).count()
    counts = list(rows.annotate(n=Count("resolution")).values_list("n", flat=True))
    late = sorted(x for x in done.values_list("lateness_seconds", flat=True) if x is not None)
    games = Game.objects.filter(slug__in=slugs)
    opened = list(
        games.annotate(
            n=Count("events", filter=Q(events__kind="phase_opened", events__created_at__gte=_armed_at(ids)))
        ).values_list("n", flat=True)
    )
    asked, stale = stale_pages(slugs, ports)
    p99 = late[min(len(late) - 1, int(len(late) * 0.99))] if late else 0.0
    return (
        f"deadlines: {len(ids)} fell due at once in {len(slugs)} games under the traffic; {done.count()} resolved, "
        f"{failed} failed, resolutions per deadline {min(counts, default=0)}–{max(counts, default=0)} "
        f"(exactly once: {'yes' if counts and min(counts) == max(counts) == 1 else 'NO'}); "
        f"phases opened per game {min(opened, default=0)}–{max(opened, default=0)}; lateness p50 "
        f"{statistics.median(late) if late else 0.0:.2f} s, p99 {p99:.2f} s, max {late[-1] if late else 0.0:.2f} s "
        f"(waited {waited:.0f} s after the traffic); pages asked after the results {asked}, stale {stale}"
    )


def _armed_at(ids: list[int]):
    """The instant the deadlines ``ids`` were moved to."""
    return Deadline.objects.filter(pk__in=ids).order_by("due_at").values_list("due_at", flat=True).first()
