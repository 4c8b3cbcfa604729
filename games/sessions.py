"""The session store (``settings.SESSION_ENGINE``): Django's database
sessions, read with one written-out statement.

Every request of a signed-in reader loads his session first, the live
channel's polls included (87 % of a live game's requests, a poll with
nothing new costing about 2 ms of CPU). The ORM's
``Session.objects.get(…)`` compiles its query again on each of them; the
statement below is the same query, written once. Everything else (writing,
expiry, flushing, the asynchronous reads of the live streams) is Django's
own ``django.contrib.sessions.backends.db``."""

from __future__ import annotations

from types import SimpleNamespace

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone

_LOAD = "SELECT session_data FROM {table} WHERE session_key = %s AND expire_date > %s"


class SessionStore(db.SessionStore):
    """Django's database session store whose load reads the session's row
    with ``_LOAD``: the data of an unexpired session of this key, or none
    (then, as Django's, the key is dropped and a new session begins)."""

    def _get_session_from_db(self) -> SimpleNamespace | None:
        """The session's stored data (``session_data``, as Django's row has
        it), or None for a missing or expired session. The current time is
        compared in UTC, as the ORM stores ``expire_date``."""
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        table = connection.ops.quote_name(self.model._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(_LOAD.format(table=table), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        return SimpleNamespace(session_data=row[0])
