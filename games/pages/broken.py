"""The page every page of a broken game gives way to (``GameBroken``: a
ruleset id not registered, a stored state that does not load): the fault
in words for the host, the co-hosts and the site's admins, a neutral
notice for everyone else, and the tools each of them still has."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from .. import access, flow
from ..models import Deadline, Game


def broken_page(user: Any, game: Game, reason: str) -> dict[str, Any]:
    """The context of ``games/broken.html`` for ``user`` reading ``game``.

    ``reason`` (the fault as a sentence) is given to the host, co-hosts
    and staff accounts only; ``hosting`` adds the host's tools that need
    no rules (the failed deadline's "Retry now", the registry of
    accounts), ``admin_url`` the game's page in
    the Django admin, where staff repair the ruleset id or the state.
    Reads only; never calls the rules engine."""
    hosting = access.is_host(user, game)
    staff = bool(getattr(user, "is_staff", False))
    ctx: dict[str, Any] = {
        "game": game,
        "fault": True,
        "reason": reason if hosting or staff else "",
        "hosting": hosting,
    }
    if hosting:
        failing = Deadline.objects.failing().filter(phase__game=game).select_related("phase").first()
        ctx["failing"] = failing
        ctx["failed_at"] = flow.local_deadline(game, failing.failed_at) if failing and failing.failed_at else ""
    if staff:
        ctx["admin_url"] = reverse("admin:games_game_change", args=[game.pk])
        ctx["deadlines_url"] = reverse("admin:games_deadline_changelist") + "?failed=yes"
    return ctx
