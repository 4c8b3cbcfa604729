"""Forum habits during the game: one player's posts in a thread (the
forums' "posts by this player", ISO), a game day's activity table against
the game's post minimum, and a player's vote history with its changes.
Each is shown to exactly who may read the thread or the day."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse

from games import flow
from games.models import Game, Room

from .pages import add_posts, client_as, rooms_of
from .test_every_ruleset import client_as as client_of
from .test_unread_and_navigation import _to_day_two
from .test_vote_laws import CLASSIC, dealt_game
from .test_werewolf18_forum_day import local, to_day_one, werewolf_table

pytestmark = pytest.mark.django_db

PER_PAGE = settings.MAFIA_POSTS_PER_PAGE


def _iso(game, room, seat) -> str:
    return reverse("room", args=[game.slug, room.public_id]) + f"?by={seat.public_id}"


def _authors(html: str) -> list[str]:
    """The author names of the posts a page shows, in order."""
    return re.findall(r'<a class="author-posts"[^>]*>([^<]+)</a>', html)


def _row(html: str, nickname: str) -> str:
    """The activity table's row of ``nickname``."""
    rows = [r for r in re.findall(r"<tr.*?</tr>", html, flags=re.S) if f">{nickname}</a>" in r]
    assert len(rows) == 1, f"no single row for {nickname}"
    return rows[0]


def _cells(row: str) -> list[str]:
    """The text of a row's cells after its name."""
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td>(.*?)</td>", row, flags=re.S)]


def test_a_posts_author_links_to_only_that_players_posts(forum_game) -> None:
    """Each post's nickname leads to the thread showing that player alone."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, [seats["Bonnie"], seats["Clyde"]], 4)
    html = client_as("dave").get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert f'href="{_iso(game, room, seats["Bonnie"])}"'.replace("&", "&amp;") in html


def test_iso_shows_only_that_players_posts_with_a_way_back_to_all(forum_game) -> None:
    """``?by=`` shows the thread with only Bonnie's posts, says so, and
    links back to the whole thread and to her vote history."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, [seats["Bonnie"], seats["Clyde"], seats["Doc"]], 9)
    html = client_as("dave").get(_iso(game, room, seats["Bonnie"])).content.decode()
    assert _authors(html) == ["Bonnie"] * 3
    assert "Showing only Bonnie’s posts in this thread." in html
    assert f'href="{reverse("room", args=[game.slug, room.public_id])}">Show all posts' in html
    assert reverse("player_votes", args=[game.slug, seats["Bonnie"].public_id]) in html


def test_iso_is_paginated_like_the_thread_and_its_pages_keep_the_player(forum_game) -> None:
    """A player's posts come a thread's page at a time: page 2 holds the
    rest, and the page links keep showing that player alone."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, [seats["Bonnie"], seats["Clyde"]], 2 * PER_PAGE + 10)
    client = client_as("bob")
    first = client.get(_iso(game, room, seats["Bonnie"])).content.decode()
    assert _authors(first) == ["Bonnie"] * PER_PAGE
    assert "page 1 of 2" in first
    assert f"?by={seats['Bonnie'].public_id}&amp;page=2" in first
    second = client.get(_iso(game, room, seats["Bonnie"]) + "&page=2").content.decode()
    assert _authors(second) == ["Bonnie"] * 5
    numbers = [int(n) for n in re.findall(r'id="p(\d+)"', second)]
    assert numbers == list(range(2 * PER_PAGE + 1, 2 * PER_PAGE + 11, 2))


def test_iso_of_a_seat_the_game_lacks_is_not_found(forum_game) -> None:
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    url = reverse("room", args=[game.slug, room.public_id]) + "?by=nobody-here"
    assert client_as("dave").get(url).status_code == 404


@pytest.mark.parametrize("persona", ["anon", "dave", "citizen", "carol"])
def test_a_team_rooms_iso_is_not_found_for_a_stranger_or_a_non_member(forum_game, persona) -> None:
    """FORUM-020: the mafia's room is its members' and the host's; its ISO
    discloses nothing more to anyone else than the room does."""
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Bonnie"], body="we kill Doc tonight")
    response = client_as(persona).get(_iso(game, room, seats["Bonnie"]))
    assert response.status_code == 404
    assert b"we kill Doc tonight" not in response.content


def test_a_team_rooms_iso_shows_its_members_the_players_posts(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Bonnie"], body="we kill Doc tonight")
    html = client_as("bob").get(_iso(game, room, seats["Bonnie"])).content.decode()
    assert "we kill Doc tonight" in html and _authors(html) == ["Bonnie"]


def test_the_activity_table_counts_each_living_players_posts_zero_included(forum_game) -> None:
    """Day 1: posts per player in the day and the vote thread, their total,
    and every seat living that day, those who wrote nothing with 0; the
    forum's five posts a day (FORUM-162) mark those under it."""
    game, seats = forum_game
    rooms = rooms_of(game)
    add_posts(rooms["day"], [seats["Bonnie"], seats["Bonnie"], seats["Clyde"]], 6)
    add_posts(rooms["vote"], [seats["Bonnie"]], 1)
    html = client_as("dave").get(reverse("room_activity", args=[game.slug, rooms["day"].public_id])).content.decode()
    assert _cells(_row(html, "Bonnie"))[:3] == ["4", "1", "5"]
    assert _cells(_row(html, "Clyde"))[:3] == ["2", "0", "2 below minimum"]  # FORUM-162: five a day
    for nickname in ("Mafia Two", "Doc", "Plain One", "Plain Two", "Plain Three"):
        assert _cells(_row(html, nickname)) == ["0", "0", "0 below minimum", "—", "—"]


def test_the_activity_table_shows_first_and_last_post_in_the_readers_time(forum_game) -> None:
    """The first and last post's times read as the thread's own times do."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    first = flow.post_create(room=room, seat=seats["Doc"], body="morning")
    last = flow.post_create(room=room, seat=seats["Doc"], body="evening", now=first.created_at + timedelta(hours=5))
    html = client_as("dave").get(reverse("room_activity", args=[game.slug, room.public_id])).content.decode()
    cells = _cells(_row(html, "Doc"))
    assert cells[3:] == [flow.local_time(game, first.created_at), flow.local_time(game, last.created_at)]


def test_a_player_out_shows_on_the_day_he_played_and_not_after(forum_game) -> None:
    """Plain Three, voted out on day 1, was in the game that day: day 1's
    table keeps his row; day 2's has none, as he was out by then."""
    game, _seats = forum_game
    day_one = rooms_of(game)["day"]
    _to_day_two(game)
    day_two = Room.objects.get(game=game, kind=Room.Kind.DAY, day=2)
    client = client_as("dave")
    assert (
        ">Plain Three</a>" in client.get(reverse("room_activity", args=[game.slug, day_one.public_id])).content.decode()
    )
    html = client.get(reverse("room_activity", args=[game.slug, day_two.public_id])).content.decode()
    assert ">Bonnie</a>" in html and "Plain Three" not in html


def test_ww18_qianshui_a_living_player_under_five_posts_is_marked_below_the_minimum(personas, make_user) -> None:
    """werewolf18 潜水 (§12 automatic yellow cards; 判罚依据 5 (1), 玩家须知 2:
    «单个讨论日不足五帖» — ``POST_MINIMUM`` five, ``POSTS_COUNTED``): the day's
    table marks the Witch's two posts below the minimum, not the Seer's five."""
    game, seats, _accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    to_day_one(game)
    room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    now = local("2026-03-03 12:00")
    for n in range(5):
        flow.post_create(room=room, seat=seats["Seer"], body=f"Thought {n}", now=now)
    for n in range(2):
        flow.post_create(room=room, seat=seats["Witch"], body=f"Hm {n}", now=now)
    html = client_of(personas["dave"]).get(reverse("room_activity", args=[game.slug, room.public_id])).content
    html = html.decode()
    assert "below minimum" in _row(html, "Witch") and "below-minimum" in _row(html, "Witch")
    assert "below minimum" not in _row(html, "Seer")
    assert "below minimum" in _row(html, "Hunter")  # no post at all
    assert "post minimum for each living player, a game day: 5." in html


def test_a_ruleset_without_a_post_minimum_marks_nobody_below_it(personas, make_user) -> None:
    """Classic sets no daily post minimum: nobody is marked, however quiet."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "classic", CLASSIC)
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=flow.current_phase(game).number)
    flow.post_create(room=room, seat=seats["Ben"], body="Hello")
    html = client_of(accounts["Dot"]).get(reverse("room_activity", args=[game.slug, room.public_id])).content
    html = html.decode()
    assert _cells(_row(html, "Ben"))[:3] == ["1", "0", "1"]
    assert "below minimum" not in html and "This game sets no post minimum." in html


def test_a_thread_links_to_its_days_activity_table(forum_game) -> None:
    game, _seats = forum_game
    room = rooms_of(game)["vote"]
    html = client_as("dave").get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert reverse("room_activity", args=[game.slug, room.public_id]) in html


@pytest.mark.parametrize("persona", ["anon", "dave", "citizen"])
def test_a_team_room_has_no_activity_table_for_anyone_else(forum_game, persona) -> None:
    game, _seats = forum_game
    url = reverse("room_activity", args=[game.slug, rooms_of(game)["mafia"].public_id])
    assert client_as(persona).get(url).status_code == 404


def test_the_vote_history_lists_a_changed_vote_as_a_step(personas, make_user) -> None:
    """Classic §2 (a vote may be changed, the last counts): Ben's vote for
    Cid, then for Ann, are two steps; the second says it changed from Cid."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "classic", CLASSIC)
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Cid"])
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Ann"])
    url = reverse("player_votes", args=[game.slug, seats["Ben"].public_id])
    html = client_of(personas["dave"]).get(url).content.decode()
    rows = re.findall(r"<tr class=\"[^\"]*\">.*?</tr>", html, flags=re.S)
    assert len(rows) == 2
    assert _cells(rows[0])[3:] == ["Cid", "—"]
    assert _cells(rows[1])[3:] == ["Ann", "Cid"]
    assert "vote-change" in rows[1]


def test_the_vote_count_links_a_voters_name_to_his_vote_history(forum_game) -> None:
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    html = client_as("dave").get(reverse("room", args=[game.slug, rooms_of(game)["vote"].public_id])).content
    assert reverse("player_votes", args=[game.slug, seats["Clyde"].public_id]) in html.decode()


def test_a_reader_who_may_not_read_the_days_gets_nothing_of_them(forum_game) -> None:
    """A game back in draft is its host's alone: a stranger gets no vote
    history, no activity table and no ISO of it; the host still reads them."""
    game, seats = forum_game
    rooms = rooms_of(game)
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.DRAFT)
    urls = [
        reverse("player_votes", args=[game.slug, seats["Clyde"].public_id]),
        reverse("room_activity", args=[game.slug, rooms["day"].public_id]),
        _iso(game, rooms["day"], seats["Clyde"]),
    ]
    for persona in ("anon", "dave", "bob"):
        for url in urls:
            assert client_as(persona).get(url).status_code == 404, (persona, url)
    host = client_as("alice").get(urls[0]).content.decode()
    assert "Bonnie" in host


def test_the_pages_cost_the_same_few_queries_whatever_the_posts(forum_game, django_assert_max_num_queries) -> None:
    """One query for a page of a player's posts and one for their count;
    one for the activity table's counts; one for the vote history's
    ballots: no query per post, seat or ballot."""
    game, seats = forum_game
    rooms = rooms_of(game)
    add_posts(rooms["day"], list(seats.values()), 300)
    add_posts(rooms["vote"], list(seats.values()), 50)
    for voter in ("Clyde", "Doc", "Plain One"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Bonnie"])
    client = client_as("carol")
    urls = [
        _iso(game, rooms["day"], seats["Bonnie"]),
        reverse("room_activity", args=[game.slug, rooms["day"].public_id]),
        reverse("player_votes", args=[game.slug, seats["Clyde"].public_id]),
    ]
    for url in urls:
        client.get(url)  # the session and the caches settle
        with django_assert_max_num_queries(QUERY_BUDGET):
            assert client.get(url).status_code == 200


QUERY_BUDGET = 11
