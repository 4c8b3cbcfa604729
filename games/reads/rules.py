"""The text of a ruleset's numbered rules as the site shows it: the
public page of each ruleset's rules (``rules_of``) and the link from a
rule id cited anywhere (the replay's trace, the vote flow) to its place
on that page (``rule_link``).

The texts are the ruleset's own (``Ruleset.rule_texts``,
``Ruleset.rule_sections``: the rule tables of its digest, kept in the
ruleset's package): each rule's English statement and the rules
document's words in the document's language. Nothing here reads the
database; rules are public.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import reverse

import rulesets
from rulesets.core import RulesError, Ruleset

from ..names import localized

# A rule id as the engines cite it, alone or as a range: FORUM-037,
# FORUM-083..086 (its first rule), B-13 (an ambiguity of the digest).
RULE_REF = re.compile(r"([A-Z][A-Z0-9]*-\d+)(?:\.\.\d+)?")

# The Markdown spans a digest's statements carry: `code` and **bold**.
_SPANS = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*")


@dataclass(frozen=True)
class Span:
    """A stretch of a statement: ``text`` and how it is set, ``kind``:
    "" (plain), ``code`` (an engine id, as the digest marks it) or
    ``strong``."""

    text: str
    kind: str = ""


@dataclass(frozen=True)
class RuleView:
    """One rule on the page: ``id`` (also its anchor, ``FORUM-012``),
    ``statement`` (English, as ``Span``s) and ``quote`` (the document's
    words, in ``RulesPage.language``)."""

    id: str
    statement: tuple[Span, ...]
    quote: str


@dataclass(frozen=True)
class SectionView:
    """A group of rules as the digest groups them: ``title`` (English,
    as ``Span``s; empty when the ruleset has a single group) and its
    ``rules``."""

    title: tuple[Span, ...]
    rules: tuple[RuleView, ...]


@dataclass(frozen=True)
class RulesPage:
    """A ruleset's numbered rules: ``ruleset`` (its id), ``title`` (in the
    reader's language), ``language`` (the rules document's language code,
    ``ru`` or ``zh``, for the quotes' ``lang``), ``count`` (rules in all)
    and ``sections``."""

    ruleset: str
    title: str
    language: str
    count: int
    sections: tuple[SectionView, ...]


def spans(text: str) -> tuple[Span, ...]:
    """``text`` cut around its Markdown ``code`` and ``**bold**`` spans,
    their marks dropped."""
    cut: list[Span] = []
    at = 0
    for match in _SPANS.finditer(text):
        if match.start() > at:
            cut.append(Span(text[at : match.start()]))
        code, bold = match.groups()
        cut.append(Span(code, "code") if code is not None else Span(bold, "strong"))
        at = match.end()
    if at < len(text):
        cut.append(Span(text[at:]))
    return tuple(cut)


def rules_of(ruleset_id: str) -> RulesPage | None:
    """The numbered rules of the ruleset ``ruleset_id``, in the reader's
    language for its title; None when the site offers no such ruleset
    (``rulesets.REGISTRY``). A ruleset whose package holds no texts has no
    sections."""
    try:
        ruleset = rulesets.get(ruleset_id)
    except RulesError:
        return None
    groups = ruleset.rule_sections()
    sections = tuple(
        SectionView(
            title=spans(group.title) if len(groups) > 1 else (),
            rules=tuple(RuleView(rule.id, spans(rule.statement), rule.quote) for rule in group.rules),
        )
        for group in groups
    )
    return RulesPage(
        ruleset=ruleset.id,
        title=localized(ruleset.title, ruleset.id),
        language=ruleset.language,
        count=sum(len(s.rules) for s in sections),
        sections=sections,
    )


def rule_link(ruleset: Ruleset, cited: str) -> str:
    """The address of the rule ``cited`` (``FORUM-052``; a range
    ``FORUM-083..086`` by its first rule) on the rules page of
    ``ruleset``: ``/rules/forum/#FORUM-052``; "" when the ruleset's
    texts hold no such rule (an ambiguity's id, ``B-13``, or a ruleset
    without texts), so no link leads nowhere."""
    match = RULE_REF.fullmatch(cited.strip())
    if not match or ruleset.rule_text(match.group(1)) is None:
        return ""
    return f"{reverse('ruleset_rules', args=[ruleset.id])}#{match.group(1)}"
