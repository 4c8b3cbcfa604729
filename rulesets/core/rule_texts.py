"""The text of a ruleset's numbered rules, as its package holds them.

Each built-in ruleset package carries ``rule_texts.json``: its numbered
rules (FORUM-012, WW18-023, …) taken from the rule tables of the ruleset's
digest, grouped as the digest groups them::

    {"ruleset": "forum",
     "sections": [{"title": "Day vote (§1)",
                   "rules": [{"id": "FORUM-012",
                              "statement": "day roles' choices by 14:00",
                              "quote": "«Адвокат и Вышибала не позже 14:00 …»"}]}]}

``statement`` is the rule in English (it may carry Markdown's ``code``
and ``**bold**`` spans); ``quote`` is the rules document's own words, in the
document's language (``Declarations.language``). The file is the source:
nothing regenerates it at run time.

``catalogue(ruleset_class)`` reads it once per class; ``Ruleset.rule_texts``
and ``Ruleset.rule_sections`` are the engines' way in.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

FILE = "rule_texts.json"


@dataclass(frozen=True)
class RuleText:
    """One numbered rule: ``id`` (``FORUM-012``), ``statement`` (English)
    and ``quote`` (the document's words, in its language)."""

    id: str
    statement: str
    quote: str


@dataclass(frozen=True)
class RuleSection:
    """A group of rules as the digest groups them: ``title`` (English, as
    the digest words it) and its ``rules`` in the digest's order."""

    title: str
    rules: tuple[RuleText, ...]


def _package_file(cls: type) -> Any:
    """The ``rule_texts.json`` of the package of the first class in
    ``cls``'s MRO whose package holds one (so a subclass defined elsewhere
    keeps its parent's rules), or None."""
    for klass in cls.__mro__:
        module = sys.modules.get(klass.__module__)
        package = getattr(module, "__package__", None) if module else None
        if not package or package == "rulesets.core":
            continue
        try:
            found = resources.files(package).joinpath(FILE)
        except (ModuleNotFoundError, TypeError):
            continue
        if found.is_file():
            return found
    return None


def parse(data: dict[str, Any]) -> tuple[RuleSection, ...]:
    """The sections of a catalogue's JSON (the shape above). Raises
    ``ValueError`` when a rule lacks its id, statement or quote, or when
    an id appears twice."""
    sections = []
    seen: set[str] = set()
    for section in data.get("sections", []):
        rules = []
        for raw in section.get("rules", []):
            rule = RuleText(str(raw.get("id", "")), str(raw.get("statement", "")), str(raw.get("quote", "")))
            if not (rule.id and rule.statement and rule.quote):
                raise ValueError(f"incomplete rule in the catalogue: {raw!r}")
            if rule.id in seen:
                raise ValueError(f"rule {rule.id} appears twice in the catalogue")
            seen.add(rule.id)
            rules.append(rule)
        sections.append(RuleSection(str(section.get("title", "")), tuple(rules)))
    return tuple(sections)


@cache
def catalogue(cls: type) -> tuple[RuleSection, ...]:
    """The numbered rules of the ruleset class ``cls``, by section; empty
    when its package holds no ``rule_texts.json``. Read once per class.
    Raises ``ValueError`` on a malformed file (see ``parse``)."""
    found = _package_file(cls)
    if found is None:
        return ()
    return parse(json.loads(found.read_text(encoding="utf-8")))


@cache
def by_id(cls: type) -> MappingProxyType[str, RuleText]:
    """The rules of ``catalogue(cls)`` by id, read-only, built once."""
    return MappingProxyType({rule.id: rule for section in catalogue(cls) for rule in section.rules})
