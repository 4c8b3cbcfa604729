"""The vote flow page of a played day in the browser: axe-core finds no
serious or critical violation, and on a 390 px wide phone the page does
not scroll sideways (the drawing scales to the screen)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games import flow
from games.models import Room

from .test_accessibility import BLOCKING, PHONE, check, fits_the_phone, without_csp
from .test_forum_game import log_in

pytestmark = [pytest.mark.e2e]


def test_the_vote_flow_of_a_played_day_passes_axe_and_fits_a_phone(
    transactional_db, forum_game, live_server, new_context, screenshots
) -> None:
    game, seats = forum_game
    for voter, target in (
        ("Bonnie", "Doc"),
        ("Clyde", "Bonnie"),
        ("Mafia Two", "Doc"),
        ("Doc", "Bonnie"),
        ("Plain One", "Bonnie"),
        ("Plain Two", "Doc"),
    ):
        flow.vote_cast(game=game, seat=seats[voter], target=seats[target])
    flow.phase_resolve_now(game=game)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    path = reverse("vote_flow", args=[game.slug, room.public_id])
    new_context = without_csp(new_context)
    found: dict[str, list[str]] = {}

    bob = log_in(new_context, live_server.url, "bob")
    bob.goto(reverse("room", args=[game.slug, room.public_id]))
    bob.get_by_role("link", name="The vote flow of this day, step by step").click()
    expect(bob.get_by_role("img", name="Vote: the votes on each candidate after each ballot")).to_be_visible()
    expect(bob.locator("table.vote-flow-steps tbody tr")).to_have_count(6)
    check(bob, "player vote flow", found)
    screenshots(bob, "vote-flow")

    visitor = new_context(base_url=live_server.url, locale="en-US", viewport=PHONE).new_page()
    visitor.goto(path)
    expect(visitor.locator("svg.vote-flow-chart")).to_be_visible()
    check(visitor, "visitor vote flow on a phone", found)
    screenshots(visitor, "phone-vote-flow")
    chart = visitor.locator("svg.vote-flow-chart").bounding_box()
    assert chart is not None and chart["width"] <= PHONE["width"]
    assert fits_the_phone(visitor) <= PHONE["width"]

    blocking = [line for impact in BLOCKING for line in found.get(impact, [])]
    assert not blocking, "serious or critical accessibility violations:\n" + "\n".join(blocking)
