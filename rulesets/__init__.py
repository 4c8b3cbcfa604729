"""Pure-Python rules engines, one per rules document.

``rulesets.get("forum")`` returns the engine; ``rulesets.ids()`` lists them.
The registry is a plain dict of module paths, imported on first use, so the
web app never names a role and a new ruleset needs no web code.

The five rulesets of this package are ``BUILT_IN``. A ruleset that lives
elsewhere (a site's own, or one a test defines) joins the registry with
``register(ruleset_id, module_path)`` and leaves it with ``unregister``;
its module follows the same contract (a module-level ``RULESET`` whose
``id`` is the registered id, message codes under that id's namespace).
"""

from __future__ import annotations

import importlib
import re
import sys
from functools import cache

from .core import RulesError, Ruleset
from .core.said import TEMPLATES

REGISTRY: dict[str, str] = {
    "forum": "rulesets.forum",
    "piter": "rulesets.piter",
    "classic": "rulesets.classic",
    "cosmo": "rulesets.cosmo",
    "werewolf18": "rulesets.werewolf18",
}

# The rulesets of this package: ``unregister`` never removes them.
BUILT_IN: frozenset[str] = frozenset(REGISTRY)

# A ruleset id: lower-case letters, digits and _, at most 30 characters (the
# site stores it in a column of that width), a letter first.
_ID = re.compile(r"[a-z][a-z0-9_]{0,29}")


def ids() -> list[str]:
    """The ruleset ids, in registry order (the registered ones last)."""
    return list(REGISTRY)


@cache
def get(ruleset_id: str) -> Ruleset:
    """The engine for ``ruleset_id`` (its module's ``RULESET``, imported on
    first use and kept). Raises ``RulesError`` if the id is unknown, or if
    the module's ``RULESET`` carries another id."""
    if ruleset_id not in REGISTRY:
        raise RulesError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(REGISTRY)}")
    module = importlib.import_module(REGISTRY[ruleset_id])
    engine: Ruleset = module.RULESET
    if engine.id != ruleset_id:
        raise RulesError(f"module {REGISTRY[ruleset_id]!r} holds ruleset {engine.id!r}, not {ruleset_id!r}")
    return engine


def register(ruleset_id: str, module_path: str) -> None:
    """Offer the ruleset of the module ``module_path`` (a dotted import
    path, such as ``"mysite.toy"``; imported by ``get`` on first use) under
    ``ruleset_id``. The module defines ``RULESET``, an instance of a
    ``Ruleset`` subclass whose ``id`` is ``ruleset_id``, and registers its
    message codes under the namespace ``ruleset_id`` (``rulesets.core.said.templates``).

    Registering the same pair again does nothing. Raises ``RulesError``
    for an id that is not lower-case letters, digits and ``_`` (a letter
    first, at most 30 characters), or that is taken by another module.
    """
    if not _ID.fullmatch(ruleset_id):
        raise RulesError(f"a ruleset id is lower-case letters, digits and _, a letter first: {ruleset_id!r}")
    known = REGISTRY.get(ruleset_id)
    if known is not None and known != module_path:
        raise RulesError(f"ruleset {ruleset_id!r} is already registered as {known!r}")
    REGISTRY[ruleset_id] = module_path
    get.cache_clear()


def unregister(ruleset_id: str) -> None:
    """Withdraw a ruleset ``register`` added: its id leaves the registry,
    its message codes (namespace ``ruleset_id``) leave
    ``rulesets.core.said.TEMPLATES``, and its modules are forgotten, so a
    later ``register`` imports them afresh. Raises ``RulesError`` for an
    unknown id or one of ``BUILT_IN``."""
    if ruleset_id in BUILT_IN:
        raise RulesError(f"ruleset {ruleset_id!r} is built in and cannot be unregistered")
    module_path = REGISTRY.pop(ruleset_id, None)
    if module_path is None:
        raise RulesError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(REGISTRY)}")
    get.cache_clear()
    prefix = f"{ruleset_id}."
    for code in [c for c in TEMPLATES if c.startswith(prefix)]:
        del TEMPLATES[code]
    for name in [m for m in sys.modules if m == module_path or m.startswith(module_path + ".")]:
        del sys.modules[name]
