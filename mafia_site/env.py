"""Settings helpers that read the environment and fail loudly."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """``name`` as a boolean; raises ImproperlyConfigured on other values."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    if raw.lower() in TRUE:
        return True
    if raw.lower() in FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of {sorted(TRUE | FALSE)}, not {raw!r}")


def env_str(name: str, default: str | None = None) -> str:
    """``name`` as a string; raises ImproperlyConfigured when unset without default."""
    raw = os.environ.get(name, default)
    if raw is None:
        raise ImproperlyConfigured(f"the environment variable {name} is required")
    return raw


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated list, blanks dropped."""
    return [part.strip() for part in os.environ.get(name, default).split(",") if part.strip()]


def env_int(name: str, default: int) -> int:
    """``name`` as a whole number ≥ 0; raises ImproperlyConfigured otherwise."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number of 0 or more, not {raw!r}")
    return int(raw)
