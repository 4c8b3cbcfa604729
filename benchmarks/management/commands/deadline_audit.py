"""``manage.py deadline_audit``: did every deadline that fell due run, and
run once? Prints one JSON object (``scripts/faults`` reads it):

- ``done``: deadlines processed;
- ``overdue``: due more than ``--grace`` seconds ago (default 30) and not
  processed;
- ``failed``: not processed and their last attempt raised (the host's
  "failed" list);
- ``twice_locked`` and ``twice_published``: a phase's choices locked, or its
  results published, more than once (the public events a player would see
  twice if a deadline ran twice).
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import timedelta

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from games.models import Deadline, Event


class Command(BaseCommand):
    help = "Print, as JSON, deadlines overdue, failed or run more than once."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--grace", type=float, default=30.0, help="Seconds after its due time a deadline may take.")

    def handle(self, *args, grace: float, **options) -> None:
        now = timezone.now()
        locked = Counter(
            (e.game_id, e.data.get("phase"), e.data.get("deadline"))
            for e in Event.objects.filter(kind="choices_locked")
        )
        published = Counter((e.game_id, e.data.get("phase")) for e in Event.objects.filter(kind="results_published"))
        audit = {
            "done": Deadline.objects.filter(done_at__isnull=False).count(),
            "overdue": Deadline.objects.filter(
                done_at__isnull=True, due_at__lte=now - timedelta(seconds=grace)
            ).count(),
            "failed": Deadline.objects.failing().count(),
            "twice_locked": sum(1 for n in locked.values() if n > 1),
            "twice_published": sum(1 for n in published.values() if n > 1),
        }
        self.stdout.write(json.dumps(audit))
