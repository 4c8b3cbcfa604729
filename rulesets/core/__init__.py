"""Shared vocabulary and machinery of the rules engines (no Django)."""

from .base import ActionSlot, Ruleset
from .model import (
    Ability,
    Action,
    Announcement,
    Feedback,
    GameState,
    Option,
    Outcome,
    PhaseInput,
    PlayerState,
    Rejection,
    Role,
    RulesError,
    ScheduleEntry,
    Team,
    TraceEntry,
)
from .options import OptionProblem

__all__ = [
    "Ability",
    "Action",
    "ActionSlot",
    "Announcement",
    "Feedback",
    "GameState",
    "Option",
    "OptionProblem",
    "Outcome",
    "PhaseInput",
    "PlayerState",
    "Rejection",
    "Role",
    "RulesError",
    "Ruleset",
    "ScheduleEntry",
    "Team",
    "TraceEntry",
]
