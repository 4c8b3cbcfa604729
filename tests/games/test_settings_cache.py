"""The cache and the broker may live on two Redis servers: ``CACHE_URL``
names the cache's own (evicting, not persisted), ``REDIS_URL`` the broker's
(durable); without ``CACHE_URL`` the cache shares ``REDIS_URL``. Settings are
read afresh from the environment for each case."""

from __future__ import annotations

from .test_settings_pool import settings_with

BROKER = "redis://broker.example.org:6379/0"
CACHE = "redis://cache.example.org:6380/0"


def test_cache_url_gives_the_cache_its_own_redis_and_the_broker_keeps_redis_url(monkeypatch, tmp_path) -> None:
    settings = settings_with(monkeypatch, tmp_path, REDIS_URL=BROKER, CACHE_URL=CACHE)
    assert settings.CACHES["default"]["LOCATION"] == CACHE
    assert settings.CELERY_BROKER_URL == BROKER


def test_without_cache_url_the_cache_shares_redis_url(monkeypatch, tmp_path) -> None:
    settings = settings_with(monkeypatch, tmp_path, REDIS_URL=BROKER)
    assert settings.CACHES["default"]["LOCATION"] == BROKER
    assert settings.CACHES["default"]["BACKEND"] == "mafia_site.cache.OutageTolerantRedisCache"
    assert settings.CELERY_BROKER_URL == BROKER


def test_an_empty_cache_url_counts_as_unset(monkeypatch, tmp_path) -> None:
    settings = settings_with(monkeypatch, tmp_path, REDIS_URL=BROKER, CACHE_URL="")
    assert settings.CACHES["default"]["LOCATION"] == BROKER


def test_cache_url_alone_puts_the_cache_on_redis_and_keeps_the_embedded_broker(monkeypatch, tmp_path) -> None:
    settings = settings_with(monkeypatch, tmp_path, CACHE_URL=CACHE)
    assert settings.CACHES["default"]["LOCATION"] == CACHE
    assert settings.CELERY_BROKER_URL == "filesystem://"


def test_neither_keeps_the_file_cache_and_the_filesystem_broker(monkeypatch, tmp_path) -> None:
    settings = settings_with(monkeypatch, tmp_path)
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert settings.CELERY_BROKER_URL == "filesystem://"
