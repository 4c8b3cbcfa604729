"""Declarations of the forum ruleset: teams, roles, abilities, options, schedule.

Everything here is frozen data the web app reads to build forms, cabinets and
rooms (``Ruleset.describe``). Rule ids are those of
``spec/rulesets/forum.md``; Russian names are the document's own words.
"""

from __future__ import annotations

from rulesets.core import Ability, Option, Role, ScheduleEntry, Team

VARIANTS = ("two_sided", "three_sided")  # FORUM-001, FORUM-002

# Criminal teams («мафоманы»): each has a room and one collective shot a night (FORUM-021).
CRIMINAL_TEAMS = ("mafia", "maniacs")

TEAMS: dict[str, Team] = {
    "town": Team("town", {"ru": "Мирные жители", "en": "Town"}),
    "mafia": Team("mafia", {"ru": "Мафы", "en": "Mafia"}, room=True),
    "maniacs": Team("maniacs", {"ru": "Маны", "en": "Maniacs"}, room=True),
    "maniac": Team("maniac", {"ru": "Маньяк-одиночка", "en": "Lone Maniac"}),
    "kamikaze": Team("kamikaze", {"ru": "Камикадзе", "en": "Kamikaze"}),
    "werewolf": Team("werewolf", {"ru": "Оборотень", "en": "Werewolf"}),
    "vampire": Team("vampire", {"ru": "Вампир", "en": "Vampire"}),
    "zombie": Team("zombie", {"ru": "Зомби", "en": "Zombies"}),
}

_CRIMINAL_MOVES = ("kill", "deal", "hide", "direct_vote")
_COP_MOVES = ("shoot", "hide", "direct_vote")

ROLES: dict[str, Role] = {
    "don": Role(
        "don", {"ru": "Дон", "en": "Don"}, CRIMINAL_TEAMS, _CRIMINAL_MOVES, "leads a criminal team (FORUM-033)"
    ),
    "mafioso": Role(
        "mafioso", {"ru": "Маф / ман", "en": "Mafioso"}, CRIMINAL_TEAMS, _CRIMINAL_MOVES, "plain criminal (FORUM-021)"
    ),
    "cop": Role("cop", {"ru": "Коп (Комиссар)", "en": "Cop"}, ("town",), _COP_MOVES, "shoots every night (FORUM-037)"),
    "cop_assistant": Role(
        "cop_assistant",
        {"ru": "Помощник Копа", "en": "Cop's Assistant"},
        ("town",),
        _COP_MOVES,
        "takes over once the Cop is out (FORUM-040)",
    ),
    "child": Role("child", {"ru": "Дитя мафии", "en": "Mafia's Child"}, ("town",), (), "FORUM-043..047"),
    "lawyer": Role("lawyer", {"ru": "Адвокат", "en": "Lawyer"}, ("town",), ("protect",), "FORUM-048, FORUM-049"),
    "bouncer": Role("bouncer", {"ru": "Вышибала", "en": "Bouncer"}, ("town",), ("block",), "FORUM-050, FORUM-051"),
    "keymaster": Role("keymaster", {"ru": "Ключник", "en": "Keymaster"}, ("town",), ("admit",), "FORUM-122..124"),
    "prosecutor": Role(
        "prosecutor", {"ru": "Прокурор", "en": "Prosecutor"}, ("town",), ("extra_vote",), "FORUM-115, FORUM-116"
    ),
    "doctor": Role("doctor", {"ru": "Доктор", "en": "Doctor"}, ("town",), ("heal",), "FORUM-052, FORUM-053"),
    "tin_woodman": Role(
        "tin_woodman",
        {"ru": "Железный Дровосек", "en": "Tin Woodman"},
        ("town",),
        ("choose", "shoot", "kill", "deal", "direct_vote"),
        "chooses once; shoots for whoever shot him (FORUM-056..082)",
    ),
    "sniper": Role("sniper", {"ru": "Снайпер", "en": "Sniper"}, ("town",), ("shoot",), "FORUM-083..086"),
    "maniac": Role(
        "maniac", {"ru": "Маньяк-одиночка", "en": "Lone Maniac"}, ("maniac",), ("shoot", "direct_vote"), "FORUM-042"
    ),
    "kamikaze": Role("kamikaze", {"ru": "Камикадзе", "en": "Kamikaze"}, ("kamikaze",), ("choose",), "FORUM-087..090"),
    "werewolf": Role("werewolf", {"ru": "Оборотень", "en": "Werewolf"}, ("werewolf",), ("bite",), "FORUM-091..095"),
    "vampire": Role("vampire", {"ru": "Вампир", "en": "Vampire"}, ("vampire",), ("bite",), "FORUM-096..100"),
    "citizen": Role("citizen", {"ru": "Мирный житель", "en": "Citizen"}, ("town",), (), "FORUM-101"),
    "zombie": Role("zombie", {"ru": "Зомби", "en": "Zombie"}, ("zombie",), ("shoot",), "FORUM-102..110"),
    "cop_wife": Role(
        "cop_wife", {"ru": "Жена Копа", "en": "Cop's Wife"}, ("town",), ("shoot",), "FORUM-111, FORUM-112"
    ),
    "cop_lover": Role(
        "cop_lover", {"ru": "Любовница Копа", "en": "Cop's Lover"}, ("town",), ("shoot",), "FORUM-113, FORUM-114"
    ),
    "snitch": Role("snitch", {"ru": "Стукач", "en": "Snitch"}, ("town",), (), "FORUM-117, FORUM-118"),
    "bum": Role("bum", {"ru": "Бомж", "en": "Bum"}, ("town",), (), "FORUM-119..121"),
}

ABILITIES: dict[str, Ability] = {
    "kill": Ability("kill", "night", {"ru": "Выстрел команды", "en": "Team kill"}, target_rule="any_alive", team=True),
    "deal": Ability("deal", "night", {"ru": "Сделка со Стукачом", "en": "Deal"}, target_rule="any_alive", team=True),
    "hide": Ability("hide", "night", {"ru": "Подвал", "en": "Hide in the basement"}, target_rule="any_alive"),
    "shoot": Ability("shoot", "night", {"ru": "Выстрел", "en": "Shoot"}, optional=False),
    "heal": Ability("heal", "night", {"ru": "Лечение", "en": "Heal"}, "any_alive", per_target_limit=2, optional=False),
    "choose": Ability("choose", "night", {"ru": "Выбор", "en": "Choose"}),
    "bite": Ability("bite", "night", {"ru": "Укус", "en": "Bite"}, per_game_limit=1, optional=False),
    "protect": Ability(
        "protect", "day", {"ru": "Защита", "en": "Protect"}, target_rule="any_alive", per_target_limit=2, optional=False
    ),
    "block": Ability(
        "block", "day", {"ru": "Недопуск", "en": "Block the vote"}, "any_alive", per_target_limit=2, optional=False
    ),
    "admit": Ability(
        "admit", "day", {"ru": "Черный ход", "en": "Admit by the back door"}, "any_alive", per_target_limit=2
    ),
    "extra_vote": Ability("extra_vote", "day", {"ru": "Второй голос", "en": "Extra vote"}, target_rule="any_alive"),
    "direct_vote": Ability(
        "direct_vote", "day", {"ru": "Голос Бомжа", "en": "Direct the Bum's vote"}, target_rule="any_alive"
    ),
    "vote": Ability("vote", "day", {"ru": "Голос", "en": "Vote"}, target_rule="any_alive", optional=False),
}

# A role's duty: the move whose absence counts as a skip (FORUM-160), and how
# many skips the role may make before the next one is an autokill.
DUTIES: dict[str, tuple[str, str]] = {
    "cop": ("night", "shoot"),
    "cop_assistant": ("night", "shoot"),
    "doctor": ("night", "heal"),
    "sniper": ("night", "shoot"),
    "maniac": ("night", "shoot"),
    "kamikaze": ("night", "choose"),
    "zombie": ("night", "shoot"),
    "lawyer": ("day", "protect"),
    "bouncer": ("day", "block"),
    "keymaster": ("day", "admit"),
    "prosecutor": ("day", "extra_vote"),
}
SKIPS_ALLOWED: dict[str, int] = {"sniper": 1}  # FORUM-160: «кроме Снапа, который ... только раз»
DEFAULT_SKIPS_ALLOWED = 2

# Who holds a gun for the 1/1/1 draw (FORUM-175, ambiguity 28).
GUN_ROLES = ("cop", "cop_assistant", "sniper")
# Rooms shared by roles rather than by a team: the Cop's room (FORUM-040, FORUM-045, FORUM-100).
ROLE_ROOMS: dict[str, tuple[str, ...]] = {"cop": ("cop", "cop_assistant")}
# Roles the host may bring in only as «малоиспользуемые роли» (rare roles).
RARE_ROLES = ("zombie", "cop_wife", "cop_lover", "prosecutor", "snitch", "bum", "keymaster")

OPTIONS: dict[str, Option] = {
    "multifunctional_child": Option(
        "multifunctional_child",
        {"ru": "Многофункциональное Дитя", "en": "Multifunctional Child"},
        help="The Cop who hits the Child takes it into the Cop's room (FORUM-045, FORUM-149).",
    ),
    "bonus": Option(
        "bonus",
        {"ru": "Бонус", "en": "Bonus"},
        kind="dict",
        default=None,
        secret=True,
        fields=(("player", "nickname"), ("day", "day")),
        help='{"player": NAME, "day": N}: NAME is protected for game day N (FORUM-125).',
    ),
    "basement": Option(
        "basement",
        {"ru": "Подвал", "en": "Basement"},
        kind="list",
        default=[],
        choices=("town", *CRIMINAL_TEAMS),
        help="Sides among mafia, maniacs, town (the cops) that may hide one of their own once (FORUM-126).",
    ),
    "walking_basement": Option(
        "walking_basement",
        {"ru": "Ходячий подвал", "en": "Walking basement"},
        kind="dict",
        default=None,
        secret=True,
        fields=(("carrier", "nickname"),),
        help='{"carrier": NAME}: the first gun or team to shoot NAME gets a basement (FORUM-128..131).',
    ),
    "rare_roles": Option(
        "rare_roles",
        {"ru": "Малоиспользуемые роли", "en": "Rare roles"},
        help="The host brings in the rarely used roles; no rule changes.",
    ),
}

# The document's deadlines (FORUM-009, FORUM-010, FORUM-012, FORUM-161); a turbo
# game keeps their order with minutes from the start of the game day.
SCHEDULE = (
    ScheduleEntry("day_actions", "14:00", "day", False, 4, {"ru": "Выбор дневных ролевых", "en": "Day choices lock"}),
    ScheduleEntry("vote", "21:00", "day", True, 8, {"ru": "Итоги голосования", "en": "The vote closes"}),
    ScheduleEntry("night", "22:00", "night", True, 12, {"ru": "Итоги ночи", "en": "The night closes"}),
)

MESSAGES: dict[str, str] = {
    "warn_no_vote": "No vote: autokill at the deadline (FORUM-163).",
    "warn_self_vote": "Voted for self: autokill (FORUM-160).",
    "dead_actor": "You are out of the game and can no longer act.",
    "dead_target": "That player is out of the game.",
    "wrong_phase": "This choice belongs to the other phase of the game day.",
    "not_available": "This move is not open to you now.",
    "limit": "You have already chosen that player twice this game (the limit).",
    "used": "You have already used this once-per-game move.",
    "first_night_only": "The bite is allowed only on the first night.",
    "skipped": "You shot the Tin Woodman last night, so he moves for you tonight and you skip this move.",
    "annulled": "The one you would act for is out of the game, so this shot is annulled.",
    "not_own": "You may hide only a player of your own side.",
    "duplicate": "You have already handed in this move in this phase.",
    "self_target": "You cannot choose yourself.",
    "target_count": "This move needs exactly one player.",
    "penalty": "The host has taken this move away as a penalty.",
    "late": "The deadline had passed; a late choice is not accepted.",
}
