"""``manage.py demo`` (what ``scripts/run`` starts): a running game of every
ruleset on a fast schedule, with the accounts README.md lists ("Demo accounts")."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

import rulesets
from games import flow
from games.management.commands.demo import ACCOUNTS, MIN_WINDOW_MINUTES, TABLES, schedule_windows
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
        # Every table's cycle lasts at least as long as the forum's 6 minutes
        # (longer where a window would otherwise be too short to act in).
        longest = max(e.fast_minutes for e in flow.ruleset_of(game).SCHEDULE) * game.fast_scale
        assert longest >= 6 - 1e-9
    assert get_user_model().objects.get(username="player18").check_password("demo-player18")
    assert len(ACCOUNTS) == 20
    for table in TABLES:
        assert table.title in out.getvalue()
    call_command("demo", force=True, stdout=StringIO())
    assert Game.objects.count() == len(TABLES)


def _open_windows(game: Game) -> list[float]:
    """The minutes between the open phase's opening and its first pending
    deadline, and between its consecutive pending deadlines."""
    phase = flow.current_phase(game)
    times = [phase.opened_at, *sorted(d.due_at for d in phase.deadlines.filter(done_at__isnull=True))]
    return [(b - a).total_seconds() / 60 for a, b in zip(times, times[1:], strict=False) if b > a]


@pytest.mark.django_db
@pytest.mark.parametrize("fast_scale", [None, 0.01])
def test_every_window_of_a_demo_game_leaves_time_to_act(fast_scale) -> None:
    """PITER-011..PITER-017, COSMO-012, COSMO-013: piter's nominations,
    defence, vote and re-vote and cosmo's vote and re-vote each last at
    least the demo's minimum, whatever scale is asked; so does the open
    phase of every demo game (a piter day used to give 30 s to nominate)."""
    options = {} if fast_scale is None else {"fast_scale": fast_scale}
    call_command("demo", force=True, stdout=StringIO(), **options)
    for game in Game.objects.filter(status=Game.Status.RUNNING):
        windows = [w * game.fast_scale for w in schedule_windows(game.ruleset)]
        assert min(windows) >= MIN_WINDOW_MINUTES - 1e-9, (game.ruleset, windows)
        assert min(_open_windows(game)) >= MIN_WINDOW_MINUTES - 1e-6, game.ruleset
    piter = Game.objects.get(ruleset="piter", status=Game.Status.RUNNING)
    # Nominations (30 → 40 fast minutes) and the re-vote (50 → 55).
    assert 10 * piter.fast_scale >= MIN_WINDOW_MINUTES and 5 * piter.fast_scale >= MIN_WINDOW_MINUTES


@pytest.mark.django_db
def test_a_running_demo_is_rescaled_by_the_command() -> None:
    """``demo --fast-scale`` rescales the running demo games: the new scale
    for the next phases, and the open phase's pending deadlines stretched by
    the same ratio (the host's log says so); a running demo game whose
    windows are shorter than the minimum is rescaled by a plain ``demo``."""
    call_command("demo", force=True, stdout=StringIO())
    forum = Game.objects.get(title=TABLES[0].title)
    before = forum.fast_scale
    phase = flow.current_phase(forum)
    due_before = {d.kind: d.due_at for d in phase.deadlines.all()}
    out = StringIO()
    call_command("demo", force=True, fast_scale=5, stdout=out)
    forum.refresh_from_db()
    assert forum.fast_scale == pytest.approx(before * 10)
    assert Game.objects.count() == len(TABLES)
    for deadline in phase.deadlines.all():
        assert deadline.due_at > due_before[deadline.kind]
    assert forum.events.filter(kind="fast_scale_set").exists()
    # A demo left over from a too-fast scale is brought up to the minimum.
    piter = Game.objects.get(ruleset="piter")
    Game.objects.filter(pk=piter.pk).update(fast_scale=0.05)
    call_command("demo", force=True, stdout=StringIO())
    piter.refresh_from_db()
    assert min(schedule_windows("piter")) * piter.fast_scale >= MIN_WINDOW_MINUTES - 1e-9
