"""Bad input on the host's forms gets a clear answer, never a 500: "Host a
game" and the house rules (JSON parsed safely, values checked against the
ruleset's declared options) and the results post. Each refusal names what is
wrong and shows the form again with what was typed."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from games import flow
from games.models import Game, Resolution

from .pages import client_as
from .test_views_host import NEW_GAME, everyone_votes

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000

BAD_OPTIONS = [
    (DEEP, "nested too deeply"),
    ('{"rare_roles": "\\u0000"}', "may not contain the character \\u0000"),
    ('{"rare_roles": 1e999}', "too big or not a number (1e999)"),
    ('{"rare_roles": NaN}', "too big or not a number (NaN)"),
    ('{"rare_roles": "yes"}', "“Rare roles” (rare_roles) must be true or false."),
    ('{"basement": "town"}', "“Basement” (basement) must be a list of some of: town, mafia, maniacs"),
    ('{"wolves": true}', "There is no house rule “wolves”"),
    ("[]", "House rules must be a JSON object such as {&quot;rare_roles&quot;: true}, not a list."),
    ("null", "House rules must be a JSON object such as {&quot;rare_roles&quot;: true}, not null."),
    ('{"rare_roles": tru}', "The house rules are not valid JSON: Expecting value: line 1 column 16 (char 15)."),
]


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


@pytest.fixture
def seated_game(personas, make_user) -> Game:
    """alice's game in sign-up with S0…S5 seated and the multifunctional Child on."""
    game = flow.game_create(host=personas["alice"], title="Rules town", ruleset_id="forum")
    flow.signup_open(game=game)
    for i in range(6):
        flow.nickname_register(game=game, user=make_user(f"acct{i}"), nickname=f"S{i}")
    flow.options_set(game=game, options={"multifunctional_child": True})
    game.refresh_from_db()
    return game


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        *BAD_OPTIONS,
        (
            '{"bonus": {"player": "S0", "day": "soon"}}',
            "“Bonus” (bonus) needs &quot;day&quot; to be a game day number (1, 2, 3…), not &quot;soon&quot;.",
        ),
        (
            '{"bonus": {"player": "Nobody", "day": 2}}',
            "“Bonus” (bonus) needs &quot;player&quot; to name a seated player: &quot;Nobody&quot; is not a seated nickname.",
        ),
        ("", "Write the house rules as a JSON object; {} switches every house rule off."),
    ],
)
def test_house_rules_refused_keep_the_old_rules_and_the_typed_text(seated_game, typed: str, message: str) -> None:
    """A refused house rules box (the poison Bonus day, a list, null, …) is
    shown again as typed with its sentence; the saved rules stay."""
    response = client_as("alice").post(reverse("host_rules", args=[seated_game.slug]), {"options": typed})
    html = response.content.decode()
    assert response.status_code == 400
    assert message in html
    assert _textarea(html, "options") == typed
    seated_game.refresh_from_db()
    assert seated_game.options.get("multifunctional_child") is True
    assert "bonus" not in seated_game.options


def test_house_rules_set_a_bonus_for_a_seated_player(seated_game) -> None:
    """FORUM-125: the Bonus names a seated nickname and a game day."""
    typed = '{"bonus": {"player": "S3", "day": 2}}'
    response = client_as("alice").post(reverse("host_rules", args=[seated_game.slug]), {"options": typed})
    assert response.status_code == 302
    seated_game.refresh_from_db()
    assert seated_game.options["bonus"] == {"player": "S3", "day": 2}
    assert "multifunctional_child" not in seated_game.options  # the box replaces the rules


def test_an_empty_object_switches_the_house_rules_off(seated_game) -> None:
    """{} is the explicit way to clear the house rules."""
    client_as("alice").post(reverse("host_rules", args=[seated_game.slug]), {"options": "{}"})
    seated_game.refresh_from_db()
    assert "multifunctional_child" not in seated_game.options


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


@pytest.mark.parametrize("typed", ['{"\\ud800": true}', '{"rare_roles": "\\udfff"}'])
def test_house_rules_with_an_unpaired_surrogate_are_refused(seated_game, typed: str) -> None:
    """A \\ud800 escape (half a character, which no page or database can
    hold) gets a sentence, not a 500."""
    response = client_as("alice").post(reverse("host_rules", args=[seated_game.slug]), {"options": typed})
    assert response.status_code == 400
    assert "half of a character" in response.content.decode()
