"""``manage.py resolve_due``: process due deadlines once (a cron fallback)."""

from django.core.management.base import BaseCommand

from games.flow import resolve_due


class Command(BaseCommand):
    help = "Process every due deadline exactly once."

    def handle(self, *args, **options) -> None:
        self.stdout.write(f"processed {resolve_due()} deadline(s)")
