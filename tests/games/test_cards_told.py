"""werewolf18's discipline cards (WW18-067, WW18-069) reach the carded
player's cabinet when given, with the reason, and the public players list
shows the cards each player holds."""

from __future__ import annotations

from datetime import UTC, datetime

from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Room

from .test_werewolf18_forum_day import to_day_one, werewolf_table

START = datetime(2026, 3, 2, 2, 0, tzinfo=UTC)  # a Monday, 10:00 in Shanghai


def _cabinet(game, nickname: str) -> str:
    client = Client()
    client.force_login(game.players.get(nickname=nickname).user)
    return client.get(reverse("cabinet", args=[game.slug])).content.decode()


def test_a_player_is_told_of_each_card_when_it_is_given(personas, make_user) -> None:
    """WW18-069: the host's yellow card reaches Vil A's cabinet at once;
    WW18-067: at the day's end the automatic yellow for not voting reaches
    each non-voter's cabinet with its reason; the public list shows them."""
    game, seats, _accounts = werewolf_table(personas, make_user, START)
    day = to_day_one(game)
    flow.penalty_apply(game=game, kind="card:yellow", target="Vil A")
    assert "The host gives you: Yellow card. It counts when" in _cabinet(game, "Vil A")
    assert "The host gives you" not in _cabinet(game, "Vil B")
    # Everyone writes the day's five posts, so that no card for silence (潜水)
    # joins the ones this test is about.
    phase = flow.current_phase(game)
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=phase.number)
    for seat in seats.values():
        for n in range(5):
            flow.post_create(room=day_room, seat=seat, body=f"Post {n}", now=day["vote"].replace(hour=1))
    for nick in ("Wolf", "Seer", "Witch", "Hunter", "Vil A"):
        flow.vote_cast(game=game, seat=seats[nick], target=seats["Wolf"], now=day["vote"].replace(hour=1))
    flow.resolve_due(now=day["exit_orders"])
    game.refresh_from_db()
    cabinet = _cabinet(game, "Vil B")
    assert "Discipline cards at the end of Day 1:" in cabinet
    assert "Vil B did not vote: an automatic yellow card." in cabinet and "WW18-067" not in cabinet
    page = Client().get(reverse("game", args=[game.slug])).content.decode()
    assert "Vil A <span" in page and "(cards: Yellow card ×1)" in page
    assert page.count("(cards: Yellow card ×1)") == 2  # Vil A and Vil B
