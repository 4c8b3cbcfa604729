"""Logging filters for the server log."""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied


class RefusedRequestFilter(logging.Filter):
    """Turns Django's record of a refused request into one line.

    Django logs every ``PermissionDenied`` on ``django.request`` with the
    exception attached, so each 403 prints a full traceback although a
    refusal is an expected answer, not a fault. This filter rewrites such a
    record (others pass untouched) as ``Refused METHOD PATH user=ID: reason``
    (``user=-`` for an anonymous visitor) and drops the traceback. It always
    lets the record through.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        request = getattr(record, "request", None)
        if not isinstance(exc, PermissionDenied) or request is None:
            return True
        user = getattr(request, "user", None)
        user_id = user.pk if user is not None and user.is_authenticated else "-"
        reason = " ".join(str(exc).split()) or "no reason given"
        record.msg = "Refused %s %s user=%s: %s"
        record.args = (request.method, request.get_full_path(), user_id, reason)
        record.exc_info = None
        record.exc_text = None
        return True
