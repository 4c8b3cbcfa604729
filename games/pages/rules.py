"""The public page of a ruleset's numbered rules (``reads.rules``): every
rule under its anchor, its English statement and the rules document's own
words, grouped as the ruleset's digest groups them."""

from __future__ import annotations

from typing import Any

from ..reads.rules import rules_of


def rules_page(ruleset_id: str) -> dict[str, Any] | None:
    """The rules page's context, ``rules`` (``reads.rules.RulesPage``, its
    title in the reader's language); None when the site offers no ruleset
    ``ruleset_id``. Rules are public: no reader is asked about."""
    rules = rules_of(ruleset_id)
    return None if rules is None else {"rules": rules}
