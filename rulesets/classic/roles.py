"""Declarations of the classic game: teams, roles, abilities, options, messages.

Everything here is frozen data the web app reads to build forms and cabinets
(CLASSIC-001, CLASSIC-005, CLASSIC-030 to CLASSIC-037, classic.md §4–§6).
"""

from __future__ import annotations

from rulesets.core import Ability, Option, Role, Team
from rulesets.core.said import gettext_noop

# CLASSIC-001: two teams; CLASSIC-006: only the mafia know each other, so
# only the mafia share a private room.
TEAMS: dict[str, Team] = {
    "town": Team("town", {"ru": "честные жители", "en": "Honest residents", "zh": "诚实居民"}),
    "mafia": Team("mafia", {"ru": "мафия", "en": "Mafia", "zh": "黑手党"}, room=True),
}

# CLASSIC-005: black cards are mafia, red cards honest, high red cards the
# extra characters.
ROLES: dict[str, Role] = {
    "mafioso": Role(
        "mafioso",
        {"ru": "мафиози", "en": "Mafioso", "zh": "黑手党成员"},
        ("mafia",),
        ("kill",),
        gettext_noop("Black card. Takes part in the mafia's nightly choice of a victim (CLASSIC-030)."),
    ),
    "citizen": Role(
        "citizen",
        {"ru": "честный житель", "en": "Honest resident", "zh": "诚实居民"},
        ("town",),
        (),
        gettext_noop("Red card. No night action; discusses and votes by day (CLASSIC-031)."),
    ),
    "doctor": Role(
        "doctor",
        {"ru": "Доктор", "en": "Doctor", "zh": "医生"},
        ("town",),
        ("heal",),
        gettext_noop(
            "High red card. Heals one player a night, not the same one two nights running, himself once (CLASSIC-032 to CLASSIC-034)."
        ),
    ),
    "putana": Role(
        "putana",
        {"ru": "Стерва/путана", "en": "Putana", "zh": "交际花"},
        ("town",),
        ("visit",),
        gettext_noop(
            "High red card. Occupies one other player a night: their action is void and they lose the next day's vote (CLASSIC-035, CLASSIC-036)."
        ),
    ),
    "commissar": Role(
        "commissar",
        {"ru": "Комиссар", "en": "Commissar", "zh": "警长"},
        ("town",),
        ("check",),
        gettext_noop("High red card. Checks one other player a night and learns their team (CLASSIC-037)."),
    ),
}

ABILITIES: dict[str, Ability] = {
    # CLASSIC-020, CLASSIC-023: a team choice with a host; CLASSIC-061: one
    # note per mafioso without a host (the ruleset adjusts the form).
    "kill": Ability("kill", "night", {"ru": "убить", "en": "Kill", "zh": "杀人"}, team=True),
    # CLASSIC-032 to CLASSIC-034: the doctor may heal himself (once).
    "heal": Ability("heal", "night", {"ru": "лечить", "en": "Heal", "zh": "治疗"}, target_rule="any_alive"),
    # CLASSIC-035, CLASSIC-036.
    "visit": Ability("visit", "night", {"ru": "навестить", "en": "Visit", "zh": "拜访"}),
    # CLASSIC-037.
    "check": Ability("check", "night", {"ru": "проверить", "en": "Check", "zh": "查验"}),
    # classic.md §5: not an action; the id under which a refused ballot is
    # listed. No role holds it, so an action with it is refused.
    "vote": Ability("vote", "day", {"ru": "голосовать", "en": "Vote", "zh": "投票"}, target_rule="any_alive"),
}

DISPUTES: tuple[str, ...] = ("mafia_wins", "draw", "lot", "last_honest_vote")

OPTIONS: dict[str, Option] = {
    "no_host": Option(
        "no_host",
        {"ru": "Без ведущего", "en": "No host", "zh": "无主持人"},
        help=gettext_noop(
            "Night kills by anonymous notes; only mafiosi and honest residents (CLASSIC-060 to CLASSIC-064)."
        ),
    ),
    "blind": Option(
        "blind",
        {"ru": "Игра «вслепую»", "en": "Blind game", "zh": "「盲玩」游戏"},
        help=gettext_noop("Players who leave do not reveal their cards (CLASSIC-065)."),
    ),
    "blind_multi_lynch": Option(
        "blind_multi_lynch",
        {"ru": "Несколько «линчеваний» за день", "en": "Several lynches a day", "zh": "每天多次「私刑」"},
        kind="int",
        default=0,
        choices=(0, 2, 3),
        help=gettext_noop("2 or 3 lynch votes a day (0: one); implies the blind game (CLASSIC-066)."),
    ),
    "dispute": Option(
        "dispute",
        {"ru": "Решение спорных ситуаций", "en": "One against one", "zh": "争议局面的裁决"},
        kind="choice",
        default="lot",
        choices=DISPUTES,
        choice_names=(
            ("mafia_wins", {"ru": "Мафия побеждает", "en": "The mafia win", "zh": "黑手党获胜"}),
            ("draw", {"ru": "Ничья", "en": "A draw", "zh": "平局"}),
            ("lot", {"ru": "Жребий", "en": "Drawing lots", "zh": "抽签"}),
            (
                "last_honest_vote",
                {
                    "ru": "Решающий голос последнего честного",
                    "en": "The last honest player's deciding vote",
                    "zh": "最后一名好人的决定性投票",
                },
            ),
        ),
        help=gettext_noop("What decides a game of one mafioso against one honest player (CLASSIC-043 to CLASSIC-045)."),
    ),
    "night_deadline": Option(
        "night_deadline",
        {"ru": "Конец ночи", "en": "Night deadline", "zh": "夜晚结束"},
        kind="time",
        default="10:00",
        help=gettext_noop("Local time the night is resolved and the morning post goes up (classic.md §2)."),
        deadline="night",
    ),
    "day_deadline": Option(
        "day_deadline",
        {"ru": "Конец дня", "en": "Day deadline", "zh": "白天结束"},
        kind="time",
        default="20:00",
        help=gettext_noop("Local time the day's vote closes (classic.md §2)."),
        deadline="vote",
    ),
    "day_hours_per_player": Option(
        "day_hours_per_player",
        {"ru": "Часов обсуждения на игрока", "en": "Day hours per player", "zh": "每名玩家的讨论小时数"},
        kind="int",
        default=0,
        min_value=0,
        max_value=24,
        help=gettext_noop(
            "When set, the day lasts this many hours per living player instead of closing at the day deadline (CLASSIC-010)."
        ),
    ),
    "lynch_round_minutes": Option(
        "lynch_round_minutes",
        {"ru": "Минут между «линчеваниями»", "en": "Minutes between lynch votes", "zh": "两次「私刑」之间的分钟数"},
        kind="int",
        default=120,
        min_value=0,
        max_value=24 * 60,
        help=gettext_noop(
            "With several lynches a day, each further vote closes this long after the previous one (CLASSIC-066)."
        ),
    ),
    "deciding_vote_hours": Option(
        "deciding_vote_hours",
        {"ru": "Часов на решающее голосование", "en": "Deciding vote hours", "zh": "决定性投票的小时数"},
        kind="int",
        default=24,
        min_value=0,
        max_value=7 * 24,
        help=gettext_noop("How long the deciding vote of last_honest_vote stays open (CLASSIC-044)."),
    ),
}

# Sentences a player reads when a choice is refused, by reason code.
MESSAGES: dict[str, str] = {
    "first_night": gettext_noop("The first night is only for meeting the host: nobody acts before the second night."),
    "team_ability": gettext_noop("The mafia's victim is a shared choice: hand it in for the mafia, not on your own."),
    "individual_notes": gettext_noop("Without a host every mafioso writes his own note: hand in the name yourself."),
    "target_own_team": gettext_noop("The mafia may only choose an honest resident."),
    "repeat_target": gettext_noop("You chose that player last night; choose somebody else tonight."),
    "self_heal_used": gettext_noop("You have already healed yourself once in this game."),
    "no_vote_right": gettext_noop("You spent the night with the putana and may not vote today."),
    "not_a_candidate": gettext_noop("That player is not a candidate in this vote."),
    "duplicate_action": gettext_noop("A later choice of yours replaced this one."),
    "deciding_vote_pending": gettext_noop("The game waits for the deciding vote: nobody acts tonight."),
    "actor_not_alive": gettext_noop("You are out of the game and can no longer take part."),
}

# The rule a refusal rests on, for the host's trace: by reason, or by
# (reason, ability) where the ability decides.
REASON_RULES: dict[str, str] = {
    "first_night": "CLASSIC-007, CLASSIC-008",
    "team_ability": "CLASSIC-023",
    "individual_notes": "CLASSIC-061",
    "target_own_team": "CLASSIC-021",
    "self_heal_used": "CLASSIC-034",
    "no_vote_right": "CLASSIC-035",
    "not_a_candidate": "CLASSIC-011",
    "duplicate_action": "classic.md §2, the last valid submission counts",
    "deciding_vote_pending": "CLASSIC-044",
    "actor_not_alive": "CLASSIC-014",
    "target_not_alive": "CLASSIC-014",
    "repeat_target:heal": "CLASSIC-033",
    "repeat_target:visit": "CLASSIC-036",
    "self_target:visit": "CLASSIC-035",
    "self_target:check": "CLASSIC-037",
    "not_your_ability": "CLASSIC-030, CLASSIC-031",
    "wrong_phase": "CLASSIC-002",
}


def reason_rule(reason: str, ability: str) -> str:
    """The rule id(s) behind refusing ``ability`` for ``reason`` (classic.md §3)."""
    return REASON_RULES.get(f"{reason}:{ability}") or REASON_RULES.get(reason) or "classic.md §3"
