"""Declarations of the forum ruleset: teams, roles, abilities, options, schedule.

Everything here is frozen data the web app reads to build forms, cabinets and
rooms (``Ruleset.describe``). Rule ids are those of
``spec/rulesets/forum.md``; Russian names are the document's own words.
"""

from __future__ import annotations

from rulesets.core import Ability, Option, Role, ScheduleEntry, Team
from rulesets.core.said import gettext_noop

VARIANTS = ("two_sided", "three_sided")  # FORUM-001, FORUM-002

# Criminal teams («мафоманы»): each has a room and one collective shot a night (FORUM-021).
CRIMINAL_TEAMS = ("mafia", "maniacs")

TEAMS: dict[str, Team] = {
    "town": Team("town", {"ru": "Мирные жители", "en": "Town", "zh": "平民阵营"}),
    "mafia": Team("mafia", {"ru": "Мафы", "en": "Mafia", "zh": "黑手党"}, room=True),
    "maniacs": Team("maniacs", {"ru": "Маны", "en": "Maniacs", "zh": "杀人狂团伙"}, room=True),
    "maniac": Team("maniac", {"ru": "Маньяк-одиночка", "en": "Lone Maniac", "zh": "独行杀人狂"}),
    "kamikaze": Team("kamikaze", {"ru": "Камикадзе", "en": "Kamikaze", "zh": "敢死队员"}),
    "werewolf": Team("werewolf", {"ru": "Оборотень", "en": "Werewolf", "zh": "狼人"}),
    "vampire": Team("vampire", {"ru": "Вампир", "en": "Vampire", "zh": "吸血鬼"}),
    "zombie": Team("zombie", {"ru": "Зомби", "en": "Zombies", "zh": "僵尸"}),
}

_CRIMINAL_MOVES = ("kill", "deal", "hide", "direct_vote")
_COP_MOVES = ("shoot", "hide", "direct_vote")

ROLES: dict[str, Role] = {
    "don": Role(
        "don",
        {"ru": "Дон", "en": "Don", "zh": "教父"},
        CRIMINAL_TEAMS,
        _CRIMINAL_MOVES,
        gettext_noop("leads a criminal team (FORUM-033)"),
        card_team=True,  # FORUM-014: the card says which criminal team
    ),
    "mafioso": Role(
        "mafioso",
        {"ru": "Маф / ман", "en": "Mafioso", "zh": "黑手党成员"},
        CRIMINAL_TEAMS,
        _CRIMINAL_MOVES,
        gettext_noop("plain criminal (FORUM-021)"),
        card_team=True,  # FORUM-014: the card says which criminal team
    ),
    "cop": Role(
        "cop",
        {"ru": "Коп (Комиссар)", "en": "Cop", "zh": "警察"},
        ("town",),
        _COP_MOVES,
        gettext_noop("shoots every night (FORUM-037)"),
    ),
    "cop_assistant": Role(
        "cop_assistant",
        {"ru": "Помощник Копа", "en": "Cop's Assistant", "zh": "警察助手"},
        ("town",),
        _COP_MOVES,
        gettext_noop("takes over once the Cop is out (FORUM-040)"),
    ),
    "child": Role(
        "child",
        {"ru": "Дитя мафии", "en": "Mafia's Child", "zh": "黑手党之子"},
        ("town",),
        (),
        gettext_noop(
            "A citizen the criminal teams cannot kill: a team's hit makes you one of them, the Cop's makes you a plain citizen, and you learn your role only then (FORUM-043..047)."
        ),
    ),
    "lawyer": Role(
        "lawyer",
        {"ru": "Адвокат", "en": "Lawyer", "zh": "律师"},
        ("town",),
        ("protect",),
        gettext_noop("A day role of the town: each day you protect one player from the vote (FORUM-048, FORUM-049)."),
    ),
    "bouncer": Role(
        "bouncer",
        {"ru": "Вышибала", "en": "Bouncer", "zh": "保镖"},
        ("town",),
        ("block",),
        gettext_noop(
            "A day role of the town: each day the vote of the player you block is not counted (FORUM-050, FORUM-051)."
        ),
    ),
    "keymaster": Role(
        "keymaster",
        {"ru": "Ключник", "en": "Keymaster", "zh": "钥匙保管人"},
        ("town",),
        ("admit",),
        gettext_noop(
            "A day role of the town: each day you may undo the Bouncer's block by letting a player in by the back door (FORUM-122..124)."
        ),
    ),
    "prosecutor": Role(
        "prosecutor",
        {"ru": "Прокурор", "en": "Prosecutor", "zh": "检察官"},
        ("town",),
        ("extra_vote",),
        gettext_noop(
            "A citizen with a second vote, given from the cabinet against the one he takes for a criminal (FORUM-115, FORUM-116)."
        ),
    ),
    "doctor": Role(
        "doctor",
        {"ru": "Доктор", "en": "Doctor", "zh": "医生"},
        ("town",),
        ("heal",),
        gettext_noop(
            "Heals one player a night, citizens and criminals alike, so that a shot does not kill him (FORUM-052, FORUM-053)."
        ),
    ),
    "tin_woodman": Role(
        "tin_woodman",
        {"ru": "Железный Дровосек", "en": "Tin Woodman", "zh": "铁皮人"},
        ("town",),
        ("choose", "shoot", "kill", "deal", "direct_vote"),
        gettext_noop("chooses once; shoots for whoever shot him (FORUM-056..082)"),
    ),
    "sniper": Role(
        "sniper",
        {"ru": "Снайпер", "en": "Sniper", "zh": "狙击手"},
        ("town",),
        ("shoot",),
        gettext_noop(
            "A citizen who shoots every night and may kill anyone but the Cop and the Dons; hitting the Cop makes you a plain citizen, hitting a Don takes you into his team (FORUM-083..086)."
        ),
    ),
    "maniac": Role(
        "maniac",
        {"ru": "Маньяк-одиночка", "en": "Lone Maniac", "zh": "独行杀人狂"},
        ("maniac",),
        ("shoot", "direct_vote"),
        gettext_noop("Plays for himself and must remove everyone from his way, mafia and citizens alike (FORUM-042)."),
    ),
    "kamikaze": Role(
        "kamikaze",
        {"ru": "Камикадзе", "en": "Kamikaze", "zh": "敢死队员"},
        ("kamikaze",),
        ("choose",),
        gettext_noop(
            "Names a player every night: if you are killed, by day or by night, you take him with you (FORUM-087..090)."
        ),
    ),
    "werewolf": Role(
        "werewolf",
        {"ru": "Оборотень", "en": "Werewolf", "zh": "狼人"},
        ("werewolf",),
        ("bite",),
        gettext_noop("A neutral who bites on the first night only and takes his victim's role (FORUM-091..095)."),
    ),
    "vampire": Role(
        "vampire",
        {"ru": "Вампир", "en": "Vampire", "zh": "吸血鬼"},
        ("vampire",),
        ("bite",),
        gettext_noop(
            "A neutral who bites on the first night only: he takes a citizen's role, or joins the criminals he bites (FORUM-096..100)."
        ),
    ),
    "citizen": Role(
        "citizen",
        {"ru": "Мирный житель", "en": "Citizen", "zh": "平民"},
        ("town",),
        (),
        gettext_noop("A plain citizen: no night move; you find the criminals by talking and voting (FORUM-101)."),
    ),
    "zombie": Role(
        "zombie",
        {"ru": "Зомби", "en": "Zombie", "zh": "僵尸"},
        ("zombie",),
        ("shoot",),
        gettext_noop(
            "Shoots every night: a plain citizen he hits becomes a Zombie, others die, and hitting the Cop or a Don kills the Zombie (FORUM-102..110)."
        ),
    ),
    "cop_wife": Role(
        "cop_wife",
        {"ru": "Жена Копа", "en": "Cop's Wife", "zh": "警察之妻"},
        ("town",),
        ("shoot",),
        gettext_noop(
            "A plain citizen while the Cop lives; once he is killed, one revenge shot that kills only criminals (FORUM-111, FORUM-112)."
        ),
    ),
    "cop_lover": Role(
        "cop_lover",
        {"ru": "Любовница Копа", "en": "Cop's Lover", "zh": "警察情人"},
        ("town",),
        ("shoot",),
        gettext_noop(
            "Thinks herself a plain citizen until the Cop is killed; then one revenge shot, as the Cop's Wife (FORUM-113, FORUM-114)."
        ),
    ),
    "snitch": Role(
        "snitch",
        {"ru": "Стукач", "en": "Snitch", "zh": "告密者"},
        ("town",),
        (),
        gettext_noop(
            "A citizen a team that hits him may kill or take into a deal: then he lives and tells the team its Child (FORUM-117, FORUM-118)."
        ),
    ),
    "bum": Role(
        "bum",
        {"ru": "Бомж", "en": "Bum", "zh": "流浪汉"},
        ("town",),
        (),
        gettext_noop(
            "A citizen whose vote goes, the day after, to whoever took it by hitting him at night (FORUM-119..121)."
        ),
    ),
}

ABILITIES: dict[str, Ability] = {
    "kill": Ability(
        "kill",
        "night",
        {"ru": "Выстрел команды", "en": "Team kill", "zh": "阵营击杀"},
        target_rule="any_alive",
        team=True,
    ),
    "deal": Ability(
        "deal",
        "night",
        {"ru": "Сделка со Стукачом", "en": "Deal", "zh": "与告密者交易"},
        target_rule="any_alive",
        team=True,
        standing=True,  # the alternative of the team's kill, never a choice of its own
    ),
    "hide": Ability(
        "hide", "night", {"ru": "Подвал", "en": "Hide in the basement", "zh": "藏进地下室"}, target_rule="any_alive"
    ),
    "shoot": Ability("shoot", "night", {"ru": "Выстрел", "en": "Shoot", "zh": "射击"}, optional=False),
    "heal": Ability(
        "heal",
        "night",
        {"ru": "Лечение", "en": "Heal", "zh": "治疗"},
        target_rule="any_alive",
        per_target_limit=2,
        optional=False,
    ),
    "choose": Ability("choose", "night", {"ru": "Выбор", "en": "Choose", "zh": "选择"}),
    "bite": Ability("bite", "night", {"ru": "Укус", "en": "Bite", "zh": "咬人"}, per_game_limit=1, optional=False),
    "protect": Ability(
        "protect",
        "day",
        {"ru": "Защита", "en": "Protect", "zh": "辩护"},
        target_rule="any_alive",
        per_target_limit=2,
        optional=False,
    ),
    "block": Ability(
        "block",
        "day",
        {"ru": "Недопуск", "en": "Block the vote", "zh": "禁止投票"},
        target_rule="any_alive",
        per_target_limit=2,
        optional=False,
    ),
    "admit": Ability(
        "admit",
        "day",
        {"ru": "Черный ход", "en": "Admit by the back door", "zh": "从后门放行"},
        target_rule="any_alive",
        per_target_limit=2,
    ),
    "extra_vote": Ability(
        "extra_vote", "day", {"ru": "Второй голос", "en": "Extra vote", "zh": "额外一票"}, target_rule="any_alive"
    ),
    "direct_vote": Ability(
        "direct_vote",
        "day",
        {"ru": "Голос Бомжа", "en": "Direct the Bum's vote", "zh": "操纵流浪汉的投票"},
        target_rule="any_alive",
    ),
    "vote": Ability(
        "vote", "day", {"ru": "Голос", "en": "Vote", "zh": "投票"}, target_rule="any_alive", optional=False
    ),
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
        {"ru": "Многофункциональное Дитя", "en": "Multifunctional Child", "zh": "多功能黑手党之子"},
        help=gettext_noop("The Cop who hits the Child takes it into the Cop's room (FORUM-045, FORUM-149)."),
    ),
    "bonus": Option(
        "bonus",
        {"ru": "Бонус", "en": "Bonus", "zh": "奖励"},
        kind="dict",
        default=None,
        secret=True,
        fields=(("player", "nickname"), ("day", "day")),
        help=gettext_noop("The player protected, and the game day he is protected for (FORUM-125)."),
    ),
    "basement": Option(
        "basement",
        {"ru": "Подвал", "en": "Basement", "zh": "地下室"},
        kind="list",
        default=[],
        choices=("town", *CRIMINAL_TEAMS),
        choice_names=tuple((team, TEAMS[team].name) for team in ("town", *CRIMINAL_TEAMS)),
        help=gettext_noop(
            "Sides among mafia, maniacs, town (the cops) that may hide one of their own once (FORUM-126)."
        ),
    ),
    "walking_basement": Option(
        "walking_basement",
        {"ru": "Ходячий подвал", "en": "Walking basement", "zh": "移动地下室"},
        kind="dict",
        default=None,
        secret=True,
        fields=(("carrier", "nickname"),),
        help=gettext_noop("The carrier: the first gun or team to shoot this player gets a basement (FORUM-128..131)."),
    ),
    "rare_roles": Option(
        "rare_roles",
        {"ru": "Малоиспользуемые роли", "en": "Rare roles", "zh": "稀有身份"},
        help=gettext_noop("The host brings in the rarely used roles; no rule changes."),
    ),
}

# The document's deadlines (FORUM-009, FORUM-010, FORUM-012, FORUM-161); a turbo
# game keeps their order with minutes from the start of the game day.
# The window each deadline closes (``Ruleset.WINDOWS``): day choices lock
# at 14:00 (FORUM-012); the vote and the night are the common kinds.
WINDOWS: dict[str, str] = {"day_actions": gettext_noop("day choices")}


SCHEDULE = (
    ScheduleEntry(
        "day_actions",
        "14:00",
        "day",
        False,
        4,
        {"ru": "Выбор дневных ролевых", "en": "Day choices lock", "zh": "白天行动截止"},
    ),
    ScheduleEntry(
        "vote", "21:00", "day", True, 8, {"ru": "Итоги голосования", "en": "The vote closes", "zh": "投票截止"}
    ),
    ScheduleEntry(
        "night", "22:00", "night", True, 12, {"ru": "Итоги ночи", "en": "The night closes", "zh": "夜晚结束"}
    ),
)

MESSAGES: dict[str, str] = {
    "warn_no_vote": gettext_noop("No vote: autokill at the deadline (FORUM-163)."),
    "warn_self_vote": gettext_noop("Voted for self: autokill (FORUM-164)."),
    "dead_actor": gettext_noop("You are out of the game and can no longer act."),
    "dead_target": gettext_noop("That player is out of the game."),
    "wrong_phase": gettext_noop("This choice belongs to the other phase of the game day."),
    "not_available": gettext_noop("This move is not open to you now."),
    "limit": gettext_noop("You have already chosen that player twice this game (the limit)."),
    "used": gettext_noop("You have already used this once-per-game move."),
    "first_night_only": gettext_noop("The bite is allowed only on the first night."),
    "skipped": gettext_noop("You shot the Tin Woodman last night, so he moves for you tonight and you skip this move."),
    "annulled": gettext_noop("The one you would act for is out of the game, so this shot is annulled."),
    "not_own": gettext_noop("You may hide only a player of your own side."),
    "duplicate": gettext_noop("You have already handed in this move in this phase."),
    "self_target": gettext_noop("You cannot choose yourself."),
    "target_count": gettext_noop("This move needs exactly one player."),
    "penalty": gettext_noop("The host has taken this move away as a penalty."),
    "late": gettext_noop("The deadline had passed; a late choice is not accepted."),
}
