"""The Piter ruleset: «Правила игры в мафию (Питер)» as a rules engine.

``RULESET`` is the engine the registry returns. Beyond the ``Ruleset``
protocol, the web app uses ``give_warning`` (PITER-110, PITER-111),
``may_speak`` (PITER-021), ``extra_minute_reason``/``take_extra_minute``
(PITER-122) and ``RULESET.vote_reason`` (PITER-012 to PITER-019).
"""

from __future__ import annotations

from . import messages  # noqa: F401  (registers the message codes)
from .discipline import extra_minute_reason, give_warning, may_speak, take_extra_minute
from .ruleset import PiterRuleset

RULESET = PiterRuleset()

__all__ = ["RULESET", "PiterRuleset", "extra_minute_reason", "give_warning", "may_speak", "take_extra_minute"]
