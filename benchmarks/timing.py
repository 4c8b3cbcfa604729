"""The server's side of ``manage.py bench_live``: each response says what it
cost the worker that built it.

Mounted first in ``MIDDLEWARE`` only when ``MAFIA_BENCH_TIMING=1``
(``mafia_site/settings.py``), never otherwise: the headers tell a client
how the site spends its time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.db import connection
from django.http import HttpRequest, HttpResponse

CPU_HEADER = "X-Bench-CPU-us"
QUERIES_HEADER = "X-Bench-Queries"


class QueryCounter:
    """A database execute wrapper (``connection.execute_wrapper``) counting
    the statements it lets through in ``count``."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


class TimingMiddleware:
    """Adds ``X-Bench-CPU-us`` (the CPU time, in microseconds, the worker's
    thread spent in the middleware and view below, ``time.thread_time``)
    and ``X-Bench-Queries`` (the database queries it ran) to every
    response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        counter = QueryCounter()
        began = time.thread_time_ns()
        with connection.execute_wrapper(counter):
            response = self.get_response(request)
        response.headers[CPU_HEADER] = str((time.thread_time_ns() - began) // 1000)
        response.headers[QUERIES_HEADER] = str(counter.count)
        return response
