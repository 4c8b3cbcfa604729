"""КосмоМафия (Cosmodrome Games), the ruleset ``cosmo``.

Source: ``seeds/003_45db36130e80cc91.txt``; digest ``spec/rulesets/cosmo.md``
(rule ids COSMO-001…061). The package splits into ``roles`` (teams, roles,
abilities), ``setup`` (setup table, options, schedule), ``powers`` (the
sergeant's promotion, the turncoat's conversion), ``night`` (``ORDER`` and
the night resolution), ``day`` (judge, vote, re-vote, coin), ``victory`` and
``play`` (random legal play for simulations).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from rulesets.core import (
    Action,
    DayProcedure,
    GameState,
    Outcome,
    PhaseInput,
    RulesError,
    Ruleset,
)
from rulesets.core.day import NEVER, Ballot
from rulesets.core.said import gettext_noop, said

from . import (
    day,
    messages,  # noqa: F401  (registers the message codes)
    night,
    play,
    powers,
    setup,
    victory,
)
from .night import ORDER
from .roles import ABILITIES, EXCLUSIVE, MAFIA_MEMBERS, ROLES, TEAMS

MESSAGES: dict[str, str] = {
    "team_action": gettext_noop("The mafia chooses its victim only through its members' own kill votes."),
    "one_action_per_night": gettext_noop("You may either check or kill tonight, not both."),
    "silenced": gettext_noop("You are silenced today: you may neither post nor vote (COSMO-047)."),
    "revote_jail": gettext_noop("Jail them all («посадить всех»)"),
    "revote_spare": gettext_noop("Spare them all («пощадить всех»)"),
    "abstention": gettext_noop("You cannot abstain: vote for one of the candidates."),
    "not_candidate": gettext_noop("You can only vote for one of today's candidates."),
    "revote_value": gettext_noop("In the re-vote, choose either to jail all the tied candidates or to spare them all."),
    "not_out": gettext_noop("You can only contact a player who is out of the game."),
    "used_up": gettext_noop("You have already used the judge's power; it works once a game."),
    "not_your_ability": gettext_noop("Your role has no such ability, or not yet."),
}


class CosmoRuleset(Ruleset):
    """The rules engine of КосмоМафия: 6–16 players, no variants.

    Night: ``resolve_night`` (N0–N9 of ``ORDER``). Day: ``resolve_day``
    (judge or vote, re-vote, coin). Victory: ``check_winner`` (§8).
    """

    id = "cosmo"
    title = {"ru": "КосмоМафия", "en": "CosmoMafia", "zh": "太空黑手党"}
    document = "003_45db36130e80cc91.txt"
    language = "ru"
    TEAMS = TEAMS
    ROLES = ROLES
    ABILITIES = ABILITIES
    OPTIONS = setup.OPTIONS
    VARIANTS = ()
    SCHEDULE = setup.SCHEDULE
    VOTE_EXITS = frozenset({"jailed"})  # jailed by the vote or the judge (COSMO-012, COSMO-030)
    WINDOWS = setup.WINDOWS
    OPENING = "acquaintance"  # COSMO-005: an acquaintance night that is not a step
    SCHEDULE_RELATIVE = True  # §2: each deadline is a number of hours into its phase
    ORDER = ORDER
    DAY_ORDER: ClassVar[tuple[tuple[str, str, str], ...]] = day.DAY_ORDER
    MIN_PLAYERS = 6
    MAX_PLAYERS = 16
    STEP_FIELDS = frozenset({"coin"})
    REVOTE_CHOICES = frozenset({"jail", "spare"})
    POST_MINIMUM = 1  # digest §2: every living, non-silenced player posts at least once (the speech)
    # Day vote (digest §2): exactly one vote for a candidate, never changed,
    # no abstention; a tie is re-voted «посадить всех» / «пощадить всех».
    DAY = DayProcedure(
        change=NEVER,
        revote_words=("jail", "spare"),
        rule="COSMO §2",
        nominations_until="discussion",
        votes_from="discussion",
        revote_until="revote",
        # §2 «A post that says Кандидат: NAME nominates NAME» (COSMO-007); the
        # site's own nomination post reads "Candidate: NAME" in English.
        nomination_words=("Кандидат", "Candidate"),
        law={
            "ru": "Ровно один голос за одного из кандидатов; изменить его нельзя, воздержаться нельзя.",
            "zh": "只能投给一名候选人，且恰好一票；不能更改，也不能弃权。",
            "en": "Exactly one vote for a candidate; it cannot be changed and there is no abstention.",
        },
    )
    PHASES = frozenset({"day", "night"})
    # COSMO-005: the acquaintance night has no actions and is not a step.
    FIRST_PHASE = "day"
    MESSAGES = MESSAGES
    # ``actor_reason`` and ``target_filter`` are ``validate`` split in two.
    EXACT_TARGET_CHECKS = True

    # ------------------------------------------------------------------ setup

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """The setup table's deal for ``n_players`` (§9): role id → count.

        ``options["specials"]`` may list special roles (at most one per side
        where the row allows it). Raises ``RulesError`` outside 6–16 players
        or for specials the table refuses.
        """
        return setup.composition(n_players, (options or {}).get("specials", ()))

    def prepare(self, state: GameState) -> None:
        """Refuse doctor with plague doctor (COSMO-004) and, when
        ``enforce_setup_table`` is on, a deal off the table (§9). Raises
        ``RulesError``."""
        setup.check_seating(state)
        state.memory.setdefault("silenced", [])

    ROOM_NAMES = {"chiefs": {"ru": "Комиссар и сержант", "en": "Commissar and sergeant", "zh": "警长与警士"}}

    def team_rooms(self, state: GameState) -> dict[str, list[str]]:
        """The private threads the site opens: ``rooms`` (COSMO-006)."""
        return self.rooms(state)

    def rooms(self, state: GameState) -> dict[str, list[str]]:
        """Private threads opened at the acquaintance night (COSMO-006):
        ``mafia`` (the mafia members and the lunatic) and ``chiefs`` (the
        commissar or sheriff with the sergeant); living players only."""
        return {
            "mafia": [p.name for p in state.alive() if p.role in MAFIA_MEMBERS or p.role == "lunatic"],
            "chiefs": [p.name for p in state.alive() if p.role in {"commissar", "sheriff", "sergeant"}],
        }

    # ------------------------------------------------------------- validation

    def abilities_of(self, state: GameState, name: str) -> tuple[str, ...]:
        """The player's abilities now: a promoted sergeant's inherited ones
        (COSMO-027), a due turncoat's kill vote (COSMO-054)."""
        player = state.players[name]
        if player.role == "sergeant":
            return powers.inherited(state)
        if player.role == "turncoat" and powers.conversion_due(state):
            return ROLES["mafioso"].abilities
        return super().abilities_of(state, name)

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """A reason code refusing ``action`` in ``phase``, or None.

        On top of the generic checks: no team action (§5), and a judge's
        verdict may name nobody (COSMO-031) or one player only. Raises
        ``RulesError`` for unknown players or abilities.
        """
        if action.team is not None:
            return "team_action"
        if action.ability == "judge_verdict" and not action.targets():
            # An empty verdict passes the same checks as a verdict on the judge himself.
            return self.check_action(state, Action(action.ability, action.actor, target=action.actor), phase)
        return self.check_action(state, action, phase)

    def actor_reason(self, state: GameState, probe: Action, phase: str) -> str | None:
        """The checks of ``validate`` that do not look at the target (see
        ``Ruleset.actor_reason``): no team action (§5), the generic actor checks."""
        return "team_action" if probe.team is not None else self.check_actor(state, probe, phase)

    def target_reason(self, state: GameState, action: Action, phase: str) -> str | None:
        """The generic target rules and limits (see ``Ruleset.target_reason``)."""
        return self.check_targets(state, action, ABILITIES[action.ability])

    def target_filter(self, state: GameState, probe: Action, phase: str, names: Iterable[str]) -> list[str]:
        """``target_reason`` for all ``names`` at once (see ``Ruleset.target_filter``)."""
        return self.check_targets_filter(state, probe, ABILITIES[probe.ability], names)

    def conflict(self, kept: dict[tuple[str, str], Action], action: Action) -> str | None:
        """The sheriff's second action of the other kind is refused (COSMO-029);
        a later one of the same kind replaces the earlier (COSMO-019)."""
        return _conflict(kept, action)

    # ------------------------------------------------------------- resolution

    def resolve(self, state: GameState, step: PhaseInput, seed: int | None = None) -> Outcome:
        """One step (see ``Ruleset.resolve``). After the game is won, the
        day's ballots are refused with ``game_over`` like every other action
        (§8: «all their actions are rejected with reason game_over»)."""
        outcome = super().resolve(state, step, seed)
        if state.winner is not None:
            for ability, ballots in (("vote", step.votes), ("revote", step.revote)):
                for voter, choice in (ballots or {}).items():
                    action = Action(ability, actor=voter, target=choice)
                    outcome.reject(action, "game_over", self.message("game_over"))
        return outcome

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """N0 (promotion, conversion), then the night's accepted actions in ``ORDER``."""
        powers.open_night(outcome)
        night.resolve(outcome, self.accept(outcome, step.actions, "night"))

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """The judge's verdict or the vote (§7). Raises ``RulesError`` for a
        ``coin`` other than ``jail``/``spare``."""
        coin = step.extra.get("coin")
        if coin is not None and coin not in day.COIN_SIDES:
            raise RulesError(f"coin must be one of {day.COIN_SIDES}, not {coin!r}")
        verdicts = [a for a in self.accept(outcome, step.actions, "day") if a.ability == "judge_verdict"]
        verdict = verdicts[0] if verdicts else None
        if verdict is not None:
            self.count_use(outcome.state, verdict)

        def reject(action: Action, reason: str) -> None:
            outcome.reject(action, reason, self.message(reason), step="vote")

        day.resolve(outcome, step, verdict, reject, rng)
        for late in verdicts[1:]:
            # One vote is cancelled once (COSMO-031): a second judge's card stays unused.
            text = said("cosmo.day_vote_was_already_cancelled", player=verdicts[0].actor)
            outcome.note("verdict", "void", text, late)

    def check_winner(self, state: GameState) -> str | None:
        """§8: ``draw``, ``town``, ``mafia``, ``maniac`` or None."""
        return victory.winner(state)

    # ------------------------------------------------------------ helpers

    def tied_candidates(self, state: GameState, step: PhaseInput) -> list[str]:
        """Candidates tied for the most votes; non-empty means a re-vote is due (COSMO-013)."""
        return day.tied_candidates(state, step)

    def silenced(self, state: GameState) -> list[str]:
        """Players who may neither post nor vote in the coming day (COSMO-047)."""
        return day.silenced(state)

    def choice_closes(self, ability: str, phase: str) -> str:
        """The judge may reveal himself in the discussion or in the vote
        (digest §2, COSMO-016), so his verdict is due with the vote."""
        if ability == "judge_verdict":
            return "vote"
        return super().choice_closes(ability, phase)

    def speech_refusal(self, state: GameState, name: str) -> str | None:
        """``silenced`` for the mafia boss's target: he may neither post nor
        vote today (COSMO-047)."""
        return "silenced" if name in day.silenced(state) else None

    def ballot_refusal(self, state: GameState, voter: str) -> str | None:
        """A silenced player does not vote (COSMO-047)."""
        return self.speech_refusal(state, voter)

    def nomination_open_to(self, state: GameState, nominator: str, ballots: Sequence[Ballot]) -> str | None:
        """A silenced player names nobody (COSMO-047); one candidate per
        player's speech (COSMO-007)."""
        return self.speech_refusal(state, nominator) or super().nomination_open_to(state, nominator, ballots)

    def random_step(self, state: GameState, phase: str, rng: random.Random) -> PhaseInput:
        """Random legal play (see ``play``)."""
        return play.random_step(self, state, phase, rng)


def _conflict(kept: dict[tuple[str, str], Action], action: Action) -> str | None:
    """``one_action_per_night`` when the actor already handed in the other
    of check/kill tonight (COSMO-029)."""
    if action.ability not in EXCLUSIVE or action.actor is None:
        return None
    others = EXCLUSIVE - {action.ability}
    return "one_action_per_night" if any((action.actor, o) in kept for o in others) else None


RULESET = CosmoRuleset()
