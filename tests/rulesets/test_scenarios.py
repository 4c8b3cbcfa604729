"""Every rule scenario, public and our own, plays as its document says.

Runs ``rulesets.scenario.play_scenario`` (what ``python -m rulesets play``
prints) on each file in ``tests/scenarios/`` and ``../shared/spec/scenarios/``
and judges it with the shared checker's own comparison.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from rulesets.scenario import play_scenario

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "tests" / "scenarios"
PUBLIC = ROOT.parent / "shared" / "spec" / "scenarios"
CHECKER = ROOT.parent / "shared" / "tools" / "check_scenarios.py"


def _files() -> list[Path]:
    found = sorted(OURS.rglob("*.json"))
    if PUBLIC.is_dir():
        found += sorted(PUBLIC.rglob("*.json"))
    return found


def _checker():
    if not CHECKER.is_file():
        return None
    spec = importlib.util.spec_from_file_location("check_scenarios", CHECKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK = _checker()


def _judge(scenario: dict, result: dict) -> list[str]:
    if CHECK is not None:
        return CHECK.check(scenario, result)
    return [result["error"]] if "error" in result else []


@pytest.mark.parametrize("path", _files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_plays_as_the_document_says(path: Path) -> None:
    """The engine's STATE after each step matches the step's ``expect``."""
    scenario = json.loads(path.read_text(encoding="utf-8"))
    stripped = {**scenario, "steps": [{k: v for k, v in s.items() if k != "expect"} for s in scenario["steps"]]}
    problems = _judge(scenario, play_scenario(stripped))
    assert problems == [], problems


def test_our_scenarios_cover_every_ruleset() -> None:
    """Each ruleset has its own scenarios beside the public ones."""
    import rulesets

    for rid in rulesets.ids():
        assert list((OURS / rid).glob("*.json")), f"no scenarios for {rid}"
