"""Settings, read from the environment (README.md, "Configuration", lists the variables).

Embedded default: SQLite (WAL, IMMEDIATE transactions), a file cache and
Celery's filesystem transport, all under ``var/``. With ``DATABASE_URL`` and
``REDIS_URL`` the same code runs on PostgreSQL and Redis.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from .env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MAFIA_VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "insecure-dev-key-change-me" if DEBUG else None)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "django_htmx",
    "games",
    "benchmarks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "games.middleware.PrivatePagesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.middleware.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.middleware.GameFaultMiddleware",
    "games.middleware.SecurityHeadersMiddleware",
]
if env_bool("MAFIA_BENCH_TIMING", False):
    # ``manage.py bench_live``: each response reports its CPU time and
    # queries (``benchmarks.timing``); never set otherwise.
    MIDDLEWARE.insert(0, "benchmarks.timing.TimingMiddleware")

ROOT_URLCONF = "mafia_site.urls"
WSGI_APPLICATION = "mafia_site.wsgi.application"
ASGI_APPLICATION = "mafia_site.asgi.application"

# The site's pages are Jinja2 templates (games.templating); Django's engine
# renders the admin and allauth's pages, inside the site's frame
# (templates/django/allauth/layouts/base.html).
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "games.templating.environment",
            "context_processors": [
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.templating.csrf_once",
            ],
        },
    },
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates" / "django"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Forms and their widgets rendered by Jinja2 from Django's own templates.
FORM_RENDERER = "mafia_site.form_renderer.FormRenderer"

DATABASE_URL = env_str("DATABASE_URL", "")
# DATABASE_POOL=1: each process keeps a psycopg pool of DATABASE_POOL_MIN_SIZE
# to DATABASE_POOL_MAX_SIZE connections (PostgreSQL only) instead of one
# persistent connection (docs/operations.md, "Sizing").
DATABASE_POOL = env_bool("DATABASE_POOL", False)
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0 if DATABASE_POOL else 60)}
    if DATABASE_POOL:
        if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
            raise ImproperlyConfigured("DATABASE_POOL=1 needs a PostgreSQL DATABASE_URL")
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env_int("DATABASE_POOL_MIN_SIZE", 1),
            "max_size": env_int("DATABASE_POOL_MAX_SIZE", 4),
            "timeout": 10,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "db.sqlite3",
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;",
                "transaction_mode": "IMMEDIATE",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# LIVE_STREAM=1: open pages are pushed their changes over one stream each,
# served by an ASGI process (uvicorn mafia_site.asgi:application) that the
# proxy sends /stream/ to (deploy/Caddyfile), woken by PostgreSQL's notices
# (games.notices); off, they poll the live channel (docs/caching.md).
LIVE_STREAM = env_bool("LIVE_STREAM", False)
if LIVE_STREAM and DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured("LIVE_STREAM=1 needs a PostgreSQL DATABASE_URL (its notices wake the streams)")
# The streams one process holds at most, and those of one browser (its
# session cookie) among them: a stream beyond either is refused (429), and
# its page asks the channel instead until one is free (docs/caching.md).
LIVE_STREAMS_PER_PROCESS = env_int("LIVE_STREAMS_PER_PROCESS", 2000)
LIVE_STREAMS_PER_BROWSER = env_int("LIVE_STREAMS_PER_BROWSER", 8)


def redis_cache(url: str) -> dict:
    """The cache on Redis at ``url``: django-redis, told to carry on when
    Redis is down. Reads then miss and writes are dropped (logged), so
    posting and logging in keep working through an outage, with the flood
    and login limits lifted until Redis is back; a dead server is given up
    on after one second, and a server that failed once (down or hung) is
    not asked again for ``mafia_site.cache.BREAKER_SECONDS`` (the circuit
    breaker of ``BreakerConnectionPool``)."""
    return {
        "BACKEND": "mafia_site.cache.OutageTolerantRedisCache",
        "LOCATION": url,
        "OPTIONS": {
            "IGNORE_EXCEPTIONS": True,
            "SOCKET_CONNECT_TIMEOUT": 1,
            "SOCKET_TIMEOUT": 1,
            "CONNECTION_POOL_CLASS": "mafia_site.cache.BreakerConnectionPool",
        },
    }


DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
# REDIS_URL is Celery's broker, a Redis that keeps its data (appendonly) and
# never evicts. CACHE_URL is the cache's own Redis, which may evict and need
# not persist (docker-compose.yml runs it with maxmemory and allkeys-lru);
# unset, the cache shares REDIS_URL.
REDIS_URL = env_str("REDIS_URL", "")
CACHE_URL = env_str("CACHE_URL", "") or REDIS_URL
if CACHE_URL:
    CACHES = {"default": redis_cache(CACHE_URL)}
else:
    # A cache shared by every process, as allauth's rate limits need.
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": VAR_DIR / "cache"}
    }
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
else:
    # kombu's filesystem transport, with messages written atomically
    # (mafia_site/broker.py says why).
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT = "mafia_site.broker:Transport"
    _broker = VAR_DIR / "broker"
    for _sub in ("queue", "processed", "control"):
        (_broker / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker / "queue"),
        "data_folder_out": str(_broker / "queue"),
        "processed_folder": str(_broker / "processed"),
        "control_folder": str(_broker / "control"),
    }
    CELERY_WORKER_ENABLE_REMOTE_CONTROL = False

# Rendered posts (``games.post_html``) are kept in each process, a bounded
# number of them for an hour: they would otherwise fill the cache's Redis
# (which, sharing REDIS_URL, must not evict), or cull the embedded default's shared file
# cache, whose counters (login and flood limits) must stay.
CACHES["post_html"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "post-html",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 1000},
}

# Whole pages kept per reader (``games.page_cache``), in each process, a
# bounded number for two minutes at most, compressed: for the same reasons.
CACHES["pages"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "pages",
    "TIMEOUT": 120,
    "OPTIONS": {"MAX_ENTRIES": 500},
}

CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BEAT_SCHEDULE = {"deadline-tick": {"task": "games.tasks.tick", "schedule": 1.0}}
CELERY_TIMEZONE = "UTC"

# The first serves the sessions of the site's logins (one compiled query per
# request, games/auth_backends.py); the other two check passwords, and serve
# the sessions that were stored with their paths.
AUTHENTICATION_BACKENDS = [
    "games.auth_backends.SessionBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_ADAPTER = "games.adapters.AccountAdapter"
ACCOUNT_LOGOUT_ON_GET = False
# Login limits (docs/security.md, "Login limits"): only wrong passwords count. An
# account is locked for 5 minutes after 5 wrong passwords; an address (many
# players share one) after 30 wrong passwords in 10 minutes. Login form
# posts of any kind: 120 a minute per address.
ACCOUNT_RATE_LIMITS = {"login": "120/m/ip", "login_failed": "30/600s/ip,5/300s/key"}
LOGIN_REDIRECT_URL = "/"

# E-mail (reminders, results drafts, allauth's messages): printed on the
# console unless an SMTP server is given in EMAIL_HOST (docs/email.md).
EMAIL_HOST = env_str("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("set EMAIL_USE_TLS or EMAIL_USE_SSL, not both")
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Forum Mafia <noreply@localhost>")
EMAIL_BACKEND = env_str(
    "DJANGO_EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend",
)
# The site's address as players reach it, for the links in e-mails.
# The address links in e-mail point at; by default the local site on the
# port ``scripts/run`` serves (``PORT``, 8000 unless set).
SITE_URL = env_str("SITE_URL", f"http://localhost:{env_str('PORT', '8000')}").rstrip("/")
if not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must start with http:// or https://, not {SITE_URL!r}")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The interface languages, each named in itself for the language switcher.
# A logged-in account's choice wins over the cookie and the browser's
# Accept-Language (games.middleware.AccountLanguageMiddleware).
LANGUAGES = [("en", "English"), ("ru", "Русский"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("MAFIA_MANIFEST_STATIC", False)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Sessions live in the database alone: a cache that loses, restores or
# replays its data can never bring back a session that logged out.
SESSION_ENGINE = "games.sessions"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if env_bool("DJANGO_BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    ALLAUTH_TRUSTED_PROXY_COUNT = 1
# Behind a TLS proxy serving only HTTPS: redirect plain HTTP, and tell
# browsers to use HTTPS only (HSTS, seconds; start small, see docs/operations.md).
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)

# Rulesets a host can pick on "Host a game" (every registered one by
# default; a site may offer fewer). Comma-separated in MAFIA_WEB_RULESETS.
MAFIA_WEB_RULESETS = env_list("MAFIA_WEB_RULESETS", "forum,piter,classic,cosmo,werewolf18")

# Posts per page in threads; a page's query count does not depend on it.
MAFIA_POSTS_PER_PAGE = 30
# A player may post at most this many posts a minute (anti-flood).
MAFIA_POSTS_PER_MINUTE = 20
# A deadline processed more than this many minutes late (the site or its
# worker was down) is resolved, but the phase it opens gets its full window
# from the moment it really opens: the schedule shifts instead of phases
# opening and closing in one catch-up with nobody able to play them.
MAFIA_CATCHUP_GRACE_MINUTES = 10
# The tick looks for reminders and results drafts to e-mail at most this
# often (seconds, per worker process); deadlines are still checked every tick.
MAFIA_MAIL_EVERY_SECONDS = 15

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refused_request": {"()": "games.log_filters.RefusedRequestFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "games": {"handlers": ["console"], "level": "INFO"},
        # A 403 is an answer, not a fault: one line, no traceback. A 500 is
        # written to the server's log with its traceback (Django's own
        # handler prints only with DEBUG on).
        "django.request": {"filters": ["refused_request"], "handlers": ["console"], "level": "ERROR"},
    },
}
