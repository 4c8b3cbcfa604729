"""The records a resolution hands out (choices, slots, trace lines, results,
rejections, announcements) are frozen values with slotted fields.

These tests pin that the records behave as frozen dataclasses: equal by
value, hashable, immutable, copied and pickled whole, and built the same
way whether the constructor or an ``Outcome`` helper makes them.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from rulesets.core import (
    Action,
    ActionSlot,
    Announcement,
    Feedback,
    GameState,
    Outcome,
    PlayerState,
    Rejection,
    TraceEntry,
    said,
)

KILL = Action("kill", "P1", None, "P2")
RECORDS = [
    KILL,
    Action("pair", "P1", target=("P2", "P3")),
    ActionSlot("kill", ("P2", "P3"), "P1"),
    Feedback("P1", "P2", "mafia"),
    Rejection(KILL, "self_target", "You cannot choose yourself."),
    TraceEntry("kill", "effect", "P1 kills P2 (RULE-1).", KILL, "P1"),
    Announcement("killed", "P2 was killed.", "P2", "citizen"),
]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: type(r).__name__)
def test_records_are_frozen_slotted_values(record: object) -> None:
    """Each record equals its rebuild from its fields, hashes like it,
    refuses a change, keeps no instance dict, and survives copy and pickle."""
    fields = {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}
    rebuilt = type(record)(**fields)
    assert rebuilt == record and type(rebuilt) is type(record)
    if all(not isinstance(v, list) for v in fields.values()):
        assert hash(rebuilt) == hash(record)
    for name in fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, name, "changed")
    assert not hasattr(record, "__dict__")
    assert copy.copy(record) == record
    assert copy.deepcopy(record) == record
    assert pickle.loads(pickle.dumps(record)) == record  # noqa: S301 (our own bytes)
    assert dataclasses.replace(record) == record
    assert repr(record).startswith(type(record).__name__ + "(")


def test_constructor_defaults_are_kept() -> None:
    """Fields left out take their declared defaults."""
    assert Action("vote") == Action("vote", None, None, None)
    assert ActionSlot("vote", ()).targets == 1
    assert TraceEntry("s", "info", "text") == TraceEntry("s", "info", "text", None, None)
    assert Announcement("info", "text") == Announcement("info", "text", None, None)


def test_outcome_helpers_build_the_same_records() -> None:
    """``note``, ``reject``, ``tell`` and ``announce`` hand out records equal
    to the constructed ones, of the record classes themselves."""
    outcome = Outcome(GameState("x", None, {}, {"P1": PlayerState("P1", "citizen", "town")}))
    outcome.note("kill", "effect", "P1 kills P2 (RULE-1).", KILL, "P1")
    outcome.reject(KILL, "self_target", "You cannot choose yourself.", step="check")
    outcome.tell("P1", "P2", "mafia")
    outcome.announce("killed", "P2 was killed.", "P2", "citizen")
    assert outcome.trace == [
        TraceEntry("kill", "effect", "P1 kills P2 (RULE-1).", KILL, "P1"),
        TraceEntry("check", "rejected", said("core.refusal", message="You cannot choose yourself."), KILL, None),
    ]
    assert outcome.trace[1].text == "You cannot choose yourself."
    assert outcome.rejected == [Rejection(KILL, "self_target", "You cannot choose yourself.")]
    assert outcome.feedback == [Feedback("P1", "P2", "mafia")]
    assert outcome.announcements == [Announcement("killed", "P2 was killed.", "P2", "citizen")]
    assert [type(t) for t in outcome.trace] == [TraceEntry, TraceEntry]
    assert outcome.to_state_dict()["rejected"] == [
        {"actor": "P1", "ability": "kill", "target": "P2", "reason": "self_target"}
    ]
