"""The site's Redis cache backend for outages."""

from __future__ import annotations

from typing import Any

from django_redis.cache import RedisCache, omit_exception
from django_redis.client.default import _main_exceptions
from django_redis.exceptions import ConnectionInterrupted


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

    @omit_exception
    def incr_many(self, keys: list[str]) -> None:
        """Add one to each of ``keys`` in one round trip (a pipeline of
        INCR); a missing key starts at 1 and never expires, as
        ``cache.set(key, 1, None)`` after a failed ``cache.incr`` stores it.
        Nothing while Redis is unreachable."""
        client = self.client.get_client(write=True)
        pipe = client.pipeline(transaction=False)
        for key in keys:
            pipe.incr(self.client.make_key(key))
        try:
            pipe.execute()
        except _main_exceptions as exc:  # as django-redis's own commands report an outage
            raise ConnectionInterrupted(connection=client) from exc
