"""Reads of a whole game: its ruleset and state, its open phase and day,
a seat's cabinet, the house rules the engine knows, the host's decisions
on autokills and deferred penalties, and whether a post may still be
edited. Nothing here writes."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import rulesets
from rulesets.core import GameState, RulesError, Ruleset

from ..clock import local_time
from ..errors import FlowError, GameBroken, unknown_ruleset
from ..models import Game, Phase, Player, Post, Resolution, Room, Vote


def ruleset_of(game: Game) -> Ruleset:
    """The game's rules engine; raises ``GameBroken`` when the game's
    ruleset id is not registered on this site (``rulesets.REGISTRY``)."""
    try:
        return rulesets.get(game.ruleset)
    except RulesError as exc:
        raise GameBroken(game.pk, unknown_ruleset(game.ruleset)) from exc


def state_of(game: Game) -> GameState:
    """The ruleset state of a game whose roles were drawn; raises FlowError
    before the draw and ``GameBroken`` when the stored state does not load
    (a key missing, a value of the wrong shape)."""
    if not game.state:
        raise FlowError(_("Roles have not been drawn yet."))
    try:
        return GameState.from_dict(game.state)
    except KeyError as exc:
        raise GameBroken(
            game.pk, _("The game's stored state lacks the key “%(key)s”: it cannot be read.") % {"key": exc.args[0]}
        ) from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise GameBroken(
            game.pk, _("The game's stored state cannot be read: %(error)s") % {"error": f"{type(exc).__name__}: {exc}"}
        ) from exc


# ``deadlines_seen``'s ``phase`` when the caller has not read it.
_UNREAD: Any = object()


def deadlines_seen(game: Game, phase: Phase | None = _UNREAD) -> str:
    """The open phase's pending deadlines as a page shows them: their due
    moments (UTC, ISO 8601) in id order, joined by commas; "" without an
    open phase. The host's "Extend" form carries it, so a second submit of
    the same form finds the deadlines moved (``deadline_extend``).
    ``phase``: the open phase (``current_phase``) when the caller read it."""
    if phase is _UNREAD:
        phase = current_phase(game)
    if phase is None:
        return ""
    # All the phase's deadlines (a handful): the phase bar's read of the
    # phase came with them, and any other read queries them once.
    pending = sorted((d for d in phase.deadlines.all() if d.done_at is None), key=lambda d: d.pk)
    return ",".join(d.due_at.isoformat() for d in pending)


# The log's kinds of a penalty given (at once, or deferred to the phase's end).
PENALTY_EVENTS = ("penalty", "penalty_deferred")


def penalties_seen(game: Game, counts: dict[str, int] | None = None) -> int:
    """How many penalties the game has been given so far (its log); the
    host's penalty form carries it, so a second submit of the same form
    finds one more and gives nothing (``penalty_apply``). ``counts``: the
    log's events per kind (``event_log.kind_counts``) when the caller read
    them."""
    if counts is not None:
        return sum(counts.get(kind, 0) for kind in PENALTY_EVENTS)
    return game.events.filter(kind__in=PENALTY_EVENTS).count()


def game_fault(game: Game) -> str | None:
    """What keeps ``game`` from being read by its rules, as a sentence for
    its host and the site's admins (``GameBroken``'s reason), or None for a
    sound game: an unregistered ruleset id, or a stored state that does
    not load. Reads nothing from the database."""
    try:
        ruleset_of(game)
        if game.state:
            state_of(game)
    except GameBroken as exc:
        return exc.reason
    return None


WEB_OPTIONS = (
    "autokills",
    "post_minimum",
    "excused",
    "confirmed",
    "free_choice",
    "opens_with",
    "dead_read_team_room",
    "replay_for_the_dead",
)


def dead_read_team_room(game: Game) -> bool:
    """True when players out of ``game`` keep reading their team's room:
    the host's choice for the game, else the ruleset's reading
    (``Ruleset.DEAD_READ_TEAM_ROOM``)."""
    return bool(game.options.get("dead_read_team_room", ruleset_of(game).DEAD_READ_TEAM_ROOM))


def proposed_composition(game: Game) -> dict[str, int]:
    """The ruleset's composition for the seated players; raises FlowError."""
    n = game.players.seated().count()
    ruleset = ruleset_of(game)
    try:
        return ruleset.composition(n, game.variant or ruleset.default_variant(n), game.options)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc


def engine_options(game: Game) -> dict[str, Any]:
    """The house rules the ruleset knows (the web-only ones left out)."""
    known = ruleset_of(game).OPTIONS
    return {k: v for k, v in game.options.items() if k in known}


# The ``Deadline.kind`` of a phase's delayed opening (``Ruleset.phase_opens``):
# the results waiting for it are published when it fires.
OPENS = "opens"


def first_phase(game: Game) -> str:
    """The phase the game's first step is: the ruleset's ``FIRST_PHASE``,
    or the one the host chose (house option ``opens_with``, one of the
    ruleset's ``PHASES``: a forum game opening by night, a werewolf18 game
    without the setup step, or a game carried over from another forum)."""
    ruleset = ruleset_of(game)
    chosen = game.options.get("opens_with")
    return chosen if chosen in ruleset.PHASES else ruleset.FIRST_PHASE


def cabinet_of(seat: Player) -> Room:
    """The seat's personal cabinet (a private thread with the host)."""
    return Room.objects.get(game_id=seat.game_id, kind=Room.Kind.CABINET, key=seat.public_id)


def current_day(game: Game) -> int:
    """The game day now running (0 before the start)."""
    phase = game.phases.order_by("-number", "kind").first()
    return phase.number if phase else 0


def current_phase(game: Game) -> Phase | None:
    """The open (unresolved) phase, or None."""
    return game.phases.filter(resolved_at__isnull=True).order_by("-number").first()


def edit_until(post: Post) -> datetime | None:
    """When the edit window of ``post`` closes: ``Game.edit_minutes`` after
    it was posted; None where the game allows no edits."""
    minutes = post.room.game.edit_minutes
    return post.created_at + timedelta(minutes=minutes) if minutes else None


def edit_refusal(post: Post, now: datetime | None = None) -> str | None:
    """Why ``post`` cannot be edited now (whoever asks), or None: a vote or
    nomination post, a results post (the host corrects those on the
    dashboard), a game without edits, or the window closed (with its end)."""
    if post.room.kind == Room.Kind.VOTE and Vote.objects.filter(post=post).exists():
        return _("A vote post cannot be edited: it is counted as it was cast.")
    if Resolution.objects.filter(Q(published_post=post) | Q(day_copy=post)).exists():
        return _("Results are corrected on the host dashboard.")
    until = edit_until(post)
    if until is None:
        return _("Posts cannot be edited in this game.")
    if (now or timezone.now()) >= until:
        return _("The time to edit this post ended at %(when)s; your text was not saved.") % {
            "when": local_time(post.room.game, until)
        }
    return None


def revote_label(ruleset: Ruleset, state: GameState, choice: str) -> str:
    """A re-vote choice as players read it: a re-vote word in the reader's
    language with the document's own words (cosmo «посадить всех» for
    ``jail``, COSMO-013), a nickname as it is."""
    if choice in ruleset.day_procedure(state).revote_words:
        return _(ruleset.message(f"revote_{choice}"))
    return choice


def acceleration_open(game: Game) -> bool:
    """True while the game's players may still ask for its acceleration
    (``Ruleset.ACCELERATION``): running and not accelerated yet."""
    option = ruleset_of(game).ACCELERATION
    return bool(option) and game.is_running and not game.options.get(option)


def excused_today(game: Game, number: int) -> list[str]:
    """Nicknames whose autokill does not apply on game day ``number``: those
    the host waived, and in a ``host_confirms`` game all those the host did
    not confirm."""
    excused = set(game.options.get("excused", {}).get(str(number), []))
    if game.options.get("autokills") == "host_confirms":
        confirmed = set(game.options.get("confirmed", {}).get(str(number), []))
        excused |= set(game.players.alive().values_list("nickname", flat=True)) - confirmed
    return sorted(excused)


def deferred_penalties(game: Game, phase: Phase) -> list[tuple[str, str]]:
    """The deferred penalties given during ``phase``: (kind, nickname) pairs
    in the order given."""
    events = game.events.filter(kind="penalty_deferred", data__phase=phase.key).order_by("id")
    return [(e.data["kind"], e.data["target"]) for e in events]
