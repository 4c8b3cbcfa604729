"""Setting a game up: creating it, sign-up, nicknames, co-hosts, the
host's settings and house rules, the draw (or a deal by hand) and the
start."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone as dj_tz
from django.utils.translation import gettext as _

import rulesets
from rulesets.core import RulesError

from .. import languages, results
from ..errors import FlowError
from ..models import Event, Game, Phase, Player, Room
from ..models.game import REPLAY_FOR_THE_DEAD
from ..reads.game import WEB_OPTIONS, engine_options, first_phase, ruleset_of
from .phases import next_number, open_phase, sync_players, sync_rooms
from .records import log_event
from .turn import Turn, transition


@transaction.atomic
def game_create(*, host, title: str, ruleset_id: str, **fields: Any) -> Game:
    """Create a game in draft; ``fields`` are ``Game`` fields (theme,
    characters, variant, options, timezone, deadlines, fast, fast_scale,
    signup_limit, autopublish). Raises FlowError for an unknown ruleset."""
    try:
        rulesets.get(ruleset_id)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    game = Game.objects.create(host=host, title=title, ruleset=ruleset_id, seed=secrets.randbits(48), **fields)
    log_event(game, "game_created", {"title": title, "ruleset": ruleset_id})
    return game


# How long after a host announced a game the same title from him is taken
# for the same form sent twice (a double click, a reload).
ANNOUNCED_WITHIN = timedelta(minutes=5)


def game_announce(*, host, title: str, ruleset_id: str, **fields: Any) -> Game:
    """ "Host a game": ``game_create``, unless the host announced a game of
    the same title and ruleset within ``ANNOUNCED_WITHIN`` (the same form
    sent twice), which is returned instead. The host's account row is
    locked meanwhile, so two submits at once make one game. Raises FlowError."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=host.pk).first()
        recent = Game.objects.filter(
            host_id=host.pk, title=title, ruleset=ruleset_id, created_at__gte=dj_tz.now() - ANNOUNCED_WITHIN
        ).first()
        if recent is not None:
            return recent
        return game_create(host=host, title=title, ruleset_id=ruleset_id, **fields)


@transition
def signup_open(turn: Turn) -> None:
    """Open sign-up: the sign-up thread and the introductions thread."""
    game = turn.game
    if game.status != Game.Status.DRAFT:
        return
    Room.objects.get_or_create(game=game, kind=Room.Kind.SIGNUP, day=None, key="", defaults={"title": _("Sign-up")})
    Room.objects.get_or_create(
        game=game, kind=Room.Kind.INTRO, day=None, key="", defaults={"title": _("Introductions")}
    )
    Room.objects.get_or_create(
        game=game, kind=Room.Kind.GRAVEYARD, day=None, key="", defaults={"title": _("Graveyard")}
    )
    game.status = Game.Status.SIGNUP
    game.save(update_fields=["status"])
    turn.log("signup_opened", {}, Event.Audience.PUBLIC)


# The longest game nickname a seat holds (``Player.nickname``).
NICKNAME_MAX: int = Player._meta.get_field("nickname").max_length


def check_nickname(game: Game, nickname: str, exclude: Player | None = None) -> str:
    """``nickname`` stripped, once it may be a seat's game nickname in
    ``game`` (``exclude``: the seat being renamed); raises FlowError: empty,
    taken in the game, an account's name, not one of the game's characters."""
    from django.contrib.auth import get_user_model

    nickname = nickname.strip()
    if not nickname:
        raise FlowError(_("Choose a game nickname."))
    if len(nickname) > NICKNAME_MAX:
        raise FlowError(_("A game nickname is at most %(n)d characters long.") % {"n": NICKNAME_MAX})
    taken = game.players.exclude(status=Player.Status.DECLINED).filter(nickname__iexact=nickname)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    if taken.exists():
        raise FlowError(_("The nickname “%(nick)s” is already taken in this game.") % {"nick": nickname})
    if get_user_model().objects.filter(username__iexact=nickname).exists():
        # A nickname equal to an account name would link the two.
        raise FlowError(_("This nickname cannot be used: choose another one."))
    if game.characters and not game.options.get("free_choice", False) and nickname not in game.characters:
        raise FlowError(_("Choose one of the game's characters."))
    return nickname


def refuse_hosts_as_players(game: Game, user) -> None:
    """The host and co-hosts see every role: they can never hold a seat."""
    if user.pk == game.host_id or game.cohosts.filter(pk=user.pk).exists():
        raise FlowError(_("The host and co-hosts of a game cannot play in it."))


@transition
def signup_apply(turn: Turn, *, user, nickname: str) -> Player:
    """A player applies with the character they want; raises FlowError when
    sign-up is closed, full, or the character is taken."""
    game = turn.game
    if game.status != Game.Status.SIGNUP:
        raise FlowError(_("Sign-up is closed."))
    refuse_hosts_as_players(game, user)
    if game.players.filter(user=user).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("You have already applied to this game."))
    if game.players.seated().count() >= game.signup_limit:
        raise FlowError(_("The game is full."))
    nickname = check_nickname(game, nickname)
    game.players.filter(user=user, status=Player.Status.DECLINED).delete()
    player = Player.objects.create(game=game, user=user, nickname=nickname)
    turn.log("signup_applied", {"nickname": nickname}, player=player)
    return player


@transition
def signup_decide(turn: Turn, *, player: Player, accept: bool) -> None:
    """The host accepts (the character becomes the game nickname) or
    declines an application. Called as ``signup_decide(game=…, player=…,
    accept=…)`` (``transition``); raises FlowError."""
    _decide(turn, player, accept)


def _decide(turn: Turn, player: Player, accept: bool) -> None:
    """``signup_decide`` in the caller's turn."""
    game = turn.game
    if game.state:
        raise FlowError(_("Roles are already drawn; the table is closed."))
    if accept and game.players.seated().count() >= game.signup_limit:
        raise FlowError(_("The game is full."))
    player.status = Player.Status.SEATED if accept else Player.Status.DECLINED
    player.save(update_fields=["status"])
    turn.log(
        "signup_accepted" if accept else "signup_declined",
        {"nickname": player.nickname},
        Event.Audience.PUBLIC if accept else Event.Audience.HOST,
    )


@transition
def signup_accept_all(turn: Turn) -> int:
    """The host accepts every pending application, oldest first, while
    seats remain; returns how many were accepted. Raises FlowError once the
    roles are drawn, or when the game is full before the first."""
    game = turn.game
    if game.state:
        raise FlowError(_("Roles are already drawn; the table is closed."))
    accepted = 0
    for player in game.players.filter(status=Player.Status.APPLIED).order_by("joined_at", "id"):
        if game.players.seated().count() >= game.signup_limit:
            if not accepted:
                raise FlowError(_("The game is full."))
            break
        _decide(turn, player, accept=True)
        accepted += 1
    return accepted


def register_refusal(game: Game, *, user, nickname: str) -> str | None:
    """Why ``nickname_register`` would refuse to seat ``user`` as
    ``nickname`` (a sentence for the admin), or None. Reads only."""
    try:
        _register_checks(game, user, nickname)
    except FlowError as exc:
        return str(exc)
    return None


def _register_checks(game: Game, user, nickname: str) -> str:
    """The checks of ``nickname_register``; returns the nickname as kept."""
    if game.state:
        raise FlowError(_("Roles are already drawn; use a replacement instead."))
    refuse_hosts_as_players(game, user)
    if game.players.filter(user=user).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("This account already has a seat in the game."))
    return check_nickname(game, nickname)


@transition
def nickname_register(turn: Turn, *, user, nickname: str) -> Player:
    """An admin binds a game nickname to an account directly (seated);
    raises FlowError (``register_refusal``)."""
    game = turn.game
    nickname = _register_checks(game, user, nickname)
    player = Player.objects.create(game=game, user=user, nickname=nickname, status=Player.Status.SEATED)
    turn.log("nickname_registered", {"nickname": nickname})
    return player


@transition
def cohost_add(turn: Turn, *, username: str) -> None:
    """The host names a co-host by account name: a co-host reads and runs
    the game as the host does. Raises FlowError for an unknown account, the
    host, an account that applied for or holds a seat, or one already named."""
    game = turn.game
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise FlowError(_("There is no account named “%(name)s”.") % {"name": username.strip()})
    if user.pk == game.host_id:
        raise FlowError(_("You host this game already."))
    if game.players.filter(user=user).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("That account plays in this game; a player cannot be a co-host."))
    if game.cohosts.filter(pk=user.pk).exists():
        raise FlowError(_("That account is a co-host already."))
    game.cohosts.add(user)
    turn.log("cohost_added", {"account": user.username})


@transition
def cohost_remove(turn: Turn, *, user_id: int) -> None:
    """The host withdraws a co-host. Raises FlowError, changing nothing,
    for an account that is not one of the game's co-hosts."""
    game = turn.game
    user = game.cohosts.filter(pk=user_id).first()
    if user is None:
        raise FlowError(_("That account is not a co-host of this game; nothing was changed."))
    game.cohosts.remove(user)
    turn.log("cohost_removed", {"account": user.username})


@transition
def game_settings_set(turn: Turn, *, edit_minutes: int, language: str, replay_for_the_dead: bool | None = None) -> None:
    """The host sets the post edit window (minutes, 0: no edits), the
    language the game writes its posts in (one of ``settings.LANGUAGES``,
    "" for the ruleset's) and, unless None, whether the players out of the
    game read its replay while it runs (``REPLAY_FOR_THE_DEAD``); all may
    change at any time and apply from then on."""
    game = turn.game
    if not 0 <= edit_minutes <= 60:
        raise FlowError(_("The edit window is between 0 and 60 minutes."))
    if language and not languages.supported(language):
        raise FlowError(_("Choose one of the site's languages."))
    game.edit_minutes, game.language = edit_minutes, language
    fields = ["edit_minutes", "language"]
    data: dict[str, Any] = {"edit_minutes": edit_minutes, "language": language}
    if replay_for_the_dead is not None:
        game.options = {**game.options, REPLAY_FOR_THE_DEAD: replay_for_the_dead}
        fields.append("options")
        data["replay_for_the_dead"] = replay_for_the_dead
    game.save(update_fields=fields)
    turn.log("settings_changed", data)


def options_set_refusal(game: Game, options: dict[str, Any]) -> list[str]:
    """Why ``options_set`` would refuse ``options`` for ``game``: one
    sentence per problem (the messages of ``Ruleset.validate_options``,
    as the host's house-rules form shows them), [] when it would accept
    them. Reads only."""
    if game.status not in (Game.Status.DRAFT, Game.Status.SIGNUP):
        return [_("House rules are fixed once the game has started.")]
    nicknames = list(game.players.seated().values_list("nickname", flat=True))
    return [p.message for p in ruleset_of(game).validate_options(options, nicknames)]


@transition
def options_set(turn: Turn, *, options: dict[str, Any]) -> None:
    """The host replaces the house rules the ruleset declares (some secret,
    such as the Bonus player and day, FORUM-125) until the game starts;
    ``options`` maps option ids to JSON values, ``{}`` switches them all off.
    Raises FlowError once the game has started, or with the sentences of
    ``Ruleset.validate_options`` (names must be seated nicknames)."""
    game = turn.game
    problems = options_set_refusal(game, options)
    if problems:
        raise FlowError(" ".join(problems))
    kept = {k: v for k, v in game.options.items() if k in WEB_OPTIONS}
    game.options = {**kept, **{k: v for k, v in options.items() if v not in (None, False)}}
    fields = ["options"]
    if game.state:
        state = dict(game.state)
        state["options"] = engine_options(game)
        game.state = state
        fields.append("state")
    game.save(update_fields=fields)
    turn.log("options_set", {"keys": sorted(options)})


@transition
def roles_draw(turn: Turn, *, composition: dict[str, int]) -> None:
    """Blind random draw from the game's recorded seed (``Ruleset.draw_seats``:
    in a three-sided forum game the criminals are dealt to both teams,
    FORUM-033); every seat learns its role in its cabinet, teams get their
    rooms. Raises FlowError when the composition does not fit the table."""
    game = turn.game
    seats = _seats_to_deal(game)
    ruleset = ruleset_of(game)
    try:
        dealt = ruleset.draw_seats([p.nickname for p in seats], composition, game.seed)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    _deal(turn, seats, dealt, composition)
    turn.log("roles_drawn", {"composition": composition, "seed": game.seed})


@transition
def roles_deal(turn: Turn, *, roles: dict[str, tuple[str, str | None]]) -> None:
    """The host deals the roles by hand: game nickname → (role id, team id or
    None for the role's own team), every seat named once. As ``roles_draw``
    otherwise; raises FlowError when a seat is missing or the ruleset
    refuses the seating."""
    game = turn.game
    seats = _seats_to_deal(game, by_hand=True)
    if sorted(roles) != sorted(p.nickname for p in seats):
        raise FlowError(_("Deal a role to every seated player, and only to them."))
    dealt = [(p.nickname, *roles[p.nickname]) for p in seats]
    composition: dict[str, int] = {}
    for _name, role, _team in dealt:
        composition[role] = composition.get(role, 0) + 1
    _deal(turn, seats, dealt, composition)
    turn.log("roles_dealt", {"composition": composition})


def _seats_to_deal(game: Game, by_hand: bool = False) -> list[Player]:
    """The seated players, once it is time to deal; raises FlowError. A
    draw needs the ruleset's ``MIN_PLAYERS`` (its composition table starts
    there); a deal by hand, such as a game carried over from another forum
    in its endgame, needs two players, and the ruleset checks the seating."""
    if game.status != Game.Status.SIGNUP or game.state:
        raise FlowError(_("Roles can be drawn once, while sign-up is open."))
    seats = list(game.players.seated())
    minimum = 2 if by_hand else ruleset_of(game).MIN_PLAYERS
    if len(seats) < minimum:
        raise FlowError(_("At least %(n)d players are needed.") % {"n": minimum})
    return seats


def _deal(
    turn: Turn, seats: list[Player], dealt: list[tuple[str, str, str | None]], composition: dict[str, int]
) -> None:
    """Seat ``dealt`` (nickname, role, team or None) in the ruleset; store
    the state, open the rooms and hand every seat its role card; each seat
    keeps its role and team as dealt (``Player.dealt_role``, ``dealt_team``)."""
    game, ruleset = turn.game, turn.ruleset
    variant = game.variant or ruleset.default_variant(len(seats)) or ""
    try:
        state = ruleset.new_game(dealt, variant or None, engine_options(game), seed=game.seed)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    game.variant, game.composition, game.state = variant, composition, state.to_dict()
    game.save(update_fields=["variant", "composition", "state"])
    sync_players(turn, state, None)
    sync_rooms(turn, state)
    with languages.in_game_language(game):
        for seat in seats:
            seat.refresh_from_db()
            seat.dealt_role, seat.dealt_team = seat.role, seat.team
            turn.cabinet_post(seat, results.role_card(ruleset, seat.role, seat.team))
    Player.objects.bulk_update(seats, ["dealt_role", "dealt_team"])


@transition
def game_start(turn: Turn) -> Phase:
    """Start the game: day 1 opens with its threads and deadlines. Raises
    FlowError before the draw, or while the house rules fail the ruleset's
    ``validate_options`` (rules saved before they were checked)."""
    game = turn.game
    now = turn.now
    if game.status != Game.Status.SIGNUP or not game.state:
        raise FlowError(_("Draw the roles before starting the game."))
    seated = list(game.players.seated().values_list("nickname", flat=True))
    problems = ruleset_of(game).validate_options(engine_options(game), seated)
    if problems:
        raise FlowError(
            _("Correct the house rules before the start: %(problems)s")
            % {"problems": " ".join(p.message for p in problems)}
        )
    game.status, game.started_at = Game.Status.RUNNING, now
    game.save(update_fields=["status", "started_at"])
    turn.log("game_started", {}, Event.Audience.PUBLIC)
    ruleset = ruleset_of(game)
    if ruleset.OPENING and "opens_with" not in game.options:
        return open_phase(turn, 0, ruleset.schedule_entry(ruleset.OPENING).closes, now, opening=True)
    first = first_phase(game)
    return open_phase(turn, next_number(game, first), first, now)
