"""The werewolf18 ruleset: [048]『凤囚凰』, an 18-player forum werewolf game.

Document: ``seeds/004_c4ea105fa104f254.txt``; digest with the rule ids:
``spec/rulesets/werewolf18.md``. Declarations live in ``roles.py`` and
``schedule.py``, the night in ``night.py`` (its ``ORDER`` on top), the day
in ``day.py``, exits in ``exits.py``, the victory check in ``victory.py``.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rulesets.core import (
    Ability,
    Action,
    ActionSlot,
    Ballot,
    Feedback,
    GameState,
    Outcome,
    PhaseInput,
    PlayerState,
    RulesError,
    Ruleset,
    VoteCount,
)
from rulesets.core.day import count
from rulesets.core.rng import PhaseRandom
from rulesets.core.said import said

from . import cards, day, night, roles, schedule, setup, victory
from .choices import PHASES_OF, TEAM_ABILITIES, own_slot, probes, targets_of
from .common import has_skills, revealed, sheriff, werewolf_in_game
from .exits import EXIT_ORDER, Exits, GameEnded, Orders

SURRENDER_CHANCE = 0.02  # random play: how often the whole wolf group gives up


class Werewolf18(Ruleset):
    """[048]『凤囚凰』: three camps, the last undefeated one wins (WW18-050).

    Phases: an optional ``setup`` step (the mixed-blood's support), then
    day 1, night 1, day 2… strictly alternating (digest §6). Step fields:
    ``vote_log`` (ballots in time order) and ``cards`` (the directors' cards).
    STATE carries the extra key ``sheriff``.
    """

    id = "werewolf18"
    title = {
        "ru": "[048] «Фэн цю хуан» (оборотни на 18 игроков)",
        "zh": "[048]『凤囚凰』",
        "en": "[048] Feng Qiu Huang (18-player werewolf)",
    }
    document = "004_c4ea105fa104f254.txt"
    language = "zh"
    # The host is the 法官 of a werewolf game (the document's 导演 organise it).
    HOST_CONTEXT = "werewolf"
    time_zone = schedule.TIME_ZONE  # the forum's UTC+8 (digest §2)
    TEAMS = roles.TEAMS
    TEAM_GROUPS = roles.TEAM_GROUPS
    ROLES = roles.ROLES
    ABILITIES = roles.ABILITIES
    OPTIONS = roles.OPTIONS
    VARIANTS = ()
    SCHEDULE = schedule.SCHEDULE
    WINDOWS = schedule.WINDOWS
    ORDER = night.ORDER
    DAY_ORDER = day.DAY_ORDER
    EXIT_ORDER = EXIT_ORDER
    MIN_PLAYERS = setup.PLAYERS
    MAX_PLAYERS = setup.PLAYERS
    STEP_FIELDS = frozenset({"vote_log", "cards", "posts"})
    PHASES = frozenset({"setup", "day", "night"})
    FIRST_PHASE = "setup"
    MESSAGES = roles.MESSAGES
    # ``actor_reason`` and ``target_filter`` are ``validate`` split in two.
    EXACT_TARGET_CHECKS = True
    ROOM_NAMES = {
        "lovers": {"ru": "Влюблённый и его избранник", "zh": "情痴与爱慕对象", "en": "The lover and the admired"}
    }
    PENALTIES = cards.PENALTIES  # the directors' cards (WW18-069)
    DEFERRED_PENALTIES = frozenset({"card:blue", "card:yellow", "card:red"})
    # «遗言»: sent until an hour before the next thread opens (WW18-016, §2).
    LAST_WORDS_DUE = "last_words"
    # «进程加速»: more than half of the living ask (WW18-068).
    ACCELERATION = "accelerated"
    ACCELERATION_RULE = "WW18-068"
    DAY = day.PROCEDURE  # WW18-065, WW18-066

    # ------------------------------------------------------------ the web day

    def phase_close_date(self, phase: str, number: int, opened: dt.datetime) -> dt.date | None:
        """A day's thread opens on the morning of A and closes on the
        evening of A+1, or of A+2 when A..A+1 touches a Saturday or Sunday
        of the game's time zone; day 1 is never extended (WW18-072). The
        night's deadlines follow the day's close (WW18-071)."""
        if phase != "day":
            return None
        return schedule.day_close_date(schedule.thread_date(opened), number)

    def apply_penalty(self, state: GameState, kind: str, target: str) -> Outcome:
        """The host's ``disqualify`` is a red card given at once (红牌罚下,
        WW18-075): ``target`` leaves with no last words, shot or sacrifice,
        a sheriff's badge goes at random (WW18-013, WW18-014), his identity
        stays unpublished (WW18-074), and the victory check runs. The cards
        themselves wait for the phase's end (``DEFERRED_PENALTIES``).
        Returns an ``Outcome`` on a copy of ``state``; raises ``RulesError``
        for another kind or a target not in the game."""
        if kind != "disqualify":
            raise RulesError(f"ruleset {self.id} has no immediate penalty {kind!r}")
        if target not in state.players or not state.players[target].alive:
            raise RulesError(f"{target!r} is not a player in the game")
        outcome = Outcome(state.copy())
        outcome.note("penalty", "effect", said("werewolf18.host_sends_off_once_with", player=target))
        rng = PhaseRandom(state.seed * 1_000_003 + state.steps_played + 500_009)
        try:
            Exits(outcome, Orders(), rng, night=state.phase == "night").red_card(target)
        except GameEnded:
            pass  # the winner is set on the state (WW18-050)
        return outcome

    def last_words_given(self, outcome: Outcome) -> list[str]:
        """The players told ``last_words``: the first four to leave, red
        cards excepted (WW18-016, §9)."""
        return [f.to for f in outcome.feedback if f.result == "last_words"]

    def acceleration_agreed(self, asked: int, alive: int) -> bool:
        """More than half of the living players asked (WW18-068)."""
        return schedule.acceleration_agreed(asked, alive)

    def vote_change_refusal(self, state: GameState) -> str | None:
        """No vote change in an accelerated game (WW18-068)."""
        return "accelerated" if state.option("accelerated") else None

    def choice_closes(self, ability: str, phase: str) -> str:
        """Each order's own deadline (WW18-071): the exit orders (shoot,
        play dumb, pass the badge) 30 minutes after the vote; guard, check,
        admire and the knives an hour after; the witch's potions an hour and
        a half after, once she knows the knife; surrender with the phase."""
        minutes = schedule.ACTION_WINDOW.get(ability)
        if phase == "day":
            return "exit_orders"
        if phase == "night":
            return "witch" if minutes is None or minutes > 60 else "night_actions"
        return super().choice_closes(ability, phase)

    def choice_opens(self, ability: str, phase: str) -> str:
        """The document's order (行动时限, WW18-071): the exit orders open
        when the vote closes, the witch's potions when the knives close
        (``schedule.choice_opens``)."""
        return schedule.choice_opens(ability, phase)

    def phase_opens(self, phase: str) -> str:
        """The discussion thread opens on the morning of A (10:00) with the
        morning report, not when the night resolves (WW18-072, §2)."""
        return schedule.DAY_OPENS if phase == "day" else ""

    def interim_feedback(self, state: GameState, step: PhaseInput, closed: str) -> list[Feedback]:
        """When the knives close (``night_actions``), the witch who still
        holds her antidote is told whom the wolves and the white wolf
        knifed (通灵, WW18-023): the night's own resolution of the choices
        handed in so far, its witch results only."""
        if closed != "night_actions" or step.phase != "night":
            return []
        witches = {w.name for w in state.with_role("witch")}
        outcome = self.resolve(
            state, PhaseInput("night", [a for a in step.actions if a.ability not in ("save", "poison")])
        )
        return [f for f in outcome.feedback if f.to in witches and f.result == "attacked"]

    # 潜水: «在未加快进程的单个讨论日不足五帖、或连续三个讨论日均不足十帖» earns a
    # yellow card (判罚依据 5, 玩家须知 2); the host's dashboard flags a day under five.
    POST_MINIMUM = day.POSTS_A_DAY
    POSTS_COUNTED = True

    def post_fields(self, posts: Mapping[str, int], phase: str) -> dict[str, Any]:
        """A day's ``posts`` field: nickname → posts written in the day's
        public threads (the discussion and the vote thread), read by the
        automatic yellow card for too few posts (潜水, ``day.post_cards``)."""
        return {"posts": dict(posts)} if phase == "day" else {}

    def penalty_fields(self, given: Sequence[tuple[str, str]], phase: str) -> dict[str, Any]:
        """The cards given during a day or a night as its ``cards`` step
        field, in order (WW18-069); none in the set-up step."""
        cards = [{"player": target, "card": kind.removeprefix("card:")} for kind, target in given]
        return {"cards": cards} if phase in ("day", "night") and cards else {}

    def team_rooms(self, state: GameState) -> dict[str, list[str]]:
        """The wolf pack's room (狼人阵营) and, once the lover has named his
        admired player (WW18-036), ``lovers``: the lover and that player,
        living ones only."""
        rooms = super().team_rooms(state)
        for lover in state.with_role("lover"):
            admired = state.players.get(lover.counters.get("admired", ""))
            if admired is not None:
                rooms["lovers"] = [p.name for p in (lover, admired) if p.alive]
        return rooms

    def may_vote(self, state: GameState, name: str) -> bool:
        """A player in the game who is not a revealed idiot: «发动此技能后，白痴…
        不能参与投票» (WW18-034); he is offered no ballot, not even an abstention."""
        player = state.players.get(name)
        return player is not None and player.alive and not revealed(player)

    def ballot_refusal(self, state: GameState, voter: str) -> str | None:
        """``revealed_idiot`` for a revealed idiot, who has lost his vote (WW18-034)."""
        player = state.players.get(voter)
        return "revealed_idiot" if player is not None and revealed(player) else None

    def vote_choices(self, state: GameState, voter: str, ballots: Sequence[Ballot] = ()) -> list[str]:
        """Players in the game who are not a revealed idiot (WW18-034, WW18-048);
        none for a revealed idiot, who has lost his vote."""
        if revealed(state.players[voter]):
            return []
        return [p.name for p in state.alive() if not revealed(p)]

    def vote_count(self, state: GameState, ballots: Sequence[Ballot]) -> VoteCount:
        """The public count, the very count the day's resolution makes
        (``day.accepted_ballots``): each voter's vote or his one change, no
        change at all once the game is accelerated (所有改票作废, WW18-068),
        the sheriff's ballot weighing 1.5 from day 2 (WW18-047, the badge
        being public), abstentions listed; ``notes`` name the sheriff and
        each voter whose change the acceleration voided."""
        day_number = self.coming_day(state)
        entries = [(b.voter, b.choice) for b in ballots if b.round == "vote" and b.voter in state.players]
        entries = [(v, t) for v, t in entries if t is None or t in state.players]
        accepted, verdicts = day.accepted_ballots(state, entries)
        weights = day.ballot_weights(state, day_number)
        voters = [p.name for p in state.alive() if not revealed(p)]
        result = count(accepted.final, voters, weights)
        if weights:
            result.notes.append(("sheriff_weight", next(iter(weights))))
        # The ballot log lists every post as cast; a change the acceleration
        # voided is named beside the count, so no reader counts it.
        for voter in dict.fromkeys(v.voter for v in verdicts if v.reason == "accelerated"):
            result.notes.append(("change_void", voter))
        return result

    def day_votes(self, state: GameState, ballots: Sequence[Ballot]) -> dict[str, Any]:
        """The ballots in casting order as ``vote_log``: the engine applies the one
        change and "first to reach the top" itself (WW18-065, WW18-046)."""
        log = [{"voter": b.voter, "target": b.choice} for b in ballots if b.round == "vote"]
        return {"votes": {}, "extra": {"vote_log": log}}

    # ------------------------------------------------------------------ setup

    def default_variant(self, n_players: int) -> str | None:
        """No variants: the document has one deal."""
        return None

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """The 18-player deal (WW18-001); ``RulesError`` for other counts."""
        return setup.composition(n_players)

    def prepare(self, state: GameState) -> None:
        """Check the deal under ``enforce_setup`` and start the memory."""
        if state.option("enforce_setup"):
            setup.check_deal(state)
        state.memory.setdefault("sheriff", None)
        state.memory.setdefault("last_words", 0)

    # ------------------------------------------------------------- resolution

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """Resolve one step (see ``Ruleset.resolve``); STATE gains ``sheriff``.

        Raises ``RulesError`` when the setup step is not first or when day
        and night do not alternate (digest §6).
        """
        self._check_step(state, step)
        if state.winner is not None:
            outcome = self._after_the_end(state, step)
        else:
            outcome = super().resolve(state, step, seed)
        outcome.extra_state["sheriff"] = sheriff(outcome.state)
        return outcome

    def _check_step(self, state: GameState, step: PhaseInput) -> None:
        """Digest §6: setup first, then day and night alternate; ``vote_log``
        is a day field and ``cards`` a day or night field."""
        if step.phase == "setup" and state.steps_played:
            raise RulesError("the setup step can only be the first step")
        if state.steps_played and state.phase == step.phase:
            raise RulesError(f"two {step.phase} steps in a row: day and night must alternate")
        allowed = {"setup": set(), "night": {"cards"}, "day": {"cards", "vote_log", "posts"}}[step.phase]
        misplaced = set(step.extra) - allowed
        if misplaced:
            raise RulesError(f"field(s) {sorted(misplaced)} do not belong in a {step.phase} step")

    def _after_the_end(self, state: GameState, step: PhaseInput) -> Outcome:
        """Every action and ballot is refused once the game is over; nothing changes."""
        outcome = Outcome(state.copy())
        ballots = [Action("vote", actor=v, target=t) for v, t in day.ballot_entries(step, state)]
        for action in [*step.actions, *ballots]:
            outcome.reject(action, "game_over", self.message("game_over"))
        return outcome

    def resolve_setup(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """Step 0: the mixed-blood's support (WW18-042, WW18-005)."""
        actions = self.accept(outcome, step.actions, "setup")
        for action in actions:
            self.count_use(outcome.state, action)
        setup.apply_support(outcome, actions)

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool:
        """The night, document steps (1)-(8) (``ORDER``). True when the
        victory check followed its last exit (``Ruleset.resolve_day``)."""
        return night.resolve_night(outcome, step, self.accept(outcome, step.actions, "night"), rng)

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> bool:
        """The day (``DAY_ORDER``); ``vote`` actions are ballots. True when
        the victory check followed its last exit (``Ruleset.resolve_day``)."""
        actions = self.accept(outcome, [a for a in step.actions if a.ability != "vote"], "day")
        return day.resolve_day(outcome, step, actions, rng, self.message)

    def check_winner(self, state: GameState) -> str | None:
        """The only undefeated camp in play, else None (WW18-050)."""
        return victory.winner(state)

    # ------------------------------------------------------------- validation

    def abilities_of(self, state: GameState, name: str) -> tuple[str, ...]:
        """The role's abilities, plus ``pass_badge`` for the sheriff (WW18-048)."""
        role = self.ROLES.get(state.players[name].role)
        own = role.abilities if role else ()
        return (*own, "pass_badge") if state.memory.get("sheriff") == name else own  # ``sheriff(state)``

    def team_abilities(self, state: GameState, team: str) -> tuple[str, ...]:
        """Collective ability ids of ``team`` (see ``Ruleset.team_abilities``), read
        from its living members' roles: the badge ``abilities_of`` adds is no team's."""
        found: list[str] = []
        for p in state.players.values():
            if p.alive and p.team == team:
                for ab in TEAM_ABILITIES.get(p.role, ()):
                    if ab not in found:
                        found.append(ab)
        return tuple(found)

    def phases_of(self, ability: str) -> tuple[str, ...]:
        """Phases in which ``ability`` may be handed in (A17 for orders)."""
        return PHASES_OF[ability]

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """The document's own limits on top of the generic checks (digest §6).

        Returns a reason code (``message(reason)`` is the sentence) or None.
        Raises ``RulesError`` for an unknown ability, player or team.

        In order: the game over, the phase (A17), a ballot (``ballot_reason``)
        or a surrender (``_surrender_reason``); else ``_skill_reason``
        (WW18-028), ``check_action`` (WW18-019, then ``Ruleset.check_action``
        in the ability's declared phase) and ``_document_reason`` (WW18-020,
        WW18-034).
        """
        ability = action.ability
        spec = roles.ABILITIES.get(ability)
        if spec is None:
            raise RulesError(f"unknown ability {ability!r} in ruleset {self.id}")
        if state.winner is not None:
            return "game_over"
        if phase not in PHASES_OF[ability]:  # ``phases_of``
            return "wrong_phase"
        if ability == "vote":
            return day.ballot_reason(state, action.actor, action.target if isinstance(action.target, str) else None)
        if ability == "surrender":
            return self._surrender_reason(state, action)
        return (
            self._skill_reason(state, action)
            or self.check_action(state, action, spec.phase)
            or self._document_reason(state, action)
        )

    def actor_reason(self, state: GameState, probe: Action, phase: str) -> str | None:
        """The checks of ``validate`` that do not look at the target (see
        ``Ruleset.actor_reason``): game over, phase, the voter, the skills,
        the actor or team holding the ability."""
        if state.winner is not None:
            return "game_over"
        if phase not in PHASES_OF[probe.ability]:  # ``phases_of``
            return "wrong_phase"
        if probe.ability == "vote":
            return day.ballot_reason(state, probe.actor, None)
        if probe.ability == "surrender":
            return None
        reason = self._skill_reason(state, probe) or self.check_actor(state, probe, self.ABILITIES[probe.ability].phase)
        if reason is None and probe.ability == "kill":
            # ``check_action``'s WW18-019 and ``_document_reason``'s WW18-020 never look at the target.
            if probe.team == "wolves" and not werewolf_in_game(state):
                return "no_werewolf"
            if victory.wolves_defeated(state):
                return "camp_defeated"
        return reason

    def target_reason(self, state: GameState, action: Action, phase: str) -> str | None:
        """The checks of ``validate`` that look at the target (see
        ``Ruleset.target_reason``): the ballot's target, the generic target
        rules and limits, the badge never to a revealed idiot (WW18-034)."""
        if action.ability == "vote":
            return day.ballot_reason(state, action.actor, action.target if isinstance(action.target, str) else None)
        if action.ability == "pass_badge" and revealed(state.players[str(action.target)]):
            return "revealed_idiot"  # WW18-034; the knife's camp check (WW18-020) does not look at the target
        return self.check_targets(state, action, self.ABILITIES[action.ability])

    def target_filter(self, state: GameState, probe: Action, phase: str, names: Iterable[str]) -> list[str]:
        """``target_reason`` for all ``names`` at once (see ``Ruleset.target_filter``):
        a ballot names a living player who is no revealed idiot (WW18-011, WW18-034),
        the badge never goes to a revealed idiot (WW18-034), then the generic rules."""
        players = state.players
        if probe.ability == "vote":
            if day.ballot_reason(state, probe.actor, None) is not None:
                return []
            # ``revealed`` inline (WW18-034).
            return [n for n in names if players[n].alive and not players[n].counters.get("revealed")]
        if probe.ability == "pass_badge":
            names = [n for n in names if not players[n].counters.get("revealed")]  # ``revealed``
        return self.check_targets_filter(state, probe, self.ABILITIES[probe.ability], names)

    def _surrender_reason(self, state: GameState, action: Action) -> str | None:
        """Any werewolf may consent, in or out of the game (WW18-012, WW18-017)."""
        if action.actor is None:
            return "not_your_ability"
        if action.actor not in state.players:
            raise RulesError(f"unknown player {action.actor!r}")
        role = self.ROLES.get(state.players[action.actor].role)  # ``abilities_of`` without the badge
        return None if role is not None and "surrender" in role.abilities else "not_your_ability"

    def _skill_reason(self, state: GameState, action: Action) -> str | None:
        """``skills_lost`` for a village skill after the elder's exit (WW18-028)."""
        player = state.players.get(action.actor or "")
        if player is None or not player.alive or action.ability not in roles.VILLAGE_SKILLS:
            return None
        # ``abilities_of`` adds only the badge, which is no village skill: the role's own suffice.
        role = self.ROLES.get(player.role)
        owned = role is not None and action.ability in role.abilities
        return "skills_lost" if owned and not has_skills(state, player) else None

    def _document_reason(self, state: GameState, action: Action) -> str | None:
        """The knife needs an undefeated wolf group (WW18-020); the badge
        never goes to a revealed idiot (WW18-034)."""
        if action.ability == "kill" and victory.wolves_defeated(state):
            return "camp_defeated"
        if action.ability == "pass_badge" and revealed(state.players[str(action.target)]):
            return "revealed_idiot"
        return None

    def check_action(self, state: GameState, action: Action, phase: str) -> str | None:
        """Generic checks, with ``no_werewolf`` for a knife by a wolf camp
        that has no werewolf in the game (WW18-019)."""
        if action.ability == "kill" and action.team == "wolves" and not werewolf_in_game(state):
            return "no_werewolf"
        return super().check_action(state, action, phase)

    def choice_key(self, action: Action) -> tuple[str, str]:
        """The wolves' kill is one choice however it is handed in."""
        return ("team:wolves", "kill") if action.ability == "kill" else (action.who, action.ability)

    # ------------------------------------------------------------ simulation

    def action_slots(self, state: GameState, phase: str) -> list[ActionSlot]:
        """Every choice that may be handed in now, ballots included; out
        werewolves keep ``surrender`` (WW18-012).

        ``validate`` worked out once per state: each slot's candidates are
        ``target_filter`` of the living (tests/rulesets/test_legal_targets.py
        compares the two); a ballot names a living player who is no revealed
        idiot, and only such a player votes (WW18-010, WW18-011, WW18-034).
        """
        if state.winner is not None:
            return []  # ``validate`` answers ``game_over`` to everything (WW18-051)
        alive = state.alive_names()
        ballot = tuple(self._ballot_targets(state)) if phase == "day" else ()
        slots: list[ActionSlot] = []
        teams: set[str] = set()
        for player in state.players.values():
            for ability, spec in probes(player.role, phase, sheriff(state) == player.name, player.alive):
                if spec.team:
                    if player.team in teams:
                        continue
                    teams.add(player.team)
                slots.extend(self._probe_slots(state, phase, player, ability, spec, alive))
            if ballot and player.alive and not revealed(player):
                slots.append(ActionSlot("vote", ballot, player.name, None, 1))
        return slots

    def _probe_slots(
        self, state: GameState, phase: str, player: PlayerState, ability: str, spec: Ability, alive: list[str]
    ) -> list[ActionSlot]:
        """The slots of one of ``player``'s probed abilities: a surrender in
        or out of the game while nobody has won (WW18-012, WW18-017), his
        team's choice, or his own move while he keeps his skills (WW18-028)."""
        if ability == "surrender":
            return [ActionSlot("surrender", (), player.name, None, 0)]
        if spec.team:
            slot = self._team_slot(state, ability, spec, player.team, alive)
        elif spec.targets > 1 or spec.target_rule == "out":
            return self._slot(state, phase, ability, player.name, player.team, alive)
        elif not has_skills(state, player) and ability in roles.VILLAGE_SKILLS:
            return []  # ``skills_lost``: the village's skills went with the elder (WW18-028)
        else:
            names = self._ballot_targets(state) if ability == "pass_badge" else alive
            slot = own_slot(player, ability, spec, names)
        return [slot] if slot is not None else []

    def _team_slot(
        self, state: GameState, ability: str, spec: Ability, team: str, alive: list[str]
    ) -> ActionSlot | None:
        """The slot of ``team``'s collective ``ability`` (the knife), or None: ``actor_reason`` (a living member
        holding it, WW18-019; the knife of an undefeated group, WW18-020)
        and the generic target rule, with no actor whose counters could
        limit it."""
        # ``ability in self.team_abilities(state, team)``, stopping at its first living holder.
        for p in state.players.values():
            if p.alive and p.team == team and ability in TEAM_ABILITIES.get(p.role, ()):
                break
        else:
            return None  # ``not_your_ability``
        if ability == "kill" and ((team == "wolves" and not werewolf_in_game(state)) or victory.wolves_defeated(state)):
            return None  # ``no_werewolf`` or ``camp_defeated``
        legal = targets_of(spec, alive, None)
        return ActionSlot(ability, tuple(legal), None, team, 1) if legal else None

    def _ballot_targets(self, state: GameState) -> list[str]:
        """Whom any ballot may name: living players but a revealed idiot (WW18-011, WW18-034)."""
        return [p.name for p in state.players.values() if p.alive and not p.counters.get("revealed")]  # ``revealed``

    def _slot(
        self, state: GameState, phase: str, ability: str, name: str, team: str, alive: list[str]
    ) -> list[ActionSlot]:
        spec = self.ABILITIES[ability]
        probe = Action(ability, team=team) if spec.team else Action(ability, actor=name)
        if spec.targets == 0:
            return (
                [ActionSlot(ability, (), probe.actor, probe.team, 0)]
                if self.validate(state, probe, phase) is None
                else []
            )
        if spec.targets == 1 and spec.target_rule != "out":
            # ``legal_targets`` with the living found once per ``action_slots``.
            candidates = self.single_targets(state, probe, phase, alive)
        else:
            candidates = self.legal_targets(state, probe, phase)
        return [ActionSlot(ability, tuple(candidates), probe.actor, probe.team, spec.targets)] if candidates else []

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """Random legal play: each choice with probability 0.8, every voter
        votes (one in ten abstains), and now and then a whole-group surrender."""
        slots = self.action_slots(state, phase)
        voters = [str(s.actor) for s in slots if s.ability == "vote"]
        surrenders = [str(s.actor) for s in slots if s.ability == "surrender"]
        actions = [
            Action(s.ability, s.actor, s.team, rng.choice(s.candidates) if s.targets else None)
            for s in slots
            if s.ability not in ("vote", "surrender") and rng.random() < 0.8
        ]
        if rng.random() < SURRENDER_CHANCE:
            actions += [Action("surrender", name) for name in surrenders]
        step = PhaseInput(phase, actions)  # type: ignore[arg-type]
        if phase == "day":
            ballot = self._ballot_targets(state)
            step.votes = {name: None if rng.random() < 0.1 else rng.choice(ballot) for name in voters}
        return step

    def next_phase(self, state: GameState) -> str:
        """``setup`` first, then day 1, night 1, day 2…"""
        if state.steps_played == 0:
            return "setup"
        return "night" if state.phase == "day" else "day"
