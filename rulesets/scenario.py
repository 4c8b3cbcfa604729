"""Play rule scenarios (``shared/spec/scenario-format.md``) through an engine.

``play_scenario(doc)`` turns one scenario document into its output line:
``{"id": ..., "steps": [STATE, ...]}``, or ``{"id": ..., "error": ...}``
for a malformed file (unknown ruleset, role, ability, player or field).
"""

from __future__ import annotations

from typing import Any

from . import get
from .core import Action, GameState, Outcome, PhaseInput, RulesError, Ruleset

SCENARIO_KEYS = {
    "id",
    "ruleset",
    "variant",
    "options",
    "source",
    "players",
    "steps",
    "description",
    "rule",
    "rules",
    "notes",
}
COMMON_STEP_KEYS = {"phase", "actions", "votes", "nominations", "revote", "expect", "note", "comment"}


def _votes(
    value: Any, state: GameState, label: str, words: frozenset[str] = frozenset()
) -> dict[str, str | None] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RulesError(f"{label} must be an object voter → target")
    for voter, target in value.items():
        if voter not in state.players:
            raise RulesError(f"unknown player {voter!r} in {label}")
        if target is not None and target not in state.players and target not in words:
            raise RulesError(f"unknown player {target!r} in {label}")
    return dict(value)


def parse_step(ruleset: Ruleset, state: GameState, raw: Any) -> PhaseInput:
    """One scenario step as a ``PhaseInput``; raises ``RulesError`` if malformed."""
    if not isinstance(raw, dict):
        raise RulesError("every step must be an object")
    unknown = set(raw) - COMMON_STEP_KEYS - ruleset.STEP_FIELDS
    if unknown:
        raise RulesError(f"unknown step field(s) {sorted(unknown)} for ruleset {ruleset.id}")
    phase = raw.get("phase")
    if phase not in ruleset.PHASES:
        raise RulesError(f"unknown phase {phase!r}")
    actions = [Action.from_dict(a) for a in raw.get("actions") or []]
    for action in actions:
        for name in [action.actor, *action.targets()] if action.actor else action.targets():
            if name not in state.players:
                raise RulesError(f"unknown player {name!r}")
        if action.ability not in ruleset.ABILITIES:
            raise RulesError(f"unknown ability {action.ability!r}")
        if action.team is not None and action.team not in ruleset.TEAMS:
            raise RulesError(f"unknown team {action.team!r}")
    nominations = raw.get("nominations")
    if nominations is not None:
        if not isinstance(nominations, list) or any(n not in state.players for n in nominations):
            raise RulesError("nominations must list players of the game")
    extra = {k: v for k, v in raw.items() if k in ruleset.STEP_FIELDS}
    return PhaseInput(
        phase,
        actions,
        _votes(raw.get("votes"), state, "votes"),
        nominations,
        _votes(raw.get("revote"), state, "revote", ruleset.REVOTE_CHOICES),
        extra,
    )


def play_scenario(doc: Any, seed: int = 0) -> dict[str, Any]:
    """Play one scenario; never raises for a malformed file (see module doc).
    ``seed``: the game's seed for the engine's own draws (the site's game
    seed; scenario files carry none, so 0 by default)."""
    sid = doc.get("id") if isinstance(doc, dict) else None
    try:
        if not isinstance(doc, dict):
            raise RulesError("a scenario must be a JSON object")
        unknown = set(doc) - SCENARIO_KEYS
        if unknown:
            raise RulesError(f"unknown scenario field(s) {sorted(unknown)}")
        ruleset = get(doc.get("ruleset", ""))
        players = doc.get("players")
        if not isinstance(players, list) or not players:
            raise RulesError("a scenario needs a list of players")
        seats = []
        for p in players:
            if not isinstance(p, dict) or "name" not in p or "role" not in p:
                raise RulesError(f"a player needs a name and a role: {p!r}")
            seats.append((p["name"], p["role"], p.get("team")))
        state = ruleset.new_game(seats, doc.get("variant"), doc.get("options") or {}, seed=seed)
        states = []
        for raw in doc.get("steps") or []:
            step = parse_step(ruleset, state, raw)
            outcome: Outcome = ruleset.resolve(state, step)
            states.append(outcome.to_state_dict())
            state = outcome.state
        return {"id": sid, "steps": states}
    except RulesError as exc:
        return {"id": sid, "error": str(exc)}
