"""Seeded random games play exactly as recorded in ``tests/rulesets/golden``.

The records were made by ``python -m rulesets golden --write``; this test
only reads them. A rules change that alters games on purpose refreshes them
with that command, and the diff of the files shows which games changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulesets
from rulesets import golden


@pytest.mark.parametrize("rid", rulesets.ids())
def test_seeded_games_play_as_recorded(rid: str) -> None:
    """Every recorded game (a few hundred seeds over every player count) has
    the same inputs, outcomes, final state and winner, and the full records
    are identical."""
    games, problems = golden.compare(rid)
    assert games >= 200
    assert problems == []


def test_a_changed_game_is_reported(tmp_path: Path) -> None:
    """A record that no longer matches the code is named, with what differs."""
    content = json.loads(golden.path_for("piter").read_text(encoding="utf-8"))
    content["games"] = content["games"][:3]
    content["games"][1]["winner"] = "nobody"
    content["full"] = []
    golden.path_for("piter", tmp_path).write_text(json.dumps(content), encoding="utf-8")
    games, problems = golden.compare("piter", tmp_path)
    assert games == 3
    assert problems == [f"seed 1 ({content['games'][1]['players']} players): winner differ"]
