"""Applying what a night marked, and consequences of any departure.

Conversions first (a Sniper who joins a team and dies still shows that team),
then deaths, then the state the next phases read: the TW's choosers, the Bum's
vote holders, team feedback (FORUM-031, digest night step 8).
"""

from __future__ import annotations

from rulesets.core import GameState, Outcome
from rulesets.core.said import said

from . import query
from .marks import Night


def apply_night(night: Night) -> None:
    """Make the night's marks take effect on ``night.state`` (FORUM-031)."""
    for name, role, team in night.conversions:
        convert(night.state, name, role, team)
        night.note("apply", "effect", said("forum.now", player=name, role=role, team=team))
    for name, why in night.deaths.items():
        _leave(night, name, why)
    cop_lover_learns(night.outcome, list(night.deaths))
    _keep_duties(night)
    _keep_bum_holders(night)
    for team, about, result in night.team_tells:
        tell_team(night.outcome, team, about, result)
    memory = night.state.memory
    memory["nights"] = int(memory.get("nights", 0)) + 1
    memory.pop("penalty_team", None)
    clear_penalties(night.state, "night")


def _leave(night: Night, name: str, why: str) -> None:
    player = night.state.players[name]
    if not player.alive:
        return
    night.outcome.remove(name)
    shown = None if name in night.hidden_roles else player.role  # FORUM-092: the bitten role stays hidden
    night.outcome.announce("killed", said("forum.killed_tonight", player=name), name, shown)
    night.note("apply", "effect", said("forum.leaves_game", player=name, why=why))


def convert(state: GameState, name: str, role: str, team: str) -> None:
    """Change a player's role and team; a walking basement follows him to his team (FORUM-130)."""
    player = state.players[name]
    player.role, player.team = role, team
    holders = state.memory.get("walking", {}).get("holders", [])
    if query.criminal_team(team) and f"player:{name}" in holders:
        holders[holders.index(f"player:{name}")] = f"team:{team}"
        state.memory["walking"]["ever"].append(f"team:{team}")


def _keep_duties(night: Night) -> None:
    """FORUM-059: next night the TW fires for tonight's shooters."""
    players = night.state.players
    night.state.memory["tw_duty"] = {tw: specs for tw, specs in night.next_duty.items() if players[tw].alive}


def _keep_bum_holders(night: Night) -> None:
    """FORUM-119..121, FORUM-152: a holder out at the end of the night holds nothing."""
    state = night.state
    kept = {}
    for bum, holder in night.bum_holders.items():
        who = _living_holder(state, holder)
        if not state.players[bum].alive or who is None:
            night.note("apply", "info", said("forum.nobody_holds_bum_vote_votes", player=bum))
            continue
        kept[bum] = who
        if who["kind"] == "team":
            tell_team(night.outcome, who["who"], bum, "bum")
        else:
            night.outcome.tell(who["who"], bum, "bum")
    state.memory["bum_votes"] = kept


def _living_holder(state: GameState, holder: dict[str, str]) -> dict[str, str] | None:
    """The holder, or the TW who fired for a chooser now out (FORUM-073)."""
    if holder["kind"] == "team":
        return {"kind": "team", "who": holder["who"]} if state.team_members(holder["who"]) else None
    for name in (holder["who"], holder.get("fallback", "")):
        if name and state.players[name].alive:
            return {"kind": "player", "who": name}
    return None


def tell_team(outcome: Outcome, team: str, about: str, result: str) -> None:
    """A team's feedback: one item to each living member (digest, Feedback)."""
    for member in outcome.state.team_members(team):
        outcome.tell(member.name, about, result)


def cop_lover_learns(outcome: Outcome, left: list[str]) -> None:
    """FORUM-114: the Cop's Lover learns her role in the step the Cop leaves."""
    state = outcome.state
    if not any(state.players[name].role == "cop" for name in left):
        return
    for lover in state.with_role("cop_lover"):
        outcome.tell(lover.name, lover.name, "cop_lover")
        outcome.note("apply", "info", said("forum.cop_left_learns_she_cop", player=lover.name))


def clear_penalties(state: GameState, phase: str) -> None:
    """A taken move is taken for one phase only (FORUM-154, FORUM-156)."""
    for player in state.players.values():
        counters = player.counters
        if "penalty_skip" in counters and counters["penalty_skip"] == phase:
            del counters["penalty_skip"]
