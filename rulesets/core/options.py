"""Checking a game's house rules against the ruleset's declared options.

``check_options`` is what ``Ruleset.validate_options`` runs: every value
must have its option's kind and lie in its range or among its choices, and
every nickname in it must be a seated player's. A problem is reported as an
``OptionProblem`` with a full sentence naming the option, so that the host
reads what to change; nothing here raises.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .model import Option

_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


@dataclass(frozen=True)
class OptionProblem:
    """One invalid house rule: ``option`` is its id (or the unknown key),
    ``code`` a stable reason (``unknown``, ``kind``, ``range``, ``choice``,
    ``fields``, ``nickname``, ``day``, ``duplicate``), ``message`` the
    sentence the host reads."""

    option: str
    code: str
    message: str


def _label(spec: Option) -> str:
    return f"“{spec.name.get('en') or spec.id}” ({spec.id})"


def _words(values: Collection[Any]) -> str:
    return ", ".join(str(v) for v in values)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_options(
    declared: Mapping[str, Option], options: Mapping[str, Any], seated_names: Collection[str]
) -> list[OptionProblem]:
    """Every problem of ``options`` (option id → JSON value) against the
    ``declared`` options, in the order of ``options``; [] when all is well.

    ``seated_names`` are the game nicknames of the seated players (empty
    before anyone is seated: then no option naming a player can be set yet).
    A None value means "the default" and is always accepted.
    """
    problems: list[OptionProblem] = []
    for key, value in options.items():
        spec = declared.get(key)
        if spec is None:
            known = _words(declared) or "none"
            problems.append(
                OptionProblem(key, "unknown", f"There is no house rule “{key}”; this ruleset has: {known}.")
            )
        elif value is not None:
            problems.extend(
                OptionProblem(spec.id, code, f"{_label(spec)} {text}")
                for code, text in check_value(spec, value, seated_names)
            )
    return problems


def check_value(spec: Option, value: Any, seated_names: Collection[str]) -> list[tuple[str, str]]:
    """The problems of one non-None ``value`` of option ``spec`` as
    ``(code, predicate)`` pairs: the predicate completes a sentence that
    starts with the option's name (e.g. "must be true or false.")."""
    kind = spec.kind
    if kind == "bool":
        return [] if isinstance(value, bool) else [("kind", "must be true or false.")]
    if kind == "int":
        return _check_int(spec, value)
    if kind == "choice":
        return (
            []
            if value in spec.choices and isinstance(value, str)
            else [("choice", f"must be one of: {_words(spec.choices)}.")]
        )
    if kind == "time":
        if isinstance(value, str) and _TIME.match(value):
            return []
        return [("kind", 'must be a time of day written as "HH:MM", from "00:00" to "23:59".')]
    if kind == "list":
        return _check_list(spec, value)
    if kind == "dict":
        return _check_dict(spec, value, seated_names)
    raise ValueError(f"option {spec.id!r} declares an unknown kind {kind!r}")


def _check_int(spec: Option, value: Any) -> list[tuple[str, str]]:
    if not _is_int(value):
        return [("kind", "must be a whole number.")]
    if spec.choices and value not in spec.choices:
        return [("choice", f"must be one of: {_words(spec.choices)}.")]
    low, high = spec.min_value, spec.max_value
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            return [("range", f"must be from {low} to {high}.")]
        if low is not None:
            return [("range", f"must be at least {low}.")]
        return [("range", f"must be at most {high}.")]
    return []


def _check_list(spec: Option, value: Any) -> list[tuple[str, str]]:
    allowed = f"a list of some of: {_words(spec.choices)}"
    if not isinstance(value, list):
        return [("kind", f"must be {allowed}, e.g. [{', '.join(repr_json(c) for c in spec.choices[:1])}].")]
    wrong = [item for item in value if not isinstance(item, str) or item not in spec.choices]
    if wrong:
        return [("choice", f"must be {allowed}; {_words(repr_json(w) for w in wrong)} is not one of them.")]
    if len(set(value)) != len(value):
        return [("duplicate", "names the same item twice.")]
    return []


def _check_dict(spec: Option, value: Any, seated_names: Collection[str]) -> list[tuple[str, str]]:
    shape = "{" + ", ".join(f'"{key}": {kind.upper()}' for key, kind in spec.fields) + "}"
    if not isinstance(value, dict):
        return [("kind", f"must be an object {shape}.")]
    keys = [key for key, _kind in spec.fields]
    if set(value) != set(keys):
        return [("fields", f"must be an object with exactly the keys {_words(keys)}: {shape}.")]
    problems: list[tuple[str, str]] = []
    for key, kind in spec.fields:
        problems.extend(_check_field(key, kind, value[key], seated_names))
    return problems


def _check_field(key: str, kind: str, value: Any, seated_names: Collection[str]) -> list[tuple[str, str]]:
    if kind == "day":
        if _is_int(value) and value >= 1:
            return []
        return [("day", f'needs "{key}" to be a game day number (1, 2, 3…), not {repr_json(value)}.')]
    if kind == "nickname":
        if not seated_names:
            return [("nickname", "names a player: set it once the players are seated.")]
        if isinstance(value, str) and value in seated_names:
            return []
        return [("nickname", f'needs "{key}" to name a seated player: {repr_json(value)} is not a seated nickname.')]
    raise ValueError(f"unknown field kind {kind!r}")


def repr_json(value: Any) -> str:
    """A short JSON-like rendering of ``value`` for a message (at most 40
    characters, so that a pasted blob cannot flood the page)."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, str):
        text = f'"{value}"'
    elif isinstance(value, dict):
        text = "an object"
    elif isinstance(value, list):
        text = "a list"
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"
