"""werewolf18's own forum day on the site (digest §2): the day thread's
span with its weekend rule (WW18-072), last words (WW18-016), the players'
acceleration (WW18-068) and the wolves' surrender from the browser
(WW18-017)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from games import flow
from games.models import Game
from tests.games.test_vote_laws import dealt_game

SHANGHAI = ZoneInfo("Asia/Shanghai")
TABLE = {"Wolf": "werewolf", "Seer": "seer", "Witch": "witch", "Hunter": "hunter", "Vil A": "villager"}
TABLE["Vil B"] = "villager"


def local(text: str) -> datetime:
    """``"2026-03-06 22:00"`` in the game's time zone (UTC+8), as aware UTC."""
    return datetime.fromisoformat(text).replace(tzinfo=SHANGHAI).astimezone(UTC)


def shown(when: datetime) -> str:
    return when.astimezone(SHANGHAI).strftime("%a %Y-%m-%d %H:%M")


def due_of(game: Game) -> dict[str, datetime]:
    """The open phase's deadlines by schedule entry."""
    game.refresh_from_db()
    return {d.kind: d.due_at for d in flow.current_phase(game).deadlines.all()}


def werewolf_table(personas, make_user, start: datetime, **fields):
    """The small table dealt by hand in Shanghai time, started at ``start``."""
    return dealt_game(personas["alice"], make_user, "werewolf18", TABLE, now=start, timezone="Asia/Shanghai", **fields)


def to_day_one(game: Game) -> dict[str, datetime]:
    """Resolve the set-up step at its deadline (10:00 local, the morning
    the first thread opens); returns day 1's deadlines."""
    flow.resolve_due(now=due_of(game)["setup"])
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-1"
    return due_of(game)


def to_next_day(game: Game, day: dict[str, datetime]) -> dict[str, datetime]:
    """Close the day and its night at their deadlines; the next day's deadlines."""
    flow.resolve_due(now=day["exit_orders"])
    flow.resolve_due(now=due_of(game)["witch"])
    game.refresh_from_db()
    assert flow.current_phase(game).kind == "day"
    return due_of(game)


@pytest.mark.parametrize(
    ("start", "day_one_closes", "day_two_closes"),
    [
        # Day 1 opens Tuesday morning: Wednesday 22:00; day 2 (Thursday) closes Friday.
        pytest.param("2026-03-02 15:00", "Wed 2026-03-04 22:00", "Fri 2026-03-06 22:00", id="tuesday"),
        # Day 1 on Wednesday closes Thursday; day 2 opens on Friday: the span
        # touches Saturday, so it closes on Sunday evening (A+2).
        pytest.param("2026-03-03 15:00", "Thu 2026-03-05 22:00", "Sun 2026-03-08 22:00", id="friday-day-two"),
        # Day 1 on a Friday is never extended: Saturday 22:00.
        pytest.param("2026-03-05 15:00", "Sat 2026-03-07 22:00", "Tue 2026-03-10 22:00", id="friday-day-one"),
        # Day 1 on Sunday is not extended; day 2 on Tuesday closes Wednesday 22:00.
        pytest.param("2026-03-07 15:00", "Mon 2026-03-09 22:00", "Wed 2026-03-11 22:00", id="tuesday-day-two"),
    ],
)
def test_a_werewolf18_day_closes_on_the_evening_of_a_plus_one_or_two_at_weekends(
    personas, make_user, start: str, day_one_closes: str, day_two_closes: str
) -> None:
    """WW18-072: «一般是A日上午开帖,到A+1日晚上关帖。每逢周末就延长一天…
    第一天讨论日不因周末而延长。» The thread opens at 10:00 (the set-up
    step's deadline, or the morning after the night), and the vote closes
    at 22:00 UTC+8 on A+1, A+2 when the span touches a weekend day."""
    game, _seats, _accounts = werewolf_table(personas, make_user, local(start))
    day_one = to_day_one(game)
    assert shown(flow.current_phase(game).opened_at).endswith("10:00")
    assert shown(day_one["vote"]) == day_one_closes
    assert shown(day_one["no_vote_change"]) == day_one_closes.replace("22:00", "21:00")
    day_two = to_next_day(game, day_one)
    assert shown(day_two["vote"]) == day_two_closes


def test_a_fast_werewolf18_game_keeps_its_minute_offsets(personas, make_user) -> None:
    """Turbo games keep the schedule's minute offsets: no day is stretched."""
    start = local("2026-03-06 09:00")  # a Friday
    game, _seats, _accounts = werewolf_table(personas, make_user, start, fast=True)
    day_one = to_day_one(game)
    opened = flow.current_phase(game).opened_at
    assert (day_one["vote"] - opened).total_seconds() == 120 * 60 * game.fast_scale
