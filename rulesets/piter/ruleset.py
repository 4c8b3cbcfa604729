"""``PiterRuleset``: the engine of «Правила игры в мафию (Питер)».

Declarations come from ``roles`` and ``setup``; the night from ``night``,
the day from ``day``, the end checks from ``victory``. This class wires them
into the shared ``Ruleset`` protocol and overrides the generic hooks where
the document differs: the clan's shared shot, the Ghost's pick by a player
out of the game, and nominations before the vote.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rulesets.core import (
    Ability,
    Action,
    ActionSlot,
    DayProcedure,
    GameState,
    Outcome,
    PhaseInput,
    RulesError,
    Ruleset,
)
from rulesets.core import day as day_rules
from rulesets.core.day import NEVER, Ballot, VoteCount
from rulesets.core.said import Said

from . import day, discipline, night, setup
from .roles import ABILITIES, OFFENCES, OFFENCES_ZH, OPTIONS, ROLES, SHOOTERS, TEAM_ABILITIES, TEAMS
from .validation import MESSAGES, action_reason, ballot_reason, is_acquaintance, shooter_refusal, target_reason
from .victory import winner


class PiterRuleset(Ruleset):
    """The Piter ruleset (digest ``spec/rulesets/piter.md``, ids PITER-NNN).

    3 to 12 players (PITER-100). The first step is the acquaintance night
    (PITER-003); a ``day`` step is Day + Evening, a ``night`` step Night +
    Morning. ``variant`` is unused; the document's variants are options.
    """

    id = "piter"
    title = {"ru": "Правила игры в мафию (Питер)", "en": "Mafia rules (Piter)", "zh": "杀人游戏规则（彼得堡）"}
    document = "001_f0c3182968e061d1.txt"
    language = "ru"
    TEAMS = TEAMS
    ROLES = ROLES
    ABILITIES = ABILITIES
    TEAM_ABILITIES = TEAM_ABILITIES
    OPTIONS = OPTIONS
    VARIANTS = ()
    SCHEDULE = setup.SCHEDULE
    VOTE_EXITS = frozenset({"executed"})  # «казнь» (PITER-016)
    WINDOWS = setup.WINDOWS
    ORDER = night.ORDER
    MIN_PLAYERS = 3
    MAX_PLAYERS = 12
    # The digest's Ghost's pick may also come as a step field (scenario format).
    STEP_FIELDS = frozenset({"ghost_pick"})
    # Evening vote (digest §2): one vote for a nominee, the first valid one
    # counts and cannot be changed.
    DAY = DayProcedure(
        change=NEVER,
        rule="PITER §2",
        nominations_from="nominations_open",
        nominations_until="nominations_close",
        votes_from="defence_close",
        defence_from="nominations_close",
        defence_until="defence_close",
        revote_until="revote_deadline",
        revote_speech_until="revote_speech_close",
        tie_pick="ghost_pick",
        tie_pick_rule="PITER-093",
        law={
            "ru": "Один голос за одного из выдвинутых; засчитывается первый голос, изменить его нельзя."
            " Не проголосовавшие к дедлайну считаются голосующими против последнего выдвинутого.",
            "en": "One vote for a nominee; the first vote counts and cannot be changed. Whoever has not voted"
            " by the deadline is counted against the last nominee.",
            "zh": "只能投给一名被提名者；第一票有效，不能更改。截止前未投票者视为投给最后一名被提名者。",
        },
    )
    PHASES = frozenset({"day", "night"})
    FIRST_PHASE = "night"
    MESSAGES = MESSAGES

    # ------------------------------------------------------------------ setup

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """The recommended composition (PITER-100) with the substitutions
        switched on in ``options`` (PITER-101). Raises ``RulesError`` for a
        player count outside 3..12, a variant, or an impossible substitution."""
        if variant is not None:
            raise RulesError("the Piter ruleset has no variants; its variants are options (PITER-120 to PITER-122)")
        return setup.composition(n_players, options)

    # ------------------------------------------------------------- resolution

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """Resolve one step (see ``Ruleset.resolve``). Raises ``RulesError``
        when it repeats the phase just played: steps alternate (digest §3)."""
        if state.steps_played > 0 and state.phase == step.phase:
            raise RulesError(f"two {step.phase} steps in a row: day and night steps alternate")
        return super().resolve(state, step, seed)

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """Day and Evening (digest §7.2); nothing here is random."""
        day.resolve_day(outcome, step)

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """Night and Morning (digest §7.1); nothing here is random."""
        night.resolve_night(outcome, step)

    def check_winner(self, state: GameState) -> str | None:
        """The morning or evening end checks (PITER-080 to PITER-090)."""
        return winner(state)

    # ------------------------------------------------------------- validation

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """The reason ``action`` is refused in ``phase`` (a ``MESSAGES`` key),
        or None. Raises ``RulesError`` for an unknown ability, team or player."""
        self._check_known(state, action)
        return action_reason(state, action, phase)

    def vote_reason(
        self, state: GameState, voter: str, target: str | None, candidates: list[str], revote: bool = False
    ) -> str | None:
        """The reason a ballot is refused (``not_nominated``, ``not_tied``,
        ``actor_not_alive``), or None (PITER-012, PITER-017, PITER-019)."""
        return ballot_reason(state, voter, target, candidates, "not_tied" if revote else "not_nominated")

    def _check_known(self, state: GameState, action: Action) -> None:
        """Raises ``RulesError`` for names the game does not know."""
        if action.ability not in self.ABILITIES:
            raise RulesError(f"unknown ability {action.ability!r} in ruleset {self.id}")
        if action.team is not None and action.team not in self.TEAMS:
            raise RulesError(f"unknown team {action.team!r}")
        for name in [action.actor, *action.targets()] if action.actor else action.targets():
            if name not in state.players:
                raise RulesError(f"unknown player {name!r}")

    def abilities_of(self, state: GameState, name: str) -> tuple[str, ...]:
        """The current role's abilities while in the game; an active Ghost,
        out of the game, holds only ``ghost_pick`` (PITER-092)."""
        if name in state.memory.get("ghosts", []):
            return ("ghost_pick",)
        player = state.players[name]
        return self.ROLES[player.role].abilities if player.alive else ()

    def team_abilities(self, state: GameState, team: str) -> tuple[str, ...]:
        """The clan's shot while a shooting mafioso lives (PITER-040, PITER-041)."""
        ability = self.TEAM_ABILITIES.get(team)
        if ability is None or not any(p.role in SHOOTERS for p in state.team_members(team)):
            return ()
        return (ability.id,)

    # ------------------------------------------------------------ simulation

    def action_slots(self, state: GameState, phase: str) -> list[ActionSlot]:
        """Every choice that may be handed in now: the clan's shot, each
        player's night ability, an active Ghost's pick."""
        slots = [
            self._slot(state, Action(ab, team=team), phase)
            for team in self.TEAMS
            for ab in self.team_abilities(state, team)
        ]
        for name in state.players:
            for ab in self.abilities_of(state, name):
                if self.ABILITIES[ab].phase == phase:
                    slots.append(self._slot(state, Action(ab, actor=name), phase))
        return [s for s in slots if s.candidates]

    def _slot(self, state: GameState, probe: Action, phase: str) -> ActionSlot:
        """One slot with its legal targets."""
        ability = self._ability(probe)
        return ActionSlot(
            probe.ability, tuple(self.legal_targets(state, probe, phase)), probe.actor, probe.team, ability.targets
        )

    def _ability(self, probe: Action) -> Ability:
        """The declaration of a team or individual action."""
        return self.TEAM_ABILITIES[probe.team] if probe.team else self.ABILITIES[probe.ability]

    def legal_targets(self, state: GameState, probe: Action, phase: str) -> list[str]:
        """Living players legal as a target of ``probe`` (PITER-032; a Ghost
        picks among the living nominees, PITER-093); for the journalist's
        two targets, every living player but himself (PITER-058)."""
        if self._ability(probe).targets == 2:
            others = [n for n in state.alive_names() if n != probe.actor]
            pair = Action(probe.ability, probe.actor, probe.team, tuple(others[:2]))
            return others if len(others) >= 2 and self.validate(state, pair, phase) is None else []
        return self.single_targets(state, probe, phase, state.alive_names())

    def actor_reason(self, state: GameState, probe: Action, phase: str) -> str | None:
        """The cheap refusals that never look at the target (see
        ``Ruleset.actor_reason``): the acquaintance night (PITER-003), the
        wrong phase, a dead actor (PITER-019) who is no active Ghost."""
        if is_acquaintance(state, phase):
            return "acquaintance_night"
        if self.ABILITIES[probe.ability].phase != phase:
            return "wrong_phase"
        if probe.actor is not None and probe.ability != "ghost_pick" and not state.players[probe.actor].alive:
            return "actor_not_alive"
        return None

    def target_reason(self, state: GameState, action: Action, phase: str) -> str | None:
        """The checks of ``validate`` that look at the target (see ``Ruleset.target_reason``)."""
        return target_reason(state, action)

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """Random legal play: night slots act as in ``Ruleset.random_step``;
        by day, one to three nominations, most players vote for a nominee, a
        tie gets a re-vote and, with a Ghost, its pick (PITER-093)."""
        if phase == "night":
            return super().random_step(state, phase, rng)
        alive = state.alive_names()
        picked = rng.sample(alive, k=min(len(alive), rng.randint(1, 3)))
        step = PhaseInput("day", nominations=picked)
        step.votes = {v: rng.choice(picked) for v in alive if rng.random() < 0.9}
        tied = day.count_round(state, step.votes, day.nominees(state, picked), "not_nominated").leaders()
        if len(tied) > 1:
            step.revote = {v: rng.choice(tied) for v in alive}
            step.actions = [
                Action("ghost_pick", actor=g, target=rng.choice(tied)) for g in state.memory.get("ghosts", [])[:1]
            ]
        return step

    # ----------------------------------------------------------- declarations

    # PITER-110/111: the host's warning for an offence of the list; the third
    # removes the player. One penalty kind per offence, named by it.
    PENALTIES = {
        **Ruleset.PENALTIES,
        **{
            f"warning:{offence}": {
                "ru": f"Замечание: {text}",
                "zh": f"警告：{OFFENCES_ZH[offence]}",
                "en": f"Warning: {offence.replace('_', ' ')}",
            }
            for offence, text in OFFENCES.items()
        },
    }

    def apply_penalty(self, state: GameState, kind: str, target: str) -> Outcome:
        """``warning:<offence>`` gives ``target`` a warning (PITER-110), the
        third removing him (PITER-111); ``disqualify`` as every ruleset.
        Raises ``RulesError`` for an unknown kind or player."""
        if kind.startswith("warning:"):
            return discipline.give_warning(state, target, kind.removeprefix("warning:"))
        return super().apply_penalty(state, kind, target)

    # ------------------------------------------------------------ the web day

    def vote_count(self, state: GameState, ballots: Sequence[Ballot]) -> VoteCount:
        """The public count: each voter's first vote for a nominee
        (PITER-012, PITER-013); a living player without one is counted
        against the last nominee (PITER-015), listed in ``not_voted`` and
        noted ``counted_against_last``. No nominee, no count (PITER-020)."""
        alive = state.alive_names()
        listed = self.nominees(state, ballots)
        valid = {v: c for v, c in day_rules.standing(ballots, NEVER).items() if c in listed and v in alive}
        result = day_rules.count(valid, alive)
        if not listed or not result.not_voted:
            return result
        last = listed[-1]
        counted = day_rules.count({**valid, **dict.fromkeys(result.not_voted, last)}, alive)
        counted.not_voted = result.not_voted
        counted.notes.append(("counted_against_last", last))
        return counted

    def revote_count(self, state: GameState, ballots: Sequence[Ballot], tied: Sequence[str]) -> VoteCount:
        """The re-vote's public count: each voter's first re-vote ballot for
        a tied player (PITER-013, PITER-017); a living player without one is
        counted against the tied player nominated last, listed in
        ``not_voted`` and noted ``counted_against_last_tied`` (PITER-017)."""
        result = super().revote_count(state, ballots, tied)
        order = [n for n in self.nominees(state, ballots) if n in tied] or list(tied)
        if not result.not_voted or not order:
            return result
        last = order[-1]
        standing = {row_voter: row.target for row in result.rows for row_voter in row.voters}
        counted = day_rules.count({**standing, **dict.fromkeys(result.not_voted, last)}, state.alive_names())
        counted.not_voted = result.not_voted
        counted.notes.append(("counted_against_last_tied", last))
        return counted

    def speech_refusal(self, state: GameState, name: str) -> str | None:
        """``silenced`` for the player the putana discredited last night: he
        may not post, nominate or give a monologue today, but votes (PITER-021)."""
        return None if discipline.may_speak(state, name) else "silenced"

    def choice_closes(self, ability: str, phase: str) -> str:
        """The Ghost chooses once the vote has tied («В случае равного
        разделения голосов выбирает», PITER-093): his pick is taken from the
        tie until the tied players' extra minute closes (the web app opens
        it only after the tie, ``DayProcedure.tie_pick``); without a valid
        pick by then the re-vote is held (PITER-017). The night's choices
        close with the night."""
        if ability == "ghost_pick":
            return "revote_speech_close"
        return super().choice_closes(ability, phase)

    def team_choice_refusal(self, state: GameState, team: str, ability: str, name: str) -> str | None:
        """``non_shooting`` for a clan member who is no shooting mafioso:
        the putana and the bureaucrat («не стреляющая» Мафия, PITER-044,
        PITER-045) wake separately and never make the clan's shot (PITER-040)."""
        if ability in (a.id for a in self.TEAM_ABILITIES.values()):
            return shooter_refusal(state, name)
        return None

    def defence_extra_post(self, state: GameState, name: str) -> GameState | None:
        """With ``extra_minutes``, a nominee's second defence post spends his
        one extra minute of the game (PITER-122)."""
        if discipline.extra_minute_reason(state, name) is not None:
            return None
        return discipline.take_extra_minute(state, name).state

    def nomination_open_to(self, state: GameState, nominator: str, ballots: Sequence[Ballot]) -> str | None:
        """One nomination per player (PITER-010), none from a silenced one (PITER-021)."""
        return self.speech_refusal(state, nominator) or super().nomination_open_to(state, nominator, ballots)

    def role_notes(self, state: GameState, name: str) -> list[str]:
        """The putana and bureaucrat wake separately and never shoot
        (``wakes_separately``, PITER-040, PITER-042, PITER-044); every role
        with a night ability must use it («Если игрок отказывается ходить в
        свой ход, на утро Ведущий просит этого игрока … покинуть игровой
        стол», ``compulsory_turn``, PITER-031); a player who may stay as the
        Ghost learns when he chooses (``ghost_waits``, PITER-093)."""
        player = state.players.get(name)
        if name in state.memory.get("ghosts", []):
            return ["ghost_waits"]
        if player is None or not player.alive:
            return []
        notes = ["wakes_separately"] if player.team == "mafia" and player.role not in SHOOTERS else []
        if self.ROLES[player.role].abilities:
            notes.append("compulsory_turn")
        return notes

    def private_notices(self, outcome: Outcome) -> list[tuple[str, str]]:
        """Each player who left for refusing his night turn is told why
        (``refused_turn_left``, PITER-031)."""
        return [
            (entry.said.params["player"], "refused_turn_left")
            for entry in outcome.trace
            if isinstance(entry.said, Said) and entry.said.code == "piter.made_no_valid_night_move"
        ]

    def _declarations(self) -> dict[str, Any]:
        """The declarations (see ``Ruleset.describe``) plus the clan's shot,
        the host's offences (PITER-110) and the setup table (PITER-100)."""
        return {
            **super()._declarations(),
            "team_abilities": {k: vars(v) for k, v in self.TEAM_ABILITIES.items()},
            "offences": dict(OFFENCES),
            "setup": {n: dict(roles) for n, roles in setup.TABLE.items()},
        }
