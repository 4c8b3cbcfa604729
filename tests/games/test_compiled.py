"""Queries compiled once (``games.compiled``) give what the queryset
itself gives, run after run, with the converters of their columns worked
out once: JSON columns come back as lists and moments as aware datetimes."""

from __future__ import annotations

import pytest
from django.db.models.sql.compiler import SQLCompiler

from games import flow
from games.compiled import Compiled
from games.models import Phase, Player

pytestmark = pytest.mark.django_db


def _rows(phases: list[Phase]) -> list[tuple]:
    return [(p.pk, p.kind, p.number, p.slots, p.votes, p.opened_at, p.resolved_at, p.seats) for p in phases]


def test_a_compiled_query_gives_the_querysets_rows_on_every_run(forum_game, monkeypatch) -> None:
    """Each run with new values gives the queryset's own rows (the phase's
    stored choices and count as JSON, its moments aware, an annotation),
    and only the first run asks the columns for their converters."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Bonnie"], target=seats["Clyde"])
    flow.phase_resolve_now(game=game)

    def query(game_id: int, number: int):
        from django.db.models import Count

        return Phase.objects.filter(game_id=game_id, number__gte=number).annotate(seats=Count("game__players"))

    compiled = Compiled(query)
    asked = []
    own = SQLCompiler.get_converters

    def counted(self, expressions):
        asked.append(len(expressions))
        return own(self, expressions)

    monkeypatch.setattr(SQLCompiler, "get_converters", counted)
    first = compiled.run(game.pk, 1)
    assert asked  # the shape's converters, worked out once
    asked.clear()
    for number in (1, 2, 1):
        assert _rows(compiled.run(game.pk, number)) == _rows(list(query(game.pk, number).order_by("id")))
    assert _rows(first) == _rows(list(query(game.pk, 1)))
    found = compiled.run(game.pk, 1)
    assert isinstance(found[0].slots, list) and found[0].opened_at.tzinfo is not None
    assert found[0].seats == Player.objects.filter(game=game).count()
    # The plain querysets above asked; the compiled runs did not.
    plain = len(asked)
    compiled.run(game.pk, 1)
    assert len(asked) == plain
