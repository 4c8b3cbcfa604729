"""The rules pages in a browser: each ruleset's numbered rules pass
axe-core with no serious or critical violation and fit a 390 px wide
phone; from a finished game's replay, a rule id leads to its text on its
ruleset's rules page."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Game
from tests.games.test_every_ruleset import hosted_game, play_to_the_end

from .test_accessibility import BLOCKING, PHONE, check, fits_the_phone, without_csp

pytestmark = [pytest.mark.e2e]

RULESETS = ["forum", "piter", "classic", "cosmo", "werewolf18"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_each_rules_page_passes_axe_and_fits_a_phone(
    transactional_db, live_server, new_context, screenshots, ruleset_id
) -> None:
    visitor = without_csp(new_context)(base_url=live_server.url, locale="en-US", viewport=PHONE).new_page()
    visitor.goto(reverse("ruleset_rules", args=[ruleset_id]))
    expect(visitor.locator("h1")).to_contain_text("The rules:")
    screenshots(visitor, f"phone-rules-{ruleset_id}")
    found: dict[str, list[str]] = {}
    check(visitor, f"rules {ruleset_id}", found)
    blocking = [line for impact in BLOCKING for line in found.get(impact, [])]
    assert not blocking, "serious or critical accessibility violations:\n" + "\n".join(blocking)
    assert fits_the_phone(visitor) <= PHONE["width"]


def test_a_rule_id_of_the_replay_opens_its_text(
    transactional_db, personas, make_user, live_server, new_context
) -> None:
    """The first rule id linked in a forum replay opens the forum rules
    page on that rule, its statement and quote in view."""
    game = hosted_game(personas["alice"], make_user, "forum", "two_sided", 9, seed=11)
    play_to_the_end(game, random.Random(5))
    assert game.status == Game.Status.FINISHED
    visitor = new_context(base_url=live_server.url, locale="en-US", viewport=PHONE).new_page()
    visitor.goto(reverse("replay", args=[game.slug]))
    link = visitor.locator("ol.trace a.rule-link").first
    rule_id = link.inner_text()
    link.click()
    expect(visitor).to_have_url(f"{live_server.url}/rules/forum/#{rule_id}")
    rule = visitor.locator(f"[id='{rule_id}']")
    expect(rule).to_be_in_viewport()
    expect(rule.locator("blockquote[lang='ru']")).to_be_visible()
