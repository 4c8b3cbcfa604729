"""Every text a ruleset declares for players is in Russian, Chinese and
English: the names of teams, roles, abilities, options (house rules),
variants, schedule entries (those the ruleset builds for a game too, such as
classic's «Голосование 2», CLASSIC-066, and its deciding vote, CLASSIC-044),
penalties and private rooms, the title and the vote law.

The site shows a declared text in the reader's language, else in English
(``games.names.localized``): a missing language would show a Russian
reader of werewolf18, or a Chinese reader of piter, English words. The
document's own term stays in its language (``Ruleset.language``)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

import pytest

import rulesets
from rulesets._template import TemplateRuleset
from rulesets.core import GameState, Ruleset

LANGUAGES = ("ru", "zh", "en")
# A letter of each language's own script: a copied English text is no translation.
SCRIPTS = {"ru": re.compile("[а-яё]", re.I), "zh": re.compile("[\u4e00-\u9fff]"), "en": re.compile("[a-z]", re.I)}
# Player counts each ruleset is built with here (the tables of tests/games/test_every_ruleset.py).
PLAYERS = {"forum": 9, "piter": 10, "classic": 9, "cosmo": 10, "werewolf18": 18}


def localized_dicts(value: Any, path: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Every dict inside ``value`` (dataclasses read as their fields) keyed
    by a language code, with its path: a declared text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = vars(value)
    if isinstance(value, dict):
        if set(value) & set(LANGUAGES):
            yield path, value
            return
        for key, item in value.items():
            yield from localized_dicts(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from localized_dicts(item, f"{path}[{i}]")


def problems(path: str, names: Any) -> list[str]:
    """What is wrong with one declared text: a language missing, empty, or
    not written in that language's script; [] when it is complete."""
    if not isinstance(names, dict) or not names:
        return [f"{path}: no names"]
    found = []
    for code in LANGUAGES:
        text = names.get(code)
        if not isinstance(text, str) or not text.strip():
            found.append(f"{path}: no {code!r} text in {names}")
        elif not SCRIPTS[code].search(text):
            found.append(f"{path}: the {code!r} text {text!r} is not in that language")
    return found


def state_of(engine: Ruleset, options: dict[str, Any] | None = None) -> GameState:
    """A new game of the ruleset with its proposed composition."""
    n = PLAYERS[engine.id]
    variant = engine.default_variant(n)
    names = [f"P{i}" for i in range(1, n + 1)]
    seats = engine.draw_seats(names, engine.composition(n, variant, options), seed=1)
    return engine.new_game(seats, variant, options, seed=1)


def schedules(engine: Ruleset) -> Iterator[tuple[str, Any]]:
    """The schedule entries a game of ``engine`` may show: the declared
    ``SCHEDULE`` and what ``phase_schedule`` builds for each phase; for
    classic also a day of hours per player (CLASSIC-010), the further
    lynch votes (CLASSIC-066) and the deciding vote (CLASSIC-044)."""
    yield "SCHEDULE", engine.SCHEDULE
    state = state_of(engine)
    for phase in sorted(engine.PHASES):
        yield f"phase_schedule({phase})", engine.phase_schedule(state, phase)
    if engine.id == "classic":
        state = state_of(engine, {"blind_multi_lynch": 3, "day_hours_per_player": 2})
        for vote_round in (1, 2, 3):
            yield f"phase_schedule(day, {vote_round})", engine.phase_schedule(state, "day", vote_round)
        state.memory["deciding"] = True
        yield "phase_schedule(deciding)", engine.phase_schedule(state, "day")


def described_problems(engine: Ruleset) -> list[str]:
    """The problems of the texts ``describe`` hands out: every localized
    dict, the names of teams, roles, abilities and options, and the title."""
    found: list[str] = []
    described = engine.describe()
    for path, names in localized_dicts(described, engine.id):
        found += problems(path, names)
    for kind in ("teams", "roles", "abilities", "options"):
        for key, spec in described[kind].items():
            found += problems(f"{engine.id}.{kind}.{key}.name", spec["name"])
    for key, option in engine.OPTIONS.items():
        # A choice the host picks by its word, not a number, has a name.
        names = dict(option.choice_names)
        for choice in option.choices:
            if isinstance(choice, str):
                found += problems(f"{engine.id}.options.{key}.choices.{choice}", names.get(choice))
    found += problems(f"{engine.id}.title", described["title"])
    return found


def declared_name_problems(engine: Ruleset) -> list[str]:
    """The problems of the names the class declares beside ``describe``:
    penalties, private rooms, variants, schedule entries and the day's words."""
    found: list[str] = []
    for kind, names in engine.PENALTIES.items():
        found += problems(f"{engine.id}.PENALTIES.{kind}", names)
    for key, names in engine.ROOM_NAMES.items():
        found += problems(f"{engine.id}.ROOM_NAMES.{key}", names)
    for variant in engine.VARIANTS:
        found += problems(f"{engine.id}.VARIANT_NAMES.{variant}", engine.VARIANT_NAMES.get(variant))
    for where, entries in schedules(engine):
        assert entries, f"{engine.id}: {where} is empty"
        for entry in entries:
            found += problems(f"{engine.id}.{where}.{entry.id}", entry.name)
    for field in ("law", "ballot_text", "abstain_word", "reason_text"):
        for path, names in localized_dicts(getattr(engine.DAY, field), f"{engine.id}.DAY.{field}"):
            found += problems(path, names)
    return found


def all_problems(engine: Ruleset) -> list[str]:
    """Every problem of the declared texts of ``engine`` (see module doc)."""
    return described_problems(engine) + declared_name_problems(engine)


@pytest.mark.parametrize("ruleset_id", rulesets.ids())
def test_every_declared_text_is_in_russian_chinese_and_english(ruleset_id: str) -> None:
    assert all_problems(rulesets.get(ruleset_id)) == []


def test_the_template_for_a_new_ruleset_declares_its_texts_in_the_three_languages() -> None:
    engine = TemplateRuleset()
    found: list[str] = []
    for path, names in localized_dicts(engine.describe(), "template"):
        found += problems(path, names)
    for entry in engine.SCHEDULE:
        found += problems(f"template.SCHEDULE.{entry.id}", entry.name)
    assert found == []


def test_the_check_finds_a_missing_language_an_empty_text_and_a_copied_one() -> None:
    """The walk reaches nested declarations and refuses each kind of gap."""
    declared = {"roles": {"seer": {"name": {"zh": "预言家", "en": "Seer"}}}, "law": {"ru": "", "zh": "投票", "en": "x"}}
    found = [p for path, names in localized_dicts(declared, "x") for p in problems(path, names)]
    assert found == [
        "x.roles.seer.name: no 'ru' text in {'zh': '预言家', 'en': 'Seer'}",
        "x.law: no 'ru' text in {'ru': '', 'zh': '投票', 'en': 'x'}",
    ]
    assert problems("x", {"ru": "Seer", "zh": "预言家", "en": "Seer"}) == [
        "x: the 'ru' text 'Seer' is not in that language"
    ]
    assert problems("x", {}) == ["x: no names"]


@pytest.mark.parametrize(
    ("ruleset_id", "kind", "key", "code", "text"),
    [
        ("werewolf18", "roles", "seer", "ru", "Провидец"),
        ("werewolf18", "roles", "witch", "ru", "Ведьма"),
        ("werewolf18", "roles", "hunter", "ru", "Охотник"),
        ("werewolf18", "roles", "werewolf", "ru", "Оборотень"),
        ("werewolf18", "roles", "seer", "zh", "预言家"),
        ("piter", "options", "no_host", "zh", "无主持人游戏"),
        ("piter", "options", "no_host", "ru", "Игра без Ведущего"),
        ("classic", "options", "blind", "zh", "「盲玩」游戏"),
        ("cosmo", "options", "enforce_setup_table", "zh", "严格按照准备表"),
        ("forum", "roles", "don", "zh", "教父"),
    ],
)
def test_the_names_use_the_fields_own_terms(ruleset_id: str, kind: str, key: str, code: str, text: str) -> None:
    """The document's own word stays (WW18-022 预言家, PITER-120 «Игра без
    Ведущего»); the translation uses the community's term."""
    assert rulesets.get(ruleset_id).describe()[kind][key]["name"][code] == text


def test_classic_names_each_lynch_vote_in_the_three_languages() -> None:
    """CLASSIC-066: the second lynch vote of a day is named with its number."""
    engine = rulesets.get("classic")
    state = state_of(engine, {"blind_multi_lynch": 3})
    (entry,) = engine.phase_schedule(state, "day", 2)
    assert entry.name == {"ru": "Голосование 2", "zh": "第 2 次投票", "en": "Vote 2 closes"}
