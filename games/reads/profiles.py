"""An account's record of play, as its public profile shows it: the
finished games whose accounts were revealed, each with the game nickname,
the role and team the seat ended with and the result, and the totals by
ruleset and by side. Only the seats ``access.revealed_seats`` lets out
are read. Nothing here writes.

A seat's side is its team (``Player.team``, a team id of the ruleset's
``TEAMS``, as the ruleset's state left it at the end); the game's winner
(``Game.winner``) is the winning team's id or ``"draw"``: the seat won
when its team is the winner, drew on a draw, and lost otherwise."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Case, CharField, Count, F, Q, Value, When

from ..access import revealed_seats

WON, LOST, DRAW = "won", "lost", "draw"
# A finished game whose winner was not recorded.
NO_RESULT = ""
DRAW_WINNER = "draw"


@dataclass(frozen=True)
class PlayedGame:
    """One seat of the account in a finished game that revealed its
    accounts. ``ruleset``, ``role`` and ``team`` are ids of the ruleset's
    declarations; ``result`` is ``WON``, ``LOST``, ``DRAW`` or
    ``NO_RESULT``; ``finished_at`` is aware UTC (None for a game finished
    before the site kept the moment); ``timezone`` the game's IANA zone."""

    slug: str
    title: str
    ruleset: str
    variant: str
    nickname: str
    role: str
    team: str
    result: str
    finished_at: datetime | None
    timezone: str


@dataclass(frozen=True)
class Total:
    """Games played and won: by side (``team`` a team id) or, with
    ``team`` empty, by ruleset."""

    ruleset: str
    team: str
    games: int
    wins: int


def _result() -> Case:
    """The seat's result, computed in the database."""
    return Case(
        When(game__winner=DRAW_WINNER, then=Value(DRAW)),
        When(game__winner="", then=Value(NO_RESULT)),
        When(team=F("game__winner"), then=Value(WON)),
        default=Value(LOST),
        output_field=CharField(),
    )


def played_games(account_id: int) -> list[PlayedGame]:
    """The account's revealed finished games, the latest first (one query)."""
    rows = (
        revealed_seats(account_id)
        .annotate(result=_result())
        .order_by(F("game__finished_at").desc(nulls_last=True), "-game_id")
        .values_list(
            "game__slug",
            "game__title",
            "game__ruleset",
            "game__variant",
            "nickname",
            "role",
            "team",
            "result",
            "game__finished_at",
            "game__timezone",
        )
    )
    return [PlayedGame(*row) for row in rows]


def side_totals(account_id: int) -> list[Total]:
    """Games and wins of the account's revealed finished games by ruleset
    and side (team id), counted in the database (one query), in ruleset
    then team order."""
    rows = (
        revealed_seats(account_id)
        .order_by()
        .values("game__ruleset", "team")
        .annotate(games=Count("pk"), wins=Count("pk", filter=Q(team=F("game__winner"))))
        .order_by("game__ruleset", "team")
    )
    return [Total(r["game__ruleset"], r["team"], r["games"], r["wins"]) for r in rows]


def ruleset_totals(sides: list[Total]) -> list[Total]:
    """The totals by ruleset (``team`` empty), summed from ``side_totals``,
    in the same ruleset order."""
    out: dict[str, Total] = {}
    for total in sides:
        known = out.get(total.ruleset)
        games, wins = (known.games, known.wins) if known else (0, 0)
        out[total.ruleset] = Total(total.ruleset, "", games + total.games, wins + total.wins)
    return list(out.values())
