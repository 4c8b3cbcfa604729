"""The errors a game's transitions raise: their ``str()`` is a sentence for
the person who asked (``FlowError``), or for the host when a deadline's
resolution failed (``ResolutionFailed``)."""

from __future__ import annotations

from django.utils.translation import gettext as _


class FlowError(Exception):
    """A request the rules or the game's state refuse; ``str()`` is a
    sentence for the person who asked."""


class ResolutionFailed(FlowError):
    """Resolving a deadline raised: nothing of it was kept, the failure is
    recorded on the deadline (``Deadline.fail``) and will be retried;
    ``str()`` names the phase and the error for the host."""


class GameBroken(Exception):
    """The game's stored data cannot be read by its rules: its ruleset id
    is not registered on this site, or its stored state (``Game.state``)
    lacks a key or does not load. Nothing of the request that met it was
    kept. ``game_id`` is the game's primary key; ``str()`` is a sentence
    for the host and the site's admins (never shown to players, who read a
    neutral "paused by a fault")."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(reason)
        self.game_id = game_id
        self.reason = reason


def unknown_ruleset(ruleset_id: str) -> str:
    """The sentence for the host and admins naming a game's ruleset id that
    is not registered on this site (``GameBroken``'s reason)."""
    return _("The game's ruleset “%(id)s” is not registered on this site: its rules cannot be read.") % {
        "id": ruleset_id
    }
