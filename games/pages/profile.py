"""An account's public profile: its finished games whose accounts were
revealed (``access.revealed_seats``), with the names of their rulesets,
roles, sides and results in the reader's language, and its totals by
ruleset and by side."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from django.utils.translation import pgettext

import rulesets
from rulesets.core import RulesError, Ruleset

from .. import languages
from ..names import localized, role_name, team_name
from ..reads import profiles


def result_label(result: str) -> str:
    """A seat's result (``profiles.WON``…) as the reader reads it."""
    labels = {
        profiles.WON: pgettext("result of a game", "won"),
        profiles.LOST: pgettext("result of a game", "lost"),
        profiles.DRAW: pgettext("result of a game", "draw"),
    }
    return labels.get(result, pgettext("result of a game", "no result"))


def engine(ruleset_id: str) -> Ruleset | None:
    """The ruleset ``ruleset_id``, or None when this site no longer knows it
    (its ids are then shown as they are)."""
    try:
        return rulesets.get(ruleset_id)
    except RulesError:
        return None


def ruleset_label(ruleset: Ruleset | None, ruleset_id: str) -> str:
    """The ruleset's display name in the reader's language."""
    return localized(ruleset.title, ruleset_id) if ruleset else ruleset_id


def side_label(ruleset: Ruleset | None, team: str) -> str:
    """A team id's display name in the reader's language."""
    return team_name(ruleset, team) if ruleset else team


def _end_date(game: profiles.PlayedGame) -> str:
    """The day the game finished, in the zone the reader reads times in
    (else the game's own): ``2026-11-20``; "" when not recorded."""
    if game.finished_at is None:
        return ""
    return game.finished_at.astimezone(ZoneInfo(languages.viewer_zone() or game.timezone)).strftime("%Y-%m-%d")


def profile(account: Any, hidden: bool, is_owner: bool) -> dict[str, Any]:
    """The profile page's context (two queries): ``username``; ``games``,
    the revealed finished games, the latest first, each a dict of
    ``slug``, ``title``, ``ruleset``, ``nickname``, ``role``, ``side``,
    ``result`` (a label), ``result_id`` (``profiles.WON``…) and ``ended``
    (a date); ``by_ruleset`` and ``by_side``: totals (``ruleset``, ``side``
    for the latter, ``games``, ``wins``); ``is_owner`` and ``hidden`` (the
    owner's notice that nobody else sees the page)."""
    played = profiles.played_games(account.pk)
    sides = profiles.side_totals(account.pk)
    engines = {r: engine(r) for r in {g.ruleset for g in played} | {t.ruleset for t in sides}}
    games = [
        {
            "slug": g.slug,
            "title": g.title,
            "ruleset": ruleset_label(engines[g.ruleset], g.ruleset),
            "nickname": g.nickname,
            "role": role_name(engines[g.ruleset], g.role) if engines[g.ruleset] else g.role,
            "side": side_label(engines[g.ruleset], g.team),
            "result": result_label(g.result),
            "result_id": g.result,
            "ended": _end_date(g),
        }
        for g in played
    ]
    by_side = [
        {
            "ruleset": ruleset_label(engines[t.ruleset], t.ruleset),
            "side": side_label(engines[t.ruleset], t.team),
            "games": t.games,
            "wins": t.wins,
        }
        for t in sides
    ]
    by_ruleset = [
        {"ruleset": ruleset_label(engines[t.ruleset], t.ruleset), "games": t.games, "wins": t.wins}
        for t in profiles.ruleset_totals(sides)
    ]
    return {
        "username": account.get_username(),
        "games": games,
        "by_ruleset": by_ruleset,
        "by_side": by_side,
        "is_owner": is_owner,
        "hidden": hidden,
    }
