"""``manage.py resolve_due``: process due deadlines once, then send the
reminders and results drafts due (a cron fallback)."""

from django.core.management.base import BaseCommand

from games.flow import resolve_due
from games.mailing import send_due


class Command(BaseCommand):
    help = "Process every due deadline exactly once, then send the e-mails due."

    def handle(self, *args, **options) -> None:
        self.stdout.write(f"processed {resolve_due()} deadline(s)")
        self.stdout.write(f"sent {send_due()} e-mail(s)")
