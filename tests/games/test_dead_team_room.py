"""Whether players out of the game keep reading their team's room is the
host's choice for each game, offered on "Host a game" with the document's
reading preselected (``Ruleset.DEAD_READ_TEAM_ROOM``; werewolf18's exited
wolves stay in the wolf group, WW18-012)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

import rulesets
from games.models import Game, Room

from .pages import client_as, kill_mafioso
from .test_views_host import NEW_GAME

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_host_a_game_offers_the_choice_with_the_documents_reading(personas, ruleset_id: str) -> None:
    html = client_as("alice").get(reverse("game_new") + f"?ruleset={ruleset_id}").content.decode()
    field = re.search(r'<input[^>]*name="dead_read_team_room"[^>]*>', html)
    assert field is not None
    assert ("checked" in field.group(0)) is rulesets.get(ruleset_id).DEAD_READ_TEAM_ROOM
    assert "Players out of the game keep reading their team's room" in unescape(html)


def test_the_hosts_choice_is_stored_with_the_game(personas) -> None:
    """Unticked, the game records that the dead leave their team's room."""
    client_as("alice").post(reverse("game_new"), NEW_GAME)
    assert Game.objects.get().options["dead_read_team_room"] is False
    client_as("alice").post(reverse("game_new"), {**NEW_GAME, "title": "Second", "dead_read_team_room": "on"})
    assert Game.objects.get(title="Second").options["dead_read_team_room"] is True


def _mafia_room(game: Game) -> Room:
    return Room.objects.get(game=game, kind=Room.Kind.TEAM, key="mafia")


def test_by_default_a_dead_mafioso_keeps_reading_the_mafia_room(forum_game) -> None:
    game, _seats = forum_game
    dead = kill_mafioso(game)
    assert _mafia_room(game).members.filter(pk=dead.pk).exists()
    response = client_as("p1").get(reverse("room", args=[game.slug, _mafia_room(game).public_id]))
    assert response.status_code == 200


def test_where_the_host_chose_so_the_dead_leave_their_team_room(forum_game) -> None:
    """The modkilled mafioso no longer reads the mafia's room (404, nothing
    of it shown); the living Don still does."""
    game, _seats = forum_game
    game.options = {**game.options, "dead_read_team_room": False}
    game.save(update_fields=["options"])
    room = _mafia_room(game)
    dead = kill_mafioso(game)
    assert not room.members.filter(pk=dead.pk).exists()
    url = reverse("room", args=[game.slug, room.public_id])
    assert client_as("p1").get(url).status_code == 404
    assert client_as("bob").get(url).status_code == 200
