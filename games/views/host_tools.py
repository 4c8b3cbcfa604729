"""The host's tools while the game runs: resolve a phase now, retry a
failed deadline, extend the deadlines, e-mail reminders, co-hosts, an
autokill's waiver, the candidates of a vote, penalties, replacements.
Each is a ``host_action``: the host or a co-host only (co-hosts by the
main host alone), by POST, back to the dashboard with a message."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from .. import flow
from ..forms import (
    CandidatesForm,
    CohostForm,
    ExtendForm,
    PenaltyForm,
    ProxyVoteForm,
    ReminderForm,
    ReplaceForm,
    ResolveNowForm,
)
from ..models import Game
from .common import form_errors
from .host_action import Refused, host_action


@host_action()
def resolve_now(request: HttpRequest, game: Game) -> str:
    """Resolve the phase the host saw, now; refused once it is resolved.
    A resolution that fails comes back as a message with its error."""
    form = ResolveNowForm(request.POST)
    if not form.is_valid():
        raise Refused(_("Reload the dashboard and choose the phase to resolve."))
    flow.phase_resolve_now(game=game, phase=form.cleaned_data["phase"])
    return _("The phase was resolved.")


@host_action()
def retry(request: HttpRequest, game: Game) -> str:
    """Retry the game's failed deadline now instead of after its backoff."""
    flow.deadline_retry(game=game)
    return _("The deadline was processed.")


@host_action(main_host=True)
def cohost_add(request: HttpRequest, game: Game) -> str:
    """The host names a co-host by account name."""
    form = CohostForm(request.POST)
    if not form.is_valid():
        raise Refused(form_errors(form))
    flow.cohost_add(game=game, username=form.cleaned_data["username"])
    return _("The co-host was added.")


@host_action(main_host=True)
def cohost_remove(request: HttpRequest, game: Game, user_id: int) -> str:
    """The host withdraws a co-host."""
    flow.cohost_remove(game=game, user_id=user_id)
    return _("The co-host was removed.")


@host_action()
def extend(request: HttpRequest, game: Game) -> str:
    """Extend the open phase's deadlines."""
    form = ExtendForm(request.POST)
    if not form.is_valid():
        raise Refused(_("Extend by between 1 minute and 7 days."))
    flow.deadline_extend(game=game, minutes=form.cleaned_data["minutes"], seen=form.cleaned_data["seen"] or None)
    return _("The deadlines were extended.")


@host_action("mail")
def reminders(request: HttpRequest, game: Game) -> str:
    """Change the game's e-mail reminders (minutes before a deadline, 0: none)."""
    form = ReminderForm(request.POST)
    if not form.is_valid():
        raise Refused(form_errors(form))
    minutes = form.cleaned_data["reminder_minutes"]
    flow.reminders_set(game=game, minutes=minutes)
    if not minutes:
        return _("Reminders are off.")
    return _("Reminders are sent %(minutes)d minutes before each deadline.") % {"minutes": minutes}


@host_action("vote")
def excuse(request: HttpRequest, game: Game, player_id: str) -> str:
    """Waive, restore, confirm or unconfirm a player's autokill for today."""
    player = game.players.seated().filter(public_id=player_id).first()
    if player is None:
        raise Refused(_("There is no such player."))
    flow.autokill_decide(game=game, player=player, decision=request.POST.get("decision", ""))
    return _("Your decision on the autokill is recorded.")


@host_action("tools")
def candidates(request: HttpRequest, game: Game) -> str:
    """Put players to today's vote (CLASSIC-011): only they may then be
    voted for."""
    form = CandidatesForm(request.POST, nicknames=flow.state_of(game).alive_names() if game.state else [])
    if not form.is_valid():
        raise Refused(_("Choose at least one player still in the game."))
    flow.candidates_put(game=game, names=form.cleaned_data["names"])
    return _("The candidates are published.")


@host_action("tools")
def penalty(request: HttpRequest, game: Game) -> str:
    """Apply a penalty (a move or shot taken away, demotion, modkill)."""
    form = PenaltyForm(request.POST, ruleset=flow.ruleset_of(game))
    if not form.is_valid():
        raise Refused(_("Choose a penalty and its target."))
    flow.penalty_apply(
        game=game, kind=form.cleaned_data["kind"], target=form.cleaned_data["target"], seen=form.cleaned_data["seen"]
    )
    return _("The penalty was applied.")


@host_action("tools")
def replace(request: HttpRequest, game: Game) -> str:
    """A replacement takes over a seat."""
    form = ReplaceForm(request.POST, nicknames=list(game.players.seated().values_list("nickname", flat=True)))
    if not form.is_valid():
        raise Refused(form_errors(form))
    seat = game.players.seated().get(nickname=form.cleaned_data["nickname"])
    flow.player_replace(game=game, player=seat, new_user=form.cleaned_data["username"])
    return _("The replacement has taken over the seat.")


@host_action("tools")
def proxy_vote(request: HttpRequest, game: Game) -> str:
    """Cast the vote a player asked the host to cast for him (导演代投,
    玩家须知 9, ``flow.proxy_vote_cast``): refused with the reason after
    the proxy deadline, or where the vote law refuses it."""
    state = flow.state_of(game) if game.state else None
    names = state.alive_names() if state else []
    form = ProxyVoteForm(request.POST, voters=names, targets=names)
    if not form.is_valid():
        raise Refused(_("Choose a player still in the game and the vote he asked for."))
    seat = game.players.alive().get(nickname=form.cleaned_data["voter"])
    choice = form.cleaned_data["target"]
    target = None if choice == ProxyVoteForm.ABSTAIN else game.players.alive().get(nickname=choice)
    flow.proxy_vote_cast(game=game, seat=seat, target=target, abstain=target is None)
    if target is None:
        return _("The abstention of %(voter)s is posted.") % {"voter": seat.nickname}
    return _("The vote of %(voter)s for %(target)s is posted.") % {"voter": seat.nickname, "target": target.nickname}
