"""The host's tools before the game: sign-up (open it, accept or decline
applications, bind a nickname to an account), the draw of roles and the
start. Each is a ``host_action``: the host or a co-host only, by POST,
back to the dashboard with a message."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from .. import flow
from ..forms import CompositionForm, RegisterNicknameForm
from ..models import Game, Player
from .common import form_errors
from .host_action import Refused, host_action


@host_action()
def signup_open(request: HttpRequest, game: Game) -> str:
    """Open sign-up (and the introductions thread)."""
    flow.signup_open(game=game)
    return _("Sign-up is open.")


@host_action("signup")
def signup_accept_all(request: HttpRequest, game: Game) -> str:
    """Accept every pending application while seats remain."""
    accepted = flow.signup_accept_all(game=game)
    left = game.players.filter(status=Player.Status.APPLIED).count()
    text = _("Applications accepted: %(n)d.") % {"n": accepted}
    if left:
        text += " " + _("The game is full; %(left)d still wait.") % {"left": left}
    return text


@host_action("signup")
def signup_decide(request: HttpRequest, game: Game, player_id: str) -> str:
    """Accept or decline an application."""
    player = game.players.filter(public_id=player_id, status=Player.Status.APPLIED).first()
    if player is None:
        raise Refused(_("There is no such application."))
    accept = request.POST.get("decision") == "accept"
    flow.signup_decide(game=game, player=player, accept=accept)
    return _("Application accepted.") if accept else _("Application declined.")


@host_action("signup")
def register_nickname(request: HttpRequest, game: Game) -> str:
    """Bind a game nickname to an account (admins and the host)."""
    form = RegisterNicknameForm(request.POST)
    if not form.is_valid():
        raise Refused(form_errors(form))
    flow.nickname_register(game=game, user=form.cleaned_data["username"], nickname=form.cleaned_data["nickname"])
    return _("Nickname registered.")


@host_action("draw")
def draw_roles(request: HttpRequest, game: Game) -> str:
    """Draw roles from the (edited) composition."""
    n = game.players.seated().count()
    form = CompositionForm(request.POST, ruleset=flow.ruleset_of(game), proposed={}, players=n)
    if not form.is_valid():
        raise Refused(form_errors(form))
    flow.roles_draw(game=game, composition=form.composition())
    return _("Roles drawn; every player finds theirs in the cabinet.")


@host_action()
def start(request: HttpRequest, game: Game) -> str:
    """Start the game: day 1 opens."""
    flow.game_start(game=game)
    return _("The game has started.")
