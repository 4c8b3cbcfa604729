"""A player's profile and the site statistics in the browser: both pass
axe-core with no "serious" or "critical" violation and fit a 390 px wide
phone without a horizontal scroll; the profile lists the finished game
that revealed its accounts and not the running one; the account menu
leads to the reader's own profile and the footer to the statistics."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.games.test_profiles_and_stats import forum_game, mafia_wins, town_wins

from .test_accessibility import BLOCKING, PHONE, check, fits_the_phone, without_csp
from .test_forum_game import log_in

pytestmark = [pytest.mark.e2e]


def test_the_profile_and_the_statistics_pass_axe_and_fit_a_phone(
    transactional_db, personas, make_user, live_server, new_context, screenshots
) -> None:
    host = personas["alice"]
    town_wins(*forum_game(host, make_user, "Open town", reveal=True))
    mafia_wins(*forum_game(host, make_user, "Open mafia", reveal=True))
    forum_game(host, make_user, "Live town", reveal=True)
    base = live_server.url
    found: dict[str, list[str]] = {}
    new_context = without_csp(new_context)

    bob = log_in(new_context, base, "bob")
    bob.set_viewport_size(PHONE)
    bob.goto("/")
    bob.get_by_role("link", name="My profile").click()
    expect(bob.locator("h1")).to_have_text("bob's profile")
    expect(bob.locator("table.played")).to_contain_text("Sun Bonnie")
    expect(bob.locator("table.played")).to_contain_text("Moon Bonnie")
    expect(bob.locator("main")).not_to_contain_text("Live town")
    check(bob, "own profile", found)
    screenshots(bob, "phone-own-profile")
    wide = {}
    if fits_the_phone(bob) > PHONE["width"]:
        wide["own profile"] = fits_the_phone(bob)

    # Bob hides his profile: he reads the notice; a visitor gets a 404.
    bob.goto(reverse("profile_settings"))
    bob.get_by_label("hide my profile").check()
    bob.locator("main form button[type=submit]").click()
    bob.goto(reverse("profile", args=["bob"]))
    expect(bob.locator(".notice")).to_contain_text("Your profile is hidden")
    check(bob, "hidden own profile", found)

    visitor = new_context(base_url=base, locale="en-US", viewport=PHONE).new_page()
    assert visitor.goto(reverse("profile", args=["bob"])).status == 404
    visitor.goto(reverse("profile", args=["carol"]))
    expect(visitor.locator("table.played")).to_contain_text("Sun Clyde")
    check(visitor, "profile seen by a visitor", found)
    screenshots(visitor, "phone-carol-profile")
    if fits_the_phone(visitor) > PHONE["width"]:
        wide["profile"] = fits_the_phone(visitor)

    visitor.goto("/")
    visitor.locator("footer").get_by_role("link", name="Site statistics").click()
    expect(visitor.locator("svg.bar-chart").first).to_be_visible()
    expect(visitor.locator("svg.bar-chart").first).to_contain_text("Players: 7")
    expect(visitor.locator("main table").first).to_contain_text("Town won")
    check(visitor, "site statistics", found)
    screenshots(visitor, "phone-site-statistics")
    if fits_the_phone(visitor) > PHONE["width"]:
        wide["site statistics"] = fits_the_phone(visitor)
    visitor.set_viewport_size({"width": 1100, "height": 800})
    screenshots(visitor, "wide-site-statistics")

    assert not wide, f"pages wider than {PHONE['width']} px: {wide}"
    print("axe violations by impact:", {impact: len(lines) for impact, lines in found.items()} or "none")
    blocking = [line for impact in BLOCKING for line in found.get(impact, [])]
    assert not blocking, "serious or critical accessibility violations:\n" + "\n".join(blocking)
