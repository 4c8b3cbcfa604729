"""``ClassicRuleset``: «Мафия: игра, покорившая мир», the classic rules.

Ties the declarations (``roles``), setup (``setup``), schedule
(``schedule``), night (``night``), day (``day``) and end of game
(``victory``) together behind the ``Ruleset`` interface.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from rulesets.core import (
    Ability,
    Action,
    ActionSlot,
    DayProcedure,
    GameState,
    Outcome,
    PhaseInput,
    PlayerState,
    Rejection,
    RulesError,
    Ruleset,
    ScheduleEntry,
)
from rulesets.core.day import LAST_COUNTS
from rulesets.core.said import said

from . import day, night, setup, victory
from .roles import ABILITIES, MESSAGES, OPTIONS, ROLES, TEAMS, reason_rule
from .schedule import SCHEDULE, WINDOWS, web_day_entries

# Phase → role → the role's abilities (``abilities_of``) handed in in that phase, with their declarations.
_PROBES_IN: dict[str, dict[str, tuple[tuple[str, Ability], ...]]] = {
    phase: {
        role.id: tuple((ab, ABILITIES[ab]) for ab in role.abilities if ABILITIES[ab].phase == phase)
        for role in ROLES.values()
    }
    for phase in ("day", "night")
}

# Role → its team abilities (``Ability.team``), in the role's order, for ``team_abilities``.
_TEAM_ABILITIES: dict[str, tuple[str, ...]] = {
    role.id: tuple(ab for ab in role.abilities if ABILITIES[ab].team) for role in ROLES.values()
}


def _own_targets(player: PlayerState, ability: str, spec: Ability, alive: list[str], night: int) -> tuple[str, ...]:
    """The legal targets of a living ``player``'s own heal, visit or check
    (``target_filter`` of the living): the target rule, no limits declared,
    then the doctor's one self-heal (CLASSIC-034) and no heal or visit of
    the player chosen the night before (CLASSIC-033, CLASSIC-036)."""
    legal = list(alive)
    name = player.name
    if spec.target_rule == "other_alive" and name in legal:
        legal.remove(name)
    elif spec.target_rule == "self":
        legal = [name] if name in legal else []
    if ability == "check":
        return tuple(legal)
    counters = player.counters
    if ability == "heal" and counters.get("self_heals", 0) >= 1 and name in legal:
        legal.remove(name)
    last = counters.get(f"last_{ability}")
    if last and last[0] == night and last[1] in legal:
        legal.remove(last[1])
    return tuple(legal)


class ClassicRuleset(Ruleset):
    """The classic game: an informed mafia («мафия») against an honest majority («честные жители»).

    Options ``no_host``, ``blind``, ``blind_multi_lynch`` and ``dispute``
    (classic.md §6); no variants. The first night only introduces the mafia
    (CLASSIC-007); steps alternate night and day, except for the k lynch
    votes of one day with ``blind_multi_lynch`` (CLASSIC-066).
    """

    id = "classic"
    title = {"ru": "Мафия: игра, покорившая мир", "en": "Mafia: the classic rules", "zh": "黑手党：征服世界的游戏"}
    document = "002_9239e8f8ac8b9388.txt"
    language = "ru"
    TEAMS = TEAMS
    ROLES = ROLES
    ABILITIES = ABILITIES
    OPTIONS = OPTIONS
    VARIANTS = ()
    SCHEDULE = SCHEDULE
    WINDOWS = WINDOWS
    ORDER = night.ORDER
    MIN_PLAYERS = setup.MIN_PLAYERS
    MAX_PLAYERS = setup.MAX_PLAYERS
    STEP_FIELDS = frozenset()
    # Day (digest §2): a vote may be changed until the deadline; the last one counts.
    DAY = DayProcedure(
        change=LAST_COUNTS,
        host_candidates="CLASSIC-011",
        rule="CLASSIC §2",
        law={
            "ru": "Голос можно менять до дедлайна; засчитывается последний. Выбывает только тот, за кого"
            " проголосовало большинство — больше половины живых игроков, имеющих право голоса; иначе"
            " сегодня никто не выбывает.",
            "zh": "截止前可以改票；以最后一票为准。只有获得多数票（超过有投票权的存活玩家的一半）的玩家才会出局；"
            "否则今天无人出局。",
            "en": "A vote may be changed until the deadline; the last one counts. Only a player voted by a"
            " majority, more than half of the living players entitled to vote, leaves; otherwise nobody"
            " leaves today.",
        },
    )
    PHASES = frozenset({"day", "night"})
    FIRST_PHASE = "night"  # CLASSIC-007: the game opens with the first night
    MESSAGES = MESSAGES
    # ``actor_reason`` and ``target_filter`` are ``validate`` split in two.
    EXACT_TARGET_CHECKS = True

    # ------------------------------------------------------------------ setup

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """Role id → count for ``n_players`` (see ``setup.composition``); raises ``RulesError`` below 6."""
        if variant is not None:
            raise RulesError(f"the classic game has no variant {variant!r}")
        return setup.composition(n_players, options)

    def prepare(self, state: GameState) -> None:
        """Fill the game's memory (``new_game`` has checked the option
        values against the declarations, classic.md §6).

        The setup constraints (CLASSIC-003, CLASSIC-004) are not enforced on a
        seating (classic.md §3); ``setup.check_composition`` checks them.
        """
        setup.fill_memory(state)

    # ------------------------------------------------------------- resolution

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """Resolve one step after checking the phase sequence (classic.md §3).

        Raises ``RulesError`` when a phase repeats, except the up to k lynch
        votes of one day with ``blind_multi_lynch`` («линчевать нескольких», CLASSIC-066).
        """
        if state.steps_played and step.phase == state.phase:
            rounds = setup.lynches_per_day(state.options)
            if step.phase == "night" or state.memory.get("day_round", 0) >= rounds:
                raise RulesError(
                    f"a {step.phase} step cannot follow a {state.phase} step here (CLASSIC-002, CLASSIC-066)"
                )
        return super().resolve(state, step, seed)

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool:
        """A night («ночь»): the first one only introduces (CLASSIC-007, CLASSIC-008);
        one before a deciding vote is void (CLASSIC-044); otherwise
        ``night.resolve`` in the order of ``ORDER``. True when ``victory.settle``
        found no winner (``Ruleset.resolve_day``)."""
        state = outcome.state
        first = state.steps_played == 0
        actions = self.accept(outcome, step.actions, "night")
        state.memory["night"] += 1
        state.memory["day_round"] = 0
        state.memory["no_vote"] = []  # a visit costs only the following day's vote (CLASSIC-035)
        if first:
            night.first_night(outcome)
        elif state.memory.get("deciding"):
            outcome.note("validate", "void", said("classic.game_waits_deciding_vote_this"))
        else:
            night.resolve(outcome, actions, rng)
        return victory.settle(outcome, rng)

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool:
        """A lynch vote («голосование», CLASSIC-011 to CLASSIC-014, CLASSIC-066) or the
        deciding vote (CLASSIC-044). A day that opens the game counts the
        first night as played (classic.md §3). True when ``victory.settle``
        found no winner (``Ruleset.resolve_day``)."""
        state = outcome.state
        if state.steps_played == 0:
            state.memory["night"] = 1
        state.memory["day_round"] += 1
        self.accept(outcome, step.actions, "day")
        if state.memory.get("deciding"):
            day.deciding_vote(outcome, step, self.refuse)
        else:
            day.lynch_vote(outcome, step, self.refuse)
        return victory.settle(outcome, rng)

    def check_winner(self, state: GameState) -> str | None:
        """The winner when no chance is involved (``victory.check_winner``)."""
        return victory.check_winner(state)

    # ------------------------------------------------------------- validation

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """A rejection reason for ``action`` in the phase about to be resolved, or None.

        Reasons beyond the generic ones: ``first_night`` (CLASSIC-007),
        ``deciding_vote_pending`` (CLASSIC-044), ``team_ability``
        (CLASSIC-023), ``individual_notes`` (CLASSIC-061),
        ``target_own_team`` (CLASSIC-021), ``self_heal_used`` (CLASSIC-034),
        ``repeat_target`` (CLASSIC-033, CLASSIC-036). Raises ``RulesError``
        for an unknown ability, team or player.
        """
        if phase == "night" and state.steps_played == 0:
            # Unknown players or abilities still make the file malformed
            # (RulesError); anything known is refused on the first night.
            self.check_action(state, action, phase)
            return "first_night"
        if phase == "night" and state.memory.get("deciding"):
            return "deciding_vote_pending"
        return self.check_action(state, action, phase) or self._document_limits(state, action)

    def actor_reason(self, state: GameState, probe: Action, phase: str) -> str | None:
        """The checks of ``validate`` that do not look at the target (see
        ``Ruleset.actor_reason``): the first night, a pending deciding vote,
        the actor or team holding the ability in this phase."""
        if phase == "night" and state.steps_played == 0:
            return "first_night"
        if phase == "night" and state.memory.get("deciding"):
            return "deciding_vote_pending"
        return self.check_actor(state, probe, phase)

    def target_reason(self, state: GameState, action: Action, phase: str) -> str | None:
        """The checks of ``validate`` that look at the target (see
        ``Ruleset.target_reason``): the generic target rules and limits,
        then the document's own (``_document_limits``)."""
        return self.check_targets(state, action, ABILITIES[action.ability]) or self._document_limits(state, action)

    def target_filter(self, state: GameState, probe: Action, phase: str, names: Iterable[str]) -> list[str]:
        """``target_reason`` for all ``names`` at once (see ``Ruleset.target_filter``):
        the generic rules and limits, then ``_kill_limits`` and ``_repeat_limits``."""
        ability = probe.ability
        legal = self.check_targets_filter(state, probe, ABILITIES[ability], names)
        if not legal:
            return legal
        if ability == "kill":
            # CLASSIC-023/CLASSIC-061: team choice with a host, notes without.
            no_host = setup.option(state.options, "no_host")
            if (no_host and probe.team is not None) or (not no_host and probe.actor is not None):
                return []
            players = state.players
            return [n for n in legal if players[n].team != "mafia"]  # CLASSIC-021: only honest victims
        if ability in ("heal", "visit"):
            if probe.actor is None:
                return super().target_filter(state, probe, phase, legal)
            actor = state.players[probe.actor]
            if ability == "heal" and actor.counters.get("self_heals", 0) >= 1:
                legal = [n for n in legal if n != actor.name]  # CLASSIC-034: one self-heal a game
            last = actor.counters.get(f"last_{ability}")
            if last and last[0] == state.memory.get("night", 0):
                legal = [n for n in legal if n != last[1]]  # CLASSIC-033, CLASSIC-036
        return legal

    def _document_limits(self, state: GameState, action: Action) -> str | None:
        """The document's own limits, after the generic checks passed."""
        if action.ability == "kill":
            return self._kill_limits(state, action)
        if action.ability in ("heal", "visit"):
            return self._repeat_limits(state, action)
        return None

    def _kill_limits(self, state: GameState, action: Action) -> str | None:
        """CLASSIC-023/CLASSIC-061: team choice with a host, notes without;
        CLASSIC-021: «кого из мирных жителей» — only honest victims."""
        no_host = setup.option(state.options, "no_host")
        if no_host and action.team is not None:
            return "individual_notes"
        if not no_host and action.actor is not None:
            return "team_ability"
        if state.players[action.targets()[0]].team == "mafia":
            return "target_own_team"
        return None

    def _repeat_limits(self, state: GameState, action: Action) -> str | None:
        """CLASSIC-034: one self-heal a game; CLASSIC-033, CLASSIC-036: not the
        player chosen the night before. The choice counts even when the
        putana voided it, so a refusal never reveals her visit."""
        actor = state.players[action.actor or ""]
        target = action.targets()[0]
        if action.ability == "heal" and target == actor.name and actor.counters.get("self_heals", 0) >= 1:
            return "self_heal_used"
        last = actor.counters.get(f"last_{action.ability}")
        if last and last[0] == state.memory.get("night", 0) and last[1] == target:
            return "repeat_target"
        return None

    def refuse(self, outcome: Outcome, action: Action, reason: str) -> None:
        """Record a refused action: the player's sentence in ``rejected``, the
        host's sentence with the rule id in the trace."""
        outcome.rejected.append(Rejection(action, reason, self.message(reason)))
        rule = reason_rule(reason, action.ability)
        code = "classic.refused" if action.actor else "classic.team_refused"
        whose = {"who": action.actor} if action.actor else {"team": action.team}
        if action.target:
            whose["player"] = action.target
        else:
            code += "_nobody"
        text = said(code, rule=rule, ability=action.ability, message=self.message(reason), **whose)
        outcome.note("validate", "rejected", text, action)

    def accept(self, outcome: Outcome, actions: Iterable[Action], phase: str) -> list[Action]:
        """Validate ``actions`` and keep, per actor (or team) and ability, the
        last valid one; earlier valid ones are refused as ``duplicate_action``
        (classic.md §2: «The last valid submission counts»)."""
        kept: dict[tuple[str, str], Action] = {}
        for action in actions:
            reason = self.validate(outcome.state, action, phase)
            if reason is not None:
                self.refuse(outcome, action, reason)
                continue
            earlier = kept.pop((action.who, action.ability), None)
            if earlier is not None:
                self.refuse(outcome, earlier, "duplicate_action")
            kept[(action.who, action.ability)] = action
        return list(kept.values())

    # ------------------------------------------------------- forms and play

    def team_abilities(self, state: GameState, team: str) -> tuple[str, ...]:
        """Collective ability ids of ``team`` (see ``Ruleset.team_abilities``),
        read from its living members' roles without listing them first."""
        found: list[str] = []
        for p in state.players.values():
            if p.alive and p.team == team:
                for ab in _TEAM_ABILITIES.get(p.role, ()):
                    if ab not in found:
                        found.append(ab)
        return tuple(found)

    def action_slots(self, state: GameState, phase: str) -> list[ActionSlot]:
        """The generic slots; without a host each living mafioso has his own
        note instead of the team's choice (CLASSIC-061).

        ``validate`` worked out once per state (tests/rulesets/test_legal_targets.py
        compares the two): nothing on the first night (CLASSIC-007) or before
        a deciding vote (CLASSIC-044); the victims are the living honest
        players (CLASSIC-021); a heal or visit spares the player of the night
        before and a heal the doctor himself after his one self-heal
        (CLASSIC-033, CLASSIC-034, CLASSIC-036).
        """
        memory = state.memory
        if phase == "night" and (state.steps_played == 0 or memory.get("deciding")):
            return []  # ``first_night`` or ``deciding_vote_pending`` whatever the choice
        alive = state.alive_names()
        no_host = setup.option(state.options, "no_host")
        victims = tuple(n for n in alive if state.players[n].team != "mafia")  # CLASSIC-021
        slots: list[ActionSlot] = []
        seen_teams: set[tuple[str, str]] = set()
        for p in state.alive():
            for ab_id, ability in _PROBES_IN.get(phase, {}).get(p.role, ()):
                if not ability.team:
                    slots.extend(self._own_slot(state, p, ab_id, ability, phase, alive))
                elif (p.team, ab_id) not in seen_teams:
                    seen_teams.add((p.team, ab_id))
                    slots.extend(self._team_slot(state, p.team, ab_id, ability, phase, alive, no_host, victims))
        if phase == "night" and no_host:
            slots.extend(self._note_slots(state, victims))
        return slots

    def _own_slot(
        self, state: GameState, player: PlayerState, ab_id: str, ability: Ability, phase: str, alive: list[str]
    ) -> list[ActionSlot]:
        """The slot of a living ``player``'s own ability, if it has targets."""
        if ab_id not in ("heal", "visit", "check"):
            return self._generic_slot(state, Action(ab_id, actor=player.name), phase, alive)
        cands = _own_targets(player, ab_id, ability, alive, state.memory.get("night", 0))
        return [ActionSlot(ab_id, cands, player.name, None, ability.targets)] if cands else []

    def _team_slot(
        self,
        state: GameState,
        team: str,
        ab_id: str,
        ability: Ability,
        phase: str,
        alive: list[str],
        no_host: bool,
        victims: tuple[str, ...],
    ) -> list[ActionSlot]:
        """The slot of ``team``'s collective ability: its kill names a
        living honest player, and only with a host (CLASSIC-021, CLASSIC-061)."""
        if ab_id != "kill":
            return self._generic_slot(state, Action(ab_id, team=team), phase, alive)
        if no_host or not victims:
            return []
        return [ActionSlot("kill", victims, None, team, ability.targets)]

    def _note_slots(self, state: GameState, victims: tuple[str, ...]) -> list[ActionSlot]:
        """Without a host, each living mafioso holding the kill hands in his
        own note naming an honest player (CLASSIC-061, CLASSIC-021)."""
        if not victims:
            return []
        slots = []
        for p in state.team_members("mafia"):
            role = ROLES.get(p.role)
            if role is not None and "kill" in role.abilities:
                slots.append(ActionSlot("kill", victims, p.name))
        return slots

    def _generic_slot(self, state: GameState, probe: Action, phase: str, alive: list[str]) -> list[ActionSlot]:
        """The slot of ``probe`` by ``single_targets``, for an ability the
        shortcuts of ``action_slots`` do not know."""
        cands = self.single_targets(state, probe, phase, alive)
        targets = ABILITIES[probe.ability].targets
        return [ActionSlot(probe.ability, tuple(cands), probe.actor, probe.team, targets)] if cands else []

    def _random_night(self, state: GameState, rng: random.Random) -> PhaseInput:
        """Generic night choices; without a host the mafiosi mostly agree on
        their notes, as players who meet on the first night would (CLASSIC-062)."""
        step = super().random_step(state, "night", rng)
        notes = [a for a in step.actions if a.ability == "kill" and a.actor]
        if notes and rng.random() < 0.8:
            agreed = notes[0].target
            step.actions = [Action("kill", a.actor, None, agreed) if a in notes else a for a in step.actions]
        return step

    def phase_schedule(self, state: GameState, phase: str, vote_round: int = 1) -> tuple[ScheduleEntry, ...]:
        """The day's deadline from the game (``schedule.web_day_entries``):
        the deciding vote's hours (CLASSIC-044), a further lynch vote
        ``lynch_round_minutes`` after the previous (CLASSIC-066), a day of
        ``day_hours_per_player`` per living player (CLASSIC-010); otherwise
        the ``SCHEDULE``. Raises ``RulesError`` for a round the game does
        not hold."""
        if phase == "day":
            deciding = bool(state.memory.get("deciding"))
            try:
                entries = web_day_entries(state.options, len(state.alive_names()), vote_round, deciding)
            except ValueError as exc:
                raise RulesError(str(exc)) from exc
            if entries:
                return entries
        return super().phase_schedule(state, phase, vote_round)

    def may_vote(self, state: GameState, name: str) -> bool:
        """In the deciding vote, the two survivors and the last honest
        player out (CLASSIC-044); otherwise the living."""
        if state.memory.get("deciding"):
            return name in day.electorate(state)
        return super().may_vote(state, name)

    def ballot_refusal(self, state: GameState, voter: str) -> str | None:
        """A player the putana visited last night does not vote today
        («no_vote_right», CLASSIC-035)."""
        if not state.memory.get("deciding") and voter in state.memory.get("no_vote", []):
            return "no_vote_right"
        return None

    def next_phase(self, state: GameState) -> str:
        """Night after day, day after night; with ``blind_multi_lynch`` = k a
        day holds up to k lynch votes (CLASSIC-066)."""
        if state.steps_played and state.phase == "day" and not state.memory.get("deciding"):
            if state.memory.get("day_round", 0) < setup.lynches_per_day(state.options):
                return "day"
        return super().next_phase(state)

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """Random legal play: night choices from ``action_slots``; by day the
        entitled voters (``day.electorate``) mostly follow two suspects among
        the candidates, so majorities happen."""
        if phase != "day":
            return self._random_night(state, rng)
        pool = day.candidates(state, None)
        suspects = rng.sample(pool, min(2, len(pool)))
        memory = state.memory
        # Nobody barred and no deciding vote: the electorate is the living, ``pool``.
        voters = pool if not memory.get("deciding") and not memory.get("no_vote") else day.electorate(state)
        votes: dict[str, str | None] = {}
        for v in voters:
            among = suspects if rng.random() < 0.8 else pool
            votes[v] = rng.choice(among)
        return PhaseInput("day", votes=votes)
