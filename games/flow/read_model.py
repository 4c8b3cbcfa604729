"""What a deadline's resolution reads of its game once (``GameRead``: the
rooms with their members and last post numbers, the phases, the seats,
the ballots and choices), for one game or every game of a claim of the
tick, and the bulk update its writes use (``update_rows``)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Case, F, Max, Model, Q, Value, When

from ..models import Action, Game, Phase, Player, Post, Room, Vote
from ..reads.game import cabinet_of


class GameRead:
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
    def of_games(cls, phases: list[Phase]) -> dict[int, GameRead]:
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
        cls._read_ballots_and_choices(reads, phases)
        return reads

    @staticmethod
    def _read_ballots_and_choices(reads: dict[int, GameRead], phases: list[Phase]) -> None:
        """Fill each read's ballots of its day phase among ``phases`` and
        the choices of its phase: one query each for all the games."""
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
        """``next_number`` from the phases read."""
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


def update_rows(model: type[Model], rows: list[Model], fields: list[str]) -> None:
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
    """``update_rows`` on PostgreSQL: ``UPDATE table SET col = v.col …
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
