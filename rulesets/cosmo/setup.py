"""Setup of a КосмоМафия game: the setup table, options and forum schedule.

The setup table (§9, «Подготовка к игре») is a recommendation (COSMO-003):
``composition`` proposes a deal from it and ``check_table`` enforces it only
when the game switches on ``enforce_setup_table``. Doctor and plague doctor
never sit at one table (COSMO-004), whatever the options.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulesets.core import GameState, Option, RulesError, ScheduleEntry
from rulesets.core.said import gettext_noop

from .roles import CRIMINAL_TEAMS, ROLES, SPECIAL_CRIMINALS, SPECIAL_TOWN

OPTIONS: dict[str, Option] = {
    "enforce_setup_table": Option(
        "enforce_setup_table",
        {"ru": "Строго по таблице подготовки", "en": "Enforce the setup table", "zh": "严格按照准备表"},
        "bool",
        False,
        help=gettext_noop("Refuse a deal whose counts do not fit the setup table (COSMO-003, §9)."),
    ),
}


@dataclass(frozen=True)
class TableRow:
    """One row of the setup table (§9): counts for ``players`` seats.

    ``town`` includes the one ``commissar``; ``special_town`` and
    ``special_criminals`` are the most «особые» roles of each side allowed
    (the least is always 0).
    """

    players: int
    town: int
    commissar: int
    special_town: int
    criminals: int
    special_criminals: int


# «Число игроков (без ведущего) | Мирные: всего, комиссар, особые | Преступники: всего, особые»
SETUP_TABLE: dict[int, TableRow] = {
    row[0]: TableRow(*row)
    for row in (
        (6, 4, 1, 0, 2, 0),
        (7, 5, 1, 0, 2, 1),
        (8, 5, 1, 1, 3, 1),
        (9, 6, 1, 1, 3, 1),
        (10, 7, 1, 1, 3, 1),
        (11, 7, 1, 1, 4, 1),
        (12, 8, 1, 1, 4, 1),
        (13, 9, 1, 1, 4, 1),
        (14, 9, 1, 1, 5, 1),
        (15, 10, 1, 1, 5, 1),
        (16, 11, 1, 1, 5, 1),
    )
}


def table_row(n_players: int) -> TableRow:
    """The setup-table row for ``n_players``; raises ``RulesError`` outside 6–16."""
    if n_players not in SETUP_TABLE:
        raise RulesError(f"the cosmo setup table covers 6 to 16 players, not {n_players}")
    return SETUP_TABLE[n_players]


def composition(n_players: int, specials: Iterable[str] = ()) -> dict[str, int]:
    """A deal for ``n_players`` from the setup table: role id → count.

    ``specials`` lists at most one special citizen and one special criminal
    (role ids of ``SPECIAL_TOWN``/``SPECIAL_CRIMINALS``) where the row allows
    them; they replace a citizen or a mafioso. Raises ``RulesError`` for a
    count outside 6–16, an unknown or non-special role, or more specials than
    the row allows (§9, COSMO-003, COSMO-004).
    """
    row = table_row(n_players)
    deal = {"commissar": row.commissar, "citizen": row.town - row.commissar, "mafioso": row.criminals}
    for role in specials:
        if role in SPECIAL_TOWN:
            deal["citizen"] -= 1
        elif role in SPECIAL_CRIMINALS:
            deal["mafioso"] -= 1
        else:
            raise RulesError(f"{role!r} is not a special role of the cosmo setup table")
        deal[role] = deal.get(role, 0) + 1
    problem = table_problem(n_players, deal)
    if problem:
        raise RulesError(problem)
    return {role: count for role, count in deal.items() if count}


def table_problem(n_players: int, deal: Mapping[str, int]) -> str | None:
    """Why ``deal`` (role id → count) breaks the setup table, or None (§9, COSMO-004)."""
    if deal.get("doctor") and deal.get("plague_doctor"):
        return "a doctor and a plague doctor never play in the same game (COSMO-004)"
    row = table_row(n_players)
    town = sum(n for r, n in deal.items() if ROLES[r].team == "town")
    criminals = sum(n for r, n in deal.items() if ROLES[r].team in CRIMINAL_TEAMS)
    counts = (
        ("citizens", town, row.town, row.town),
        ("commissars", deal.get("commissar", 0), row.commissar, row.commissar),
        ("special citizens", sum(deal.get(r, 0) for r in SPECIAL_TOWN), 0, row.special_town),
        ("criminals", criminals, row.criminals, row.criminals),
        ("special criminals", sum(deal.get(r, 0) for r in SPECIAL_CRIMINALS), 0, row.special_criminals),
    )
    for label, got, low, high in counts:
        if not low <= got <= high:
            wanted = str(low) if low == high else f"{low}-{high}"
            return f"the setup table for {n_players} players wants {wanted} {label}, not {got} (§9)"
    return None


def check_seating(state: GameState) -> None:
    """Refuse a forbidden seating: raises ``RulesError`` (COSMO-004; §9 when
    ``enforce_setup_table`` is on)."""
    deal: dict[str, int] = {}
    for player in state.players.values():
        deal[player.role] = deal.get(player.role, 0) + 1
    if deal.get("doctor") and deal.get("plague_doctor"):
        raise RulesError("a doctor and a plague doctor never play in the same game (COSMO-004)")
    if state.option("enforce_setup_table"):
        problem = table_problem(len(state.players), deal)
        if problem:
            raise RulesError(problem)


# Forum deadlines (§2), in hours after the start of the phase they close.
DEFAULT_HOURS: dict[str, int] = {
    "acquaintance": 24,
    "discussion": 36,
    "vote": 12,
    "revote": 12,
    "night": 24,
}

_NAMES: dict[str, dict[str, str]] = {
    "acquaintance": {"ru": "Ночь знакомств", "zh": "相识之夜", "en": "Acquaintance night"},
    "discussion": {"ru": "Обсуждение и кандидаты", "zh": "讨论与候选人", "en": "Discussion and nominations"},
    "vote": {"ru": "Голосование", "zh": "投票", "en": "Vote"},
    "revote": {"ru": "Повторное голосование", "zh": "重新投票", "en": "Re-vote"},
    "night": {"ru": "Ночь", "zh": "夜晚", "en": "Night"},
}

# (deadline, phase it closes, resolves that phase?) in the order of a round.
_DEADLINES: tuple[tuple[str, str, bool], ...] = (
    ("acquaintance", "night", False),  # COSMO-005: nothing to resolve
    ("discussion", "day", False),  # COSMO-007: nominations lock
    ("vote", "day", True),  # COSMO-012: resolves unless the vote ties
    ("revote", "day", True),  # COSMO-013, COSMO-014: only held on a tie
    ("night", "night", True),  # §6: the GM resolves the night
)


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def schedule(hours: Mapping[str, int] | None = None, fast_minutes_per_hour: int = 1) -> tuple[ScheduleEntry, ...]:
    """The forum deadlines (§2) as ``ScheduleEntry`` rows.

    ``hours`` overrides ``DEFAULT_HOURS`` per deadline (the digest lets a game
    change them). The acquaintance night is timed from the deal; the other
    rows from the start of the game day (the morning post), so ``time`` is an
    offset ``"HH:MM"`` whose hours may pass 24. ``fast_minutes`` is the same
    offset on a turbo schedule, one minute per forum hour by default.
    Raises ``RulesError`` for an unknown deadline or a non-positive length.
    """
    lengths = {**DEFAULT_HOURS, **(hours or {})}
    unknown = set(lengths) - set(DEFAULT_HOURS)
    if unknown or any(h <= 0 for h in lengths.values()):
        raise RulesError(f"bad cosmo deadlines {dict(lengths)}")
    rows: list[ScheduleEntry] = []
    offset = 0
    for key, closes, resolves in _DEADLINES:
        offset = lengths[key] if key == "acquaintance" else offset + lengths[key]
        rows.append(
            ScheduleEntry(key, _clock(offset * 60), closes, resolves, offset * fast_minutes_per_hour, _NAMES[key])  # type: ignore[arg-type]
        )
        if key == "acquaintance":
            offset = 0
    return tuple(rows)


# The window each deadline closes (``Ruleset.WINDOWS``), cosmo §2: «Ночь
# знакомств» (COSMO-005), «Обсуждение и кандидаты» (COSMO-007),
# «Голосование» (COSMO-012), «Повторное голосование» (COSMO-013).
WINDOWS: dict[str, str] = {
    "acquaintance": gettext_noop("the acquaintance night"),
    "discussion": gettext_noop("discussion and nominations"),
    "revote": gettext_noop("the re-vote"),
}


SCHEDULE: tuple[ScheduleEntry, ...] = schedule()
