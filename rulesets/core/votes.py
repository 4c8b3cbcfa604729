"""Vote helpers shared by rulesets: tallies, leaders, majorities.

Weights are plain numbers (a werewolf18 sheriff's ballot weighs 1.5); a
ballot of ``None`` is an explicit abstention and counts for nobody.
"""

from __future__ import annotations

from collections.abc import Mapping


def tally(votes: Mapping[str, str | None], weights: Mapping[str, float] | None = None) -> dict[str, float]:
    """Target → total weight of the ballots naming it, in first-vote order."""
    totals: dict[str, float] = {}
    if not weights:
        for target in votes.values():
            if target is not None:
                totals[target] = totals.get(target, 0) + 1
        return totals
    for voter, target in votes.items():
        if target is not None:
            totals[target] = totals.get(target, 0) + weights.get(voter, 1)
    return totals


def leaders(totals: Mapping[str, float]) -> list[str]:
    """The targets with the highest total (several on a tie; none if empty)."""
    if not totals:
        return []
    top = max(totals.values())
    return [t for t, n in totals.items() if n == top]


def sole_leader(totals: Mapping[str, float]) -> str | None:
    """The single target with the most votes, or None on a tie or no votes."""
    top = leaders(totals)
    return top[0] if len(top) == 1 else None


def has_majority(count: float, electorate: int) -> bool:
    """True when ``count`` is more than half of ``electorate``."""
    return count * 2 > electorate
