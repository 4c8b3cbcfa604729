"""Reads of the choices of a phase: the deadline closing each ability, the
choices a seat may hand in now and the abilities it cannot use (from the
phase's stored rows), and the rows themselves, worked out from the rules
for the write side to store (``slot_rows``, ``idle_rows``, ``vote_rows``).
Nothing here writes."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rulesets.core import Action as RulesAction
from rulesets.core import ActionSlot, Ballot, GameState, Ruleset
from rulesets.core.day import VoteCount, listed

from ..models import Deadline, Game, Phase, Player
from .game import OPENS, current_phase, ruleset_of, state_of


def slots_to_hand_in(game: Game, slots: list[ActionSlot]) -> list[ActionSlot]:
    """Those of ``slots`` (``open_slots``) that ask the seat for a choice
    now: all but the orders the ruleset declares ``Ability.standing`` (acted
    on only if their condition arises: werewolf18's last shot «最后一枪»,
    WW18-031, the idiot's «装傻», WW18-032, the wolves' «投降», WW18-017,
    the badge «殉职», WW18-048; the forum's deal with the Snitch, FORUM-117).
    The player is never told he has them to hand in, nor mailed about them."""
    abilities = ruleset_of(game).ABILITIES
    return [s for s in slots if not (s.ability in abilities and abilities[s.ability].standing)]


def seat_choices(ruleset: Ruleset, seat: Player) -> Q:
    """The filter of the ``Action`` rows that are ``seat``'s own or his
    team's where he shares its group (``Ruleset.in_team_group``): the
    werewolves' knife is theirs, never the rioter's nor a mixed-blood's
    who joined the wolves (WW18-018, WW18-019)."""
    return choices_of(seat.pk, choosing_team(ruleset, seat))


def choosing_team(ruleset: Ruleset, seat: Player) -> str | None:
    """The team whose choices ``seat`` shares (``Ruleset.in_team_group``,
    WW18-018, WW18-019), None when it shares none."""
    return seat.team if seat.team and ruleset.in_team_group(seat.role, seat.team) else None


def choices_of(seat_id: int, team: str | None) -> Q:
    """``seat_choices`` by value: the ``Action`` rows of the seat
    ``seat_id`` (its own, not a team's) and, with ``team``, that team's."""
    own = Q(actor_id=seat_id, team="")
    return own | Q(team=team, team__gt="") if team else own


def choice_deadline(phase: Phase, deadlines: list[Deadline] | None = None) -> Deadline | None:
    """The deadline after which this phase's choices are refused: the first
    one (the day roles' 14:00 by day, FORUM-012; 22:00 by night).
    ``deadlines``: the phase's deadlines when the caller read them (no
    query then)."""
    if deadlines is None:
        return phase.deadlines.exclude(kind=OPENS).order_by("due_at").first()
    return min((d for d in deadlines if d.kind != OPENS), key=lambda d: (d.due_at, d.pk), default=None)


def ability_deadline(
    game: Game, phase: Phase, ability: str, deadlines: list[Deadline] | None = None
) -> Deadline | None:
    """The deadline closing choices of ``ability`` in ``phase``: the one the
    ruleset names (``Ruleset.choice_closes``; werewolf18's witch answers
    after the knives, WW18-071), else the phase's first. ``deadlines``: the
    phase's deadlines when the caller read them (no query then)."""
    entry = ruleset_of(game).choice_closes(ability, phase.kind)
    if not entry:
        return choice_deadline(phase, deadlines)
    if deadlines is None:
        return phase.deadlines.filter(kind=entry).first()
    return min((d for d in deadlines if d.kind == entry), key=lambda d: d.pk, default=None)


def ability_opens(game: Game, phase: Phase, ability: str, deadlines: list[Deadline] | None = None) -> Deadline | None:
    """The deadline of ``phase`` after which choices of ``ability`` open
    (``Ruleset.choice_opens``: werewolf18's witch once the knives close,
    the exit orders once the vote closes, WW18-071); None when they open
    with the phase. ``deadlines``: the phase's deadlines when the caller
    read them (no query then)."""
    entry = ruleset_of(game).choice_opens(ability, phase.kind)
    if not entry:
        return None
    if deadlines is None:
        return phase.deadlines.filter(kind=entry).order_by("pk").first()
    return min((d for d in deadlines if d.kind == entry), key=lambda d: d.pk, default=None)


def slot_rows(ruleset: Ruleset, state: GameState | None, kind: str) -> list[dict[str, Any]]:
    """The choices that may be handed in during a phase of ``kind`` on
    ``state`` (``Ruleset.action_slots``), votes aside (they go through the
    vote thread, ``DayProcedure.ballot_abilities``), as stored on
    ``Phase.slots``; [] without a state (an opening that is no step)."""
    if state is None:
        return []
    ballots = ruleset.day_procedure(state).ballot_abilities
    rows = []
    for s in ruleset.action_slots(state, kind):
        if s.ability in ballots:
            continue
        row = {"ability": s.ability, "candidates": list(s.candidates), "actor": s.actor, "team": s.team}
        row["targets"] = s.targets
        if s.team:
            # Who of the team may hand it in (``Ruleset.team_choice_refusal``:
            # piter's clan shot is the shooting mafiosi's, PITER-040).
            row["members"] = [
                p.name
                for p in state.team_members(s.team)
                if ruleset.team_choice_refusal(state, s.team, s.ability, p.name) is None
            ]
        rows.append(row)
    return rows


def idle_rows(ruleset: Ruleset, state: GameState | None, kind: str | None) -> dict[str, list[list[str]]]:
    """Each living player's own abilities, votes aside, with the reason id
    the rules give for refusing each now in a phase of ``kind`` (""
    where they give none, and for abilities of other phases), as stored on
    ``Phase.idle`` for ``idle_abilities``; {} without a state."""
    if state is None:
        return {}
    ballots = ruleset.day_procedure(state).ballot_abilities
    rows: dict[str, list[list[str]]] = {}
    for name, player in state.players.items():
        if not player.alive:
            continue
        entries = []
        for ability_id in ruleset.abilities_of(state, name):
            ability = ruleset.ABILITIES.get(ability_id)
            if ability is None or ability_id in ballots:
                continue
            reason = (
                ruleset.actor_reason(state, RulesAction(ability_id, actor=name), kind)
                if ability.phase == kind
                else None
            )
            entries.append([ability_id, reason or ""])
        if entries:
            rows[name] = entries
    return rows


def vote_rows(ruleset: Ruleset, state: GameState | None, kind: str, ballots: list[Ballot]) -> dict[str, Any] | None:
    """What the rules make of the ``ballots`` of a day phase on ``state``,
    as stored on ``Phase.votes`` and read by ``VoteView``: the public count
    (``Ruleset.vote_count``), the day's candidates (its nominees, or the
    host's list, CLASSIC-011), who may nominate (``nomination_open_to``),
    who may vote (``may_vote``) and whom (``vote_choices``), whether a vote
    may change at all (``vote_change_refusal``), the tied players a re-vote
    would be among (``revote_needed``) and its choices, the warnings
    for the host (``day_warnings``), and the ``ballots`` themselves as
    ``[voter, choice, round]`` (the vote thread shows them as cast,
    ``reads.day.stored_ballots``). None for a phase that is no day, or
    without a state."""
    if state is None or kind != Phase.Kind.DAY:
        return None
    procedure = ruleset.day_procedure(state)
    count = ruleset.vote_count(state, ballots)
    alive = state.alive_names()
    voters = [name for name in state.players if ruleset.may_vote(state, name)]
    tied = tuple(ruleset.revote_needed(state, ballots)) if procedure.revote_until else ()
    return {
        "count": _count_row(count),
        "candidates": ruleset.nominees(state, ballots)
        if procedure.nominations_until
        else (listed(ballots, alive) or None),
        "nominators": [n for n in alive if ruleset.nomination_open_to(state, n, ballots) is None]
        if procedure.nominations_until
        else [],
        "voters": voters,
        "choices": {name: list(ruleset.vote_choices(state, name, ballots)) for name in voters},
        "change_refused": bool(ruleset.vote_change_refusal(state)),
        "revote": list(tied),
        "revote_count": _count_row(ruleset.revote_count(state, ballots, tied)) if tied else None,
        "revote_choices": list(ruleset.revote_choices(state, tied)) if tied else [],
        "warnings": [list(warning) for warning in ruleset.day_warnings(state, ballots)],
        "ballots": [[b.voter, b.choice, b.round] for b in ballots],
    }


def _count_row(count: VoteCount) -> dict[str, Any]:
    """A ``VoteCount`` as stored on ``Phase.votes`` (``VoteView`` reads it back)."""
    return {
        "rows": [[row.target, row.weight, list(row.voters)] for row in count.rows],
        "abstained": list(count.abstained),
        "not_voted": list(count.not_voted),
        "notes": [list(note) for note in count.notes],
        "tied": list(count.tied),
        "weights": dict(count.weights),
    }


def open_slots(game: Game, seat: Player, phase: Phase | None = None) -> list:
    """The choices this seat may hand in now (its own and its team's), as
    ``rulesets.core.ActionSlot``, read from ``Phase.slots`` (no rules engine
    call); empty outside an open phase, without the abilities whose own
    deadline has fired (``ability_deadline``) or whose opening moment has
    not (``ability_opens``: werewolf18's witch before the knives close,
    WW18-071). One due but not yet fired
    still shows its form, so a late choice is refused with the deadline
    named (``action_submit``). ``phase``: the open phase, when the caller
    has read it."""
    phase = phase or current_phase(game)
    if phase is None or not game.is_running or phase.locked_at:
        return []
    ruleset = ruleset_of(game)
    # A phase opened before its choices were stored works them out (a page never writes).
    rows = phase.slots if phase.slots is not None else slot_rows(ruleset, state_of(game), phase.kind)
    # The rules say who acts: a player out of the game only where his role
    # does (piter's Ghost, PITER-093); a team's choice only its group's
    # (WW18-019); votes go through the vote thread.
    slots = [
        ActionSlot(row["ability"], tuple(row["candidates"]), row["actor"], row["team"], row["targets"])
        for row in rows
        if (
            row["actor"] == seat.nickname
            or (
                row["team"] is not None
                and row["team"] == seat.team
                and seat.alive
                and ruleset.in_team_group(seat.role, seat.team)
                and seat.nickname in row.get("members", [seat.nickname])
            )
        )
    ]
    slots = _tie_pick_slots(game, phase, slots)
    closes = {slot.ability: ruleset.choice_closes(slot.ability, phase.kind) for slot in slots}
    opens = {slot.ability: ruleset.choice_opens(slot.ability, phase.kind) for slot in slots}
    entries = {*closes.values(), *opens.values()} - {""}
    present = list(phase.deadlines.filter(kind__in=entries).values_list("kind", "done_at")) if entries else []
    fired = {kind for kind, done_at in present if done_at is not None}
    waiting = {kind for kind, done_at in present if done_at is None}
    # Offered from the moment the rules open it (WW18-071) until its deadline.
    return [s for s in slots if closes[s.ability] not in fired and opens[s.ability] not in waiting]


def _tied_now(phase: Phase) -> tuple[str, ...]:
    """The tied players of the open day once its vote's deadline has found a
    tie (its first resolving deadline fired, the day still open), read from
    the stored ``Phase.votes``; () otherwise."""
    stored = phase.votes or {}
    first = phase.deadlines.filter(resolves=True).order_by("due_at").first()
    if not stored.get("revote") or first is None or first.done_at is None or phase.resolved_at:
        return ()
    return tuple(stored["revote"])


def _tie_pick_slots(game: Game, phase: Phase, slots: list[ActionSlot]) -> list[ActionSlot]:
    """``slots`` with the ability deciding a tie (``DayProcedure.tie_pick``,
    piter's Ghost, PITER-093) offered only once the vote has tied, among
    the tied players; the others unchanged."""
    if phase.kind != Phase.Kind.DAY:
        return slots
    ability = ruleset_of(game).day_procedure(state_of(game)).tie_pick
    if not ability or not any(slot.ability == ability for slot in slots):
        return slots
    tied = _tied_now(phase)
    return [
        ActionSlot(s.ability, tuple(c for c in s.candidates if c in tied), s.actor, s.team, s.targets)
        if s.ability == ability
        else s
        for s in slots
        if s.ability != ability or tied
    ]


# When an ability of each phase kind is handed in, as the cabinet says it.
_ABILITY_WHEN = {
    Phase.Kind.DAY: gettext_noop("by day"),
    Phase.Kind.NIGHT: gettext_noop("at night"),
    Phase.Kind.SETUP: gettext_noop("in the set-up step"),
}


_UNREAD: Any = object()


def idle_abilities(
    game: Game, seat: Player, slots: list | None = None, phase: Phase | None = _UNREAD
) -> list[tuple[str, str]]:
    """The seat's own abilities it cannot hand in now, each with why or
    when, for the cabinet: (ability id, sentence). An ability of another
    phase says when it is handed in ("at night"); one of this phase that
    the rules refuse now says the ruleset's reason (classic's first night,
    CLASSIC-007; a one-shot already spent). ``slots``: ``open_slots``, and
    ``phase``: ``current_phase`` (None: no phase open), when the caller
    has them. Empty for a player out of the game."""
    if not seat.alive or not game.is_running or not game.state:
        return []
    ruleset = ruleset_of(game)
    phase = current_phase(game) if phase is _UNREAD else phase
    if phase is None:  # between phases: worked out from the state
        stored = idle_rows(ruleset, state_of(game), None)
    elif phase.idle is None:  # a phase opened before these were stored (a page never writes)
        stored = idle_rows(ruleset, state_of(game), phase.kind)
    else:
        stored = phase.idle
    open_now = {slot.ability for slot in (open_slots(game, seat) if slots is None else slots)}
    idle = []
    for ability_id, reason in stored.get(seat.nickname, []):
        ability = ruleset.ABILITIES.get(ability_id)
        if ability is None or ability_id in open_now:
            continue
        if phase is None or ability.phase != phase.kind:
            why = _(_ABILITY_WHEN[ability.phase]) if ability.phase in _ABILITY_WHEN else ""
        else:
            why = _(ruleset.message(reason)) if reason else _("not open at the moment")
        idle.append((ability_id, why))
    return idle
