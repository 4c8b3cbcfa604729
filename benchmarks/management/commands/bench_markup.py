"""``manage.py bench_markup``: how long a post takes to render, for inputs
built to be slow (unclosed tags, deep quotes, many spoilers, parameters that
never close) at 10 kB, 100 kB and 1 MB.

Prints one line per shape and size with the CPU seconds of ``markup.render``
(the best of ``--repeat`` runs) and microseconds per kB; the time should
grow linearly with the size. Posts themselves are limited to
``PostForm.MAX_LENGTH`` characters; the larger sizes show the margin.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandParser

from games.markup import render

SIZES = {"10 kB": 10_000, "100 kB": 100_000, "1 MB": 1_000_000}


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


SHAPES: dict[str, Callable[[int], str]] = {
    "unclosed [b][i][u][s]": lambda n: _repeat("[b][i][u][s]", n),
    "nested quotes, closed": lambda n: "[quote=A]" * (n // 17) + "x" + "[/quote]" * (n // 17),
    "nested quotes, unclosed": lambda n: _repeat("[quote=Somebody]", n),
    "many spoilers": lambda n: _repeat("[spoiler=Plan]kill [b]Doc[/b][/spoiler]\n", n),
    "unclosed spoilers": lambda n: _repeat("[spoiler]x ", n),
    "parameters never closed": lambda n: _repeat("[url=https://e.org/", n),
    "crossed tags": lambda n: _repeat("[b][quote][i][/b][spoiler][/quote][/i]", n),
}


class Command(BaseCommand):
    help = "Print how long the post renderer takes on adversarial input of 10 kB, 100 kB and 1 MB."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--repeat", type=int, default=3, help="runs per input; the best is printed")

    def handle(self, *args: object, **options: object) -> None:
        repeat = max(1, int(options["repeat"]))  # type: ignore[call-overload]
        self.stdout.write(f"{'shape':<26}{'size':>8}{'seconds':>10}{'µs/kB':>10}")
        for shape, build in SHAPES.items():
            for label, size in SIZES.items():
                source = build(size)
                best = min(self._time(source) for _ in range(repeat))
                per_kb = best / (len(source) / 1000) * 1e6
                self.stdout.write(f"{shape:<26}{label:>8}{best:>10.3f}{per_kb:>10.0f}")

    @staticmethod
    def _time(source: str) -> float:
        start = time.process_time()
        render(source)
        return time.process_time() - start
