"""The forum ruleset class: declarations plus the hooks of ``Ruleset``.

Source: ``seeds/000_dd24d2d15662915b.txt`` «Правила игры в виртуальную мафию»;
digest ``spec/rulesets/forum.md`` (rule ids FORUM-NNN).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from rulesets.core import Action, ActionSlot, Ballot, DayProcedure, GameState, Outcome, PhaseInput, Ruleset
from rulesets.core.day import NEVER, standing
from rulesets.core.said import TEMPLATES

from . import day, night, penalties, query, setup, validate, victory
from .roles import (
    ABILITIES,
    CRIMINAL_TEAMS,
    MESSAGES,
    OPTIONS,
    RARE_ROLES,
    ROLE_ROOMS,
    ROLES,
    SCHEDULE,
    TEAMS,
    VARIANTS,
    WINDOWS,
)

_TEAM_SLOTS = ("kill", "deal", "hide", "direct_vote")
# ``_TEAM_SLOTS`` handed in by ``phase``, in the same order.
_TEAM_SLOTS_IN = {phase: tuple(a for a in _TEAM_SLOTS if ABILITIES[a].phase == phase) for phase in ("day", "night")}
# Moves any player may hold besides his role's: the basement (FORUM-126) and a Bum's vote (FORUM-119).
_SHARED_MOVES = ("hide", "direct_vote")
# (role, phase, holds a shared move) → the abilities offered to a living
# player, in the order they are probed. A team's shot (kill, deal) is never
# a member's own move: ``validate`` refuses it as ``not_available`` whatever
# the target (FORUM-021), save for the Tin Woodman on duty (FORUM-059).
_OFFERED = {
    (role.id, phase, shared): tuple(
        a
        for a in dict.fromkeys([*role.abilities, *_SHARED_MOVES])
        if ABILITIES[a].phase == phase
        and (shared or a not in _SHARED_MOVES)
        and (a in _SHARED_MOVES or not ABILITIES[a].team or role.id == "tin_woodman")
    )
    for role in ROLES.values()
    for phase in ("day", "night")
    for shared in (True, False)
}
# ``_OFFERED`` as phase → holds a shared move → role → abilities, read without a tuple key.
_OFFERED_IN: dict[str, dict[bool, dict[str, tuple[str, ...]]]] = {
    phase: {shared: {role: _OFFERED[role, phase, shared] for role in ROLES} for shared in (False, True)}
    for phase in ("day", "night")
}


class ForumRuleset(Ruleset):
    """Forum («virtual») mafia: two- and three-sided games, one real day per game day."""

    id = "forum"
    title = {"ru": "Виртуальная мафия (форумная)", "en": "Forum mafia", "zh": "论坛杀人游戏"}
    document = "000_dd24d2d15662915b.txt"
    TEAMS = TEAMS
    ROLES = ROLES
    ABILITIES = ABILITIES
    OPTIONS = OPTIONS
    VARIANTS = VARIANTS
    SCHEDULE = SCHEDULE
    WINDOWS = WINDOWS
    ORDER = night.ORDER
    DAY_ORDER = day.DAY_ORDER
    MESSAGES = MESSAGES
    # The forum page defines no extra scenario step fields; the web app passes
    # ``excused``, ``late`` and ``preliminary`` in ``PhaseInput.extra``.
    STEP_FIELDS = frozenset()
    PHASES = frozenset({"day", "night"})
    MIN_PLAYERS = setup.MIN_PLAYERS
    MAX_PLAYERS = setup.MAX_PLAYERS
    PENALTIES = penalties.PENALTIES
    AUTOKILLS = True
    POST_MINIMUM = 5  # FORUM-162: five meaningful posts a game day, the vote included
    VARIANT_NAMES = {
        "two_sided": {
            "ru": "Двусторонняя (до 15 игроков)",
            "en": "Two-sided (fewer than 15 players)",
            "zh": "两方对抗（少于 15 人）",
        },
        "three_sided": {
            "ru": "Трёхсторонняя (от 15 игроков)",
            "en": "Three-sided (15 players or more)",
            "zh": "三方对抗（15 人及以上）",
        },
    }
    # «Голосилка»: one vote a day, never changed (FORUM-019); a vote for
    # oneself is accepted and leads to the autokill (FORUM-164).
    DAY = DayProcedure(
        change=NEVER,
        self_vote=True,
        rule="FORUM-019",
        last_post="FORUM-020",
        law={
            "ru": "Один голос в день, изменить его нельзя. Голос за себя или отсутствие голоса к дедлайну"
            " ведут к автокиллу по правилам.",
            "en": "One vote per day; it cannot be changed. A vote for yourself, or no vote by the deadline,"
            " means the autokill the rules prescribe.",
            "zh": "每天一票，投出后不能更改。投给自己或截止前未投票，将按规则自动出局。",
        },
    )
    # Roles the host brings in only with the ``rare_roles`` option («Малоиспользуемые роли»).
    RARE_ROLES = RARE_ROLES
    # ``actor_reason`` and ``target_filter`` are ``validate.check`` split in two.
    EXACT_TARGET_CHECKS = True

    # ------------------------------------------------------------------ setup

    def default_variant(self, n_players: int) -> str:
        """``two_sided`` below 15 players, else ``three_sided`` (FORUM-001, FORUM-002)."""
        return setup.default_variant(n_players)

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """Role id → count summing to ``n_players`` («Баланс сил», FORUM-005..007).

        Raises ``RulesError`` outside the variant's range (7–15 two-sided, 15–30 three-sided).
        """
        return setup.composition(n_players, variant, options)

    def suggested_options(self, n_players: int, variant: str | None = None) -> dict[str, Any]:
        """House rules the balance examples pair with ``n_players`` (FORUM-007)."""
        return setup.suggested_options(n_players, variant)

    def draw_seats(self, names: list[str], composition: dict[str, int], seed: int) -> list[tuple[str, str, str | None]]:
        """A blind draw as (nickname, role, team) seats, criminals dealt to both teams (FORUM-033)."""
        return setup.draw_seats(names, composition, seed)

    def prepare(self, state: GameState) -> None:
        """Check the seating and fill ``state.memory`` (FORUM-003, FORUM-004, FORUM-128)."""
        setup.prepare(state)

    # ------------------------------------------------------------- resolution

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """As ``Ruleset.resolve``; a day step right after another day step also
        opens the next game day (digest, Schedule: "every later `day` step starts
        the next game day"; FORUM-008, the Bonus's day FORUM-125)."""
        if step.phase == "day" and state.phase == "day" and state.steps_played > 0 and state.winner is None:
            state = state.copy()
            state.day += 1
        return super().resolve(state, step, seed)

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """«Дневные события»: the day roles, the vote («голосилка») and the autokills
        (FORUM-014..019, FORUM-048..051, FORUM-160..166), in ``DAY_ORDER``."""
        day.resolve_day(outcome, step, rng)

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """«Ночные события», in ``ORDER`` (FORUM-021..152, the «Форсмажоры» FORUM-132..152)."""
        night.resolve_night(outcome, step, rng)

    def check_winner(self, state: GameState) -> str | None:
        """«Итог игры» (FORUM-168..177): a team id, ``draw`` or None."""
        return victory.winner(state)

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """The reason code the rules refuse ``action`` with, or None (read it with ``message``)."""
        return validate.check(state, action, phase)

    def actor_reason(self, state: GameState, probe: Action, phase: str) -> str | None:
        """The checks of ``validate`` on the actor or team (see ``Ruleset.actor_reason``)."""
        return validate.actor_reason(state, probe, phase)

    def target_reason(self, state: GameState, action: Action, phase: str) -> str | None:
        """The target checks of ``validate`` (see ``Ruleset.target_reason``)."""
        return validate.target_reason(state, action)

    def target_filter(self, state: GameState, probe: Action, phase: str, names: Iterable[str]) -> list[str]:
        """``target_reason`` for all ``names`` at once (see ``Ruleset.target_filter``)."""
        return validate.target_filter(state, probe, names)

    # ---------------------------------------------------------- web app API

    def apply_penalty(self, state: GameState, kind: str, target: str) -> Outcome:
        """The host's penalty («наказание», FORUM-153..159): ``kind`` in ``PENALTIES``,
        ``target`` a nickname (a team id for ``skip_team_shot``). Returns an ``Outcome``
        whose ``state`` is the new state; the input is untouched. Raises ``RulesError``
        for an unknown kind or target."""
        return penalties.apply_penalty(self, state, kind, target)

    def day_warnings(self, state: GameState, ballots: Sequence[Ballot]) -> list[tuple[str, str]]:
        """The autokills the vote's deadline brings if nothing changes: no vote
        (``warn_no_vote``, FORUM-163) and a vote for oneself (``warn_self_vote``,
        FORUM-164), for the host to waive or confirm."""
        votes = standing(ballots, NEVER)
        warnings = []
        for name in state.alive_names():
            if name not in votes:
                warnings.append((name, "warn_no_vote"))
            elif votes[name] == name:
                warnings.append((name, "warn_self_vote"))
        return warnings

    def team_rooms(self, state: GameState) -> dict[str, list[str]]:
        """Room key → living nicknames sharing it: ``mafia``/``maniacs`` («мафская и манская»)
        and ``cop`` («копская»: the Cop and the Assistant), from ``TEAMS`` and ``ROLE_ROOMS``."""
        rooms = {team.id: [p.name for p in state.team_members(team.id)] for team in TEAMS.values() if team.room}
        for key, roles in ROLE_ROOMS.items():
            rooms[key] = [p.name for p in state.alive() if p.role in roles]
        return {key: names for key, names in rooms.items() if names}

    def ability_note(self, state: GameState, ability: str) -> str:
        """The deal with no Snitch in play is a plain kill: «при попадании в
        Стукача могут либо его убить, либо пригласить на сделку» (FORUM-117)
        — the deal is the team's shot, and only a shot that hits the Snitch
        becomes his deal. The Snitch is a rare role («Малоиспользуемые
        роли»): without the public ``rare_roles`` house rule, and with no
        Snitch seated by the host all the same, there is none."""
        if ability == "deal" and not state.options.get("rare_roles"):
            if all(p.role != "snitch" for p in state.players.values()):
                return TEMPLATES["forum.ability.deal.no_snitch"]
        return ""

    def action_slots(self, state: GameState, phase: str) -> list[ActionSlot]:
        """Every choice open now: the players' own moves (the TW on duty, a basement
        holder, a Bum's vote holder, a Kamikaze voted out included) and the teams'."""
        slots: list[ActionSlot] = []
        # Who may hide or direct a Bum's vote at all, found once (FORUM-126, FORUM-119):
        # for anybody else ``validate`` refuses those moves whatever the target.
        extra = query.hiders(state) if phase == "night" else query.bum_vote_directors(state)
        players = state.players
        alive = [p.name for p in players.values() if p.alive]
        living_teams = {p.team for p in players.values() if p.alive}
        offered_to = _OFFERED_IN[phase]
        for player in players.values():
            # The moves worth probing: a living player's role moves, plus the basement by
            # night and a Bum's vote by day when ``extra`` names him; a Kamikaze voted
            # out names his victim that night (FORUM-089).
            if player.alive:
                offered = offered_to[player.name in extra][player.role]
            elif phase == "night" and player.counters.get("kamikaze_pending"):
                offered = ("choose",)
            else:
                continue
            for ability in offered:
                slot = self._slot(state, Action(ability, player.name), phase, alive)
                if slot is not None:
                    slots.append(slot)
        for team in CRIMINAL_TEAMS:
            if team not in living_teams:
                continue  # ``validate`` refuses a team with nobody in the game (``dead_actor``)
            for ability in _TEAM_SLOTS_IN[phase]:
                if _no_team_move(state, team, ability):
                    continue
                slot = self._slot(state, Action(ability, None, team), phase, alive)
                if slot is not None:
                    slots.append(slot)
        return slots

    def _slot(self, state: GameState, probe: Action, phase: str, alive: list[str]) -> ActionSlot | None:
        """The slot of ``probe`` with its legal targets among ``alive``, or None."""
        spec = ABILITIES[probe.ability]
        if spec.targets == 1:
            # ``single_targets`` of the living, found once per ``action_slots``, with
            # ``actor_reason`` and ``target_filter`` called directly (``EXACT_TARGET_CHECKS``).
            # A team is probed only while it has a member in the game (``_slots``).
            if validate.actor_reason(state, probe, phase, team_living=True) is not None:
                return None
            candidates = validate.target_filter(state, probe, alive, living=True)
        elif spec.targets != 0 and spec.target_rule != "out":
            # ``legal_targets`` of any other count: the living, in seat order.
            candidates = [n for n, p in state.players.items() if n and p.alive]
        else:
            candidates = self.legal_targets(state, probe, phase)
        if not candidates:
            return None
        return ActionSlot(probe.ability, tuple(candidates), probe.actor, probe.team, 1)

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """Random legal play; a team hands in a kill or a deal, never both (FORUM-021)."""
        step = super().random_step(state, phase, rng)
        teams_killing = {a.team for a in step.actions if a.ability == "kill" and a.team}
        step.actions = [a for a in step.actions if not (a.ability == "deal" and a.team in teams_killing)]
        return step

    def holds_bum_vote(self, state: GameState, who: str) -> bool:
        """True when ``who`` (a nickname or ``team:X``) may direct a Bum's vote today (FORUM-119)."""
        return query.holds_bum_vote(state, who)


RULESET = ForumRuleset()


def _no_team_move(state: GameState, team: str, ability: str) -> bool:
    """True when the team's ``ability`` is no choice now whatever the
    target (``validate`` refuses it): no basement left (FORUM-126), no
    Bum's vote held (FORUM-119)."""
    if ability == "hide":
        return not query.basement_keys(state, f"team:{team}")
    if ability == "direct_vote":
        return not query.holds_bum_vote(state, f"team:{team}")
    return False
