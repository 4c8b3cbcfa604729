"""The site's Redis cache backend for outages: a dead or hung Redis costs
at most about a second, then is not asked again for a while."""

from __future__ import annotations

import threading
import time
from typing import Any

from django_redis.cache import RedisCache, omit_exception
from redis.connection import Connection, ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

# Seconds during which a Redis that failed (refused, timed out, hung up) is
# not asked again by this process; the first command after them tries it once.
BREAKER_SECONDS = 30


class Breaker:
    """The circuit breaker of one connection pool (one Redis, one process):
    ``trip`` opens it for ``BREAKER_SECONDS``; while open, ``check`` raises
    redis's ``ConnectionError`` at once, which django-redis reports as an
    outage (``IGNORE_EXCEPTIONS``: a miss, a dropped write) without a
    socket being opened. Times are ``time.monotonic`` seconds."""

    def __init__(self) -> None:
        self._open_until = 0.0
        self._lock = threading.Lock()

    def check(self) -> None:
        """Raises ``redis.exceptions.ConnectionError`` while open."""
        if time.monotonic() < self._open_until:
            raise RedisConnectionError("Redis failed a moment ago: not asked again yet")

    def trip(self) -> None:
        """Open the breaker for ``BREAKER_SECONDS`` from now."""
        with self._lock:
            self._open_until = time.monotonic() + BREAKER_SECONDS


class BreakerMixin:
    """Mixed into a redis-py connection class: asks its pool's ``Breaker``
    before it connects or sends, and trips it when connecting, sending or
    reading fails (refused, reset, or the socket timeout of a hung server)."""

    breaker: Breaker

    def connect(self) -> None:
        """``Connection.connect`` unless the breaker is open."""
        self.breaker.check()
        try:
            super().connect()
        except (RedisConnectionError, RedisTimeoutError):
            self.breaker.trip()
            raise

    def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        """``Connection.send_packed_command`` unless the breaker is open."""
        self.breaker.check()
        try:
            super().send_packed_command(command, check_health)
        except (RedisConnectionError, RedisTimeoutError):
            self.breaker.trip()
            raise

    def read_response(self, *args: Any, **kwargs: Any) -> Any:
        """``Connection.read_response``; a timeout or a lost connection trips the breaker."""
        try:
            return super().read_response(*args, **kwargs)
        except (RedisConnectionError, RedisTimeoutError):
            self.breaker.trip()
            raise


class BreakerConnection(BreakerMixin, Connection):
    """redis-py's TCP connection with the ``BreakerMixin``."""


class BreakerConnectionPool(ConnectionPool):
    """redis-py's connection pool (``CONNECTION_POOL_CLASS`` of the site's
    cache) whose connections (TCP, TLS or a Unix socket, as the URL says)
    share one ``Breaker``: once Redis has failed, the cache is not asked
    again for ``BREAKER_SECONDS``."""

    def __init__(self, **kwargs: Any) -> None:
        base = kwargs.get("connection_class", Connection)
        if base is Connection:
            kwargs["connection_class"] = BreakerConnection
        else:
            kwargs["connection_class"] = type(f"Breaker{base.__name__}", (BreakerMixin, base), {})
        super().__init__(**kwargs)
        self.breaker = Breaker()

    def make_connection(self) -> Any:
        """A new ``BreakerConnection`` sharing the pool's breaker."""
        connection = super().make_connection()
        connection.breaker = self.breaker
        return connection


class OutageTolerantRedisCache(RedisCache):
    """django-redis with ``IGNORE_EXCEPTIONS`` (reads miss, writes are
    dropped while Redis is down), except that ``add`` reports success then.
    allauth's rate limits take a lock with ``cache.add`` before counting a
    login; a lock that can never be taken would refuse every login with
    429 for as long as Redis is down."""

    @omit_exception(return_value=True)
    def add(self, *args: Any, **kwargs: Any) -> bool:
        """``cache.add``; True (as if added) while Redis is unreachable."""
        return self.client.add(*args, **kwargs)
