"""Choices a player hands in from his cabinet: a night (or day) action and
its withdrawal, last words, and a request for the game's acceleration."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from rulesets.core import Action as RulesAction
from rulesets.core import RulesError

from .. import languages
from ..clock import local_deadline
from ..errors import FlowError
from ..models import Action, Event, Game, Phase, Player, Room
from ..names import host_text
from ..reads.choices import ability_deadline, ability_opens, choice_deadline, seat_choices
from ..reads.day import day_window
from ..reads.game import current_day, current_phase, ruleset_of
from ..results import without_rule_ids
from ..windows import window_name
from .posting import refuse_before_opening
from .records import refuse_if_late
from .turn import Turn, transition


def _refuse_late_choice(game: Game, phase: Phase, now: datetime, ability: str = "") -> None:
    """Raise FlowError, with the deadline in the game's time zone, when the
    phase's choices are locked or ``now`` is past the deadline of
    ``ability`` (``ability_deadline``; the phase's first without one), or
    before the phase's delayed opening."""
    refuse_before_opening(game, phase, now)
    deadline = ability_deadline(game, phase, ability) if ability else choice_deadline(phase)
    refuse_if_late(
        game,
        deadline,
        now,
        _("Too late: choices for this phase closed at %(when)s."),
        closed=bool(phase.locked_at) or (deadline is not None and deadline.done_at is not None),
    )


def _refuse_before_its_moment(game: Game, phase: Phase, ability: str) -> None:
    """Raise FlowError, naming the moment and its time in the game's time
    zone, while the deadline after which the rules open ``ability``
    (``ability_opens``) has not fired: werewolf18's witch answers once told
    whom the knives chose, the hunter, the idiot and the sheriff once the
    vote has closed (WW18-071)."""
    opening = ability_opens(game, phase, ability)
    if opening is None or opening.done_at is not None:
        return
    raise FlowError(
        _("Not yet: this choice opens at %(when)s, at the end of %(window)s.")
        % {
            "when": local_deadline(game, opening.due_at),
            "window": window_name(ruleset_of(game), opening.kind, phase.kind),
        }
    )


def refuse_choice_now(turn: Turn, seat: Player, ability: str, targets: list[str], team: bool = False) -> Phase:
    """The open phase, when ``seat`` may hand in this choice now; else
    FlowError with a sentence: no phase open, late (the deadline shown in
    the game's time zone), not allowed, or refused by the rules (the
    ruleset's own message)."""
    game, now = turn.game, turn.now
    phase = current_phase(game)
    if phase is None or not game.is_running:
        raise FlowError(_("No phase is open."))
    _refuse_late_choice(game, phase, now, ability)
    _refuse_before_its_moment(game, phase, ability)
    _refuse_choice(turn, phase, seat, ability, targets, team)
    _refuse_tie_pick(turn, phase, ability, targets)
    return phase


def submit_choice(turn: Turn, *, seat: Player, ability: str, targets: list[str], team: bool = False) -> Action:
    """Hand in (or change) a choice for the open phase, inside the caller's
    ``turn``; raises FlowError as ``refuse_choice_now``. A ``final`` choice
    (``Ability.final``) goes through ``public_choices.action_submit``."""
    now = turn.now
    phase = refuse_choice_now(turn, seat, ability, targets, team)
    lookup = Q(phase=phase, ability=ability) & (Q(team=seat.team) if team else Q(actor=seat, team=""))
    action = Action.objects.filter(lookup).first()
    if action is None:
        action = Action.objects.create(
            phase=phase,
            actor=seat,
            team=seat.team if team else "",
            ability=ability,
            targets=targets,
            submitted_at=now,
            updated_at=now,
        )
    else:
        action.actor, action.targets, action.updated_at = seat, targets, now
        action.save(update_fields=["actor", "targets", "updated_at"])
    turn.log(
        "action_submitted",
        {
            "phase": str(phase),
            "by": seat.nickname,
            "team": seat.team if team else "",
            "ability": ability,
            "targets": targets,
        },
        Event.Audience.HOST,
    )
    return action


@transition
def action_withdraw(turn: Turn, *, seat: Player, action_id: str) -> None:
    """Withdraw a choice before its deadline (the time taken under the game
    lock: ``transition``); raises FlowError, late with the deadline shown."""
    game, now = turn.game, turn.now
    phase = current_phase(game)
    action = Action.objects.filter(public_id=action_id, phase=phase).filter(seat_choices(turn.ruleset, seat)).first()
    if phase is None or action is None:
        raise FlowError(_("There is no such choice to withdraw."))
    declared = turn.ruleset.ABILITIES.get(action.ability)
    if declared is not None and declared.final:
        raise FlowError(_("This choice was made in public and cannot be withdrawn."))
    _refuse_late_choice(game, phase, now)
    _refuse_choice(turn, phase, seat, action.ability, action.targets, bool(action.team))
    action.delete()


def _refuse_tie_pick(turn: Turn, phase: Phase, ability: str, targets: list[str]) -> None:
    """The ability deciding a tie (``DayProcedure.tie_pick``, piter's Ghost
    «В случае равного разделения голосов выбирает», PITER-093) is taken
    only once the vote has tied, and names one of the tied players.
    Raises FlowError with a sentence."""
    procedure = turn.ruleset.day_procedure(turn.state)
    if not procedure.tie_pick or ability != procedure.tie_pick:
        return
    window = day_window(turn.game, phase, turn.now)
    if not window.tie:
        raise FlowError(
            _("This choice is made only once the vote has tied, among the tied players (%(rule)s).")
            % {"rule": procedure.tie_pick_rule}
        )
    if any(name not in window.tie for name in targets):
        raise FlowError(
            _("Choose one of the tied players: %(names)s (%(rule)s).")
            % {"names": ", ".join(window.tie), "rule": procedure.tie_pick_rule}
        )


def _refuse_choice(turn: Turn, phase: Phase, seat: Player, ability: str, targets: list[str], team: bool) -> None:
    """Raise FlowError (a sentence) when the rules refuse ``seat`` this
    choice of ``ability`` on ``targets`` now: a team's choice from a player
    who is not a living member of the team, or what the ruleset's
    ``validate`` refuses (its own message). The same guard holds for
    handing a choice in and for withdrawing it: a player out of the game
    takes back no choice he could not make."""
    ruleset, state = turn.ruleset, turn.state
    target: Any = targets[0] if len(targets) == 1 else (list(targets) or None)
    probe = (
        RulesAction(ability, team=seat.team, target=target)
        if team
        else RulesAction(ability, actor=seat.nickname, target=target)
    )
    if team and seat.nickname not in [p.name for p in ruleset.team_group(state, seat.team)]:
        raise FlowError(_("Only a living member of the team may hand in its choice."))
    refusal = ruleset.team_choice_refusal(state, seat.team, ability, seat.nickname) if team else None
    if refusal is not None:
        raise FlowError(_(ruleset.message(refusal)))
    try:
        reason = ruleset.validate(state, probe, phase.kind)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    if reason is not None:
        raise FlowError(_(ruleset.message(reason)))


@transition
def last_words_send(turn: Turn, *, seat: Player, text: str) -> None:
    """A player out of the game who holds a right to last words sends (or
    rewrites) their text until its deadline (``Ruleset.LAST_WORDS_DUE``);
    the site posts it then. Raises FlowError: no right, or late (the
    deadline shown: the right was given up), WW18-016. Called as
    ``last_words_send(game=…, seat=…, text=…)`` (``transition``)."""
    game, now = turn.game, turn.now
    seat.refresh_from_db()
    text = text.strip()
    if not text:
        raise FlowError(_("The post is empty."))
    if len(text) > 20000:
        raise FlowError(_("The post is too long (at most 20,000 characters)."))
    due = seat.last_words_until
    if due is None or seat.alive or not game.is_running:
        raise FlowError(_("You hold no right to last words now."))
    refuse_if_late(
        game,
        due,
        now,
        _("Too late: last words were due at %(when)s, and yours were given up."),
        closed=due.done_at is not None,
    )
    if seat.last_words_used:
        raise FlowError(_("You hold no right to last words now."))
    seat.last_words = text
    seat.save(update_fields=["last_words"])
    turn.log("last_words_sent", {"nickname": seat.nickname}, Event.Audience.PLAYER, seat)


@transition
def acceleration_ask(turn: Turn, *, seat: Player, ask: bool = True) -> bool:
    """A living player asks for the game's acceleration (``ask``) or
    withdraws his request, one request each; once the ruleset's
    ``acceleration_agreed`` holds (werewolf18: more than half of the
    living, WW18-068) its ``ACCELERATION`` option is turned on for the
    engine, announced in the day thread, and requests stay as they are.
    Returns True when this request accelerated the game. Raises FlowError.
    Called as ``acceleration_ask(game=…, seat=…)`` (``transition``)."""
    game, now, ruleset = turn.game, turn.now, turn.ruleset
    option = ruleset.ACCELERATION
    if not option:
        raise FlowError(_("The rules of this game have no acceleration."))
    if not game.is_running:
        raise FlowError(_("The game is not running."))
    if game.options.get(option):
        raise FlowError(_("The game is already accelerated; requests can no longer change."))
    seat.refresh_from_db()
    if not seat.alive or seat.status != Player.Status.SEATED:
        raise FlowError(_("Only a player still in the game may ask for acceleration."))
    if seat.acceleration_asked == ask:
        raise FlowError(
            _("You have already asked for acceleration.") if ask else _("You have not asked for acceleration.")
        )
    seat.acceleration_asked = ask
    seat.save(update_fields=["acceleration_asked"])
    turn.log(
        "acceleration_asked" if ask else "acceleration_withdrawn",
        {"nickname": seat.nickname},
        Event.Audience.PUBLIC,
    )
    living = game.players.alive()
    asked, alive = living.filter(acceleration_asked=True).count(), living.count()
    if not (ask and ruleset.acceleration_agreed(asked, alive)):
        return False
    game.options = {**game.options, option: True}
    game.save(update_fields=["options"])
    state = turn.state
    state.options[option] = True
    turn.set_state(state)
    with languages.in_game_language(game):
        # A public post: in the players' word for the host, without the rule id (the host's).
        text = without_rule_ids(
            host_text(
                ruleset,
                "%(asked)d of the %(alive)d players in the game asked for acceleration: the game is accelerated "
                "(%(rule)s). Votes can no longer be changed, and not voting earns no card; the host may shorten "
                "the deadlines.",
            )
            % {"asked": asked, "alive": alive, "rule": ruleset.ACCELERATION_RULE}
        )
    room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first()
    if room is not None:
        turn.post(room, text, current_day(game), now)
    turn.log("game_accelerated", {"asked": asked, "alive": alive}, Event.Audience.PUBLIC)
    return True
