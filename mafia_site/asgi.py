"""ASGI entry point for the live streams (``settings.LIVE_STREAM``):
``uvicorn mafia_site.asgi:application``. The proxy sends it ``/stream/``
only; every other page is served by gunicorn (``mafia_site.wsgi``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mafia_site.settings")
application = get_asgi_application()
