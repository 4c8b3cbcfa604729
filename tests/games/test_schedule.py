"""Deadline times (games/schedule.py): the forum's 14:00 / 21:00 / 22:00 in
the game's time zone (FORUM-009, FORUM-010, FORUM-012), daylight-saving
changes, fast games, and local times that do not exist."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from html import unescape
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.urls import reverse

import rulesets
from games import flow
from games.forms import GameCreateForm
from games.models import Deadline, Game
from games.schedule import next_local, parse_hhmm, phase_deadlines

FORUM = rulesets.get("forum")


def utc(text: str) -> datetime:
    """``"2026-10-25 13:00"`` as an aware UTC datetime."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def deadlines_of_a_game_day(game: Game, day_opens: datetime) -> dict[str, datetime]:
    """The day's deadlines, then the night's, opened at the vote's deadline."""
    day = {entry.id: due for entry, due in phase_deadlines(game, FORUM, "day", day_opens)}
    night = {entry.id: due for entry, due in phase_deadlines(game, FORUM, "night", day["vote"])}
    return day | night


@pytest.mark.parametrize(
    ("zone", "day_opens", "expected"),
    [
        pytest.param(
            "Europe/Moscow",
            "2026-11-21 07:00",
            {"day_actions": "2026-11-21 11:00", "vote": "2026-11-21 18:00", "night": "2026-11-21 19:00"},
            id="moscow-utc+3",
        ),
        pytest.param(
            "Europe/Prague",
            "2026-10-23 20:00",
            {"day_actions": "2026-10-24 12:00", "vote": "2026-10-24 19:00", "night": "2026-10-24 20:00"},
            id="prague-summer-time",
        ),
        pytest.param(
            "Europe/Prague",
            "2026-10-24 20:00",
            {"day_actions": "2026-10-25 13:00", "vote": "2026-10-25 20:00", "night": "2026-10-25 21:00"},
            id="prague-day-of-the-autumn-change",
        ),
        pytest.param(
            "Europe/Prague",
            "2027-03-27 21:00",
            {"day_actions": "2027-03-28 12:00", "vote": "2027-03-28 19:00", "night": "2027-03-28 20:00"},
            id="prague-day-of-the-spring-change",
        ),
    ],
)
def test_the_forum_deadlines_fall_at_14_21_and_22_local_time(
    zone: str, day_opens: str, expected: dict[str, str]
) -> None:
    """A game day opened at 22:00 local closes day choices at 14:00, the
    vote at 21:00 and the night at 22:00 local time (FORUM-009, FORUM-010,
    FORUM-012), whatever the UTC offset of that day."""
    game = Game(timezone=zone, fast=False)
    assert deadlines_of_a_game_day(game, utc(day_opens)) == {k: utc(v) for k, v in expected.items()}


def test_the_daily_14_00_moves_by_an_hour_in_utc_across_the_autumn_change() -> None:
    """Europe/Prague leaves summer time on 2026-10-25: 14:00 local is
    12:00 UTC the day before and 13:00 UTC from that day on."""
    at, prague = parse_hhmm("14:00"), ZoneInfo("Europe/Prague")
    due, seen = utc("2026-10-24 05:00"), []
    for _day in range(3):
        due = next_local(due, at, prague)
        seen.append(due)
    assert seen == [utc("2026-10-24 12:00"), utc("2026-10-25 13:00"), utc("2026-10-26 13:00")]


def test_the_hosts_own_times_replace_the_rules_defaults() -> None:
    """A host who moves the vote to 20:30 gets 20:30 local (Moscow: 17:30 UTC)."""
    game = Game(timezone="Europe/Moscow", fast=False, deadlines={"vote": "20:30"})
    due = deadlines_of_a_game_day(game, utc("2026-11-21 07:00"))
    assert due["day_actions"] == utc("2026-11-21 11:00") and due["vote"] == utc("2026-11-21 17:30")


@pytest.mark.parametrize("scale", [1.0, 0.5, 0.05])
def test_a_fast_games_day_deadlines_are_fast_minutes_times_scale_after_the_day_opens(scale: float) -> None:
    """Turbo: day choices lock 4 × scale minutes and the vote closes
    8 × scale minutes after the day opens, in any time zone."""
    game = Game(timezone="Europe/Prague", fast=True, fast_scale=scale)
    opens = utc("2026-10-25 00:30")
    due = deadlines_of_a_game_day(game, opens)
    assert due["day_actions"] == opens + timedelta(minutes=4 * scale)
    assert due["vote"] == opens + timedelta(minutes=8 * scale)


@pytest.mark.parametrize("scale", [1.0, 0.5, 0.05])
def test_a_fast_games_night_closes_its_own_fast_minutes_after_the_vote(scale: float) -> None:
    """Turbo: the night opens at the vote and closes (12 − 8) × scale minutes later."""
    game = Game(timezone="Europe/Moscow", fast=True, fast_scale=scale)
    opens = utc("2026-11-21 10:00")
    due = deadlines_of_a_game_day(game, opens)
    assert due["night"] - due["vote"] == timedelta(minutes=4 * scale)


@pytest.fixture
def fast_game(personas, make_user):
    """A seven-seat forum game on a fast schedule (scale 0.5), roles drawn,
    not started yet."""
    game = flow.game_create(host=personas["alice"], title="Turbo town", ruleset_id="forum", fast=True, fast_scale=0.5)
    flow.signup_open(game=game)
    for i in range(7):
        flow.nickname_register(game=game, user=make_user(f"turbo{i}"), nickname=f"Racer {i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_a_started_fast_game_counts_its_deadlines_from_the_start(fast_game) -> None:
    """Starting a fast game (scale 0.5) sets day 1's deadlines 2 and 4
    minutes after the start."""
    start = utc("2026-11-21 10:00")
    flow.game_start(game=fast_game, now=start)
    due = dict(Deadline.objects.filter(phase__game=fast_game).values_list("kind", "due_at"))
    assert due == {"day_actions": start + timedelta(minutes=2), "vote": start + timedelta(minutes=4)}


@pytest.mark.django_db
def test_a_fast_games_night_deadline_follows_the_vote_it_opens_after(fast_game) -> None:
    """When the fast game's vote closes, the night opens at that deadline
    and closes 2 minutes later (scale 0.5), even if the tick was late."""
    start = utc("2026-11-21 10:00")
    flow.game_start(game=fast_game, now=start)
    seats = list(fast_game.players.all())
    for seat in seats:
        target = seats[1] if seat == seats[0] else seats[0]
        flow.vote_cast(game=fast_game, seat=seat, target=target, now=start + timedelta(minutes=1))
    flow.resolve_due(start + timedelta(minutes=4, seconds=30))
    night = Deadline.objects.get(phase__game=fast_game, phase__kind="night")
    assert night.due_at == start + timedelta(minutes=6)


def new_game_form(**changes: str) -> dict[str, str]:
    """The "Host a game" form as the host submits it: its initial values
    (a standard forum game) with ``changes``."""
    form = GameCreateForm(ruleset=rulesets.get("forum"))
    data = {name: form[name].value() for name in form.fields}
    data |= {"title": "Spring town", **changes}
    return {k: str(v) for k, v in data.items() if v not in (None, False, [])}


@pytest.mark.django_db
@time_machine.travel(utc("2026-11-21 12:00"), tick=False)
def test_the_game_form_refuses_a_time_that_falls_in_a_dst_gap(client, personas) -> None:
    """02:30 does not exist in Prague on 2027-03-28 (clocks jump from 02:00
    to 03:00): the form says so next to the field and no game is made."""
    client.force_login(personas["alice"])
    response = client.post(reverse("game_new"), new_game_form(timezone="Europe/Prague", night="02:30"))
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert 'id="id_night_error"' in html
    assert "Give a time as HH:MM that exists every day in the game's time zone." in html
    assert not Game.objects.exists()


@pytest.mark.django_db
@time_machine.travel(utc("2026-11-21 12:00"), tick=False)
def test_the_game_form_accepts_the_same_time_where_it_always_exists(client, personas) -> None:
    """02:30 exists every day in Moscow (no daylight saving): the game is made."""
    client.force_login(personas["alice"])
    response = client.post(reverse("game_new"), new_game_form(timezone="Europe/Moscow", night="02:30"))
    game = Game.objects.get()
    assert response.status_code == 302 and game.deadlines["night"] == "02:30" and game.timezone == "Europe/Moscow"
