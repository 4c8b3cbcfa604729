"""The Django project: settings, URLs, WSGI and the Celery application."""

from .celery import app as celery_app

__all__ = ["celery_app"]
