"""The host dashboard fits on two screens: on a desktop (1280×800), while a
day of a 15-seat game runs, the alert of a failed deadline, the phase,
who has not acted, the vote count and the draft results all end within the
first two screen heights, before the event log and the other tools."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from games import flow
from games.models import Game, Resolution
from tests.games.test_every_ruleset import hand_in_choices

from .test_forum_game import log_in

pytestmark = [pytest.mark.e2e]

DESKTOP = {"width": 1280, "height": 800}
TWO_SCREENS = 2 * DESKTOP["height"]
SEATS = 15
# What the host reads first, by selector (the alert, the phase and its live
# part: who has not acted and the vote count, the draft results).
FIRST = {
    "alert": "#deadline-failed",
    "phase": "#phase",
    "not acted": "#pending",
    "vote count": "#vote-count-host",
    "draft results": "#results",
}

# What follows them: the players, the tools and the event log.
LATER = {"players": "#players", "tools": "#tools", "event log": "#log"}


def box(page: Page, selector: str) -> dict[str, float]:
    """The element's top and bottom in page coordinates (px from the top
    of the document)."""
    found = page.evaluate(
        """sel => { const el = document.querySelector(sel); if (!el) return null;
                   const r = el.getBoundingClientRect();
                   return {top: r.top + window.scrollY, bottom: r.bottom + window.scrollY}; }""",
        selector,
    )
    assert found is not None, f"{selector} is not on the dashboard"
    return found


def a_day_in_progress(host, make_user) -> Game:
    """A three-sided forum game of 15 seats whose results wait as drafts:
    day 1 and night 1 resolved (two drafts with their traces), day 2 open
    with some votes and choices handed in, and its vote deadline failed."""
    game = flow.game_create(host=host, title="Snowed inn", ruleset_id="forum", variant="three_sided", language="en")
    flow.signup_open(game=game)
    for i in range(1, SEATS + 1):
        flow.nickname_register(game=game, user=make_user(f"guest{i}"), nickname=f"Guest number {i}")
    game.refresh_from_db()
    game.seed = 11
    game.save(update_fields=["seed"])
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game)
    game.refresh_from_db()
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    rng = random.Random(5)
    seats = list(game.players.seated())
    for seat in seats:
        flow.vote_cast(game=game, seat=seat, target=seats[rng.randrange(3)] if seat != seats[0] else seats[1])
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    hand_in_choices(game, rng, timezone.now())
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    assert game.is_running and flow.current_phase(game).key == "day-2"
    living = list(game.players.seated().filter(alive=True))
    for seat in living[: len(living) // 2]:
        flow.vote_cast(game=game, seat=seat, target=living[-1])
    hand_in_choices(game, rng, timezone.now())
    deadline = flow.current_phase(game).deadlines.filter(done_at__isnull=True).order_by("due_at").first()
    deadline.fail("RulesError: the night's order names a player who is not in the game", timezone.now())
    assert Resolution.objects.filter(deadline__phase__game=game, published_post=None).count() == 2
    return game


def test_the_host_dashboard_shows_what_matters_within_two_desktop_screens(
    transactional_db, personas, make_user, live_server, new_context, screenshots
) -> None:
    game = a_day_in_progress(personas["alice"], make_user)
    host = log_in(new_context, live_server.url, "alice")
    host.set_viewport_size(DESKTOP)
    host.goto(reverse("host", args=[game.slug]))
    expect(host.locator("#deadline-failed")).to_be_visible()
    expect(host.locator("#results .resolution")).to_have_count(2)
    screenshots(host, "host-dashboard-desktop")
    boxes = {name: box(host, selector) for name, selector in FIRST.items()}
    later = {name: box(host, selector)["top"] for name, selector in LATER.items()}
    print({name: round(b["bottom"]) for name, b in boxes.items()}, "then", {k: round(v) for k, v in later.items()})
    late = {name: round(b["bottom"]) for name, b in boxes.items() if b["bottom"] > TWO_SCREENS}
    assert not late, f"ending below the first two screens ({TWO_SCREENS} px): {late}"
    last = max(b["bottom"] for b in boxes.values())
    assert all(top >= last for top in later.values()), f"before what matters: {later}"
