"""The catalogue of each ruleset's numbered rules (``rule_texts.json`` in
its package, ``Ruleset.rule_texts``): every rule id a ruleset's code cites
has its text, so the replay's links to the rules page never lead nowhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulesets
from rulesets.core.rule_texts import parse

ROOT = Path(rulesets.__file__).parent

# The prefix of each built-in ruleset's rule ids.
PREFIXES = {"forum": "FORUM", "piter": "PITER", "classic": "CLASSIC", "cosmo": "COSMO", "werewolf18": "WW18"}

# Rule ids a ruleset's code cites that its rules digest does not number,
# by ruleset, each with the reason. None so far: every id cited is in the
# digest's rule tables.
NOT_IN_THE_DIGEST: dict[str, frozenset[str]] = {ruleset_id: frozenset() for ruleset_id in PREFIXES}


def cited(ruleset_id: str) -> set[str]:
    """The rule ids of ``ruleset_id`` cited anywhere in the Python files of
    the rulesets package (its own and the others', ranges like
    ``FORUM-083..086`` by their first id)."""
    pattern = re.compile(rf"\b{PREFIXES[ruleset_id]}-\d{{3}}\b")
    found: set[str] = set()
    for source in ROOT.rglob("*.py"):
        found.update(pattern.findall(source.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("ruleset_id", list(PREFIXES))
def test_every_rule_id_the_code_cites_has_its_text(ruleset_id: str) -> None:
    """Each ``<PREFIX>-NNN`` the rulesets' code cites is in the ruleset's
    catalogue, but for the few the digest does not number."""
    texts = rulesets.get(ruleset_id).rule_texts()
    missing = cited(ruleset_id) - set(texts) - NOT_IN_THE_DIGEST[ruleset_id]
    assert not missing, f"{ruleset_id}: cited but not catalogued: {sorted(missing)}"


@pytest.mark.parametrize("ruleset_id", list(PREFIXES))
def test_every_rule_has_an_english_statement_and_the_documents_words(ruleset_id: str) -> None:
    """Each catalogued rule carries its id with the ruleset's prefix, a
    statement and a quote of the document between guillemets."""
    texts = rulesets.get(ruleset_id).rule_texts()
    assert texts
    for rule_id, rule in texts.items():
        assert rule.id == rule_id
        assert re.fullmatch(rf"{PREFIXES[ruleset_id]}-\d{{3}}", rule_id)
        assert rule.statement.strip()
        assert rule.quote.startswith("«"), rule_id


@pytest.mark.parametrize(
    ("ruleset_id", "count"), [("forum", 182), ("piter", 70), ("classic", 42), ("cosmo", 61), ("werewolf18", 75)]
)
def test_the_catalogue_holds_every_numbered_rule_of_the_digest(ruleset_id: str, count: int) -> None:
    """As many rules as the digest's rule tables number, in sections."""
    engine = rulesets.get(ruleset_id)
    assert len(engine.rule_texts()) == count
    assert sum(len(s.rules) for s in engine.rule_sections()) == count
    assert all(s.title for s in engine.rule_sections())


def test_forum_012_reads_as_the_document_words_it() -> None:
    """FORUM-012: the day roles hand in their choices by 14:00."""
    rule = rulesets.get("forum").rule_texts()["FORUM-012"]
    assert rule.statement == "day roles' choices by 14:00"
    assert rule.quote.startswith("«Адвокат и Вышибала не позже 14:00")


def test_werewolf18_quotes_are_in_chinese() -> None:
    """WW18-023: the witch's knife information, in the document's words."""
    engine = rulesets.get("werewolf18")
    assert engine.language == "zh"
    assert engine.rule_texts()["WW18-023"].quote.startswith("«通灵<强制>")


def test_a_ruleset_without_a_catalogue_has_no_rule_texts() -> None:
    """A ruleset from elsewhere whose package holds no ``rule_texts.json``
    (the toy ruleset of the tests) has no texts, and nothing fails."""
    rulesets.register("toy", "tests.toy_ruleset")
    try:
        assert rulesets.get("toy").rule_texts() == {}
    finally:
        rulesets.unregister("toy")


def test_a_rule_cited_twice_in_a_catalogue_is_refused() -> None:
    """A malformed catalogue fails loudly rather than losing a rule."""
    rule = {"id": "FORUM-001", "statement": "x", "quote": "«y»"}
    with pytest.raises(ValueError, match="twice"):
        parse({"sections": [{"title": "A", "rules": [rule, rule]}]})
