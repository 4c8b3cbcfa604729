"""Connection pooling is switched by ``DATABASE_POOL`` (settings read afresh
from the environment for each case)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parents[2] / "mafia_site" / "settings.py"
POSTGRES = "postgres://mafia:secret@db.example.org:5432/mafia"


# The variables a probe of the settings starts without (then sets from ``env``).
PROBED = ("DATABASE_URL", "DATABASE_POOL", "DATABASE_POOL_MIN_SIZE", "DATABASE_POOL_MAX_SIZE", "REDIS_URL", "CACHE_URL")


def settings_with(monkeypatch, tmp_path, **env: str) -> ModuleType:
    """``mafia_site/settings.py`` executed with ``env`` (the ``PROBED``
    variables absent unless ``env`` sets them)."""
    for name in PROBED:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MAFIA_VAR_DIR", str(tmp_path))
    monkeypatch.setenv("DJANGO_SECRET_KEY", "x")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("mafia_site._settings_probe", SETTINGS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_the_variable_each_process_keeps_one_persistent_connection(monkeypatch, tmp_path) -> None:
    db = settings_with(monkeypatch, tmp_path, DATABASE_URL=POSTGRES).DATABASES["default"]
    assert "pool" not in db.get("OPTIONS", {})
    assert db["CONN_MAX_AGE"] == 60


def test_database_pool_turns_on_psycopgs_pool(monkeypatch, tmp_path) -> None:
    db = settings_with(monkeypatch, tmp_path, DATABASE_URL=POSTGRES, DATABASE_POOL="1").DATABASES["default"]
    assert db["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 4, "timeout": 10}
    assert db["CONN_MAX_AGE"] == 0  # Django refuses persistent connections with a pool
    assert db["NAME"] == "mafia" and db["HOST"] == "db.example.org"


def test_the_pools_size_is_read_too(monkeypatch, tmp_path) -> None:
    db = settings_with(
        monkeypatch,
        tmp_path,
        DATABASE_URL=POSTGRES,
        DATABASE_POOL="yes",
        DATABASE_POOL_MIN_SIZE="2",
        DATABASE_POOL_MAX_SIZE="8",
    ).DATABASES["default"]
    assert db["OPTIONS"]["pool"]["min_size"] == 2 and db["OPTIONS"]["pool"]["max_size"] == 8


def test_database_pool_off_and_on_sqlite(monkeypatch, tmp_path) -> None:
    db = settings_with(monkeypatch, tmp_path, DATABASE_URL=POSTGRES, DATABASE_POOL="0").DATABASES["default"]
    assert "pool" not in db.get("OPTIONS", {})
    with pytest.raises(ImproperlyConfigured):
        settings_with(monkeypatch, tmp_path, DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3", DATABASE_POOL="1")


def test_the_pool_package_is_installed() -> None:
    assert importlib.util.find_spec("psycopg_pool") is not None
