"""Who may read and post where, through the real pages: every kind of room,
the live channel, the cabinet, the host's dashboard and its tools and the
accounts page, for every persona (see ``tests/games/pages.py``).

Rules: public threads are read by everyone; a team room by its members
(the dead included) and the host; a cabinet by its holders and the host
(games/access.py). The dead post only in the graveyard, plus one last post
in the day thread of the day they left (FORUM-020); living players may
talk in the graveyard too (FORUM-181); a vote is cast with the vote form,
never posted (FORUM-019).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games import access, flow
from games.models import Game, Player, Post, Vote

from .channel import channel_url, phase_bar
from .pages import PERSONAS, ROOM_NAMES, USERNAMES, client_as, kill_mafioso, mark_rooms, rooms_of

pytestmark = pytest.mark.django_db

# The host; a site admin (erin) is a stranger on the game pages (the
# Django admin is where staff read hidden information, see test_admin_audit).
HOSTS = {"alice"}
PUBLIC = {"signup", "intro", "day", "vote", "graveyard"}
READERS = {
    **{name: set(PERSONAS) for name in PUBLIC},
    "mafia": {"bob", "dead"} | HOSTS,
    "cop": {"carol"} | HOSTS,
    "cabinet": {"carol"} | HOSTS,
}
# Who may post in each room (others: 403 where they may read, 404 where not).
POSTERS = {
    "signup": {"citizen", "bob", "carol"} | HOSTS,
    "intro": {"citizen", "bob", "carol"} | HOSTS,
    "day": {"citizen", "bob", "carol", "dead"} | HOSTS,
    "vote": HOSTS,
    "graveyard": {"citizen", "bob", "carol", "dead"} | HOSTS,
    "mafia": {"bob"} | HOSTS,
    "cop": {"carol"} | HOSTS,
    "cabinet": {"carol"} | HOSTS,
}
OWN_ROLES = {"citizen": "Citizen", "bob": "Don", "carol": "Cop", "dead": "Mafioso"}
MATRIX = [(room, persona) for room in ROOM_NAMES for persona in PERSONAS]


@pytest.fixture
def game(forum_game) -> Game:
    """The forum game on day 1 with "Mafia Two" modkilled and a marked
    host's post in every room."""
    game, _seats = forum_game
    kill_mafioso(game)
    game.markers = mark_rooms(game)
    return game


def _room_url(game: Game, room_name: str) -> str:
    return reverse("room", args=[game.slug, rooms_of(game)[room_name].public_id])


@pytest.mark.parametrize(("room_name", "persona"), MATRIX)
def test_room_page_is_shown_only_to_its_readers(game, room_name, persona) -> None:
    """A thread shows its posts to its readers; to anyone else it does not
    exist (404, nothing of it shown)."""
    response = client_as(persona).get(_room_url(game, room_name))
    marker = game.markers[room_name]
    if persona in READERS[room_name]:
        assert response.status_code == 200
        assert marker in response.content.decode()
    else:
        assert response.status_code == 404
        assert marker not in response.content.decode()


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_room_list_holds_exactly_the_rooms_the_persona_reads(game, persona) -> None:
    """``access.rooms_for_reader`` (the game page's list of threads) holds a
    room exactly when the persona may read it (``READERS``)."""
    user = (
        AnonymousUser() if persona == "anon" else get_user_model().objects.get(username=USERNAMES.get(persona, persona))
    )
    rooms = rooms_of(game)
    listed = set(access.rooms_for_reader(user, game, access.seat_of(user, game))) & set(rooms.values())
    assert listed == {room for name, room in rooms.items() if persona in READERS[name]}


@pytest.mark.parametrize(("room_name", "persona"), MATRIX)
def test_the_live_channel_brings_a_rooms_posts_only_to_its_readers(game, room_name, persona) -> None:
    """The live channel's new posts follow the same rule as the thread:
    asked for a room's posts from the first, a reader gets them, anyone
    else a 404 with nothing of the room."""
    response = client_as(persona).get(channel_url(game, rooms_of(game)[room_name], a=0))
    if persona in READERS[room_name]:
        assert response.status_code == 200
        assert game.markers[room_name] in response.content.decode()
    else:
        assert response.status_code == 404
        assert game.markers[room_name] not in response.content.decode()


@pytest.mark.parametrize(("room_name", "persona"), MATRIX)
def test_posting_is_allowed_only_where_the_rules_let_the_persona_talk(game, room_name, persona) -> None:
    """FORUM-020, FORUM-181, FORUM-019: a post lands only where the persona
    may talk; elsewhere it is refused (403, or 404 for a room the persona
    may not even read) and nothing is stored."""
    before = Post.objects.count()
    response = client_as(persona).post(_room_url(game, room_name), {"body": "a word from the matrix"})
    if persona in POSTERS[room_name]:
        assert response.status_code == 302
        assert Post.objects.count() == before + 1
    else:
        assert response.status_code == (403 if persona in READERS[room_name] else 404)
        assert Post.objects.count() == before


def test_a_dead_player_has_one_last_post_in_his_day_thread(game) -> None:
    """FORUM-020: the last post in the day thread of the day he left is
    accepted once; a second one is refused."""
    client = client_as("dead")
    url = _room_url(game, "day")
    assert client.post(url, {"body": "my last words"}).status_code == 302
    assert client.post(url, {"body": "and one more"}).status_code == 403
    assert Post.objects.filter(body="and one more").count() == 0


def test_a_dead_player_reads_his_team_room_without_the_post_form(game) -> None:
    """FORUM-020: the dead mafioso still reads the mafia's room (to follow
    his team) but is told he may post only in the graveyard."""
    html = client_as("dead").get(_room_url(game, "mafia")).content.decode()
    assert 'class="post-form"' not in html
    assert "you may post only in the graveyard" in html


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_vote_count_reaches_everyone_through_the_vote_threads_channel(game, persona) -> None:
    """The live vote count of a public vote thread is served to everyone."""
    response = client_as(persona).get(channel_url(game, rooms_of(game)["vote"]))
    assert response.status_code == 200
    assert '<div id="vote-count-body" hx-swap-oob="true">' in response.content.decode()
    assert "Vote count" in response.content.decode()


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_a_vote_threads_channel_brings_a_vote_count(game, persona) -> None:
    """A day thread's channel never sends a vote count."""
    response = client_as(persona).get(channel_url(game, rooms_of(game)["day"]))
    assert response.status_code == 200
    assert 'id="vote-count-body"' not in response.content.decode()


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_phase_bar_reaches_everyone_through_the_channel(game, persona) -> None:
    """The phase bar of a running game is served to everyone."""
    assert "Day 1" in phase_bar(client_as(persona), game)


@pytest.mark.parametrize("persona", PERSONAS)
def test_cabinet_page_is_only_for_seated_players(game, persona) -> None:
    """A player's cabinet shows their own role; visitors are sent to log
    in; accounts without a seat (the host and admins included) get 403."""
    response = client_as(persona).get(reverse("cabinet", args=[game.slug]))
    if persona == "anon":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    elif persona in {"citizen", "bob", "carol", "dead"}:
        assert response.status_code == 200
        assert f"<strong>{OWN_ROLES[persona]}" in response.content.decode()
    else:
        assert response.status_code == 403


@pytest.mark.parametrize("persona", PERSONAS)
def test_host_dashboard_is_only_for_the_host(game, persona) -> None:
    """The dashboard (roles, choices, trace) exists only for the host, not for site admins."""
    response = client_as(persona).get(reverse("host", args=[game.slug]))
    if persona in HOSTS:
        assert response.status_code == 200
        assert "Host dashboard" in response.content.decode()
    elif persona == "anon":
        assert response.status_code == 302
    else:
        assert response.status_code == 404


@pytest.mark.parametrize("persona", PERSONAS)
def test_accounts_page_is_only_for_the_host(game, persona) -> None:
    """Which account plays which nickname (the registry page): the host only."""
    response = client_as(persona).get(reverse("host_accounts", args=[game.slug]))
    if persona in HOSTS:
        assert response.status_code == 200
        assert "carol" in response.content.decode()
    elif persona == "anon":
        assert response.status_code == 302
    else:
        assert response.status_code == 404


HOST_POSTS = [
    ("host_signup_open", False, {}),
    ("host_register", False, {"username": "dave", "nickname": "Sneaky"}),
    ("host_draw", False, {"role_citizen": 7}),
    ("host_start", False, {}),
    ("host_resolve", False, {"phase": "day-1"}),
    ("host_retry", False, {}),
    ("host_extend", False, {"minutes": 60}),
    ("host_excuse", True, {"decision": "waive"}),
    ("host_penalty", False, {"kind": "disqualify", "target": "Doc"}),
    ("host_replace", False, {"nickname": "Doc", "username": "dave"}),
    ("host_results", None, {"text": "forged results"}),
]


def _host_post_url(game: Game, view: str, with_player) -> str:
    if with_player is True:
        return reverse(view, args=[game.slug, Player.objects.get(game=game, nickname="Doc").public_id])
    if with_player is None:
        return reverse(view, args=[game.slug, 1])
    return reverse(view, args=[game.slug])


def _snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    seats = tuple(Player.objects.filter(game=game).values_list("nickname", "user_id", "alive", "status").order_by("id"))
    deadlines = tuple(game.phases.values_list("deadlines__due_at", flat=True).order_by("deadlines__id"))
    return game.status, game.options, seats, deadlines, Post.objects.count(), Vote.objects.count()


@pytest.mark.parametrize("persona", [p for p in PERSONAS if p not in HOSTS])
@pytest.mark.parametrize(("view", "with_player", "data"), HOST_POSTS, ids=[v for v, _w, _d in HOST_POSTS])
def test_host_tools_refuse_everyone_but_the_host(game, persona, view, with_player, data) -> None:
    """Every tool of the dashboard is a 404 for non-hosts (a login redirect
    for visitors) and changes nothing."""
    before = _snapshot(game)
    response = client_as(persona).post(_host_post_url(game, view, with_player), data)
    if persona == "anon":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == 404
    assert _snapshot(game) == before


@pytest.mark.parametrize("persona", sorted(HOSTS))
def test_host_tools_answer_the_host(game, persona) -> None:
    """The host reaches the tools: extending the deadlines works and sends
    her back to the dashboard."""
    before = list(game.phases.get(number=1, kind="day").deadlines.values_list("due_at", flat=True).order_by("id"))
    response = client_as(persona).post(reverse("host_extend", args=[game.slug]), {"minutes": 30})
    assert response.status_code == 302 and response["Location"].startswith(reverse("host", args=[game.slug]))
    after = list(game.phases.get(number=1, kind="day").deadlines.values_list("due_at", flat=True).order_by("id"))
    assert [(b - a).total_seconds() for a, b in zip(before, after, strict=True)] == [1800, 1800]


def test_a_replaced_account_loses_the_team_room_at_once(game) -> None:
    """After a replacement the new account reads the seat's team room and
    the old one no longer does."""
    seat = Player.objects.get(game=game, nickname="Bonnie")
    flow.player_replace(game=game, player=seat, new_user=get_user_model().objects.get(username="dave"))
    url = _room_url(game, "mafia")
    assert client_as("bob").get(url).status_code == 404
    assert client_as("dave").get(url).status_code == 200
