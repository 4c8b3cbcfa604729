"""The classic day: the majority lynch vote and the deciding vote.

CLASSIC-011 to CLASSIC-014, CLASSIC-035 (no vote after the putana's visit),
CLASSIC-044 (deciding vote), CLASSIC-065/CLASSIC-066 (blind lynches).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from rulesets.core import Action, GameState, Outcome, PhaseInput
from rulesets.core.said import said
from rulesets.core.votes import has_majority, sole_leader, tally

from .setup import is_blind

Refuse = Callable[[Outcome, Action, str], None]


def electorate(state: GameState) -> list[str]:
    """Who may vote in today's vote, in seat order.

    The deciding vote: the two survivors and the last honest player to leave
    (CLASSIC-044). Otherwise the living players, less those the putana
    occupied last night (B-2, CLASSIC-035).
    """
    pending = state.memory.get("deciding")
    if pending:
        allowed = {*pending["survivors"], pending["voter"]}
        return [name for name in state.players if name in allowed]
    barred = set(state.memory.get("no_vote", []))
    if not barred:
        return state.alive_names()
    return [p.name for p in state.players.values() if p.alive and p.name not in barred]


def candidates(state: GameState, nominations: list[str] | None) -> list[str]:
    """Who may be voted for: the survivors in the deciding vote (CLASSIC-044),
    else any living player, or only the host's nominees (CLASSIC-011)."""
    pending = state.memory.get("deciding")
    if pending:
        return list(pending["survivors"])
    alive = state.alive_names()
    return alive if nominations is None else [name for name in alive if name in nominations]


def vote_reason(state: GameState, voter: str, target: str | None, nominations: list[str] | None = None) -> str | None:
    """Why a ballot («голос») is refused, or None; ``target`` None abstains.

    ``actor_not_alive`` (CLASSIC-014, CLASSIC-044), ``no_vote_right``
    (CLASSIC-035), ``target_not_alive`` (CLASSIC-014, CLASSIC-044: a ballot
    for anyone but the two survivors), ``not_a_candidate`` (CLASSIC-011).
    """
    return _ballot_reason(state, voter, target, electorate(state), candidates(state, nominations))


def _ballot_reason(
    state: GameState, voter: str, target: str | None, electors: Collection[str], choices: Collection[str]
) -> str | None:
    """``vote_reason`` given today's ``electorate`` and ``candidates``."""
    deciding = bool(state.memory.get("deciding"))
    if voter not in electors:
        return "actor_not_alive" if deciding or not state.players[voter].alive else "no_vote_right"
    if target is None or target in choices:
        return None
    # CLASSIC-014, CLASSIC-044: in the deciding vote every non-survivor is out of
    # the game, so a ballot for one is refused like any ballot for a dead player.
    return "not_a_candidate" if state.players[target].alive else "target_not_alive"


def _ballots(
    outcome: Outcome, step: PhaseInput, refuse: Refuse, electors_today: list[str] | None = None
) -> dict[str, float]:
    """The tally of the valid ballots; refused ones go to ``refuse``;
    ``electors_today`` is ``electorate(outcome.state)`` when the caller has it."""
    ballots: dict[str, str | None] = {}
    # Who may vote and for whom is the same for every ballot of the day.
    state = outcome.state
    electors = set(electorate(state) if electors_today is None else electors_today)
    if step.nominations is None and not state.memory.get("deciding") and not state.memory.get("no_vote"):
        choices = electors  # nobody barred, no nominees: the living vote, for the living
    else:
        choices = set(candidates(state, step.nominations))
    votes = step.votes or {}
    if electors.issuperset(votes) and set(votes.values()) - choices <= {None}:
        # Every voter an elector, every ballot for a choice or nobody (checked in C):
        # each ``_ballot_reason`` is None, and the loop below would keep them all.
        ballots = dict(votes)
        votes = {}
    for voter, target in votes.items():
        if voter in electors and (target is None or target in choices):
            ballots[voter] = target  # ``_ballot_reason`` is None
            continue
        reason = _ballot_reason(outcome.state, voter, target, electors, choices)
        if reason:
            refuse(outcome, Action("vote", actor=voter, target=target), reason)
        else:
            ballots[voter] = target
    totals = tally(ballots)
    if totals:
        line = ", ".join([f"{name}: {count:g}" for name, count in totals.items()])
        outcome.announce("votes", said("classic.votes", rows=line))
    return totals


def lynch_vote(outcome: Outcome, step: PhaseInput, refuse: Refuse) -> None:
    """One lynch vote: a player voted by the majority («большинство»), more
    than half of the electorate, shows their card and leaves (CLASSIC-012);
    otherwise nobody leaves (CLASSIC-013, B-3: no re-vote)."""
    electors = electorate(outcome.state)
    voters = len(electors)
    totals = _ballots(outcome, step, refuse, electors)
    if step.revote:
        outcome.note("vote", "info", said("classic.classic_game_has_no_re"))
    leader = sole_leader(totals)
    if leader is None or not has_majority(totals[leader], voters):
        outcome.note("vote", "info", said("classic.nobody_has_majority_voters_nobody", n=voters))
        # Say why: a lynch needs more than half of those entitled to vote,
        # not the most votes (CLASSIC-012, CLASSIC-013).
        top = f"{totals[leader]:g}" if leader is not None else "0"
        needed = voters // 2 + 1
        outcome.announce("no_elimination", said("classic.nobody_reached_majority_of", n=voters, m=needed, rows=top))
        return
    _lynch(outcome, leader, said("classic.has_votes_majority_leaves", player=leader, n=f"{totals[leader]:g}", m=voters))


def deciding_vote(outcome: Outcome, step: PhaseInput, refuse: Refuse) -> None:
    """The deciding vote (CLASSIC-044: «Дать право голоса последнему убитому
    честному»): the two survivors and the last honest player to leave vote for
    a survivor; two votes lynch them and the other's team wins, else a draw."""
    state = outcome.state
    survivors: list[str] = state.memory["deciding"]["survivors"]
    totals = _ballots(outcome, step, refuse)
    state.memory["deciding"] = None
    loser = next((name for name, count in totals.items() if count >= 2), None)
    if loser is None:
        state.winner = "draw"
        outcome.note("vote", "effect", said("classic.no_survivor_has_two_deciding"))
        return
    winner = next(name for name in survivors if name != loser)
    _lynch(outcome, loser, said("classic.has_deciding_votes_leaves_game", player=loser, n=f"{totals[loser]:g}"))
    state.winner = state.players[winner].team


def _lynch(outcome: Outcome, name: str, text: str) -> None:
    """``name`` leaves; the card is shown unless the game is blind (CLASSIC-012, CLASSIC-065)."""
    state = outcome.state
    player = state.players[name]
    outcome.remove(name)
    if player.team == "town":
        state.memory["last_honest"] = name
    role = None if is_blind(state.options) else player.role
    outcome.note("vote", "effect", text)
    shown = (
        said("classic.voted_out_card_hidden", player=name)
        if role is None
        else said("classic.voted_out_card_shown", player=name, role=role)
    )
    outcome.announce("eliminated", shown, name, role)
