"""The site statistics page: for each ruleset, its finished games by
player count (``reads.stats.ruleset_stats``) as two server-rendered bar
charts (the wins of each side stacked into each player count's games, and
the average length in game days), each beside a table of the same figures.
The sides shown are those that won at least one of the ruleset's games.
The charts are plain SVG geometry computed here; no script draws them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ..reads.stats import PlayerCountStats, RulesetStats, ruleset_stats
from .profile import engine, ruleset_label, side_label

# The chart's drawing, in SVG user units (it scales to the page's width).
WIDTH = 420
LABEL_WIDTH = 96  # the player count's label, left of the bars
VALUE_WIDTH = 40  # the figure after each bar
ROW_HEIGHT = 30
BAR_HEIGHT = 20
PAD = 6
BARS_WIDTH = WIDTH - LABEL_WIDTH - VALUE_WIDTH
# Colours told apart by colour-blind readers (Okabe and Ito), for the
# sides in declared order; draws and games without a result in greys.
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7a5c00", "#000000")
DRAW_COLOUR = "#8c8c8c"
NONE_COLOUR = "#d0d0d0"
LENGTH_COLOUR = "#2b2320"


def _bar_rows(values: list[tuple[str, list[tuple[float, str, str]], str]], scale: float) -> list[dict[str, Any]]:
    """Each row's label, segments and figure, laid out: ``values`` holds per
    row its label, its segments ``(value, colour, title)`` and the figure
    written after the bar; ``scale`` the value filling the bars' width."""
    rows = []
    for i, (label, segments, figure) in enumerate(values):
        y = PAD + i * ROW_HEIGHT
        x, drawn = float(LABEL_WIDTH), []
        for value, colour, title in segments:
            width = BARS_WIDTH * value / scale if scale else 0
            if width > 0:
                drawn.append({"x": round(x, 2), "width": round(width, 2), "colour": colour, "title": title})
            x += width
        rows.append(
            {
                "label": label,
                "label_y": y + BAR_HEIGHT / 2 + 5,
                "bar_y": y,
                "segments": drawn,
                "figure": figure,
                "figure_x": round(x + 6, 2),
            }
        )
    return rows


def _chart(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The chart's frame around its laid-out rows."""
    return {
        "rows": rows,
        "width": WIDTH,
        "height": PAD * 2 + len(rows) * ROW_HEIGHT,
        "bar_height": BAR_HEIGHT,
        "label_x": LABEL_WIDTH - 8,
    }


def players_label(n: int) -> str:
    """A player count as the charts and tables name it: "Players: 7"."""
    return _("Players: %(n)d") % {"n": n}


def _days(value: float | None) -> str:
    """An average in days as the tables write it; "—" for none."""
    return "—" if value is None else f"{value:.1f}"


def _ruleset_block(stats: RulesetStats, index: int) -> dict[str, Any]:
    """One ruleset's heading, legend, charts and table."""
    ruleset = engine(stats.ruleset)
    title = ruleset_label(ruleset, stats.ruleset)
    # The sides that won a game here (a ruleset may declare many that
    # seldom play), each keeping its colour whatever the others do.
    sides = [
        {"id": side, "name": side_label(ruleset, side), "colour": PALETTE[i % len(PALETTE)]}
        for i, side in enumerate(stats.sides)
        if any(row.wins[side] for row in stats.rows)
    ]
    draw, none = _("Draw"), _("No result")
    rows: list[PlayerCountStats] = stats.rows
    has_none = any(row.games - sum(row.wins.values()) - row.draws for row in rows)
    wins = _bar_rows(
        [
            (
                players_label(row.players),
                [(row.wins[s["id"]], s["colour"], f"{s['name']}: {row.wins[s['id']]}") for s in sides]
                + [(row.draws, DRAW_COLOUR, f"{draw}: {row.draws}")]
                + [(row.games - sum(row.wins.values()) - row.draws, NONE_COLOUR, none)],
                str(row.games),
            )
            for row in rows
        ],
        max((row.games for row in rows), default=0),
    )
    lengths = _bar_rows(
        [
            (
                players_label(row.players),
                [(row.average_game_days or 0, LENGTH_COLOUR, "")],
                _days(row.average_game_days),
            )
            for row in rows
        ],
        max((row.average_game_days or 0 for row in rows), default=0),
    )
    return {
        "key": f"r{index}",
        "title": title,
        "games": stats.games,
        "sides": sides,
        "draw_colour": DRAW_COLOUR,
        "none_colour": NONE_COLOUR if has_none else "",
        "wins_chart": _chart(wins),
        "length_chart": _chart(lengths),
        "rows": [
            {
                "players": row.players,
                "games": row.games,
                "wins": [row.wins[s["id"]] for s in sides],
                "draws": row.draws,
                "game_days": _days(row.average_game_days),
                "days": _days(row.average_days),
            }
            for row in rows
        ],
    }


def site_stats() -> dict[str, Any]:
    """The statistics page's context (one query): ``rulesets``, one block
    per ruleset with finished games, each with its ``title``, ``games``,
    ``sides`` (``name``, ``colour``), its two charts' geometry
    (``wins_chart``, ``length_chart``) and its table's ``rows``."""
    return {"rulesets": [_ruleset_block(stats, i) for i, stats in enumerate(ruleset_stats())]}
