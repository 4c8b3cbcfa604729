"""The ``Ruleset`` base class every rules engine subclasses.

A ruleset declares its teams, roles, abilities, options, variants, schedule
and setup table as class attributes, and implements ``resolve_day``,
``resolve_night`` (and ``resolve_setup`` where the document has a setup
phase) and ``check_winner``. The generic parts (seating, validation of
targets and limits, random legal actions for simulations, role draw) live
here and branch only on declared data, never on a role's name.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, ClassVar

from . import day as day_rules
from .day import Ballot, DayProcedure, VoteCount
from .model import (
    Ability,
    Action,
    Feedback,
    GameState,
    Option,
    Outcome,
    PhaseInput,
    PlayerState,
    Role,
    RulesError,
    ScheduleEntry,
    Team,
)
from .options import OptionProblem, check_options
from .rng import PhaseRandom


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


# Generic rejection messages, by reason code; a ruleset may add its own.
MESSAGES: dict[str, str] = {
    "actor_not_alive": "You are out of the game and can no longer act.",
    "target_not_alive": "That player is out of the game.",
    "not_your_ability": "Your role has no such ability.",
    "wrong_phase": "This ability cannot be used in this phase.",
    "self_target": "You cannot choose yourself.",
    "not_self": "This ability may only target yourself.",
    "target_limit": "You have already chosen that player as many times as the rules allow.",
    "used_up": "You have already used this ability as many times as the rules allow.",
    "unknown_player": "There is no such player in this game.",
    "target_count": "This ability needs a different number of targets.",
    "game_over": "The game is over.",
    "not_out": "That player is still in the game.",
    "unknown_team": "There is no such team in this game.",
    "not_in_team": "Only a living member of that team may hand in its choice.",
    "already_nominated": "You have already named a candidate today.",
}


class Ruleset:
    """Base class of a rules engine; subclasses fill in the declarations.

    Subclasses must set ``id``, ``title``, ``document``, ``TEAMS``, ``ROLES``,
    ``ABILITIES`` (dicts by id), ``OPTIONS``, ``VARIANTS``, ``SCHEDULE`` and
    ``ORDER`` (the night resolution steps, each ``(step_id, rule_id, text)``),
    and implement ``resolve_day``, ``resolve_night``, ``check_winner`` and
    ``composition``.
    """

    id: ClassVar[str] = ""
    title: ClassVar[dict[str, str]] = {}
    document: ClassVar[str] = ""
    language: ClassVar[str] = "ru"
    TEAMS: ClassVar[dict[str, Team]] = {}
    ROLES: ClassVar[dict[str, Role]] = {}
    ABILITIES: ClassVar[dict[str, Ability]] = {}
    OPTIONS: ClassVar[dict[str, Option]] = {}
    VARIANTS: ClassVar[tuple[str, ...]] = ()
    SCHEDULE: ClassVar[tuple[ScheduleEntry, ...]] = ()
    ORDER: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 30
    # Step fields beyond the common ones that this ruleset's page defines.
    STEP_FIELDS: ClassVar[frozenset[str]] = frozenset()
    PHASES: ClassVar[frozenset[str]] = frozenset({"day", "night"})
    # Words a ``revote`` ballot may hold instead of a player's name (Cosmo's
    # ``jail``/``spare``); empty where the re-vote names players.
    REVOTE_CHOICES: ClassVar[frozenset[str]] = frozenset()
    FIRST_PHASE: ClassVar[str] = "day"
    MESSAGES: ClassVar[dict[str, str]] = {}
    # The forum day's vote law (see ``DayProcedure``); ``day_procedure``
    # may vary it by day.
    DAY: ClassVar[DayProcedure] = DayProcedure()
    # Penalties the host may give: kind → name by language code;
    # ``apply_penalty`` applies them. Every document lets the host remove a
    # player (a modkill); a ruleset adds the penalties its document names.
    PENALTIES: ClassVar[dict[str, dict[str, str]]] = {
        "disqualify": {"ru": "Дисквалификация (модкилл)", "zh": "取消资格", "en": "Disqualify (modkill)"},
    }
    # Kinds of ``PENALTIES`` that take effect when the phase resolves, not
    # at once (werewolf18's cards, counted and upgraded by the engine,
    # WW18-069): the web app hands them over with ``penalty_fields``.
    DEFERRED_PENALTIES: ClassVar[frozenset[str]] = frozenset()
    # True where the document removes players automatically (no vote, a
    # vote for oneself, skipped moves) and the host may waive or must
    # confirm each removal: the web app then hands the engine the excused
    # nicknames as ``step.extra["excused"]`` and shows ``day_warnings``.
    AUTOKILLS: ClassVar[bool] = False
    # Whether a player out of the game keeps reading his team's room: the
    # document's reading (werewolf18's exited wolves stay in the wolf group,
    # WW18-012; where a document is silent the team may still hear its dead).
    # The host may decide otherwise for one game (``dead_read_team_room``).
    DEAD_READ_TEAM_ROOM: ClassVar[bool] = True
    # Posts a living player owes each game day in the public threads (the
    # host's dashboard flags those under it); 0 where the document sets none.
    POST_MINIMUM: ClassVar[int] = 0
    # Variant id → its name by language code, for the host's form.
    VARIANT_NAMES: ClassVar[dict[str, dict[str, str]]] = {}
    # Names, by language code, of the private rooms ``team_rooms`` opens
    # under keys that are not team ids (cosmo's commissar-and-sergeant
    # thread, werewolf18's lover with his admired player).
    ROOM_NAMES: ClassVar[dict[str, dict[str, str]]] = {}
    # The schedule entry id of an opening phase that is not a step (cosmo's
    # acquaintance night, COSMO-005): the web app opens it before
    # ``FIRST_PHASE`` and its deadline opens the first step; "" for none.
    OPENING: ClassVar[str] = ""
    # The ``SCHEDULE`` entry whose deadline closes the last words of the
    # players who left before it (werewolf18's «遗言», an hour before the
    # next thread opens, WW18-016): each player ``last_words_given`` names
    # sends his text from his cabinet until then, and the site posts the
    # texts in the day thread at that deadline. "" where the document has
    # no such right (the day thread's one last post is
    # ``DayProcedure.last_post``).
    LAST_WORDS_DUE: ClassVar[str] = ""
    # The option the living players turn on by asking for it in the game's
    # progress area (werewolf18's acceleration, «进程加速», WW18-068), once
    # ``acceleration_agreed``; "" where the players cannot. ``ACCELERATION_RULE``
    # is the rule id the site cites.
    ACCELERATION: ClassVar[str] = ""
    ACCELERATION_RULE: ClassVar[str] = ""
    # True where ``SCHEDULE`` times are "HH:MM" offsets from the phase's
    # start (hours may pass 24, cosmo §2), not local wall times.
    SCHEDULE_RELATIVE: ClassVar[bool] = False
    # True where ``actor_reason`` and ``target_filter`` together are exactly
    # ``validate`` for the probes ``action_slots`` makes: ``single_targets``
    # then need not ask ``validate`` about the first candidate
    # (tests/rulesets/test_legal_targets.py compares the two).
    EXACT_TARGET_CHECKS: ClassVar[bool] = False

    # ------------------------------------------------------------------ setup

    def default_variant(self, n_players: int) -> str | None:
        """The variant suggested for ``n_players`` (None if no variants)."""
        return self.VARIANTS[0] if self.VARIANTS else None

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """A proposed composition: role id → count, summing to ``n_players``.

        Raises ``RulesError`` when the document covers no such player count.
        """
        raise NotImplementedError

    def role_team(self, role: str, team: str | None, variant: str | None) -> str:
        """The team of a seated ``role``; ``team`` is the file's choice for
        roles that can belong to several teams. Raises ``RulesError``."""
        if role not in self.ROLES:
            raise RulesError(f"unknown role {role!r} in ruleset {self.id}")
        spec = self.ROLES[role]
        if team is None:
            return spec.team
        if team not in spec.teams:
            raise RulesError(f"role {role!r} cannot belong to team {team!r}")
        return team

    def new_game(
        self,
        seats: Iterable[tuple[str, str, str | None]],
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
    ) -> GameState:
        """Seat the players: ``seats`` yields (nickname, role id, team id or None).

        Raises ``RulesError`` for an unknown variant, role or team, a
        duplicate name, or options that ``validate_options`` refuses.
        """
        if self.VARIANTS and variant is None:
            variant = self.VARIANTS[0]
        if variant is not None and variant not in self.VARIANTS:
            raise RulesError(f"unknown variant {variant!r} for ruleset {self.id}")
        options = dict(options or {})
        players: dict[str, PlayerState] = {}
        for name, role, team in seats:
            if not isinstance(name, str) or not name:
                raise RulesError("every player needs a name")
            if name in players:
                raise RulesError(f"player {name!r} is seated twice")
            players[name] = PlayerState(name, role, self.role_team(role, team, variant))
        problems = self.validate_options(options, list(players))
        if problems:
            raise RulesError(" ".join(p.message for p in problems))
        state = GameState(self.id, variant, options, players, seed=seed, phase=self.FIRST_PHASE)  # type: ignore[arg-type]
        self.prepare(state)
        return state

    def validate_options(self, options: Mapping[str, Any], seated_names: Collection[str]) -> list[OptionProblem]:
        """Every problem of a game's house rules, [] when they are valid.

        ``options`` maps option ids to JSON values; each must be one of
        ``OPTIONS`` and have its declared kind, range or choices (see
        ``Option``); a None value means the default. ``seated_names`` are the
        seated players' game nicknames, which options naming a player (the
        Bonus, FORUM-125) must use. Each problem carries a sentence naming
        the option for the host. Pure and without side effects; override
        (calling this) to add the document's own constraints between options.
        """
        return check_options(self.OPTIONS, options, seated_names)

    def prepare(self, state: GameState) -> None:
        """Hook: check the seating and fill ``state.memory`` before play.

        Raises ``RulesError`` when the rules forbid the seating.
        """

    def draw_roles(self, names: list[str], composition: dict[str, int], seed: int) -> list[tuple[str, str]]:
        """A blind random draw: (nickname, role id) pairs in ``names`` order.

        Deterministic for a given ``seed``. Raises ``RulesError`` when the
        composition does not sum to the number of players or names a role
        this ruleset lacks.
        """
        deck: list[str] = []
        for role, count in composition.items():
            if role not in self.ROLES:
                raise RulesError(f"unknown role {role!r} in ruleset {self.id}")
            deck.extend([role] * int(count))
        if len(deck) != len(names):
            raise RulesError(f"the composition has {len(deck)} roles for {len(names)} players")
        random.Random(seed).shuffle(deck)
        return list(zip(names, deck, strict=True))

    def draw_seats(self, names: list[str], composition: dict[str, int], seed: int) -> list[tuple[str, str, str | None]]:
        """A blind draw as seats (nickname, role id, team id or None for the
        role's default team), ready for ``new_game``. Rulesets whose roles
        may belong to several teams override it to deal the teams."""
        return [(name, role, None) for name, role in self.draw_roles(names, composition, seed)]

    # ------------------------------------------------------------- resolution

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """Resolve one phase and return its ``Outcome`` (``state`` untouched).

        ``seed`` feeds any randomness of this phase; by default it derives
        from the game's seed and the number of phases played, so a replay
        with the same seed is identical.
        """
        if step.phase not in self.PHASES:
            raise RulesError(f"phase {step.phase!r} is not one of {sorted(self.PHASES)} in ruleset {self.id}")
        new = state.copy()
        new.phase = step.phase
        rng = PhaseRandom(seed if seed is not None else (state.seed * 1_000_003 + state.steps_played))
        if step.phase == "day" and state.steps_played > 0 and state.phase == "night":
            new.day += 1  # a day after a night opens the next game day
        outcome = Outcome(new)
        if state.winner is not None:
            for action in step.actions:
                outcome.reject(action, "game_over", self.message("game_over"))
            return outcome
        if step.phase == "night":
            ordered = self.canonical_order(state, step.actions)
            if type(step) is PhaseInput:
                step = PhaseInput("night", ordered, step.votes, step.nominations, step.revote, step.extra)
            else:
                # ``dataclasses.replace`` without its per-field bookkeeping.
                step = type(step)(**{**step.__dict__, "actions": ordered})
            settled = self.resolve_night(outcome, step, rng)
        elif step.phase == "day":
            settled = self.resolve_day(outcome, step, rng)
        else:
            settled = getattr(self, f"resolve_{step.phase}")(outcome, step, rng)
        new.steps_played += 1
        if new.winner is None and settled is not True:
            new.winner = self.check_winner(new)
        if new.winner is not None:
            outcome.announce("winner", f"The game is over: {new.winner} wins.", None, None)
        return outcome

    def canonical_order(self, state: GameState, actions: list[Action]) -> list[Action]:
        """``actions`` sorted by their owner: players in seat order, then teams
        by id, then anything else (an unknown name, left for validation to
        refuse) by name.

        Every document here collects all night choices before the host
        resolves them, so the order in which different players handed theirs
        in must not change the outcome. The sort is stable and the owner is
        ``choice_key(action)[0]``: the choices of one owner keep their order,
        so "a later choice replaces an earlier one" still holds (piter A-22,
        werewolf18's knife by any werewolf, cosmo COSMO-019).
        """
        if len(actions) < 2:
            return list(actions)  # nothing to order
        players = state.players
        seats: list[str] | None = None  # the names in seat order, listed at the first seated owner
        plain = type(self).choice_key is Ruleset.choice_key  # the owner is ``action.who``
        choice_key = self.choice_key
        ranks: list[tuple[int, int, str]] = []
        for action in actions:
            if plain:
                owner = action.actor if action.actor is not None else f"team:{action.team}"
            else:
                owner = choice_key(action)[0]
            if owner in players:
                if seats is None:
                    seats = list(players)
                # A night holds a few choices: each seat found in C costs less than an index of every seat.
                ranks.append((0, seats.index(owner), ""))
            else:
                ranks.append((1, 0, owner) if owner.startswith("team:") else (2, 0, owner))
        order = sorted(range(len(actions)), key=ranks.__getitem__)  # stable, as ``sorted`` by rank
        return [actions[i] for i in order]

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool | None:
        """Resolve a day in place on ``outcome.state``.

        May return True when it has run ``check_winner``'s test itself
        after the day's last change and found no winner: ``resolve`` then
        does not run it again. Any other return value (None) lets
        ``resolve`` run it. The same holds for ``resolve_night`` and
        ``resolve_setup``.
        """
        raise NotImplementedError

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool | None:
        """Resolve a night in place on ``outcome.state`` (the return value
        as for ``resolve_day``)."""
        raise NotImplementedError

    def check_winner(self, state: GameState) -> str | None:
        """The winning team id, ``draw``, or None while the game goes on."""
        raise NotImplementedError

    # ------------------------------------------------------------- validation

    def message(self, reason: str) -> str:
        """The sentence a player reads for a rejection ``reason``."""
        return self.MESSAGES.get(reason) or MESSAGES.get(reason) or reason.replace("_", " ").capitalize() + "."

    def abilities_of(self, state: GameState, name: str) -> tuple[str, ...]:
        """Ability ids the player's current role holds (individual ones)."""
        role = self.ROLES.get(state.players[name].role)
        return role.abilities if role else ()

    def team_abilities(self, state: GameState, team: str) -> tuple[str, ...]:
        """Collective ability ids of ``team`` (from its members' roles)."""
        found: list[str] = []
        for p in state.team_members(team):
            for ab in self.abilities_of(state, p.name):
                if self.ABILITIES[ab].team and ab not in found:
                    found.append(ab)
        return tuple(found)

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
            player = state.players[target]
            if ability.target_rule == "out":
                if player.alive:
                    return "not_out"
                continue
            if not player.alive:
                return "target_not_alive"
            if ability.target_rule == "other_alive" and target == action.actor:
                return "self_target"
            if ability.target_rule == "self" and target != action.actor:
                return "not_self"
        owner = self.counter_owner(state, action)
        if owner is not None:
            if (
                ability.per_game_limit is not None
                and owner.counters.get(f"uses:{ability.id}", 0) >= ability.per_game_limit
            ):
                return "used_up"
            if ability.per_target_limit is not None:
                for target in targets:
                    if owner.counters.get(f"{ability.id}:{target}", 0) >= ability.per_target_limit:
                        return "target_limit"
        return None

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
        validate, choice_key = self.validate, self.choice_key
        # ``conflict`` is asked only where a ruleset says something else than None.
        conflict = None if type(self).conflict is Ruleset.conflict else self.conflict
        for action in actions:
            reason = validate(state, action, phase)
            if not reason:
                reason = None if conflict is None else conflict(kept, action)
            if reason is not None:
                outcome.reject(action, reason, self.message(reason))
                continue
            key = choice_key(action)
            if key in kept:
                outcome.note(
                    "validate",
                    "void",
                    f"{action.who}'s earlier {action.ability} is replaced by a later one.",
                    kept[key],
                )
            kept.pop(key, None)
            kept[key] = action
        return list(kept.values())

    # ------------------------------------------------------------ simulation

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

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """A random phase of legal-looking play, for simulations and
        property tests: every slot acts with probability 0.8 on a random
        legal target; every living player votes by day."""
        actions: list[Action] = []
        for slot in self.action_slots(state, phase):
            if rng.random() > 0.8:
                continue
            target: Any = None
            if slot.targets == 1 and slot.candidates:
                target = rng.choice(slot.candidates)
            elif slot.targets == 2:
                pool = [c for c in slot.candidates if c != slot.actor]
                if len(pool) < 2:
                    continue
                target = rng.sample(pool, 2)
            actions.append(Action(slot.ability, slot.actor, slot.team, target))
        step = PhaseInput(phase, actions)  # type: ignore[arg-type]
        if phase == "day":
            alive = state.alive_names()
            if len(alive) > 1:
                # Each votes for somebody else.
                step.votes = {v: rng.choice([n for n in alive if n != v]) for v in alive}
            else:
                step.votes = {v: rng.choice(alive) for v in alive}
        return step

    def play_slots(
        self, state: GameState, phase: str
    ) -> list[tuple[str, tuple[str, ...], str | None, str | None, int]]:
        """``action_slots`` as plain tuples of their fields (ability,
        candidates, actor, team, targets), in the same order."""
        return [(s.ability, s.candidates, s.actor, s.team, s.targets) for s in self.action_slots(state, phase)]

    def next_phase(self, state: GameState) -> str:
        """The phase that follows the last resolved one."""
        if state.steps_played == 0:
            return self.FIRST_PHASE
        return "night" if state.phase == "day" else "day"

    # ------------------------------------------------------------ the web day

    def schedule_entry(self, entry_id: str) -> ScheduleEntry:
        """The ``SCHEDULE`` entry ``entry_id``; ``RulesError`` if unknown."""
        for entry in self.SCHEDULE:
            if entry.id == entry_id:
                return entry
        raise RulesError(f"no schedule entry {entry_id!r} in ruleset {self.id}")

    def phase_schedule(self, state: GameState, phase: str, vote_round: int = 1) -> tuple[ScheduleEntry, ...]:
        """The deadlines of the ``phase`` (``setup``, ``day`` or ``night``)
        about to open on ``state``, in order: by default the ``SCHEDULE``
        entries that close it (the opening entry aside). ``vote_round`` > 1:
        a further lynch vote of the same day, which a ruleset whose
        ``next_phase`` repeats the day declares (classic CLASSIC-066). A
        ruleset whose deadlines depend on the game overrides, usually with
        ``relative`` entries (classic: hours per living player, CLASSIC-010;
        the deciding vote, CLASSIC-044). Raises ``RulesError`` for a round
        the ruleset does not hold."""
        if vote_round != 1:
            raise RulesError(f"ruleset {self.id} holds one vote a day, not round {vote_round}")
        return tuple(e for e in self.SCHEDULE if e.closes == phase and e.id != self.OPENING)

    def phase_opens(self, phase: str) -> str:
        """The local wall time ``"HH:MM"`` at which a ``phase`` that follows
        a resolution opens, when the document has it wait (werewolf18's
        discussion thread opens on the morning of A with the morning report,
        WW18-072); "" (the default) opens it at once. Asked on wall-clock
        schedules only: fast games and ``SCHEDULE_RELATIVE`` open at once."""
        return ""

    def may_vote(self, state: GameState, name: str) -> bool:
        """True when ``name`` may post a ballot in today's vote thread at
        all (whether it counts is ``ballot_refusal`` and the day's law):
        the players still in the game by default; classic's deciding vote
        gives it to the last honest player out (CLASSIC-044) and only to
        the two survivors besides him."""
        player = state.players.get(name)
        return player is not None and player.alive

    def phase_close_date(self, phase: str, number: int, opened: datetime) -> date | None:
        """The local date of the first wall-clock deadline of ``phase``
        number ``number`` opened at ``opened`` (aware, in the game's time
        zone); the phase's later deadlines follow it. None (the default)
        keeps the first occurrence of that deadline's time after the
        opening. A ruleset whose phases span several dates overrides: a
        werewolf18 day thread opens on the morning of A and closes on the
        evening of A+1, or A+2 at weekends, never on day 1 (WW18-072).
        Only wall-clock schedules ask it: fast games and
        ``SCHEDULE_RELATIVE`` keep their offsets."""
        return None

    def choice_closes(self, ability: str, phase: str) -> str:
        """The id of the ``SCHEDULE`` entry whose deadline closes choices of
        ``ability`` in ``phase``: the phase's first deadline by default (the
        forum's day roles by 14:00, FORUM-012). A ruleset whose roles have
        deadlines of their own overrides (werewolf18's witch answers half an
        hour after the others, WW18-071). "" when the phase has none."""
        for entry in self.SCHEDULE:
            if entry.closes == phase and entry.id != self.OPENING:
                return entry.id
        return ""

    def interim_feedback(self, state: GameState, step: PhaseInput, closed: str) -> list[Feedback]:
        """Private results due when the deadline ``closed`` fires before its
        phase resolves, from the choices ``step`` handed in so far: a role
        acting later learns an earlier result (werewolf18's witch is told
        whom the wolves knifed before she answers, WW18-023). None by
        default."""
        return []

    def coming_day(self, state: GameState) -> int:
        """The number of the game day a day step resolved now would be:
        ``state.day``, plus one after a night (``resolve`` opens the next
        game day then). The web app's day counts use it before resolving."""
        return state.day + 1 if state.steps_played > 0 and state.phase == "night" else state.day

    def day_procedure(self, state: GameState) -> DayProcedure:
        """The vote law of the game day ``state`` is in (``DAY`` by default;
        a ruleset whose days differ, such as an election day, overrides)."""
        return self.DAY

    def vote_choices(self, state: GameState, voter: str, ballots: Sequence[Ballot] = ()) -> list[str]:
        """The nicknames ``voter`` may name in a vote post today: the living
        in seat order (himself too where ``self_vote`` allows), or, where
        the day has nominations, the candidates of ``ballots`` in the order
        they were named (PITER-012, COSMO-008), or those the host put to
        the vote (CLASSIC-011)."""
        procedure = self.day_procedure(state)
        pool = self.nominees(state, ballots) if procedure.nominations_until else state.alive_names()
        if procedure.host_candidates:
            pool = day_rules.listed(ballots, pool) or pool
        return [n for n in pool if procedure.self_vote or n != voter]

    def nominees(self, state: GameState, ballots: Sequence[Ballot]) -> list[str]:
        """Today's candidates: the living named by nomination ballots, each
        once at its first place (PITER-010, COSMO-007); [] without any."""
        return day_rules.nominees(ballots, state.alive_names())

    def nomination_open_to(self, state: GameState, nominator: str, ballots: Sequence[Ballot]) -> str | None:
        """Why ``nominator`` may not name a candidate now, as a message code
        (``message``), or None: one nomination per living player
        (PITER-010). A ruleset with silenced players overrides."""
        if any(b.round == day_rules.NOMINATE and b.voter == nominator for b in ballots):
            return "already_nominated"
        return None

    def speech_refusal(self, state: GameState, name: str) -> str | None:
        """Why ``name`` may not post in today's public threads (a message
        code for ``message``), or None. Whether he is alive is the web
        app's check; a ruleset that silences players overrides (piter's
        discredited player PITER-021, cosmo's silenced player COSMO-047)."""
        return None

    def last_words_given(self, outcome: Outcome) -> list[str]:
        """The players ``outcome`` gives a right to leave last words, sent
        until the ``LAST_WORDS_DUE`` deadline that follows (WW18-016).
        None by default."""
        return []

    def acceleration_agreed(self, asked: int, alive: int) -> bool:
        """True when ``asked`` of the ``alive`` living players asking for
        the ``ACCELERATION`` is enough: more than half of them (WW18-068)."""
        return asked * 2 > alive

    def vote_change_refusal(self, state: GameState) -> str | None:
        """Why no vote may be changed today whatever the change law says (a
        message code for ``message``), or None (the default): werewolf18
        refuses every change in an accelerated game (WW18-068)."""
        return None

    def penalty_fields(self, given: Sequence[tuple[str, str]], phase: str) -> dict[str, Any]:
        """The step fields carrying the deferred penalties (``DEFERRED_PENALTIES``)
        the host gave during a ``phase``: ``given`` is (kind, nickname) pairs
        in the order given. {} where the phase takes none (the web app then
        refuses them)."""
        return {}

    def defence_extra_post(self, state: GameState, name: str) -> GameState | None:
        """The state after the candidate ``name`` spends one more defence
        post than the day's one, or None where he has none left (piter's
        extra minute, once a game with the ``extra_minutes`` option,
        PITER-122). None by default."""
        return None

    def ballot_refusal(self, state: GameState, voter: str) -> str | None:
        """Why the living ``voter`` may not vote today (a message code), or
        None; a ruleset where a silence takes the vote overrides (cosmo)."""
        return None

    def revote_needed(self, state: GameState, ballots: Sequence[Ballot]) -> tuple[str, ...]:
        """The tied players when the day's vote must be repeated before the
        day resolves (a ``revote_until`` window), else (). The default reads
        the public count's ``tied``; no re-vote where the day declares none."""
        if not self.day_procedure(state).revote_until:
            return ()
        return self.vote_count(state, ballots).tied

    def revote_choices(self, state: GameState, tied: Sequence[str]) -> list[str]:
        """What a re-vote ballot may say: the day's ``revote_words`` (cosmo
        «посадить всех»/«пощадить всех», COSMO-013) or one of ``tied``
        (PITER-017)."""
        words = self.day_procedure(state).revote_words
        return list(words) if words else list(tied)

    def vote_count(self, state: GameState, ballots: Sequence[Ballot]) -> VoteCount:
        """The public vote count of ``ballots`` (in casting order) on the day
        ``state`` is in: each voter's standing ballot under the change law,
        every ballot weighing 1. Public information only: a hidden modifier
        of a vote (a role's extra vote or its removal) shows in the results,
        never here. A ruleset with public weights (a sheriff) overrides."""
        procedure = self.day_procedure(state)
        standing = day_rules.standing(ballots, procedure.change)
        listed = day_rules.listed(ballots, state.alive_names()) if procedure.host_candidates else []
        if listed:
            # CLASSIC-011: a ballot for a player the host did not put to the vote does not count.
            standing = {v: c for v, c in standing.items() if c is None or c in listed}
        return day_rules.count(standing, state.alive_names())

    def day_votes(self, state: GameState, ballots: Sequence[Ballot]) -> dict[str, Any]:
        """The ``PhaseInput`` fields that ``ballots`` (in casting order) give
        the day's resolution: ``votes`` (each voter's standing ballot),
        when a re-vote was cast ``revote``, where the day has nominations
        ``nominations`` (every nomination in casting order, or the host's
        candidates, CLASSIC-011); a ruleset reading the casting
        order itself (werewolf18's ``vote_log``) overrides."""
        procedure = self.day_procedure(state)
        fields: dict[str, Any] = {"votes": day_rules.standing(ballots, procedure.change)}
        revote = day_rules.standing(ballots, procedure.change, "revote")
        if revote:
            fields["revote"] = revote
        if procedure.nominations_until:
            fields["nominations"] = [b.choice for b in ballots if b.round == day_rules.NOMINATE]
        elif procedure.host_candidates and any(b.round == day_rules.LISTED for b in ballots):
            fields["nominations"] = [b.choice for b in ballots if b.round == day_rules.LISTED]
        return fields

    def day_warnings(self, state: GameState, ballots: Sequence[Ballot]) -> list[tuple[str, str]]:
        """What the rules will do at the vote's deadline if nothing changes,
        for the host: (nickname, reason code) pairs, the code read with
        ``message``. None by default; a ruleset with ``AUTOKILLS`` lists them."""
        return []

    def team_rooms(self, state: GameState) -> dict[str, list[str]]:
        """Private rooms the host opens: room key → the living nicknames in
        it. By default one room per team declared with ``room``; a ruleset
        whose roles share a room of their own (the forum's cop and his
        assistant) adds it under a key that is not a team id."""
        return {team.id: [p.name for p in state.team_members(team.id)] for team in self.TEAMS.values() if team.room}

    def apply_penalty(self, state: GameState, kind: str, target: str) -> Outcome:
        """Apply the host's penalty ``kind`` (one of ``PENALTIES``) to
        ``target`` (a nickname, or a team id where the kind takes a team);
        returns an ``Outcome`` whose ``state`` is the new state (``state``
        untouched). The default knows ``disqualify``: the player leaves at
        once, his role announced, and the victory check runs. Raises
        ``RulesError`` for an unknown kind, or a target not in the game."""
        if kind != "disqualify" or kind not in self.PENALTIES:
            raise RulesError(f"ruleset {self.id} has no penalty {kind!r}")
        if target not in state.players or not state.players[target].alive:
            raise RulesError(f"{target!r} is not a player in the game")
        outcome = Outcome(state.copy())
        outcome.remove(target)
        outcome.note("penalty", "effect", f"The host disqualifies {target}: he leaves the game.")
        role = outcome.state.players[target].role
        outcome.announce("disqualified", f"{target} was removed from the game by the host.", target, role)
        outcome.state.winner = self.check_winner(outcome.state)
        return outcome

    # ----------------------------------------------------------- declarations

    def describe(self) -> dict[str, Any]:
        """Everything declarative, as JSON-friendly data for the web app.

        Returns a fresh deep copy on every call: engines are cached and shared
        by every game, so a caller that edits what it is handed must not
        change the rules of other games.
        """
        return copy.deepcopy(self._declarations())

    def _declarations(self) -> dict[str, Any]:
        """The declarations as ``describe`` shows them; the values may be the
        engine's own (``vars`` of frozen dataclasses), so never hand them out
        uncopied. A subclass adds its own keys here."""
        return {
            "id": self.id,
            "title": self.title,
            "document": self.document,
            "variants": list(self.VARIANTS),
            "teams": {k: vars(v) for k, v in self.TEAMS.items()},
            "roles": {
                k: {**vars(v), "teams": list(v.teams), "abilities": list(v.abilities)} for k, v in self.ROLES.items()
            },
            "abilities": {k: vars(v) for k, v in self.ABILITIES.items()},
            "options": {k: vars(v) for k, v in self.OPTIONS.items()},
            "schedule": [vars(s) for s in self.SCHEDULE],
            "order": [list(o) for o in self.ORDER],
            "day": {**vars(self.DAY), "revote_words": list(self.DAY.revote_words)},
            "penalties": self.PENALTIES,
            "autokills": self.AUTOKILLS,
        }
