"""The toy ruleset's engine (rules TOY-001 to TOY-007, see the package)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rulesets.core import (
    Ability,
    Action,
    DayProcedure,
    GameState,
    Outcome,
    PhaseInput,
    Role,
    RulesError,
    Ruleset,
    ScheduleEntry,
    Team,
    said,
)
from rulesets.core.day import LAST_COUNTS
from rulesets.core.votes import sole_leader, tally

# TOY-002: players → wolves; the other seats are villagers.
COMPOSITION: dict[int, int] = {4: 1, 5: 1, 6: 2, 7: 2, 8: 2}

# Night resolution order: (step id, rule id, what it does).
ORDER = (
    ("kill", "TOY-005", "the wolves' choice is taken"),
    ("deaths", "TOY-005", "the wolves' victim leaves"),
)


class ToyRuleset(Ruleset):
    """Village against wolves: a lynch by plurality each day (TOY-004), the
    wolves' team kill each night (TOY-005), parity or extinction ends it
    (TOY-006)."""

    id = "toy"
    title: ClassVar[dict[str, str]] = {"ru": "Игрушечные волки", "zh": "玩具狼人", "en": "Toy wolves"}
    document = "tests/toy_ruleset"
    language = "en"
    MIN_PLAYERS = 4
    MAX_PLAYERS = 8
    TEAMS: ClassVar[dict[str, Team]] = {
        # TOY-001
        "village": Team("village", {"ru": "Деревня", "zh": "村庄", "en": "Village"}),
        "wolves": Team("wolves", {"ru": "Волки", "zh": "狼群", "en": "Wolves"}, room=True),
    }
    ROLES: ClassVar[dict[str, Role]] = {
        "villager": Role(
            "villager",
            {"ru": "Селянин", "zh": "村民", "en": "Villager"},
            ("village",),
            summary="Finds the wolves and hangs them by day (TOY-004).",
        ),
        "wolf": Role(
            "wolf",
            {"ru": "Волк", "zh": "狼", "en": "Wolf"},
            ("wolves",),
            ("hunt",),
            summary="Hunts a villager each night with the other wolves (TOY-005).",
        ),
    }
    ABILITIES: ClassVar[dict[str, Ability]] = {
        # TOY-005: one choice for the whole pack.
        "hunt": Ability("hunt", "night", {"ru": "Охота", "zh": "猎杀", "en": "Hunt"}, team=True),
    }
    SCHEDULE: ClassVar[tuple[ScheduleEntry, ...]] = (
        # TOY-007
        ScheduleEntry("vote", "21:00", "day", True, 10, {"ru": "Голосование", "zh": "投票", "en": "Vote closes"}),
        ScheduleEntry("night", "22:00", "night", True, 15, {"ru": "Конец ночи", "zh": "夜晚结束", "en": "Night ends"}),
    )
    ORDER = ORDER
    DAY = DayProcedure(
        change=LAST_COUNTS,
        self_vote=False,
        rule="TOY-003",
        law={
            "ru": "Голос можно менять до срока; считается последний (TOY-003).",
            "zh": "截止前可以改票，以最后一票为准（TOY-003）。",
            "en": "You may change your vote until the deadline; the last one counts (TOY-003).",
        },
    )
    MESSAGES: ClassVar[dict[str, str]] = {
        "wolf_target": "The wolves do not hunt one of their own (TOY-005).",
    }

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """The TOY-002 table: role id → count for ``n_players`` (4 to 8).
        Raises ``RulesError`` for another number of players."""
        if n_players not in COMPOSITION:
            raise RulesError(f"the toy game seats 4 to 8 players, not {n_players} (TOY-002)")
        wolves = COMPOSITION[n_players]
        return {"wolf": wolves, "villager": n_players - wolves}

    def validate(self, state: GameState, action: Action, phase: str) -> str | None:
        """The generic checks, and the wolves never name a wolf (TOY-005):
        a rejection reason code, or None."""
        reason = self.check_action(state, action, phase)
        if reason is None and any(state.players[t].team == "wolves" for t in action.targets()):
            return "wolf_target"
        return reason

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """TOY-004: the living voters' last ballots are tallied; the sole
        leader leaves with his role revealed, a tie hangs nobody."""
        players = outcome.state.players
        votes = {v: t for v, t in (step.votes or {}).items() if v in players and players[v].alive and v != t}
        totals = tally(votes)
        for name, n in totals.items():
            outcome.note("count", "info", said("toy.counted", rule="TOY-004", player=name, n=int(n)))
        leader = sole_leader(totals)
        if leader is None:
            line = said("toy.no_lynch", rule="TOY-004")
            outcome.note("eliminate", "info", line)
            outcome.announce("no_elimination", line)
            return
        outcome.remove(leader)
        line = said("toy.lynched", rule="TOY-004", player=leader, n=int(totals[leader]))
        outcome.note("eliminate", "effect", line)
        outcome.announce("eliminated", line, leader, players[leader].role)

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """TOY-005: the wolves' last valid choice kills its target; no
        choice kills nobody."""
        chosen = self.accept(outcome, step.actions, "night")
        if not chosen:
            line = said("toy.no_kill", rule="TOY-005")
            outcome.note("kill", "info", line)
            outcome.announce("info", line)
            return
        hunt = chosen[-1]
        victim = str(hunt.target)
        outcome.remove(victim)
        line = said("toy.wolves_kill", rule="TOY-005", player=victim)
        outcome.note("kill", "effect", line, hunt)
        outcome.announce("killed", line, victim, outcome.state.players[victim].role)

    def check_winner(self, state: GameState) -> str | None:
        """TOY-006: ``village`` with no wolf left, ``wolves`` at parity,
        else None."""
        wolves = len(state.team_members("wolves"))
        if wolves == 0:
            return "village"
        return "wolves" if wolves * 2 >= len(state.alive()) else None
