"""Queries compiled to SQL once per process and run again with new values.

A game's pages run the same few queries on every build (the game with the
reader's seat, the open phase with its deadlines): the same shape, only
the values differ. Turning a queryset into SQL costs more CPU than the
database spends answering it (a few milliseconds for a query with a
handful of subqueries), so ``Compiled`` builds the queryset once, with
stand-in values (sentinels), keeps the SQL and the compiler (which knows
how to turn rows into model instances, annotations included), and for
each call puts the caller's values where the stand-ins were.

Nothing changes in what a query reads: it is the queryset's own SQL. A
queryset whose SQL depends on a value beyond the stand-ins must name that
value in its key (``Compiled.run(key=…)``).
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import connections
from django.db.models import QuerySet

# Stand-in values, one per parameter: numbers that fit the smallest integer
# column a stand-in may meet (a day: PositiveSmallIntegerField), so that no
# lookup drops or short-cuts them, and that no query of these pages holds
# as a constant of its own.
_SENTINELS = tuple(32_001 + i for i in range(8))


class Compiled:
    """A queryset shape compiled once per process and database alias.

    ``build(*values)`` returns the queryset for ``values`` (integers or
    strings, used only as query parameters, each at least once); it is
    called once per ``key`` with stand-ins (integers; a string field
    receives them as text), and with the real values on every call for a
    key whose stand-ins did not all come out as parameters (nothing is
    cached for it then).
    ``run(*values, key=…)`` returns the list the queryset would give:
    model instances, ``values()`` dicts or ``values_list`` tuples.
    Thread-safe; the cache grows with the keys used, which callers keep
    few (a shape per ruleset, per kind of reader)."""

    def __init__(self, build: Callable[..., QuerySet]) -> None:
        self._build = build
        self._shapes: dict[Any, tuple[QuerySet, Any, str, list[Any], list[int | None]] | None] = {}
        self._lock = threading.Lock()

    def _shape(self, key: Any, count: int, alias: str):
        found = self._shapes.get((key, alias), False)
        if found is not False:
            return found
        stand_ins = _SENTINELS[:count]
        queryset = self._build(*stand_ins)
        compiler = queryset.query.get_compiler(using=alias)
        try:
            sql, params = compiler.as_sql()
        except (EmptyResultSet, FullResultSet):
            sql, params = "", ()
        named = {v: i for i, v in enumerate(stand_ins)} | {str(v): i for i, v in enumerate(stand_ins)}
        where = [named.get(p) if isinstance(p, int | str) and not isinstance(p, bool) else None for p in params]
        shape = (queryset, compiler, sql, list(params), where)
        if not sql or any(i not in where for i in range(count)):
            shape = None  # a stand-in the SQL holds other than as a parameter
        with self._lock:
            self._shapes[(key, alias)] = shape
        return shape

    def run(self, *values: Any, key: Any = None, alias: str = "default") -> list[Any]:
        """The rows of ``build(*values)``, compiled once for ``key``."""
        shape = self._shape(key, len(values), alias)
        if shape is None:
            return list(self._build(*values))
        queryset, compiler, sql, params, where = shape
        bound = [values[i] if i is not None else p for p, i in zip(params, where, strict=True)]
        runner = copy.copy(compiler)
        runner.connection = connections[alias]
        runner.as_sql = lambda *args, **kwargs: (sql, tuple(bound))  # type: ignore[method-assign]
        chained = queryset._chain()
        chained.query.get_compiler = lambda *args, **kwargs: runner  # type: ignore[method-assign]
        return list(chained)
