"""The player's cabinet: the role card, the choices the seat may hand in
now (forms built from the ruleset) with its receipts, the last-words form
of a player out of the game who holds the right, the private rooms it is
a member of, and its private thread with the host."""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _

from .. import flow, live, unread
from ..compiled import Compiled
from ..forms import ActionForm, LastWordsForm, PostForm
from ..models import Action, Game, Phase, Player, Room
from ..names import ability_name, role_name, team_name
from ..results import abilities_explained, ability_help, role_summary, without_rule_ids
from .phase_bar import JsonRows, json_moment
from .thread import mark_editable, posts_page


@dataclass(frozen=True)
class Choices:
    """The seat's choices in the cabinet's ``phase`` (the open one; None
    without): the ``slots`` it may hand in now (``flow.open_slots``), the
    choices it and its team handed in (``mine``), and one form per slot
    (``forms``), a posted one bound to the request's data."""

    phase: Phase | None
    slots: list
    mine: list[Action]
    forms: list[ActionForm]


def last_words_form(game: Game, seat: Player, data: Any = None) -> LastWordsForm | None:
    """The cabinet's last-words form of a player out of the game who holds
    the right (``flow.last_words_send``, WW18-016), its deadline as
    ``due``; None for everybody else. Bound to ``data`` (a POST) when it
    carries last words."""
    due = seat.last_words_until
    posted = data is not None and "last_words" in data
    if due is None or seat.alive or (seat.last_words_used and not posted) or not game.is_running:
        return None
    form = LastWordsForm(data if posted else None, initial={"last_words": seat.last_words})
    form.due = flow.local_deadline(game, due.due_at)
    return form


def choices(game: Game, seat: Player, ctx: dict[str, Any], data: Any = None) -> Choices:
    """The seat's ``Choices`` in the phase of ``ctx`` (the phase bar's
    context; the latest phase once the game is no longer running). The
    seat's own and its team's choices of the phase are selected in their
    forms; the form whose ability ``data`` (a POST) names is bound to it."""
    ruleset = flow.ruleset_of(game)
    phase = ctx["phase"] if game.is_running else flow.current_phase(game)
    slots = flow.open_slots(game, seat, phase)
    if phase is None:
        mine = []
    elif hasattr(phase, "handed_actions"):
        mine = phase.handed_actions  # read with the phase bar's phase (a living seat's)
    else:
        mine = list(
            Action.objects.filter(phase=phase)
            .filter(flow.seat_choices(flow.ruleset_of(game), seat))
            .select_related("actor")
        )
    handed_in = {(a.team or "", a.ability): a.targets for a in mine}
    forms = []
    key = phase.key if phase else ""
    for slot in slots:
        bound = data if data is not None and data.get("ability") == slot.ability else None
        if bound is not None and bound.get("phase") not in (None, "", key):
            bound = None  # a form of a phase resolved since: ``late_choice`` says so
        handed = handed_in.get((slot.team or "", slot.ability))
        forms.append(ActionForm(bound, slot=slot, ruleset=ruleset, handed=handed, phase_key=key, prefix=None))
    return Choices(phase=phase, slots=slots, mine=mine, forms=forms)


def late_choice(game: Game, data: Any) -> str:
    """Why a choice posted from a cabinet form (``data``: its ``phase``
    key, ``Phase.key``, and ``ability``) that no open form takes was
    refused: when its phase has been resolved since the form was shown,
    the deadline that closed it, in the game's time zone; otherwise that
    the choice is not open to the seat now."""
    key = str(data.get("phase") or "")
    kind, _sep, rest = key.partition("-")
    number, _dot, vote_round = rest.partition(".")
    phase = None
    if number.isdigit() and (not vote_round or vote_round.isdigit()):
        phase = game.phases.filter(
            kind=kind, number=int(number), vote_round=int(vote_round or 1), resolved_at__isnull=False
        ).first()
    if phase is not None:
        ability = str(data.get("ability") or "")
        closed = flow.ability_deadline(game, phase, ability) if ability else flow.choice_deadline(phase)
        if closed is not None:
            return _("Too late: choices for %(phase)s closed at %(when)s.") % {
                "phase": phase,
                "when": flow.local_deadline(game, closed.due_at),
            }
    return _("That choice is not open to you now.")


def _date_forms(game: Game, phase: Phase | None, forms: list[ActionForm]) -> Any:
    """Set each form's ``help`` (``ability_help``), its ``note`` where
    the game's options change what it amounts to (``Ruleset.ability_note``:
    the forum's deal with no Snitch in play, FORUM-117), and its
    ``deadline`` where its choice has its own (the
    werewolf18 witch's, WW18-071); returns the phase's general choice
    deadline when a form closes at it (None without a phase, or when
    every form shown has a deadline of its own, or no form is shown)."""
    deadlines = list(phase.deadlines.all()) if phase else []
    general = flow.choice_deadline(phase, deadlines) if phase else None
    ruleset = flow.ruleset_of(game)
    state = flow.state_of(game) if forms else None
    for f in forms:
        f.help = ability_help(ruleset, f.slot.ability, f.slot.team or "")
        note = ruleset.ability_note(state, f.slot.ability)
        f.note = without_rule_ids(_(note)) if note else ""
        own = flow.ability_deadline(game, phase, f.slot.ability, deadlines) if phase else None
        f.deadline = flow.local_deadline(game, own.due_at) if own and general and own.pk != general.pk else ""
    # The phase's general deadline is stated only when a form shown closes
    # at it: a cabinet never states two deadlines for the same choices.
    if not any(not f.deadline for f in forms):
        return None
    return general


def _receipts(game: Game, ruleset: Any, chosen: Choices) -> list[dict[str, Any]]:
    """The choices handed in this phase, as the cabinet lists them. A
    receipt is ``withdrawable`` only where the seat may still hand that
    choice in now (an open slot of its own or its team's, ``chosen.slots``)
    and the choice was not made in public: a player voted out sees his
    team's kill but is offered no withdrawal (the guard of
    ``flow.action_withdraw``)."""
    phase = chosen.phase
    if not phase:
        return []
    open_now = {(slot.team or "", slot.ability) for slot in chosen.slots}
    return [
        {
            "id": a.public_id,
            "ability": ability_name(ruleset, a.ability),
            "targets": ", ".join(a.targets),
            "when": flow.local_deadline(game, a.updated_at),
            "phase": str(phase),
            "by": a.actor.nickname if a.actor else "",
            "team": a.team,
            # A public act (``Ability.final``, COSMO-030) is never withdrawn.
            "withdrawable": (a.team or "", a.ability) in open_now
            and not (ruleset.ABILITIES.get(a.ability) and ruleset.ABILITIES[a.ability].final),
        }
        for a in chosen.mine
    ]


class _MemberRows(JsonRows):
    """The room's members as ``[joined_at, id, nickname]`` rows
    (``_members``), read in the rooms' query. For a query of ``Room``
    rows."""

    SQL = {
        "postgresql": "(SELECT COALESCE(json_agg(json_build_array(m.joined_at, m.id, m.nickname))::text, '[]')"
        " FROM games_room_members rm JOIN games_player m ON m.id = rm.player_id WHERE rm.room_id = {outer}.id)",
        "sqlite": "(SELECT json_group_array(json_array(m.joined_at, m.id, m.nickname))"
        " FROM games_room_members rm JOIN games_player m ON m.id = rm.player_id WHERE rm.room_id = {outer}.id)",
    }


def _members(room: Room, seat: Player) -> list[str]:
    """The nicknames of the room's members other than ``seat``, in seating
    order (``Player``'s), from the rows its query carried (``member_rows``)."""
    rows = sorted((json_moment(joined), pk, nickname) for joined, pk, nickname in json.loads(room.member_rows))
    return [nickname for _joined, pk, nickname in rows if pk != seat.pk]


def _rooms_query(game_id: int, seat_key: str, seat_id: int, user_id: int) -> QuerySet[Room]:
    """The cabinet of the seat ``seat_id`` (``flow.cabinet_of``: its key is
    the seat's public id ``seat_key``) and the rooms it is a member of
    (``access.rooms_of_seat``), each with the unread count and place of
    the account ``user_id`` seated there (``unread.with_positions``) and
    its members (``member_rows``, ``_members``)."""
    rooms = Room.objects.filter(game_id=game_id).filter(Q(kind=Room.Kind.CABINET, key=seat_key) | Q(members=seat_id))
    user = SimpleNamespace(pk=user_id, is_authenticated=True)
    positions = unread.with_positions(rooms.distinct(), user, Player(pk=seat_id), False)
    return positions.annotate(member_rows=_MemberRows()).order_by("created_at", "id")


# Compiled once per process.
_ROOMS = Compiled(_rooms_query)


def _rooms(request: HttpRequest, game: Game, seat: Player) -> tuple[Room, unread.Position, list[Room]]:
    """The seat's cabinet, the reader's place in it, and the other private
    rooms it reads as a member (``access.rooms_of_seat``) with his counts
    and their members, in one query (compiled once per process)."""
    found = _ROOMS.run(game.pk, seat.public_id, seat.pk, request.user.pk)
    own = next((r for r in found if r.kind == Room.Kind.CABINET and r.key == seat.public_id), None)
    for r in found:
        r.game = game
    if own is None:
        own = flow.cabinet_of(seat)  # raises Room.DoesNotExist, as it always did
        return own, unread.position(own, request.user, seat, False), found
    return own, unread.position_in(own), [r for r in found if r.pk != own.pk]


def cabinet_page(
    request: HttpRequest, game: Game, seat: Player, ctx: dict[str, Any], chosen: Choices, last_words: Any
) -> dict[str, Any]:
    """The cabinet's context: ``ctx`` (the phase bar's) with the seat's
    ``chosen`` choices, receipts and idle abilities, its role card, the
    ``last_words`` form, the private rooms it shares, and a page of its
    thread with the host (``read_position``, and ``seen_number``: what the
    page reports seen, ``room_seen``)."""
    ruleset = flow.ruleset_of(game)
    room, where, others = _rooms(request, game, seat)
    general = _date_forms(game, chosen.phase, chosen.forms)
    # The documents' host tells a team who its members are: each private
    # room the seat reads is listed with its members.
    shared = [(r, _members(r, seat)) for r in others]
    page = posts_page(room, request.GET.get("page"), where.last, where.first_unread)
    mark_editable(request, game, seat, page.object_list)
    idle = flow.idle_abilities(game, seat, chosen.slots, chosen.phase)
    ctx.update(
        idle=[(ability_name(ruleset, a), why) for a, why in idle],
        room=room,
        page=page,
        first_unread=where.first_unread,
        read_position=where,
        seen_number=unread.unseen_last(request.user, where, page.object_list),
        forms=chosen.forms,
        last_words=last_words,
        receipts=_receipts(game, ruleset, chosen),
        role=role_name(ruleset, seat.role),
        role_summary=role_summary(ruleset, seat.role),
        abilities=abilities_explained(ruleset, seat.role, seat.team),
        role_notes=[
            without_rule_ids(_(ruleset.message(key))) for key in ruleset.role_notes(flow.state_of(game), seat.nickname)
        ]
        if game.state and game.is_running
        else [],
        team=team_name(ruleset, seat.team),
        post_form=PostForm(),
        shared_rooms=shared,
        choice_deadline=flow.local_deadline(game, general.due_at) if general else "",
    )
    ctx.update(
        live.channel(
            request,
            game,
            live.page_version(request, game),
            room_id=room.public_id,
            until=ctx["bar_until"],
            seen=ctx["seen_number"],
        )
    )
    return ctx
