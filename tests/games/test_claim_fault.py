"""The tick's joint write under a real fault: the database connection is
killed (``pg_terminate_backend`` from a second connection) while a claim
writes its games' resolutions together. Nothing of the claim is kept, the
tick claims the games again game by game on a new connection, and every
due game is resolved exactly once (forum ruleset, real PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta

import psycopg
import pytest
from django.db import connection

from games import flow
from games.flow.claim import Claim
from games.models import Event, Phase, Post, Resolution

from .test_deadlines import everyone_votes, healthy_game, vote_deadline

# Committed transactions: the connection is really killed and replaced.
pytestmark = pytest.mark.django_db(transaction=True)


def kill_this_connection() -> None:
    """Terminate the server process of Django's connection from another one."""
    pid = connection.connection.info.backend_pid
    db = connection.settings_dict
    with psycopg.connect(
        dbname=db["NAME"],
        user=db["USER"] or None,
        password=db["PASSWORD"] or None,
        host=db["HOST"] or None,
        port=db["PORT"] or None,
        autocommit=True,
    ) as other:
        assert other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0]


def test_a_claim_whose_connection_dies_in_its_joint_write_resolves_every_game_once(
    forum_game, personas, make_user, monkeypatch
) -> None:
    """Two forum games reach their day's vote deadline (FORUM-014: the
    vote closes and the day is resolved); the claim's connection is killed
    as it starts writing both resolutions together. The same tick call
    resolves both days, each once: one resolution, one results post, one
    ``phase_resolved`` event per game, the lynched player dead."""
    game, seats = forum_game
    everyone_votes(game, seats)
    other = healthy_game(personas, make_user)
    now = max(vote_deadline(game).due_at, vote_deadline(other).due_at) + timedelta(seconds=1)
    flow.resolve_due(min(vote_deadline(game).due_at, vote_deadline(other).due_at) - timedelta(seconds=1))
    write = Claim.write
    killed: list[int] = []

    def killed_while_writing(claim) -> None:
        if not killed:
            killed.append(len(claim.resolutions))
            kill_this_connection()
        write(claim)

    monkeypatch.setattr(Claim, "write", killed_while_writing)

    assert flow.resolve_due(now) == 2

    assert killed == [2]
    for each in (game, other):
        done = vote_deadline(each)
        assert done.done_at == now and done.attempts == 0 and done.failed_at is None
        resolution = Resolution.objects.get(deadline=done)
        assert resolution.published_post is not None
        assert (
            Post.objects.filter(room=resolution.published_post.room, body=resolution.published_post.body).count() == 1
        )
        assert Event.objects.filter(game=each, kind="phase_resolved").count() == 1
        assert Phase.objects.get(pk=done.phase_id).resolved_at is not None
    assert not game.players.get(nickname="Plain Three").alive
    assert flow.resolve_due(now + timedelta(seconds=1)) == 0
