"""``{% game_fault_notice game %}``: on every page of a game the rules
cannot read (``flow.game_fault``: an unregistered ruleset id, a stored
state lacking a key), the notice saying so: the fault in words for the
host, co-hosts and staff accounts, a neutral "paused by a fault" for
everyone else; nothing for a sound game."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games import access, flow
from games.models import Game

register = template.Library()


@register.inclusion_tag("games/_broken_notice.html", takes_context=True)
def game_fault_notice(context: template.Context, game: Any) -> dict[str, Any]:
    """The notice's context: ``fault`` (a game is broken), ``reason`` (the
    fault, for the host, co-hosts and staff only), ``admin_url`` (the
    game's page in the Django admin, for staff). Reads no table beyond the
    game's co-hosts (for a broken game only); never raises."""
    if not isinstance(game, Game):
        return {"fault": False}
    reason = flow.game_fault(game)
    if reason is None:
        return {"fault": False}
    user = context.get("user")
    staff = user is not None and bool(getattr(user, "is_staff", False))
    told = staff or (user is not None and access.is_host(user, game))
    return {
        "fault": True,
        "reason": reason if told else "",
        "admin_url": reverse("admin:games_game_change", args=[game.pk]) if staff else "",
    }
