"""The classic day: the majority lynch vote and the deciding vote.

CLASSIC-011 to CLASSIC-014, CLASSIC-035 (no vote after the putana's visit),
CLASSIC-044 (deciding vote), CLASSIC-065/CLASSIC-066 (blind lynches).
"""

from __future__ import annotations

from collections.abc import Callable

from rulesets.core import Action, GameState, Outcome, PhaseInput
from rulesets.core.votes import has_majority, sole_leader, tally

from .setup import is_blind

Refuse = Callable[[Outcome, Action, str], None]


def vote_reason(state: GameState, voter: str, target: str | None, nominations: list[str] | None) -> str | None:
    """Why a ballot of the ordinary day vote is refused, or None.

    ``actor_not_alive`` (CLASSIC-014), ``no_vote_right`` (CLASSIC-035),
    ``target_not_alive`` (CLASSIC-014), ``not_a_candidate`` (CLASSIC-011).
    An abstention (``target`` None) needs only a living voter with a vote.
    """
    if not state.players[voter].alive:
        return "actor_not_alive"
    if voter in state.memory.get("no_vote", []):
        return "no_vote_right"
    if target is None:
        return None
    if not state.players[target].alive:
        return "target_not_alive"
    if nominations is not None and target not in nominations:
        return "not_a_candidate"
    return None


def electorate(state: GameState) -> list[str]:
    """Living players entitled to vote today (B-2, CLASSIC-035)."""
    barred = set(state.memory.get("no_vote", []))
    return [name for name in state.alive_names() if name not in barred]


def lynch_vote(outcome: Outcome, step: PhaseInput, refuse: Refuse) -> None:
    """One lynch vote: a player voted by the majority («большинство»), more
    than half of the electorate, shows their card and leaves (CLASSIC-012);
    otherwise nobody leaves (CLASSIC-013, B-3: no re-vote)."""
    state = outcome.state
    voters = electorate(state)
    ballots: dict[str, str | None] = {}
    for voter, target in (step.votes or {}).items():
        reason = vote_reason(state, voter, target, step.nominations)
        if reason:
            refuse(outcome, Action("vote", actor=voter, target=target), reason)
        else:
            ballots[voter] = target
    if step.revote:
        outcome.note("vote", "info", "The classic game has no re-vote; the revote ballots are ignored (B-3).")
    totals = tally(ballots)
    _announce_tally(outcome, totals)
    leader = sole_leader(totals)
    if leader is None or not has_majority(totals[leader], len(voters)):
        outcome.note(
            "vote", "info", f"Nobody has a majority of the {len(voters)} voters: nobody is lynched (CLASSIC-013)."
        )
        outcome.announce("no_elimination", "Nobody reached a majority: nobody leaves today.")
        return
    _lynch(
        outcome,
        leader,
        f"{leader} has {totals[leader]:g} of {len(voters)} votes, a majority, and leaves the game (CLASSIC-012).",
    )


def _announce_tally(outcome: Outcome, totals: dict[str, float]) -> None:
    if totals:
        line = ", ".join(f"{name}: {count:g}" for name, count in totals.items())
        outcome.announce("votes", f"Votes: {line}.")


def _lynch(outcome: Outcome, name: str, text: str) -> None:
    state = outcome.state
    player = state.players[name]
    outcome.remove(name)
    if player.team == "town":
        state.memory["last_honest"] = name
    role = None if is_blind(state.options) else player.role
    outcome.note("vote", "effect", text)
    shown = " The card stays hidden (CLASSIC-065)." if role is None else f" The card shows: {role}."
    outcome.announce("eliminated", f"{name} was voted out.{shown}", name, role)


def deciding_vote(outcome: Outcome, step: PhaseInput, refuse: Refuse) -> None:
    """The deciding vote (CLASSIC-044: «Дать право голоса последнему убитому
    честному»): the two survivors and the last honest player to leave vote for
    a survivor; two votes lynch them and the other's team wins, else a draw."""
    state = outcome.state
    pending = state.memory["deciding"]
    survivors: list[str] = pending["survivors"]
    allowed = [*survivors, pending["voter"]]
    ballots: dict[str, str | None] = {}
    for voter, target in (step.votes or {}).items():
        if voter not in allowed:
            refuse(outcome, Action("vote", actor=voter, target=target), "actor_not_alive")
        elif target is not None and target not in survivors:
            refuse(outcome, Action("vote", actor=voter, target=target), "not_a_candidate")
        else:
            ballots[voter] = target
    state.memory["deciding"] = None
    totals = tally(ballots)
    _announce_tally(outcome, totals)
    loser = next((name for name, count in totals.items() if count >= 2), None)
    if loser is None:
        state.winner = "draw"
        outcome.note(
            "vote", "effect", "No survivor has two of the three deciding votes: the game is a draw (CLASSIC-044)."
        )
        return
    winner = next(name for name in survivors if name != loser)
    _lynch(outcome, loser, f"{loser} has {totals[loser]:g} deciding votes and leaves the game (CLASSIC-044).")
    state.winner = state.players[winner].team
