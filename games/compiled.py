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

The converters that turn the database's values into the fields' Python
values (a JSON text into a list, SQLite's text into an aware datetime)
are the query's too, worked out once with its SQL: the game's frame
reads some sixty columns, and asking every column for its converters
again on each run cost more than the run's own rows did.
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
    few (a shape per ruleset, per kind of reader).

    ``keyed``: ``build`` is called as ``build(key, *values)``, for a shape
    that depends on the key beyond its parameters (a page's offset, which
    the SQL holds as a constant)."""

    def __init__(self, build: Callable[..., QuerySet], *, keyed: bool = False) -> None:
        self._build = build
        self._keyed = keyed
        self._shapes: dict[Any, tuple[QuerySet, Any, str, list[Any], list[int | None], Any] | None] = {}
        self._lock = threading.Lock()

    def _shape(self, key: Any, count: int, alias: str):
        found = self._shapes.get((key, alias), False)
        if found is not False:
            return found
        stand_ins = _SENTINELS[:count]
        queryset = self._queryset(key, stand_ins)
        compiler = queryset.query.get_compiler(using=alias)
        try:
            sql, params = compiler.as_sql()
        except (EmptyResultSet, FullResultSet):
            sql, params = "", ()
        named = {v: i for i, v in enumerate(stand_ins)} | {str(v): i for i, v in enumerate(stand_ins)}
        where = [named.get(p) if isinstance(p, int | str) and not isinstance(p, bool) else None for p in params]
        if not sql or any(i not in where for i in range(count)):
            shape = None  # a stand-in the SQL holds other than as a parameter
        else:
            shape = (queryset, compiler, sql, list(params), where, _Converters(compiler))
        with self._lock:
            self._shapes[(key, alias)] = shape
        return shape

    def run(self, *values: Any, key: Any = None, alias: str = "default") -> list[Any]:
        """The rows of ``build(*values)``, compiled once for ``key``."""
        shape = self._shape(key, len(values), alias)
        if shape is None:
            return list(self._queryset(key, values))
        queryset, compiler, sql, params, where, converters = shape
        bound = [values[i] if i is not None else p for p, i in zip(params, where, strict=True)]
        runner = copy.copy(compiler)
        runner.connection = connections[alias]
        runner.as_sql = lambda *args, **kwargs: (sql, tuple(bound))  # type: ignore[method-assign]
        runner.get_converters = converters.bind(runner)  # type: ignore[method-assign]
        chained = queryset._chain()
        chained.query.get_compiler = lambda *args, **kwargs: runner  # type: ignore[method-assign]
        return list(chained)

    def _queryset(self, key: Any, values: tuple[Any, ...]) -> QuerySet:
        return self._build(key, *values) if self._keyed else self._build(*values)


class _Converters:
    """A compiled query's converters (``SQLCompiler.get_converters``) of
    its selected columns, worked out once. ``bind(runner)`` gives the
    ``get_converters`` of one run: these for the selected columns (what
    ``results_iter`` asks for), the runner's own for anything else. The
    converters are the fields' and the backend's functions; each run
    passes them its own connection (``apply_converters``)."""

    def __init__(self, compiler: Any) -> None:
        """``compiler``: one whose ``as_sql`` has run (its columns chosen)."""
        self.columns = [s[0] for s in compiler.select[0 : compiler.col_count]]
        self.converters = compiler.get_converters(self.columns)

    def bind(self, runner: Any) -> Callable[[list[Any]], dict[int, Any]]:
        """The ``get_converters`` of ``runner``, a copy of the compiler."""

        def get_converters(expressions: list[Any]) -> dict[int, Any]:
            if len(expressions) == len(self.columns) and all(
                a is b for a, b in zip(expressions, self.columns, strict=True)
            ):
                return self.converters
            return type(runner).get_converters(runner, expressions)

        return get_converters
