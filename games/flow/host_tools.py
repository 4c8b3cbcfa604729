"""The host's tools on a running game: resolving now, retrying a failed
deadline, extending the deadlines, reminders, autokill decisions,
penalties and modkills, and replacements."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from rulesets.core import RulesError

from .. import languages, results
from ..errors import FlowError, ResolutionFailed
from ..models import Deadline, Event, Game, Player, Room
from ..names import localized
from ..reads.game import cabinet_of, current_day, current_phase, deadlines_seen, penalties_seen
from .outcomes import finish, grant_last_words, hand_feedback, revealed_roles
from .phases import sync_players, sync_rooms
from .setup import check_nickname, refuse_hosts_as_players
from .tick import failure_text, fire_due_of
from .turn import Turn, game_turn, transition


def phase_resolve_now(*, game: Game, phase: str | None = None, now: datetime | None = None) -> None:
    """The host moves every remaining deadline of the open phase to now and
    processes them at once, in order. ``phase`` is the phase the host saw
    (``Phase.key``, such as ``"day-1"``): once it is resolved the request is
    refused, so a second click never resolves the next phase (None: the open
    phase, for scripts). Raises FlowError; ResolutionFailed, after the
    failure is recorded and kept, when the resolution raises."""
    with game_turn(game, now) as turn:
        now = turn.now
        current = current_phase(game)
        if current is None or not game.is_running:
            raise FlowError(_("No phase is open."))
        if phase is not None and phase != current.key:
            raise FlowError(
                _("%(asked)s is already resolved; %(open)s is open now. Nothing more was resolved.")
                % {"asked": _phase_name(game, phase), "open": current}
            )
        for deadline in current.deadlines.filter(done_at__isnull=True).order_by("due_at"):
            deadline.due_at, deadline.retry_at = min(deadline.due_at, now), None
            deadline.save(update_fields=["due_at", "retry_at"])
        turn.log("resolved_early", {"phase": str(current)}, Event.Audience.PUBLIC)
        error = fire_due_of(turn)
    if error:
        raise ResolutionFailed(failure_text(current, error))


def _phase_name(game: Game, key: str) -> str:
    """The name of the phase ``key`` names (``"day-1"`` → "Day 1")."""
    kind, _sep, rest = key.partition("-")
    number, _dot, vote_round = rest.partition(".")
    found = game.phases.filter(
        kind=kind,
        number=int(number) if number.isdigit() else -1,
        vote_round=int(vote_round) if vote_round.isdigit() else 1,
    ).first()
    return str(found) if found else key


def deadline_retry(*, game: Game, now: datetime | None = None) -> None:
    """The host (or an admin) retries the game's failed deadline at once
    instead of waiting for its backoff, then the game's other due
    deadlines. Raises FlowError when nothing failed; ResolutionFailed, with
    the failure recorded and kept, when it fails again."""
    with game_turn(game, now) as turn:
        now = turn.now
        failing = Deadline.objects.failing().filter(phase__game=game).select_related("phase").first()
        if failing is None:
            raise FlowError(_("No deadline of this game is failing."))
        Deadline.objects.filter(pk=failing.pk).update(retry_at=None)
        turn.log("deadline_retried", {"phase": str(failing.phase), "deadline": failing.kind})
        error = fire_due_of(turn)
    if error:
        raise ResolutionFailed(failure_text(failing.phase, error))


@transition
def deadline_extend(turn: Turn, *, minutes: int, seen: str | None = None) -> None:
    """Push every pending deadline of the open phase back by ``minutes``.
    ``seen``: the deadlines as the host's page showed them
    (``deadlines_seen``); when they moved since (the same form sent twice)
    nothing is extended. Called as ``deadline_extend(game=…, minutes=…,
    seen=…)`` (``transition``); raises FlowError."""
    game = turn.game
    if minutes <= 0 or minutes > 7 * 24 * 60:
        raise FlowError(_("Extend by between 1 minute and 7 days."))
    phase = current_phase(game)
    if phase is None:
        raise FlowError(_("No phase is open."))
    if seen is not None and seen != deadlines_seen(game):
        raise FlowError(
            _("The deadlines changed since your page was loaded: nothing more was extended. Reload it to extend them.")
        )
    for deadline in phase.deadlines.filter(done_at__isnull=True):
        deadline.due_at += timedelta(minutes=minutes)
        deadline.save(update_fields=["due_at"])
    if phase.locked_at and phase.deadlines.filter(resolves=False, done_at__isnull=True).exists():
        phase.locked_at = None
        phase.save(update_fields=["locked_at"])
    turn.log("deadline_extended", {"phase": str(phase), "minutes": minutes}, Event.Audience.PUBLIC)


@transition
def fast_scale_set(turn: Turn, *, scale: float) -> None:
    """Rescale a fast game's schedule (``Game.fast_scale``, a positive
    multiplier of the ruleset's ``fast_minutes``): the next phases take
    their deadlines from the new scale, and the time left before each
    pending deadline of the open phase is multiplied by new ÷ old, so the
    windows still to come keep their proportions. Called as
    ``fast_scale_set(game=…, scale=…)`` (``transition``); raises FlowError
    for a game on the rules' wall-clock schedule or a scale that is not
    positive."""
    game = turn.game
    if not game.fast:
        raise FlowError(_("This game follows the rules' daily deadlines; only a fast schedule can be rescaled."))
    if not scale > 0:
        raise FlowError(_("The scale must be a positive number."))
    ratio = scale / game.fast_scale
    phase = current_phase(game)
    if phase is not None:
        for deadline in phase.deadlines.filter(done_at__isnull=True, due_at__gt=turn.now):
            deadline.due_at = turn.now + (deadline.due_at - turn.now) * ratio
            deadline.save(update_fields=["due_at"])
    game.fast_scale = scale
    game.save(update_fields=["fast_scale"])
    turn.log("fast_scale_set", {"scale": scale})


@transition
def reminders_set(turn: Turn, *, minutes: int) -> None:
    """E-mail reminders ``minutes`` before each deadline from now on (0: none;
    ``Game.reminder_minutes``, sent by ``games.mailing``). A seat already
    reminded of a deadline is not reminded of it again. Called as
    ``reminders_set(game=…, minutes=…)`` (``transition``); raises FlowError."""
    game = turn.game
    if minutes < 0 or minutes > Game.REMINDER_MAX_MINUTES:
        raise FlowError(_("Give between 0 and %(max)d minutes.") % {"max": Game.REMINDER_MAX_MINUTES})
    game.reminder_minutes = minutes
    game.save(update_fields=["reminder_minutes"])
    turn.log("reminders_set", {"minutes": minutes})


AUTOKILL_DECISIONS = {
    "waive": ("excused", True),
    "restore": ("excused", False),
    "confirm": ("confirmed", True),
    "unconfirm": ("confirmed", False),
}


@transition
def autokill_decide(turn: Turn, *, player: Player, decision: str) -> None:
    """The host overrides an automatic consequence for today (FORUM-160,
    FORUM-163, FORUM-164): ``waive``/``restore`` an autokill the rules would
    apply; in a game whose autokills wait for the host (``autokills`` =
    ``host_confirms``), ``confirm``/``unconfirm`` one. Raises FlowError.
    Called as ``autokill_decide(game=…, player=…, decision=…)`` (``transition``)."""
    game = turn.game
    if decision not in AUTOKILL_DECISIONS:
        raise FlowError(_("Unknown decision."))
    phase = current_phase(game)
    if phase is None:
        raise FlowError(_("No phase is open."))
    key, add = AUTOKILL_DECISIONS[decision]
    options = dict(game.options)
    by_day = dict(options.get(key, {}))
    names = set(by_day.get(str(phase.number), []))
    names.add(player.nickname) if add else names.discard(player.nickname)
    by_day[str(phase.number)] = sorted(names)
    options[key] = by_day
    game.options = options
    game.save(update_fields=["options"])
    turn.log(f"autokill_{decision}", {"nickname": player.nickname, "day": phase.number})


@transition
def penalty_apply(turn: Turn, *, kind: str, target: str, seen: int | None = None) -> None:
    """A penalty the document names: ``skip_move`` (a role's next move),
    ``skip_team_shot`` (a team's next shot), ``demote`` (to a plain
    citizen), ``disqualify`` (modkill). The post names the roles the
    ruleset announces, the private results it gives reach their cabinets
    (a new sheriff), and a right to last words it gives is granted as at a
    resolution (``Ruleset.last_words_given``). ``seen``: how many penalties
    the host's page showed (``penalties_seen``); when one more was given
    since (the same form sent twice) nothing is given. Raises FlowError.
    Called as ``penalty_apply(game=…, kind=…, target=…, seen=…)``
    (``transition``): under the
    game's lock, so a post or a vote meanwhile waits for it."""
    game, now, ruleset = turn.game, turn.now, turn.ruleset
    if seen is not None and seen != penalties_seen(game):
        raise FlowError(
            _("A penalty was given since your page was loaded: nothing more was given. Reload it to give another.")
        )
    if kind not in ruleset.PENALTIES:
        raise FlowError(_("The rules of this game name no such penalty."))
    if kind in ruleset.DEFERRED_PENALTIES:
        _defer_penalty(turn, kind, target)
        return
    try:
        outcome = ruleset.apply_penalty(turn.state, kind, target)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    turn.set_state(outcome.state)
    # A penalty that removes a player (a modkill, piter's third warning) is
    # public, with only the roles the ruleset announces (werewolf18 never
    # publishes one, WW18-074).
    public = kind == "disqualify" or bool(outcome.out)
    sync_players(turn, outcome.state, current_day(game), revealed_roles(outcome) if public else None)
    sync_rooms(turn, outcome.state)
    turn.log(
        "penalty",
        {"kind": kind, "target": target, "trace": [t.to_dict() for t in outcome.trace]},
        Event.Audience.PUBLIC if public else Event.Audience.HOST,
    )
    with languages.in_game_language(game):
        if public:
            text = results.modkill_text(ruleset, outcome)
            room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first()
            if room is not None:
                turn.post(room, text, current_day(game), now)
        hand_feedback(turn, outcome)
        if outcome.state.winner is None:
            grant_last_words(turn, outcome, now)
        else:
            finish(turn, outcome.state, now)


def _defer_penalty(turn: Turn, kind: str, target: str) -> None:
    """Record a penalty the ruleset applies when the open phase resolves
    (``Ruleset.DEFERRED_PENALTIES``: werewolf18's cards, WW18-069); it is
    public at once. Raises FlowError outside a phase that takes it."""
    game, ruleset = turn.game, turn.ruleset
    phase = current_phase(game)
    seat = game.players.seated().filter(nickname=target, alive=True).first()
    if seat is None:
        raise FlowError(_("Choose a player still in the game."))
    if phase is None or not ruleset.penalty_fields([(kind, target)], phase.kind):
        raise FlowError(_("This penalty is given during a day or a night."))
    turn.log("penalty_deferred", {"phase": phase.key, "kind": kind, "target": target}, Event.Audience.PUBLIC)
    # The player learns of his card when it is given (WW18-069), not when a
    # red one is announced.
    with languages.in_game_language(game):
        turn.cabinet_post(
            seat,
            results.without_rule_ids(
                _("The host gives you: %(card)s (WW18-069). It counts when %(phase)s resolves.")
                % {"card": localized(ruleset.PENALTIES.get(kind, {}), kind), "phase": phase}
            ),
        )


def player_modkill(*, game: Game, player: Player, now: datetime | None = None) -> None:
    """Remove a player from the game (the host's modkill)."""
    penalty_apply(game=game, kind="disqualify", target=player.nickname, now=now)


@transition
def player_replace(turn: Turn, *, player: Player, new_user) -> None:
    """A replacement (замена): a new account takes over the seat; the role,
    posts, votes and history stay with the seat. The old account loses
    access at once. Called as ``player_replace(game=…, player=…,
    new_user=…)`` (``transition``); raises FlowError."""
    _replace(turn, turn.game.players.get(pk=player.pk), new_user)


def _replace(turn: Turn, player: Player, new_user) -> None:
    """``player_replace`` in the caller's turn (``player`` read under its lock)."""
    game = turn.game
    if new_user.pk == player.user_id:
        raise FlowError(_("That account holds this seat already."))
    refuse_hosts_as_players(game, new_user)
    if game.players.filter(user=new_user).exclude(pk=player.pk).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("That account already has a seat in this game."))
    old_user_id = player.user_id
    player.user = new_user
    player.save(update_fields=["user"])
    turn.log("player_replaced", {"nickname": player.nickname, "old_user": old_user_id, "new_user": new_user.pk})
    with languages.in_game_language(game):
        turn.post(cabinet_of(player), _("A replacement has taken over this seat."), current_day(game))


def _seat_checks(game: Game, player: Player, user, nickname: str) -> str:
    """The checks of ``seat_change``; returns the nickname as kept
    (stripped); raises FlowError with the sentence for the admin."""
    nickname = nickname.strip()
    if nickname != player.nickname:
        if game.state:
            raise FlowError(
                _("Roles are already drawn: the seat's nickname is its name in the rules and cannot change.")
            )
        nickname = check_nickname(game, nickname, exclude=player)
    if user.pk != player.user_id:
        refuse_hosts_as_players(game, user)
        if game.players.filter(user=user).exclude(pk=player.pk).exclude(status=Player.Status.DECLINED).exists():
            raise FlowError(_("That account already has a seat in this game."))
    return nickname


def seat_change_refusal(game: Game, player: Player, *, user, nickname: str) -> str | None:
    """Why ``seat_change`` would refuse to give ``player`` the account
    ``user`` and the game nickname ``nickname`` (a sentence for the admin),
    or None. Reads only: the admin's change form shows it on the field."""
    try:
        _seat_checks(game, player, user, nickname)
    except FlowError as exc:
        return str(exc)
    return None


@transition
def seat_change(turn: Turn, *, player: Player, user, nickname: str) -> None:
    """A site admin edits a seat: before the draw he may rename it (the
    nickname checks of sign-up) and bind it to another account; once the
    roles are drawn the nickname is the seat's name in the rules' state
    and stays, and another account takes the seat as a replacement
    (замена, ``player_replace``: role, posts and votes stay with the
    seat). Called as ``seat_change(game=…, player=…, user=…,
    nickname=…)``; raises FlowError."""
    game = turn.game
    player = game.players.get(pk=player.pk)
    nickname = _seat_checks(game, player, user, nickname)
    if nickname != player.nickname:
        turn.log("nickname_changed", {"old": player.nickname, "new": nickname})
        player.nickname = nickname
        player.save(update_fields=["nickname"])
    if user.pk == player.user_id:
        return
    if game.state:
        _replace(turn, player, user)
        return
    old_user_id = player.user_id
    player.user = user
    player.save(update_fields=["user"])
    turn.log("seat_rebound", {"nickname": player.nickname, "old_user": old_user_id, "new_user": user.pk})
