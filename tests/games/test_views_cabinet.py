"""The cabinet through its real forms: handing in a night choice, the
receipt with its time, changing and withdrawing it, and a late choice
refused with the deadline in the game's time zone."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.urls import reverse

from games import flow
from games.models import Action

from .pages import client_as

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(forum_game):
    """Night 1 after "Plain Three" was voted out; returns (game, seats)."""
    game, seats = forum_game
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Plain Three" else "Plain Three"])
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    return game, seats


def _shoot(client, game, target: str):
    return client.post(reverse("cabinet", args=[game.slug]), {"ability": "shoot", "team": "False", "target0": target})


def test_it_shows_the_players_own_role_card(night) -> None:
    """The cabinet shows the cop's role and team and the shoot form."""
    game, _seats = night
    html = client_as("carol").get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Role: <strong>Cop" in html and "Team: <strong>Town</strong>" in html
    assert "<h3>Shoot</h3>" in html


def test_it_shows_a_receipt_with_the_time_of_the_choice(night) -> None:
    """A choice handed in is confirmed with a receipt: the target and the
    time in the game's time zone."""
    game, _seats = night
    client = client_as("carol")
    response = _shoot(client, game, "Bonnie")
    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert "Your choice was handed in; you may change it until the deadline." in html
    action = Action.objects.get(phase=flow.current_phase(game), ability="shoot")
    assert (
        f'Shoot → <strong>Bonnie</strong> <span class="muted">(Night 1, {flow.local_deadline(game, action.updated_at)}'
        in html
    )
    assert " UTC+3)" in html


def test_a_choice_can_be_changed_before_the_deadline(night) -> None:
    """Handing in again replaces the choice: one receipt, the new target."""
    game, _seats = night
    client = client_as("carol")
    _shoot(client, game, "Bonnie")
    _shoot(client, game, "Doc")
    html = client.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Shoot → <strong>Doc</strong>" in html and "Shoot → <strong>Bonnie</strong>" not in html
    assert list(Action.objects.filter(ability="shoot").values_list("targets", flat=True)) == [["Doc"]]


def test_a_choice_can_be_withdrawn(night) -> None:
    """The withdraw button removes the choice before the deadline."""
    game, _seats = night
    client = client_as("carol")
    _shoot(client, game, "Bonnie")
    action = Action.objects.get(ability="shoot")
    html = client.post(reverse("action_withdraw", args=[game.slug, action.public_id]), follow=True).content.decode()
    assert "Your choice was withdrawn." in html
    assert not Action.objects.exists()


def test_a_late_choice_is_refused_with_the_deadline_in_the_games_time_zone(night) -> None:
    """After 22:00 (Europe/Moscow) the choice is refused, the message
    names the deadline in the game's time zone, and nothing is stored."""
    game, _seats = night
    due = flow.choice_deadline(flow.current_phase(game)).due_at
    client = client_as("carol")
    with time_machine.travel(due + timedelta(minutes=2), tick=False):
        response = _shoot(client, game, "Bonnie")
    html = response.content.decode()
    assert response.status_code == 400
    assert "Too late: choices for this phase closed at" in html and "22:00 UTC+3" in html
    assert not Action.objects.exists()


def test_a_target_outside_the_choices_is_refused_with_the_form_kept(night) -> None:
    """A target that is not offered is refused (400) with the form shown again."""
    game, _seats = night
    response = _shoot(client_as("carol"), game, "Plain Three")
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert not Action.objects.exists()


def test_a_choice_the_player_does_not_have_is_refused(night) -> None:
    """A citizen posting a shot gets told the choice is not open to him."""
    game, _seats = night
    html = _shoot(client_as("citizen"), game, "Bonnie").content.decode()
    assert "That choice is not open to you now." in html
    assert not Action.objects.exists()


def test_the_team_choice_is_handed_in_for_the_whole_team(night) -> None:
    """The Don hands in the mafia's kill; the receipt says who handed it in."""
    game, _seats = night
    client = client_as("bob")
    response = client.post(reverse("cabinet", args=[game.slug]), {"ability": "kill", "team": "True", "target0": "Doc"})
    assert response.status_code == 302
    html = client.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "→ <strong>Doc</strong>" in html and "by Bonnie" in html
    assert Action.objects.get().team == "mafia"


def test_a_mafioso_cabinet_names_his_team_and_a_citizens_does_not(forum_game) -> None:
    """The host tells the mafia who its members are: the cabinet lists the
    team room with the others in it; nobody else's cabinet names them."""
    game, seats = forum_game
    page = client_as("bob").get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Mafia Two" in page.split("private-rooms", 1)[1].split("</ul>", 1)[0]
    citizen = seats["Plain One"].user
    page = client_as(citizen.username).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Mafia Two" not in page and "Bonnie" not in page


def test_the_choice_handed_in_is_selected_in_its_form(night) -> None:
    """The form shows the choice the player handed in, selected, so he sees
    what stands and changes only what he means to."""
    game, _seats = night
    client = client_as("carol")
    _shoot(client, game, "Doc")
    html = client.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert '<option value="Doc" selected>Doc</option>' in html


def test_the_role_card_says_what_the_role_does_without_rule_ids(night) -> None:
    """The cabinet's role card explains the role in the player's words; the
    rule ids the declaration cites stay in the host's trace."""
    game, _seats = night
    html = client_as("carol").get(reverse("cabinet", args=[game.slug])).content.decode()
    assert '<p class="role-summary">shoots every night</p>' in html
    assert "FORUM-037" not in html


def test_the_deal_with_no_snitch_in_play_is_told_a_plain_kill_forum_117(night) -> None:
    """FORUM-117 «при попадании в Стукача могут либо его убить, либо
    пригласить на сделку»: the deal is the team's shot, which only on the
    Snitch becomes his deal. In a game without the rare roles the Don's
    cabinet keeps the deal's form and says that with no Snitch in play a
    deal is a plain kill; the Cop, who has no deal, reads no such word."""
    game, _seats = night
    url = reverse("cabinet", args=[game.slug])
    html = client_as("bob").get(url).content.decode()
    assert "<h3>Deal" in html
    assert '<p class="ability-note">No Snitch is in play in this game' in html
    assert "a deal is a plain kill" in html
    assert "ability-note" not in client_as("carol").get(url).content.decode()


def test_the_deal_with_the_rare_roles_in_play_has_no_plain_kill_note_forum_117(night) -> None:
    """FORUM-117: with the public ``rare_roles`` house rule a Snitch may be
    in play, so the Don's deal form says nothing of a plain kill."""
    game, _seats = night
    game.options = {**game.options, "rare_roles": True}
    game.state["options"] = {**game.state["options"], "rare_roles": True}
    game.save(update_fields=["options", "state"])
    html = client_as("bob").get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "<h3>Deal" in html
    assert "ability-note" not in html
