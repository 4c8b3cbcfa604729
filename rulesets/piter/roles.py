"""Declarations of the Piter ruleset as data: teams, roles, abilities, options.

Source: «Правила игры в мафию (Питер)» (``001_f0c3182968e061d1.txt``), digest
``spec/rulesets/piter.md``. Every entry names the rule id it rests on.
"""

from __future__ import annotations

from rulesets.core import Ability, Option, Role, Team
from rulesets.core.said import gettext_noop

# §4 Teams. The clan shares a room from the acquaintance night on (PITER-003,
# PITER-046); the two neutrals play alone (PITER-047, PITER-048).
TEAMS: dict[str, Team] = {
    "town": Team("town", {"ru": "Горожане", "en": "Town", "zh": "城镇"}),
    "mafia": Team("mafia", {"ru": "Клан Мафии", "en": "Mafia clan", "zh": "黑手党家族"}, room=True),
    "maniac": Team("maniac", {"ru": "Маньяк", "en": "Maniac", "zh": "杀人狂"}),
    "mirror": Team("mirror", {"ru": "Зеркало", "en": "Mirror", "zh": "镜子"}),
}

# §5 Roles. The mafioso holds no individual ability: the clan shoots together
# (PITER-040), see ``TEAM_ABILITIES``. The komsomolets and the werewolf change
# role when they convert (PITER-060, PITER-061).
ROLES: dict[str, Role] = {
    "mafioso": Role(
        "mafioso",
        {"ru": "Мафия", "en": "Mafioso", "zh": "黑手党成员"},
        ("mafia",),
        (),
        gettext_noop("PITER-040: shoots with the clan at night."),
    ),
    "putana": Role(
        "putana",
        {"ru": "Путана", "en": "Putana", "zh": "交际花"},
        ("mafia",),
        ("discredit",),
        gettext_noop("PITER-042: silences a player for the next day."),
    ),
    "bureaucrat": Role(
        "bureaucrat",
        {"ru": "Бюрократ", "en": "Bureaucrat", "zh": "官僚"},
        ("mafia",),
        ("block",),
        gettext_noop("PITER-044: blocks a player's night turn."),
    ),
    "maniac": Role(
        "maniac",
        {"ru": "Маньяк", "en": "Maniac", "zh": "杀人狂"},
        ("maniac",),
        ("kill",),
        gettext_noop("PITER-047: a solo neutral who kills."),
    ),
    "mirror": Role(
        "mirror",
        {"ru": "Зеркало", "en": "Mirror", "zh": "镜子"},
        ("mirror",),
        ("reflect",),
        gettext_noop("PITER-048: a solo neutral who passes everything aimed at it on to another player."),
    ),
    "oper": Role(
        "oper",
        {"ru": "Опер", "en": "Oper", "zh": "便衣警探"},
        ("town",),
        ("kill",),
        gettext_noop("PITER-049: the town's night killer."),
    ),
    "judge": Role(
        "judge",
        {"ru": "Судья", "en": "Judge", "zh": "法官"},
        ("town",),
        ("execute",),
        gettext_noop("PITER-050: sentences a player, who leaves after the next vote."),
    ),
    "doctor": Role(
        "doctor",
        {"ru": "Доктор", "en": "Doctor", "zh": "医生"},
        ("town",),
        ("heal",),
        gettext_noop("PITER-051: saves a player from the night's kills; may heal himself."),
    ),
    "journalist": Role(
        "journalist",
        {"ru": "Журналист", "en": "Journalist", "zh": "记者"},
        ("town",),
        ("compare",),
        gettext_noop("PITER-055: learns whether two players are the same or different."),
    ),
    "citizen": Role(
        "citizen",
        {"ru": "Горожанин", "en": "Citizen", "zh": "平民"},
        ("town",),
        (),
        gettext_noop("PITER-059: no night function."),
    ),
    "komsomolets": Role(
        "komsomolets",
        {"ru": "Комсомолец", "en": "Komsomolets", "zh": "共青团员"},
        ("town",),
        (),
        gettext_noop("PITER-060: takes over the first functional town role to leave."),
    ),
    "werewolf": Role(
        "werewolf",
        {"ru": "Оборотень", "en": "Werewolf", "zh": "狼人"},
        ("town",),
        (),
        gettext_noop("PITER-061: turns mafioso when a mafioso leaves."),
    ),
}

# §5 Individual abilities. ``optional=False``: a player who holds a night
# ability and does not use it refuses their turn and leaves (PITER-031).
ABILITIES: dict[str, Ability] = {
    # Maniac and oper (PITER-047, PITER-049); the clan's shot is in TEAM_ABILITIES.
    "kill": Ability("kill", "night", {"ru": "Убить", "en": "Kill", "zh": "杀人"}, optional=False),
    "discredit": Ability(
        "discredit", "night", {"ru": "Дискредитировать", "en": "Discredit", "zh": "抹黑"}, optional=False
    ),
    "block": Ability("block", "night", {"ru": "Блокировать", "en": "Block", "zh": "封锁"}, optional=False),
    "reflect": Ability("reflect", "night", {"ru": "Отразить", "en": "Reflect", "zh": "反射"}, optional=False),
    "execute": Ability("execute", "night", {"ru": "Казнить", "en": "Sentence", "zh": "判决"}, optional=False),
    # The doctor may heal himself (PITER-052).
    "heal": Ability(
        "heal", "night", {"ru": "Лечить", "en": "Heal", "zh": "治疗"}, target_rule="any_alive", optional=False
    ),
    "compare": Ability(
        "compare", "night", {"ru": "Сравнить", "en": "Compare", "zh": "比较"}, targets=2, optional=False
    ),
    # An active Ghost (a player out of the game) names a tied nominee; the
    # target is checked against the tie only when there is one (PITER-093).
    "ghost_pick": Ability(
        "ghost_pick", "day", {"ru": "Выбор Призрака", "en": "Ghost's pick", "zh": "幽灵的选择"}, target_rule="any_alive"
    ),
}

# The clan's shared shot (PITER-040): any living player, the clan's own
# members included; with no choice nobody is shot and nobody leaves
# (PITER-031, A-1), hence optional.
TEAM_ABILITIES: dict[str, Ability] = {
    "mafia": Ability(
        "kill",
        "night",
        {"ru": "Выстрел Мафии", "en": "Clan shot", "zh": "家族射击"},
        target_rule="any_alive",
        team=True,
    ),
}

# Roles whose team shot exists only while one of them lives (PITER-041).
SHOOTERS = frozenset({"mafioso"})

# «не может показывать на одного и того же игрока две ночи подряд»
# (PITER-043, PITER-045, PITER-053).
NO_REPEAT = frozenset({"discredit", "block", "heal"})

# «убивающие» roles of the end-game table (PITER-084, A-8).
KILLING_ROLES = frozenset({"mafioso", "maniac", "oper"})

# Functional town roles a komsomolets may inherit, in night order (PITER-060, A-15).
FUNCTIONAL_TOWN = ("oper", "doctor", "judge", "journalist")

# Roles a Ghost can be left from, while unconverted (PITER-092).
GHOST_ROLES = frozenset({"citizen", "komsomolets", "werewolf"})

# §6 Options: the document's variants are independent booleans; PITER-101's
# substitutions are table choices that only change ``composition``.
OPTIONS: dict[str, Option] = {
    "no_host": Option(
        "no_host",
        {"ru": "Игра без Ведущего", "en": "Game without a host", "zh": "无主持人游戏"},
        help=gettext_noop("PITER-120: the first player executed on day 1 becomes the host."),
    ),
    "dark": Option(
        "dark",
        {"ru": "Игра в тёмную", "en": "Dark game", "zh": "暗牌游戏"},
        help=gettext_noop("PITER-121: players who leave do not reveal their cards."),
    ),
    "extra_minutes": Option(
        "extra_minutes",
        {"ru": "Игра с дополнительными минутами", "en": "Extra minutes", "zh": "附加发言时间"},
        help=gettext_noop("PITER-122: each nominee may take one extra defence post, once per game."),
    ),
    "putana_for_bureaucrat": Option(
        "putana_for_bureaucrat",
        {"ru": "Замена: Бюрократ – Путана", "en": "Putana instead of the bureaucrat", "zh": "替换：官僚 – 交际花"},
        help=gettext_noop("PITER-101: the setup table seats a putana where it has a bureaucrat."),
    ),
    "judge_for_oper": Option(
        "judge_for_oper",
        {"ru": "Замена: Опер – Судья", "en": "Judge instead of the oper", "zh": "替换：便衣警探 – 法官"},
        help=gettext_noop("PITER-101: the setup table seats a judge where it has an oper."),
    ),
    "mirror_for_maniac": Option(
        "mirror_for_maniac",
        {"ru": "Замена: Маньяк – Зеркало", "en": "Mirror instead of the maniac", "zh": "替换：杀人狂 – 镜子"},
        help=gettext_noop("PITER-101: the setup table seats a mirror where it has a maniac."),
    ),
}

# PITER-110: the offences the host warns for; the third warning removes the
# player (PITER-111). Values are the document's words.
OFFENCES: dict[str, str] = {
    "obscene_language": "Нецензурную речь за столом.",
    "insult": "Прямые оскорбления других игроков.",
    "talk_outside_window": "Разговоры вне пяти-минутного диалога.",
    "oath_or_bet": "Клятвы и пари всех видов.",
    "bribery": "Подкуп игроков материальными и другими вознаграждениями.",
    "night_gesture": "Ночные жесты вне своего хода.",
    "nomination_hint": "Подсказки игрокам во время выдвижения.",
    "arguing_with_host": "Спор с Ведущим во время игры.",
}
# The same offences in Chinese, for the host's penalty list.
OFFENCES_ZH: dict[str, str] = {
    "obscene_language": "在牌桌上说脏话",
    "insult": "直接侮辱其他玩家",
    "talk_outside_window": "在五分钟对话之外交谈",
    "oath_or_bet": "任何形式的发誓和打赌",
    "bribery": "以物质或其他报酬收买玩家",
    "night_gesture": "夜间在自己的回合之外做手势",
    "nomination_hint": "提名时给玩家提示",
    "arguing_with_host": "游戏中与主持人争论",
}
WARNINGS_TO_REMOVE = 3
