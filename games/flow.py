"""Every transition of a game: one keyword-only function each, one
transaction each, idempotent where a retry can happen, each writing ``Event``s.

The web app never names a role: choices, rooms and results come from what
the game's ruleset declares (``rulesets.get(game.ruleset)``).
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Case, F, Max, Model, Q, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rulesets
from rulesets.core import Action as RulesAction
from rulesets.core import ActionSlot, Ballot, DayProcedure, GameState, Outcome, PhaseInput, RulesError, Ruleset
from rulesets.core.day import LAST_COUNTS, LISTED, NEVER, VoteCount, VoteRow, listed

from . import languages, live, markup, page_cache, results
from .models import Action, Deadline, Event, Game, Phase, Player, Post, Resolution, Room, Vote
from .schedule import next_local, parse_hhmm, phase_deadlines

log = logging.getLogger(__name__)


class FlowError(Exception):
    """A request the rules or the game's state refuse; ``str()`` is a
    sentence for the person who asked."""


class ResolutionFailed(FlowError):
    """Resolving a deadline raised: nothing of it was kept, the failure is
    recorded on the deadline (``Deadline.fail``) and will be retried;
    ``str()`` names the phase and the error for the host."""


def ruleset_of(game: Game) -> Ruleset:
    """The game's rules engine."""
    return rulesets.get(game.ruleset)


def state_of(game: Game) -> GameState:
    """The ruleset state of a game whose roles were drawn; raises FlowError."""
    if not game.state:
        raise FlowError(_("Roles have not been drawn yet."))
    return GameState.from_dict(game.state)


def log_event(
    game: Game, kind: str, data: dict[str, Any], audience: str = Event.Audience.HOST, player: Player | None = None
) -> Event:
    """Append an event to the game's log. Inside ``_batched`` (a deadline's
    resolution) the event is written with the batch's other events when the
    batch ends, in the order logged, and returned unsaved until then."""
    batch = _batch.get()
    if batch is None:
        return Event.objects.create(game=game, kind=kind, audience=audience, player=player, data=data)
    event = Event(game=game, kind=kind, audience=audience, player=player, data=data)
    batch.events.append(event)
    return event


@dataclass
class _Batch:
    """The host posts and events of one piece of work, written when it ends
    (``_batched``): the posts in one query (``PostManager.create_many``,
    with ``last``, the last post numbers of the rooms the work holds
    locked; two more for other rooms), the events in one."""

    last: dict[int, int] | None = None
    posts: list[Post] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def write_posts(self) -> None:
        """Save the posts made so far (numbered in their rooms, in order)."""
        Post.objects.create_many(self.posts, self.last)
        self.posts = []

    def write_events(self) -> None:
        """Save the events logged so far, in order."""
        Event.objects.bulk_create(self.events)
        page_cache.game_changed(*{event.game_id for event in self.events})
        self.events = []


_batch: ContextVar[_Batch | None] = ContextVar("batch", default=None)


@contextmanager
def _batched(batch: _Batch | None = None, write: bool = True) -> Iterator[_Batch]:
    """Collect the ``host_post``s and ``log_event``s of the block in
    ``batch`` (a new one by default) and, with ``write``, save them when the
    block ends without an error (posts first, then events); a caller that
    writes something between them (the resolution, which points at its
    posts) passes ``write=False`` and writes them itself. Inside an outer
    batch the block simply joins it."""
    outer = _batch.get()
    if outer is not None:
        yield outer
        return
    batch = batch or _Batch()
    token = _batch.set(batch)
    try:
        yield batch
    finally:
        _batch.reset(token)
    if write:
        batch.write_posts()
        batch.write_events()


@dataclass
class _Claim:
    """What the resolutions of one claim of the tick (``_process_some``)
    leave to write together once every claimed game went through, in seven
    queries for all of them instead of seven for each: the deadlines' done
    time (with ``fields``, the columns each changed), the games' states,
    the phases' resolution times, the seats that changed (with
    ``seat_fields``), the games whose permissions to forget (``slugs``,
    one cache round trip), the host posts (numbered in their rooms
    from ``last``, the last post numbers of the rooms the claim holds
    locked), the resolutions (which point at their posts) and the events,
    in the order logged. A game whose resolution raises takes its part back
    (``mark``, ``undo``)."""

    deadlines: list[Deadline] = field(default_factory=list)
    fields: set[str] = field(default_factory=set)
    games: list[Game] = field(default_factory=list)
    phases: list[Phase] = field(default_factory=list)
    seats: list[Player] = field(default_factory=list)
    seat_fields: set[str] = field(default_factory=set)
    slugs: list[str] = field(default_factory=list)
    last: dict[int, int] = field(default_factory=dict)
    posts: list[Post] = field(default_factory=list)
    resolutions: list[Resolution] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def mark(self) -> tuple[int, ...]:
        """Where each list ends now (``undo`` cuts them back to it)."""
        return tuple(len(rows) for rows in self._lists())

    def undo(self, mark: tuple[int, ...]) -> None:
        """Drop what was added since ``mark``: a resolution that raised."""
        for rows, length in zip(self._lists(), mark, strict=True):
            del rows[length:]

    def _lists(self) -> tuple[list, ...]:
        return (
            self.deadlines,
            self.games,
            self.phases,
            self.seats,
            self.slugs,
            self.posts,
            self.resolutions,
            self.events,
        )

    def take(self, batch: _Batch, resolution: Resolution) -> None:
        """A resolution's posts, events and the resolution itself, unsaved."""
        if batch.last is not None:
            self.last.update(batch.last)
        self.posts += batch.posts
        self.events += batch.events
        self.resolutions.append(resolution)
        batch.posts, batch.events = [], []

    def write(self) -> None:
        """Save everything taken, in the order the resolutions wrote it,
        after forgetting the games' remembered permissions (``slugs``,
        ``live.access_changed_many``: one cache round trip)."""
        live.access_changed_many(self.slugs)
        # Every row taken belongs to the game of one of the claim's deadlines.
        page_cache.game_changed(*self.games, *{deadline.phase.game_id for deadline in self.deadlines})
        if self.deadlines:
            _update_rows(Deadline, self.deadlines, sorted(self.fields))
        if self.games:
            _update_rows(Game, self.games, ["state"])
        if self.phases:
            _update_rows(Phase, self.phases, ["resolved_at", "locked_at"])
        if self.seats:
            _update_rows(Player, self.seats, sorted(self.seat_fields))
        Post.objects.create_many(self.posts, self.last)
        Resolution.objects.bulk_create(self.resolutions)
        Event.objects.bulk_create(self.events)


# The claim whose resolutions leave their writes to it (``_process_some``).
_claim: ContextVar[_Claim | None] = ContextVar("claim", default=None)


class _ClaimUnwritten(Exception):
    """Writing a claim's resolutions together raised (``_Claim.write``); the
    claim's transaction was rolled back."""


def utc_offset(local: datetime) -> str:
    """The offset of an aware local time as every language writes it: UTC+3, UTC-3:30, UTC."""
    offset = local.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset else 0
    if not minutes:
        return "UTC"
    sign, minutes = ("+" if minutes > 0 else "-"), abs(minutes)
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")


def local_time(game: Game, when: datetime, seconds: bool = False) -> str:
    """A moment as the players read it: the local time in the game's zone
    (or the zone the reader chose, ``languages.viewer_zone``) and its offset
    from UTC (2026-11-20 12:00 UTC+3), the same in every language (a zone's
    name, such as MSK or Europe/Moscow, is English). The game's own posts
    are written in the game's zone (``languages.in_game_language``)."""
    from zoneinfo import ZoneInfo

    local = when.astimezone(ZoneInfo(languages.viewer_zone() or game.timezone))
    return local.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M") + " " + utc_offset(local)


def local_clock(game: Game, when: datetime) -> str:
    """The hour and minute of a moment as the reader reads times (14:05)."""
    from zoneinfo import ZoneInfo

    return when.astimezone(ZoneInfo(languages.viewer_zone() or game.timezone)).strftime("%H:%M")


def local_deadline(game: Game, when: datetime) -> str:
    """A deadline as the players read it: local time in the game's zone."""
    return local_time(game, when)


def game_lock(game: Game, now: datetime | None = None) -> datetime:
    """Lock the game's row until the transaction ends, refresh ``game``
    from it, and return the time that counts for what the caller does.

    Every change to a running game (a vote, a choice, a deadline, the
    host's tools) takes this lock first, so they happen one after another.
    The time is read once the lock is held (unless ``now``, aware, is
    given): a vote that waited behind a deadline's resolution is stamped
    when its turn comes, not when it asked. Call inside a transaction."""
    game.refresh_from_db(from_queryset=Game.objects.select_for_update())
    return now or timezone.now()


def refuse_if_late(game: Game, deadline: Deadline | None, now: datetime, message: str, closed: bool = False) -> None:
    """Raise FlowError(``message``) when ``now`` (aware, from ``game_lock``)
    is at or after ``deadline`` (or ``closed`` says the phase is already
    locked); ``message`` has a ``%(when)s`` placeholder for the deadline in
    the game's local time (FORUM-165)."""
    if closed or (deadline is not None and now >= deadline.due_at):
        when = local_deadline(game, deadline.due_at) if deadline is not None else ""
        raise FlowError(message % {"when": when})


# ---------------------------------------------------------------- set-up


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


@transaction.atomic
def signup_open(*, game: Game) -> None:
    """Open sign-up: the sign-up thread and the introductions thread."""
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
    log_event(game, "signup_opened", {}, Event.Audience.PUBLIC)


def _check_nickname(game: Game, nickname: str, exclude: Player | None = None) -> str:
    from django.contrib.auth import get_user_model

    nickname = nickname.strip()
    if not nickname:
        raise FlowError(_("Choose a game nickname."))
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


def _refuse_hosts_as_players(game: Game, user) -> None:
    """The host and co-hosts see every role: they can never hold a seat."""
    if user.pk == game.host_id or game.cohosts.filter(pk=user.pk).exists():
        raise FlowError(_("The host and co-hosts of a game cannot play in it."))


@transaction.atomic
def signup_apply(*, game: Game, user, nickname: str) -> Player:
    """A player applies with the character they want; raises FlowError when
    sign-up is closed, full, or the character is taken."""
    if game.status != Game.Status.SIGNUP:
        raise FlowError(_("Sign-up is closed."))
    _refuse_hosts_as_players(game, user)
    if game.players.filter(user=user).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("You have already applied to this game."))
    if game.players.seated().count() >= game.signup_limit:
        raise FlowError(_("The game is full."))
    nickname = _check_nickname(game, nickname)
    game.players.filter(user=user, status=Player.Status.DECLINED).delete()
    player = Player.objects.create(game=game, user=user, nickname=nickname)
    log_event(game, "signup_applied", {"nickname": nickname}, player=player)
    return player


@transaction.atomic
def signup_decide(*, game: Game, player: Player, accept: bool) -> None:
    """The host accepts (the character becomes the game nickname) or
    declines an application."""
    if game.state:
        raise FlowError(_("Roles are already drawn; the table is closed."))
    if accept and game.players.seated().count() >= game.signup_limit:
        raise FlowError(_("The game is full."))
    player.status = Player.Status.SEATED if accept else Player.Status.DECLINED
    player.save(update_fields=["status"])
    log_event(
        game,
        "signup_accepted" if accept else "signup_declined",
        {"nickname": player.nickname},
        Event.Audience.PUBLIC if accept else Event.Audience.HOST,
    )


@transaction.atomic
def signup_accept_all(*, game: Game) -> int:
    """The host accepts every pending application, oldest first, while
    seats remain; returns how many were accepted. Raises FlowError once the
    roles are drawn, or when the game is full before the first."""
    game_lock(game)
    if game.state:
        raise FlowError(_("Roles are already drawn; the table is closed."))
    accepted = 0
    for player in game.players.filter(status=Player.Status.APPLIED).order_by("joined_at", "id"):
        if game.players.seated().count() >= game.signup_limit:
            if not accepted:
                raise FlowError(_("The game is full."))
            break
        signup_decide(game=game, player=player, accept=True)
        accepted += 1
    return accepted


@transaction.atomic
def nickname_register(*, game: Game, user, nickname: str) -> Player:
    """An admin binds a game nickname to an account directly (seated)."""
    if game.state:
        raise FlowError(_("Roles are already drawn; use a replacement instead."))
    _refuse_hosts_as_players(game, user)
    if game.players.filter(user=user).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("This account already has a seat in the game."))
    nickname = _check_nickname(game, nickname)
    player = Player.objects.create(game=game, user=user, nickname=nickname, status=Player.Status.SEATED)
    log_event(game, "nickname_registered", {"nickname": nickname})
    return player


@transaction.atomic
def cohost_add(*, game: Game, username: str) -> None:
    """The host names a co-host by account name: a co-host reads and runs
    the game as the host does. Raises FlowError for an unknown account, the
    host, an account that applied for or holds a seat, or one already named."""
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
    live.access_changed(game.slug)
    log_event(game, "cohost_added", {"account": user.username})


@transaction.atomic
def cohost_remove(*, game: Game, user_id: int) -> None:
    """The host withdraws a co-host; nothing happens for an account that is not one."""
    user = game.cohosts.filter(pk=user_id).first()
    if user is not None:
        game.cohosts.remove(user)
        live.access_changed(game.slug)
        log_event(game, "cohost_removed", {"account": user.username})


@transaction.atomic
def game_settings_set(*, game: Game, edit_minutes: int, language: str) -> None:
    """The host sets the post edit window (minutes, 0: no edits) and the
    language the game writes its posts in (one of ``settings.LANGUAGES``,
    "" for the ruleset's); both may change at any time and apply from then on."""
    if not 0 <= edit_minutes <= 60:
        raise FlowError(_("The edit window is between 0 and 60 minutes."))
    if language and not languages.supported(language):
        raise FlowError(_("Choose one of the site's languages."))
    game.edit_minutes, game.language = edit_minutes, language
    game.save(update_fields=["edit_minutes", "language"])
    log_event(game, "settings_changed", {"edit_minutes": edit_minutes, "language": language})


WEB_OPTIONS = (
    "autokills",
    "post_minimum",
    "excused",
    "confirmed",
    "free_choice",
    "opens_with",
    "dead_read_team_room",
)


def dead_read_team_room(game: Game) -> bool:
    """True when players out of ``game`` keep reading their team's room:
    the host's choice for the game, else the ruleset's reading
    (``Ruleset.DEAD_READ_TEAM_ROOM``)."""
    return bool(game.options.get("dead_read_team_room", ruleset_of(game).DEAD_READ_TEAM_ROOM))


@transaction.atomic
def options_set(*, game: Game, options: dict[str, Any]) -> None:
    """The host replaces the house rules the ruleset declares (some secret,
    such as the Bonus player and day, FORUM-125) until the game starts;
    ``options`` maps option ids to JSON values, ``{}`` switches them all off.
    Raises FlowError once the game has started, or with the sentences of
    ``Ruleset.validate_options`` (names must be seated nicknames)."""
    if game.status not in (Game.Status.DRAFT, Game.Status.SIGNUP):
        raise FlowError(_("House rules are fixed once the game has started."))
    nicknames = list(game.players.seated().values_list("nickname", flat=True))
    problems = ruleset_of(game).validate_options(options, nicknames)
    if problems:
        raise FlowError(" ".join(p.message for p in problems))
    kept = {k: v for k, v in game.options.items() if k in WEB_OPTIONS}
    game.options = {**kept, **{k: v for k, v in options.items() if v not in (None, False)}}
    fields = ["options"]
    if game.state:
        state = dict(game.state)
        state["options"] = _engine_options(game)
        game.state = state
        fields.append("state")
    game.save(update_fields=fields)
    log_event(game, "options_set", {"keys": sorted(options)})


def proposed_composition(game: Game) -> dict[str, int]:
    """The ruleset's composition for the seated players; raises FlowError."""
    n = game.players.seated().count()
    ruleset = ruleset_of(game)
    try:
        return ruleset.composition(n, game.variant or ruleset.default_variant(n), game.options)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc


@transaction.atomic
def roles_draw(*, game: Game, composition: dict[str, int]) -> None:
    """Blind random draw from the game's recorded seed (``Ruleset.draw_seats``:
    in a three-sided forum game the criminals are dealt to both teams,
    FORUM-033); every seat learns its role in its cabinet, teams get their
    rooms. Raises FlowError when the composition does not fit the table."""
    seats = _seats_to_deal(game)
    ruleset = ruleset_of(game)
    try:
        dealt = ruleset.draw_seats([p.nickname for p in seats], composition, game.seed)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    _deal(game, seats, dealt, composition)
    log_event(game, "roles_drawn", {"composition": composition, "seed": game.seed})


@transaction.atomic
def roles_deal(*, game: Game, roles: dict[str, tuple[str, str | None]]) -> None:
    """The host deals the roles by hand: game nickname → (role id, team id or
    None for the role's own team), every seat named once. As ``roles_draw``
    otherwise; raises FlowError when a seat is missing or the ruleset
    refuses the seating."""
    seats = _seats_to_deal(game, by_hand=True)
    if sorted(roles) != sorted(p.nickname for p in seats):
        raise FlowError(_("Deal a role to every seated player, and only to them."))
    dealt = [(p.nickname, *roles[p.nickname]) for p in seats]
    composition: dict[str, int] = {}
    for _name, role, _team in dealt:
        composition[role] = composition.get(role, 0) + 1
    _deal(game, seats, dealt, composition)
    log_event(game, "roles_dealt", {"composition": composition})


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
    game: Game, seats: list[Player], dealt: list[tuple[str, str, str | None]], composition: dict[str, int]
) -> None:
    """Seat ``dealt`` (nickname, role, team or None) in the ruleset; store
    the state, open the rooms and hand every seat its role card."""
    ruleset = ruleset_of(game)
    variant = game.variant or ruleset.default_variant(len(seats)) or ""
    try:
        state = ruleset.new_game(dealt, variant or None, _engine_options(game), seed=game.seed)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    game.variant, game.composition, game.state = variant, composition, state.to_dict()
    game.save(update_fields=["variant", "composition", "state"])
    _sync_players(game, state, None)
    _sync_rooms(game, state)
    with languages.in_game_language(game):
        for seat in seats:
            seat.refresh_from_db()
            _cabinet_post(game, seat, results.role_card(ruleset, seat.role, seat.team))


def _engine_options(game: Game) -> dict[str, Any]:
    """The house rules the ruleset knows (the web-only ones left out)."""
    known = ruleset_of(game).OPTIONS
    return {k: v for k, v in game.options.items() if k in known}


@transaction.atomic
def game_start(*, game: Game, now: datetime | None = None) -> Phase:
    """Start the game: day 1 opens with its threads and deadlines. Raises
    FlowError before the draw, or while the house rules fail the ruleset's
    ``validate_options`` (rules saved before they were checked)."""
    now = game_lock(game, now)
    if game.status != Game.Status.SIGNUP or not game.state:
        raise FlowError(_("Draw the roles before starting the game."))
    seated = list(game.players.seated().values_list("nickname", flat=True))
    problems = ruleset_of(game).validate_options(_engine_options(game), seated)
    if problems:
        raise FlowError(
            _("Correct the house rules before the start: %(problems)s")
            % {"problems": " ".join(p.message for p in problems)}
        )
    game.status, game.started_at = Game.Status.RUNNING, now
    game.save(update_fields=["status", "started_at"])
    log_event(game, "game_started", {}, Event.Audience.PUBLIC)
    ruleset = ruleset_of(game)
    if ruleset.OPENING and "opens_with" not in game.options:
        return _open_phase(game, 0, ruleset.schedule_entry(ruleset.OPENING).closes, now, opening=True)
    first = first_phase(game)
    return _open_phase(game, _next_number(game, first), first, now)


# The ``Deadline.kind`` of a phase's delayed opening (``Ruleset.phase_opens``):
# the results waiting for it are published when it fires.
OPENS = "opens"


def _opening(game: Game, ruleset: Ruleset, kind: str, after: datetime) -> datetime | None:
    """When a ``kind`` phase following a resolution at ``after`` (aware)
    opens, where the ruleset has it wait (``Ruleset.phase_opens``:
    werewolf18's morning, WW18-072), as aware UTC; None: at once."""
    at = ruleset.phase_opens(kind)
    if not at or game.fast or ruleset.SCHEDULE_RELATIVE:
        return None
    # The first such instant at or after ``after``: a phase following a
    # resolution at that very time opens at once.
    return next_local(after - timedelta(microseconds=1), parse_hhmm(at), ZoneInfo(game.timezone))


def first_phase(game: Game) -> str:
    """The phase the game's first step is: the ruleset's ``FIRST_PHASE``,
    or the one the host chose (house option ``opens_with``, one of the
    ruleset's ``PHASES``: a forum game opening by night, a werewolf18 game
    without the setup step, or a game carried over from another forum)."""
    ruleset = ruleset_of(game)
    chosen = game.options.get("opens_with")
    return chosen if chosen in ruleset.PHASES else ruleset.FIRST_PHASE


def _next_number(game: Game, kind: str) -> int:
    """The number of the next phase of ``kind``: days and nights are counted
    separately from 1 (day 1, night 1, day 2… where the game opens by day;
    night 1, day 1, night 2… where it opens by night, piter PITER-003 and
    classic CLASSIC-007); the setup step is phase 0 (werewolf18 WW18 §6)."""
    if kind == Phase.Kind.SETUP:
        return 0
    return game.phases.filter(kind=kind, number__gt=0, vote_round=1).count() + 1


def catchup_grace() -> timedelta:
    """How late a deadline may be processed before the phase it opens is
    shifted (``MAFIA_CATCHUP_GRACE_MINUTES``)."""
    return timedelta(minutes=settings.MAFIA_CATCHUP_GRACE_MINUTES)


def _open_phase(
    game: Game,
    number: int,
    kind: str,
    scheduled: datetime,
    now: datetime | None = None,
    opening: bool = False,
    state: GameState | None = None,
    vote_round: int = 1,
    read: _GameRead | None = None,
) -> Phase:
    """Open a phase meant to open at ``scheduled`` (aware), really opening
    at ``now``. When ``now`` is later than the catch-up grace (the site was
    down), each deadline keeps its full window from ``now``: the schedule
    shifts, and the host is told (``schedule_shifted``), so no phase opens
    and closes in one catch-up with nobody able to play it. ``opening``: the
    ruleset's opening phase that is not a step (``Ruleset.OPENING``, cosmo's
    acquaintance night COSMO-005): its one deadline opens the first step.
    ``state``: the game's state the phase opens on (default: the stored
    one), from which the ruleset may derive its deadlines
    (``Ruleset.phase_schedule``); ``vote_round``: a further lynch vote of
    day ``number`` (``Phase.vote_round``, CLASSIC-066). ``read``: what the
    caller read of the game's rooms and phases, kept in step. The
    deadlines are written in one query, a day's two threads looked up in
    one and the missing ones created in one."""
    now = now or scheduled
    late = now - scheduled
    shift = late if late > catchup_grace() else timedelta(0)
    ruleset = ruleset_of(game)
    state = state if state is not None or opening else state_of(game)
    phase = Phase.objects.create(
        game=game,
        number=number,
        kind=kind,
        vote_round=vote_round,
        opened_at=scheduled + shift,
        slots=_slot_rows(ruleset, state, kind),
        idle=_idle_rows(ruleset, state, kind),
        # A new lynch vote has no ballots yet (the host's list comes later).
        votes=_vote_rows(ruleset, state, kind, []),
    )
    deadlines = phase_deadlines(
        game, ruleset, kind, scheduled, opening=opening, state=state, vote_round=vote_round, number=number
    )
    if read is not None:
        read.add_phase(phase)
    rows = [Deadline(phase=phase, kind=OPENS, due_at=phase.opened_at, resolves=False)] if phase.opened_at > now else []
    rows += [
        Deadline(phase=phase, kind=entry.id, due_at=due + shift, resolves=entry.resolves) for entry, due in deadlines
    ]
    Deadline.objects.bulk_create(rows)
    page_cache.game_changed(game.pk)
    if shift:
        log_event(
            game,
            "schedule_shifted",
            # ``key`` finds it again: the phase's name is in the game's language.
            {"phase": str(phase), "key": phase.key, "minutes": round(shift.total_seconds() / 60)},
            Event.Audience.PUBLIC,
        )
    if kind == "day":
        _day_threads(game, number, read)
    opened = {"phase": kind, "number": number} | ({"vote_round": vote_round} if vote_round > 1 else {})
    log_event(game, "phase_opened", opened, Event.Audience.PUBLIC)
    return phase


def _day_threads(game: Game, number: int, read: _GameRead | None = None) -> None:
    """The day thread and the vote thread of game day ``number``: those
    missing are created (the caller holds the game lock, so nobody else
    creates them meanwhile). Looked up in ``read`` when given, else in one
    query; created in one."""
    titles = {Room.Kind.DAY: _("Day %(n)d") % {"n": number}, Room.Kind.VOTE: _("Vote, day %(n)d") % {"n": number}}
    if read is not None:
        found = {r.kind for r in read.rooms.values() if r.kind in titles and r.day == number and r.key == ""}
    else:
        found = set(
            Room.objects.filter(game=game, kind__in=list(titles), day=number, key="").values_list("kind", flat=True)
        )
    missing = [
        Room(game=game, kind=kind, day=number, key="", title=title)
        for kind, title in titles.items()
        if kind not in found
    ]
    Room.objects.bulk_create(missing)
    page_cache.game_changed(game.pk)
    for room in missing:
        if read is not None:
            read.add_room(room, created=True)


# ---------------------------------------------------------------- rooms


class _GameRead:
    """What a deadline's resolution reads of its game once, kept in step
    with what it writes. Each part is read on first use (one query each,
    two for the rooms), or for several games at once by ``of_games``:

    - ``rooms`` with their ``members``, every room of the game in its order
      (created_at, id); with ``lock`` their rows stay locked until the
      transaction ends, and ``last`` then holds each room's last post
      number (``PostManager.create_many`` numbers the resolution's posts
      from it without another query);
    - ``phases``, ``seats`` (the seated players, in their order), and the
      ballots and choices of the phase being resolved."""

    def __init__(self, game: Game, lock: bool = False) -> None:
        self.game = game
        self.lock = lock
        self._rooms: dict[int, Room] | None = None
        self.members: dict[int, set[int]] = {}
        self.last: dict[int, int] | None = None
        self._phases: list[Phase] | None = None
        self._seats: list[Player] | None = None
        # (day, vote_round) → (voter, target, word, round) rows; phase id → choice rows.
        self.votes: dict[tuple[int, int], list[tuple]] = {}
        self.actions: dict[int, list[tuple]] = {}

    @classmethod
    def of_games(cls, phases: list[Phase]) -> dict[int, _GameRead]:
        """The locked reads of the games of ``phases`` (one open phase each,
        its ``game`` loaded and locked by the caller), by game id: seven
        queries whatever the number of games."""
        reads = {phase.game_id: cls(phase.game, lock=True) for phase in phases}
        for read in reads.values():
            read._rooms, read.last, read._phases, read._seats = {}, {}, [], []
        games = list(reads)
        room_game: dict[int, int] = {}
        for room in Room.objects.filter(game__in=games).order_by("created_at", "id").select_for_update():
            reads[room.game_id]._rooms[room.pk] = room  # type: ignore[index]
            reads[room.game_id].members[room.pk] = set()
            room_game[room.pk] = room.game_id
        links = Room.members.through.objects.filter(room_id__in=list(room_game)).values_list("room_id", "player_id")
        for room_id, player_id in links:
            reads[room_game[room_id]].members[room_id].add(player_id)
        numbers = (
            Post.objects.filter(room_id__in=list(room_game))
            .order_by()
            .values("room_id")
            .annotate(last=Max("number"))
            .values_list("room_id", "last")
        )
        for room_id in room_game:
            reads[room_game[room_id]].last[room_id] = 0  # type: ignore[index]
        for room_id, number in numbers:
            reads[room_game[room_id]].last[room_id] = number or 0  # type: ignore[index]
        for phase in Phase.objects.filter(game__in=games):
            reads[phase.game_id]._phases.append(phase)  # type: ignore[union-attr]
        for seat in Player.objects.filter(game__in=games).seated():
            reads[seat.game_id]._seats.append(seat)  # type: ignore[union-attr]
        days = [p for p in phases if p.kind == Phase.Kind.DAY]
        for read in reads.values():
            read.votes = {(p.number, p.vote_round): [] for p in days if p.game_id == read.game.pk}
            read.actions = {p.pk: [] for p in phases if p.game_id == read.game.pk}
        if days:
            which = Q()
            for p in days:
                which |= Q(game_id=p.game_id, day=p.number, vote_round=p.vote_round)
            for game_id, day, vote_round, *row in (
                Vote.objects.filter(which)
                .order_by("created_at", "id")
                .values_list("game_id", "day", "vote_round", "voter__nickname", "target__nickname", "word", "round")
            ):
                reads[game_id].votes[(day, vote_round)].append(tuple(row))
        phase_game = {p.pk: p.game_id for p in phases}
        for phase_id, *row in (
            Action.objects.filter(phase__in=list(phase_game))
            .order_by("updated_at", "id")
            .values_list("phase_id", "ability", "team", "targets", "actor__nickname")
        ):
            reads[phase_game[phase_id]].actions[phase_id].append(tuple(row))
        return reads

    @property
    def rooms(self) -> dict[int, Room]:
        """The game's rooms by id, in order (read on first use, locked with
        ``lock``; the members read with them)."""
        if self._rooms is None:
            rows = Room.objects.filter(game=self.game).order_by("created_at", "id")
            self._rooms = {room.pk: room for room in (rows.select_for_update() if self.lock else rows)}
            self.members = {pk: set() for pk in self._rooms}
            links = Room.members.through.objects.filter(room_id__in=list(self._rooms))
            for room_id, player_id in links.values_list("room_id", "player_id"):
                self.members[room_id].add(player_id)
        return self._rooms

    @property
    def phases(self) -> list[Phase]:
        """The game's phases (read on first use; ``add_phase`` appends)."""
        if self._phases is None:
            self._phases = list(self.game.phases.all())
        return self._phases

    @property
    def seats(self) -> list[Player]:
        """The game's seated players, in their order (read on first use)."""
        if self._seats is None:
            self._seats = list(self.game.players.seated())
        return self._seats

    def add_phase(self, phase: Phase) -> None:
        """Record a phase the resolution opened."""
        if self._phases is not None:
            self._phases.append(phase)

    def add_room(self, room: Room, members: set[int] | None = None, created: bool = False) -> None:
        """Record a room the resolution ``created`` (or found) with its members."""
        self.rooms.setdefault(room.pk, room)
        self.members.setdefault(room.pk, set() if members is None else members)
        if created and self.last is not None:
            self.last[room.pk] = 0

    def current_day(self) -> int:
        """``current_day`` from the phases read."""
        return max((p.number for p in self.phases), default=0)

    def next_number(self, kind: str) -> int:
        """``_next_number`` from the phases read."""
        if kind == Phase.Kind.SETUP:
            return 0
        return sum(1 for p in self.phases if p.kind == kind and p.number > 0 and p.vote_round == 1) + 1

    def of_kind(self, kind: str, day: int | None = None) -> list[Room]:
        """The rooms of ``kind`` (of game day ``day`` when given), in order."""
        return [r for r in self.rooms.values() if r.kind == kind and (day is None or r.day == day)]

    def latest_day_room(self) -> Room | None:
        """The day thread of the highest day (``order_by("-day").first()``)."""
        days = self.of_kind(Room.Kind.DAY)
        return max(days, key=lambda r: (r.day is None, r.day or 0)) if days else None

    def graveyard(self) -> Room:
        """The graveyard thread (``Room.objects.get``: raises as it does when
        there is not exactly one)."""
        found = self.of_kind(Room.Kind.GRAVEYARD)
        return found[0] if len(found) == 1 else Room.objects.get(game=self.game, kind=Room.Kind.GRAVEYARD)

    def cabinet_of(self, seat: Player) -> Room:
        """``cabinet_of`` from the rooms read."""
        found = [r for r in self.of_kind(Room.Kind.CABINET) if r.key == seat.public_id]
        return found[0] if len(found) == 1 else cabinet_of(seat)


def _update_rows(model: type[Model], rows: list[Model], fields: list[str]) -> None:
    """Save ``fields`` of ``rows`` (instances of ``model``) in one UPDATE.
    On PostgreSQL the rows' values go as one array per column, joined on
    the primary key (``UPDATE … FROM UNNEST(…)``: one parameter per column
    whatever the number of rows, as Django's bulk inserts do); elsewhere a
    field with one value for all of them is set as such, one whose values
    differ by row through a CASE on the primary key (what ``bulk_update``
    writes, without its cost per row)."""
    if not rows:
        return
    if connection.vendor == "postgresql" and len(rows) > 1:
        _update_rows_unnest(model, rows, fields)
        return
    values: dict[str, Any] = {}
    for name in fields:
        by_row = {row.pk: getattr(row, name) for row in rows}
        try:
            distinct = len(set(by_row.values()))
        except TypeError:  # JSON values, not hashable: compared by equality
            distinct = len({repr(v) for v in by_row.values()}) if len(by_row) > 1 else 1
        if distinct == 1:
            values[name] = next(iter(by_row.values()))
        else:
            field = model._meta.get_field(name)
            whens = (When(pk=pk, then=Value(v, output_field=field)) for pk, v in by_row.items())
            values[name] = Case(*whens, default=F(name), output_field=field)
    model.objects.filter(pk__in=[row.pk for row in rows]).update(**values)


def _update_rows_unnest(model: type[Model], rows: list[Model], fields: list[str]) -> None:
    """``_update_rows`` on PostgreSQL: ``UPDATE table SET col = v.col …
    FROM UNNEST(%s::type[], …) AS v(pk, col, …) WHERE table.pk = v.pk``."""
    meta, quote = model._meta, connection.ops.quote_name
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    arrays = [[row.pk for row in rows]]
    arrays += [
        [column.get_db_prep_save(getattr(row, column.attname), connection) for row in rows] for column in columns[1:]
    ]
    # The types without their size (varchar[], not varchar(30)[]), as Django's bulk insert casts them.
    casts = ", ".join(f"%s::{column.db_type(connection).split('(')[0]}[]" for column in columns)
    names = [quote(column.column) for column in columns]
    table, key = quote(meta.db_table), names[0]
    sets = ", ".join(f"{name} = v.{name}" for name in names[1:])
    # Names from the model, quoted; every value a parameter.
    sql = f"UPDATE {table} SET {sets} FROM UNNEST({casts}) AS v({', '.join(names)}) WHERE {table}.{key} = v.{key}"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(sql, arrays)


def _sync_players(
    game: Game,
    state: GameState,
    day: int | None,
    revealed: dict[str, str] | None = None,
    seated: list[Player] | None = None,
) -> list[Player]:
    """Mirror the ruleset state's roles, teams and lives onto the seats, and
    record the roles ``revealed`` (nickname → role, ``_revealed``), in one
    update of the seats that changed (inside a claim of the tick, with the
    claim's other games, ``_Claim``); returns the seated players
    (``seated``, when the caller read them)."""
    seated = list(game.players.seated()) if seated is None else seated
    revealed = dict(revealed or {})
    changed: dict[int, Player] = {}
    fields: set[str] = set()
    for seat in seated:
        p = state.players.get(seat.nickname)
        touched = []
        if p is not None:
            for name, value in (("role", p.role), ("team", p.team), ("alive", p.alive)):
                if getattr(seat, name) != value:
                    setattr(seat, name, value)
                    touched.append(name)
            if "alive" in touched and not p.alive:
                seat.left_at_day = day
                touched.append("left_at_day")
        if seat.nickname in revealed:
            role = revealed.pop(seat.nickname)
            if seat.revealed_role != role:
                seat.revealed_role = role
                touched.append("revealed_role")
        if touched:
            changed[seat.pk] = seat
            fields.update(touched)
    claim = _claim.get()
    if changed and claim is not None:
        claim.seats += changed.values()
        claim.seat_fields |= fields
    elif changed:
        _update_rows(Player, list(changed.values()), sorted(fields))
        page_cache.game_changed(game.pk)
    for name, role in revealed.items():
        # A revealed nickname that is not a seated player's.
        game.players.filter(nickname=name).update(revealed_role=role)
        page_cache.game_changed(game.pk)
    return seated


def _sync_rooms(
    game: Game, state: GameState, seated: list[Player] | None = None, read: _GameRead | None = None
) -> None:
    """Team rooms (current members; the dead keep reading where the game
    lets them, ``dead_read_team_room``) and cabinets (one per seat; shared where the ruleset
    groups roles, as the cop and the cop's assistant in the forum game; a
    member who dies keeps reading it). The rooms and their members are read
    in one query (or taken from ``read``, which is kept in step) and only
    the differences written. ``seated``: the game's seated players, when
    the caller has them. Inside a claim of the tick the game's remembered
    permissions are forgotten with the claim's other games' (``_Claim``)."""
    claim = _claim.get()
    if claim is not None:
        claim.slugs.append(game.slug)
    else:
        live.access_changed(game.slug)
    ruleset = ruleset_of(game)
    seats = {p.nickname: p for p in (game.players.seated() if seated is None else seated)}
    read = read or _GameRead(game)
    rooms = {
        (r.kind, r.key): r
        for r in read.rooms.values()
        if r.day is None and r.kind in (Room.Kind.TEAM, Room.Kind.CABINET)
    }
    through = Room.members.through
    current = read.members
    wanted: list[tuple[Room, set[int]]] = []

    def room_for(kind: str, key: str, title: str) -> Room:
        room = rooms.get((kind, key))
        if room is None:
            room, created = Room.objects.get_or_create(
                game=game, kind=kind, day=None, key=key, defaults={"title": title}
            )
            rooms[(kind, key)] = room
            read.add_room(room, set(room.members.values_list("pk", flat=True)), created)
        return room

    groups = ruleset.team_rooms(state)
    for team in ruleset.TEAMS.values():
        if team.room:
            groups.setdefault(team.id, [p.name for p in state.players.values() if p.team == team.id])
    dead = {seats[p.name].pk for p in state.players.values() if not p.alive and p.name in seats}
    dead_read = dead_read_team_room(game)
    for key, names in groups.items():
        members = {seats[n].pk for n in names if n in seats}
        is_team = key in ruleset.TEAMS
        if not members and is_team and (Room.Kind.TEAM, key) not in rooms:
            continue
        title = results.team_title(ruleset, key) if is_team else results.shared_cabinet_title(ruleset, key)
        room = room_for(Room.Kind.TEAM if is_team else Room.Kind.CABINET, key, title)
        if is_team:
            kept = {
                seats[p.name].pk
                for p in state.players.values()
                if dead_read and p.name in seats and seats[p.name].pk in dead and p.team == key
            }
        else:
            kept = current[room.pk] & dead
        wanted.append((room, members | kept))
    for seat in seats.values():
        title = _("Cabinet of %(nick)s") % {"nick": seat.nickname}
        wanted.append((room_for(Room.Kind.CABINET, seat.public_id, title), {seat.pk}))
    removed: Q | None = None
    added = []
    for room, members in wanted:
        if gone := current[room.pk] - members:
            step = Q(room_id=room.pk, player_id__in=gone)
            removed = step if removed is None else removed | step
        added += [through(room_id=room.pk, player_id=pk) for pk in members - current[room.pk]]
        current[room.pk] = members
    if removed is not None:
        through.objects.filter(removed).delete()
    if added:
        through.objects.bulk_create(added)
    if removed is not None or added:
        page_cache.game_changed(game.pk)


def cabinet_of(seat: Player) -> Room:
    """The seat's personal cabinet (a private thread with the host)."""
    return Room.objects.get(game_id=seat.game_id, kind=Room.Kind.CABINET, key=seat.public_id)


def host_post(room: Room, body: str, day: int, when: datetime | None = None) -> Post:
    """A post of the host (or the site) in ``room``, rendered from BBCode,
    dated ``when`` (aware; default now) and filed under game day ``day``.
    Inside ``_batched`` it is saved (and numbered) when the batch ends and
    returned unsaved until then."""
    fields = {
        "room": room,
        "by_host": True,
        "body": body,
        "body_html": markup.render(body),
        "game_day": day,
        "created_at": when or timezone.now(),
    }
    batch = _batch.get()
    if batch is None:
        return Post.objects.create(**fields)
    post = Post(**fields)
    batch.posts.append(post)
    return post


def _cabinet_post(game: Game, seat: Player, body: str, read: _GameRead | None = None) -> None:
    """A host post in the seat's own cabinet (found in ``read`` when given)."""
    room = read.cabinet_of(seat) if read is not None else cabinet_of(seat)
    host_post(room, body, read.current_day() if read is not None else current_day(game))


def current_day(game: Game) -> int:
    """The game day now running (0 before the start)."""
    phase = game.phases.order_by("-number", "kind").first()
    return phase.number if phase else 0


def current_phase(game: Game) -> Phase | None:
    """The open (unresolved) phase, or None."""
    return game.phases.filter(resolved_at__isnull=True).order_by("-number").first()


# ---------------------------------------------------------------- posting


@transaction.atomic
def post_create(
    *, room: Room, seat: Player | None, body: str, by_host: bool = False, now: datetime | None = None
) -> Post:
    """A post in a thread; access is checked by the caller (games.access).
    A dead player's one last post in their day thread is spent here. A
    living player the ruleset silences today (``Ruleset.speech_refusal``,
    PITER-021, COSMO-047) is refused in the day thread with its reason."""
    body = body.strip()
    if not body:
        raise FlowError(_("The post is empty."))
    if len(body) > 20000:
        raise FlowError(_("The post is too long (at most 20,000 characters)."))
    game = room.game
    # Players post in vote threads only through ``vote_cast`` and ``nominate``,
    # which check the day themselves.
    if not by_host and room.kind == Room.Kind.DAY and game.is_running:
        phase = current_phase(game)
        today = phase if phase is not None and phase.kind == Phase.Kind.DAY and phase.number == room.day else None
        _refuse_before_opening(game, today, now or timezone.now())
        if seat is not None and seat.alive:
            ruleset = ruleset_of(game)
            refusal = ruleset.speech_refusal(state_of(game), seat.nickname)
            if refusal:
                raise FlowError(_(ruleset.message(refusal)))
            _refuse_outside_defence(game, room, seat, today, now or timezone.now())
    post = Post.objects.create(
        room=room,
        author=None if by_host else seat,
        by_host=by_host,
        body=body,
        body_html=markup.render(body),
        game_day=current_day(game),
        created_at=now or timezone.now(),
    )
    if seat is not None and not by_host and not seat.alive and room.kind == Room.Kind.DAY:
        seat.last_words_used = True
        seat.save(update_fields=["last_words_used"])
    return post


def _refuse_before_opening(game: Game, phase: Phase | None, now: datetime) -> None:
    """Raise FlowError, with the opening time, while ``phase`` (the open
    one, as the caller read it) waits for its delayed opening
    (``Ruleset.phase_opens``: werewolf18's thread opens on the morning of
    A, WW18-072)."""
    if phase is None or phase.opened_at <= now:
        return
    opening = phase.deadlines.filter(kind=OPENS, done_at__isnull=True).first()
    if opening is not None and now < opening.due_at:
        raise FlowError(_("The day opens at %(when)s.") % {"when": local_deadline(game, opening.due_at)})


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


def _edit_committed(post: Post) -> None:
    """Once the transaction commits, tell the live poll that ``post``'s room
    has an edited post (``live.post_edited``): open pages fetch it."""
    room_id = post.room.public_id
    transaction.on_commit(lambda: live.post_edited(room_id))


@transaction.atomic
def post_edit(*, post: Post, body: str, now: datetime | None = None) -> Post:
    """Replace the text of ``post`` within its edit window; who may is
    checked by the caller (``access.may_edit``). The body is rendered and
    sanitised as a new post's is (``games.markup``); the first text is kept
    for the host (``Post.original_body``) and every edit is logged with the
    text it replaced. Raises FlowError (``edit_refusal``, an empty or too
    long text)."""
    post = Post.objects.select_for_update().select_related("room__game").get(pk=post.pk)
    now = now or timezone.now()
    refusal = edit_refusal(post, now)
    if refusal:
        raise FlowError(refusal)
    body = body.strip()
    if not body:
        raise FlowError(_("The post is empty."))
    if len(body) > 20000:
        raise FlowError(_("The post is too long (at most 20,000 characters)."))
    if body == post.body:
        return post
    old = post.body
    post.original_body = post.original_body or old
    post.body, post.body_html, post.edited_at = body, markup.render(body), now
    post.save(update_fields=["body", "body_html", "edited_at", "original_body"])
    _edit_committed(post)
    log_event(
        post.room.game,
        "post_edited",
        {"room": post.room.public_id, "number": post.number, "old": old, "new": body},
        player=post.author,
    )
    return post


def _refuse_outside_defence(game: Game, room: Room, seat: Player, phase: Phase | None, now: datetime) -> None:
    """In the day's defence window (``DayProcedure.defence_from`` and
    ``defence_until``) only today's candidates post in the day thread, one
    post each; a second one is refused unless the ruleset grants it
    (``Ruleset.defence_extra_post``, which is then spent). PITER-011, PITER-122.
    ``phase``: the open day when ``room`` is its thread, else None."""
    if phase is None:
        return
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    if not procedure.defence_until:
        return
    deadlines = {d.kind: d for d in phase.deadlines.all()}
    if not _passed(deadlines, procedure.defence_from, now) or _passed(deadlines, procedure.defence_until, now):
        return
    until = local_deadline(game, deadlines[procedure.defence_until].due_at)
    if seat.nickname not in ruleset.nominees(state, ballots_of(game, phase.number, phase.vote_round)):
        raise FlowError(
            _("Only today's candidates speak now, one defence post each, until %(when)s.") % {"when": until}
        )
    opened = deadlines[procedure.defence_from].due_at
    if room.posts.filter(author=seat, created_at__gte=opened).exists():
        extra = ruleset.defence_extra_post(state, seat.nickname)
        if extra is None:
            raise FlowError(_("You have given your defence post; the vote opens at %(when)s.") % {"when": until})
        game.state = extra.to_dict()
        game.save(update_fields=["state"])
        store_slots(game)
        log_event(game, "extra_defence_post", {"nickname": seat.nickname}, Event.Audience.PUBLIC)


def ballots_of(game: Game, day: int, vote_round: int = 1, read: _GameRead | None = None) -> list[Ballot]:
    """Every vote post of lynch vote ``vote_round`` (``Phase.vote_round``)
    of game day ``day`` as the ruleset reads them (``rulesets.core.Ballot``),
    nominations and re-votes included, in casting order, after the
    candidates the host put to the vote (``LISTED``, CLASSIC-011).
    ``read``: the game as a resolution read it, votes included."""
    if read is not None and (day, vote_round) in read.votes:
        votes: Any = read.votes[(day, vote_round)]
    else:
        votes = (
            Vote.objects.filter(game=game, day=day, vote_round=vote_round)
            .order_by("created_at", "id")
            .values_list("voter__nickname", "target__nickname", "word", "round")
        )
    # The nicknames alone, not the seats (``Vote.choice`` read from the row).
    ballots = [
        Ballot(voter, target if target is not None else word or None, kind) for voter, target, word, kind in votes
    ]
    if ruleset_of(game).DAY.host_candidates:
        if read is not None:
            listed: Any = [
                p.candidates
                for p in read.phases
                if p.kind == Phase.Kind.DAY and p.number == day and p.vote_round == vote_round
            ]
        else:
            listed = game.phases.filter(kind=Phase.Kind.DAY, number=day, vote_round=vote_round).values_list(
                "candidates", flat=True
            )
        ballots[:0] = [Ballot("", name, LISTED) for names in listed for name in names]
    return ballots


def day_ballots(game: Game, day: int, phase: Phase | None = None) -> list[Ballot]:
    """``ballots_of`` the vote thread of day ``day`` shows: the open
    phase's lynch vote when ``phase`` is that day, else the day's last
    one (CLASSIC-066)."""
    if phase is not None and phase.kind == Phase.Kind.DAY and phase.number == day:
        return ballots_of(game, day, phase.vote_round)
    last = game.phases.filter(kind=Phase.Kind.DAY, number=day).order_by("-vote_round").first()
    return ballots_of(game, day, last.vote_round if last else 1)


@dataclass(frozen=True)
class DayWindow:
    """What the vote thread takes now, from the ruleset's ``DayProcedure``
    and the day's deadlines: ``nominations`` (candidates may be named),
    ``votes`` (votes are taken), ``revote`` (the tied players while a
    re-vote runs, else ()); ``opens_at``: the deadline (aware UTC) after
    which votes open when they are not open yet, else None."""

    nominations: bool = False
    votes: bool = False
    revote: tuple[str, ...] = ()
    opens_at: datetime | None = None


def _passed(deadlines: dict[str, Deadline], entry_id: str, now: datetime) -> bool:
    """True when the deadline ``entry_id`` of the phase has fired or is due."""
    deadline = deadlines.get(entry_id)
    return deadline is not None and (deadline.done_at is not None or now >= deadline.due_at)


def day_window(
    game: Game,
    phase: Phase | None,
    now: datetime | None = None,
    ballots: list[Ballot] | None = None,
    votes: VoteView | None = None,
) -> DayWindow:
    """The vote thread's window now (``now`` aware; default the clock):
    closed outside an open day; nominations between the declared deadlines
    (PITER-010, COSMO-007); votes after ``votes_from`` and until the vote's
    deadline (PITER-011); then, on a tie, the re-vote (PITER-017, COSMO-013).
    ``ballots``: the day's, when the caller has read them already;
    ``votes``: the phase's stored ``VoteView`` (its re-vote read there,
    not worked out by the rules), for a page."""
    if phase is None or phase.kind != Phase.Kind.DAY or phase.resolved_at or not game.is_running:
        return DayWindow()
    now = now or timezone.now()
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    deadlines = {d.kind: d for d in phase.deadlines.all()}
    resolving = [d for d in sorted(deadlines.values(), key=lambda d: d.due_at) if d.resolves]
    vote_closes = resolving[0] if resolving else None
    if procedure.revote_until and vote_closes is not None and vote_closes.kind != procedure.revote_until:
        if _passed(deadlines, vote_closes.kind, now):
            if votes is not None:
                return DayWindow(revote=votes.revote)
            if ballots is None:
                ballots = ballots_of(game, phase.number, phase.vote_round)
            return DayWindow(revote=tuple(ruleset.revote_needed(state, ballots)))
    nominations = bool(procedure.nominations_until) and (
        not procedure.nominations_from or _passed(deadlines, procedure.nominations_from, now)
    )
    nominations = nominations and not _passed(deadlines, procedure.nominations_until, now)
    votes_open = not procedure.votes_from or _passed(deadlines, procedure.votes_from, now)
    votes_open = votes_open and not (procedure.votes_until and _passed(deadlines, procedure.votes_until, now))
    waiting = procedure.votes_from and not _passed(deadlines, procedure.votes_from, now)
    opens_at = deadlines[procedure.votes_from].due_at if waiting else None
    return DayWindow(nominations=nominations, votes=votes_open, opens_at=opens_at)


def _refuse_ballot(
    game: Game, seat: Player, target: Player | None, abstain: bool, choices: list[str], word: str = ""
) -> DayProcedure:
    """Raise FlowError when the ruleset's day procedure refuses this ballot's
    choice (see ``DayProcedure``); ``choices``: the nicknames (or re-vote
    words) it may name; ``word``: a re-vote word instead of a player.
    Returns the procedure."""
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    if not ruleset.may_vote(state, seat.nickname):
        raise FlowError(_("You are out of the game and cannot vote."))
    refusal = ruleset.ballot_refusal(state, seat.nickname)
    if refusal:
        raise FlowError(_(ruleset.message(refusal)))
    if word:
        if word not in choices:
            shown = "; ".join(revote_label(ruleset, state, c) for c in choices)
            raise FlowError(_("A re-vote may say only: %(choices)s.") % {"choices": shown})
        return procedure
    if abstain:
        if not procedure.abstain:
            raise FlowError(_("This game has no abstention: name a player (%(rule)s).") % {"rule": procedure.rule})
        return procedure
    if target is None or target.game_id != game.id or target.nickname not in choices:
        if procedure.nominations_until or len(choices) < len(state.alive_names()) - 1:
            raise FlowError(
                _("You can vote only for one of today's candidates: %(names)s.") % {"names": ", ".join(choices) or "—"}
            )
        raise FlowError(_("You can vote only for a player still in the game."))
    return procedure


def _refuse_change(game: Game, phase: Phase, procedure: DayProcedure, earlier: list[Vote], now: datetime) -> None:
    """Raise FlowError when the vote law forbids another ballot from a voter
    who already cast ``earlier`` ones today: no change where the ruleset
    refuses them all today (``Ruleset.vote_change_refusal``, werewolf18's
    accelerated game, WW18-068), never changed (FORUM-019),
    changed once at most and not after the ``no_change_after`` deadline
    (WW18-065, WW18-066), or changed freely (classic)."""
    if not earlier or procedure.change == LAST_COUNTS:
        return
    ruleset = ruleset_of(game)
    refusal = ruleset.vote_change_refusal(state_of(game))
    if refusal:
        raise FlowError(_(ruleset.message(refusal)))
    if procedure.change == NEVER:
        raise FlowError(
            _("You have already voted today; a vote cannot be changed (%(rule)s).") % {"rule": procedure.rule}
        )
    if len(earlier) >= 2:
        raise FlowError(_("You have already changed your vote once today (%(rule)s).") % {"rule": procedure.rule})
    if procedure.no_change_after:
        stop = phase.deadlines.filter(kind=procedure.no_change_after).first()
        if stop is not None and (stop.done_at or now >= stop.due_at):
            raise FlowError(
                _("Votes may no longer be changed: changes closed at %(when)s.")
                % {"when": local_deadline(game, stop.due_at)}
            )


def ballot_open(
    game: Game,
    seat: Player | None,
    phase: Phase | None,
    ballots: list[Ballot],
    window: DayWindow | None = None,
    votes: VoteView | None = None,
) -> bool:
    """True when ``seat`` may post a vote now: a voter today
    (``Ruleset.may_vote``: a living player, or classic's last honest player
    out in the deciding vote), today's votes (or re-vote) open, and the vote
    law leaves him a ballot (none cast yet; one change left where a vote may
    change once; always where the last counts). The change deadline itself
    is checked when he votes. ``window``: today's ``day_window``, when the
    caller has it; ``votes``: the phase's stored ``VoteView`` (who may vote
    and whether a vote may change read there), for a page."""
    if seat is None or phase is None or phase.kind != Phase.Kind.DAY:
        return False
    ruleset, state = ruleset_of(game), state_of(game)
    if not (seat.nickname in votes.voters if votes is not None else ruleset.may_vote(state, seat.nickname)):
        return False
    window = window or day_window(game, phase, ballots=ballots, votes=votes)
    if not (window.votes or window.revote):
        return False
    procedure = ruleset.day_procedure(state)
    round_ = Vote.Round.REVOTE if window.revote else Vote.Round.VOTE
    cast = sum(1 for b in ballots if b.voter == seat.nickname and b.round == round_)
    if cast and (votes.change_refused if votes is not None else ruleset.vote_change_refusal(state)):
        return False
    limit = {NEVER: 1, LAST_COUNTS: None}.get(procedure.change, 2)
    return limit is None or cast < limit


def _ballot_text(procedure: DayProcedure, target: Player | None, reason: str = "") -> str:
    """A vote post's words in the active language, as the day procedure
    words them (werewolf18 «投票对象：X» and «投票理由：…», or
    «投票对象：弃权», WW18-065): the name, or the abstention; the reason on
    its own line where the procedure has one and the voter gave it."""
    if target is None:
        choice = results.localized(procedure.abstain_word) if procedure.abstain_word else _("abstains")
    else:
        choice = target.nickname
    text = results.localized(procedure.ballot_text).format(choice=choice) if procedure.ballot_text else choice
    if procedure.reason_text and reason.strip() and target is not None:
        text += "\n" + results.localized(procedure.reason_text).format(reason=reason.strip())
    return text


def _ballot_body(choice: str, earlier: list[Vote]) -> str:
    """The vote post's text: the choice, quoting the vote it changes."""
    if not earlier or earlier[-1].post is None:
        return choice
    original = earlier[-1].post
    return f"[quote=#{original.number}]{original.body}[/quote]\n{choice}"


def _open_day(game: Game, now: datetime) -> Phase:
    """The open day for a vote post or a nomination, or FlowError: late
    (with the deadline it missed) or no day open."""
    day = game.phases.filter(kind=Phase.Kind.DAY).order_by("-number", "-vote_round").first()
    phase = current_phase(game)
    if day is not None and phase != day:
        closed = day.deadlines.filter(resolution__isnull=False).first()
        refuse_if_late(game, closed, now, _("The vote closed at %(when)s; your vote was not counted."))
    if phase is None or phase != day:
        raise FlowError(_("Voting is open only during the day."))
    _refuse_before_opening(game, phase, now)
    return phase


@transaction.atomic
def vote_cast(
    *,
    game: Game,
    seat: Player,
    target: Player | None = None,
    abstain: bool = False,
    word: str = "",
    reason: str = "",
    now: datetime | None = None,
) -> Vote:
    """A vote post in today's vote thread naming ``target`` (or an explicit
    abstention where the ruleset allows one; or, in a re-vote whose ballots
    are words, ``word``, cosmo's ``jail``/``spare``), under the ruleset's
    vote law (``Ruleset.day_procedure``): the day's windows (``day_window``),
    whether and how a vote may change, who may be named. The post is
    worded as the procedure words it, with ``reason`` where it has one
    (werewolf18 «投票对象：X / 投票理由：…», ``_ballot_text``). A change quotes
    the vote it replaces. Raises FlowError when late (with the deadline),
    out of the game, or refused by the law. The vote's time is taken under
    the game lock (``game_lock``)."""
    now = game_lock(game, now)
    phase = _open_day(game, now)
    window = day_window(game, phase, now)
    ruleset, state = ruleset_of(game), state_of(game)
    if window.revote:
        round_ = Vote.Round.REVOTE
        choices = ruleset.revote_choices(state, window.revote)
        revote_deadline = phase.deadlines.filter(kind=ruleset.day_procedure(state).revote_until).first()
        refuse_if_late(game, revote_deadline, now, _("The re-vote closed at %(when)s; your vote was not counted."))
    else:
        round_ = Vote.Round.VOTE
        until = ruleset.day_procedure(state).votes_until
        closes = (
            phase.deadlines.filter(kind=until).first()
            if until
            else phase.deadlines.filter(resolves=True).order_by("due_at").first()
        )
        refuse_if_late(game, closes, now, _("The vote closed at %(when)s; your vote was not counted."))
        if not window.votes:
            raise FlowError(
                _("Voting opens at %(when)s, after the nominations and the defence posts.")
                % {"when": local_deadline(game, window.opens_at)}
            )
        choices = ruleset.vote_choices(state, seat.nickname, ballots_of(game, phase.number, phase.vote_round))
    procedure = _refuse_ballot(game, seat, target, abstain and not word, choices, word)
    earlier = list(
        Vote.objects.filter(
            game=game, day=phase.number, vote_round=phase.vote_round, voter=seat, round=round_
        ).select_related("post")
    )
    _refuse_change(game, phase, procedure, earlier, now)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    with languages.in_game_language(game):
        shown = revote_label(ruleset, state, word) if word else _ballot_text(procedure, target, reason)
    post = post_create(room=room, seat=seat, body=_ballot_body(shown, earlier), now=now)
    choice = word or (target.nickname if target is not None else _("abstains"))
    vote = Vote.objects.create(
        game=game,
        day=phase.number,
        vote_round=phase.vote_round,
        round=round_,
        voter=seat,
        target=target if not word else None,
        word=word,
        post=post,
        created_at=now,
    )
    log_event(
        game,
        "vote_cast",
        {"day": phase.number, "round": round_, "voter": seat.nickname, "target": choice if target or word else None},
        Event.Audience.PUBLIC,
    )
    store_votes(game, phase, state)
    return vote


@transaction.atomic
def nominate(*, game: Game, seat: Player, target: Player, now: datetime | None = None) -> Vote:
    """A nomination post in today's vote thread naming ``target`` as a
    candidate, in the window the ruleset declares (piter «выдвижение»
    PITER-010, cosmo «Кандидат:» COSMO-007). Raises FlowError outside the
    window (with its deadline), for a player out of the game or silenced,
    a second nomination, or a candidate already named or out of the game."""
    now = game_lock(game, now)
    phase = _open_day(game, now)
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    if not procedure.nominations_until:
        raise FlowError(_("This game has no nominations: vote for any player still in the game."))
    if not day_window(game, phase, now).nominations:
        deadlines = {d.kind: d for d in phase.deadlines.all()}
        if _passed(deadlines, procedure.nominations_until, now):
            raise FlowError(
                _("Nominations closed at %(when)s.")
                % {"when": local_deadline(game, deadlines[procedure.nominations_until].due_at)}
            )
        raise FlowError(
            _("Nominations open at %(when)s.")
            % {"when": local_deadline(game, deadlines[procedure.nominations_from].due_at)}
        )
    if not seat.alive:
        raise FlowError(_("You are out of the game and cannot nominate."))
    ballots = ballots_of(game, phase.number, phase.vote_round)
    refusal = ruleset.nomination_open_to(state, seat.nickname, ballots)
    if refusal:
        raise FlowError(_(ruleset.message(refusal)))
    if target.game_id != game.id or target.nickname not in state.alive_names():
        raise FlowError(_("You can nominate only a player still in the game."))
    if target.nickname in ruleset.nominees(state, ballots):
        raise FlowError(_("%(name)s is already a candidate today.") % {"name": target.nickname})
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    with languages.in_game_language(game):
        body = _("Candidate: %(name)s") % {"name": target.nickname}
    post = post_create(room=room, seat=seat, body=body, now=now)
    vote = Vote.objects.create(
        game=game,
        day=phase.number,
        vote_round=phase.vote_round,
        round=Vote.Round.NOMINATE,
        voter=seat,
        target=target,
        post=post,
        created_at=now,
    )
    log_event(
        game, "nominated", {"day": phase.number, "by": seat.nickname, "target": target.nickname}, Event.Audience.PUBLIC
    )
    store_votes(game, phase, state)
    return vote


@transaction.atomic
def candidates_put(*, game: Game, names: list[str], now: datetime | None = None) -> Phase:
    """The host puts ``names`` (nicknames of living players, in his order)
    to today's vote («выносит на голосование», CLASSIC-011), once per lynch
    vote, where the ruleset's day allows it (``DayProcedure.host_candidates``):
    only they may be voted for from then on, and a standing ballot for
    anyone else no longer counts. The list is posted in the vote thread.
    Raises FlowError outside an open day's vote, for a second list, or for
    a name not in the game."""
    now = game_lock(game, now)
    phase = _open_day(game, now)
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    if not procedure.host_candidates:
        raise FlowError(_("In this game the players vote for anyone still in the game."))
    if phase.candidates:
        raise FlowError(_("The candidates of this vote are already published."))
    window = day_window(game, phase, now)
    if not window.votes:
        raise FlowError(_("The vote is not open."))
    alive = state.alive_names()
    chosen = list(dict.fromkeys(names))
    if not chosen or any(n not in alive for n in chosen):
        raise FlowError(_("Put to the vote only players still in the game."))
    phase.candidates = chosen
    phase.save(update_fields=["candidates"])
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    with languages.in_game_language(game):
        text = _("The host puts to the vote: %(names)s. Only they may be voted for (%(rule)s).") % {
            "names": ", ".join(chosen),
            "rule": procedure.host_candidates,
        }
    host_post(room, text, phase.number, when=now)
    log_event(game, "candidates_put", {"day": phase.number, "names": chosen}, Event.Audience.PUBLIC)
    store_votes(game, phase, state)
    return phase


# ---------------------------------------------------------------- choices


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


def _slot_rows(ruleset: Ruleset, state: GameState | None, kind: str) -> list[dict[str, Any]]:
    """The choices that may be handed in during a phase of ``kind`` on
    ``state`` (``Ruleset.action_slots``), votes aside (they go through the
    vote thread, ``DayProcedure.ballot_abilities``), as stored on
    ``Phase.slots``; [] without a state (an opening that is no step)."""
    if state is None:
        return []
    ballots = ruleset.day_procedure(state).ballot_abilities
    return [
        {"ability": s.ability, "candidates": list(s.candidates), "actor": s.actor, "team": s.team, "targets": s.targets}
        for s in ruleset.action_slots(state, kind)
        if s.ability not in ballots
    ]


def _idle_rows(ruleset: Ruleset, state: GameState | None, kind: str | None) -> dict[str, list[list[str]]]:
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


def _vote_rows(ruleset: Ruleset, state: GameState | None, kind: str, ballots: list[Ballot]) -> dict[str, Any] | None:
    """What the rules make of the ``ballots`` of a day phase on ``state``,
    as stored on ``Phase.votes`` and read by ``VoteView``: the public count
    (``Ruleset.vote_count``), the day's candidates (its nominees, or the
    host's list, CLASSIC-011), who may nominate (``nomination_open_to``),
    who may vote (``may_vote``) and whom (``vote_choices``), whether a vote
    may change at all (``vote_change_refusal``), the tied players a re-vote
    would be among (``revote_needed``) and its choices, and the warnings
    for the host (``day_warnings``). None for a phase that is no day, or
    without a state."""
    if state is None or kind != Phase.Kind.DAY:
        return None
    procedure = ruleset.day_procedure(state)
    count = ruleset.vote_count(state, ballots)
    alive = state.alive_names()
    voters = [name for name in state.players if ruleset.may_vote(state, name)]
    tied = tuple(ruleset.revote_needed(state, ballots)) if procedure.revote_until else ()
    return {
        "count": {
            "rows": [[row.target, row.weight, list(row.voters)] for row in count.rows],
            "abstained": list(count.abstained),
            "not_voted": list(count.not_voted),
            "notes": [list(note) for note in count.notes],
            "tied": list(count.tied),
        },
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
        "revote_choices": list(ruleset.revote_choices(state, tied)) if tied else [],
        "warnings": [list(warning) for warning in ruleset.day_warnings(state, ballots)],
    }


@dataclass(frozen=True)
class VoteView:
    """A day phase's stored ``Phase.votes`` (``_vote_rows``), read back:
    ``count`` a ``VoteCount``, the other fields as ``_vote_rows`` says."""

    count: VoteCount
    candidates: list[str] | None
    nominators: list[str]
    voters: list[str]
    choices: dict[str, list[str]]
    change_refused: bool
    revote: tuple[str, ...]
    revote_choices: list[str]
    warnings: list[tuple[str, str]]

    @classmethod
    def of(cls, stored: dict[str, Any]) -> VoteView:
        """The view of a stored ``Phase.votes``."""
        count = stored["count"]
        return cls(
            count=VoteCount(
                rows=[VoteRow(target, weight, tuple(voters)) for target, weight, voters in count["rows"]],
                abstained=list(count["abstained"]),
                not_voted=list(count["not_voted"]),
                notes=[tuple(note) for note in count["notes"]],
                tied=tuple(count["tied"]),
            ),
            candidates=stored["candidates"],
            nominators=stored["nominators"],
            voters=stored["voters"],
            choices=stored["choices"],
            change_refused=stored["change_refused"],
            revote=tuple(stored["revote"]),
            revote_choices=stored["revote_choices"],
            warnings=[tuple(w) for w in stored["warnings"]],
        )


def store_votes(game: Game, phase: Phase, state: GameState | None = None) -> None:
    """Compute again and store what the rules make of the day ``phase``'s
    ballots (``_vote_rows``) after one was cast or the host listed the
    candidates, so that its vote thread reads it without running the rules
    engine. Nothing for a phase that is no day. ``state``: the game's, when
    the caller has it."""
    if phase.kind != Phase.Kind.DAY:
        return
    if state is None and game.state:
        state = state_of(game)
    phase.votes = _vote_rows(ruleset_of(game), state, phase.kind, ballots_of(game, phase.number, phase.vote_round))
    Phase.objects.filter(pk=phase.pk).update(votes=phase.votes)
    page_cache.game_changed(game.pk)


def vote_view(game: Game, phase: Phase | None, ballots: list[Ballot]) -> VoteView:
    """The stored ``VoteView`` of the day ``phase`` (``day_phase``),
    computed and stored now for a phase opened before these were kept;
    worked out from ``ballots`` (the day's) where no day phase holds them."""
    if phase is not None and phase.kind == Phase.Kind.DAY and game.state:
        if phase.votes is None:
            store_votes(game, phase)
        if phase.votes is not None:
            return VoteView.of(phase.votes)
    return VoteView.of(_vote_rows(ruleset_of(game), state_of(game), Phase.Kind.DAY, ballots))


def day_phase(game: Game, day: int, phase: Phase | None) -> Phase | None:
    """The day phase whose ballots the vote thread of day ``day`` shows
    (``day_ballots``): the open ``phase`` when it is that day, else the
    day's last lynch vote."""
    if phase is not None and phase.kind == Phase.Kind.DAY and phase.number == day:
        return phase
    return game.phases.filter(kind=Phase.Kind.DAY, number=day).order_by("-vote_round").first()


def store_slots(game: Game, phase: Phase | None = None) -> None:
    """Compute again and store the choices of the open ``phase`` (default:
    the game's) and its players' idle abilities after the game's state
    changed within it (a penalty, an extra defence post, the acceleration),
    so that pages read them (``open_slots``, ``idle_abilities``) without
    running the rules engine. Nothing when no phase is open."""
    phase = phase or current_phase(game)
    if phase is None or phase.resolved_at:
        return
    ruleset, state = ruleset_of(game), state_of(game) if game.state else None
    phase.slots = _slot_rows(ruleset, state, phase.kind)
    phase.idle = _idle_rows(ruleset, state, phase.kind)
    ballots = ballots_of(game, phase.number, phase.vote_round) if phase.kind == Phase.Kind.DAY else []
    phase.votes = _vote_rows(ruleset, state, phase.kind, ballots)
    Phase.objects.filter(pk=phase.pk).update(slots=phase.slots, idle=phase.idle, votes=phase.votes)
    page_cache.game_changed(game.pk)


def open_slots(game: Game, seat: Player, phase: Phase | None = None) -> list:
    """The choices this seat may hand in now (its own and its team's), as
    ``rulesets.core.ActionSlot``, read from ``Phase.slots`` (no rules engine
    call); empty outside an open phase, without the abilities whose own
    deadline has fired (``ability_deadline``). One due but not yet fired
    still shows its form, so a late choice is refused with the deadline
    named (``action_submit``). ``phase``: the open phase, when the caller
    has read it."""
    phase = phase or current_phase(game)
    if phase is None or not game.is_running or phase.locked_at:
        return []
    ruleset = ruleset_of(game)
    if phase.slots is None:
        store_slots(game, phase)  # a phase opened before its choices were stored
    # The rules say who acts: a player out of the game only where his role
    # does (piter's Ghost, PITER-093); votes go through the vote thread.
    slots = [
        ActionSlot(row["ability"], tuple(row["candidates"]), row["actor"], row["team"], row["targets"])
        for row in phase.slots
        if (row["actor"] == seat.nickname or (row["team"] is not None and row["team"] == seat.team and seat.alive))
    ]
    entries = {ruleset.choice_closes(slot.ability, phase.kind) for slot in slots}
    fired = set(phase.deadlines.filter(kind__in=entries, done_at__isnull=False).values_list("kind", flat=True))
    return [slot for slot in slots if ruleset.choice_closes(slot.ability, phase.kind) not in fired]


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
        stored = _idle_rows(ruleset, state_of(game), None)
    else:
        if phase.idle is None:  # a phase opened before these were stored
            store_slots(game, phase)
        stored = phase.idle or {}
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


def _refuse_late_choice(game: Game, phase: Phase, now: datetime, ability: str = "") -> None:
    """Raise FlowError, with the deadline in the game's time zone, when the
    phase's choices are locked or ``now`` is past the deadline of
    ``ability`` (``ability_deadline``; the phase's first without one), or
    before the phase's delayed opening."""
    _refuse_before_opening(game, phase, now)
    deadline = ability_deadline(game, phase, ability) if ability else choice_deadline(phase)
    refuse_if_late(
        game,
        deadline,
        now,
        _("Too late: choices for this phase closed at %(when)s."),
        closed=bool(phase.locked_at) or (deadline is not None and deadline.done_at is not None),
    )


@transaction.atomic
def action_submit(
    *, game: Game, seat: Player, ability: str, targets: list[str], team: bool = False, now: datetime | None = None
) -> Action:
    """Hand in (or change) a choice for the open phase. Raises FlowError
    with a sentence: late (the deadline shown in the game's time zone), not
    allowed, or refused by the rules (the ruleset's own message). The
    choice's time is taken under the game lock (``game_lock``)."""
    now = game_lock(game, now)
    phase = current_phase(game)
    if phase is None or not game.is_running:
        raise FlowError(_("No phase is open."))
    _refuse_late_choice(game, phase, now, ability)
    ruleset = ruleset_of(game)
    state = state_of(game)
    target: Any = targets[0] if len(targets) == 1 else (list(targets) or None)
    probe = (
        RulesAction(ability, team=seat.team, target=target)
        if team
        else RulesAction(ability, actor=seat.nickname, target=target)
    )
    if team and seat.nickname not in [p.name for p in state.team_members(seat.team)]:
        raise FlowError(_("Only a living member of the team may hand in its choice."))
    try:
        reason = ruleset.validate(state, probe, phase.kind)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    if reason is not None:
        raise FlowError(_(ruleset.message(reason)))
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
    log_event(
        game,
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


@transaction.atomic
def action_withdraw(*, game: Game, seat: Player, action_id: str, now: datetime | None = None) -> None:
    """Withdraw a choice before its deadline (the time taken under the game
    lock); raises FlowError, late with the deadline shown."""
    now = game_lock(game, now)
    phase = current_phase(game)
    action = (
        Action.objects.filter(public_id=action_id, phase=phase)
        .filter(Q(actor=seat) | Q(team=seat.team, team__gt=""))
        .first()
    )
    if phase is None or action is None:
        raise FlowError(_("There is no such choice to withdraw."))
    _refuse_late_choice(game, phase, now)
    action.delete()


# ---------------------------------------------------------------- deadlines


# How many games one transaction of ``resolve_due`` claims at most.
CLAIM_BATCH = 10


def resolve_due(now: datetime | None = None, limit: int | None = 100, crowded: Callable[[], None] | None = None) -> int:
    """Process every due deadline, oldest first, each exactly once (row lock
    with SKIP LOCKED, plus the one-to-one ``Resolution``). A deadline whose
    resolution raises is set aside (``_fire_isolated``) and the other games
    go on. ``limit``: at most this many games claimed (a game with several
    due deadlines counts once per deadline); None: claims go on until
    nothing is due. ``crowded``: called once when the first claim took a
    full ``CLAIM_BATCH`` (more is likely due), before its games are
    resolved, so the caller can ask another worker to claim alongside
    (the claims skip each other's games). Returns how many deadlines this
    call fired (failures not counted). Called by the Celery tick, a
    management command and the tests."""
    count = claimed = 0
    while limit is None or claimed < limit:
        most = CLAIM_BATCH if limit is None else limit - claimed
        try:
            processed = _process_some(now, most, crowded if claimed == 0 else None)
        except _ClaimUnwritten:
            # Nothing of the claim was kept: its games again, each written
            # as it resolves, so a game whose writes fail is set aside alone.
            log.exception("writing a claim's resolutions together failed; claiming again game by game")
            processed = _process_some(now, most, together=False)
        if processed is None:
            break
        games, fired = processed
        claimed += games
        count += fired
    return count


def _process_some(
    now: datetime | None, most: int, crowded: Callable[[], None] | None = None, together: bool = True
) -> tuple[int, int] | None:
    """Claim up to ``CLAIM_BATCH`` (and ``most``) games with a due deadline
    and fire the oldest due deadline of each, in one transaction.

    The game rows are locked first (SKIP LOCKED: games another worker is
    busy with are left alone), so two ticks never work on the same game and
    a game's deadlines fire in order (the next one in the next claim). A
    game whose failed deadline waits for its retry is not claimed, so its
    later deadlines wait behind it. Each deadline fires in its own
    savepoint (``_fire_isolated``), at ``now`` or, when None, the moment
    its turn comes. Once their rows are locked, the claimed games' due
    deadlines are read in one query and what their resolutions read in
    seven (``_GameRead.of_games``). With ``together``, the resolutions'
    own rows (their deadlines, games, phases, posts, resolutions and
    events) are written for all the claimed games at once after the last
    one (``_Claim``); when that raises, the transaction is rolled back and
    ``_ClaimUnwritten`` raised. ``crowded`` is called when the claim is a
    full ``CLAIM_BATCH``. Returns None when nothing is due, else the games
    claimed and the deadlines fired."""
    at = now or timezone.now()
    with transaction.atomic():
        due_games = Deadline.objects.due(at).values("phase__game_id")
        waiting = Deadline.objects.waiting_retry(at).values("phase__game_id")
        games = list(
            Game.objects.select_for_update(skip_locked=True)
            .filter(pk__in=due_games)
            .exclude(pk__in=waiting)
            .order_by("id")[: min(most, CLAIM_BATCH)]
        )
        if not games:
            return None
        if crowded is not None and len(games) == CLAIM_BATCH:
            crowded()
        oldest: dict[int, Deadline] = {}
        for deadline in Deadline.objects.due(at).filter(phase__game__in=games).select_related("phase"):
            oldest.setdefault(deadline.phase.game_id, deadline)
        by_id = {game.pk: game for game in games}
        for deadline in oldest.values():
            deadline.phase.game = by_id[deadline.phase.game_id]  # the row just locked, as it is now
        resolving = [
            d.phase for d in oldest.values() if d.resolves and d.phase.game.is_running and not d.phase.resolved_at
        ]
        reads = _GameRead.of_games(resolving) if resolving else {}
        fired = 0
        claim = _Claim() if together else None
        token = _claim.set(claim)
        try:
            for game in games:
                deadline = oldest.get(game.pk)
                if deadline is None:
                    continue  # done by another worker between the two reads
                if _fire_isolated(deadline, now or timezone.now(), reads.get(game.pk)) is None:
                    fired += 1
        finally:
            _claim.reset(token)
        if claim is not None:
            try:
                claim.write()
            except Exception as exc:
                raise _ClaimUnwritten from exc
        return len(games), fired


def _fire_isolated(deadline: Deadline, now: datetime, read: _GameRead | None = None) -> str | None:
    """Fire ``deadline`` in a savepoint of the caller's transaction (which
    holds the game lock). Whatever its resolution raises (a rules engine
    error on bad house rules, a bug) rolls back this game's writes only;
    the failure is recorded on the deadline with its retry time
    (``Deadline.fail``), logged for the host, and its text returned, so the
    caller goes on with other games. ``read``: what the caller read of the
    game for its resolution. Returns None when the deadline fired."""
    claim = _claim.get()
    mark = claim.mark() if claim is not None else ()
    try:
        with transaction.atomic(), languages.in_game_language(deadline.phase.game):
            _fire(deadline, now, read)
    except Exception as exc:  # noqa: BLE001 (one game's failure must never stop the others)
        if claim is not None:
            claim.undo(mark)
        log.exception("deadline %s of game %s failed", deadline.pk, deadline.phase.game_id)
        error = f"{type(exc).__name__}: {exc}"
        # The savepoint undid the writes, not the fields set on this object.
        deadline.done_at = deadline.lateness_seconds = None
        deadline.fail(error, now)
        log_event(
            deadline.phase.game,
            "deadline_failed",
            {
                "phase": str(deadline.phase),
                "deadline": deadline.kind,
                "error": error,
                "attempts": deadline.attempts,
                "retry_at": deadline.retry_at.isoformat(),
            },
        )
        return error
    return None


def _fire(deadline: Deadline, now: datetime, read: _GameRead | None = None) -> None:
    """Process ``deadline`` at ``now``: the last words it closes, the
    delayed opening of its phase, the opening step, a re-vote, a lock of
    the choices with its interim results, or the phase's resolution (with
    ``read``, what the caller read of the game for it)."""
    phase, game = deadline.phase, deadline.phase.game
    deadline.done_at = now
    deadline.lateness_seconds = (now - deadline.due_at).total_seconds()
    fields = ["done_at", "lateness_seconds"]
    if deadline.failed_at:
        log_event(game, "deadline_recovered", {"phase": str(phase), "deadline": deadline.kind})
        fields += deadline.clear_failure()
    ruleset = ruleset_of(game)
    claim = _claim.get()
    if claim is not None and deadline.resolves and game.is_running and not phase.resolved_at:
        # A phase's resolution (or re-vote): nothing it does reads this
        # deadline's own row, written with the claim's others.
        claim.deadlines.append(deadline)
        claim.fields.update(fields)
    else:
        deadline.save(update_fields=fields)
    if game.is_running and ruleset.LAST_WORDS_DUE and deadline.kind == ruleset.LAST_WORDS_DUE:
        _publish_last_words(game, deadline)
        read = None  # posted since it was read: the resolution reads afresh
    if not game.is_running or phase.resolved_at:
        return
    if deadline.kind == OPENS:
        _publish_waiting(game, phase, deadline.due_at)
        return
    if phase.number == 0 and deadline.kind == ruleset.OPENING:
        phase.resolved_at = phase.locked_at = deadline.due_at
        phase.save(update_fields=["resolved_at", "locked_at"])
        first = first_phase(game)
        _open_phase(game, _next_number(game, first), first, deadline.due_at, now)
        return
    if deadline.resolves and _revote_opened(game, phase, deadline, ruleset):
        return
    if not deadline.resolves:
        _interim_feedback(game, phase, deadline, ruleset)
        _vote_closed(game, phase, deadline, ruleset)
        closing = _lock_entries(ruleset, phase)
        if deadline.kind in closing:
            # Choices close here; the phase locks once none is left open.
            if not phase.deadlines.filter(kind__in=closing, done_at__isnull=True).exists():
                phase.locked_at = now
                phase.save(update_fields=["locked_at"])
            log_event(game, "choices_locked", {"phase": str(phase), "deadline": deadline.kind}, Event.Audience.PUBLIC)
        return
    # Saved with its outcome at the end of the resolution; its one-to-one
    # link to the deadline refuses a second one in this same transaction.
    _resolve_phase(game, phase, deadline.due_at, now, Resolution(deadline=deadline), read)


def _lock_entries(ruleset: Ruleset, phase: Phase) -> set[str]:
    """The schedule entries closing some choice of ``phase`` (each ability
    of its kind, ``Ruleset.choice_closes``)."""
    return {ruleset.choice_closes(a.id, phase.kind) for a in ruleset.ABILITIES.values() if a.phase == phase.kind}


def _interim_feedback(game: Game, phase: Phase, deadline: Deadline, ruleset: Ruleset) -> None:
    """Hand out the private results due at a deadline before the phase
    resolves (``Ruleset.interim_feedback``: the witch learns the knife)."""
    state = state_of(game)
    items = ruleset.interim_feedback(state, _phase_input(game, phase, state), deadline.kind)
    if items:
        _hand_feedback(game, Outcome(state, feedback=list(items)))


def _publish_waiting(game: Game, phase: Phase, when: datetime) -> None:
    """At a phase's delayed opening (``OPENS``), publish the results that
    waited for it: the morning report (WW18-072); the host of a game
    without automatic publication publishes his draft himself."""
    log_event(game, "phase_opened_now", {"phase": str(phase)}, Event.Audience.PUBLIC)
    if not game.autopublish:
        return
    waiting = Resolution.objects.filter(
        deadline__phase__game=game, published_post__isnull=True, deadline__phase__resolved_at__isnull=False
    ).select_related("deadline__phase")
    for resolution in waiting.order_by("id"):
        results_publish(resolution=resolution, text=resolution.results, now=when)


def _vote_closed(game: Game, phase: Phase, deadline: Deadline, ruleset: Ruleset) -> None:
    """Where the vote closes before the day resolves (``DayProcedure.votes_until``:
    werewolf18's vote at 22:00, the exit orders until 22:30, WW18-071),
    the final public count goes up in the vote thread at once, so a player
    voted out knows it while his after-vote order is still open (§2 «The
    count is published»)."""
    state = state_of(game)
    if phase.kind != Phase.Kind.DAY or deadline.kind != ruleset.day_procedure(state).votes_until:
        return
    count = ruleset.vote_count(state, ballots_of(game, phase.number, phase.vote_round))
    resolves = phase.deadlines.filter(resolves=True, done_at__isnull=True).order_by("due_at").first()
    lines = [_("[b]The vote is closed.[/b]"), *results.tally_lines(count)]
    if resolves is not None:
        lines.append(
            _("The results follow at %(when)s, after the orders due then.")
            % {"when": local_deadline(game, resolves.due_at)}
        )
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    host_post(room, "\n".join(lines), phase.number, deadline.due_at)
    log_event(game, "vote_closed", {"phase": str(phase)}, Event.Audience.PUBLIC)


def revote_label(ruleset: Ruleset, state: GameState, choice: str) -> str:
    """A re-vote choice as players read it: a re-vote word in the reader's
    language with the document's own words (cosmo «посадить всех» for
    ``jail``, COSMO-013), a nickname as it is."""
    if choice in ruleset.day_procedure(state).revote_words:
        return _(ruleset.message(f"revote_{choice}"))
    return choice


def _revote_opened(game: Game, phase: Phase, deadline: Deadline, ruleset: Ruleset) -> bool:
    """At the vote's deadline of a day with a re-vote window, a tie is not
    resolved: the re-vote opens among the tied until the ``revote_until``
    deadline, announced in the vote thread (PITER-017, COSMO-013). Returns
    True when it opened (the day stays unresolved)."""
    state = state_of(game)
    procedure = ruleset.day_procedure(state)
    if phase.kind != Phase.Kind.DAY or not procedure.revote_until or deadline.kind == procedure.revote_until:
        return False
    until = phase.deadlines.filter(kind=procedure.revote_until, done_at__isnull=True).first()
    if until is None:
        return False
    tied = ruleset.revote_needed(state, ballots_of(game, phase.number, phase.vote_round))
    if not tied:
        return False
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    choices = [revote_label(ruleset, state, c) for c in ruleset.revote_choices(state, tied)]
    text = _("Tie between %(tied)s: the vote is repeated until %(when)s. A re-vote may say: %(choices)s.") % {
        "tied": ", ".join(tied),
        "when": local_deadline(game, until.due_at),
        "choices": "; ".join(choices),
    }
    host_post(room, text, phase.number, deadline.due_at)
    log_event(game, "revote_opened", {"phase": str(phase), "tied": list(tied)}, Event.Audience.PUBLIC)
    return True


def _phase_input(
    game: Game, phase: Phase, state: GameState, ballots: list[Ballot] | None = None, read: _GameRead | None = None
) -> PhaseInput:
    """The choices and votes handed in during ``phase``, as the engine reads
    them (``ballots``: the day's, when the caller has read them already;
    ``read``: the game as a resolution read it, the phase's choices
    included)."""
    actions = []
    if read is not None and phase.pk in read.actions:
        rows: Any = read.actions[phase.pk]
    else:
        rows = phase.actions.order_by("updated_at", "id").values_list("ability", "team", "targets", "actor__nickname")
    for ability, team, targets, actor in rows:
        target: Any = targets[0] if len(targets) == 1 else (list(targets) or None)
        if team:
            actions.append(RulesAction(ability, team=team, target=target))
        else:
            actions.append(RulesAction(ability, actor=actor, target=target))
    step = PhaseInput(phase.kind, actions)  # type: ignore[arg-type]
    ruleset = ruleset_of(game)
    if phase.kind == Phase.Kind.DAY:
        fields = ruleset.day_votes(
            state, ballots_of(game, phase.number, phase.vote_round) if ballots is None else ballots
        )
        step.votes = fields.get("votes")
        step.revote = fields.get("revote")
        step.nominations = fields.get("nominations")
        step.extra.update(fields.get("extra", {}))
    if ruleset.DEFERRED_PENALTIES:
        step.extra.update(ruleset.penalty_fields(deferred_penalties(game, phase), phase.kind))
    if ruleset.AUTOKILLS:
        step.extra["excused"] = excused_today(game, phase.number)
    return step


def _resolve_phase(
    game: Game, phase: Phase, when: datetime, now: datetime, resolution: Resolution, read: _GameRead | None = None
) -> Outcome:
    """Resolve ``phase`` as of ``when`` (its deadline, aware) with the
    ruleset, store the outcome in ``resolution`` (the deadline's, unsaved),
    publish or draft the results, move the dead and open the next phase,
    which really opens at ``now`` (see ``_open_phase`` for a catch-up
    after an outage).

    It reads the game once (``read``, which the tick reads for all the
    games it claimed at once, else ``_GameRead``: the rooms, locked, with
    their members and last post numbers, the phases, the seats, the votes
    and choices) and writes in bulk: the seats in one update, the rooms'
    members only where they differ, the posts and events at the end
    (``_batched``), the resolution once: about a dozen queries whatever
    the number of seats."""
    ruleset = ruleset_of(game)
    state = state_of(game)
    read = read or _GameRead(game, lock=True)
    ballots = ballots_of(game, phase.number, phase.vote_round, read) if phase.kind == Phase.Kind.DAY else None
    count = ruleset.vote_count(state, ballots) if ballots is not None else None
    outcome = ruleset.resolve(state, _phase_input(game, phase, state, ballots, read))
    claim = _claim.get()
    game.state = outcome.state.to_dict()
    phase.resolved_at = when
    phase.locked_at = phase.locked_at or when
    if claim is not None:
        # Written with the claim's others: nothing below reads them back.
        claim.games.append(game)
        claim.phases.append(phase)
    else:
        game.save(update_fields=["state"])
        phase.save(update_fields=["resolved_at", "locked_at"])
    seats = _sync_players(game, outcome.state, phase.number, _revealed(outcome), read.seats)
    _sync_rooms(game, outcome.state, seats, read)
    resolution.outcome = results.outcome_json(outcome)
    resolution.results = results.results_text(ruleset, game, phase, outcome, count)
    with _batched(_Batch(last=read.last), write=False) as batch:
        _hand_feedback(game, outcome, seats, read)
        log_event(game, "phase_resolved", {"phase": str(phase), "trace": resolution.outcome["trace"]})
        opens = None
        if outcome.state.winner is None:
            kind = ruleset.next_phase(outcome.state)
            if kind == phase.kind == Phase.Kind.DAY:
                # Another lynch vote of the same day (CLASSIC-066), in its threads.
                _open_phase(
                    game,
                    phase.number,
                    kind,
                    when,
                    now,
                    state=outcome.state,
                    vote_round=phase.vote_round + 1,
                    read=read,
                )
            else:
                opens = _opening(game, ruleset, kind, when)
                if opens is not None and opens <= now:
                    opens = None  # caught up after an outage: it opens now
                _open_phase(game, read.next_number(kind), kind, opens or when, now, state=outcome.state, read=read)
            _grant_last_words(game, ruleset, outcome, when, read)
        if game.autopublish and opens is None:
            text = resolution.results.strip()
            if not text:
                raise FlowError(_("The results post is empty."))
            _publish_results(game, resolution, text, when, read)
            log_event(game, "results_published", {"phase": str(phase)}, Event.Audience.PUBLIC)
        if outcome.state.winner is not None:
            _finish(game, outcome.state, when, read)
    if claim is not None:
        claim.take(batch, resolution)
        return outcome
    batch.write_posts()
    resolution.save()
    batch.write_events()
    return outcome


def _grant_last_words(
    game: Game, ruleset: Ruleset, outcome: Outcome, when: datetime, read: _GameRead | None = None
) -> None:
    """The players the resolution gives last words (``Ruleset.last_words_given``)
    may send them from their cabinet until the next ``LAST_WORDS_DUE``
    deadline after ``when``; each is told when (WW18-016, §2). ``read``:
    the game's rooms and phases, when the caller has them."""
    names = ruleset.last_words_given(outcome)
    if not names or not ruleset.LAST_WORDS_DUE:
        return
    due = (
        Deadline.objects.filter(phase__game=game, kind=ruleset.LAST_WORDS_DUE, done_at__isnull=True, due_at__gt=when)
        .order_by("due_at")
        .first()
    )
    if due is None:
        return
    for seat in game.players.seated().filter(nickname__in=names, last_words_used=False):
        seat.last_words_until = due
        seat.save(update_fields=["last_words_until"])
        _cabinet_post(
            game,
            seat,
            _("Send your last words from this cabinet until %(when)s; after that they are given up.")
            % {"when": local_deadline(game, due.due_at)},
            read,
        )


def _publish_last_words(game: Game, deadline: Deadline) -> None:
    """At the ``LAST_WORDS_DUE`` deadline the last words it closes join the
    morning report (WW18-072: the report gives the exits, the sheriff, then
    the last words): they are added to the results draft that waits for the
    next thread's opening (``OPENS``), published with it; with no such draft
    they are posted in the latest day thread at once. A holder who sent none
    has given them up (WW18-016, §2 «遗言»)."""
    holders = list(
        game.players.seated().filter(last_words_until=deadline, last_words_used=False).order_by("left_at_day", "id")
    )
    if not holders:
        return
    parts = []
    for seat in holders:
        if seat.last_words:
            parts.append(_("Last words of %(nick)s:") % {"nick": seat.nickname} + f"\n[quote]{seat.last_words}[/quote]")
        else:
            parts.append(_("%(nick)s left no last words.") % {"nick": seat.nickname})
        seat.last_words_used = True
        seat.save(update_fields=["last_words_used"])
    text = "\n\n".join(parts)
    names = {"players": [s.nickname for s in holders]}
    report = None
    if Deadline.objects.filter(phase__game=game, kind=OPENS, done_at__isnull=True).exists():
        report = (
            Resolution.objects.filter(
                deadline__phase__game=game, published_post__isnull=True, deadline__phase__resolved_at__isnull=False
            )
            .order_by("-id")
            .first()
        )
    if report is not None:
        report.results = f"{report.results}\n\n{text}"
        report.save(update_fields=["results"])
        log_event(game, "last_words_in_report", names)
        return
    room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first() or Room.objects.get(
        game=game, kind=Room.Kind.GRAVEYARD
    )
    host_post(room, text, current_day(game), deadline.due_at)
    log_event(game, "last_words_published", names, Event.Audience.PUBLIC)


@transaction.atomic
def last_words_send(*, game: Game, seat: Player, text: str, now: datetime | None = None) -> None:
    """A player out of the game who holds a right to last words sends (or
    rewrites) their text until its deadline (``Ruleset.LAST_WORDS_DUE``);
    the site posts it then. Raises FlowError: no right, or late (the
    deadline shown: the right was given up), WW18-016."""
    now = game_lock(game, now)
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
    log_event(game, "last_words_sent", {"nickname": seat.nickname}, Event.Audience.PLAYER, seat)


def acceleration_open(game: Game) -> bool:
    """True while the game's players may still ask for its acceleration
    (``Ruleset.ACCELERATION``): running and not accelerated yet."""
    option = ruleset_of(game).ACCELERATION
    return bool(option) and game.is_running and not game.options.get(option)


@transaction.atomic
def acceleration_ask(*, game: Game, seat: Player, ask: bool = True, now: datetime | None = None) -> bool:
    """A living player asks for the game's acceleration (``ask``) or
    withdraws his request, one request each; once the ruleset's
    ``acceleration_agreed`` holds (werewolf18: more than half of the
    living, WW18-068) its ``ACCELERATION`` option is turned on for the
    engine, announced in the day thread, and requests stay as they are.
    Returns True when this request accelerated the game. Raises FlowError."""
    now = game_lock(game, now)
    ruleset = ruleset_of(game)
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
    log_event(
        game,
        "acceleration_asked" if ask else "acceleration_withdrawn",
        {"nickname": seat.nickname},
        Event.Audience.PUBLIC,
    )
    living = game.players.alive()
    asked, alive = living.filter(acceleration_asked=True).count(), living.count()
    if not (ask and ruleset.acceleration_agreed(asked, alive)):
        return False
    game.options = {**game.options, option: True}
    state = state_of(game)
    state.options[option] = True
    game.state = state.to_dict()
    game.save(update_fields=["options", "state"])
    store_slots(game)
    with languages.in_game_language(game):
        text = _(
            "%(asked)d of the %(alive)d players in the game asked for acceleration: the game is accelerated "
            "(%(rule)s). Votes can no longer be changed, and not voting earns no card; the host may shorten "
            "the deadlines."
        ) % {"asked": asked, "alive": alive, "rule": ruleset.ACCELERATION_RULE}
    room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first()
    if room is not None:
        host_post(room, text, current_day(game), now)
    log_event(game, "game_accelerated", {"asked": asked, "alive": alive}, Event.Audience.PUBLIC)
    return True


def _revealed(outcome: Outcome) -> dict[str, str]:
    """The roles the results reveal publicly, nickname → role (the document
    hides some, such as the Werewolf's victim); ``_sync_players`` records them."""
    return {line.player: line.role for line in outcome.announcements if line.player and line.role}


def _hand_feedback(
    game: Game, outcome: Outcome, seated: list[Player] | None = None, read: _GameRead | None = None
) -> None:
    """Private results go to the seat's cabinet, and also to the cabinet the
    ruleset makes it share (the cop's assistant reads the cop's checks).
    ``seated``: the game's seated players, and ``read``: its rooms, members
    and phases, when the caller has them. The posts and events are written
    together (``_batched``)."""
    if not outcome.feedback:
        return
    ruleset = ruleset_of(game)
    seats = {p.nickname: p for p in (game.players.seated() if seated is None else seated)}
    read = read or _GameRead(game)
    personal = {seat.public_id for seat in seats.values()}
    # Every cabinet each recipient reads: its own first, then the shared
    # ones (another seat's own cabinet never).
    recipients = {seats[item.to].pk: seats[item.to] for item in outcome.feedback if item.to in seats}
    cabinets: dict[int, list[Room]] = {pk: [] for pk in recipients}
    for room in read.of_kind(Room.Kind.CABINET):
        for player_id in read.members[room.pk] & recipients.keys():
            own = room.key == recipients[player_id].public_id
            if own or room.key not in personal:
                cabinets[player_id].insert(0 if own else len(cabinets[player_id]), room)
    day = read.current_day()
    with _batched():
        for item in outcome.feedback:
            seat = seats.get(item.to)
            if seat is None:
                continue
            body = results.feedback_text(ruleset, item)
            for room in cabinets[seat.pk]:
                host_post(room, body, day)
            log_event(game, "private_result", item.to_dict(), Event.Audience.PLAYER, seat)


def _results_room(game: Game, resolution: Resolution, read: _GameRead | None = None) -> Room:
    """Where a resolution's results are posted: a day's in its vote thread;
    a night's (or the setup step's) open the day thread that follows it
    (FORUM-031), else the last day thread; a game that ended before any
    day posts them in the graveyard thread. ``read``: the game's rooms and
    phases, when the caller has them."""
    phase = resolution.deadline.phase
    if read is not None:
        votes = read.of_kind(Room.Kind.VOTE, phase.number) if phase.kind == Phase.Kind.DAY else []
        if votes:
            return votes[0]
        later = [
            p for p in read.phases if p.kind == Phase.Kind.DAY and p.opened_at >= phase.opened_at and p.pk != phase.pk
        ]
        following = min(later, key=lambda p: (p.opened_at, p.pk)) if later else None
        days = read.of_kind(Room.Kind.DAY, following.number) if following else []
        return (days[0] if days else None) or read.latest_day_room() or read.graveyard()
    if phase.kind == Phase.Kind.DAY:
        room = Room.objects.filter(game=game, kind=Room.Kind.VOTE, day=phase.number).first()
        if room is not None:
            return room
    following = (
        game.phases.filter(kind=Phase.Kind.DAY, opened_at__gte=phase.opened_at)
        .exclude(pk=phase.pk)
        .order_by("opened_at", "id")
        .first()
    )
    rooms = Room.objects.filter(game=game, kind=Room.Kind.DAY)
    room = rooms.filter(day=following.number).first() if following else None
    room = room or rooms.order_by("-day").first()
    return room or Room.objects.get(game=game, kind=Room.Kind.GRAVEYARD)


@transaction.atomic
def results_publish(*, resolution: Resolution, text: str, now: datetime | None = None) -> Post:
    """Publish a draft results post (as the host), or correct a published
    one; a correction is logged with the old and new text. A day's results
    go to its vote thread and, as a copy kept in step, to its day thread."""
    game = resolution.deadline.phase.game
    text = text.strip()
    if not text:
        raise FlowError(_("The results post is empty."))
    now = now or timezone.now()
    if resolution.published_post_id:
        post = resolution.published_post
        old = post.body
        post.body, post.body_html, post.edited_at = text, markup.render(text), now
        post.save(update_fields=["body", "body_html", "edited_at"])
        _edit_committed(post)
        if resolution.day_copy_id:
            copy = resolution.day_copy
            copy.body, copy.body_html, copy.edited_at = text, post.body_html, now
            copy.save(update_fields=["body", "body_html", "edited_at"])
            _edit_committed(copy)
        resolution.results = text
        resolution.save(update_fields=["results"])
        log_event(game, "results_corrected", {"old": old, "new": text}, Event.Audience.PUBLIC)
        return post
    post = _publish_results(game, resolution, text, now)
    resolution.save(update_fields=["results", "published_post", "published_at", "day_copy"])
    log_event(game, "results_published", {"phase": str(resolution.deadline.phase)}, Event.Audience.PUBLIC)
    return post


def _publish_results(
    game: Game, resolution: Resolution, text: str, now: datetime, read: _GameRead | None = None
) -> Post:
    """The first publication of ``text`` (stripped, not empty) as
    ``resolution``'s results: the host posts (``_results_room``, and a
    day's copy in its day thread), set on ``resolution`` for the caller to
    save. ``read``: the game's rooms and phases, when the caller has them."""
    post = host_post(_results_room(game, resolution, read), text, resolution.deadline.phase.number, now)
    resolution.results, resolution.published_post, resolution.published_at = text, post, now
    phase = resolution.deadline.phase
    if read is not None:
        day_rooms = read.of_kind(Room.Kind.DAY, phase.number)
        day_room = day_rooms[0] if day_rooms else None
    else:
        day_room = Room.objects.filter(game=game, kind=Room.Kind.DAY, day=phase.number).first()
    if phase.kind == Phase.Kind.DAY and day_room is not None and day_room.pk != post.room_id:
        # The day thread shows its own day's results too, not only the vote thread.
        resolution.day_copy = host_post(day_room, text, phase.number, now)
    return post


def _finish(game: Game, state: GameState, when: datetime, read: _GameRead | None = None) -> None:
    """The game ends with ``state``'s winner at ``when``: its pending
    deadlines are closed and the final post goes up in the last day thread
    (else the graveyard). ``read``: the game's rooms and phases, when the
    caller has them."""
    game.status, game.winner, game.finished_at = Game.Status.FINISHED, state.winner or "", when
    game.save(update_fields=["status", "winner", "finished_at"])
    Deadline.objects.filter(phase__game=game, done_at__isnull=True).update(done_at=when)
    page_cache.game_changed(game.pk)
    text = results.final_text(ruleset_of(game), game, state)
    if read is not None:
        room = read.latest_day_room() or read.graveyard()
        day = read.current_day()
    else:
        room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first() or Room.objects.get(
            game=game, kind=Room.Kind.GRAVEYARD
        )
        day = current_day(game)
    host_post(room, text, day, when)
    log_event(game, "game_finished", {"winner": game.winner}, Event.Audience.PUBLIC)


# ---------------------------------------------------------------- the host's tools


def phase_resolve_now(*, game: Game, phase: str | None = None, now: datetime | None = None) -> None:
    """The host moves every remaining deadline of the open phase to now and
    processes them at once, in order. ``phase`` is the phase the host saw
    (``Phase.key``, such as ``"day-1"``): once it is resolved the request is
    refused, so a second click never resolves the next phase (None: the open
    phase, for scripts). Raises FlowError; ResolutionFailed, after the
    failure is recorded and kept, when the resolution raises."""
    with transaction.atomic():
        now = game_lock(game, now)
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
        log_event(game, "resolved_early", {"phase": str(current)}, Event.Audience.PUBLIC)
        error = _fire_due_of(game, now)
    if error:
        raise ResolutionFailed(_failure_text(current, error))


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


def _failure_text(phase: Phase, error: str) -> str:
    return _(
        "The resolution of %(phase)s failed and nothing of it was kept: %(error)s. "
        "It will be retried; fix the cause, then use “Retry now”."
    ) % {"phase": phase, "error": error}


def _fire_due_of(game: Game, now: datetime) -> str | None:
    """Fire the game's due deadlines in order (the caller holds the game
    lock) until none is left or one fails; returns the failure's text."""
    for _i in range(100):
        deadline = Deadline.objects.due(now).filter(phase__game=game).select_related("phase__game").first()
        if deadline is None:
            return None
        error = _fire_isolated(deadline, now)
        if error:
            return error
    return None


def deadline_retry(*, game: Game, now: datetime | None = None) -> None:
    """The host (or an admin) retries the game's failed deadline at once
    instead of waiting for its backoff, then the game's other due
    deadlines. Raises FlowError when nothing failed; ResolutionFailed, with
    the failure recorded and kept, when it fails again."""
    with transaction.atomic():
        now = game_lock(game, now)
        failing = Deadline.objects.failing().filter(phase__game=game).select_related("phase").first()
        if failing is None:
            raise FlowError(_("No deadline of this game is failing."))
        Deadline.objects.filter(pk=failing.pk).update(retry_at=None)
        page_cache.game_changed(game.pk)
        log_event(game, "deadline_retried", {"phase": str(failing.phase), "deadline": failing.kind})
        error = _fire_due_of(game, now)
    if error:
        raise ResolutionFailed(_failure_text(failing.phase, error))


@transaction.atomic
def deadline_extend(*, game: Game, minutes: int) -> None:
    """Push every pending deadline of the open phase back by ``minutes``."""
    if minutes <= 0 or minutes > 7 * 24 * 60:
        raise FlowError(_("Extend by between 1 minute and 7 days."))
    game_lock(game)
    phase = current_phase(game)
    if phase is None:
        raise FlowError(_("No phase is open."))
    for deadline in phase.deadlines.filter(done_at__isnull=True):
        deadline.due_at += timedelta(minutes=minutes)
        deadline.save(update_fields=["due_at"])
    if phase.locked_at and phase.deadlines.filter(resolves=False, done_at__isnull=True).exists():
        phase.locked_at = None
        phase.save(update_fields=["locked_at"])
    log_event(game, "deadline_extended", {"phase": str(phase), "minutes": minutes}, Event.Audience.PUBLIC)


@transaction.atomic
def reminders_set(*, game: Game, minutes: int) -> None:
    """E-mail reminders ``minutes`` before each deadline from now on (0: none;
    ``Game.reminder_minutes``, sent by ``games.mailing``). A seat already
    reminded of a deadline is not reminded of it again."""
    if minutes < 0 or minutes > Game.REMINDER_MAX_MINUTES:
        raise FlowError(_("Give between 0 and %(max)d minutes.") % {"max": Game.REMINDER_MAX_MINUTES})
    game_lock(game)
    game.reminder_minutes = minutes
    game.save(update_fields=["reminder_minutes"])
    log_event(game, "reminders_set", {"minutes": minutes})


AUTOKILL_DECISIONS = {
    "waive": ("excused", True),
    "restore": ("excused", False),
    "confirm": ("confirmed", True),
    "unconfirm": ("confirmed", False),
}


@transaction.atomic
def autokill_decide(*, game: Game, player: Player, decision: str) -> None:
    """The host overrides an automatic consequence for today (FORUM-160,
    FORUM-163, FORUM-164): ``waive``/``restore`` an autokill the rules would
    apply; in a game whose autokills wait for the host (``autokills`` =
    ``host_confirms``), ``confirm``/``unconfirm`` one. Raises FlowError."""
    if decision not in AUTOKILL_DECISIONS:
        raise FlowError(_("Unknown decision."))
    game_lock(game)
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
    log_event(game, f"autokill_{decision}", {"nickname": player.nickname, "day": phase.number})


def excused_today(game: Game, number: int) -> list[str]:
    """Nicknames whose autokill does not apply on game day ``number``: those
    the host waived, and in a ``host_confirms`` game all those the host did
    not confirm."""
    excused = set(game.options.get("excused", {}).get(str(number), []))
    if game.options.get("autokills") == "host_confirms":
        confirmed = set(game.options.get("confirmed", {}).get(str(number), []))
        excused |= set(game.players.alive().values_list("nickname", flat=True)) - confirmed
    return sorted(excused)


@transaction.atomic
def penalty_apply(*, game: Game, kind: str, target: str, now: datetime | None = None) -> None:
    """A penalty the document names: ``skip_move`` (a role's next move),
    ``skip_team_shot`` (a team's next shot), ``demote`` (to a plain
    citizen), ``disqualify`` (modkill). The post names the roles the
    ruleset announces, the private results it gives reach their cabinets
    (a new sheriff), and a right to last words it gives is granted as at a
    resolution (``Ruleset.last_words_given``). Raises FlowError."""
    now = game_lock(game, now)
    ruleset = ruleset_of(game)
    if kind not in ruleset.PENALTIES:
        raise FlowError(_("The rules of this game name no such penalty."))
    if kind in ruleset.DEFERRED_PENALTIES:
        _defer_penalty(game, ruleset, kind, target)
        return
    try:
        outcome = ruleset.apply_penalty(state_of(game), kind, target)
    except RulesError as exc:
        raise FlowError(str(exc)) from exc
    game.state = outcome.state.to_dict()
    game.save(update_fields=["state"])
    store_slots(game)
    # A penalty that removes a player (a modkill, piter's third warning) is
    # public, with only the roles the ruleset announces (werewolf18 never
    # publishes one, WW18-074).
    public = kind == "disqualify" or bool(outcome.out)
    _sync_players(game, outcome.state, current_day(game), _revealed(outcome) if public else None)
    _sync_rooms(game, outcome.state)
    log_event(
        game,
        "penalty",
        {"kind": kind, "target": target, "trace": [t.to_dict() for t in outcome.trace]},
        Event.Audience.PUBLIC if public else Event.Audience.HOST,
    )
    with languages.in_game_language(game):
        if public:
            text = results.modkill_text(ruleset, outcome)
            room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first()
            if room is not None:
                host_post(room, text, current_day(game), now)
        _hand_feedback(game, outcome)
        if outcome.state.winner is None:
            _grant_last_words(game, ruleset, outcome, now)
        else:
            _finish(game, outcome.state, now)


def _defer_penalty(game: Game, ruleset: Ruleset, kind: str, target: str) -> None:
    """Record a penalty the ruleset applies when the open phase resolves
    (``Ruleset.DEFERRED_PENALTIES``: werewolf18's cards, WW18-069); it is
    public at once. Raises FlowError outside a phase that takes it."""
    phase = current_phase(game)
    seat = game.players.seated().filter(nickname=target, alive=True).first()
    if seat is None:
        raise FlowError(_("Choose a player still in the game."))
    if phase is None or not ruleset.penalty_fields([(kind, target)], phase.kind):
        raise FlowError(_("This penalty is given during a day or a night."))
    log_event(game, "penalty_deferred", {"phase": phase.key, "kind": kind, "target": target}, Event.Audience.PUBLIC)


def deferred_penalties(game: Game, phase: Phase) -> list[tuple[str, str]]:
    """The deferred penalties given during ``phase``: (kind, nickname) pairs
    in the order given."""
    events = game.events.filter(kind="penalty_deferred", data__phase=phase.key).order_by("id")
    return [(e.data["kind"], e.data["target"]) for e in events]


def player_modkill(*, game: Game, player: Player, now: datetime | None = None) -> None:
    """Remove a player from the game (the host's modkill)."""
    penalty_apply(game=game, kind="disqualify", target=player.nickname, now=now)


@transaction.atomic
def player_replace(*, game: Game, player: Player, new_user) -> None:
    """A replacement (замена): a new account takes over the seat; the role,
    posts, votes and history stay with the seat. The old account loses
    access at once."""
    _refuse_hosts_as_players(game, new_user)
    if game.players.filter(user=new_user).exclude(pk=player.pk).exclude(status=Player.Status.DECLINED).exists():
        raise FlowError(_("That account already has a seat in this game."))
    old_user_id = player.user_id
    player.user = new_user
    player.save(update_fields=["user"])
    live.access_changed(game.slug)
    log_event(game, "player_replaced", {"nickname": player.nickname, "old_user": old_user_id, "new_user": new_user.pk})
    with languages.in_game_language(game):
        host_post(cabinet_of(player), _("A replacement has taken over this seat."), current_day(game))


def random_seed() -> int:
    """A fresh seed for a draw (recorded on the game)."""
    return random.SystemRandom().getrandbits(48)
