"""A game's own page: its threads with the reader's unread counts, its
players (nicknames; roles as the results reveal them), sign-up, the
reader's seat and the acceleration box."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest

from .. import access, flow, live, unread
from ..compiled import Compiled
from ..forms import ApplyForm
from ..models import Game, Player, Room
from ..names import card_name, localized, role_name, team_name
from .archive import summary
from .phase_bar import game_context


def game_page(request: HttpRequest, game: Game, seat: Player | None) -> dict[str, Any]:
    """The game page's context: the phase bar (``game_context``), the rooms
    the reader may read (``access.rooms_for_reader``) with their counts,
    the players, the reader's application, role and team, the winner, the
    acceleration box, whether the reader may open the replay
    (``access.can_see_replay``), and for the host of a finished game its
    BBCode summary."""
    ctx = game_context(request, game, seat)
    # Only the rooms the reader may read are counted (games.access's rule).
    rooms = _rooms(request, game, seat, ctx["is_host"])
    ruleset = flow.ruleset_of(game)
    players = _players(request, game, ruleset)
    applied = None
    if request.user.is_authenticated and not seat:
        applied = game.players.filter(user=request.user).first()
    ctx.update(
        rooms=_current_day_first(rooms),
        players=players,
        applied=applied,
        apply_form=apply_form(game) if game.status == Game.Status.SIGNUP else None,
        my_role=role_name(ruleset, seat.role) if seat and seat.role else "",
        my_team=team_name(ruleset, seat.team) if seat and seat.team else "",
        winner=team_name(ruleset, game.winner) if game.winner and game.winner != "draw" else game.winner,
        acceleration=acceleration_context(game, seat),
        can_replay=access.can_see_replay(request.user, game),
        # The host's summary to paste onto another forum, once the game has ended.
        summary=summary(game) if ctx["is_host"] and game.status == Game.Status.FINISHED else "",
    )
    ctx.update(live.channel(request, game, live.page_version(request, game), until=ctx["bar_until"]))
    return ctx


def _rooms_query(game_id: int, user_id: int = 0, seat_id: int = 0, *, reader: str) -> QuerySet[Room]:
    """The game page's rooms (``access.rooms_for_reader``) with their counts
    (``unread.with_counts``) for a ``reader``: ``"anon"``, ``"host"`` (the
    host or a co-host, account ``user_id``), ``"seat"`` (account
    ``user_id`` seated as ``seat_id``) or ``"user"`` (a logged-in
    stranger to the game)."""
    user = SimpleNamespace(pk=user_id, is_authenticated=reader != "anon")
    seat = Player(pk=seat_id) if reader == "seat" else None
    rooms = access.readable_rooms(game_id, seat, reader == "host")
    return unread.with_counts(rooms, user, seat, reader == "host").order_by("kind", "day", "id")


# Compiled once per process for each kind of reader.
_ROOMS = {
    reader: Compiled(lambda *values, reader=reader: _rooms_query(*values, reader=reader))
    for reader in ("anon", "host", "seat", "user")
}


def _rooms(request: HttpRequest, game: Game, seat: Player | None, host: bool) -> list[Room]:
    """The rooms the reader may read (``access.rooms_for_reader``: every
    room for the host and co-hosts, the public threads and the seat's
    rooms for the others) with his counts, in the order of the page."""
    user = request.user
    if not user.is_authenticated:
        return _ROOMS["anon"].run(game.pk)
    if host:
        return _ROOMS["host"].run(game.pk, user.pk)
    if seat is not None:
        return _ROOMS["seat"].run(game.pk, user.pk, seat.pk)
    return _ROOMS["user"].run(game.pk, user.pk)


# The seated players, with their accounts where shown; compiled once per process.
_SEATED = Compiled(lambda game_id: Player.objects.seated().filter(game_id=game_id))
_SEATED_ACCOUNTS = Compiled(lambda game_id: Player.objects.seated().filter(game_id=game_id).select_related("user"))


def _players(request: HttpRequest, game: Game, ruleset: Any) -> list[dict[str, Any]]:
    """The seated players: nickname, alive, the role the reader may see
    (every role for the host and after the game, else the revealed ones)
    and the account where a finished game reveals them."""
    show_roles = access.can_see_roles(request.user, game)
    # Accounts are shown on the registry page only, and here to everyone
    # once a finished game reveals them.
    show_accounts = access.accounts_revealed(game)
    held = cards_held(game, ruleset)
    players = []
    for p in (_SEATED_ACCOUNTS if show_accounts else _SEATED).run(game.pk):
        shown = p.role if show_roles else p.revealed_role
        players.append(
            {
                "nickname": p.nickname,
                "alive": p.alive,
                "role": card_name(ruleset, shown, p.team) if shown else "",
                "account": p.user.get_username() if show_accounts else "",
                "cards": held.get(p.nickname, ""),
            }
        )
    return players


def cards_held(game: Game, ruleset: Any) -> dict[str, str]:
    """Nickname → the discipline cards the player holds, as the public list
    shows them ("Yellow card ×1, Blue card ×2"): werewolf18's directors give
    their cards in public and count them (三张蓝牌升级为一张黄牌, WW18-069),
    read from the game's state (``cards:<colour>`` counters). Empty for a
    ruleset without cards."""
    if not any(kind.startswith("card:") for kind in ruleset.PENALTIES):
        return {}
    out: dict[str, str] = {}
    for player in (game.state or {}).get("players", []):
        name, counters = player.get("name", ""), player.get("counters", {})
        parts = [
            f"{localized(ruleset.PENALTIES.get('card:' + key[6:], {}), key[6:])} ×{n}"
            for key, n in sorted(counters.items())
            if key.startswith("cards:") and isinstance(n, int) and n > 0
        ]
        if parts:
            out[name] = ", ".join(parts)
    return out


def apply_form(game: Game, data: Any = None) -> ApplyForm:
    """The sign-up form of ``game`` (bound to ``data`` when given): the
    game's characters not yet taken by an application, or a free nickname."""
    taken = set(game.players.exclude(status=Player.Status.DECLINED).values_list("nickname", flat=True))
    return ApplyForm(data, characters=game.characters, taken=taken)


def _current_day_first(rooms: list[Room]) -> list[Room]:
    """The game's threads with the latest day's day and vote threads first."""
    days = [r.day for r in rooms if r.kind in (Room.Kind.DAY, Room.Kind.VOTE) and r.day]
    current = max(days, default=None)
    return sorted(rooms, key=lambda r: not (r.kind in (Room.Kind.DAY, Room.Kind.VOTE) and r.day == current))


def acceleration_context(game: Game, seat: Player | None) -> dict[str, Any] | None:
    """The game page's acceleration box where the ruleset has one
    (``Ruleset.ACCELERATION``): how many of the living asked, whether the
    reader did and may still ask or withdraw; None elsewhere."""
    ruleset = flow.ruleset_of(game)
    if not ruleset.ACCELERATION or not game.is_running:
        return None
    living = game.players.alive()
    return {
        "accelerated": bool(game.options.get(ruleset.ACCELERATION)),
        "asked": living.filter(acceleration_asked=True).count(),
        "alive": living.count(),
        "rule": ruleset.ACCELERATION_RULE,
        "mine": bool(seat and seat.alive and seat.acceleration_asked),
        "may_ask": bool(seat and seat.alive and flow.acceleration_open(game)),
    }
