"""The site's Redis cache backend for outages."""

from __future__ import annotations

from typing import Any

from django_redis.cache import RedisCache, omit_exception


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
