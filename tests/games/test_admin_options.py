"""The admin's JSON of a game (its house rules, characters and deadlines)
gets a sentence for what the database could not keep (NUL, a lone
surrogate, 1e999, NaN, deep nesting), never a 500; house rules are
checked by the ruleset with the same messages the host's forms show
(``Ruleset.validate_options``, FORUM-125 for the Bonus) and saved through
the host's own path. The form keeps what was typed."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from games.models import Game
from tests.games.admin_forms import admin_errors, admin_form_data

DEEP = "[" * 100_000 + "]" * 100_000

BAD_JSON = {
    "NUL": ('{"multifunctional_child": true, "x": "a\\u0000b"}', "Text cannot contain the NUL character"),
    "lone surrogate": ('{"x": "\\ud800"}', "Text cannot contain a lone surrogate"),
    "1e999": ('{"x": 1e999}', "Numbers must be finite: NaN and infinities cannot be stored."),
    "NaN": ('{"x": NaN}', "Numbers must be finite: NaN and infinities cannot be stored."),
    "deep nesting": (f'{{"x": {DEEP}}}', "JSON nested more than 20 levels deep cannot be stored."),
    "deep but parseable": ('{"x": ' + "[" * 30 + "]" * 30 + "}", "JSON nested more than 20 levels deep"),
    "not JSON": ("{multifunctional_child: true", "Enter valid JSON."),
}


def _post(admin_client, game: Game, **changes):
    url = reverse("admin:games_game_change", args=[game.pk])
    data = admin_form_data(admin_client.get(url))
    data.update(changes)
    return admin_client.post(url, data)


@pytest.mark.parametrize("field", ["options", "characters", "deadlines"])
@pytest.mark.parametrize("case", BAD_JSON)
def test_json_the_database_cannot_keep_gets_a_sentence_and_the_form_kept(
    seated_game, admin_client, field: str, case: str
) -> None:
    """Each bad input answers the change form with its sentence (status
    200, the typed text shown again where it can be), and the game keeps
    its saved values."""
    typed, message = BAD_JSON[case]

    response = _post(admin_client, seated_game, **{field: typed})

    assert response.status_code == 200, case
    html = unescape(response.content.decode())
    assert message in html, admin_errors(response)
    if len(typed) < 200:
        assert typed in html
    game = Game.objects.get(pk=seated_game.pk)
    assert game.options == seated_game.options and game.characters == seated_game.characters


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"basement": ["wolves"]}, "“Basement” (basement) must be a list of some of: town, mafia, maniacs"),
        ({"bonus": {"player": "Nobody", "day": 2}}, '“Bonus” (bonus) needs "player" to name a seated player'),
        ({"nope": 1}, "There is no house rule “nope”"),
    ],
)
def test_house_rules_the_ruleset_refuses_get_its_own_sentence(seated_game, admin_client, options, message) -> None:
    """FORUM-125: the same sentences the host's forms answer (the ruleset's
    ``validate_options``); the saved rules stay."""
    import json

    response = _post(admin_client, seated_game, options=json.dumps({"multifunctional_child": True, **options}))

    assert response.status_code == 200
    assert message in unescape(response.content.decode())
    assert Game.objects.get(pk=seated_game.pk).options == seated_game.options


def test_valid_house_rules_are_saved_through_the_host_s_path(seated_game, admin_client) -> None:
    """A Bonus for a seated player (FORUM-125) is saved, and the log
    records it as the host's own change of the rules."""
    response = _post(admin_client, seated_game, options='{"bonus": {"player": "S3", "day": 2}}')

    assert response.status_code == 302, admin_errors(response)
    game = Game.objects.get(pk=seated_game.pk)
    assert game.options == {"bonus": {"player": "S3", "day": 2}}
    assert game.events.filter(kind="options_set").count() == 2


def test_house_rules_of_a_started_game_are_refused_as_the_host_s_are(forum_game, admin_client) -> None:
    """Once the game has started, the rules are fixed: the admin reads the
    dashboard's sentence and nothing changes."""
    game, _seats = forum_game

    response = _post(admin_client, game, options='{"rare_roles": true}')

    assert response.status_code == 200
    assert "House rules are fixed once the game has started." in response.content.decode()
    assert "rare_roles" not in Game.objects.get(pk=game.pk).options


def test_a_game_added_in_the_admin_gets_its_house_rules_checked(personas, admin_client) -> None:
    """The add form checks the house rules against the chosen ruleset, with
    the ruleset's own sentence, and adds no game."""
    url = reverse("admin:games_game_add")
    data = admin_form_data(admin_client.get(url))
    data.update(
        title="Added town",
        host=str(personas["alice"].pk),
        ruleset="forum",
        options='{"nope": 1}',
        characters="[]",
        deadlines="{}",
    )
    data.update({"created_at_0": "2026-11-27", "created_at_1": "12:00:00"})

    response = admin_client.post(url, data)

    assert response.status_code == 200
    assert "There is no house rule “nope”" in unescape(response.content.decode())
    assert not Game.objects.filter(title="Added town").exists()
