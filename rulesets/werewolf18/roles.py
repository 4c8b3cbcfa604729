"""Declarations of werewolf18 as data: camps, identities, skills, options.

Every entry names the rule of ``spec/rulesets/werewolf18.md`` it comes from
and the document's own Chinese term (``seeds/004_c4ea105fa104f254.txt``).
"""

from __future__ import annotations

from dataclasses import replace

from rulesets.core import Ability, Option, Role, Team
from rulesets.core.said import gettext_noop

# The three camps (阵营), WW18-002. Only the werewolves share a group (狼群).
TEAMS: dict[str, Team] = {
    "wolves": Team("wolves", {"ru": "Оборотни", "zh": "狼人阵营", "en": "Werewolves"}, room=True),
    "village": Team("village", {"ru": "Жители деревни", "zh": "村民阵营", "en": "Village"}),
    "white_wolf": Team("white_wolf", {"ru": "Белый волк", "zh": "白狼阵营", "en": "White wolf"}),
}

# The wolf group (狼群): the werewolves share the room and the knife; the
# rioter and a mixed-blood who joined the wolves are of the camp only
# (WW18-018 «所有狼人将在游戏开始后互知共群»/«乱民与狼人不互知也不共群»,
# WW18-019 «该阵营共群的角色可以共同指杀一名角色», A2).
TEAM_GROUPS: dict[str, frozenset[str]] = {"wolves": frozenset({"werewolf"})}

# The seven gods (7特权) whose exit defeats the village (WW18-055).
GODS: frozenset[str] = frozenset({"seer", "witch", "guard", "elder", "hunter", "idiot", "lover"})

ROLES: dict[str, Role] = {
    # 狼人, WW18-018/019: knife together; every werewolf is asked for a surrender (WW18-017).
    "werewolf": Role(
        "werewolf", {"ru": "Оборотень", "zh": "狼人", "en": "Werewolf"}, ("wolves",), ("kill", "surrender")
    ),
    # 乱民, WW18-018/021: a wolf outside the group, seen as village.
    "rioter": Role("rioter", {"ru": "Бунтарь", "zh": "乱民", "en": "Rioter"}, ("wolves",)),
    # 预言家, WW18-022.
    "seer": Role("seer", {"ru": "Провидец", "zh": "预言家", "en": "Seer"}, ("village",), ("check",)),
    # 女巫, WW18-023..026: 通灵 is forced and comes with the antidote.
    "witch": Role("witch", {"ru": "Ведьма", "zh": "女巫", "en": "Witch"}, ("village",), ("save", "poison")),
    # 长老, WW18-027/028: passive.
    "elder": Role("elder", {"ru": "Старейшина", "zh": "长老", "en": "Elder"}, ("village",)),
    # 守卫, WW18-029/030.
    "guard": Role("guard", {"ru": "Страж", "zh": "守卫", "en": "Guard"}, ("village",), ("guard",)),
    # 猎人, WW18-031.
    "hunter": Role("hunter", {"ru": "Охотник", "zh": "猎人", "en": "Hunter"}, ("village",), ("shoot",)),
    # 白痴, WW18-032..035.
    "idiot": Role("idiot", {"ru": "Дурачок", "zh": "白痴", "en": "Idiot"}, ("village",), ("play_dumb",)),
    # 情痴, WW18-036..040: 献身 is forced, so it is no ability to hand in.
    "lover": Role("lover", {"ru": "Влюблённый", "zh": "情痴", "en": "Lover"}, ("village",), ("admire",)),
    # 村民, WW18-041.
    "villager": Role("villager", {"ru": "Мирный житель", "zh": "村民", "en": "Villager"}, ("village",)),
    # 混血儿, WW18-042: joins the camp of the player he supports.
    "mixed_blood": Role(
        "mixed_blood",
        {"ru": "Полукровка", "zh": "混血儿", "en": "Mixed-blood"},
        ("village", "wolves", "white_wolf"),
        ("support",),
    ),
    # 白狼, WW18-044.
    "white_wolf": Role(
        "white_wolf", {"ru": "Белый волк", "zh": "白狼", "en": "White wolf"}, ("white_wolf",), ("bite",)
    ),
}

# What each role is, for its cabinet, in the document's words (the abilities
# explain themselves: ``messages.ABILITY_HELP``).
SUMMARIES: dict[str, str] = {
    "werewolf": gettext_noop(
        "A werewolf: the wolf group knows each other and knifes one player a night; the wolves lose when every member of the group is out (WW18-018, WW18-019, WW18-054)."
    ),
    "rioter": gettext_noop(
        "In the wolves' camp but outside their group: you do not know them, and the seer sees you as the village (WW18-018, WW18-021)."
    ),
    "seer": gettext_noop("A god of the village: each night you learn one player's camp (WW18-022)."),
    "witch": gettext_noop(
        "A god of the village with an antidote and a poison, each once a game; while you hold the antidote you are told who was knifed (WW18-023..026)."
    ),
    "elder": gettext_noop(
        "A god of the village who survives the first effective knife; if he leaves by vote, poison or the hunter's shot, every village player loses his skills (WW18-027, WW18-028)."
    ),
    "guard": gettext_noop(
        "A god of the village: each night the knives on the player you guard are ineffective (WW18-029, WW18-030)."
    ),
    "hunter": gettext_noop(
        "A god of the village: when you leave, other than by a red card, you shoot a player who leaves with you (WW18-031)."
    ),
    "idiot": gettext_noop(
        "A god of the village who may avoid being voted out once by revealing himself (WW18-032..035)."
    ),
    "lover": gettext_noop("A god of the village who admires one player and leaves in his place (WW18-036..040)."),
    "villager": gettext_noop(
        "A villager without skills: find the wolves by talking and voting; the village loses if all villagers are out (WW18-041, WW18-056)."
    ),
    "mixed_blood": gettext_noop(
        "At the start of the game you support another player and join his camp (WW18-042, WW18-043)."
    ),
    "white_wolf": gettext_noop(
        "A camp of your own: you knife one player a night, after the wolves; you lose when you are out (WW18-044, WW18-057)."
    ),
}
ROLES = {role_id: replace(spec, summary=SUMMARIES[role_id]) for role_id, spec in ROLES.items()}

ABILITIES: dict[str, Ability] = {
    # 支持<强制>, WW18-042: at the setup step, once.
    "support": Ability(
        "support", "setup", {"ru": "Поддержка", "zh": "支持", "en": "Support"}, per_game_limit=1, optional=False
    ),
    # 守护之盾, WW18-029/030: himself included; each player once a game.
    "guard": Ability(
        "guard",
        "night",
        {"ru": "Щит стража", "zh": "守护之盾", "en": "Guard"},
        target_rule="any_alive",
        per_target_limit=1,
    ),
    # 预言, WW18-022.
    "check": Ability("check", "night", {"ru": "Проверка", "zh": "预言", "en": "Check"}, target_rule="any_alive"),
    # 爱慕, WW18-036: once a game, another player.
    "admire": Ability("admire", "night", {"ru": "Влюблённость", "zh": "爱慕", "en": "Admire"}, per_game_limit=1),
    # 杀人, WW18-019/020: the wolf group's collective knife.
    "kill": Ability(
        "kill", "night", {"ru": "Убийство", "zh": "杀人", "en": "Kill"}, target_rule="any_alive", team=True
    ),
    # 撕咬, WW18-044.
    "bite": Ability("bite", "night", {"ru": "Укус", "zh": "撕咬", "en": "Bite"}, target_rule="any_alive"),
    # 救药, WW18-024/025: not on herself, once.
    "save": Ability("save", "night", {"ru": "Противоядие", "zh": "救药", "en": "Antidote"}, per_game_limit=1),
    # 毒药, WW18-026: once.
    "poison": Ability(
        "poison", "night", {"ru": "Яд", "zh": "毒药", "en": "Poison"}, target_rule="any_alive", per_game_limit=1
    ),
    # 最后一枪, WW18-031: an order for the step, by night or day (DUAL_PHASE).
    "shoot": Ability("shoot", "night", {"ru": "Последний выстрел", "zh": "最后一枪", "en": "Last shot"}, standing=True),
    # 装傻, WW18-032: by day, when the vote would remove him.
    "play_dumb": Ability(
        "play_dumb",
        "day",
        {"ru": "Прикинуться дурачком", "zh": "装傻", "en": "Play dumb"},
        targets=0,
        target_rule="none",
        per_game_limit=1,
        standing=True,
    ),
    # 殉职, WW18-048: the sheriff's successor, by night or day (DUAL_PHASE).
    "pass_badge": Ability(
        "pass_badge", "day", {"ru": "Передача значка", "zh": "殉职", "en": "Pass the badge"}, standing=True
    ),
    # 投降, WW18-017: every werewolf, in or out (DUAL_PHASE).
    "surrender": Ability(
        "surrender",
        "night",
        {"ru": "Сдаться", "zh": "投降", "en": "Surrender"},
        targets=0,
        target_rule="none",
        standing=True,
    ),
    # 投票, WW18-065: one vote and one change; handed in as ballots.
    "vote": Ability(
        "vote", "day", {"ru": "Голос", "zh": "投票", "en": "Vote"}, target_rule="any_alive", optional=False
    ),
}

# Orders that may be handed in by night or by day (A17).
DUAL_PHASE: frozenset[str] = frozenset({"shoot", "pass_badge", "surrender"})

# Skills of village identities, lost with the elder (WW18-028). The badge is
# no skill (A11) and the surrender is no village skill.
VILLAGE_SKILLS: frozenset[str] = frozenset({"guard", "check", "admire", "save", "poison", "shoot", "play_dumb"})

OPTIONS: dict[str, Option] = {
    "accelerated": Option(
        "accelerated",
        {"ru": "Ускорение игры", "zh": "进程加速", "en": "Accelerated game"},
        help=gettext_noop("WW18-068: no vote changes, and not voting earns no yellow card."),
    ),
    "enforce_setup": Option(
        "enforce_setup",
        {"ru": "Стандартный расклад на 18 игроков", "zh": "标准配置", "en": "Enforce the 18-player deal"},
        help=gettext_noop("WW18-001: the players must be exactly the deal of the document."),
    ),
}

# Sentences a player reads for each rejection reason of this ruleset.
MESSAGES: dict[str, str] = {
    "sheriff_weight": gettext_noop("The sheriff's vote counts 1.5 (WW18-047):"),
    "change_void": gettext_noop("Vote change void: the game is accelerated (WW18-068):"),
    "skills_lost": gettext_noop("Because the elder has left the game, you have lost your skills."),
    "no_more_changes": gettext_noop("You have already used your one vote change today."),
    "accelerated": gettext_noop("The game is accelerated: vote changes are not allowed."),
    "revealed_idiot": gettext_noop("A revealed idiot can neither vote nor be voted for, nor hold the badge."),
    "camp_defeated": gettext_noop("Your camp has been defeated and has lost its kill."),
    "no_werewolf": gettext_noop("No werewolf is left in the game to knife."),
    "used_up": gettext_noop("You have already used this skill as many times as the rules allow."),
    "target_limit": gettext_noop("That player has already been the target of this skill once in this game."),
    "self_target": gettext_noop("You must choose another player."),
}
