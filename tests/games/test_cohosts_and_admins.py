"""Being a host is per game (the host and named co-hosts); site admins read
a game's hidden information only in the Django admin, which logs it in the
game's log and refuses an admin seated in that game."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.html import strip_tags

from games import flow
from games.models import Event, Player

from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db


def _mafia_room(game) -> str:
    return reverse("room", args=[game.slug, rooms_of(game)["mafia"].public_id])


def test_a_site_admin_without_a_role_in_the_game_reads_no_hidden_room(forum_game) -> None:
    game, _seats = forum_game
    erin = client_as("erin")
    assert erin.get(_mafia_room(game)).status_code == 404
    assert erin.get(reverse("host", args=[game.slug])).status_code == 404
    assert erin.get(reverse("host_accounts", args=[game.slug])).status_code == 404


def test_a_co_host_named_by_the_host_runs_the_game(forum_game) -> None:
    game, _seats = forum_game
    response = client_as("alice").post(reverse("host_cohost_add", args=[game.slug]), {"username": "dave"}, follow=True)
    assert "The co-host was added." in response.content.decode()
    dave = client_as("dave")
    assert dave.get(reverse("host", args=[game.slug])).status_code == 200
    assert dave.get(_mafia_room(game)).status_code == 200
    # A co-host does not name co-hosts; only the host does.
    assert dave.post(reverse("host_cohost_add", args=[game.slug]), {"username": "erin"}).status_code == 404


def test_the_host_withdraws_a_co_host(forum_game) -> None:
    game, _seats = forum_game
    flow.cohost_add(game=game, username="dave")
    dave_id = get_user_model().objects.get(username="dave").pk
    client_as("alice").post(reverse("host_cohost_remove", args=[game.slug, dave_id]))
    assert client_as("dave").get(reverse("host", args=[game.slug])).status_code == 404


def test_a_player_cannot_be_a_co_host_nor_a_co_host_a_player(forum_game, make_user) -> None:
    game, _seats = forum_game
    with pytest.raises(flow.FlowError, match="a player cannot be a co-host"):
        flow.cohost_add(game=game, username="bob")
    flow.cohost_add(game=game, username="dave")
    with pytest.raises(flow.FlowError, match="cannot play in it"):
        flow.player_replace(
            game=game,
            player=Player.objects.get(game=game, nickname="Doc"),
            new_user=get_user_model().objects.get(username="dave"),
        )


def test_an_admin_opening_a_game_in_the_admin_is_logged_for_the_host(forum_game, admin_client) -> None:
    game, _seats = forum_game
    response = admin_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert response.status_code == 200
    event = Event.objects.filter(game=game, kind="admin_opened").get()
    assert event.data["admin"] == "admin" and event.audience == Event.Audience.HOST
    seat = Player.objects.get(game=game, nickname="Doc")
    admin_client.get(reverse("admin:games_player_change", args=[seat.pk]))
    assert Event.objects.filter(game=game, kind="admin_opened").count() == 2


def test_an_admin_seated_in_a_game_sees_none_of_its_hidden_information(forum_game, django_user_model) -> None:
    game, _seats = forum_game
    seat = Player.objects.get(game=game, nickname="Doc")
    seat.user.is_staff = seat.user.is_superuser = True
    seat.user.save()
    client = client_as("p2")
    assert client.get(reverse("admin:games_game_change", args=[game.pk])).status_code == 403
    assert client.get(reverse("admin:games_player_change", args=[seat.pk])).status_code in (302, 403, 404)
    players = client.get(reverse("admin:games_player_changelist")).content.decode()
    # "Doc" is looked for in what the page shows and in its links: its
    # random tokens (the forms' CSRF tokens) may hold the three letters.
    assert "Bonnie" not in players and "Doc" not in strip_tags(players)
    assert reverse("admin:games_player_change", args=[seat.pk]) not in players
    games = client.get(reverse("admin:games_game_changelist")).content.decode()
    assert game.title not in games
    assert not Event.objects.filter(game=game, kind="admin_opened").exists()
