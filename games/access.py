"""Who may see and do what: the one place that decides.

Views ask these functions and never decide themselves. A refusal raises
``Http404`` (the object is not disclosed) or ``PermissionDenied`` (the
object is public but the action is not allowed).

The rules (forum document, FORUM-020 and the thread structure of §1):
- public threads (sign-up, introductions, day, vote, graveyard) are read by
  everyone, anonymous visitors included, once the game is announced;
- a team room is read by its members and the host; the dead keep reading
  it where the game lets them (``flow.dead_read_team_room``: the host's
  choice, the document's reading by default) but post only in the
  graveyard (FORUM-020), apart from one post in a day thread
  after their death («Мертвые … имеют право написать в основной теме только
  1 пост», §5 of the document);
- a cabinet is read by its holders (the cop and the cop's assistant share
  one) and the host;
- roles, teams, choices and the trace are shown to the host and the
  game's co-hosts; a player sees only their own role and their team's
  members; site admins are players or strangers here like anyone else and
  read hidden information only in the Django admin, which writes it to the
  game's log and refuses an admin seated in the game;
- the replay (every choice with the trace, every role) is public once the
  game is over; while it runs, the host's and the co-hosts', and the dead
  players' where the host opened it to them (``can_see_replay``);
- accounts behind nicknames are shown to the host on the registry page;
- a game's archive (everything it held, ``games.reads.archive``) and its
  summary are public once the game has ended, and shown to nobody, its
  host included, before (``game_for_archive``);
- a post is edited only by whoever wrote it: its seat, or for a host's
  post the host (``may_edit``), within the game's edit window;
- an account's public profile lists its seats in finished games that
  reveal their accounts, and nothing of any other game
  (``revealed_seats``); a profile its owner hid is a 404 to everyone else,
  the host and admins included (``profile_for_reader``).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import (
    BigIntegerField,
    Case,
    Exists,
    FilteredRelation,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.translation import gettext as _

import rulesets
from rulesets.core import RulesError

from .compiled import Compiled
from .errors import GameBroken, unknown_ruleset
from .models import Game, GameVersion, Player, Post, ProfileSetting, ReadMark, Room
from .models.game import replay_open_to_the_dead


def is_host(user, game: Game) -> bool:
    """The game's host (Ведущий) or one of its named co-hosts. Being a
    site admin gives nothing here: admins read a game's hidden information
    only in the Django admin, which logs it (``games.admin``)."""
    if not user.is_authenticated:
        return False
    return game.host_id == user.id or user.id in game.cohost_ids


def seat_of(user, game: Game) -> Player | None:
    """The user's seated player in ``game``, or None. The first call after
    ``game_for_reader`` costs no query: that read the seat with the game."""
    if not user.is_authenticated:
        return None
    read = game.__dict__.pop(_SEAT, None)
    if read is not None and read[0] == user.id:
        return read[1]
    return game.players.seated().filter(user_id=user.id).first()


# Where ``game_for_reader`` leaves the reader's seat on the game: (account
# id, the seated Player or None), taken by the first ``seat_of``.
_SEAT = "_reader_seat"
# Where it leaves the room it read with the game: (public id, Room or None).
_ROOM = "_reader_room"


def _frame_query(slug: str, user_id: int, room_id: str) -> QuerySet[Game]:
    """The game ``slug`` with its host, whether it has co-hosts
    (``has_cohosts``), the seat of account ``user_id`` (``frame_seat``: a
    seated Player, None without one), its room ``room_id`` (``frame_room``)
    and what its kept pages are keyed on (``page_cache.framed``): its
    version and the version's ``state`` (``frame_version``,
    ``frame_state``; 0 without a row) and, once it has finished, the sum of
    that account's read marks in its rooms (``frame_marks``; 0 before)."""
    version = GameVersion.objects.filter(game_id=OuterRef("pk"))
    marks = (
        ReadMark.objects.filter(user_id=user_id, room__game_id=OuterRef("pk"))
        .values("user_id")
        .annotate(total=Sum("number"))
        .values("total")
    )
    rows = Game.objects.filter(slug=slug).annotate(
        has_cohosts=Exists(Game.cohosts.through.objects.filter(game_id=OuterRef("pk"))),
        frame_version=Coalesce(Subquery(version.values("number")[:1]), 0),
        frame_state=Coalesce(Subquery(version.values("state")[:1]), 0),
        frame_marks=Case(
            When(status=Game.Status.FINISHED, then=Coalesce(Subquery(marks[:1]), 0)),
            default=Value(0),
            output_field=BigIntegerField(),
        ),
        frame_seat=FilteredRelation(
            "players", condition=Q(players__user_id=user_id, players__status=Player.Status.SEATED)
        ),
        frame_room=FilteredRelation("rooms", condition=Q(rooms__public_id=room_id)),
    )
    return rows.select_related("host", "frame_seat", "frame_room")


_FRAME = Compiled(_frame_query)


def game_for_reader(user, slug: str, room_id: str | None = None) -> Game:
    """A game whose public pages ``user`` may see; raises Http404. One
    query (compiled once per process) reads with the game its host,
    whether it has co-hosts (their ids are read only when it has), the
    reader's seat (for ``seat_of``), given ``room_id`` that room of the
    game (for ``room_for_reader``), and the versions its kept pages and
    live channel are keyed on (for ``page_cache.framed``)."""
    found = _FRAME.run(slug, user.id if user.is_authenticated else 0, room_id or "")
    game = found[0] if found else None
    if game is None:
        raise Http404
    if not game.has_cohosts:
        game.__dict__["cohost_ids"] = frozenset()
    seat = getattr(game, "frame_seat", None) if user.is_authenticated else None
    if seat is not None:
        seat.game = game
    game.__dict__[_SEAT] = (user.id, seat)
    if room_id:
        room = getattr(game, "frame_room", None)
        if room is not None:
            room.game = game
        game.__dict__[_ROOM] = (room_id, room)
    if game.status == Game.Status.DRAFT and not is_host(user, game):
        raise Http404
    return game


def game_for_archive(user, slug: str) -> Game:
    """A finished game whose archive (every post, role, ballot and night
    choice, ``games.reads.archive``) anyone may download; raises Http404
    for a game that has not ended, its host's and co-hosts' requests
    included: nothing of a game still going on leaves the site."""
    game = Game.objects.filter(slug=slug).select_related("host").first()
    if game is None or game.status != Game.Status.FINISHED:
        raise Http404
    return game


def game_for_host(user, slug: str) -> Game:
    """A game ``user`` hosts or co-hosts; raises Http404 otherwise. One
    query for the host's own game (``game_for_reader``'s)."""
    try:
        game = game_for_reader(user, slug)
    except Http404:
        game = None
    if game is None or not is_host(user, game):
        raise Http404
    return game


def can_read_room(user, room: Room, seat: Player | None) -> bool:
    """True when ``user`` (seated as ``seat`` in the room's game) may read it."""
    if room.is_public:
        return room.game.status != Game.Status.DRAFT or is_host(user, room.game)
    if is_host(user, room.game):
        return True
    if seat is None:
        return False
    return room.members.filter(pk=seat.pk).exists()


def room_for_reader(user, game: Game, room_id: str) -> tuple[Room, Player | None]:
    """The room ``room_id`` of ``game`` and the reader's seat; raises Http404
    when it does not exist or the reader may not see it."""
    read = game.__dict__.pop(_ROOM, None)
    if read is not None and read[0] == room_id:
        room = read[1]
    else:
        room = Room.objects.filter(game=game, public_id=room_id).first()
    if room is None:
        raise Http404
    room.game = game  # the instance the caller holds: its co-hosts are read once
    seat = seat_of(user, game)
    if not can_read_room(user, room, seat):
        raise Http404
    return room, seat


def rooms_for_reader(user, game: Game, seat: Player | None) -> QuerySet[Room]:
    """Every room of ``game`` the reader (seated as ``seat``) may read, as
    ``can_read_room`` decides for one: all of them for the host and
    co-hosts; the public threads and the rooms ``seat`` is a member of for
    everyone else. ``game`` comes from ``game_for_reader`` (a draft's
    public threads are its host's alone)."""
    return readable_rooms(game.pk, seat, is_host(user, game))


def readable_rooms(game_id: int, seat: Player | None, host: bool) -> QuerySet[Room]:
    """``rooms_for_reader`` by value: the rooms of the game ``game_id``
    read by its host or a co-host (``host``), else by a reader seated as
    ``seat`` (None: no seat)."""
    rooms = Room.objects.filter(game_id=game_id)
    if host:
        return rooms
    public = Q(kind__in=Room.PUBLIC)
    return rooms.filter(public | Q(members=seat) if seat else public).distinct()


def rooms_near(game: Game, room: Room) -> QuerySet[Room]:
    """The public threads beside the day or vote thread ``room``: the day
    and vote threads of its day and of the days before and after, and the
    graveyard. Everyone who reads ``room`` reads them."""
    return rooms_near_day(game.pk, room.day - 1, room.day, room.day + 1)


def rooms_near_day(game_id: int, before: int, day: int, after: int) -> QuerySet[Room]:
    """``rooms_near`` by value: the day and vote threads of days ``before``,
    ``day`` and ``after`` of the game ``game_id``, and its graveyard."""
    return Room.objects.filter(game_id=game_id).filter(
        Q(kind__in=[Room.Kind.DAY, Room.Kind.VOTE], day__in=[before, day, after]) | Q(kind=Room.Kind.GRAVEYARD)
    )


def rooms_of_seat(game: Game, seat: Player, besides: Room) -> QuerySet[Room]:
    """The rooms of ``game`` whose members include ``seat`` (its team's
    room, a shared cabinet), ``besides`` (the seat's own cabinet) left out:
    the private rooms the seat reads as a member."""
    return Room.objects.filter(game=game, members=seat).exclude(pk=besides.pk)


def post_refusal(user, room: Room, seat: Player | None) -> str | None:
    """Why ``user`` may not post in ``room`` now, or None when they may.

    The reason is a sentence for the poster (FORUM-020: the dead post only
    in the graveyard, plus one last post in their day thread).
    """
    game = room.game
    if is_host(user, game):
        return None
    if seat is None:
        return _("Only the game's players may post here.")
    if game.status == Game.Status.FINISHED:
        return _("The game is over; its threads are closed.")
    if not seat.alive:
        return _dead_post_refusal(room, seat)
    if room.kind == Room.Kind.SIGNUP:
        return None
    if room.kind == Room.Kind.VOTE:
        return _("Vote with the vote form: a vote post names your choice and nothing else.")
    if room.is_public:
        return None
    if room.members.filter(pk=seat.pk).exists():
        return None
    return _("You are not a member of this room.")


def _dead_post_refusal(room: Room, seat: Player) -> str | None:
    """The dead post in the graveyard; where the ruleset's day procedure
    grants it (``DayProcedure.last_post``, forum FORUM-020 «Мертвые (после
    смерти) имеют право написать в основной теме только 1 пост»), also one
    last post in a day thread, in total."""
    if room.kind == Room.Kind.GRAVEYARD:
        return None
    try:
        last_post = rulesets.get(room.game.ruleset).DAY.last_post
    except RulesError as exc:
        raise GameBroken(room.game_id, unknown_ruleset(room.game.ruleset)) from exc
    if last_post and room.kind == Room.Kind.DAY and room.day >= (seat.left_at_day or 0) and not seat.last_words_used:
        return None
    return _("You are out of the game: you may post only in the graveyard.")


def require_post(user, room: Room, seat: Player | None) -> None:
    """Raise PermissionDenied with the reason when posting is not allowed."""
    reason = post_refusal(user, room, seat)
    if reason is not None:
        raise PermissionDenied(reason)


def can_see_roles(user, game: Game) -> bool:
    """Every role and team: the host and co-hosts, and everyone once the
    game is over (victory reveals every role)."""
    return is_host(user, game) or game.status == Game.Status.FINISHED


def accounts_revealed(game: Game) -> bool:
    """True once a finished game reveals which account played which
    nickname, on every page; before, only the registry page shows them."""
    return game.status == Game.Status.FINISHED and game.reveal_accounts


def can_see_accounts(user, game: Game) -> bool:
    """Which account is behind each nickname (the registry page): the host
    and co-hosts; everyone after the game only if the game says so."""
    if is_host(user, game):
        return True
    return game.status == Game.Status.FINISHED and game.reveal_accounts


def revealed_seats(account_id: int) -> QuerySet[Player]:
    """The seats the account ``account_id`` holds in finished games that
    reveal their accounts (``accounts_revealed``): the only seats its
    public profile may show. A running game, a game that hides its
    accounts and a seat it was replaced away from never appear."""
    return Player.objects.seated().filter(
        user_id=account_id, game__status=Game.Status.FINISHED, game__reveal_accounts=True
    )


def profile_for_reader(user, username: str) -> tuple[object, bool]:
    """The account named ``username`` whose profile ``user`` may read, and
    whether its owner hid it (True only when ``user`` is that owner). Raises
    Http404 when there is no such account, and when the profile is hidden
    and ``user`` is anyone but its owner (logged out, another account, the
    host of its games, a site admin). One query."""
    account = (
        get_user_model().objects.filter(username=username, is_active=True).select_related("profile_setting").first()
    )
    if account is None:
        raise Http404
    try:
        hidden = account.profile_setting.hidden
    except ProfileSetting.DoesNotExist:
        hidden = False
    if hidden and not (user.is_authenticated and user.pk == account.pk):
        raise Http404
    return account, hidden


def can_see_replay(user, game: Game) -> bool:
    """The replay (every choice, the trace, every role): everyone once the
    game is over; while it runs, the host and co-hosts, and the players out
    of the game where the host opened it to them (the game setting
    ``replay_for_the_dead``). A stranger, a living player, a replaced-away
    account or a dead player without that setting sees nothing of it."""
    if game.status == Game.Status.FINISHED or is_host(user, game):
        return True
    if game.status != Game.Status.RUNNING or not replay_open_to_the_dead(game):
        return False
    seat = seat_of(user, game)
    return seat is not None and not seat.alive


def game_for_replay(user, slug: str) -> Game:
    """A game whose replay ``user`` may see (``can_see_replay``); raises
    Http404 otherwise, as for a game that does not exist: a running game
    does not tell who may read its replay."""
    game = game_for_reader(user, slug)
    if not can_see_replay(user, game):
        raise Http404
    return game


def may_edit(user, post: Post, seat: Player | None) -> bool:
    """True when ``user`` wrote ``post``: a player's post by its seat, a
    host's post by the game's host or a co-host. Nobody else edits it."""
    if post.by_host or post.author_id is None:
        return is_host(user, post.room.game)
    return seat is not None and post.author_id == seat.pk


def post_for_author(user, room: Room, seat: Player | None, number: int) -> Post:
    """Post ``#number`` of ``room`` (a room the reader may read, from
    ``room_for_reader``) for its author to edit; raises Http404 when the
    room has no such post and PermissionDenied when ``user`` did not write
    it (``may_edit``)."""
    post = room.posts.select_related("author", "room__game").filter(number=number).first()
    if post is None:
        raise Http404
    if not may_edit(user, post, seat):
        raise PermissionDenied(_("Only the author of a post may edit it."))
    return post
