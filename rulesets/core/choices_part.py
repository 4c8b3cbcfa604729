"""The choices part of ``Ruleset``: validation of a choice handed in (by
night or day), which earlier choice a later one replaces, and the open
slots with their legal targets that forms and random play offer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .declarations import Declarations
from .model import Ability, Action, GameState, Outcome, PlayerState, RulesError
from .said import said


@dataclass(frozen=True, slots=True)
class ActionSlot:
    """A choice somebody may hand in now: who (``actor`` or ``team``), which
    ability, and the legal targets (names) for each of its target places."""

    ability: str
    candidates: tuple[str, ...]
    actor: str | None = None
    team: str | None = None
    targets: int = 1


def under_target_limit(counters: Mapping[str, Any], ability: str, names: Iterable[str], limit: int) -> list[str]:
    """Those of ``names`` that ``counters`` counts as chosen fewer than
    ``limit`` times for ``ability`` (the ``<ability>:<name>`` counters of a
    ``per_target_limit``), in order: ``check_targets_filter``'s limit, with
    the counters read only when one of them names that ability."""
    prefix = ability + ":"
    if limit > 0 and not any(key.startswith(prefix) for key in counters):
        return list(names)  # nobody chosen yet: every count is 0
    return [n for n in names if counters.get(prefix + n, 0) < limit]


def _target_rule_reason(rule: str, target: PlayerState, actor: str | None) -> str | None:
    """Why ``target`` breaks the ``target_rule`` ``rule`` of an ability
    ``actor`` hands in (``out``, ``other_alive``, ``self``, else alive), or None."""
    if rule == "out":
        return "not_out" if target.alive else None
    if not target.alive:
        return "target_not_alive"
    if rule == "other_alive" and target.name == actor:
        return "self_target"
    if rule == "self" and target.name != actor:
        return "not_self"
    return None


def _limit_reason(ability: Ability, owner: PlayerState, targets: list[str]) -> str | None:
    """Why ``owner``'s counters forbid another use of ``ability`` on
    ``targets`` (``per_game_limit``, ``per_target_limit``), or None."""
    counters = owner.counters
    if ability.per_game_limit is not None and counters.get(f"uses:{ability.id}", 0) >= ability.per_game_limit:
        return "used_up"
    if ability.per_target_limit is not None:
        for target in targets:
            if counters.get(f"{ability.id}:{target}", 0) >= ability.per_target_limit:
                return "target_limit"
    return None


class ChoicesPart(Declarations):
    """Validation and slots. ``validate`` is the authority (by default the
    generic ``check_action``); ``actor_reason``, ``target_reason`` and
    ``target_filter`` are its documented parts, which ``action_slots`` uses
    to list the legal targets.
    """

    # True where ``actor_reason`` and ``target_filter`` together are exactly
    # ``validate`` for the probes ``action_slots`` makes: ``single_targets``
    # then need not ask ``validate`` about the first candidate
    # (tests/rulesets/test_legal_targets.py compares the two).
    EXACT_TARGET_CHECKS: ClassVar[bool] = False

    def abilities_of(self, state: GameState, name: str) -> tuple[str, ...]:
        """Ability ids the player's current role holds (individual ones)."""
        role = self.ROLES.get(state.players[name].role)
        return role.abilities if role else ()

    def team_abilities(self, state: GameState, team: str) -> tuple[str, ...]:
        """Collective ability ids of ``team`` (from the roles of its living
        members who share its group, ``TEAM_GROUPS``)."""
        found: list[str] = []
        for p in self.team_group(state, team):
            for ab in self.abilities_of(state, p.name):
                if self.ABILITIES[ab].team and ab not in found:
                    found.append(ab)
        return tuple(found)

    def team_choice_refusal(self, state: GameState, team: str, ability: str, name: str) -> str | None:
        """Why the living member ``name`` of ``team`` may not hand in the
        team's choice of ``ability`` (a ``MESSAGES`` key), or None: every
        member may by default; piter's non-shooting putana and bureaucrat
        («не стреляющая» Мафия, PITER-044, PITER-045) may not make the
        clan's shot."""
        return None

    def check_action(self, state: GameState, action: Action, phase: str) -> str | None:
        """The generic checks of one action against the declarations.

        Returns a rejection reason code, or None when the action passes:
        actor alive and holding the ability, the right phase, known and
        living targets, no self-target where forbidden, limits respected.
        Raises ``RulesError`` for unknown players, teams or abilities.
        """
        ability = self.ABILITIES.get(action.ability)
        if ability is None:
            raise RulesError(f"unknown ability {action.ability!r} in ruleset {self.id}")
        for target in action.targets():
            if target not in state.players:
                raise RulesError(f"unknown player {target!r}")
        return self.check_actor(state, action, phase) or self.check_targets(state, action, ability)

    def check_actor(self, state: GameState, action: Action, phase: str) -> str | None:
        """The generic checks of ``check_action`` that do not look at the
        target: the actor alive and holding the ability (or the team holding
        it), the right phase. Returns a reason code or None; raises
        ``RulesError`` for an unknown actor or team."""
        ability = self.ABILITIES[action.ability]
        if action.actor is not None:
            if action.actor not in state.players:
                raise RulesError(f"unknown player {action.actor!r}")
            actor = state.players[action.actor]
            if not actor.alive:
                return "actor_not_alive"
            if action.ability not in self.abilities_of(state, action.actor):
                return "not_your_ability"
        else:
            if action.team not in self.TEAMS:
                raise RulesError(f"unknown team {action.team!r}")
            if action.ability not in self.team_abilities(state, action.team or ""):
                return "not_your_ability"
        if ability.phase != phase:
            return "wrong_phase"
        return None

    def check_targets(self, state: GameState, action: Action, ability: Ability) -> str | None:
        """Target rules and limits of ``ability`` (see ``Ability``)."""
        targets = action.targets()
        if ability.targets and len(targets) != ability.targets:
            return "target_count"
        for target in targets:
            reason = _target_rule_reason(ability.target_rule, state.players[target], action.actor)
            if reason is not None:
                return reason
        owner = self.counter_owner(state, action)
        return None if owner is None else _limit_reason(ability, owner, targets)

    def counter_owner(self, state: GameState, action: Action) -> PlayerState | None:
        """Whose counters hold the limits of ``action`` (the actor by default)."""
        return state.players.get(action.actor) if action.actor else None

    def count_use(self, state: GameState, action: Action) -> None:
        """Record one use of ``action`` toward its declared limits."""
        owner = self.counter_owner(state, action)
        if owner is None:
            return
        owner.bump(f"uses:{action.ability}")
        for target in action.targets():
            owner.bump(f"{action.ability}:{target}")

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """Ruleset-level validation (override to add document rules).

        Returns a rejection reason code or None. Used by the web app to refuse
        a choice in the cabinet with ``message(reason)``.
        """
        return self.check_action(state, action, phase)

    def choice_key(self, action: Action) -> tuple[str, str]:
        """Which earlier choice a later one replaces: same actor (or team)
        and ability by default."""
        return (action.who, action.ability)

    def conflict(self, kept: dict[tuple[str, str], Action], action: Action) -> str | None:
        """A rejection reason when ``action`` clashes with choices already
        accepted in this phase (None by default)."""
        return None

    def accept(self, outcome: Outcome, actions: Iterable[Action], phase: str) -> list[Action]:
        """Validate ``actions``; reject the bad ones on ``outcome``; a later
        action with the same ``choice_key`` replaces an earlier one (traced
        as void). Returns the accepted actions in input order."""
        kept: dict[tuple[str, str], Action] = {}
        state = outcome.state
        for action in actions:
            reason = self.validate(state, action, phase) or self.conflict(kept, action)
            if reason is not None:
                outcome.reject(action, reason, self.message(reason))
                continue
            key = self.choice_key(action)
            if key in kept:
                outcome.note(
                    "validate",
                    "void",
                    said("core.earlier_replaced_later_one", who=action.who, ability=action.ability),
                    kept[key],
                )
            kept.pop(key, None)
            kept[key] = action
        return list(kept.values())

    def action_slots(self, state: GameState, phase: str) -> list[ActionSlot]:
        """Every choice that may be handed in now, with its legal targets.

        Used by the web app to build cabinet forms and by random play.
        """
        slots: list[ActionSlot] = []
        seen_teams: set[tuple[str, str]] = set()
        for p in state.alive():
            for ab_id in self.abilities_of(state, p.name):
                ability = self.ABILITIES[ab_id]
                if ability.phase != phase:
                    continue
                if ability.team:
                    if (p.team, ab_id) in seen_teams:
                        continue
                    seen_teams.add((p.team, ab_id))
                    probe = Action(ab_id, None, p.team)
                else:
                    probe = Action(ab_id, p.name)
                cands = self.legal_targets(state, probe, phase)
                if ability.targets and not cands:
                    continue
                slots.append(ActionSlot(ab_id, tuple(cands), probe.actor, probe.team, ability.targets))
        return slots

    def legal_targets(self, state: GameState, probe: Action, phase: str) -> list[str]:
        """Names that pass ``validate`` as a single target of ``probe``, in
        seat order.

        Each name goes through the cheap ``target_reason``; ``validate``, the
        authority, runs once, on the first name that passes, for the checks
        that do not depend on the target (see ``target_reason``).
        """
        ability = self.ABILITIES[probe.ability]
        if ability.targets == 0:
            return [] if self.validate(state, probe, phase) else [""]
        if ability.targets == 1:
            return self.single_targets(state, probe, phase)
        if ability.target_rule == "out":
            return list(state.players)
        return [n for n, p in state.players.items() if n and p.alive]

    def single_targets(
        self, state: GameState, probe: Action, phase: str, names: Iterable[str] | None = None
    ) -> list[str]:
        """Those of ``names`` that ``validate`` accepts as the one target of
        ``probe`` (an ``Action`` without target), in the given order.

        ``names`` defaults to the players the declared ``target_rule`` may
        name at all: everybody for ``out``, else the living.
        """
        if self.actor_reason(state, probe, phase) is not None:
            return []
        if names is None:
            # Every rule but ``out`` wants a living target: the dead need no asking.
            out = self.ABILITIES[probe.ability].target_rule == "out"
            names = list(state.players) if out else state.alive_names()
        legal = self.target_filter(state, probe, phase, names)
        if legal and not self.EXACT_TARGET_CHECKS:
            if self.validate(state, Action(probe.ability, probe.actor, probe.team, legal[0]), phase) is not None:
                return []  # refused whatever the target: the actor may not act now
        return legal

    def target_filter(self, state: GameState, probe: Action, phase: str, names: Iterable[str]) -> list[str]:
        """Those of ``names`` that ``target_reason`` accepts as the one target
        of ``probe`` (an ``Action`` without target), in the given order.

        The default asks ``target_reason`` name by name; a ruleset may
        override it to find the same list at once (``check_targets_filter``
        is the bulk form of ``check_targets``).
        """
        ability, actor, team = probe.ability, probe.actor, probe.team
        target_reason = self.target_reason
        return [name for name in names if target_reason(state, Action(ability, actor, team, name), phase) is None]

    def check_targets_filter(
        self, state: GameState, probe: Action, ability: Ability, names: Iterable[str]
    ) -> list[str]:
        """Those of ``names`` that ``check_targets`` accepts as the one target
        of ``probe`` (an ``Action`` without target), in the given order: the
        same target rule and limits, checked for all names at once."""
        if ability.targets not in (0, 1):
            return []  # one target is never the right count (``target_count``)
        players = state.players
        actor = probe.actor
        rule = ability.target_rule
        if rule == "out":
            legal = [n for n in names if not players[n].alive]
        elif rule == "other_alive":
            legal = [n for n in names if players[n].alive and n != actor]
        elif rule == "self":
            legal = [n for n in names if players[n].alive and n == actor]
        else:
            legal = [n for n in names if players[n].alive]
        owner = self.counter_owner(state, probe)
        if owner is not None and legal:
            counters = owner.counters
            if ability.per_game_limit is not None and counters.get(f"uses:{ability.id}", 0) >= ability.per_game_limit:
                return []
            limit = ability.per_target_limit
            if limit is not None:
                legal = under_target_limit(counters, ability.id, legal, limit)
        return legal

    def actor_reason(self, state: GameState, probe: Action, phase: str) -> str | None:
        """A reason code when ``validate`` refuses ``probe`` (an ``Action``
        without target) whatever its target, else None.

        A shortcut for ``legal_targets``: it may answer None where
        ``validate`` refuses (``validate`` still has the last word), never a
        reason where some target would be accepted. The default knows
        nothing and answers None.
        """
        return None

    def target_reason(self, state: GameState, action: Action, phase: str) -> str | None:
        """The part of ``validate`` that depends on the target: a reason code
        or None.

        ``legal_targets`` relies on this contract: for a one-target action
        offered by ``action_slots``, ``validate`` accepts it exactly when
        ``target_reason`` does and the checks that do not depend on the
        target pass. It may assume those checks passed (its answer does not
        matter when they fail) but must not raise for players of the game.
        The default is ``validate`` itself: always right, never faster.
        """
        return self.validate(state, action, phase)

    def play_slots(
        self, state: GameState, phase: str
    ) -> list[tuple[str, tuple[str, ...], str | None, str | None, int]]:
        """``action_slots`` as plain tuples of their fields (ability,
        candidates, actor, team, targets), in the same order."""
        return [(s.ability, s.candidates, s.actor, s.team, s.targets) for s in self.action_slots(state, phase)]
