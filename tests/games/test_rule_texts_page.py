"""The public page of a ruleset's numbered rules (``ruleset_rules``,
``rules/<ruleset>/``) and the links to it: each rule id of the replay's
trace and of its vote flow leads to the rule's text on that page."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

import rulesets
from games import flow
from games.reads.rules import rule_link

from .test_replay import finished_game, page, text_of

RULESETS = ["forum", "piter", "classic", "cosmo", "werewolf18"]


def rules_page(ruleset_id: str, language: str = "en"):
    """The rules page of ``ruleset_id`` as an anonymous reader gets it."""
    return Client().get(reverse("ruleset_rules", args=[ruleset_id]), HTTP_ACCEPT_LANGUAGE=language)


def rule_block(html: str, rule_id: str) -> str:
    """The HTML of the rule ``rule_id`` on its rules page."""
    match = re.search(rf'<div class="rule-text" id="{re.escape(rule_id)}">(.*?)</div>', html, re.S)
    assert match, rule_id
    return match.group(1)


def anchors(html: str) -> set[str]:
    """The ids of the rules on a rules page."""
    return set(re.findall(r'<div class="rule-text" id="([^"]+)">', html))


def rule_links(html: str) -> list[tuple[str, str, str]]:
    """Each link to a rule on a page, as (ruleset id, rule id, the text linked)."""
    found = re.findall(r'<a class="rule-link" href="/rules/([a-z0-9_]+)/#([^"]+)"[^>]*>(.*?)</a>', html, re.S)
    return [(ruleset_id, rule_id, text_of(shown)) for ruleset_id, rule_id, shown in found]


def test_the_forum_rules_page_shows_forum_012_with_the_documents_words() -> None:
    """FORUM-012 under its anchor: the statement in English and the
    document's words in Russian, marked as such."""
    response = rules_page("forum")
    assert response.status_code == 200
    html = response.content.decode()
    block = rule_block(html, "FORUM-012")
    assert "day roles' choices by 14:00" in unescape(block)
    assert re.search(r'<blockquote class="rule-quote" lang="ru">«Адвокат и Вышибала не позже 14:00', block)
    assert "Forum mafia" in text_of(re.search(r"<h1>(.*?)</h1>", html, re.S).group(1))


def test_the_werewolf18_rules_page_quotes_the_document_in_chinese() -> None:
    """WW18-023, the witch's knife information, quoted in the document's
    Chinese with ``lang="zh"``."""
    block = rule_block(rules_page("werewolf18").content.decode(), "WW18-023")
    assert re.search(r'<blockquote class="rule-quote" lang="zh">«通灵', block)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_rules_page_lists_every_numbered_rule_of_the_ruleset(ruleset_id: str) -> None:
    """Every rule of the ruleset's texts has its anchor on the page, once."""
    html = rules_page(ruleset_id).content.decode()
    ids = re.findall(r'<div class="rule-text" id="([^"]+)">', html)
    assert ids == list(rulesets.get(ruleset_id).rule_texts())


def test_the_rules_page_groups_the_rules_as_the_digest_does() -> None:
    """The piter rules come under their headings, the evening's vote
    (PITER-016, the execution) under «Evening: nominations and vote»."""
    html = rules_page("piter").content.decode()
    headings = [text_of(h) for h in re.findall(r"<h2[^>]*>(.*?)</h2>", html, re.S)]
    assert "Evening: nominations and vote (day step)" in headings
    evening = html.split("Evening: nominations and vote")[1].split("<h2")[0]
    assert 'id="PITER-016"' in evening


def test_the_rules_page_title_is_in_the_reader_language() -> None:
    """A Russian reader reads the ruleset's Russian title."""
    html = rules_page("forum", "ru").content.decode()
    assert "Виртуальная мафия (форумная)" in text_of(re.search(r"<h1>(.*?)</h1>", html, re.S).group(1))


def test_an_unknown_ruleset_has_no_rules_page() -> None:
    assert rules_page("nosuchrules").status_code == 404


def test_a_rule_id_outside_the_texts_gets_no_link() -> None:
    """An ambiguity's id (B-13), a section (CLASSIC §2) or a number past
    the last rule stay plain text; a range links to its first rule."""
    forum = rulesets.get("forum")
    assert rule_link(forum, "B-13") == ""
    assert rule_link(rulesets.get("classic"), "CLASSIC §2") == ""
    assert rule_link(forum, "FORUM-999") == ""
    assert rule_link(forum, "FORUM-083..086") == "/rules/forum/#FORUM-083"
    assert rule_link(forum, "FORUM-052") == "/rules/forum/#FORUM-052"


@pytest.mark.parametrize(
    ("ruleset_id", "variant", "n"), [("forum", "two_sided", 9), ("werewolf18", "", 18)], ids=["forum", "werewolf18"]
)
def test_the_replay_links_each_rule_id_to_its_text(personas, make_user, ruleset_id, variant, n) -> None:
    """Every rule id of a finished game's replay that the ruleset's texts
    hold is a link to its anchor on the ruleset's rules page (FORUM-052,
    WW18-023…), keeping its explanation; each anchor linked exists there."""
    game = finished_game(personas, make_user, ruleset_id, variant, n)
    html = page(game).content.decode()
    texts = flow.ruleset_of(game).rule_texts()
    shown = re.findall(r'<abbr class="rule" title="[^"]+">([^<]+)</abbr>', html)
    linked = re.findall(
        rf'<a class="rule-link" href="/rules/{ruleset_id}/#([^"]+)"><abbr class="rule" title="[^"]+">([^<]+)</abbr></a>',
        html,
    )
    assert linked
    assert {text for _anchor, text in linked} == {r for r in shown if r.split("..")[0] in texts}
    assert all(text.split("..")[0] == anchor for anchor, text in linked)
    on_the_page = anchors(rules_page(ruleset_id).content.decode())
    every_anchor = {rule_id for where, rule_id, _text in rule_links(html) if where == ruleset_id}
    assert every_anchor and every_anchor <= on_the_page


def test_the_replay_points_to_the_rules_page(personas, make_user) -> None:
    game = finished_game(personas, make_user)
    html = page(game).content.decode()
    assert f'<a href="{reverse("ruleset_rules", args=["forum"])}">the rules of Forum mafia</a>' in html


def test_the_vote_flow_links_the_vote_law_to_its_text(personas, make_user) -> None:
    """The day's vote in the replay's vote flow names its law, FORUM-019
    (one vote a day, never changed), as a link to its text."""
    game = finished_game(personas, make_user)
    html = page(game).content.decode()
    flows = html[html.find('class="vote-flow"') :]
    assert ("forum", "FORUM-019", "FORUM-019") in rule_links(flows)
