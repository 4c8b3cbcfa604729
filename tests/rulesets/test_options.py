"""House rules are checked against each ruleset's declared options
(``Ruleset.validate_options``): kinds, ranges, choices and seated nicknames,
for all five rulesets. A bad value is refused with a sentence naming the
option, so that a game cannot start with options its engine cannot read."""

from __future__ import annotations

from typing import Any

import pytest

import rulesets
from rulesets.core import Option, RulesError

SEATED = ("Ann", "Bob", "Cid")
WRONG_JSON = [True, 7, 2.5, "text", [], {}, ["x"], {"k": 1}]

DECLARED = [(rid, spec) for rid in rulesets.ids() for spec in rulesets.get(rid).OPTIONS.values()]
IDS = [f"{rid}.{spec.id}" for rid, spec in DECLARED]


def good_value(spec: Option) -> Any:
    """A value the declaration allows, other than None."""
    if spec.kind == "bool":
        return True
    if spec.kind in ("int", "choice"):
        return spec.choices[-1] if spec.choices else (spec.max_value if spec.max_value is not None else 1)
    if spec.kind == "time":
        return "23:59"
    if spec.kind == "list":
        return list(spec.choices[:2])
    if spec.kind == "dict":
        return {key: "Bob" if kind == "nickname" else 2 for key, kind in spec.fields}
    raise AssertionError(f"undeclared kind {spec.kind}")


def bad_values(spec: Option) -> list[Any]:
    """Values of the wrong kind, out of range or off the choices."""
    wrong = [v for v in WRONG_JSON if type(v) is not type(good_value(spec))]
    if spec.kind == "int":
        wrong += [v for v in (-1, 10**6) if v not in spec.choices]
        if spec.choices:
            wrong.append(max(spec.choices) + 1)
    if spec.kind in ("choice", "time"):
        wrong += ["nonsense", "25:00", ""]
    if spec.kind == "list":
        wrong += [["nobody"], [spec.choices[0], spec.choices[0]], [1]]
    if spec.kind == "dict":
        fields = dict.fromkeys(k for k, _ in spec.fields)
        for key, kind in spec.fields:
            wrong.append({**good_value(spec), key: "soon" if kind == "day" else "Zed"})
            wrong.append({**good_value(spec), key: 0 if kind == "day" else 5})
        wrong += [fields, {**good_value(spec), "extra": 1}]
    return wrong


def test_every_ruleset_declares_options_of_known_kinds() -> None:
    """Every declared option has a kind the checker knows and a valid default."""
    assert {rid for rid, _spec in DECLARED} == set(rulesets.ids())
    for rid, spec in DECLARED:
        assert spec.kind in ("bool", "int", "choice", "time", "list", "dict"), (rid, spec.id)
        ruleset = rulesets.get(rid)
        assert ruleset.validate_options({spec.id: spec.default}, SEATED) == [], (rid, spec.id)


@pytest.mark.parametrize(("rid", "spec"), DECLARED, ids=IDS)
def test_a_declared_value_is_accepted(rid: str, spec: Option) -> None:
    """A value of the declared kind, in range, naming seated players, passes."""
    assert rulesets.get(rid).validate_options({spec.id: good_value(spec)}, SEATED) == []


@pytest.mark.parametrize(("rid", "spec"), DECLARED, ids=IDS)
def test_a_value_off_the_declaration_is_refused_naming_the_option(rid: str, spec: Option) -> None:
    """Each wrong kind, out-of-range number, unknown choice or unseated
    nickname gives one problem whose sentence names the option."""
    ruleset = rulesets.get(rid)
    for value in bad_values(spec):
        problems = ruleset.validate_options({spec.id: value}, SEATED)
        assert problems, (spec.id, value)
        assert all(p.option == spec.id and f"({spec.id})" in p.message for p in problems), problems
        assert all(p.message.endswith(".") for p in problems)


@pytest.mark.parametrize("rid", rulesets.ids())
def test_an_unknown_house_rule_is_refused(rid: str) -> None:
    """A key the ruleset does not declare is named in the problem."""
    (problem,) = rulesets.get(rid).validate_options({"werewolves_fly": True}, SEATED)
    assert problem.code == "unknown" and "werewolves_fly" in problem.message


@pytest.mark.parametrize(("rid", "spec"), DECLARED, ids=IDS)
def test_a_game_cannot_start_with_a_bad_option(rid: str, spec: Option) -> None:
    """``new_game`` refuses every value ``validate_options`` refuses."""
    ruleset = rulesets.get(rid)
    with pytest.raises(RulesError, match=spec.id):
        ruleset.new_game([], None, {spec.id: bad_values(spec)[0]})


def test_the_bonus_day_must_be_a_game_day_number() -> None:
    """FORUM-125: {"player": "S0", "day": "soon"} is refused when saved, not
    at every resolution afterwards."""
    forum = rulesets.get("forum")
    (problem,) = forum.validate_options({"bonus": {"player": "S0", "day": "soon"}}, ["S0", "S1"])
    assert problem.code == "day"
    assert problem.message == '“Bonus” (bonus) needs "day" to be a game day number (1, 2, 3…), not "soon".'


def test_a_nickname_option_waits_for_the_seating() -> None:
    """Before anyone is seated an option naming a player cannot be set yet."""
    forum = rulesets.get("forum")
    (problem,) = forum.validate_options({"walking_basement": {"carrier": "Ann"}}, [])
    assert problem.code == "nickname" and "once the players are seated" in problem.message


def test_a_number_out_of_range_says_the_range() -> None:
    """CLASSIC-010: the message gives the bounds."""
    classic = rulesets.get("classic")
    (problem,) = classic.validate_options({"day_hours_per_player": 99}, SEATED)
    assert problem.message == "“Day hours per player” (day_hours_per_player) must be from 0 to 24."
