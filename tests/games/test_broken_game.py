"""A broken game stays visible: a game whose stored state lacks a key, or
whose ruleset id is not registered on the site, answers every page
(game page, threads, vote thread and count, cabinet, host dashboard and
its live part, home page) with the fault in words for its host and the
site's admins, a neutral "paused by a fault" for its players, and the
tools each of them still has; never a 500. The Django admin refuses a
ruleset id that is not registered."""

from __future__ import annotations

from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games import flow, page_cache
from games.models import Deadline, Game
from tests.games.admin_forms import admin_errors, admin_form_data
from tests.games.channel import channel_url
from tests.games.pages import client_as, rooms_of

NEUTRAL = "This game is paused by a fault; the host has been told."
FAULTS = {
    "missing_key": "The game's stored state lacks the key “players”",
    "unknown_ruleset": "The game's ruleset “gone” is not registered on this site",
}


def break_game(game: Game, fault: str) -> None:
    """Store the fault in the game's row, as a bad deploy or a hand edit would."""
    if fault == "missing_key":
        Game.objects.filter(pk=game.pk).update(state={k: v for k, v in game.state.items() if k != "players"})
    else:
        Game.objects.filter(pk=game.pk).update(ruleset="gone")
    page_cache.game_changed(game.pk)


def pages_of(game: Game) -> dict[str, str]:
    """Every page of the forum game by name."""
    rooms = rooms_of(game)
    return {
        "game": reverse("game", args=[game.slug]),
        "day thread": reverse("room", args=[game.slug, rooms["day"].public_id]),
        "vote thread": reverse("room", args=[game.slug, rooms["vote"].public_id]),
        "vote count": channel_url(game, rooms["vote"]),
        "mafia room": reverse("room", args=[game.slug, rooms["mafia"].public_id]),
        "cabinet": reverse("cabinet", args=[game.slug]),
        "dashboard": reverse("host", args=[game.slug]),
        "dashboard live": channel_url(game, h=1),
    }


def reader(persona: str) -> Client:
    client = client_as(persona)
    client.raise_request_exception = False
    return client


@pytest.mark.parametrize("fault", FAULTS)
def test_every_page_of_a_broken_game_tells_the_host_what_is_wrong(forum_game, fault) -> None:
    """The host reads the fault itself on the game page, the threads, the
    vote count and the dashboard; never a 500."""
    game, _seats = forum_game
    break_game(game, fault)
    client = reader("alice")
    for name, url in pages_of(game).items():
        if name in ("cabinet", "mafia room"):
            continue  # the host holds no seat of his own; the team room is checked below
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        html = response.content.decode()
        assert 'id="game-fault"' in html and FAULTS[fault] in unescape(html), name
    room = client.get(pages_of(game)["mafia room"])
    assert room.status_code == 200 and FAULTS[fault] in unescape(room.content.decode())


@pytest.mark.parametrize("fault", FAULTS)
def test_players_and_visitors_read_that_the_game_is_paused_and_nothing_more(forum_game, fault) -> None:
    """A seated player (his cabinet, his team's room, the threads), a
    stranger and an anonymous visitor read the neutral notice, never the
    fault's details."""
    game, _seats = forum_game
    break_game(game, fault)
    urls = pages_of(game)
    for persona, names in {
        "bob": ("game", "day thread", "vote thread", "vote count", "mafia room", "cabinet"),
        "carol": ("game", "day thread", "vote thread", "cabinet"),
        "dave": ("game", "day thread", "vote thread", "vote count"),
        "anon": ("game", "day thread", "vote thread", "vote count"),
    }.items():
        client = reader(persona)
        for name in names:
            response = client.get(urls[name])
            assert response.status_code == 200, (persona, name, response.status_code)
            html = response.content.decode()
            assert NEUTRAL in html, (persona, name)
            assert FAULTS[fault] not in unescape(html) and "stored state" not in html, (persona, name)


@pytest.mark.parametrize("fault", FAULTS)
def test_a_site_admin_reads_the_fault_and_is_sent_to_the_admin_to_repair_it(forum_game, fault) -> None:
    """A staff account without a seat reads the fault and the links to the
    game's page and the failed deadlines in the Django admin."""
    game, _seats = forum_game
    break_game(game, fault)
    html = reader("erin").get(pages_of(game)["vote thread"]).content.decode()
    assert FAULTS[fault] in unescape(html)
    assert reverse("admin:games_game_change", args=[game.pk]) in html
    assert reverse("admin:games_deadline_changelist") + "?failed=yes" in html
    for name in ("game", "day thread"):
        html = reader("erin").get(pages_of(game)[name]).content.decode()
        assert FAULTS[fault] in unescape(html) and reverse("admin:games_game_change", args=[game.pk]) in html, name


@pytest.mark.parametrize("fault", FAULTS)
def test_the_home_page_lists_a_broken_game_as_paused_with_the_fault_for_its_host(forum_game, fault) -> None:
    """The lobby lists the game with "paused by a fault"; its host (and
    the admins) read the fault there too, other readers do not."""
    game, _seats = forum_game
    break_game(game, fault)
    host = reader("alice").get(reverse("home"))
    assert host.status_code == 200
    assert "paused by a fault" in host.content.decode() and FAULTS[fault] in unescape(host.content.decode())
    player = reader("bob").get(reverse("home")).content.decode()
    assert "paused by a fault" in player and FAULTS[fault] not in unescape(player)
    assert FAULTS[fault] in unescape(reader("erin").get(reverse("home")).content.decode())


@pytest.mark.parametrize("fault", FAULTS)
def test_a_broken_game_s_deadline_fails_and_its_host_keeps_retry_now(forum_game, fault) -> None:
    """The tick meets the broken game: its vote deadline fails (kept for a
    retry); the host's dashboard shows the failure with "Retry now", and
    pressing it answers the dashboard again, never a 500. Nothing of the
    day was resolved."""
    game, _seats = forum_game
    break_game(game, fault)
    vote = Deadline.objects.get(phase__game=game, phase__number=1, kind="vote")
    flow.resolve_due(vote.due_at + timedelta(seconds=1))
    deadline = Deadline.objects.failing().get(phase__game=game)
    assert deadline.done_at is None
    client = reader("alice")
    html = client.get(pages_of(game)["dashboard"]).content.decode()
    assert "Retry now" in html and reverse("host_retry", args=[game.slug]) in html

    response = client.post(reverse("host_retry", args=[game.slug]), follow=True)

    assert response.status_code == 200 and FAULTS[fault] in unescape(response.content.decode())
    deadline.refresh_from_db()
    assert deadline.done_at is None


@pytest.mark.parametrize("fault", FAULTS)
def test_a_form_posted_to_a_broken_game_keeps_nothing_and_answers_the_notice(forum_game, fault) -> None:
    """A vote sent to a broken game is not counted and its voter reads
    the neutral notice."""
    game, seats = forum_game
    break_game(game, fault)
    vote_room = rooms_of(game)["vote"]
    response = reader("bob").post(
        reverse("vote", args=[game.slug, vote_room.public_id]), {"target": seats["Clyde"].public_id}, follow=True
    )
    assert response.status_code == 200 and NEUTRAL in response.content.decode()
    assert not game.votes.exists()


def test_the_admin_refuses_a_ruleset_id_that_is_not_registered(forum_game, admin_client) -> None:
    """The game's ruleset is chosen from the registered rulesets: an id
    that is not one of them is refused with the form kept, and the game
    keeps its ruleset."""
    game, _seats = forum_game
    url = reverse("admin:games_game_change", args=[game.pk])
    page = admin_client.get(url)
    assert '<select name="ruleset"' in page.content.decode()
    data = admin_form_data(page)
    data["ruleset"] = "gone"

    response = admin_client.post(url, data)

    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    game.refresh_from_db()
    assert game.ruleset == "forum"


def test_an_admin_repairs_an_unknown_ruleset_by_choosing_a_registered_one(forum_game, admin_client) -> None:
    """The change form of a game with an unknown ruleset opens, and choosing
    a registered ruleset repairs the game: its page is whole again."""
    game, _seats = forum_game
    break_game(game, "unknown_ruleset")
    url = reverse("admin:games_game_change", args=[game.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    data = admin_form_data(page)
    data["ruleset"] = "forum"

    response = admin_client.post(url, data)

    assert response.status_code == 302, admin_errors(response)
    game.refresh_from_db()
    assert game.ruleset == "forum"
    html = reader("bob").get(reverse("game", args=[game.slug])).content.decode()
    assert NEUTRAL not in html
