"""The ``classic`` ruleset: «Мафия: игра, покорившая мир» (``002_9239e8f8ac8b9388.txt``).

``RULESET`` is the engine; ``scores``, ``schedule``, ``check_composition``
and ``lynches_per_day`` are helpers the web app may call.
"""

from __future__ import annotations

from .ruleset import ClassicRuleset
from .schedule import deciding_vote_entry, schedule
from .setup import check_composition, lynches_per_day
from .victory import scores

RULESET = ClassicRuleset()

__all__ = [
    "RULESET",
    "ClassicRuleset",
    "check_composition",
    "deciding_vote_entry",
    "lynches_per_day",
    "schedule",
    "scores",
]
