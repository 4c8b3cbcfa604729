"""The ``classic`` ruleset: «Мафия: игра, покорившая мир» (``002_9239e8f8ac8b9388.txt``).

``RULESET`` is the engine. Helpers the web app may call: ``scores`` (series
points), ``schedule`` and ``deciding_vote_entry`` (deadlines from a game's
options), ``check_composition`` (a host's own setup), ``lynches_per_day``,
and for the vote form ``electorate``, ``candidates`` and ``vote_reason``.
"""

from __future__ import annotations

from . import messages  # noqa: F401  (registers the message codes)
from .day import candidates, electorate, vote_reason
from .ruleset import ClassicRuleset
from .schedule import deciding_vote_entry, schedule
from .setup import check_composition, lynches_per_day
from .victory import scores

RULESET = ClassicRuleset()

__all__ = [
    "RULESET",
    "ClassicRuleset",
    "candidates",
    "check_composition",
    "deciding_vote_entry",
    "electorate",
    "lynches_per_day",
    "schedule",
    "scores",
    "vote_reason",
]
