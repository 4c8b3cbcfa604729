"""Forum («virtual») mafia: ``RULESET`` is the engine (see ``ruleset.py``).

Modules: ``roles`` (declarations), ``setup`` (balance and seating), ``validate``
(refusals), ``night`` (``ORDER`` and night flow), ``judge`` (shots per target),
``effects`` (applying marks), ``day`` (vote), ``victory``, ``penalties``.
"""

from . import messages  # noqa: F401  (registers the message codes)
from .ruleset import RULESET, ForumRuleset

__all__ = ["RULESET", "ForumRuleset"]
