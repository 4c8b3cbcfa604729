"""Shared vocabulary and machinery of the rules engines (no Django)."""

from . import messages  # noqa: F401  (registers the shared message codes)
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
from .rule_texts import RuleSection, RuleText
from .said import Said, said

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
    "RuleSection",
    "RuleText",
    "RulesError",
    "Said",
    "Ruleset",
    "ScheduleEntry",
    "Team",
    "TraceEntry",
    "VoteCount",
    "VoteRow",
    "said",
]
