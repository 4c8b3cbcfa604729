"""The errors a game's transitions raise: their ``str()`` is a sentence for
the person who asked (``FlowError``), or for the host when a deadline's
resolution failed (``ResolutionFailed``)."""

from __future__ import annotations


class FlowError(Exception):
    """A request the rules or the game's state refuse; ``str()`` is a
    sentence for the person who asked."""


class ResolutionFailed(FlowError):
    """Resolving a deadline raised: nothing of it was kept, the failure is
    recorded on the deadline (``Deadline.fail``) and will be retried;
    ``str()`` names the phase and the error for the host."""
