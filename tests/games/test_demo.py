"""``manage.py demo`` (what ``scripts/run`` starts): a running game of every
ruleset on a fast schedule, with the accounts README.md lists ("Demo accounts")."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

import rulesets
from games import flow
from games.management.commands.demo import ACCOUNTS, TABLES
from games.models import Game


@pytest.mark.django_db
def test_the_demo_starts_one_game_of_every_ruleset_and_is_idempotent() -> None:
    out = StringIO()
    call_command("demo", force=True, stdout=out)
    games = Game.objects.filter(status=Game.Status.RUNNING)
    assert sorted((g.ruleset, g.variant) for g in games) == sorted((t.ruleset, t.variant) for t in TABLES)
    assert {g.ruleset for g in games} == set(rulesets.ids())
    for game in games:
        table = next(t for t in TABLES if t.title == game.title)
        assert game.players.seated().count() == table.seats
        assert game.fast and flow.current_phase(game) is not None
        # Every table's cycle lasts about as long as the forum's 6 minutes.
        longest = max(e.fast_minutes for e in flow.ruleset_of(game).SCHEDULE) * game.fast_scale
        assert longest == pytest.approx(6)
    assert get_user_model().objects.get(username="player18").check_password("demo-player18")
    assert len(ACCOUNTS) == 20
    for table in TABLES:
        assert table.title in out.getvalue()
    call_command("demo", force=True, stdout=StringIO())
    assert Game.objects.count() == len(TABLES)
