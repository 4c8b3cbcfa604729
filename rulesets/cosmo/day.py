"""Day resolution of КосмоМафия (digest §7): the judge, the vote, the re-vote.

The judge's verdict, when used, replaces the day's vote (COSMO-030). Else
every living, non-silenced player casts one vote for a candidate; the sole
leader is jailed (COSMO-012), a tie goes to a jail-all/spare-all re-vote
(COSMO-013) and a tied re-vote to the coin (COSMO-014). A jailed player's
role is revealed (COSMO-002).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rulesets.core import Action, GameState, Outcome, PhaseInput, RulesError
from rulesets.core.said import said
from rulesets.core.votes import leaders, tally

# Day resolution steps (trace step ids), in order.
DAY_ORDER: tuple[tuple[str, str, str], ...] = (
    ("verdict", "COSMO-030", "the judge's verdict replaces the vote and jails one player or nobody"),
    ("vote", "COSMO-008", "one vote per living, non-silenced player, for a candidate"),
    ("jail", "COSMO-012", "the sole leader of the vote is jailed, role revealed"),
    ("revote", "COSMO-013", "a tie is re-voted: jail all the tied or spare them all"),
    ("coin", "COSMO-014", "a tied re-vote is settled by the coin"),
    ("silence", "COSMO-047", "the silence of last night ends with this day"),
)

COIN_SIDES = ("jail", "spare")

Reject = Callable[[Action, str], None]


def silenced(state: GameState) -> list[str]:
    """Players silenced for the coming day step (COSMO-047)."""
    return list(state.memory.get("silenced", []))


def candidates(state: GameState, step: PhaseInput) -> list[str]:
    """The day's candidates: ``nominations``, or every living player when
    the step names none (COSMO-007, COSMO-008)."""
    return list(step.nominations) if step.nominations is not None else state.alive_names()


def vote_problem(state: GameState, voter: str, target: str | None, names: list[str]) -> str | None:
    """Why one day vote is refused, or None (COSMO-008..011, COSMO-015, COSMO-047)."""
    if not state.players[voter].alive:
        return "actor_not_alive"
    if voter in silenced(state):
        return "silenced"
    if target is None:
        return "abstention"
    if not state.players[target].alive:
        return "target_not_alive"
    if target not in names:
        return "not_candidate"
    return None


def valid_votes(state: GameState, step: PhaseInput, reject: Reject) -> dict[str, str | None]:
    """The day's valid ballots voter → candidate; the others go to ``reject``."""
    names = candidates(state, step)
    kept: dict[str, str | None] = {}
    for voter, target in (step.votes or {}).items():
        reason = vote_problem(state, voter, target, names)
        if reason is not None:
            reject(Action("vote", actor=voter, target=target), reason)
            continue
        kept[voter] = target
    return kept


def tied_candidates(state: GameState, step: PhaseInput) -> list[str]:
    """The candidates tied for the most valid votes (two or more), else [].

    The web app calls it at the vote deadline: a non-empty answer means a
    re-vote must be held before the day is resolved (COSMO-013, A7).
    """
    top = leaders(tally(valid_votes(state, step, lambda action, reason: None)))
    return top if len(top) > 1 else []


def resolve(outcome: Outcome, step: PhaseInput, verdict: Action | None, reject: Reject, rng: random.Random) -> None:
    """Resolve the day on ``outcome`` (§7); ``verdict`` is the accepted
    ``judge_verdict``, if any. Raises ``RulesError`` for a bad ``coin``."""
    state = outcome.state
    if verdict is not None:
        _verdict(outcome, verdict)
    else:
        _vote(outcome, step, reject, rng)
    if silenced(state):
        outcome.note("silence", "info", said("cosmo.silence_ends_with_this_day", names=", ".join(silenced(state))))
    state.memory["silenced"] = []


# The results post's line for each way of being jailed (trace code → public code).
PUBLIC_JAIL = {
    "jailed_most_votes": "jailed_by_vote",
    "jailed_tied": "jailed_by_revote",
    "jailed_verdict": "jailed_by_verdict",
}


def jail(outcome: Outcome, name: str, how: str, public: str = "", **params: str) -> None:
    """Jail ``name``: out of the game, role published (COSMO-002, COSMO-012).
    ``how``: the trace's code for why (``jailed_most_votes``, ``jailed_tied``,
    ``jailed_verdict``), with its ``params``; the results post says the
    same (``PUBLIC_JAIL``, or the code ``public``: the coin), announced as
    ``jailed`` («посажен за решётку», never a vote's execution after the
    judge cancelled the vote, COSMO-030)."""
    role = outcome.state.players[name].role
    outcome.remove(name)
    shown = public or PUBLIC_JAIL[how]
    outcome.announce("jailed", said(f"cosmo.{shown}", player=name, role=role, **params), name, role)
    outcome.note("jail", "effect", said(f"cosmo.{how}", player=name, role=role, **params))


def _verdict(outcome: Outcome, action: Action) -> None:
    judge = str(action.actor)
    outcome.announce("revealed", said("cosmo.reveals_judge_card", player=judge), judge, "judge")
    outcome.note("verdict", "effect", said("cosmo.judge_cancels_day_vote", player=judge), action)
    if not action.targets():
        outcome.note("verdict", "effect", said("cosmo.judge_jails_nobody_today", player=judge), action)
        outcome.announce("no_elimination", said("cosmo.nobody_jailed_today"))
        return
    jail(outcome, action.targets()[0], "jailed_verdict", player2=judge)


def _vote(outcome: Outcome, step: PhaseInput, reject: Reject, rng: random.Random) -> None:
    state = outcome.state
    votes = valid_votes(state, step, reject)
    for voter, target in votes.items():
        outcome.note(
            "vote",
            "info",
            said("cosmo.votes_jail", player=voter, player2=target),
            Action("vote", actor=voter, target=target),
        )
    totals = tally(votes)
    top = leaders(totals)
    if not top:
        outcome.note("jail", "void", said("cosmo.no_valid_vote_was_cast"))
        outcome.announce("no_elimination", said("cosmo.nobody_jailed_today"))
    elif len(top) == 1:
        jail(outcome, top[0], "jailed_most_votes", n=f"{totals[top[0]]:g}")
    else:
        _revote(outcome, step, top, reject, rng)


def _revote(outcome: Outcome, step: PhaseInput, tied: list[str], reject: Reject, rng: random.Random) -> None:
    state = outcome.state
    counts = {"jail": 0, "spare": 0}
    for voter, choice in (step.revote or {}).items():
        reason = vote_problem(state, voter, tied[0], tied) or (None if choice in counts else "revote_value")
        if reason is not None:
            reject(Action("revote", actor=voter, target=choice), reason)
            continue
        counts[str(choice)] += 1
    names = ", ".join(tied)
    outcome.note(
        "revote",
        "info",
        said("cosmo.tie_most_votes_re_vote", names=names, n=counts["jail"], m=counts["spare"]),
    )
    # The results post gives the re-vote's count (COSMO-013).
    outcome.announce("revote", said("cosmo.revote_count", names=names, n=counts["jail"], m=counts["spare"]))
    decision = _decide(outcome, step, counts, rng)
    if decision == "spare":
        outcome.announce("no_elimination", said("cosmo.are_spared", rows=names))
        outcome.note("jail", "void", said("cosmo.are_spared_2", names=names))
        return
    by_coin = counts["jail"] == counts["spare"]
    for name in [n for n in state.players if n in tied]:
        jail(outcome, name, "jailed_tied", public="jailed_by_coin" if by_coin else "")


def _decide(outcome: Outcome, step: PhaseInput, counts: dict[str, int], rng: random.Random) -> str:
    if counts["jail"] != counts["spare"]:
        return "jail" if counts["jail"] > counts["spare"] else "spare"
    coin = step.extra.get("coin")
    if coin is None:
        coin = rng.choice(COIN_SIDES)
    elif coin not in COIN_SIDES:
        raise RulesError(f"coin must be one of {COIN_SIDES}, not {coin!r}")
    outcome.note("coin", "info", said(f"cosmo.coin_{coin}"))
    outcome.announce("coin", said("cosmo.re_vote_tied_coin_says", rows=coin))
    return str(coin)
