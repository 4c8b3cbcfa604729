"""``manage.py deadline_audit`` (read by ``scripts/faults``) reports a
deadline left overdue, and a phase whose results a player would see
published twice, on the real database."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import flow
from games.models import Deadline, Event

pytestmark = pytest.mark.django_db


def _audit() -> dict[str, int]:
    out = io.StringIO()
    call_command("deadline_audit", stdout=out)
    return json.loads(out.getvalue())


def test_an_overdue_deadline_is_reported_until_the_tick_runs_it(forum_game) -> None:
    game, _seats = forum_game
    vote = Deadline.objects.get(phase__game=game, phase__number=1, kind="vote")
    Deadline.objects.filter(pk=vote.pk).update(due_at=timezone.now() - timedelta(minutes=5))
    before = _audit()
    assert before["overdue"] >= 1 and before["failed"] == 0
    flow.resolve_due(timezone.now())
    after = _audit()
    assert after["overdue"] == 0
    assert after["done"] > before["done"]
    assert after["twice_published"] == 0 and after["twice_locked"] == 0


def test_results_published_twice_for_one_phase_are_reported(forum_game) -> None:
    game, _seats = forum_game
    for _ in range(2):
        Event.objects.create(game=game, kind="results_published", data={"phase": "Day 1"})
    assert _audit()["twice_published"] == 1
