"""What several views share: a refused form as a message, and the
reader's place in a thread moved over the page shown."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest

from .. import unread
from ..models import Room


def form_errors(form: forms.Form) -> str:
    """Every error of a bound form in one sentence list, for a message."""
    return "; ".join(e for errs in form.errors.values() for e in errs)


def record_seen(request: HttpRequest, room: Room, ctx: dict[str, Any]) -> None:
    """The reader has seen ``room`` up to the last post of the page in
    ``ctx`` (its ``page`` and ``read_position``, as ``games.pages.thread``
    builds them): his read mark moves over it (``unread.seen``)."""
    posts = ctx["page"].object_list
    if posts:
        unread.seen(room, request.user, posts[-1].number, ctx["read_position"])
