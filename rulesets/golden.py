"""Golden records of seeded random games, to prove a change to an engine
keeps every game identical.

A record file holds, per ruleset, one entry per seed: the player count, the
winner, the number of phases, a hash of the whole game (every phase's input
and outcome) and a hash of the final state, plus a few complete games in
full so that a difference can be read. ``python -m rulesets golden --write``
refreshes the files from the current code; ``python -m rulesets golden``
compares the current code with them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from . import get, ids
from .core import Outcome, PhaseInput
from .simulate import player_counts, random_game

# Where the records live, relative to the repository root.
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "rulesets" / "golden"
GAMES = 300  # seeded games per ruleset, spread over its player counts
FULL = 3  # games per ruleset kept in full


def _plain(value: Any) -> Any:
    """JSON fallback: sets in sorted order (so the hash does not depend on
    hash randomisation), anything else by its ``to_dict`` or ``repr``."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return repr(value)


def _step_dict(step: PhaseInput) -> dict[str, Any]:
    return {
        "phase": step.phase,
        "actions": [a.to_dict() for a in step.actions],
        "votes": step.votes,
        "nominations": step.nominations,
        "revote": step.revote,
        "extra": step.extra,
    }


def _outcome_dict(outcome: Outcome) -> dict[str, Any]:
    return {
        "state": outcome.state.to_dict(),
        "out": outcome.out,
        "feedback": [f.to_dict() for f in outcome.feedback],
        "rejected": [r.to_dict() for r in outcome.rejected],
        "announcements": [a.to_dict() for a in outcome.announcements],
        "trace": [t.to_dict() for t in outcome.trace],
        "extra_state": outcome.extra_state,
    }


def game_record(rid: str, n_players: int, seed: int) -> dict[str, Any]:
    """Play the seeded random game and return it whole, as JSON-friendly data:
    ``{"players", "seed", "start", "phases": [{"input", "outcome"}…]}``."""
    ruleset = get(rid)
    game = random_game(ruleset, n_players, seed)
    return {
        "players": n_players,
        "seed": seed,
        "start": game.start.to_dict(),
        "phases": [
            {"input": _step_dict(step), "outcome": _outcome_dict(outcome)}
            for step, outcome in zip(game.steps, game.outcomes, strict=True)
        ],
    }


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """The compact entry of one game record (see module doc)."""
    final = record["phases"][-1]["outcome"]["state"] if record["phases"] else record["start"]
    return {
        "seed": record["seed"],
        "players": record["players"],
        "winner": final["winner"],
        "phases": len(record["phases"]),
        "game": _digest(record),
        "final": _digest(final),
    }


def _games(rid: str, games: int) -> list[tuple[int, int]]:
    """(player count, seed) pairs: seed ``i`` plays the i-th count in turn."""
    counts = player_counts(get(rid))
    return [(counts[i % len(counts)], i) for i in range(games)]


def build(rid: str, games: int = GAMES) -> dict[str, Any]:
    """The golden file content of ruleset ``rid`` from the current code."""
    entries: list[dict[str, Any]] = []
    full: list[dict[str, Any]] = []
    for n, seed in _games(rid, games):
        record = game_record(rid, n, seed)
        entries.append(summary(record))
        if len(full) < FULL:
            full.append(json.loads(json.dumps(record, default=_plain)))
    return {"ruleset": rid, "games": entries, "full": full}


def _layout(content: dict[str, Any]) -> str:
    """The file text: one line per game, so that a diff names the games."""

    def lines(items: list[dict[str, Any]]) -> str:
        return ",\n".join(json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in items)

    return f'{{"ruleset": "{content["ruleset"]}",\n"games": [\n{lines(content["games"])}],\n"full": [\n{lines(content["full"])}]}}\n'


def path_for(rid: str, directory: Path = DEFAULT_DIR) -> Path:
    """The golden file of ruleset ``rid``."""
    return directory / f"{rid}.json"


def write(only: list[str] | None = None, directory: Path = DEFAULT_DIR) -> list[Path]:
    """Regenerate the golden files from the current code; returns the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for rid in only or ids():
        path = path_for(rid, directory)
        path.write_text(_layout(build(rid)), encoding="utf-8")
        written.append(path)
    return written


def compare(rid: str, directory: Path = DEFAULT_DIR) -> tuple[int, list[str]]:
    """Compare the current code with the golden file of ``rid``: returns the
    number of games recorded and one line per difference (none when every
    game is identical). Raises ``FileNotFoundError`` when the file is missing."""
    golden = json.loads(path_for(rid, directory).read_text(encoding="utf-8"))
    problems: list[str] = []
    for want in golden["games"]:
        got = summary(game_record(rid, want["players"], want["seed"]))
        if got != want:
            changed = sorted(k for k in want if got.get(k) != want[k])
            problems.append(f"seed {want['seed']} ({want['players']} players): {', '.join(changed)} differ")
    for want in golden["full"]:
        got = json.loads(json.dumps(game_record(rid, want["players"], want["seed"]), default=_plain))
        if got != want:
            problems.append(f"seed {want['seed']} ({want['players']} players): the full record differs")
    return len(golden["games"]), problems


def check(only: list[str] | None = None, directory: Path = DEFAULT_DIR) -> int:
    """Compare every ruleset with its golden file, print a line per ruleset
    and per difference; returns the exit status (1 when anything differs)."""
    status = 0
    for rid in only or ids():
        games, problems = compare(rid, directory)
        print(f"{rid:<12} {games:>4} games, {len(problems)} differences")
        for line in problems:
            print(f"  {line}")
        status |= bool(problems)
    return status
