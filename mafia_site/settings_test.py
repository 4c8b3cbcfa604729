"""The small test override of ``settings``: a fixed key, a fast hasher,
a per-process cache unless a Redis cache is given."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-not-for-production")

from .settings import *  # noqa: E402,F403
from .settings import CACHE_URL, CACHES  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if not CACHE_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "post_html": CACHES["post_html"],
        "pages": CACHES["pages"],
    }

# The site served by uvicorn in the stream tests (tests/asgi_server.py)
# serves the static files from the sources, as runserver does.
WHITENOISE_USE_FINDERS = True
