"""Teams, roles and abilities of КосмоМафия as data (digest §3, §4).

Everything here is frozen declaration: the web app builds cabinets and forms
from it, and the resolution modules branch on the role groups defined at the
bottom (``MAFIA_MEMBERS``, ``CHIEFS``…), each tied to its rule id.
"""

from __future__ import annotations

from rulesets.core import Ability, Role, Team
from rulesets.core.said import gettext_noop

# COSMO-001: two teams, and the maniac who «играет сам за себя». No team room
# is declared: the mafia thread holds the mafia members and the lunatic but not
# the plague doctor or an unconverted turncoat (COSMO-006), so its membership
# comes from ``CosmoRuleset.rooms`` rather than from the team.
TEAMS: dict[str, Team] = {
    "town": Team("town", {"ru": "Мирные горожане", "en": "Citizens", "zh": "平民"}),
    "mafia": Team("mafia", {"ru": "Мафия", "en": "Mafia", "zh": "黑手党"}),
    "maniac": Team("maniac", {"ru": "Маньяк", "en": "Maniac", "zh": "杀人狂"}),
}


# The names in Chinese (the document has none), by ability and by role.
ABILITY_ZH = {
    "check": "查验身份",
    "kill": "杀人",
    "kill_vote": "黑手党投票",
    "heal": "救人",
    "treat": "治疗",
    "block": "击晕",
    "protect": "保护",
    "silence": "禁言",
    "frame": "陷害",
    "spy": "侦查",
    "contact": "与幽灵交流",
    "judge_verdict": "法官判决",
    "vote": "投票",
    "revote": "重新投票",
}
ROLE_ZH = {
    "citizen": "平民",
    "commissar": "警长",
    "sergeant": "警士",
    "sheriff": "治安官",
    "judge": "法官",
    "doctor": "医生",
    "putana": "交际花",
    "medium": "通灵者",
    "lunatic": "疯子",
    "journalist": "记者",
    "bodyguard": "保镖",
    "mafioso": "黑手党成员",
    "mafia_boss": "黑手党老大",
    "intriguer": "阴谋家",
    "turncoat": "叛徒",
    "plague_doctor": "瘟疫医生",
    "maniac": "杀人狂",
    "ninja": "忍者",
}


def _ability(id_: str, phase: str, ru: str, en: str, **kw: object) -> Ability:
    return Ability(id_, phase, {"ru": ru, "en": en, "zh": ABILITY_ZH[id_]}, **kw)  # type: ignore[arg-type]


ABILITIES: dict[str, Ability] = {
    # COSMO-025 / COSMO-028: learn one player's role.
    "check": _ability("check", "night", "Узнать роль", "Check", target_rule="any_alive"),
    # COSMO-028 / COSMO-058: one attack on the target.
    "kill": _ability("kill", "night", "Убить", "Kill", target_rule="any_alive"),
    # COSMO-018 / COSMO-019 / COSMO-041: an individual vote for the mafia's victim.
    "kill_vote": _ability("kill_vote", "night", "Голос мафии", "Mafia kill vote", target_rule="any_alive"),
    # COSMO-033..036: the doctor never chooses himself.
    "heal": _ability("heal", "night", "Спасти", "Heal"),
    # COSMO-055..057: the plague doctor never chooses himself.
    "treat": _ability("treat", "night", "Лечить", "Treat"),
    # COSMO-037: the putana's visit.
    "block": _ability("block", "night", "Вырубить", "Block", target_rule="any_alive"),
    # COSMO-044 / COSMO-045: anyone but himself.
    "protect": _ability("protect", "night", "Охранять", "Protect"),
    # COSMO-047 / COSMO-048: the boss may silence himself.
    "silence": _ability("silence", "night", "Заставить замолчать", "Silence", target_rule="any_alive"),
    # COSMO-050: the framed player is checked as a mafioso tonight.
    "frame": _ability("frame", "night", "Оклеветать", "Frame", target_rule="any_alive"),
    # COSMO-043: learn who visited the target.
    "spy": _ability("spy", "night", "Шпионить", "Spy", target_rule="any_alive"),
    # COSMO-040: a player who is out of the game.
    "contact": _ability("contact", "night", "Общаться с призраком", "Contact a ghost", target_rule="out"),
    # COSMO-030..032: one living player or nobody, once a game; a public
    # act that cancels the day's vote (``final``).
    "judge_verdict": _ability(
        "judge_verdict",
        "day",
        "Приговор судьи",
        "Judge's verdict",
        target_rule="any_alive",
        per_game_limit=1,
        nobody=True,
        final=True,
    ),
    # COSMO-008..011: the day vote, held by every living player (the ``votes`` object).
    "vote": _ability("vote", "day", "Голос", "Vote", target_rule="any_alive", optional=False),
    # COSMO-013: jail all or spare all the tied candidates (the ``revote`` object).
    "revote": _ability("revote", "day", "Повторное голосование", "Re-vote", targets=0),
}


def _role(id_: str, ru: str, en: str, team: str, abilities: tuple[str, ...], summary: str) -> Role:
    return Role(id_, {"ru": ru, "en": en, "zh": ROLE_ZH[id_]}, (team,), abilities, summary)


ROLES: dict[str, Role] = {
    "citizen": _role("citizen", "Мирный горожанин", "Citizen", "town", (), gettext_noop("No ability (COSMO-024).")),
    "commissar": _role(
        "commissar",
        "Комиссар",
        "Commissar",
        "town",
        ("check",),
        gettext_noop("Learns one player's role a night (COSMO-025)."),
    ),
    "sergeant": _role(
        "sergeant",
        "Сержант",
        "Sergeant",
        "town",
        (),
        gettext_noop(
            "Sees his chief's checks; takes the chief's abilities the night after the chief leaves (COSMO-026, COSMO-027)."
        ),
    ),
    "sheriff": _role(
        "sheriff",
        "Шериф",
        "Sheriff",
        "town",
        ("check", "kill"),
        gettext_noop("Checks or kills, one of the two a night (COSMO-029)."),
    ),
    "judge": _role(
        "judge",
        "Судья",
        "Judge",
        "town",
        ("judge_verdict",),
        gettext_noop("Once a game, replaces the day vote (COSMO-030..032)."),
    ),
    "doctor": _role(
        "doctor", "Доктор", "Doctor", "town", ("heal",), gettext_noop("Saves from one attack (COSMO-033..036).")
    ),
    "putana": _role(
        "putana",
        "Путана",
        "Putana",
        "town",
        ("block",),
        gettext_noop("Blocks a player and dies with him (COSMO-037..039)."),
    ),
    "medium": _role(
        "medium",
        "Говорящий с призраками",
        "Medium",
        "town",
        ("contact",),
        gettext_noop("Talks by signs with a player who is out (COSMO-040)."),
    ),
    "lunatic": _role(
        "lunatic",
        "Лунатик",
        "Lunatic",
        "town",
        ("kill_vote",),
        gettext_noop("Votes with the mafia, never counted (COSMO-041, 042)."),
    ),
    "journalist": _role(
        "journalist",
        "Журналист",
        "Journalist",
        "town",
        ("spy",),
        gettext_noop("Learns which roles visited a player (COSMO-043)."),
    ),
    "bodyguard": _role(
        "bodyguard",
        "Телохранитель",
        "Bodyguard",
        "town",
        ("protect",),
        gettext_noop("Every visitor of the protected player fails (COSMO-044, COSMO-045)."),
    ),
    "mafioso": _role(
        "mafioso", "Мафиози", "Mafioso", "mafia", ("kill_vote",), gettext_noop("Votes for the victim (COSMO-046).")
    ),
    "mafia_boss": _role(
        "mafia_boss",
        "Босс мафии",
        "Mafia boss",
        "mafia",
        ("kill_vote", "silence"),
        gettext_noop("Votes and silences a player for the next day (COSMO-047..049)."),
    ),
    "intriguer": _role(
        "intriguer",
        "Интриган",
        "Intriguer",
        "mafia",
        ("kill_vote", "frame"),
        gettext_noop("Votes and frames a player for tonight's checks (COSMO-050..052)."),
    ),
    "turncoat": _role(
        "turncoat",
        "Перевертыш",
        "Turncoat",
        "mafia",
        (),
        gettext_noop("Becomes a mafioso the night after the last mafia member leaves (COSMO-053, COSMO-054)."),
    ),
    "plague_doctor": _role(
        "plague_doctor",
        "Чумной доктор",
        "Plague doctor",
        "mafia",
        ("treat",),
        gettext_noop("Saves an attacked player, kills an unattacked one (COSMO-055..057)."),
    ),
    "maniac": _role(
        "maniac", "Маньяк", "Maniac", "maniac", ("kill",), gettext_noop("Kills one player a night (COSMO-058).")
    ),
    "ninja": _role(
        "ninja",
        "Ниндзя",
        "Ninja",
        "mafia",
        ("kill_vote",),
        gettext_noop("Votes with the mafia, checked as a citizen (COSMO-059, 060)."),
    ),
}

# Roles whose kill votes count and who wake together (§3, COSMO-006, COSMO-018).
MAFIA_MEMBERS: frozenset[str] = frozenset({"mafioso", "mafia_boss", "intriguer", "ninja"})
# Roles the sergeant serves and replaces (COSMO-026, COSMO-027).
CHIEFS: frozenset[str] = frozenset({"commissar", "sheriff"})
# Roles a check shows as a citizen (COSMO-053, COSMO-059).
SEEN_AS_CITIZEN: frozenset[str] = frozenset({"ninja", "turncoat"})
# The two abilities of which a sheriff does only one a night (COSMO-029).
EXCLUSIVE: frozenset[str] = frozenset({"check", "kill"})
# Night abilities that "visit" their target, for the bodyguard and the
# journalist (COSMO-043, COSMO-044); spy and contact visit nobody.
VISITS: frozenset[str] = frozenset(
    {"kill_vote", "kill", "check", "heal", "treat", "protect", "block", "silence", "frame"}
)
# Criminals: the town must jail all of them (COSMO-021).
CRIMINAL_TEAMS: frozenset[str] = frozenset({"mafia", "maniac"})
# «Особые» roles of the setup table (§9): everything but the plain citizen,
# the commissar and the mafioso.
SPECIAL_TOWN: tuple[str, ...] = tuple(
    r for r, spec in ROLES.items() if spec.team == "town" and r not in {"citizen", "commissar"}
)
SPECIAL_CRIMINALS: tuple[str, ...] = tuple(
    r for r, spec in ROLES.items() if spec.team in CRIMINAL_TEAMS and r != "mafioso"
)
