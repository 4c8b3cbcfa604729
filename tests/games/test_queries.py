"""The number of database queries of each list page does not grow with
the number of posts or players: each page is measured on a small and on a
big game (or thread) and both counts must be equal."""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import flow
from games.models import Game, Player, Post

from .channel import channel_url
from .pages import add_posts, client_as, read, rooms_of, running_game

pytestmark = pytest.mark.django_db


def count_queries(client: Client, url: str, expect: int = 200) -> int:
    """Queries of one GET of ``url`` (after a warm-up request)."""
    assert client.get(url).status_code == expect
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == expect
    return len(ctx.captured_queries)


@pytest.fixture
def games(personas, make_user) -> tuple[Game, Game]:
    """Two running forum games hosted by alice, day 1: 7 seats and 16
    seats; in each every seat posted in the day thread and voted."""
    small = running_game(personas["alice"], make_user, 7, "small")
    big = running_game(personas["alice"], make_user, 16, "big")
    for game in (small, big):
        seats = list(game.players.seated())
        add_posts(rooms_of_day(game), seats, len(seats) * 3)
        for i, seat in enumerate(seats):
            flow.vote_cast(game=game, seat=seat, target=seats[(i + 1) % len(seats)])
    return small, big


def rooms_of_day(game: Game):
    return game.rooms.get(kind="day", day=1)


def _citizen_client(game: Game) -> Client:
    """A client logged in as the first plain citizen of ``game``, so that
    both games are seen by a player with the same role."""
    client = Client()
    client.force_login(game.players.filter(role="citizen").first().user)
    return client


def test_a_thread_page_costs_the_same_for_few_and_many_posts(forum_game) -> None:
    """A day thread of 5 posts and one of 100 posts (both pages) take the
    same number of queries."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    client = client_as("bob")
    url = reverse("room", args=[game.slug, room.public_id])
    add_posts(room, list(seats.values()), 5)
    few = count_queries(client, url)
    add_posts(room, list(seats.values()), 95)
    assert count_queries(client, url + "?page=1") == few
    assert count_queries(client, url + "?page=last") == few


def test_page_one_of_a_long_thread_shows_one_page_of_posts(forum_game) -> None:
    """A thread of 100 posts is paginated: page 1 shows MAFIA_POSTS_PER_PAGE posts."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, list(seats.values()), 100)
    html = client_as("bob").get(reverse("room", args=[game.slug, room.public_id]), {"page": 1}).content.decode()
    assert html.count('<article class="post') == settings.MAFIA_POSTS_PER_PAGE
    assert "page 1 of 4" in html


def test_a_long_thread_opens_on_its_last_page_with_the_live_poller(forum_game) -> None:
    """With ``?page=last``, and without a page once nothing in it is new
    to the reader, a thread of 100 posts opens on page 4 of 4 (its newest
    posts, #91–#100) with the live channel asking for posts after #100; Django's paginator
    read ``last`` as page 1. (A reader with unread posts opens at the
    first of them: tests/games/test_unread_and_navigation.py.)"""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, list(seats.values()), 100)
    url = reverse("room", args=[game.slug, room.public_id])
    for query in ({"page": "last"}, {"page": "999"}, {}):
        html = read(client_as("bob"), url, query).content.decode()
        assert "page 4 of 4" in html
        assert 'id="p100"' in html and 'id="p90"' not in html
        assert re.search(r'<div id="live" hidden hx-(get|post)="[^"]*[?&amp;]+a=100&amp;', html), html


def test_the_channels_new_posts_cost_the_same_for_few_and_many_posts(forum_game) -> None:
    """The live channel's answer with new posts takes as many queries for
    3 new posts as for 83."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    client = client_as("carol")
    url = channel_url(game, room, a=0)
    add_posts(room, list(seats.values()), 3)
    few = count_queries(client, url)
    add_posts(room, list(seats.values()), 80)
    assert count_queries(client, url) == few


def test_the_channel_sends_at_most_one_page_of_new_posts(forum_game) -> None:
    """However many posts are new, the channel's answer carries one page of them."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, list(seats.values()), 80)
    html = client_as("carol").get(channel_url(game, room, a=0)).content.decode()
    assert html.count('<article class="post') == settings.MAFIA_POSTS_PER_PAGE


def test_the_vote_thread_costs_the_same_for_few_and_many_voters(games) -> None:
    """The vote thread (with its vote count and vote list) of a 7-seat and
    a 16-seat game take the same number of queries."""
    small, big = games
    counts = [
        count_queries(_citizen_client(g), reverse("room", args=[g.slug, g.rooms.get(kind="vote").public_id]))
        for g in (small, big)
    ]
    assert counts[0] == counts[1]


def test_the_vote_threads_channel_costs_the_same_for_few_and_many_voters(games) -> None:
    """The vote thread's channel answer (its phase bar and live vote count)
    of a 7-seat and a 16-seat game cost the same."""
    small, big = games
    counts = [count_queries(Client(), channel_url(g, g.rooms.get(kind="vote"))) for g in (small, big)]
    assert counts[0] == counts[1]


def test_the_cabinet_costs_the_same_for_few_and_many_players(games) -> None:
    """A player's cabinet in a 7-seat and a 16-seat game cost the same."""
    small, big = games
    counts = [count_queries(_citizen_client(g), reverse("cabinet", args=[g.slug])) for g in (small, big)]
    assert counts[0] == counts[1]


def test_the_cabinet_costs_the_same_for_few_and_many_posts(forum_game) -> None:
    """The private thread of the cabinet does not add queries per post."""
    game, seats = forum_game
    room = flow.cabinet_of(seats["Clyde"])
    client = client_as("carol")
    url = reverse("cabinet", args=[game.slug])
    few = count_queries(client, url)
    add_posts(room, [seats["Clyde"]], 70)
    assert count_queries(client, url) == few


def test_the_host_dashboard_costs_the_same_for_few_and_many_players(games) -> None:
    """The host's dashboard of a 7-seat and a 16-seat game cost the same."""
    small, big = games
    client = client_as("alice")
    counts = [count_queries(client, reverse("host", args=[g.slug])) for g in (small, big)]
    assert counts[0] == counts[1]


def test_the_game_page_costs_the_same_for_few_and_many_players(games) -> None:
    """The game page (threads and players) of a 7-seat and a 16-seat game cost the same."""
    small, big = games
    for client in (Client(), client_as("dave")):
        counts = [count_queries(client, reverse("game", args=[g.slug])) for g in (small, big)]
        assert counts[0] == counts[1]


def test_the_game_page_costs_the_same_for_a_seated_player(games) -> None:
    """The game page as a seated player costs the same in both games."""
    small, big = games
    counts = [count_queries(_citizen_client(g), reverse("game", args=[g.slug])) for g in (small, big)]
    assert counts[0] == counts[1]


def test_the_host_dashboard_costs_the_same_for_few_and_many_posts(forum_game) -> None:
    """The post counts per day are one aggregate, not one query per post."""
    game, seats = forum_game
    client = client_as("alice")
    url = reverse("host", args=[game.slug])
    few = count_queries(client, url)
    add_posts(rooms_of(game)["day"], list(seats.values()), 60)
    assert count_queries(client, url) == few
    assert Post.objects.filter(room__game=game).count() > 60
    assert Player.objects.filter(game=game).count() == 7


def test_a_player_rereading_his_thread_and_cabinet_costs_few_queries(forum_game) -> None:
    """The pages a player reloads all day stay cheap: rereading the day
    thread he has already read takes at most 6 queries (the session, its
    account, the game with its versions, the room and his seat, the
    thread's neighbours with his place in it, the page's posts, the phase
    bar), his cabinet at most 6: the phase bar's query brings his choices
    of the phase with it (``manage.py bench_pages`` measures their
    speed)."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, list(seats.values()), 40)
    client = client_as("carol")
    thread = reverse("room", args=[game.slug, room.public_id])
    client.get(thread)  # page 1, then the page of his first unread post: all read
    assert count_queries(client, thread) <= 6
    assert count_queries(client, reverse("cabinet", args=[game.slug])) <= 6


def test_a_running_games_pages_built_afresh_cost_few_queries(forum_game) -> None:
    """Every post moves the game's version, so a running game's pages are
    mostly built afresh; each costs a fixed few queries, counting the
    session and its account: the day thread 6 (the game with its
    versions, the reader's seat and the room, the thread's neighbours with
    the reader's place, the page's posts, the phase bar with the phase's
    deadlines), the vote thread 6 (its seats come with the phase bar's
    phase, its ballots stored with the day's count), the cabinet 6 (its receipts come with the phase
    bar's phase), the game page 6 and the host's dashboard 13 (its log's
    kinds, pages and penalties counted by one query; ``manage.py
    bench_build`` measures them). None reads the versions apart from the
    game: a running game's page is never looked up in the kept pages."""
    game, seats = forum_game
    rooms = rooms_of(game)
    add_posts(rooms["day"], list(seats.values()), 40)
    player, host = client_as("carol"), client_as("alice")
    assert count_queries(player, reverse("room", args=[game.slug, rooms["day"].public_id]) + "?page=last") <= 6
    assert count_queries(player, reverse("room", args=[game.slug, rooms["vote"].public_id])) <= 6
    assert count_queries(player, reverse("cabinet", args=[game.slug])) <= 6
    assert count_queries(player, reverse("game", args=[game.slug])) <= 6
    assert count_queries(host, reverse("host", args=[game.slug])) <= 13


def test_a_post_in_the_day_thread_costs_few_queries(forum_game) -> None:
    """A post is what a live game writes most: the session, its account,
    the game with the reader's seat and room, the game's lock, the room's
    last post (a double submit, and the next number, read under that
    lock), the open phase, the post, the game's version, the poster's read
    mark, and the transaction's two ends: 11 queries, whether the mark
    moves over the post or stays behind others' new posts."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, list(seats.values()), 10)
    client = client_as("carol")
    url = reverse("room", args=[game.slug, room.public_id])
    read(client, url)
    carol = seats["Clyde"]
    base = Post.objects.filter(room=room).count()
    with CaptureQueriesContext(connection) as ctx:
        assert client.post(url, {"body": "first words"}).status_code == 302
    assert len(ctx.captured_queries) <= 11
    assert room.read_marks.get(user=carol.user).number == base + 1
    flow.post_create(room=room, seat=seats["Bonnie"], body="meanwhile")
    with CaptureQueriesContext(connection) as ctx:
        assert client.post(url, {"body": "second words"}).status_code == 302
    assert len(ctx.captured_queries) <= 11
    assert list(Post.objects.filter(room=room, number__gt=base).values_list("number", "body")) == [
        (base + 1, "first words"),
        (base + 2, "meanwhile"),
        (base + 3, "second words"),
    ]
    # Bonnie's post came in between: it stays new to Carol.
    assert room.read_marks.get(user=carol.user).number == base + 1


def test_a_vote_thread_shows_its_ballots_as_cast_stored_or_not(games) -> None:
    """The vote thread shows the day's ballots as cast from what the day's
    count stored with them; a day stored before its count kept them (an
    older game) shows the same ballots, read from the votes (one query
    more)."""
    game = games[0]
    client = _citizen_client(game)
    url = reverse("room", args=[game.slug, game.rooms.get(kind="vote", day=1).public_id])
    seats = list(game.players.seated())
    cast = "; ".join(f"{seat.nickname} → {seats[(i + 1) % len(seats)].nickname}" for i, seat in enumerate(seats))
    stored = count_queries(client, url)
    assert cast in html.unescape(client.get(url).content.decode())
    phase = flow.current_phase(game)
    del phase.votes["ballots"]
    phase.save(update_fields=["votes"])
    assert count_queries(client, url) == stored + 1
    assert cast in html.unescape(client.get(url).content.decode())
