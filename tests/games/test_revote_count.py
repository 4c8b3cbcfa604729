"""The vote thread's count block during a re-vote shows the re-vote, not
the first round (COSMO-013, PITER-017; piter's own case is in
``test_piter_day``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games import flow
from games.models import Room

from .test_day_posts import tie_the_cosmo_vote
from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)
COSMO = {"Ann": "mafioso", "Bea": "citizen", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen", "Fay": "citizen"}


def test_cosmo_013_the_count_block_shows_the_revote_in_the_documents_words(personas, make_user) -> None:
    """COSMO-013: once the re-vote runs, the block is the re-vote's count
    («посадить всех» / «пощадить всех»), with its ballots and who has not
    re-voted yet; the first round's ballots and non-voters are gone."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "cosmo", COSMO, now=START, language="en")
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    game.refresh_from_db()
    day = flow.current_phase(game)
    later = tie_the_cosmo_vote(game, seats, day) + timedelta(minutes=1)
    flow.vote_cast(game=game, seat=seats["Bea"], word="jail", now=later)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    with time_machine.travel(later + timedelta(minutes=1), tick=False):
        page = client_as(accounts["Cid"]).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    start = page.index('id="vote-count"')
    block = page[start : page.index("</section>", start)]
    assert "Re-vote count" in block
    assert "<strong>Jail them all («посадить всех»)</strong>: 1" in block
    assert "Bea → re-vote: Jail them all" in block and "Ann → Dot" not in block
    assert "Not voted yet: Ann, Cid, Dot, Eve, Fay" in block
