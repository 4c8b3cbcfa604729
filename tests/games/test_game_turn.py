"""Every transition of a game takes the game's lock (``games.flow.turn``):
two changes to one game happen one after another, so neither is lost."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction

from games import flow
from games.models import Game, Post, Resolution, Room
from rulesets.core import GameState

from .test_deadlines import everyone_votes, requires_postgresql, wait_for_a_lock_waiter
from .test_every_ruleset import piter_nominations


def piter_defence(personas, make_user) -> tuple[Game, list, Room, object]:
    """A piter game (``extra_minutes`` on, PITER-122) in the defence window
    of day 1: ``Seat 2`` is the only candidate and has given his first
    defence post. Returns the game, its living seats, the day thread and
    the moment inside the window."""
    game, seats, room, at = piter_nominations(personas, make_user, True, prefix="turn")
    flow.resolve_due(now=at["nominations_close"])
    defence = at["nominations_close"] + timedelta(minutes=1)
    flow.post_create(room=room, seat=seats[1], body="I am a plain citizen.", now=defence)
    return game, seats, room, defence


@requires_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_piter_defence_post_and_a_host_penalty_at_once_both_survive(personas, make_user) -> None:
    """PITER-122 and PITER-110: a candidate's second defence post spends his
    extra minute (a change of the game's state) while the host gives
    another player a warning (another change of it). The post waits for
    the host's lock and then reads the state the warning left: both the
    spent minute and the warning are kept."""
    game, seats, room, defence = piter_defence(personas, make_user)
    warned = seats[5].nickname
    outcome: dict[str, object] = {}

    def post() -> None:
        try:
            outcome["post"] = flow.post_create(
                room=Room.objects.get(pk=room.pk), seat=seats[1], body="One more minute, please.", now=defence
            )
        except flow.FlowError as exc:
            outcome["error"] = str(exc)
        finally:
            connection.close()

    with transaction.atomic():
        flow.penalty_apply(game=Game.objects.get(pk=game.pk), kind="warning:insult", target=warned, now=defence)
        thread = threading.Thread(target=post)
        thread.start()
        wait_for_a_lock_waiter()
    thread.join(timeout=60)

    assert "error" not in outcome and outcome.get("post") is not None
    state = GameState.from_dict(Game.objects.get(pk=game.pk).state)
    assert state.players[warned].counters.get("warnings") == 1
    assert state.players[seats[1].nickname].counters.get("extra_minute") is True


def test_publishing_results_twice_posts_them_once(forum_game) -> None:
    """A host's double click on "Publish results": both requests carry the
    draft as it was when the dashboard loaded; the second, run once the
    first committed, finds the results published with the same text and
    posts nothing more (one post in the vote thread, one copy in the day
    thread, FORUM-031), nor logs a correction."""
    game, seats = forum_game
    everyone_votes(game, seats)
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    flow.phase_resolve_now(game=game, phase="day-1")
    draft = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day")
    first, second = Resolution.objects.get(pk=draft.pk), Resolution.objects.get(pk=draft.pk)
    posts_before = Post.objects.filter(room__game=game, by_host=True).count()

    flow.results_publish(resolution=first, text="[b]Day 1 is over.[/b]")
    flow.results_publish(resolution=second, text="[b]Day 1 is over.[/b]")

    assert Post.objects.filter(room__game=game, by_host=True).count() == posts_before + 2
    for kind in ("vote", "day"):
        room = Room.objects.get(game=game, kind=kind, day=1)
        assert room.posts.filter(body="[b]Day 1 is over.[/b]").count() == 1
    assert not game.events.filter(kind="results_corrected").exists()


@requires_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_applications_at_once_from_one_account_make_one_seat(personas, make_user) -> None:
    """A double-submitted "Apply" form: both requests wait for the game's
    lock; the first takes the seat, the second is told the account has
    already applied — a sentence, not a server error."""
    game = flow.game_create(host=personas["alice"], title="Sign-up", ruleset_id="forum", variant="two_sided")
    flow.signup_open(game=game)
    user = make_user("twice")
    outcome: list[str] = []

    def apply(nickname: str) -> None:
        try:
            flow.signup_apply(game=Game.objects.get(pk=game.pk), user=user, nickname=nickname)
            outcome.append("seated")
        except flow.FlowError as exc:
            outcome.append(str(exc))
        finally:
            connection.close()

    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        threads = [threading.Thread(target=apply, args=(name,)) for name in ("Fox", "Wolf")]
        for thread in threads:
            thread.start()
        wait_for_a_lock_waiter()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(outcome) == ["You have already applied to this game.", "seated"]
    assert game.players.filter(user=user).count() == 1
