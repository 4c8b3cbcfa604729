"""Reminders on a fast schedule come inside the window they are about, one
mail per seat and deadline at most, and their links point at the site's
own port."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core import mail
from django.utils import timezone

from games import flow, mailing
from games.models import Reminder

from .test_vote_laws import dealt_game

ROLES = {"Bonnie": "don", "Clyde": "cop", "Mafia Two": "mafioso", "Doc": "doctor"}
ROLES |= {"Plain One": "citizen", "Plain Two": "citizen", "Plain Three": "citizen"}


def _fast_forum(personas, make_user):
    """A forum game on the demo's fast schedule (day choices lock 2 minutes
    after the morning, the vote 4), reminders 90 minutes ahead, every
    account with an address."""
    game, seats, _accounts = dealt_game(
        personas["alice"], make_user, "forum", ROLES, variant="two_sided", now=timezone.now(), fast=True, fast_scale=0.5
    )
    for user in get_user_model().objects.all():
        user.email = f"{user.username}@mail.example"
        user.save(update_fields=["email"])
    assert game.reminder_minutes == 90
    return game, seats


def test_a_fast_game_reminds_inside_the_window_and_once_per_deadline(personas, make_user) -> None:
    """FORUM-019: with 90-minute reminders on a 4-minute day, nothing is
    mailed as the day opens; the vote's reminder comes in the vote's own
    window (the last minute of it here), one mail per player, however
    often the mailer passes."""
    game, _seats = _fast_forum(personas, make_user)
    phase = flow.current_phase(game)
    vote = phase.deadlines.get(kind="vote")
    choices = phase.deadlines.get(kind="day_actions")
    mailing.send_due(phase.opened_at + timedelta(seconds=10))
    assert mail.outbox == []
    moment = phase.opened_at + timedelta(seconds=10)
    while moment < vote.due_at:
        mailing.send_due(moment)
        moment += timedelta(seconds=15)
    assert mail.outbox, "the players who did not vote are reminded"
    sent = [(r.player_id, r.deadline_id) for r in Reminder.objects.filter(deadline__phase=phase)]
    assert len(sent) == len(set(sent))
    by_address: dict[str, int] = {}
    for message in mail.outbox:
        by_address[message.to[0]] = by_address.get(message.to[0], 0) + 1
    assert max(by_address.values()) <= 2  # day choices and the vote, never more
    for reminder in Reminder.objects.filter(deadline=vote):
        assert reminder.sent_at >= choices.due_at  # inside the vote's own window


def test_a_player_with_two_deadlines_due_at_once_gets_one_mail(personas, make_user) -> None:
    """Two deadlines due for a reminder in the same pass (the mailer was
    down) bring the seat one mail, never one per deadline."""
    game, _seats = _fast_forum(personas, make_user)
    phase = flow.current_phase(game)
    vote = phase.deadlines.get(kind="vote")
    mailing.send_due(vote.due_at - timedelta(seconds=5))
    cop = get_user_model().objects.get(username="u-clyde").email
    assert len([m for m in mail.outbox if m.to == [cop]]) == 1


def test_links_in_mail_point_at_the_sites_port() -> None:
    """Without ``SITE_URL``, links point at the port the site is served on
    (``PORT``), not at localhost:8000."""
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    env |= {"PORT": "8123", "DJANGO_SETTINGS_MODULE": "mafia_site.settings", "DJANGO_SECRET_KEY": "test-only"}
    code = "import django; django.setup(); from games import mailing; print(mailing.absolute('/g/x/cabinet/'))"
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "http://localhost:8123/g/x/cabinet/"
