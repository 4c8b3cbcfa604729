"""Shared vocabulary and machinery of the rules engines (no Django)."""

from .base import Ruleset
from .choices_part import ActionSlot
from .day import Ballot, DayProcedure, VoteCount, VoteRow
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
    "Ballot",
    "DayProcedure",
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
    "VoteCount",
    "VoteRow",
]
