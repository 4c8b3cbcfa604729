"""Day resolution of the Piter ruleset: the Day and the Evening after it.

The evening holds the nominations («выдвижение»), one vote, the re-vote of a
tie, the Ghost's pick (PITER-093) and the non-consolidated vote rule
(PITER-094), then the judge's sentence (PITER-050), the conversions
(PITER-060, PITER-061) and the evening checks (PITER-080).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulesets.core import Action, GameState, Outcome, PhaseInput, RulesError
from rulesets.core.said import said

from .departures import convert, leave
from .validation import MESSAGES, action_reason, ballot_reason


@dataclass
class Round:
    """One counted vote: ``candidates`` in nomination order, ``ballots`` the
    effective vote of every living player (voter → candidate), ``refused``
    the rejected ballots (voter, target, reason), ``defaulted`` the voters
    whose vote went to the last candidate (PITER-015)."""

    candidates: list[str]
    ballots: dict[str, str] = field(default_factory=dict)
    refused: list[tuple[str, str | None, str]] = field(default_factory=list)
    defaulted: list[str] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        """Candidate → votes, in nomination order."""
        return {c: sum(v == c for v in self.ballots.values()) for c in self.candidates}

    def leaders(self) -> list[str]:
        """The candidates with the most votes, in nomination order."""
        totals = self.totals()
        top = max(totals.values())
        return [c for c, n in totals.items() if n == top]


def count_round(state: GameState, raw: dict[str, str | None] | None, candidates: list[str], off_list: str) -> Round:
    """Count ``raw`` (voter → name or None) among ``candidates`` without
    touching ``state``. A refused or missing ballot goes to the last
    candidate (PITER-015; in a re-vote, the tied player nominated last,
    PITER-017). ``off_list`` is the reason for a name outside the list."""
    result = Round(list(candidates))
    for voter, target in (raw or {}).items():
        reason = ballot_reason(state, voter, target, candidates, off_list)
        if reason is not None:
            result.refused.append((voter, target, reason))
        elif target is not None:
            result.ballots[voter] = target
    for player in state.alive():
        if player.name not in result.ballots:
            result.ballots[player.name] = candidates[-1]
            result.defaulted.append(player.name)
    return result


def nominees(state: GameState, nominations: list[str] | None) -> list[str]:
    """The valid nominees in order: living, each once at its first place (PITER-010, PITER-019)."""
    found: list[str] = []
    for name in nominations or []:
        if state.players[name].alive and name not in found:
            found.append(name)
    return found


def resolve_day(outcome: Outcome, step: PhaseInput) -> None:
    """Resolve one day step in place on ``outcome`` (digest §7.2)."""
    state = outcome.state
    state.memory["day"] = state.memory.get("day", 0) + 1
    pick = _ghost_pick(outcome, step)
    listed = nominees(state, step.nominations)
    _note_nominations(outcome, step.nominations or [], listed)
    defeated = _vote(outcome, step, listed, pick) if listed else _no_vote(outcome, step)
    _sentence(outcome)
    # A conversion follows the cause its rule names (PITER-060, PITER-061):
    # the clan's technical defeat is the end of the mafia, not a mafioso
    # leaving the game, so it turns no werewolf (PITER-094).
    convert(outcome, [name for name in outcome.out if name not in defeated])
    seats = list(state.players)
    outcome.out.sort(key=seats.index)  # digest §3: ``out_this_step`` lists players in seat order
    for key, value in (("ghosts", []), ("non_consolidated", False), ("silenced", []), ("sentenced", [])):
        state.memory[key] = value  # the Ghost, the silence and the sentence end with the evening


def _note_nominations(outcome: Outcome, raw: list[str], listed: list[str]) -> None:
    """Trace the nominations and the names ignored (PITER-010, PITER-019)."""
    ignored = [n for i, n in enumerate(raw) if n not in listed or raw.index(n) != i]
    nominated = said("piter.nominated_order", names=", ".join(listed)) if listed else said("piter.nominated_nobody")
    outcome.note("nominations", "info", nominated)
    if ignored:
        outcome.note(
            "nominations",
            "void",
            said("piter.ignored_nominations", names=", ".join(ignored)),
        )
    if listed:
        outcome.announce("nominees", said("piter.nominees", names=", ".join(listed)))


def _ghost_pick(outcome: Outcome, step: PhaseInput) -> Action | None:
    """The first valid ``ghost_pick`` of an active Ghost (PITER-092); every
    other day action is rejected (digest §7.2 step 1)."""
    pick: Action | None = None
    for action in [*step.actions, *_field_picks(outcome, step.extra.get("ghost_pick"))]:
        reason = action_reason(outcome.state, action, "day")
        if reason is None and pick is not None:
            reason = "duplicate_action"
        if reason is not None:
            outcome.reject(action, reason, MESSAGES[reason])
            continue
        pick = action
        outcome.note(
            "ghost",
            "info",
            said("piter.ghost_names_counts_only_tie", player=action.actor, player2=action.targets()[0]),
            action,
        )
    return pick


def _field_picks(outcome: Outcome, value: Any) -> list[Action]:
    """The step field ``ghost_pick`` as actions: a target name or
    ``{"target": X}`` (picked by the first player a Ghost can be left from),
    ``{"actor": G, "target": X}``, ``{G: X}``, or a list of these. Raises ``RulesError`` for
    another shape or an unknown name (PITER-092, PITER-093)."""
    if value is None:
        return []
    ghosts = outcome.state.memory.get("ghosts", [])
    if isinstance(value, list):
        return [pick for item in value for pick in _field_picks(outcome, item)]
    if isinstance(value, str):
        value = {"target": value}
    if not isinstance(value, dict):
        raise RulesError(f"ghost_pick must be a name or an object: {value!r}")
    if "target" in value and set(value) <= {"actor", "target"}:
        value = {value.get("actor") or (ghosts[0] if ghosts else None): value["target"]}
    picks = []
    for actor, target in value.items():
        if target not in outcome.state.players or (actor is not None and actor not in outcome.state.players):
            raise RulesError(f"unknown player in ghost_pick: {value!r}")
        if actor is None:
            outcome.note("ghost", "void", said("piter.no_ghost_can_be_left", player=target))
            continue
        picks.append(Action("ghost_pick", actor=actor, target=target))
    return picks


def _record(outcome: Outcome, counted: Round, label: str) -> None:
    """Reject refused ballots (ability ``vote``), trace defaults and totals."""
    for voter, target, reason in counted.refused:
        outcome.reject(Action("vote", actor=voter, target=target), reason, MESSAGES[reason], step=label)
    if counted.defaulted:
        outcome.note(
            label,
            "info",
            said("piter.no_valid_vote_from_counted", names=", ".join(counted.defaulted), player=counted.candidates[-1]),
        )
    tally = ", ".join(f"{c} {n}" for c, n in counted.totals().items())
    outcome.note(label, "info", said("piter.votes", rows=tally))
    outcome.announce("tally", said("piter.tally", rows=tally))


def _vote(outcome: Outcome, step: PhaseInput, listed: list[str], pick: Action | None) -> list[str]:
    """The vote, then a tie: the Ghost's pick or the re-vote (PITER-012 to
    PITER-018, PITER-093). Returns the mafia players who left on a
    technicality (PITER-094), else an empty list."""
    first = count_round(outcome.state, step.votes, listed, "not_nominated")
    _record(outcome, first, "vote")
    if _consolidated(outcome.state, first):
        return _technical_defeat(outcome)
    tied = first.leaders()
    if len(tied) == 1:
        _unused(outcome, step, pick)
        _execute(outcome, tied[0], first)
        return []
    if pick is not None and pick.targets()[0] in tied:
        _ghost_execution(outcome, pick)
        return []
    if pick is not None:
        outcome.reject(pick, "not_tied", MESSAGES["not_tied"])
    return _revote(outcome, step, tied)


def _unused(outcome: Outcome, step: PhaseInput, pick: Action | None) -> None:
    """Without a tie, a Ghost's pick and a re-vote are not used (PITER-093, PITER-017)."""
    if pick is not None:
        outcome.note("ghost", "void", said("piter.no_tie_ghost_pick_not", player=pick.actor), pick)
    if step.revote:
        outcome.note("revote", "void", said("piter.no_tie_re_vote_not"))


def _revote(outcome: Outcome, step: PhaseInput, tied: list[str]) -> list[str]:
    """PITER-017, PITER-018: one re-vote among the tied; a new tie executes
    nobody. Returns the mafia players who left on a technicality (PITER-094)."""
    outcome.note("revote", "info", said("piter.tie_between_one_more_minute", names=", ".join(tied)))
    outcome.announce("tie", said("piter.tie_vote_repeated", names=", ".join(tied)))
    second = count_round(outcome.state, step.revote, tied, "not_tied")
    _record(outcome, second, "revote")
    if _consolidated(outcome.state, second):
        return _technical_defeat(outcome)
    again = second.leaders()
    if len(again) == 1:
        _execute(outcome, again[0], second)
        return []
    outcome.note("revote", "info", said("piter.re_vote_ties_again_nobody"))
    outcome.announce("no_execution", said("piter.re_vote_tied_again_nobody_executed"))
    return []


def _no_vote(outcome: Outcome, step: PhaseInput) -> list[str]:
    """PITER-020, A-2: no nominee, no vote; every ballot is refused. Nobody
    can leave on a technicality, so the list returned is empty."""
    for voter, target in (step.votes or {}).items():
        reason = ballot_reason(outcome.state, voter, target, [], "not_nominated")
        if reason is not None:
            outcome.reject(Action("vote", actor=voter, target=target), reason, MESSAGES[reason], step="vote")
    outcome.note("vote", "info", said("piter.nobody_was_nominated_no_vote"))
    outcome.announce("no_execution", said("piter.nobody_nominated_nobody_executed"))
    return []


def _consolidated(state: GameState, counted: Round) -> bool:
    """PITER-094: under the non-consolidated rule, every living mafia
    player's effective vote, defaults included, names one candidate."""
    if not state.memory.get("non_consolidated"):
        return False
    mafia = [p.name for p in state.team_members("mafia")]
    return len(mafia) >= 2 and len({counted.ballots[m] for m in mafia}) == 1


def _technical_defeat(outcome: Outcome) -> list[str]:
    """PITER-094, A-12: every mafia player leaves and nobody is executed.
    Returns their names, in seat order."""
    outcome.note("vote", "effect", said("piter.mafia_all_voted_one_candidate"))
    outcome.announce("technical_defeat", said("piter.mafia_voted_together_loses"))
    defeated = [player.name for player in outcome.state.team_members("mafia")]
    for name in defeated:
        leave(outcome, name, "technical_defeat", said("piter.leaves_table_technicality", player=name))
    return defeated


def _execute(outcome: Outcome, name: str, counted: Round) -> None:
    """PITER-016: the strict leader is executed; PITER-120 makes the first
    player executed on day 1 the host in a game without one."""
    votes = counted.totals()[name]
    outcome.note("vote", "effect", said("piter.has_most_votes_executed", player=name, n=votes))
    leave(outcome, name, "executed", said("piter.is_executed", player=name))
    _appoint_host(outcome, name)


def _ghost_execution(outcome: Outcome, pick: Action) -> None:
    """PITER-093: the Ghost leaves the table with the tied nominee it names."""
    name = pick.targets()[0]
    outcome.note("ghost", "effect", said("piter.tie_ghost_takes_from_table", player=pick.actor, player2=name), pick)
    leave(outcome, name, "executed", said("piter.is_executed_ghost_chose", player=name))
    _appoint_host(outcome, name)


def _appoint_host(outcome: Outcome, name: str) -> None:
    """PITER-120: «Ведущим становится игрок, которого первым казнили в 1й день»."""
    memory = outcome.state.memory
    if outcome.state.option("no_host") and memory["day"] == 1 and "host" not in memory:
        memory["host"] = name
        outcome.announce("host", said("piter.becomes_host", player=name), name)


def _sentence(outcome: Outcome) -> None:
    """PITER-050, A-19: the sentenced player leaves after the vote, even if
    the judge has left, the vote tied twice or nobody was nominated."""
    for name in outcome.state.memory.get("sentenced", []):
        if outcome.state.players[name].alive:
            outcome.note("sentence", "effect", said("piter.leaves_table_night_sentence", player=name))
            leave(outcome, name, "sentenced", said("piter.leaves_table_sentence", player=name))
