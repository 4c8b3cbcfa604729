"""Conditional orders (werewolf18's last shot, play dumb, surrender) are
offered in the cabinet but are never "a choice to hand in": the phase bar
does not say so and no reminder is mailed for them; a cabinet states one
deadline for the choices it shows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import flow, mailing

from .channel import phase_bar
from .test_werewolf18_forum_day import to_day_one, werewolf_table

START = datetime(2026, 3, 2, 2, 0, tzinfo=UTC)  # a Monday, 10:00 in Shanghai


def _reader(game, nickname: str) -> Client:
    client = Client()
    client.force_login(game.players.get(nickname=nickname).user)
    return client


def _bar(game, nickname: str) -> str:
    return phase_bar(_reader(game, nickname), game)


def _night_one(personas, make_user):
    game, _seats, _accounts = werewolf_table(personas, make_user, START)
    day = to_day_one(game)
    flow.resolve_due(now=day["exit_orders"])
    game.refresh_from_db()
    assert flow.current_phase(game).key == "night-1"
    return game


def test_conditional_orders_are_no_choice_to_hand_in(personas, make_user) -> None:
    """WW18-031, WW18-017: by night the hunter's only open order is his
    last shot, the wolf's its surrender beside the pack's kill: the hunter
    is not told he has a choice to hand in; the wolf is, for the kill."""
    game = _night_one(personas, make_user)
    hunter = game.players.get(nickname="Hunter")
    assert [s.ability for s in flow.open_slots(game, hunter)] == ["shoot"]
    assert "You have a choice to hand in." not in _bar(game, "Hunter")
    assert "You have a choice to hand in." in _bar(game, "Wolf")
    cabinet = _reader(game, "Hunter").get(reverse("cabinet", args=[game.slug])).content.decode()
    assert 'value="shoot"' in cabinet  # still offered


def test_no_reminder_is_mailed_for_a_conditional_order(personas, make_user) -> None:
    """WW18-031, WW18-017: the night's reminders go to the wolf for the
    pack's kill only, and never to the hunter for his last shot."""
    game = _night_one(personas, make_user)
    for user in get_user_model().objects.all():
        user.email = f"{user.username}@mail.example"
        user.save(update_fields=["email"])
    game.reminder_minutes = 30
    game.save(update_fields=["reminder_minutes"])
    deadline = flow.current_phase(game).deadlines.order_by("due_at").first()
    mailing.send_due(deadline.due_at - timedelta(minutes=10))
    hunter = game.players.get(nickname="Hunter").user.email
    wolf = game.players.get(nickname="Wolf").user.email
    assert not [m for m in mail.outbox if m.to == [hunter]]
    to_wolf = [m for m in mail.outbox if m.to == [wolf]]
    assert len(to_wolf) == 1
    assert "Kill" in to_wolf[0].body and "Surrender" not in to_wolf[0].body


def test_the_witch_cabinet_states_one_deadline(personas, make_user) -> None:
    """WW18-071: the witch answers until her own deadline; her cabinet
    says that one, not the night's general deadline beside it."""
    game = _night_one(personas, make_user)
    phase = flow.current_phase(game)
    flow.resolve_due(now=phase.deadlines.get(kind="night_actions").due_at)
    html = _reader(game, "Witch").get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Choices for this phase close at" not in html or "This choice closes at" not in html
