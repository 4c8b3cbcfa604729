"""The host dashboard's event log is a readable table (the event named,
its details as "label: value" in the host's language), filterable by kind
and paginated; its live part is refreshed by a fragment of its own, which
only the host reads."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse

from games import flow
from games.event_log import COMPILED_PAGES, PER_PAGE
from games.models import Event, Resolution

from .channel import channel_url
from .pages import client_as
from .test_flow import everyone_votes_for


def test_the_log_names_each_event_and_its_details(forum_game, personas) -> None:
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    page = client_as(personas["alice"]).get(reverse("host", args=[game.slug])).content.decode()
    log = page[page.index('id="log"') :]
    assert "Game started" in log
    assert "voter: Clyde; for: Bonnie" in log  # nicknames as they are, labels translated
    assert "{'" not in unescape(log)  # no raw dictionaries


def test_the_log_is_filtered_by_kind_and_paginated(forum_game, personas) -> None:
    game, seats = forum_game
    for i in range(PER_PAGE + 5):
        flow.log_event(game, "deadline_extended", {"minutes": i})
    host = client_as(personas["alice"])
    page = host.get(reverse("host", args=[game.slug]), {"log_kind": "deadline_extended"}).content.decode()
    log = page[page.index('id="log"') :]
    assert "<td>Game started</td>" not in log
    assert log.count("Deadlines extended</td>") == PER_PAGE
    assert "Page 1 of 2" in log and "minutes: 54" in log
    older = host.get(reverse("host", args=[game.slug]), {"log_kind": "deadline_extended", "log_page": 2})
    log = older.content.decode()[older.content.decode().index('id="log"') :]
    assert log.count("Deadlines extended</td>") == 5 and "minutes: 0<" in log
    # A kind the log does not hold, or a page past the end, still answers.
    assert host.get(reverse("host", args=[game.slug]), {"log_kind": "<x>", "log_page": "99"}).status_code == 200


def test_every_page_of_a_long_log_shows_its_own_events(forum_game, personas) -> None:
    """The first pages are read by kept statements, the later ones by the
    paginator's: each shows its own events, newest first, and the count of
    pages is the log's, with or without a kind."""
    game, _seats = forum_game
    extra = PER_PAGE * COMPILED_PAGES + 7
    for i in range(extra):
        flow.log_event(game, "deadline_extended", {"minutes": i})
    host = client_as(personas["alice"])
    total = Event.objects.filter(game=game).count()
    pages = -(-total // PER_PAGE)
    for number in (1, COMPILED_PAGES, COMPILED_PAGES + 1):
        page = host.get(reverse("host", args=[game.slug]), {"log_kind": "deadline_extended", "log_page": number})
        log = page.content.decode()[page.content.decode().index('id="log"') :]
        newest = extra - 1 - (number - 1) * PER_PAGE
        shown = [int(n) for n in re.findall(r"minutes: (\d+)<", log)]
        assert shown == list(range(newest, max(newest - PER_PAGE, -1), -1))
        assert f"Page {number} of {COMPILED_PAGES + 1}" in log
    page = host.get(reverse("host", args=[game.slug]), {"log_page": pages}).content.decode()
    log = page[page.index('id="log"') :]
    assert f"Page {pages} of {pages}" in log and "<td>Game created</td>" in log


def test_the_kind_filter_offers_each_kind_the_log_holds_once(forum_game, personas) -> None:
    """However many events of a kind the log holds, the filter names that
    kind once, and only the kinds the log holds."""
    game, _seats = forum_game
    for i in range(3):
        flow.log_event(game, "deadline_extended", {"minutes": i})
    page = client_as(personas["alice"]).get(reverse("host", args=[game.slug])).content.decode()
    select = page[page.index('<select id="log-kind"') :]
    options = re.findall(r'<option value="([^"]*)"', select[: select.index("</select>")])
    kinds = set(Event.objects.filter(game=game).values_list("kind", flat=True))
    assert options.count("deadline_extended") == 1
    assert sorted(options) == sorted(["", *kinds])


def test_the_log_reads_in_the_hosts_language(forum_game, personas) -> None:
    game, _seats = forum_game
    host = client_as(personas["alice"])
    host.post(reverse("set_language"), {"language": "ru", "next": "/"})
    page = host.get(reverse("host", args=[game.slug])).content.decode()
    assert "Игра началась" in page[page.index('id="log"') :]


def test_the_live_part_is_a_fragment_only_the_host_reads(forum_game, personas, make_user) -> None:
    """The dashboard's live part comes through its channel to the host
    alone, without the event log or a page around it; anyone else asking
    for it gets a 404."""
    game, seats = forum_game
    url = channel_url(game, h=1)
    fragment = client_as(personas["alice"]).get(url)
    assert fragment.status_code == 200
    body = fragment.content.decode()
    assert '<div id="phase-live" hx-swap-oob="true">' in body
    assert "Event log" not in body and "<html" not in body
    for user in (personas["bob"], make_user("stranger")):
        assert client_as(user).get(url).status_code in (403, 404)
    assert Event.objects.filter(game=game).exists()


def test_the_dashboard_puts_the_running_phase_and_its_drafts_first(forum_game, personas) -> None:
    """The phase, who has not acted, the vote count and the results drafts
    come before the tools, the players and the log."""
    game, _seats = forum_game
    page = client_as(personas["alice"]).get(reverse("host", args=[game.slug])).content.decode()
    order = [page.index(f'<section id="{section}"') for section in ("phase", "results", "inbox", "players", "log")]
    assert order == sorted(order)
    assert page.index("Not acted yet") < page.index('<section id="players"')


def test_drafts_come_first_with_their_traces_folded_and_published_results_further_down(forum_game, personas) -> None:
    """A draft waits at the top (its box as tall as its text, its trace
    folded); once published it moves below the tools, folded, for a
    correction, before the event log (tests/e2e/test_host_dashboard.py
    measures the two screens)."""
    game, seats = forum_game
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    host = client_as(personas["alice"])
    url = reverse("host", args=[game.slug])
    page = host.get(url).content.decode()
    drafts = page[page.index('<section id="results">') : page.index("</section>", page.index('<section id="results">'))]
    assert "<h2>Results drafts</h2>" in drafts and "Day 1 — draft" in drafts
    resolution = Resolution.objects.get(deadline__phase__game=game)
    # One row per 114 characters of each line (what a row of the box holds
    # on a desktop screen), at least 3.
    rows = max(sum(-(-max(len(line), 1) // 114) for line in resolution.results.splitlines()), 3)
    assert 3 <= rows < 8
    assert f'<textarea name="text" cols="40" rows="{rows}"' in drafts
    assert '<details class="trace"><summary>Trace' in drafts and "<details open" not in drafts
    assert '<section id="published">' not in page

    flow.results_publish(resolution=resolution, text=resolution.results)
    page = host.get(url).content.decode()
    assert "No results draft waits for you." in page
    order = [page.index(f'<section id="{section}"') for section in ("phase", "results", "tools", "published", "log")]
    assert order == sorted(order)
    published = page[page.index('<section id="published">') : page.index('<section id="log">')]
    assert '<details class="resolution"><summary>Day 1 — published</summary>' in published
    assert "Correct the published results" in published

    # A refused correction opens its item, so the host sees why.
    refused = host.post(reverse("host_results", args=[game.slug, resolution.id]), {"text": ""})
    body = refused.content.decode()
    assert refused.status_code == 400
    assert '<details class="resolution" open><summary>Day 1 — published</summary>' in body
