"""The phase bar every game page shows: the open phase, the countdown to
the next deadline in the game's time zone, and what the reader still has
to do in it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef, Subquery
from django.http import HttpRequest
from django.utils import timezone

from .. import access, flow, page_cache
from ..models import Action, Deadline, Game, Phase, Player, Vote


@dataclass(frozen=True)
class NextDeadline:
    """The game's next pending deadline as the phase bar shows it:
    ``due_at``, aware UTC."""

    due_at: datetime


def _open_phase(game: Game, seat: Player | None) -> Phase | None:
    """The open phase (``flow.current_phase``) read with what the phase bar
    needs, in one query: ``next_due`` (the game's next pending deadline,
    None without one), ``opening_due`` (the phase's pending delayed opening,
    WW18-072), and for a living ``seat`` whether it voted in this vote
    (``voted``) and whether it or its team handed in a choice
    (``handed``)."""
    # A resolving deadline of a phase already resolved does nothing (the
    # unused re-vote of a day without a tie, COSMO-013): it is not shown.
    pending = Deadline.objects.filter(done_at__isnull=True).exclude(resolves=True, phase__resolved_at__isnull=False)
    phases = game.phases.filter(resolved_at__isnull=True).annotate(
        next_due=Subquery(pending.filter(phase__game=game).order_by("due_at").values("due_at")[:1]),
        opening_due=Subquery(pending.filter(phase=OuterRef("pk"), kind=flow.OPENS).values("due_at")[:1]),
    )
    if seat is not None and seat.alive:
        phases = phases.annotate(
            voted=Exists(
                Vote.objects.filter(game=game, day=OuterRef("number"), vote_round=OuterRef("vote_round"), voter=seat)
            ),
            handed=Exists(
                Action.objects.filter(phase=OuterRef("pk")).filter(flow.seat_choices(flow.ruleset_of(game), seat))
            ),
        )
    return phases.order_by("-number").first()


def game_context(request: HttpRequest, game: Game, seat: Player | None) -> dict[str, Any]:
    """What every game page shows: the phase, the countdown to the next
    deadline (in the game's time zone) and what the reader still has to do
    (``todo``: ``"vote"``, ``"choice"``). One query for the phase and all
    of that (``_open_phase``). A kept page (``page_cache``) is kept no
    longer than the next deadline or delayed opening it shows."""
    phase = _open_phase(game, seat) if game.is_running else None
    deadline = NextDeadline(phase.next_due) if phase and phase.next_due else None
    todo: list[str] = []
    # A phase waiting for its delayed opening (WW18-072: the morning of A).
    opening = phase.opening_due if phase and phase.opened_at > timezone.now() else None
    waiting = opening is not None
    # A kept page shows these as they are until the next deadline or opening.
    page_cache.expires(request, deadline.due_at if deadline else None)
    page_cache.expires(request, opening)
    if seat and seat.alive and phase and not waiting:
        if phase.kind == "day" and not phase.voted:
            todo.append("vote")
        if not phase.handed and flow.open_slots(game, seat, phase):
            todo.append("choice")
    return {
        "game": game,
        "seat": seat,
        "phase": phase,
        "deadline": deadline,
        "deadline_local": flow.local_deadline(game, deadline.due_at) if deadline else "",
        "todo": todo,
        "is_host": access.is_host(request.user, game),
        "opens_at": flow.local_deadline(game, opening) if opening else "",
    }
