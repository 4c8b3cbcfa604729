"""What the archive views serve: a finished game's archive and its BBCode
summary (``games.reads.archive``, ``games.reads.archive_bbcode``)."""

from __future__ import annotations

from typing import Any

from ..models import Game
from ..reads.archive import game_archive
from ..reads.archive_bbcode import archive_bbcode


def archive(game: Game) -> dict[str, Any]:
    """The archive of the finished ``game``; raises ``ArchiveRefused`` otherwise."""
    return game_archive(game)


def summary(game: Game) -> str:
    """The BBCode summary of the finished ``game``; raises ``ArchiveRefused`` otherwise."""
    return archive_bbcode(game_archive(game))
