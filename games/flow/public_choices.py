"""A choice made in public (``Ability.final``: cosmo's judge, COSMO-030):
posted in the vote thread when handed in, never changed or withdrawn, and
closing the day's vote, which is resolved in the same turn. Above the
tick, whose deadlines it fires; every other choice is handed in by
``choices.submit_choice``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .. import languages
from ..errors import FlowError
from ..models import Action, Event, Phase, Player, Room
from ..names import ability_name
from .choices import refuse_choice_now, submit_choice
from .tick import fire_due_of
from .turn import Turn, transition


@transition
def action_submit(turn: Turn, *, seat: Player, ability: str, targets: list[str], team: bool = False) -> Action:
    """Hand in (or change) a choice for the open phase; a ``final`` one
    once, in public (``final_choice``). Raises FlowError with a sentence:
    late (the deadline shown in the game's time zone), not allowed,
    refused by the rules (the ruleset's own message), or a public choice
    made already. Called as ``action_submit(game=…, seat=…, ability=…,
    targets=…)`` (``transition``): the choice's time is taken under the
    game lock."""
    declared = turn.ruleset.ABILITIES.get(ability)
    if declared is None or not declared.final or team:
        return submit_choice(turn, seat=seat, ability=ability, targets=targets, team=team)
    phase = refuse_choice_now(turn, seat, ability, targets)
    if Action.objects.filter(phase=phase, ability=ability, actor=seat).exists():
        raise FlowError(_("This choice was made in public and cannot be changed."))
    return final_choice(turn, phase, seat, ability, targets)


def final_choice(turn: Turn, phase: Phase, seat: Player, ability: str, targets: list[str]) -> Action:
    """Hand in a ``final`` choice (``Ability.final``: cosmo's judge,
    COSMO-030/031): saved, posted at once in the day's vote thread in the
    game's language (its target, or nobody), and the day's vote closed:
    every remaining deadline of the day falls due now and the day is
    resolved in this same turn (a re-vote is never opened after it,
    ``outcomes.revote_opened``). A failed resolution is recorded on its
    deadline and retried, like any other."""
    game, now, ruleset = turn.game, turn.now, turn.ruleset
    action = Action.objects.create(
        phase=phase, actor=seat, team="", ability=ability, targets=targets, submitted_at=now, updated_at=now
    )
    turn.log(
        "action_submitted",
        {"phase": str(phase), "by": seat.nickname, "team": "", "ability": ability, "targets": targets},
        Event.Audience.PUBLIC,
    )
    room = Room.objects.filter(game=game, kind=Room.Kind.VOTE, day=phase.number).first()
    if room is not None:
        with languages.in_game_language(game):
            text = _(
                "[b]%(player)s: %(ability)s: %(target)s.[/b] Today's vote is cancelled: no more votes are"
                " taken, and the day is resolved now."
            ) % {
                "player": seat.nickname,
                "ability": ability_name(ruleset, ability),
                "target": ", ".join(targets) if targets else _("nobody"),
            }
        turn.post(room, text, phase.number, now)
    for deadline in phase.deadlines.filter(done_at__isnull=True):
        deadline.due_at, deadline.retry_at = min(deadline.due_at, now), None
        deadline.save(update_fields=["due_at", "retry_at"])
    fire_due_of(turn)
    return action
