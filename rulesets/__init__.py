"""Pure-Python rules engines, one per rules document.

``rulesets.get("forum")`` returns the engine; ``rulesets.ids()`` lists them.
The registry is a plain dict of module paths, imported on first use, so the
web app never names a role and a new ruleset needs no web code.
"""

from __future__ import annotations

import importlib
from functools import cache

from .core import RulesError, Ruleset

REGISTRY: dict[str, str] = {
    "forum": "rulesets.forum",
    "piter": "rulesets.piter",
    "classic": "rulesets.classic",
    "cosmo": "rulesets.cosmo",
    "werewolf18": "rulesets.werewolf18",
}


def ids() -> list[str]:
    """The ruleset ids, in registry order."""
    return list(REGISTRY)


@cache
def get(ruleset_id: str) -> Ruleset:
    """The engine for ``ruleset_id``; raises ``RulesError`` if unknown."""
    if ruleset_id not in REGISTRY:
        raise RulesError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(REGISTRY)}")
    module = importlib.import_module(REGISTRY[ruleset_id])
    return module.RULESET
