"""Any screen, anyone: every page type of a running game, as a player, as
the host and logged out, passes axe-core with no "serious" or "critical"
violation (the others are printed), fits a 390 px wide phone without a
horizontal scroll, and announces its live updates politely.

axe-core is vendored in ``tests/e2e/vendor/`` (see its VERSION file).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from games import flow
from games.models import Player, Room

from .test_forum_game import log_in

pytestmark = [pytest.mark.e2e]

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")
PHONE = {"width": 390, "height": 844}
LONG_NICKNAME = "Bartholomew-Maximilian-Featherstonehaugh-of-the-Snowed-Inn"


def axe_violations(page: Page) -> list[dict]:
    """Run axe-core (WCAG 2.x A/AA and best practices) on the page as it is."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("async () => (await axe.run(document)).violations")


def check(page: Page, label: str, found: dict[str, list[str]]) -> None:
    """Print every violation axe finds on the page and collect them into
    ``found`` by impact (the serious and critical ones fail the test)."""
    for v in axe_violations(page):
        nodes = [", ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"]) for n in v["nodes"]]
        line = f"{label}: [{v['impact']}] {v['id']}: {v['help']} — {'; '.join(nodes[:5])}"
        print(line)
        found.setdefault(v["impact"] or "unknown", []).append(line)


def fits_the_phone(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def without_csp(new_context):
    """Contexts that let ``add_script_tag`` inject axe-core: the site's
    content security policy forbids inline scripts (the live updates test
    checks the pages under it)."""
    return lambda **kwargs: new_context(**kwargs, bypass_csp=True)


def room_path(game, kind: str, day: int | None = None) -> str:
    rooms = Room.objects.filter(game=game, kind=kind)
    if day is not None:
        rooms = rooms.filter(day=day)
    return reverse("room", args=[game.slug, rooms.order_by("-id").first().public_id])


def to_night(game) -> None:
    """The tick passes every deadline of day 1: the night opens."""
    last = flow.current_phase(game).deadlines.order_by("-due_at").first()
    flow.resolve_due(now=last.due_at + timedelta(seconds=1))


def test_every_page_of_a_running_game_passes_axe_fits_a_phone_and_announces_live_updates(
    transactional_db, forum_game, live_server, new_context, screenshots
) -> None:
    game, seats = forum_game
    base = live_server.url
    # A citizen is out, so the graveyard has a reader.
    flow.player_modkill(game=game, player=seats["Plain Three"])
    # A long unbroken word must wrap on a phone.
    flow.post_create(
        room=Room.objects.get(game=game, kind=Room.Kind.DAY, day=1),
        seat=seats["Doc"],
        body="[b]Evidence:[/b] https://example.com/" + "x" * 120 + " and a [quote=Doc]quoted line[/quote]",
    )
    found: dict[str, list[str]] = {}

    new_context = without_csp(new_context)
    host = log_in(new_context, base, "alice")
    bob = log_in(new_context, base, "bob")  # Bonnie, the Don
    ghost = log_in(new_context, base, "p5")  # Plain Three, out
    day, vote = room_path(game, Room.Kind.DAY, 1), room_path(game, Room.Kind.VOTE, 1)
    graveyard = room_path(game, Room.Kind.GRAVEYARD)
    game_url = reverse("game", args=[game.slug])

    # Logged out: home and the login form.
    visitor = new_context(base_url=base, locale="en-US").new_page()
    for label, path in (("visitor home", "/"), ("login page", "/accounts/login/"), ("visitor game", game_url)):
        visitor.goto(path)
        check(visitor, label, found)
        screenshots(visitor, label.replace(" ", "-"))

    # The player during day 1: the vote thread shows the vote form.
    for label, path in (
        ("player home", "/"),
        ("player game page", game_url),
        ("player day thread", day),
        ("player vote thread", vote),
        ("player host-a-game form", reverse("game_new")),
        ("player posts of one player", f"{day}?by={seats['Doc'].public_id}"),
        ("player day activity", reverse("room_activity", args=[game.slug, day.split("/")[-2]])),
        ("player vote history", reverse("player_votes", args=[game.slug, seats["Doc"].public_id])),
    ):
        bob.goto(path)
        if label == "player vote thread":
            expect(bob.locator("form.vote-form select[name=target]")).to_be_visible()
        check(bob, label, found)
        screenshots(bob, label.replace(" ", "-"))

    ghost.goto(graveyard)
    expect(ghost.locator("#post-body")).to_be_visible()
    check(ghost, "player graveyard", found)
    screenshots(ghost, "player-graveyard")

    # The host during day 1.
    for label, path in (
        ("host home", "/"),
        ("host game page", game_url),
        ("host dashboard", reverse("host", args=[game.slug])),
        ("host registry of nicknames", reverse("host_accounts", args=[game.slug])),
        ("host day thread", day),
        ("host vote thread", vote),
        ("host graveyard", graveyard),
        ("host-a-game form", reverse("game_new")),
    ):
        host.goto(path)
        check(host, label, found)
        screenshots(host, label.replace(" ", "-"))

    # Live regions: new posts and the vote count are announced politely.
    bob.goto(day)
    expect(bob.locator("#posts")).to_have_attribute("aria-live", "polite")
    bob.goto(vote)
    expect(bob.locator("#vote-count")).to_have_attribute("aria-live", "polite")
    bob.locator("form.vote-form select[name=target]").select_option(label="Doc")
    bob.locator("form.vote-form input[name=confirm]").check()  # a forum vote cannot change (FORUM-019)
    bob.locator("form.vote-form button[type=submit]").click()
    expect(bob.locator("#vote-count")).to_contain_text("Doc: 1")
    expect(bob.locator("#vote-count")).to_have_attribute("aria-live", "polite")
    # The live region itself stays while its count is polled and changes,
    # so a screen reader announces the new count.
    bob.locator("#vote-count").evaluate("el => { el.dataset.kept = 'yes'; }")
    flow.vote_cast(game=game, seat=seats["Plain Two"], target=seats["Plain One"])
    expect(bob.locator("#vote-count")).to_contain_text("Plain One: 1", timeout=15000)
    expect(bob.locator("#vote-count")).to_have_attribute("data-kept", "yes")
    check(bob, "player vote thread after voting", found)

    # The night: the Don's cabinet has a choice form.
    for nickname in ("Clyde", "Mafia Two", "Doc", "Plain One"):
        target = seats["Doc" if nickname == "Plain One" else "Plain One"]
        flow.vote_cast(game=game, seat=seats[nickname], target=target)
    to_night(game)
    bob.goto(reverse("cabinet", args=[game.slug]))
    expect(bob.locator("form.action-form").first).to_be_visible()
    check(bob, "player cabinet", found)
    screenshots(bob, "player-cabinet")
    host.goto(reverse("host", args=[game.slug]))
    check(host, "host dashboard at night", found)
    screenshots(host, "host-dashboard-night")

    # The same pages on a 390 px wide phone: no horizontal scroll.
    # A long nickname wraps too (renamed in the list of seats only: the
    # game's state keeps the name it was dealt under, and no deadline runs
    # after this).
    Player.objects.filter(pk=seats["Plain Two"].pk).update(nickname=LONG_NICKNAME)
    wide: dict[str, int] = {}
    for page in (bob, host, visitor):
        page.set_viewport_size(PHONE)
    for page, label, path in (
        (bob, "game page", game_url),
        (bob, "day thread", day),
        (bob, "vote thread", vote),
        (bob, "cabinet", reverse("cabinet", args=[game.slug])),
        (host, "host dashboard", reverse("host", args=[game.slug])),
        (host, "host vote thread", vote),
        (host, "home", "/"),
        (host, "host-a-game form", reverse("game_new")),
        (visitor, "login page", "/accounts/login/"),
    ):
        page.goto(path)
        width = fits_the_phone(page)
        screenshots(page, f"phone-{label.replace(' ', '-')}")
        if width > PHONE["width"]:
            wide[label] = width
    assert not wide, f"pages wider than {PHONE['width']} px: {wide}"

    print("axe violations by impact:", {impact: len(lines) for impact, lines in found.items()} or "none")
    blocking = [line for impact in BLOCKING for line in found.get(impact, [])]
    assert not blocking, "serious or critical accessibility violations:\n" + "\n".join(blocking)
