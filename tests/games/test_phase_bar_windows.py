"""The phase bar names the window its next deadline closes and the window
that opens after it, with that time in the game's time zone."""

from __future__ import annotations

import re

from django.test import Client

from games import flow
from games.models import Game

from .channel import phase_bar
from .test_every_ruleset import hosted_game


def _bar(game: Game) -> str:
    """The phase bar's text as a spectator reads it (tags and spaces collapsed)."""
    html = phase_bar(Client(), game)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _fire_next(game: Game) -> None:
    """The open phase's next pending deadline comes due and is resolved."""
    deadline = flow.current_phase(game).deadlines.filter(done_at__isnull=True).order_by("due_at").first()
    flow.resolve_due(now=deadline.due_at)
    game.refresh_from_db()


def test_piter_phase_bar_names_each_window_and_the_next(personas, make_user) -> None:
    """PITER-010, PITER-011, PITER-012, PITER-017: the bar says which window
    closes (discussion, nominations, defence, the vote) and which one opens
    next and when (16:00, 18:00, 19:00 Moscow time), the re-vote as held
    only on a tie."""
    game = hosted_game(personas["alice"], make_user, "piter", "", 10, seed=3)
    assert "closes: the night" in _bar(game)
    _fire_next(game)  # the first morning: day 1 opens
    bar = _bar(game)
    assert "closes: discussion" in bar and "then: nominations, from" in bar
    assert flow.local_deadline(game, flow.current_phase(game).deadlines.get(kind="nominations_open").due_at) in bar
    _fire_next(game)
    bar = _bar(game)
    assert "closes: nominations" in bar and "then: defence, from" in bar
    _fire_next(game)
    assert "closes: defence" in _bar(game) and "then: the vote, from" in _bar(game)
    _fire_next(game)
    assert "closes: the vote" in _bar(game)
    # PITER-017: a tie first gives the tied players their extra speech.
    assert "then: the extra speech of the tied players if the vote ties, otherwise the night, from" in _bar(game)


def test_cosmo_phase_bar_names_the_acquaintance_night_and_the_day(personas, make_user) -> None:
    """COSMO-005, COSMO-007: the acquaintance night's deadline closes it;
    the candidates' window of the day follows."""
    game = hosted_game(personas["alice"], make_user, "cosmo", "", 10, seed=3)
    bar = _bar(game)
    assert "closes: the acquaintance night" in bar and "then: discussion and nominations" in bar
    _fire_next(game)
    _fire_next(game)
    assert "then: the re-vote if the vote ties, otherwise the night" in _bar(game)
    _fire_next(game)  # the vote resolves the day: night 1 is open
    assert flow.current_phase(game).key == "night-1"
    assert "closes: the night" in _bar(game) and "closes: the re-vote" not in _bar(game)
