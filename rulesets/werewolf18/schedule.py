"""The forum schedule (行动时限, 讨论日长短) and its lateness rules.

Times are the forum's local wall times (UTC+8, digest §2). The document
fixes the offsets from the day's close; the close itself (22:00) and the
opening (10:00) are this ruleset's defaults, as the digest states. The web
app asks these helpers; the engine only ever sees the orders that arrived
in time (WW18-071: a timeout means the skill was given up).
"""

from __future__ import annotations

import datetime as dt

from rulesets.core import ScheduleEntry
from rulesets.core.said import gettext_noop

TIME_ZONE = "Asia/Shanghai"  # UTC+8, the forum's time
DAY_OPENS = "10:00"  # the discussion thread opens on the morning of A (WW18-072)

# The window each deadline closes (``Ruleset.WINDOWS``), WW18-071 and
# WW18-072: «设置», vote changes, «代投», «投票», the exits' orders, the
# night's «夜间行动», «女巫», «遗言».
WINDOWS: dict[str, str] = {
    "setup": gettext_noop("set-up choices"),
    "no_vote_change": gettext_noop("discussion and vote changes"),
    "proxy_vote": gettext_noop("proxy votes"),
    "exit_orders": gettext_noop("exit orders"),
    "night_actions": gettext_noop("night actions"),
    "witch": gettext_noop("the witch's answer"),
    "last_words": gettext_noop("last words"),
}


SCHEDULE: tuple[ScheduleEntry, ...] = (
    # §6: the deal; the mixed-blood names whom he supports before day 1 opens.
    ScheduleEntry(
        "setup",
        "10:00",
        "setup",
        True,
        10,
        {"ru": "Выбор полукровки", "zh": "混血儿选择", "en": "Deal and set-up choices"},
    ),
    # WW18-066 / 玩家须知 9: no vote change, nor a proxy change, in the last hour.
    ScheduleEntry(
        "no_vote_change",
        "21:00",
        "day",
        False,
        60,
        {"ru": "Конец смены голосов", "zh": "停止改票", "en": "No more vote changes"},
    ),
    # 玩家须知 9: a proxy vote is posted at least 30 minutes before the close.
    ScheduleEntry(
        "proxy_vote",
        "21:30",
        "day",
        False,
        90,
        {"ru": "Конец голосов по доверенности", "zh": "代投截止", "en": "Proxy votes close"},
    ),
    # WW18-072: the day closes on the evening of A+1; the count is published.
    ScheduleEntry(
        "vote", "22:00", "day", False, 120, {"ru": "Конец голосования", "zh": "投票截止", "en": "Vote closes"}
    ),
    # WW18-071: hunter, idiot and sheriff act within 30 minutes of the close.
    ScheduleEntry(
        "exit_orders", "22:30", "day", True, 130, {"ru": "Способности выбывших", "zh": "出局技能", "en": "Exit orders"}
    ),
    # WW18-071: guard, seer, lover, wolves and white wolf act within one hour.
    ScheduleEntry(
        "night_actions", "23:00", "night", False, 140, {"ru": "Ночные ходы", "zh": "夜晚行动", "en": "Night actions"}
    ),
    # WW18-071: the witch answers within an hour and a half; the night resolves.
    ScheduleEntry("witch", "23:30", "night", True, 150, {"ru": "Ход ведьмы", "zh": "女巫行动", "en": "Witch answers"}),
    # 行动时限 4): last words one hour before the next thread opens.
    ScheduleEntry(
        "last_words",
        "09:00",
        "night",
        False,
        170,
        {"ru": "Срок последнего слова", "zh": "遗言截止", "en": "Last words due"},
    ),
)

# Minutes after the day's close within which each order counts (WW18-071).
ACTION_WINDOW: dict[str, int] = {
    "shoot": 30,
    "play_dumb": 30,
    "pass_badge": 30,
    "guard": 60,
    "check": 60,
    "admire": 60,
    "kill": 60,
    "bite": 60,
    "save": 90,
    "poison": 90,
}

# 行动时限 (WW18-071): «猎人、白痴、警长被投票出局时需要发动技能» — the hunter,
# the idiot and the sheriff act once voted out, so their exit orders open
# when the vote closes; «女巫在关门后一个半小时内…» — the witch answers once
# told whom the knives chose (通灵, WW18-023), so her potions open when the
# knives close.
OPENS_AFTER: dict[tuple[str, str], str] = {
    ("day", "shoot"): "vote",
    ("day", "play_dumb"): "vote",
    ("day", "pass_badge"): "vote",
    ("night", "save"): "night_actions",
    ("night", "poison"): "night_actions",
}

NO_CHANGE_MINUTES = 60  # 白天结束前一个小时不得改票 (WW18-066)
PROXY_VOTE_MINUTES = 30  # 导演至少在投票截至的30分钟前发出代投信息
PROXY_CHANGE_MINUTES = 60  # 如需代投改票,需在投票截止前1个小时


def on_time(ability: str, minutes_after_close: float) -> bool:
    """True when an order handed in ``minutes_after_close`` still counts.

    Abilities without a window (surrender, support) are always on time.
    A late order is dropped: the skill was given up (WW18-071).
    """
    window = ACTION_WINDOW.get(ability)
    return window is None or minutes_after_close <= window


def vote_change_allowed(minutes_before_close: float, accelerated: bool) -> bool:
    """A change is refused in the last hour and in an accelerated game (WW18-066, WW18-068)."""
    return not accelerated and minutes_before_close >= NO_CHANGE_MINUTES


def proxy_vote_valid(minutes_before_close: float, change: bool = False) -> bool:
    """A proxy vote asked for less than 30 minutes (a change: 60) before the close is void (玩家须知 9)."""
    return minutes_before_close >= (PROXY_CHANGE_MINUTES if change else PROXY_VOTE_MINUTES)


def acceleration_agreed(requests: int, alive: int) -> bool:
    """More than half of the living players asked to accelerate (WW18-068)."""
    return requests * 2 > alive


def day_close_date(opens: dt.date, day_number: int) -> dt.date:
    """The closing date of a day opened on ``opens``: A+1, or A+2 when A..A+1
    touches a Saturday or Sunday; day 1 is never extended (WW18-072, A13)."""
    normal = opens + dt.timedelta(days=1)
    weekend = any(d.weekday() >= 5 for d in (opens, normal))
    return normal + dt.timedelta(days=1) if weekend and day_number > 1 else normal


def thread_date(opened: dt.datetime) -> dt.date:
    """The date A of the discussion thread of a day opened at ``opened``
    (local time): that date when it opens by the morning (``DAY_OPENS``),
    else the next one: a night resolved at 23:30 is followed by the next
    morning's thread with its morning report (WW18-072, digest §2)."""
    hours, minutes = (int(part) for part in DAY_OPENS.split(":"))
    if opened.time().replace(tzinfo=None) <= dt.time(hours, minutes):
        return opened.date()
    return opened.date() + dt.timedelta(days=1)


def last_words_due(next_opening: dt.datetime) -> dt.datetime:
    """Last words not sent one hour before the next thread opens are given up (行动时限 4)."""
    return next_opening - dt.timedelta(hours=1)


def choice_opens(ability: str, phase: str) -> str:
    """The ``SCHEDULE`` entry after whose deadline ``ability`` opens in
    ``phase`` (``OPENS_AFTER``, WW18-071); "" when it opens with the phase."""
    return OPENS_AFTER.get((phase, ability), "")
