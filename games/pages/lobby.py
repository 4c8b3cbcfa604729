"""The site's front pages: the list of games and the form announcing a
new one."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Q
from django.http import Http404
from django.utils.translation import gettext as _

import rulesets
from rulesets.core import Ruleset

from ..flow import game_fault
from ..forms import GameCreateForm
from ..models import Game, Player
from ..names import localized


def home(user: Any) -> dict[str, Any]:
    """Games open for sign-up, running and finished (``games``, the latest
    100, each with its ``seated`` count); for a logged-in reader each also
    marked ``playing`` (he holds a seat) and ``hosting`` (he hosts or
    co-hosts it), and ``hosted``: his drafts. Each game carries ``fault``:
    what keeps its rules from reading it (``flow.game_fault``), or None."""
    games = Game.objects.exclude(status=Game.Status.DRAFT).annotate(
        seated=Count("players", filter=Q(players__status="seated"))
    )
    mine = Game.objects.filter(host_id=user.id) if user.is_authenticated else Game.objects.none()
    if user.is_authenticated:
        # The reader's own games are marked: those he plays in, those he hosts.
        cohosting = Game.cohosts.through.objects.filter(game_id=OuterRef("pk"), user_id=user.pk)
        playing = Player.objects.filter(game_id=OuterRef("pk"), user_id=user.pk, status=Player.Status.SEATED)
        games = games.annotate(playing=Exists(playing), hosting=Q(host_id=user.pk) | Exists(cohosting))
    listed = list(games[:100])
    for game in listed:
        game.fault = game_fault(game)
    return {"games": listed, "hosted": mine.filter(status=Game.Status.DRAFT)}


def _offered() -> list[Ruleset]:
    """The rulesets this site hosts (``MAFIA_WEB_RULESETS``), in its order."""
    return [rulesets.get(r) for r in settings.MAFIA_WEB_RULESETS]


def ruleset_to_host(chosen: str | None) -> Ruleset:
    """The ruleset ``chosen`` (a ruleset id; none: the first offered);
    raises Http404 for one this site does not host."""
    chosen = chosen or _offered()[0].id
    if chosen not in settings.MAFIA_WEB_RULESETS:
        raise Http404(_("This ruleset cannot be hosted here."))
    return rulesets.get(chosen)


def new_game(form: GameCreateForm, ruleset: Ruleset) -> dict[str, Any]:
    """The announcement page: ``form`` for ``ruleset``, its title in the
    reader's language, and the (id, title) ``choices`` of the rulesets
    offered."""
    return {
        "form": form,
        "ruleset": ruleset,
        "ruleset_title": localized(ruleset.title, ruleset.id),
        "choices": [(r.id, localized(r.title, r.id)) for r in _offered()],
    }
