"""The site's statistics of finished games, by ruleset and player count:
how many were played, how many each side won, and how long they lasted.
The site statistics page shows them, and a balance simulator compares its
simulated games with them. Only finished games count; nothing of a seat,
an account or a running game is read. Nothing here writes.

The winning side of a finished game is ``Game.winner``: a team id of the
ruleset's ``TEAMS`` (the side whose members won), ``"draw"``, or empty
when the game ended without a recorded winner."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import Count, F, IntegerField, Max, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

import rulesets
from rulesets.core import RulesError

from ..models import Game, Phase, Player

DRAW = "draw"
SECONDS_PER_DAY = 86_400


@dataclass(frozen=True)
class PlayerCountStats:
    """The finished games of one ruleset played by ``players`` seated
    players.

    - ``games``: how many;
    - ``wins``: team id → how many of them that side won (every side of
      ``RulesetStats.sides``, 0 where it won none);
    - ``draws``: how many ended in a draw; the games neither won nor drawn
      (no recorded winner) are ``games - sum(wins) - draws``;
    - ``average_game_days``: the mean number of game days played (the
      last day phase's number; 0 for a game over before its first day),
      None when there are no games;
    - ``average_days``: the mean time from the start to the finish, in
      days of 24 hours (a float), over the games that recorded both
      moments; None when none did.
    """

    players: int
    games: int
    wins: dict[str, int]
    draws: int
    average_game_days: float | None
    average_days: float | None


@dataclass(frozen=True)
class RulesetStats:
    """A ruleset's finished games (``ruleset``: its id). ``sides``: the
    team ids that may win, in the order the ruleset declares them (then
    any other id found as a winner, for a ruleset no longer declared);
    ``rows``: by player count, fewest first."""

    ruleset: str
    sides: tuple[str, ...]
    rows: list[PlayerCountStats] = field(default_factory=list)

    @property
    def games(self) -> int:
        """The ruleset's finished games, every player count."""
        return sum(row.games for row in self.rows)


def _declared_sides(ruleset_id: str) -> tuple[str, ...]:
    """The team ids the ruleset declares; none for an unknown ruleset."""
    try:
        return tuple(rulesets.get(ruleset_id).TEAMS)
    except RulesError:
        return ()


def ruleset_stats() -> list[RulesetStats]:
    """Every ruleset with finished games, in the registry's order
    (``rulesets.ids()``; rulesets no longer registered last, by id), each
    with its rows by player count. One query: the games are grouped by
    ruleset, seated player count and winner, and counted, summed and timed
    in the database."""
    seated = (
        Player.objects.seated()
        .filter(game=OuterRef("pk"))
        .order_by()
        .values("game")
        .annotate(n=Count("pk"))
        .values("n")
    )
    last_day = (
        Phase.objects.filter(game=OuterRef("pk"), kind=Phase.Kind.DAY)
        .order_by()
        .values("game")
        .annotate(n=Max("number"))
        .values("n")
    )
    timed = Q(started_at__isnull=False, finished_at__isnull=False)
    groups = (
        Game.objects.filter(status=Game.Status.FINISHED)
        .annotate(
            seats=Coalesce(Subquery(seated, output_field=IntegerField()), Value(0)),
            days=Coalesce(Subquery(last_day, output_field=IntegerField()), Value(0)),
        )
        .order_by()
        .values("ruleset", "seats", "winner")
        .annotate(
            games=Count("pk"),
            game_days=Sum("days"),
            timed=Count("pk", filter=timed),
            length=Sum(F("finished_at") - F("started_at"), filter=timed),
        )
    )
    cells: dict[str, dict[int, dict[str, dict]]] = {}
    for group in groups:
        cells.setdefault(group["ruleset"], {}).setdefault(group["seats"], {})[group["winner"]] = group
    order = {ruleset_id: i for i, ruleset_id in enumerate(rulesets.ids())}
    out = []
    for ruleset_id in sorted(cells, key=lambda r: (order.get(r, len(order)), r)):
        by_count = cells[ruleset_id]
        declared = _declared_sides(ruleset_id)
        seen = sorted({w for groups_ in by_count.values() for w in groups_} - set(declared) - {DRAW, ""})
        sides = (*declared, *seen)
        out.append(RulesetStats(ruleset_id, sides, [_row(n, by_count[n], sides) for n in sorted(by_count)]))
    return out


def _row(players: int, by_winner: dict[str, dict], sides: tuple[str, ...]) -> PlayerCountStats:
    """One player count's row from its groups by winner."""
    games = sum(g["games"] for g in by_winner.values())
    timed = sum(g["timed"] for g in by_winner.values())
    length = sum((g["length"] or timedelta(0) for g in by_winner.values()), timedelta(0))
    game_days = sum(g["game_days"] or 0 for g in by_winner.values())
    return PlayerCountStats(
        players=players,
        games=games,
        wins={side: by_winner[side]["games"] if side in by_winner else 0 for side in sides},
        draws=by_winner[DRAW]["games"] if DRAW in by_winner else 0,
        average_game_days=round(game_days / games, 1) if games else None,
        average_days=round(length.total_seconds() / SECONDS_PER_DAY / timed, 1) if timed else None,
    )
