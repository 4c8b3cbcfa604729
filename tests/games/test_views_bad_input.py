"""Bad input on the host's forms gets a clear answer, never a 500: "Host a
game" and the house rules (one widget per option the ruleset declares,
values checked against its declarations) and the results post. Each refusal names what is
wrong and shows the form again with what was typed."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.models import Game, Resolution

from .pages import client_as
from .test_views_host import NEW_GAME, everyone_votes

pytestmark = pytest.mark.django_db


def _textarea(html: str, name: str) -> str:
    start = html.index(">", html.index(f'<textarea name="{name}"')) + 1
    return unescape(html[start : html.index("</textarea>", start)]).removeprefix("\n")


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("option_basement", "wolves", "Select a valid choice. wolves is not one of the available choices."),
        ("vote", "25:00", "Give a time as HH:MM"),
        ("post_minimum", "-1", "Ensure this value is greater than or equal to 0."),
    ],
)
def test_host_a_game_refuses_a_bad_value_with_the_form_kept(personas, field: str, typed: str, message: str) -> None:
    """A value the ruleset's declaration does not allow (a forged list item,
    an impossible time) gets its sentence; the title stays; no game is made."""
    response = client_as("alice").post(reverse("game_new"), {**NEW_GAME, field: typed})
    html = response.content.decode()
    assert response.status_code == 200
    assert message in html
    assert 'value="Autumn town"' in html
    assert not Game.objects.exists()


def test_host_a_game_leaves_options_naming_players_to_the_dashboard(personas) -> None:
    """FORUM-125: nobody is seated yet, so the Bonus has no field here."""
    html = client_as("alice").get(reverse("game_new")).content.decode()
    assert 'name="option_rare_roles"' in html
    assert 'name="option_bonus"' not in html
    assert "set on the dashboard once the players are seated" in html


def test_host_a_game_accepts_declared_house_rules(personas) -> None:
    """Checked widgets are stored as the ruleset's options, next to the web settings."""
    data = {**NEW_GAME, "option_rare_roles": "on", "option_basement": ["town"]}
    response = client_as("alice").post(reverse("game_new"), data)
    assert response.status_code == 302
    options = Game.objects.get().options
    assert (options["rare_roles"], options["basement"]) == (True, ["town"])


def _rules(**chosen: str) -> dict[str, str]:
    """The dashboard's house rules form as posted: the Child kept on."""
    return {"option_multifunctional_child": "on", **chosen}


def test_the_dashboard_offers_one_widget_per_house_rule_and_no_json_box(seated_game) -> None:
    """Each declared option has its own widget, the Bonus a pick among the
    seated nicknames and a game day (FORUM-125); the current rules are
    shown chosen."""
    html = client_as("alice").get(reverse("host", args=[seated_game.slug])).content.decode()
    assert '<textarea name="options"' not in html
    assert re.search(r'name="option_multifunctional_child"[^>]*checked', html)
    player = html[
        html.index('name="option_bonus__player"') : html.index("</select>", html.index('name="option_bonus__player"'))
    ]
    assert [f'value="S{i}"' in player for i in range(6)] == [True] * 6
    assert 'name="option_bonus__day"' in html and 'type="number"' in html
    # The Basement's sides by their names (FORUM-126), not their ids.
    assert re.search(r'value="maniacs"[^>]*>\s*Maniacs</label>', html) or "Maniacs</label>" in html


def test_house_rules_set_a_bonus_for_a_seated_player(seated_game) -> None:
    """FORUM-125: the Bonus names a seated nickname and a game day; an
    option unticked is switched off."""
    response = client_as("alice").post(
        reverse("host_rules", args=[seated_game.slug]), {"option_bonus__player": "S3", "option_bonus__day": "2"}
    )
    assert response.status_code == 302
    seated_game.refresh_from_db()
    assert seated_game.options["bonus"] == {"player": "S3", "day": 2}
    assert "multifunctional_child" not in seated_game.options


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"option_bonus__player": "S3"}, "Fill in every part of “Bonus”, or none to leave it off."),
        ({"option_bonus__player": "S3", "option_bonus__day": "soon"}, "Enter a whole number."),
        ({"option_bonus__player": "S3", "option_bonus__day": "0"}, "greater than or equal to 1"),
        ({"option_bonus__player": "Nobody", "option_bonus__day": "2"}, "Select a valid choice."),
        ({"option_basement": ["wolves"]}, "Select a valid choice. wolves is not one of the available choices."),
        ({"option_bonus__player": "S\x003", "option_bonus__day": "2"}, "Select a valid choice."),
    ],
)
def test_refused_house_rules_keep_the_saved_rules_and_the_choices_made(seated_game, chosen: dict, message: str) -> None:
    """A refused choice (half a Bonus, a day that is no number, a player not
    seated, a forged value) gets its sentence at its widget; the saved rules
    stay, and the form shows what was chosen."""
    response = client_as("alice").post(reverse("host_rules", args=[seated_game.slug]), _rules(**chosen))
    html = response.content.decode()
    assert response.status_code == 400
    assert message in unescape(html)
    if chosen.get("option_bonus__player") == "S3":
        assert re.search(r'<option value="S3" selected>', html)
    seated_game.refresh_from_db()
    assert seated_game.options.get("multifunctional_child") is True
    assert "bonus" not in seated_game.options


def test_house_rules_are_fixed_once_the_game_has_started(forum_game) -> None:
    """The dashboard no longer offers them, and a forged post is refused
    with the reason."""
    game, _seats = forum_game
    html = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert 'name="option_rare_roles"' not in html
    response = client_as("alice").post(
        reverse("host_rules", args=[game.slug]), {"option_rare_roles": "on"}, follow=True
    )
    assert "House rules are fixed once the game has started." in response.content.decode()
    game.refresh_from_db()
    assert "rare_roles" not in game.options


@pytest.fixture
def draft_results(forum_game) -> tuple[Game, Resolution]:
    """Day 1 resolved with publishing off: a draft results post."""
    game, seats = forum_game
    everyone_votes(game, seats)
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    client_as("alice").post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"})
    return game, Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day")


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("x" * 20001, "The results post may be at most 20000 characters long (it has 20001)."),
        ("The night \x00 was quiet", "Null characters are not allowed."),
        ("   ", "The results post cannot be empty."),
    ],
)
def test_refused_results_say_why_and_keep_the_text(draft_results, typed: str, message: str) -> None:
    """Each invalid results text gets its own sentence, the typed text stays
    in its box and nothing is published."""
    game, resolution = draft_results
    response = client_as("alice").post(reverse("host_results", args=[game.slug, resolution.id]), {"text": typed})
    html = response.content.decode()
    assert response.status_code == 400
    assert message in html
    if typed.strip():
        assert _textarea(html, "text") == typed
    resolution.refresh_from_db()
    assert resolution.published_post is None
