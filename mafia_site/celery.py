"""The Celery application; the deadline tick is its only periodic task."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafia_site.settings")

app = Celery("mafia_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
