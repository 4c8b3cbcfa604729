"""Live updates under the strict content security policy, in Chromium: the
thread polls its one live channel without a console error (no eval), new
posts appear, a post edited after the page was opened is replaced in place
with its "edited at" mark, a hidden tab sends no polls, and polling stops
once the game has ended; an open page sends one request per interval."""

from __future__ import annotations

import re
import time

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from games import flow
from games.models import Game, Player, ReadMark, Room

from .test_forum_game import log_in

pytestmark = [pytest.mark.e2e]

POLL = re.compile(r"/(new|status|votes|live)/")


def _polls_during(page: Page, polls: list[str], seconds: float) -> int:
    before = len(polls)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        page.wait_for_timeout(250)
    return len(polls) - before


def _mark(room: Room, username: str) -> int:
    """The read mark of ``username`` in ``room`` (0: none)."""
    return ReadMark.objects.filter(room=room, user__username=username).values_list("number", flat=True).first() or 0


def _set_visibility(page: Page, state: str) -> None:
    page.evaluate(
        """state => {
            Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


def a_post_edited_is_replaced_in_place(page: Page, day: Room, seats: dict, timeout: int) -> None:
    """A post written and then edited while ``page`` shows the thread
    ``day`` appears, then is replaced in place (the page not reloaded)
    with its "edited at" mark, each within ``timeout`` ms."""
    post = flow.post_create(room=day, seat=seats["Clyde"], body="I suspect Plain Two.")
    article = page.locator(f"article#p{post.number}")
    expect(article).to_contain_text("I suspect Plain Two.", timeout=timeout)
    page.evaluate("() => { window.notReloaded = true; }")
    flow.post_edit(post=post, body="On second thought, I suspect [b]Bonnie[/b].")
    expect(article.locator(".body b")).to_have_text("Bonnie", timeout=timeout)
    expect(article).not_to_contain_text("I suspect Plain Two.")
    expect(article.locator("em.edited")).to_contain_text("edited at")
    assert page.locator(f"article#p{post.number}").count() == 1  # replaced in place, not added
    assert page.evaluate("() => window.notReloaded") is True


def test_live_updates_work_under_the_csp_pause_when_hidden_and_stop_after_the_game(
    transactional_db, forum_game, live_server, new_context, screenshots
) -> None:
    game, seats = forum_game
    page = log_in(new_context, live_server.url, "bob")
    errors: list[str] = []
    polls: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: polls.append(request.url) if POLL.search(request.url) else None)
    day = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    page.goto(reverse("room", args=[game.slug, day.public_id]))

    arrived = flow.post_create(room=day, seat=seats["Doc"], body="Arrived while you were reading.")
    expect(page.get_by_text("Arrived while you were reading.")).to_be_visible(timeout=15_000)
    screenshots(page, "live-post")
    # The channel's next ask reports it seen: a POST carrying the page's
    # CSRF token (the body's hx-headers), which moves bob's read mark.
    until = time.monotonic() + 15
    while _mark(day, "bob") < arrived.number and time.monotonic() < until:
        page.wait_for_timeout(250)
    assert _mark(day, "bob") == arrived.number
    assert errors == []

    a_post_edited_is_replaced_in_place(page, day, seats, 15_000)
    screenshots(page, "live-edit")
    assert errors == []

    _set_visibility(page, "hidden")
    page.wait_for_timeout(500)
    assert _polls_during(page, polls, 11) == 0
    _set_visibility(page, "visible")
    assert _polls_during(page, polls, 11) > 0

    for nickname in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=Player.objects.get(game=game, nickname=nickname))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    page.wait_for_timeout(11_000)  # the polls that were due render their last fragments
    assert _polls_during(page, polls, 11) == 0
    assert errors == []


def test_an_open_vote_thread_sends_one_request_per_interval_and_shows_a_vote(
    transactional_db, forum_game, live_server, new_context
) -> None:
    """The vote thread shows posts, the vote count and the phase bar, all
    live, through one channel: one request every 5 s, none to the older
    per-part polls; a vote cast meanwhile reaches the count."""
    game, seats = forum_game
    page = log_in(new_context, live_server.url, "carol")
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if POLL.search(request.url) else None)
    vote = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    page.goto(reverse("room", args=[game.slug, vote.public_id]))
    page.wait_for_timeout(500)
    sent = _polls_during(page, polls, 16)
    assert 2 <= sent <= 4  # one every 5 s
    assert all("/live/" in url for url in polls), polls
    flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"])
    expect(page.locator("#vote-count-body ol")).to_contain_text("Bonnie", timeout=15_000)
