"""The host dashboard on a phone (390 px wide): the urgent group (a failed
deadline, the phase, the drafts, the questions) comes first and open, the
other groups fold, and every button, select and fold is a touch target of
at least 44 px."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from .test_forum_game import log_in
from .test_host_dashboard import a_day_in_progress

pytestmark = [pytest.mark.e2e]

PHONE = {"width": 390, "height": 844}
TARGET = 44  # px: WCAG 2.2's 24 px minimum, at the size touch guidelines ask


def test_the_phone_dashboard_puts_urgent_things_first_with_large_targets(
    transactional_db, personas, make_user, live_server, new_context, screenshots
) -> None:
    game = a_day_in_progress(personas["alice"], make_user)
    host = log_in(new_context, live_server.url, "alice")
    host.set_viewport_size(PHONE)
    host.goto(reverse("host", args=[game.slug]))
    expect(host.locator("#deadline-failed")).to_be_visible()
    groups = host.evaluate("() => [...document.querySelectorAll('details.dash-group')].map(g => [g.id, g.open])")
    assert groups[0] == ["group-now", True], groups
    assert all(not is_open for _id, is_open in groups[1:]), groups
    for selector in ("#deadline-failed", "#phase", "#results"):
        assert host.locator(f"#group-now {selector}").count() == 1, selector
    screenshots(host, "host-dashboard-phone")
    small = host.evaluate(
        """min => [...document.querySelectorAll('button, select, .button, summary')]
              .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
              .map(el => [el.outerHTML.slice(0, 80), Math.round(el.getBoundingClientRect().height)])
              .filter(([, h]) => h < min)""",
        TARGET,
    )
    assert not small, f"touch targets under {TARGET} px: {small}"
    height = host.evaluate("() => document.documentElement.scrollHeight")
    print("phone dashboard height", height)
    # A folded group opens with one tap, its tools then at hand.
    host.locator("#group-history > summary").click()
    expect(host.locator("#log")).to_be_visible()
