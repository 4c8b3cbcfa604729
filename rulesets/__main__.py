"""Command line: ``python -m rulesets play FILE.json …`` and ``bench``.

``play`` prints one JSON line per scenario file (``scenario-format.md``);
exit status 1 when any file was malformed. ``bench`` plays random full
games per ruleset and prints games and phases per second (peak memory
with ``--memory``).
``golden`` compares seeded random games with the recorded ones in
``tests/rulesets/golden`` (exit status 1 on any difference); ``golden
--write`` records them afresh from the current code.
"""

from __future__ import annotations

import argparse
import json
import sys

from .scenario import play_scenario


def _play(paths: list[str]) -> int:
    status = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as fh:
                doc = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            doc = None
            result = {"id": path.rsplit("/", 1)[-1].removesuffix(".json"), "error": f"cannot read {path}: {exc}"}
        else:
            result = play_scenario(doc)
        if "error" in result:
            status = 1
            print(f"{path}: {result['error']}", file=sys.stderr)
        print(json.dumps(result, ensure_ascii=False), flush=True)
    return status


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rulesets")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play rule scenarios, print one JSON state line per file")
    play.add_argument("files", nargs="+")
    bench = sub.add_parser("bench", help="play random full games and print games/s, phases/s (and peak memory)")
    bench.add_argument("-n", "--games", type=int, default=200, help="games per ruleset")
    bench.add_argument("--ruleset", action="append", help="only these rulesets (repeatable)")
    bench.add_argument("--memory", action="store_true", help="also trace memory and print the peak (much slower)")
    golden = sub.add_parser("golden", help="compare seeded random games with the recorded ones (or --write them)")
    golden.add_argument("--write", action="store_true", help="record the current code's games as the new reference")
    golden.add_argument("--ruleset", action="append", help="only these rulesets (repeatable)")
    args = parser.parse_args(argv)
    if args.command == "play":
        return _play(args.files)
    if args.command == "golden":
        from . import golden as records

        if args.write:
            for path in records.write(args.ruleset):
                print(f"wrote {path}")
            return 0
        return records.check(args.ruleset)
    from .simulate import benchmark

    return benchmark(args.games, args.ruleset, memory=args.memory)


if __name__ == "__main__":
    sys.exit(main())
