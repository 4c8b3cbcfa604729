"""Deadlines that never stop other games: a game whose resolution raises is
set aside and retried, a catch-up after an outage gives the phase it opens
its full time, "Resolve now" names its phase, and votes and choices are
stamped once they hold the game lock (forum ruleset, real PostgreSQL)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.urls import reverse
from django.utils import timezone

from games import flow
from games.flow.claim import Claim
from games.models import Deadline, Event, Game, Phase, Player, Resolution

from .pages import client_as

pytestmark = pytest.mark.django_db

# Saved straight to the model (the house-rules form refuses it): the engine
# raises on the day "soon" at every resolution of the game.
POISON = {"player": "Plain One", "day": "soon"}


def poison(game: Game) -> None:
    """Give ``game`` house rules its ruleset raises on when it resolves."""
    game.refresh_from_db()
    game.options = {**game.options, "bonus": POISON}
    game.state = {**game.state, "options": {**game.state["options"], "bonus": POISON}}
    game.save(update_fields=["options", "state"])


def cure(game: Game) -> None:
    """Take the bad house rule away again (what the host or an admin fixes)."""
    game.refresh_from_db()
    game.options = {k: v for k, v in game.options.items() if k != "bonus"}
    game.state = {**game.state, "options": {k: v for k, v in game.state["options"].items() if k != "bonus"}}
    game.save(update_fields=["options", "state"])


def healthy_game(personas, make_user) -> Game:
    """A second running seven-seat forum game, created after the fixture's."""
    game = flow.game_create(host=personas["alice"], title="Healthy town", ruleset_id="forum", variant="two_sided")
    flow.signup_open(game=game)
    for i in range(7):
        flow.nickname_register(game=game, user=make_user(f"h{i}"), nickname=f"Seat {i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    flow.game_start(game=game)
    return game


def vote_deadline(game: Game) -> Deadline:
    """Day 1's vote deadline (the one that resolves the day)."""
    return Deadline.objects.get(phase__game=game, phase__number=1, kind="vote")


def everyone_votes(game: Game, seats: dict[str, Player], target: str = "Plain Three") -> None:
    """Every seat votes for ``target`` (who votes for Doc): nobody is autokilled."""
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == target else target])


# ---------------------------------------------------------------- a poison game


def test_a_game_whose_resolution_raises_does_not_hold_up_the_others(forum_game, personas, make_user) -> None:
    """The older game raises at its vote: it is set aside with the error
    and a retry a minute later, its writes rolled back; the newer game's
    vote is resolved by the same tick."""
    game, _seats = forum_game
    poison(game)
    other = healthy_game(personas, make_user)
    now = max(vote_deadline(game).due_at, vote_deadline(other).due_at) + timedelta(seconds=1)

    flow.resolve_due(now)

    assert vote_deadline(other).done_at == now
    assert Resolution.objects.filter(deadline=vote_deadline(other)).exists()
    failed = vote_deadline(game)
    assert failed.done_at is None and failed.attempts == 1
    assert "ValueError" in failed.error and failed.retry_at == now + timedelta(minutes=1)
    assert flow.current_phase(game).key == "day-1"
    assert not Resolution.objects.filter(deadline__phase__game=game).exists()
    assert game.players.alive().count() == 7
    assert Event.objects.filter(game=game, kind="deadline_failed", audience="host").exists()


def test_the_game_whose_deadline_has_waited_longest_is_resolved_first(forum_game, personas, make_user) -> None:
    """After an outage, the tick takes games in the order their deadlines
    fell due, not the order they were created: the newer game, due five
    minutes earlier, is resolved by the first claim of one game, the older
    one by the next."""
    game, seats = forum_game
    everyone_votes(game, seats)
    other = healthy_game(personas, make_user)
    later = vote_deadline(game)
    earlier = vote_deadline(other)
    # Everything due before the votes (the day choices' lock) is done first.
    flow.resolve_due(min(later.due_at, earlier.due_at) - timedelta(seconds=1))
    Deadline.objects.filter(pk=earlier.pk).update(due_at=later.due_at - timedelta(minutes=5))
    now = later.due_at + timedelta(hours=1)

    assert flow.resolve_due(now, limit=1) == 1
    assert vote_deadline(other).done_at == now
    assert vote_deadline(game).done_at is None

    assert flow.resolve_due(now, limit=1) == 1
    assert vote_deadline(game).done_at == now


def test_a_claim_whose_joint_write_fails_is_claimed_again_game_by_game(
    forum_game, personas, make_user, monkeypatch
) -> None:
    """The tick writes its claimed games' resolutions together; when that
    write raises, nothing of the claim is kept and the same call claims the
    games again, each written as it resolves: both days are resolved once,
    their results posted (the earlier deadlines, the day choices' lock,
    fired first)."""
    game, seats = forum_game
    everyone_votes(game, seats)
    other = healthy_game(personas, make_user)
    now = max(vote_deadline(game).due_at, vote_deadline(other).due_at) + timedelta(seconds=1)
    flow.resolve_due(min(vote_deadline(game).due_at, vote_deadline(other).due_at) - timedelta(seconds=1))
    write = Claim.write
    calls = []

    def fails_once(claim) -> None:
        calls.append(len(claim.resolutions))
        if len(calls) == 1:
            raise ValueError("the joint write fails")
        write(claim)

    monkeypatch.setattr(Claim, "write", fails_once)

    assert flow.resolve_due(now) == 2

    assert calls == [2]
    for each in (game, other):
        done = vote_deadline(each)
        assert done.done_at == now and done.attempts == 0
        resolution = Resolution.objects.get(deadline=done)
        assert resolution.published_post is not None
        assert Event.objects.filter(game=each, kind="phase_resolved").count() == 1
    assert not game.players.get(nickname="Plain Three").alive


def test_a_failed_deadline_is_retried_with_backoff_until_it_succeeds(forum_game) -> None:
    """Retries wait 1, 2, 4 … minutes, never more than an hour, and the
    game's later deadlines wait behind them; once the cause is fixed the
    next retry resolves the day and clears the failure."""
    game, seats = forum_game
    everyone_votes(game, seats)
    poison(game)
    now = vote_deadline(game).due_at + timedelta(seconds=1)
    flow.resolve_due(now)
    assert flow.resolve_due(now + timedelta(seconds=30)) == 0
    assert vote_deadline(game).attempts == 1
    for minutes in (2, 4, 8, 16, 32, 60, 60):
        now = vote_deadline(game).retry_at
        flow.resolve_due(now)
        assert vote_deadline(game).retry_at - now == timedelta(minutes=minutes)

    cure(game)
    flow.resolve_due(vote_deadline(game).retry_at)

    done = vote_deadline(game)
    assert done.done_at and not done.failed_at and not done.error and done.retry_at is None
    assert not game.players.get(nickname="Plain Three").alive
    assert Event.objects.filter(game=game, kind="deadline_recovered").exists()


def test_resolve_now_on_a_failing_game_shows_the_error_and_retry_now_recovers(forum_game) -> None:
    """A "Resolve now" answers the dashboard with the error (never a 500);
    the dashboard keeps an alert with the error and "Retry now", which
    resolves the day once the house rules are fixed."""
    game, seats = forum_game
    everyone_votes(game, seats)
    poison(game)
    client = client_as("alice")

    response = client.post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"}, follow=True)

    assert response.status_code == 200
    html = response.content.decode()
    assert "The resolution of Day 1 failed" in html and "ValueError" in html
    assert 'id="deadline-failed"' in html and "Retry now" in html
    assert flow.current_phase(game).key == "day-1"
    # Site admins are told in the admin (test_the_admin_lists_failed_deadlines),
    # not on the host's page, which is not theirs.
    assert client_as("erin").get(reverse("host", args=[game.slug])).status_code == 404

    cure(game)
    html = client.post(reverse("host_retry", args=[game.slug]), follow=True).content.decode()

    assert "The deadline was processed." in html and 'id="deadline-failed"' not in html
    assert flow.current_phase(game).key == "night-1"


def test_retry_now_without_a_failure_is_refused(forum_game) -> None:
    """Nothing to retry: a message, nothing resolved."""
    game, _seats = forum_game
    html = client_as("alice").post(reverse("host_retry", args=[game.slug]), follow=True).content.decode()
    assert "No deadline of this game is failing." in html
    assert flow.current_phase(game).key == "day-1"


def test_the_admin_lists_failed_deadlines(forum_game, personas, make_user, admin_client) -> None:
    """Admins find the failing deadline with its error under the "failed"
    filter, and the game marked in the games list."""
    game, _seats = forum_game
    poison(game)
    other = healthy_game(personas, make_user)
    flow.resolve_due(vote_deadline(other).due_at + timedelta(seconds=1))

    failed = admin_client.get("/admin/games/deadline/?failed=yes").content.decode()
    healthy = admin_client.get("/admin/games/deadline/?failed=no").content.decode()

    assert "ValueError" in failed and "Healthy town" not in failed
    assert "Healthy town" in healthy and "ValueError" not in healthy
    assert admin_client.get("/admin/games/game/").status_code == 200


# ---------------------------------------------------------------- catch-up


def test_a_catch_up_gives_the_phase_it_opens_its_full_window(forum_game) -> None:
    """Three hours of outage over the 21:00 vote: the vote is resolved as
    of 21:00, and the night it opens gets its full hour from the catch-up,
    not a deadline already past; the host reads a note."""
    game, seats = forum_game
    everyone_votes(game, seats)
    vote = vote_deadline(game)
    back = vote.due_at + timedelta(hours=3)

    flow.resolve_due(back)

    assert Phase.objects.get(game=game, kind="day", number=1).resolved_at == vote.due_at
    assert not game.players.get(nickname="Plain Three").alive
    night = flow.current_phase(game)
    assert (night.kind, night.number, night.opened_at) == ("night", 1, back)
    assert night.deadlines.get().due_at == back + timedelta(hours=1)
    html = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert "caught up 180 minutes late" in html


def test_a_deadline_processed_within_the_grace_keeps_the_schedule(forum_game) -> None:
    """Five minutes late: the night still closes at 22:00 local time."""
    game, seats = forum_game
    everyone_votes(game, seats)
    flow.resolve_due(vote_deadline(game).due_at + timedelta(minutes=5))
    night = flow.current_phase(game)
    assert flow.local_deadline(game, night.deadlines.get().due_at).split(" ")[1] == "22:00"
    assert not Event.objects.filter(game=game, kind="schedule_shifted").exists()


# ---------------------------------------------------------------- resolve now


def test_resolve_now_clicked_twice_resolves_only_the_phase_shown(forum_game) -> None:
    """The second click names day 1, already resolved: refused, and the
    night goes on."""
    game, seats = forum_game
    everyone_votes(game, seats)
    client = client_as("alice")
    client.post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"})

    html = client.post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"}, follow=True).content.decode()

    assert "Day 1 is already resolved; Night 1 is open now." in html
    assert flow.current_phase(game).key == "night-1"


def test_resolve_now_without_a_phase_is_refused(forum_game) -> None:
    """A request that does not name the phase resolves nothing."""
    game, _seats = forum_game
    html = client_as("alice").post(reverse("host_resolve", args=[game.slug]), follow=True).content.decode()
    assert "choose the phase to resolve" in html
    assert flow.current_phase(game).key == "day-1"


# ---------------------------------------------------------------- stamped under the lock


# These tests watch a second session wait for PostgreSQL's row lock; SQLite
# (the embedded default) has no row locks and serialises every write
# transaction, so there is nothing to observe there. CI runs PostgreSQL.
requires_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="watches PostgreSQL's row locks (pg_locks)"
)


def wait_for_a_lock_waiter() -> None:
    """Poll PostgreSQL until some session waits for a lock (``pg_locks``
    is read live, unlike the statistics views inside a transaction)."""
    end = time.monotonic() + 30
    with connection.cursor() as cursor:
        while time.monotonic() < end:
            cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0]:
                return
            time.sleep(0.05)
    pytest.fail("the call never waited for the game lock")


def behind_the_lock(game: Game, deadline: Deadline, call: Callable[[], object]) -> str:
    """Run ``call`` in another thread while this one holds the game lock,
    as a tick resolving the game does; once ``call`` waits for the lock,
    ``deadline`` passes; then the lock is released. Returns the FlowError
    ``call`` raised ("" when it was accepted)."""
    outcome: dict[str, str] = {}

    def run() -> None:
        try:
            call()
            outcome["error"] = ""
        except flow.FlowError as exc:
            outcome["error"] = str(exc)
        finally:
            connection.close()

    with transaction.atomic():
        Game.objects.select_for_update().get(pk=game.pk)
        thread = threading.Thread(target=run)
        thread.start()
        wait_for_a_lock_waiter()
        Deadline.objects.filter(pk=deadline.pk).update(due_at=timezone.now())
    thread.join(timeout=60)
    return outcome["error"]


@requires_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_vote_that_gets_the_lock_after_the_deadline_is_refused(forum_game) -> None:
    """A vote asked before the deadline but waiting for the lock until
    after it is refused with the deadline shown, and not counted."""
    game, seats = forum_game
    deadline = vote_deadline(game)

    error = behind_the_lock(
        game,
        deadline,
        lambda: flow.vote_cast(game=Game.objects.get(pk=game.pk), seat=seats["Plain One"], target=seats["Bonnie"]),
    )

    assert error.startswith("The vote closed at") and " UTC+3" in error
    assert not game.votes.exists()


@requires_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_night_choice_that_gets_the_lock_after_the_deadline_is_refused(forum_game) -> None:
    """The cop's shot waiting for the lock past the night's deadline is
    refused with the deadline shown, and not kept."""
    game, seats = forum_game
    everyone_votes(game, seats)
    flow.phase_resolve_now(game=game)
    night = flow.current_phase(game)

    error = behind_the_lock(
        game,
        night.deadlines.get(),
        lambda: flow.action_submit(
            game=Game.objects.get(pk=game.pk), seat=seats["Clyde"], ability="shoot", targets=["Bonnie"]
        ),
    )

    assert error.startswith("Too late: choices for this phase closed at") and " UTC+3" in error
    assert not night.actions.exists()


def test_a_vote_after_the_day_was_resolved_shows_the_vote_deadline(forum_game) -> None:
    """A vote that arrives once the tick resolved the day (it waited behind
    it) is told when the vote closed, in the game's time zone."""
    game, seats = forum_game
    vote = vote_deadline(game)
    flow.resolve_due(vote.due_at + timedelta(seconds=1))
    with pytest.raises(flow.FlowError, match=r"^The vote closed at .*21:00 UTC\+3"):
        flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"], now=vote.due_at + timedelta(seconds=2))


def test_a_choice_withdrawn_after_its_deadline_is_refused_with_the_deadline(forum_game) -> None:
    """Withdrawing the cop's shot after 22:00 is refused and shows 22:00."""
    game, seats = forum_game
    everyone_votes(game, seats)
    flow.phase_resolve_now(game=game)
    action = flow.action_submit(game=game, seat=seats["Clyde"], ability="shoot", targets=["Bonnie"])
    due = flow.current_phase(game).deadlines.get().due_at
    with pytest.raises(flow.FlowError, match=r"22:00 UTC\+3"):
        flow.action_withdraw(game=game, seat=seats["Clyde"], action_id=action.public_id, now=due + timedelta(seconds=1))
    assert action.phase.actions.filter(pk=action.pk).exists()
