"""What one forum night marks before it takes effect (FORUM-010, FORUM-031).

``Shot`` is one accepted shot and ``Night`` everything the night's steps
mark (shots, protections, deaths, conversions) until ``effects.apply_night``
applies them together. The night's steps (``night``), the judging of shots
(``judge``) and the final effects (``effects``) all read these records, so
they live below those three modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulesets.core import Action, GameState, Outcome, PhaseInput


@dataclass(slots=True)
class Shot:
    """One accepted shot: ``kind`` is ``cop``, ``sniper``, ``team``, ``maniac``,
    ``zombie`` or ``avenger``; ``shooter`` the player who fired (None for a
    team's own shot); ``via_tw`` the Tin Woodman firing on duty."""

    kind: str
    target: str
    action: Action
    shooter: str | None = None
    team: str | None = None
    via_tw: str | None = None
    deal: bool = False
    void: bool = False

    @property
    def label(self) -> str:
        """``team:X`` for a team's shot, else the kind (digest's S sets)."""
        return f"team:{self.team}" if self.kind == "team" else self.kind

    @property
    def firer(self) -> str | None:
        """The player who pulled the trigger: the TW on duty, else the shooter."""
        return self.via_tw or self.shooter


@dataclass(slots=True)
class Night:
    """Everything marked during one night before it takes effect."""

    outcome: Outcome
    step: PhaseInput
    start: dict[str, tuple[str, str]]
    on_duty: dict[str, dict[str, str]]
    actions: list[Action] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    protected: dict[str, str] = field(default_factory=dict)
    deaths: dict[str, str] = field(default_factory=dict)
    hidden_roles: set[str] = field(default_factory=set)
    conversions: list[tuple[str, str, str]] = field(default_factory=list)
    next_duty: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    bum_holders: dict[str, dict[str, Any]] = field(default_factory=dict)
    team_tells: list[tuple[str, str, str]] = field(default_factory=list)
    walking_grants: list[str] = field(default_factory=list)
    # The working state (a copy of the input state): ``outcome.state``, kept at hand.
    state: GameState = field(init=False)

    def __post_init__(self) -> None:
        """Keep the working state at hand."""
        self.state = self.outcome.state

    def role(self, name: str) -> str:
        """The role at the start of the night."""
        return self.start[name][0]

    def team(self, name: str) -> str:
        """The side a shot meets: the TW on duty counts as his chooser's side (FORUM-062, FORUM-082)."""
        spec = self.on_duty.get(name)
        if spec is None:
            return self.start[name][1]
        return {"team": spec["who"], "maniac": "maniac", "zombie": "zombie"}.get(spec["kind"], "town")

    def acting_cop(self, name: str) -> bool:
        """The Cop or the acting Assistant at the start of the night (FORUM-040)."""
        role = self.role(name)
        if role != "cop_assistant":
            return role == "cop"
        players = self.outcome.state.players
        for n, (r, _) in self.start.items():
            if r == "cop" and players[n].alive:
                return False  # a Cop of the night's start still in the game acts himself
        return True

    def mark_death(self, name: str, why: str) -> None:
        """Mark ``name`` to leave at the end of the night (first reason kept)."""
        self.deaths.setdefault(name, why)

    def convert(self, name: str, role: str, team: str) -> None:
        """Mark a change of role and team, applied at the end of the night."""
        self.conversions.append((name, role, team))

    def note(self, step: str, result: Any, text: str, action: Action | None = None, by: str | None = None) -> None:
        """A trace line for the host."""
        self.outcome.note(step, result, text, action, by)
