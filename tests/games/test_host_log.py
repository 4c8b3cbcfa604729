"""The host dashboard's event log is a readable table (the event named,
its details as "label: value" in the host's language), filterable by kind
and paginated; its live part is refreshed by a fragment of its own, which
only the host reads."""

from __future__ import annotations

from django.urls import reverse

from games import flow
from games.event_log import PER_PAGE
from games.models import Event

from .pages import client_as


def test_the_log_names_each_event_and_its_details(forum_game, personas) -> None:
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    page = client_as(personas["alice"]).get(reverse("host", args=[game.slug])).content.decode()
    log = page[page.index('id="log"') :]
    assert "Game started" in log
    assert "voter: Clyde; for: Bonnie" in log  # nicknames as they are, labels translated
    assert "{&#x27;" not in log and "{'" not in log  # no raw dictionaries


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


def test_the_log_reads_in_the_hosts_language(forum_game, personas) -> None:
    game, _seats = forum_game
    host = client_as(personas["alice"])
    host.post(reverse("set_language"), {"language": "ru", "next": "/"})
    page = host.get(reverse("host", args=[game.slug])).content.decode()
    assert "Игра началась" in page[page.index('id="log"') :]


def test_the_live_part_is_a_fragment_only_the_host_reads(forum_game, personas, make_user) -> None:
    game, seats = forum_game
    url = reverse("host_live", args=[game.slug])
    fragment = client_as(personas["alice"]).get(url)
    assert fragment.status_code == 200
    body = fragment.content.decode()
    assert 'id="phase-live"' in body and f'hx-get="{url}"' in body
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
