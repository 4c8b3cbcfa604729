"""Day resolution of the forum game: day roles, the open vote, autokills.

Order (digest, "Day vote"): validate the day choices and the votes; the
Bouncer and the Keymaster decide whose vote counts; count (Prosecutor, Bum);
remove the protected; the sole leader leaves; autokills; consequences.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rulesets.core import Action, GameState, Outcome, PhaseInput
from rulesets.core.said import said
from rulesets.core.votes import sole_leader

from . import query
from .effects import clear_penalties, cop_lover_learns
from .roles import DEFAULT_SKIPS_ALLOWED, DUTIES, MESSAGES, SKIPS_ALLOWED
from .validate import accept, refuse

# Day resolution steps: (step id, rule id, what it does).
DAY_ORDER: tuple[tuple[str, str, str], ...] = (
    ("validate", "FORUM-161", "refuse late, dead or over-limit day choices and votes by or for the dead"),
    (
        "admission",
        "FORUM-050",
        "the Bouncer's target's vote is not counted unless the Keymaster admits him (FORUM-122)",
    ),
    ("count", "FORUM-014", "one vote each; the Prosecutor adds one (FORUM-115); the Bum votes as ordered (FORUM-119)"),
    ("eliminate", "FORUM-016", "the Lawyer's and the Bonus player are passed over; the sole leader leaves (FORUM-017)"),
    (
        "autokill",
        "FORUM-163",
        "no vote, a vote for oneself (FORUM-164) or a skip past the limit (FORUM-160) is an autokill",
    ),
)


@dataclass(slots=True)
class Day:
    """The day's choices once validated."""

    protected: set[str] = field(default_factory=set)
    blocked: set[str] = field(default_factory=set)
    admitted: set[str] = field(default_factory=set)
    extra: list[str] = field(default_factory=list)
    directs: dict[str, str] = field(default_factory=dict)
    acted: set[tuple[str, str]] = field(default_factory=set)


def resolve_day(outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
    """Resolve one day in place on ``outcome.state`` (digest, Day vote).

    ``step.extra`` may carry ``late`` (voters and day roles past the deadline,
    FORUM-161, FORUM-165) and ``excused`` (names whose autokill the host waived).
    """
    state = outcome.state
    late = list(step.extra.get("late", []))
    day = _day_choices(outcome, step, late)
    # Every day holds a vote (FORUM-013, FORUM-014): a step without ``votes``
    # is a day on which nobody voted, and every living non-voter leaves
    # («Если игрок не проголосовал в течение дня, то он покидает игру в
    # результате автокилла», FORUM-163).
    ballots = _ballots(outcome, step.votes or {}, late, day)
    leader = _eliminate(outcome, _count(outcome, ballots, day), day)
    autokilled = _autokills(outcome, step, ballots, day, leader)
    left = ([leader] if leader else []) + [n for n in autokilled if n != leader]
    _consequences(outcome, left)
    state.memory["bum_votes"] = {}
    clear_penalties(state, "day")


def _day_choices(outcome: Outcome, step: PhaseInput, late: list[str]) -> Day:
    """FORUM-048..051, FORUM-115, FORUM-119, FORUM-122..124: the day roles' choices."""
    state, day = outcome.state, Day()
    for action in accept(state, outcome, list(step.actions), "day", late, MESSAGES):
        target = action.targets()[0]
        if action.actor:
            day.acted.add((action.actor, action.ability))
            player = state.players[action.actor]
            player.bump(f"{action.ability}:{target}")
        if action.ability == "direct_vote":
            # FORUM-120: a member's order stands for his team's hold on the vote
            key = query.bum_vote_key(state, action.actor) if action.actor else None
            day.directs[key or action.who] = target
        elif action.ability == "extra_vote":
            day.extra.append(target)
        else:
            getattr(day, _SLOTS[action.ability]).add(target)
        outcome.note(
            "validate",
            "info",
            said("forum.chose", who=action.who, player=target, ability=action.ability, rule=_RULES[action.ability]),
            action,
        )
    _keymaster_notes(outcome, day)
    return day


_SLOTS = {"protect": "protected", "block": "blocked", "admit": "admitted"}
_RULES = {
    "protect": "FORUM-048",
    "block": "FORUM-050",
    "admit": "FORUM-122",
    "extra_vote": "FORUM-115",
    "direct_vote": "FORUM-119",
}


def _keymaster_notes(outcome: Outcome, day: Day) -> None:
    for name in day.admitted:
        if name in day.blocked:
            outcome.note("admission", "effect", said("forum.keymaster_admits_bouncer_block_cancelled", player=name))
        else:
            outcome.note("admission", "void", said("forum.keymaster_admitted_whom_nobody_blocked", player=name))
            outcome.announce("keymaster_vain", said("forum.keymaster_in_vain"))


def _ballots(outcome: Outcome, votes: dict[str, str | None], late: list[str], day: Day) -> dict[str, str | None]:
    """Voter → target for every living voter who voted; refused entries are rejected with ability ``vote``."""
    state = outcome.state
    ballots: dict[str, str | None] = {}
    players = state.players
    for voter, target in votes.items():
        if players[voter].alive and voter not in late and (target is None or players[target].alive):
            ballots[voter] = target  # ``_vote_reason`` is None
            continue
        reason = _vote_reason(state, voter, target, late)
        if reason is not None:
            refuse(outcome, Action("vote", actor=voter, target=target), reason, MESSAGES)
            if reason in ("late", "dead_target"):
                ballots[voter] = ""  # he voted, but the vote does not count (FORUM-165)
            continue
        ballots[voter] = target
    _bum_orders(outcome, ballots, day)
    return ballots


def _vote_reason(state: GameState, voter: str, target: str | None, late: list[str]) -> str | None:
    if not state.players[voter].alive:
        return "dead_actor"
    if voter in late:
        return "late"  # FORUM-165
    if target is not None and not state.players[target].alive:
        return "dead_target"
    return None


def _bum_orders(outcome: Outcome, ballots: dict[str, str | None], day: Day) -> None:
    """FORUM-119: the Bum votes as his vote's holder orders, whatever he posted himself."""
    for bum, holder in query.bum_holders(outcome.state).items():
        key = f"team:{holder['who']}" if holder["kind"] == "team" else holder["who"]
        if key in day.directs and outcome.state.players[bum].alive:
            ballots[bum] = day.directs[key]
            outcome.note(
                "count", "effect", said("forum.bum_votes_orders", player=bum, player2=day.directs[key], who=key)
            )


def _count(outcome: Outcome, ballots: dict[str, str | None], day: Day) -> dict[str, float]:
    """FORUM-014, FORUM-019, FORUM-050, FORUM-115, FORUM-116: one vote per counted ballot."""
    totals: dict[str, float] = {}
    for voter, target in ballots.items():
        if not target:
            continue
        if voter in day.blocked and voter not in day.admitted:
            outcome.note("admission", "blocked", said("forum.vote_not_counted_bouncer_kept", player=voter))
            continue
        if target == voter:
            continue  # a vote for oneself is not counted (ambiguity 14)
        totals[target] = totals.get(target, 0) + 1
    for target in day.extra:
        totals[target] = totals.get(target, 0) + 1
        outcome.note("count", "effect", said("forum.prosecutor_adds_vote_against", player=target))
    return totals


def _eliminate(outcome: Outcome, totals: dict[str, float], day: Day) -> str | None:
    """FORUM-014..018, FORUM-125: pass over the protected; the sole leader leaves; a tie leaves nobody."""
    state = outcome.state
    shielded = set(day.protected)
    bonus = query.bonus_player(state)
    if bonus:
        shielded.add(bonus)
    for name in sorted(shielded & set(totals)):
        outcome.note(
            "eliminate",
            "saved",
            said("forum.protected_this_vote_passed_over", player=name),
        )
    leader = sole_leader({t: n for t, n in totals.items() if t not in shielded})
    if leader is None:
        outcome.note("eliminate", "info", said("forum.no_single_leader_nobody_voted"))
        outcome.announce("no_elimination", said("forum.vote_tied_nobody_leaves"))
        return None
    outcome.note("eliminate", "effect", said("forum.has_most_votes_leaves", player=leader, n=int(totals[leader])))
    outcome.announce(
        "eliminated",
        said("forum.voted_out_card_revealed", player=leader),
        leader,
        state.players[leader].role,
    )
    return leader


def _autokills(
    outcome: Outcome, step: PhaseInput, ballots: dict[str, str | None], day: Day, leader: str | None
) -> list[str]:
    """FORUM-163, FORUM-164, FORUM-160: who leaves by autokill (the host may excuse, step.extra["excused"]).

    ``ballots``: voter → target for every voter whose vote was handed in;
    a living player missing from it did not vote.
    """
    state = outcome.state
    excused = set(step.extra.get("excused", []))
    found: list[tuple[str, str]] = []
    for player in state.alive():
        ballot = ballots.get(player.name)
        duty = DUTIES.get(player.role)  # ``_day_skip`` counts the day roles only
        past_limit = duty is not None and duty[0] == "day" and _day_skip(outcome, player.name, day)
        if ballot is None:
            found.append((player.name, "no_vote"))
        elif ballot == player.name:
            found.append((player.name, "self_vote"))
        elif past_limit:
            found.append((player.name, "past_limit"))
    return [name for name, why in found if _autokill(outcome, name, why, excused, leader)]


def _day_skip(outcome: Outcome, name: str, day: Day) -> bool:
    """FORUM-160: count a day role's skip; True when it is past the limit."""
    player = outcome.state.players[name]
    duty = DUTIES.get(player.role)
    if duty is None or duty[0] != "day" or (name, duty[1]) in day.acted or player.counters.get("penalty_skip") == "day":
        return False
    skips = player.bump("skips")
    allowed = SKIPS_ALLOWED.get(player.role, DEFAULT_SKIPS_ALLOWED)
    outcome.note(
        "autokill", "info", said("forum.skipped_move_allowed", player=name, role=player.role, n=skips, m=allowed)
    )
    return skips > allowed


def _autokill(outcome: Outcome, name: str, why: str, excused: set[str], leader: str | None) -> bool:
    """``name`` leaves by autokill for ``why`` (``no_vote``, ``self_vote``,
    ``past_limit``: FORUM-163, FORUM-164, FORUM-160) unless the host excused him."""
    if name in excused:
        outcome.note("autokill", "info", said(f"forum.excused_{why}", player=name))
        return False
    outcome.note("autokill", "effect", said(f"forum.autokill_{why}", player=name))
    if name != leader:
        outcome.announce(
            "autokill", said("forum.leaves_by_autokill", player=name), name, outcome.state.players[name].role
        )
    return True


def _consequences(outcome: Outcome, left: list[str]) -> None:
    """Departures of the day: the Kamikaze's pending revenge (FORUM-089), the walking basement (FORUM-131)."""
    state = outcome.state
    for name in left:
        outcome.remove(name)
        player = state.players[name]
        if player.role == "kamikaze":
            player.counters["kamikaze_pending"] = True
            outcome.note("autokill", "info", said("forum.kamikaze_left_day_may_take", player=name))
        walking = state.memory.get("walking")
        if walking and walking.get("carrier") == name and not walking.get("done"):
            walking["done"] = True
            outcome.note("autokill", "info", said("forum.carried_walking_basement_away_nobody", player=name))
    cop_lover_learns(outcome, left)
