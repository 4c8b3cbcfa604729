"""The live channel pushed, in Chromium (``LIVE_STREAM=1``, the site served
by uvicorn as deployed): a thread opens one stream and polls nothing; a
new post appears and an edited post is replaced in place, without a
console error under the strict content security policy; a hidden tab
closes its stream and, shown again, opens one that brings what was
written meanwhile; once the game has ended the page opens no stream."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from games import flow
from games.models import Game, Player, Room

from ..asgi_server import asgi_server
from .test_forum_game import log_in
from .test_live_updates import _set_visibility, a_post_edited_is_replaced_in_place

pytestmark = [pytest.mark.e2e]

STREAM = re.compile(r"/stream/g/")
POLL = re.compile(r"/(new|status|votes|live)/")


@dataclass
class Seen:
    """What a page did: its console errors, its script errors, the
    streams it asked for, their answers' statuses, and its polls."""

    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    streams: list[str] = field(default_factory=list)
    answered: list[int] = field(default_factory=list)
    polls: list[str] = field(default_factory=list)


def _bobs_day_thread(new_context, base: str, game: Game) -> tuple[Page, Room, Seen]:
    """Bob logged in at ``base``, on day 1's thread, its ``#live`` element
    naming a stream, with what the page does recorded from the start."""
    page = log_in(new_context, base, "bob")
    seen = Seen()
    page.on("console", lambda message: seen.console.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    page.on("request", lambda request: seen.streams.append(request.url) if STREAM.search(request.url) else None)
    page.on("response", lambda answer: seen.answered.append(answer.status) if STREAM.search(answer.url) else None)
    page.on("request", lambda request: seen.polls.append(request.url) if POLL.search(request.url) else None)
    day = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    page.goto(reverse("room", args=[game.slug, day.public_id]))
    expect(page.locator("#live[data-stream]")).to_have_count(1)
    return page, day, seen


def test_a_pushed_thread_shows_posts_and_edits_closes_when_hidden_and_stops_after_the_game(
    transactional_db, forum_game, new_context, screenshots
) -> None:
    game, seats = forum_game
    with asgi_server() as base:
        page, day, seen = _bobs_day_thread(new_context, base, game)
        streams, polls = seen.streams, seen.polls
        page.wait_for_timeout(1000)

        flow.post_create(room=day, seat=seats["Doc"], body="Arrived while you were reading.")
        expect(page.get_by_text("Arrived while you were reading.")).to_be_visible(timeout=10_000)
        a_post_edited_is_replaced_in_place(page, day, seats, 10_000)  # within its pace
        screenshots(page, "pushed-post-and-edit")
        assert len(streams) == 1 and polls == [], (streams, polls)

        _set_visibility(page, "hidden")
        page.wait_for_timeout(500)
        flow.post_create(room=day, seat=seats["Doc"], body="Written while the tab was hidden.")
        page.wait_for_timeout(3000)
        expect(page.get_by_text("Written while the tab was hidden.")).to_have_count(0)
        _set_visibility(page, "visible")
        expect(page.get_by_text("Written while the tab was hidden.")).to_be_visible(timeout=10_000)
        assert len(streams) == 2 and polls == [], (streams, polls)

        for nickname in ("Bonnie", "Mafia Two"):
            flow.player_modkill(game=game, player=Player.objects.get(game=game, nickname=nickname))
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
        expect(page.locator("#live[data-stream]")).to_have_count(0, timeout=10_000)  # within its pace
        page.wait_for_timeout(3000)
        assert len(streams) == 2 and polls == [], (streams, polls)
        assert seen.console + seen.errors == []


def test_a_page_refused_its_stream_asks_the_channel_and_still_shows_new_posts(
    transactional_db, forum_game, new_context
) -> None:
    """With no stream free for the browser (429), the thread asks its live
    channel every 10 s instead, so a new post still appears, without a
    console error other than the refused request's own."""
    game, seats = forum_game
    with asgi_server(LIVE_STREAMS_PER_BROWSER="0") as base:
        page, day, seen = _bobs_day_thread(new_context, base, game)
        errors, streams, polls = seen.errors, seen.answered, seen.polls
        page.wait_for_timeout(1500)
        assert streams == [429], streams

        flow.post_create(room=day, seat=seats["Doc"], body="Read by a page that polls.")
        expect(page.get_by_text("Read by a page that polls.")).to_be_visible(timeout=15_000)
        assert polls, "the page did not ask its channel"
        assert streams == [429], streams  # asked again only after Retry-After
        assert errors == []
