"""``Ruleset.describe()`` hands out the declarations of a cached engine:
what a caller does with them must never change the rules of other games."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import rulesets


def _scribble(value: Any) -> None:
    """Edit every dict and list inside ``value`` in place, as a careless caller would."""
    if isinstance(value, dict):
        for key in list(value):
            if isinstance(value[key], (dict, list)):
                _scribble(value[key])
            else:
                value[key] = "changed"
        value["added"] = "changed"
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("changed")


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_editing_what_describe_returns_leaves_the_engine_unchanged(ruleset_id: str) -> None:
    """A caller that edits the described teams, roles, abilities, options or
    schedule (nested names included) changes neither the engine's own
    declarations nor what the next caller is handed."""
    engine = rulesets.get(ruleset_id)
    before = copy.deepcopy(engine.describe())
    declared = copy.deepcopy((engine.TEAMS, engine.ROLES, engine.ABILITIES, engine.OPTIONS, engine.title))
    _scribble(engine.describe())
    assert engine.describe() == before
    assert (engine.TEAMS, engine.ROLES, engine.ABILITIES, engine.OPTIONS, engine.title) == declared
