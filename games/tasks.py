"""Celery tasks: thin wrappers that call one function each."""

import time

from django.conf import settings

from mafia_site.celery import app

from . import mailing
from .flow import resolve_due

# When this worker process last looked for mail to send (``time.monotonic``).
_mailed_at: float | None = None


@app.task(name="games.tasks.tick")
def tick() -> int:
    """Process every due deadline exactly once (beat runs this every second),
    then, at most every ``MAFIA_MAIL_EVERY_SECONDS``, send the reminders and
    results drafts that are due (``games.mailing``)."""
    global _mailed_at
    fired = resolve_due()
    if _mailed_at is None or time.monotonic() - _mailed_at >= settings.MAFIA_MAIL_EVERY_SECONDS:
        _mailed_at = time.monotonic()
        mailing.send_due()
    return fired
