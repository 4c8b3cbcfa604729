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
# The target for 1,000 games due at once: every one resolved within 10 s.
ALL_DUE_SECONDS = 10.0


def arm(slugs: list[str]) -> list[int]:
    """Move every pending resolving deadline of the running games ``slugs``
    to one instant, now; their ids."""
    return arm_together(slugs)[0]


def arm_together(*groups: list[str]) -> list[list[int]]:
    """Move every pending resolving deadline of the running games of each
    of ``groups`` (lists of slugs) to one and the same instant, now, in
    one update; their ids, group by group."""
    ids = [
        list(
            Deadline.objects.filter(
                phase__game__slug__in=slugs,
                phase__game__status=Game.Status.RUNNING,
                done_at__isnull=True,
                resolves=True,
            ).values_list("pk", flat=True)
        )
        for slugs in groups
    ]
    Deadline.objects.filter(pk__in=[pk for group in ids for pk in group]).update(due_at=timezone.now())
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


def report(
    ids: list[int], queue: str, slugs: list[str], ports: list[int], extra: tuple[list[int], list[str]] | None = None
) -> str:
    """Wait for the deadlines ``ids`` and say how they went: resolved,
    failed, resolutions per deadline (exactly once), phases opened per
    game, lateness (seconds after the due time the result was committed)
    p50, p99 and max, and the stale pages asked afterwards. With ``extra``
    (the deadlines and slugs of games without readers, armed at the same
    instant: ``bench_live --due-games``) it waits for those too and adds a
    line of theirs and one of the time until the last of all was resolved."""
    waited = _settle(ids + (extra[0] if extra else []), queue)
    asked, stale = stale_pages(slugs, ports)
    said = (
        f"deadlines: {len(ids)} fell due at once in {len(slugs)} games under the traffic; {_outcome(ids, slugs)} "
        f"(waited {waited:.0f} s after the traffic); pages asked after the results {asked}, stale {stale}"
    )
    if extra is None:
        return said
    due_ids, due_slugs = extra
    every = ids + due_ids
    last = last_resolved(every)
    if last is None:
        done = Deadline.objects.filter(pk__in=every, done_at__isnull=False).count()
        latest = f"{done} resolved, {len(every) - done} not (waited {waited:.0f} s after the traffic)"
    else:
        verdict = "ok" if last <= ALL_DUE_SECONDS else "MISS"
        latest = f"the last resolved {last:.2f} s after they fell due (target ≤ {ALL_DUE_SECONDS:g} s: {verdict})"
    return "\n".join(
        [
            said,
            f"deadlines of the games without readers: {len(due_ids)} fell due at the same instant in "
            f"{len(due_slugs)} games; {_outcome(due_ids, due_slugs)}",
            f"all {len(every)} deadlines: {latest}",
        ]
    )


def last_resolved(ids: list[int]) -> float | None:
    """Seconds from the due instant to the last result of ``ids`` (all
    armed together), None when one is not resolved."""
    rows = Deadline.objects.filter(pk__in=ids)
    if not ids or rows.filter(done_at__isnull=True).exists():
        return None
    return max(x or 0.0 for x in rows.values_list("lateness_seconds", flat=True))


def _outcome(ids: list[int], slugs: list[str]) -> str:
    """How the deadlines ``ids`` of the games ``slugs`` went: resolved,
    failed, resolutions per deadline, phases opened per game, lateness."""
    rows = Deadline.objects.filter(pk__in=ids)
    done = rows.filter(done_at__isnull=False)
    failed = rows.filter(failed_at__isnull=False).count()
    counts = list(rows.annotate(n=Count("resolution")).values_list("n", flat=True))
    late = sorted(x for x in done.values_list("lateness_seconds", flat=True) if x is not None)
    armed_at = _armed_at(ids)
    opened = (
        list(
            Game.objects.filter(slug__in=slugs)
            .annotate(n=Count("events", filter=Q(events__kind="phase_opened", events__created_at__gte=armed_at)))
            .values_list("n", flat=True)
        )
        if armed_at is not None
        else []
    )
    p99 = late[min(len(late) - 1, int(len(late) * 0.99))] if late else 0.0
    return (
        f"{done.count()} resolved, "
        f"{failed} failed, resolutions per deadline {min(counts, default=0)}–{max(counts, default=0)} "
        f"(exactly once: {'yes' if counts and min(counts) == max(counts) == 1 else 'NO'}); "
        f"phases opened per game {min(opened, default=0)}–{max(opened, default=0)}; lateness p50 "
        f"{statistics.median(late) if late else 0.0:.2f} s, p99 {p99:.2f} s, max {late[-1] if late else 0.0:.2f} s"
    )


def _armed_at(ids: list[int]):
    """The instant the deadlines ``ids`` were moved to."""
    return Deadline.objects.filter(pk__in=ids).order_by("due_at").values_list("due_at", flat=True).first()
