"""werewolf18: [048]『凤囚凰』, the 18-player forum werewolf game.

``RULESET`` is the engine the registry returns. Beyond the ``Ruleset``
base, the web app may use ``schedule`` (lateness rules: ``on_time``,
``vote_change_allowed``, ``proxy_vote_valid``, ``acceleration_agreed``,
``day_close_date``, ``last_words_due``) and ``victory.defeated_camps``.
"""

from .engine import Werewolf18

RULESET = Werewolf18()

__all__ = ["RULESET", "Werewolf18"]
