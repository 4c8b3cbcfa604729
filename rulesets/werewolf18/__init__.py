"""werewolf18: [048]『凤囚凰』, the 18-player forum werewolf game.

``RULESET`` is the engine the registry returns. Beyond the ``Ruleset`` base
the web app may use:

- ``RULESET.phases_of(ability)``: the orders ``shoot``, ``pass_badge`` and
  ``surrender`` may be handed in by day or by night (A17);
- ``RULESET.action_slots``: includes each voter's ``vote`` slot, the
  sheriff's ``pass_badge`` and the ``surrender`` of werewolves out of the game;
- ``PhaseInput.extra``: ``cards`` (the directors' cards) and ``vote_log``
  (ballots in time order); ``Outcome.extra_state["sheriff"]``;
- ``schedule``: the lateness rules (``on_time``, ``vote_change_allowed``,
  ``proxy_vote_valid``, ``acceleration_agreed``, ``day_close_date``,
  ``last_words_due``);
- ``victory.defeated_camps``: to tell the wolves of their defeat (WW18-020),
  which is never published.
"""

from . import messages  # noqa: F401  (registers the message codes)
from .engine import Werewolf18

RULESET = Werewolf18()

__all__ = ["RULESET", "Werewolf18"]
