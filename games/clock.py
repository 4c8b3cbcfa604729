"""Moments as the players read them: local time in the game's zone (or the
zone the reader chose) with its offset from UTC, the same in every
language."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from . import languages
from .models import Game


def utc_offset(local: datetime) -> str:
    """The offset of an aware local time as every language writes it: UTC+3, UTC-3:30, UTC."""
    offset = local.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset else 0
    if not minutes:
        return "UTC"
    sign, minutes = ("+" if minutes > 0 else "-"), abs(minutes)
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")


def local_time(game: Game, when: datetime, seconds: bool = False) -> str:
    """A moment as the players read it: the local time in the game's zone
    (or the zone the reader chose, ``languages.viewer_zone``) and its offset
    from UTC (2026-11-20 12:00 UTC+3), the same in every language (a zone's
    name, such as MSK or Europe/Moscow, is English). The game's own posts
    are written in the game's zone (``languages.in_game_language``)."""
    local = when.astimezone(ZoneInfo(languages.viewer_zone() or game.timezone))
    return local.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M") + " " + utc_offset(local)


def local_clock(game: Game, when: datetime) -> str:
    """The hour and minute of a moment as the reader reads times (14:05)."""
    return when.astimezone(ZoneInfo(languages.viewer_zone() or game.timezone)).strftime("%H:%M")


def local_deadline(game: Game, when: datetime) -> str:
    """A deadline as the players read it: local time in the game's zone."""
    return local_time(game, when)
