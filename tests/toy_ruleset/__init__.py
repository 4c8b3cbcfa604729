"""The ``toy`` ruleset: a rules engine that exists only in the tests.

It proves that a ruleset defined outside ``rulesets/`` joins the site
through ``rulesets.register`` and plays end to end with nothing in
``games/``, the templates or the static files naming it
(``tests/games/test_toy_ruleset.py``). Its rules, each with its id:

- TOY-001: two teams, the village and the wolves; the wolves share a room.
- TOY-002: 4 to 8 players; one wolf at 4 or 5, two at 6 to 8, the rest
  villagers (``COMPOSITION``).
- TOY-003: the game opens by day. Each day the living vote in the vote
  thread; the last vote of each counts, and nobody may vote for himself.
- TOY-004: at the day's deadline the player with the most votes leaves,
  his role revealed; a tie or no vote lynches nobody.
- TOY-005: at night the wolves together choose one living villager; at
  the night's deadline he leaves, his role revealed. No choice, no kill.
- TOY-006: the village wins once no wolf is left; the wolves win once they
  are at least as many as the others.
- TOY-007: the day's vote closes at 21:00, the night ends at 22:00 (local
  time; 10 and 15 minutes into a fast game day).

``RULESET`` is the engine; ``messages`` registers its message codes under
the namespace ``toy`` as every ruleset does.
"""

from __future__ import annotations

from . import messages  # noqa: F401  (registers the message codes)
from .ruleset import COMPOSITION, ToyRuleset

RULESET = ToyRuleset()

__all__ = ["COMPOSITION", "RULESET", "ToyRuleset"]
