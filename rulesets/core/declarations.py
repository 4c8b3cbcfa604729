"""The declared data of a ruleset, the root of every part of ``Ruleset``.

A rules document's module declares its teams, roles, abilities, options,
variants, night order and rejection sentences as class attributes; every
part of the contract (``setup_part``, ``schedule_part``, ``day_part``,
``discipline_part``, ``choices_part``, ``resolution_part``) reads them.
"""

from __future__ import annotations

from typing import ClassVar

from .model import Ability, GameState, Option, PlayerState, Role, Team
from .said import TEMPLATES, gettext_noop

# Generic rejection messages, by reason code; a ruleset may add its own.
MESSAGES: dict[str, str] = {
    "actor_not_alive": gettext_noop("You are out of the game and can no longer act."),
    "target_not_alive": gettext_noop("That player is out of the game."),
    "not_your_ability": gettext_noop("Your role has no such ability."),
    "wrong_phase": gettext_noop("This ability cannot be used in this phase."),
    "self_target": gettext_noop("You cannot choose yourself."),
    "not_self": gettext_noop("This ability may only target yourself."),
    "target_limit": gettext_noop("You have already chosen that player as many times as the rules allow."),
    "used_up": gettext_noop("You have already used this ability as many times as the rules allow."),
    "unknown_player": gettext_noop("There is no such player in this game."),
    "target_count": gettext_noop("This ability needs a different number of targets."),
    "game_over": gettext_noop("The game is over."),
    "not_out": gettext_noop("That player is still in the game."),
    "unknown_team": gettext_noop("There is no such team in this game."),
    "not_in_team": gettext_noop("Only a living member of that team may hand in its choice."),
    "already_nominated": gettext_noop("You have already named a candidate today."),
}


class Declarations:
    """What a rules document declares as data.

    Subclasses set ``id``, ``title``, ``document``, ``TEAMS``, ``ROLES``,
    ``ABILITIES`` (dicts by id), ``OPTIONS``, ``VARIANTS`` and ``ORDER``
    (the night resolution steps, each ``(step_id, rule_id, text)``), and
    may add rejection sentences in ``MESSAGES``.
    """

    id: ClassVar[str] = ""
    title: ClassVar[dict[str, str]] = {}
    document: ClassVar[str] = ""
    language: ClassVar[str] = "ru"
    # The IANA time zone the document's clock times are written in: the
    # "Host a game" form starts from it, and the deadlines of ``SCHEDULE``
    # are wall times there (the Russian forums keep Moscow time; werewolf18's
    # Chinese forum UTC+8, Asia/Shanghai).
    time_zone: ClassVar[str] = "Europe/Moscow"
    TEAMS: ClassVar[dict[str, Team]] = {}
    ROLES: ClassVar[dict[str, Role]] = {}
    ABILITIES: ClassVar[dict[str, Ability]] = {}
    # A team's own ability by team id, where it is not a role's (piter's clan shot).
    TEAM_ABILITIES: ClassVar[dict[str, Ability]] = {}
    OPTIONS: ClassVar[dict[str, Option]] = {}
    VARIANTS: ClassVar[tuple[str, ...]] = ()
    # Variant id → its name by language code, for the host's form.
    VARIANT_NAMES: ClassVar[dict[str, dict[str, str]]] = {}
    ORDER: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 30
    # Step fields beyond the common ones that this ruleset's page defines.
    STEP_FIELDS: ClassVar[frozenset[str]] = frozenset()
    # The public announcement kinds (``Outcome.announce``) by which a player
    # leaves through the day's vote: forum's and classic's elimination,
    # piter's execution, cosmo's jail. The replay lists them as voted out.
    VOTE_EXITS: ClassVar[frozenset[str]] = frozenset({"eliminated"})
    MESSAGES: ClassVar[dict[str, str]] = {}
    # The gettext context (msgctxt) under which the site's texts naming the
    # host are read in a game of this ruleset, where its players call the
    # host by another word: werewolf players say 法官 ("judge") where the
    # site's Chinese says 主持人 (the werewolf18 document's 导演 are the
    # organisers). "" for the site's own words.
    HOST_CONTEXT: ClassVar[str] = ""
    # Team id → the role ids whose holders share the team's group: its
    # private room (``Team.room``) and its collective choices (``Ability.team``).
    # werewolf18's wolf group (狼群) is the werewolves only: the rioter and a
    # mixed-blood who joined the wolves are of the camp but not of the group
    # (WW18-018 «乱民与狼人不互知也不共群», WW18-019, A2). A team not listed
    # shares its room and its choices among all its members.
    TEAM_GROUPS: ClassVar[dict[str, frozenset[str]]] = {}

    def in_team_group(self, role: str, team: str) -> bool:
        """True when a holder of ``role`` in ``team`` shares that team's
        room and collective choices (``TEAM_GROUPS``; every member where
        the team declares no group)."""
        roles = self.TEAM_GROUPS.get(team)
        return roles is None or role in roles

    def team_group(self, state: GameState, team: str, alive_only: bool = True) -> list[PlayerState]:
        """The members of ``team`` who share its group (``in_team_group``),
        in seat order; the living only unless ``alive_only`` is False."""
        return [p for p in state.team_members(team, alive_only) if self.in_team_group(p.role, team)]

    def message(self, reason: str) -> str:
        """The sentence a player reads for a rejection ``reason``."""
        return self.MESSAGES.get(reason) or MESSAGES.get(reason) or reason.replace("_", " ").capitalize() + "."

    def ability_help(self, ability: str, team: str = "") -> str:
        """What ``ability`` does and when its result arrives, in one or two
        English sentences in the document's own words (the gettext msgid the
        cabinet shows translated): the message code ``<id>.ability.<ability>``
        of the ruleset's messages module, or ``<id>.ability.<team>.<ability>``
        for a team's own ability (``TEAM_ABILITIES``: piter's clan shot).
        "" when the ruleset declares none."""
        if team and team in self.TEAM_ABILITIES:
            return TEMPLATES.get(f"{self.id}.ability.{team}.{ability}", "")
        return TEMPLATES.get(f"{self.id}.ability.{ability}", "")

    def ability_note(self, state: GameState, ability: str) -> str:
        """What ``ability`` amounts to in this game, beside its general
        explanation (``ability_help``), when the game's public options make
        it so (the forum's deal with no Snitch in play is a plain kill,
        FORUM-117): an English sentence, the gettext msgid the cabinet shows
        translated; "" when the ability is as ``ability_help`` says."""
        return ""

    def role_abilities(self, role: str, team: str = "") -> list[tuple[str, str]]:
        """The abilities a seat of ``role`` in ``team`` may use, as
        ``(ability id, team id or "")``: its role's, its team's own
        (``TEAM_ABILITIES``), then those every player may come to hold (an
        ability no role declares: the day vote, piter's Ghost's pick, the
        werewolf18 sheriff's badge), each once."""
        spec = self.ROLES.get(role)
        held = [(a, "") for a in (spec.abilities if spec else ())]
        if team in self.TEAM_ABILITIES:
            held.append((self.TEAM_ABILITIES[team].id, team))
        declared = {a for r in self.ROLES.values() for a in r.abilities}
        held += [(a, "") for a in self.ABILITIES if a not in declared]
        return list(dict.fromkeys(held))
