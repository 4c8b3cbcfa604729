"""Celery tasks: thin wrappers that call one function each."""

import time

from django.conf import settings

from mafia_site.celery import app

from . import mailing
from .flow import resolve_due

# When this worker process last looked for mail to send (``time.monotonic``).
_mailed_at: float | None = None


@app.task(name="games.tasks.tick", bind=True)
def tick(self) -> int:
    """Process every due deadline exactly once (beat runs this every second),
    then, at most every ``MAFIA_MAIL_EVERY_SECONDS``, send the reminders and
    results drafts that are due (``games.mailing``).

    A tick goes on claiming until nothing is due (many games share a
    deadline instant: every forum game's vote closes at 21:00 Moscow time).
    When its first claim is full, it sends one more tick to its own queue
    at once, so that an idle worker process claims alongside it instead of
    waiting for beat's next tick; that tick does the same, so every
    process joins while there is work and the extra ticks stop with it."""
    global _mailed_at
    fired = resolve_due(limit=None, crowded=lambda: _call_for_help(self))
    if _mailed_at is None or time.monotonic() - _mailed_at >= settings.MAFIA_MAIL_EVERY_SECONDS:
        _mailed_at = time.monotonic()
        mailing.send_due()
    return fired


def _call_for_help(task) -> None:
    """Send one more tick to the queue this one came from (nothing when the
    tick was called directly, not by a worker)."""
    delivery = task.request.delivery_info or {}
    if task.request.called_directly or not delivery:
        return
    task.apply_async(queue=delivery.get("routing_key") or None)
