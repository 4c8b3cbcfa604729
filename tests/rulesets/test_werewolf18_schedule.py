"""werewolf18 forum schedule and lateness rules (digest §2)."""

from __future__ import annotations

import datetime as dt

import pytest

from rulesets.werewolf18 import schedule


@pytest.mark.parametrize(
    ("opens", "day", "closes"),
    [
        (dt.date(2018, 5, 21), 2, dt.date(2018, 5, 22)),  # Monday → Tuesday
        (dt.date(2018, 5, 24), 2, dt.date(2018, 5, 25)),  # Thursday → Friday
        (dt.date(2018, 5, 25), 2, dt.date(2018, 5, 27)),  # Friday: Saturday in the span → Sunday
        (dt.date(2018, 5, 27), 3, dt.date(2018, 5, 29)),  # Sunday → Tuesday
        (dt.date(2018, 5, 25), 1, dt.date(2018, 5, 26)),  # day 1 is never extended
    ],
)
def test_day_closes_a_day_later_or_two_at_weekends(opens: dt.date, day: int, closes: dt.date) -> None:
    """WW18-072 / A13: «到A+1日晚上关帖。每逢周末就延长一天…第一天讨论日不因周末而延长。»"""
    assert schedule.day_close_date(opens, day) == closes


@pytest.mark.parametrize(
    ("ability", "minutes", "ok"),
    [
        ("shoot", 30, True),
        ("shoot", 31, False),
        ("pass_badge", 45, False),
        ("guard", 60, True),
        ("kill", 61, False),
        ("save", 90, True),
        ("poison", 91, False),
        ("surrender", 600, True),
    ],
)
def test_late_orders_are_given_up(ability: str, minutes: int, ok: bool) -> None:
    """WW18-071: 30 min for exit orders, 1 h for the night roles, 1.5 h for the witch."""
    assert schedule.on_time(ability, minutes) is ok


def test_no_vote_change_in_the_last_hour_or_when_accelerated() -> None:
    """WW18-066 / WW18-068: «白天结束前一个小时不得改票»; «进程加速后不允许改票»."""
    assert schedule.vote_change_allowed(61, accelerated=False)
    assert not schedule.vote_change_allowed(59, accelerated=False)
    assert not schedule.vote_change_allowed(600, accelerated=True)


def test_proxy_votes_need_notice() -> None:
    """玩家须知 9: a proxy vote 30 min, a proxy change 1 h before the close."""
    assert schedule.proxy_vote_valid(30) and not schedule.proxy_vote_valid(29)
    assert schedule.proxy_vote_valid(60, change=True) and not schedule.proxy_vote_valid(45, change=True)


def test_acceleration_needs_more_than_half_of_the_living() -> None:
    """WW18-068: «申请加速的玩家超过所有存活玩家的二分之一»."""
    assert schedule.acceleration_agreed(7, 12)
    assert not schedule.acceleration_agreed(6, 12)


def test_last_words_are_due_an_hour_before_the_next_thread() -> None:
    """行动时限 4): last words not sent one hour before the opening are given up."""
    opening = dt.datetime(2018, 5, 22, 10, 0)
    assert schedule.last_words_due(opening) == dt.datetime(2018, 5, 22, 9, 0)


@pytest.mark.parametrize(
    ("opened", "thread"),
    [
        (dt.datetime(2018, 5, 22, 10, 0), dt.date(2018, 5, 22)),  # the set-up step closes at 10:00
        (dt.datetime(2018, 5, 22, 23, 30), dt.date(2018, 5, 23)),  # after the night: the next morning
    ],
)
def test_a_day_opened_after_the_morning_has_its_thread_the_next_morning(opened: dt.datetime, thread: dt.date) -> None:
    """WW18-072: «一般是A日上午开帖»: the night's results open the next morning's thread."""
    assert schedule.thread_date(opened) == thread
