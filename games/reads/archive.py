"""A finished game as one JSON document, the archive (``docs/archive.md``,
schema ``docs/archive/schema-v1.json``): the game and its house rules,
the seats and their roles, every room, post, phase, ballot, night choice
and resolution, and the winner.

Nicknames name the seats everywhere; accounts appear only when the game
reveals them (``Game.reveal_accounts``). Rooms are named by
``"kind/day/key"`` (a seat's cabinet by its nickname); times are ISO 8601 with the game's UTC offset. The
site-local ids (database ids, the opaque public ids of rooms, seats and
choices) are left out, the slug apart. Nothing here writes.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.contrib.auth import get_user_model
from jsonschema import Draft202012Validator

from ..errors import FlowError
from ..models import Action, Deadline, Event, Game, Phase, Post, Resolution, Room, Vote

FORMAT = "mafia-archive"
VERSION = 1
SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "archive" / "schema-v1.json"


class ArchiveRefused(FlowError):
    """The game cannot be archived: it has not ended."""


@cache
def schema() -> dict[str, Any]:
    """The archive's JSON Schema, version 1 (read once from ``SCHEMA_PATH``)."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def schema_errors(data: Any) -> list[str]:
    """Every way ``data`` breaks the archive schema, one line each
    (``path: message``, the path of JSON keys and indexes), [] for a valid
    archive. Uses ``jsonschema``'s Draft 2020-12 validator."""
    validator = Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors]


def phase_ref(phase: Phase) -> str:
    """A phase's name in the archive: its key (``"day-2"``, ``"night-1"``, ``"day-2.2"``)."""
    return phase.key


def _time(value: datetime | None, zone: ZoneInfo) -> str | None:
    return None if value is None else value.astimezone(zone).isoformat()


def _post_ref(post: Post | None, holders: dict[str, str]) -> dict[str, Any] | None:
    return None if post is None else {"room": room_ref(post.room, holders), "number": post.number}


def game_archive(game: Game) -> dict[str, Any]:
    """The archive of a finished ``game`` (the document the schema
    describes); raises ``ArchiveRefused`` while the game has not ended
    (nothing of a game still going on is exported)."""
    if game.status != Game.Status.FINISHED:
        raise ArchiveRefused("Only a finished game can be archived.")
    zone = ZoneInfo(game.timezone)
    reveal = bool(game.reveal_accounts)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": _game(game, zone),
        "players": _players(game, zone, reveal),
        "rooms": _rooms(game, zone),
        "posts": _posts(game, zone),
        "phases": _phases(game, zone),
        "votes": _votes(game, zone),
        "actions": _actions(game, zone),
        "resolutions": _resolutions(game, zone),
        "outcome": {"winner": game.winner, "finished_at": _time(game.finished_at, zone)},
    }


def _game(game: Game, zone: ZoneInfo) -> dict[str, Any]:
    return {
        "slug": game.slug,
        "title": game.title,
        "theme": game.theme,
        "characters": game.characters,
        "ruleset": game.ruleset,
        "variant": game.variant,
        "options": game.options,
        "composition": game.composition,
        "seed": game.seed,
        "time_zone": game.timezone,
        "language": game.language,
        "schedule": {"fast": game.fast, "fast_scale": game.fast_scale, "deadlines": game.deadlines},
        "signup_limit": game.signup_limit,
        "autopublish": game.autopublish,
        "reminder_minutes": game.reminder_minutes,
        "edit_minutes": game.edit_minutes,
        "reveal_accounts": game.reveal_accounts,
        "host": game.host.get_username(),
        "created_at": _time(game.created_at, zone),
        "started_at": _time(game.started_at, zone),
        "state": game.state,
    }


def _players(game: Game, zone: ZoneInfo, reveal: bool) -> list[dict[str, Any]]:
    replaced: dict[str, list[Event]] = {}
    for event in game.events.filter(kind="player_replaced").order_by("created_at", "id"):
        replaced.setdefault(event.data.get("nickname", ""), []).append(event)
    names = {}
    if reveal:
        ids = {e.data.get(k) for events in replaced.values() for e in events for k in ("old_user", "new_user")}
        names = dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", get_user_model().USERNAME_FIELD))
    seats = []
    query = game.players.select_related("user", "last_words_until__phase").order_by("joined_at", "id")
    for seat in query:
        row: dict[str, Any] = {
            "nickname": seat.nickname,
            "status": seat.status,
            "role": seat.role,
            "team": seat.team,
            "original_role": seat.dealt_role,
            "original_team": seat.dealt_team,
            "alive": seat.alive,
            "exit_day": seat.left_at_day,
            "revealed_role": seat.revealed_role,
            "last_words": seat.last_words,
            "last_words_used": seat.last_words_used,
            "last_words_until": _deadline_ref(seat.last_words_until),
            "acceleration_asked": seat.acceleration_asked,
            "joined_at": _time(seat.joined_at, zone),
            "replacements": [],
        }
        for event in replaced.get(seat.nickname, []):
            item: dict[str, Any] = {"at": _time(event.created_at, zone)}
            if reveal:
                item["previous_account"] = names.get(event.data.get("old_user"), "")
                item["account"] = names.get(event.data.get("new_user"), "")
            row["replacements"].append(item)
        if reveal:
            row["account"] = seat.user.get_username()
        seats.append(row)
    return seats


def _deadline_ref(deadline: Deadline | None) -> dict[str, str] | None:
    return None if deadline is None else {"phase": phase_ref(deadline.phase), "kind": deadline.kind}


def room_ref(room: Room, holders: dict[str, str] | None = None) -> str:
    """A room's name in the archive: ``"kind/day/key"`` (day and key empty
    where the room has none), unique in its game; a seat's own cabinet,
    whose key on the site is the seat's opaque id, is ``"cabinet//@"``
    followed by the seat's game nickname (``holders``: opaque id → nickname)."""
    holder = (holders or {}).get(room.key) if room.kind == Room.Kind.CABINET else None
    key = f"@{holder}" if holder else room.key
    return f"{room.kind}/{'' if room.day is None else room.day}/{key}"


def _holders(game: Game) -> dict[str, str]:
    """Seat opaque id → game nickname, for the cabinets' names."""
    return dict(game.players.values_list("public_id", "nickname"))


def _rooms(game: Game, zone: ZoneInfo) -> list[dict[str, Any]]:
    rooms = game.rooms.prefetch_related("members").order_by("created_at", "id")
    holders = _holders(game)
    return [
        {
            "id": room_ref(room, holders),
            "kind": room.kind,
            "day": room.day,
            "key": "" if room.kind == Room.Kind.CABINET and room.key in holders else room.key,
            "seat": holders.get(room.key) if room.kind == Room.Kind.CABINET else None,
            "title": room.title,
            "members": sorted(p.nickname for p in room.members.all()),
            "created_at": _time(room.created_at, zone),
        }
        for room in rooms
    ]


def _posts(game: Game, zone: ZoneInfo) -> list[dict[str, Any]]:
    holders = _holders(game)
    posts = Post.objects.filter(room__game=game).select_related("room", "author").order_by("room_id", "number")
    rows = sorted(posts, key=lambda p: (p.room.created_at, p.room_id, p.number))
    return [
        {
            "room": room_ref(post.room, holders),
            "number": post.number,
            "author": post.author.nickname if post.author_id else None,
            "by_host": post.by_host,
            "day": post.game_day,
            "text": post.body,
            "created_at": _time(post.created_at, zone),
            "edited_at": _time(post.edited_at, zone),
            "original_text": post.original_body,
        }
        for post in rows
    ]


def _phases(game: Game, zone: ZoneInfo) -> list[dict[str, Any]]:
    phases = game.phases.prefetch_related("deadlines").order_by("opened_at", "id")
    return [
        {
            "id": phase_ref(phase),
            "kind": phase.kind,
            "number": phase.number,
            "vote_round": phase.vote_round,
            "opens": _time(phase.opened_at, zone),
            "locked": _time(phase.locked_at, zone),
            "closes": _time(phase.resolved_at, zone),
            "candidates": phase.candidates,
            "slots": phase.slots,
            "idle": phase.idle,
            "vote_count": phase.votes,
            "deadlines": [
                {
                    "kind": d.kind,
                    "due": _time(d.due_at, zone),
                    "done": _time(d.done_at, zone),
                    "resolves": d.resolves,
                    "lateness_seconds": d.lateness_seconds,
                }
                for d in sorted(phase.deadlines.all(), key=lambda d: (d.due_at, d.kind))
            ],
        }
        for phase in phases
    ]


def _votes(game: Game, zone: ZoneInfo) -> list[dict[str, Any]]:
    holders = _holders(game)
    ballots = list(
        Vote.objects.filter(game=game).select_related("voter", "target", "post__room").order_by("created_at", "id")
    )
    last: dict[tuple, int] = {}
    for index, ballot in enumerate(ballots):
        last[(ballot.day, ballot.vote_round, ballot.round, ballot.voter_id)] = index
    return [
        {
            "day": ballot.day,
            "round": ballot.round,
            "vote_round": ballot.vote_round,
            "voter": ballot.voter.nickname,
            "target": ballot.target.nickname if ballot.target_id else None,
            "word": ballot.word,
            "withdrawn": ballot.target_id is None and not ballot.word,
            "changed_later": last[(ballot.day, ballot.vote_round, ballot.round, ballot.voter_id)] != index,
            "time": _time(ballot.created_at, zone),
            "post": _post_ref(ballot.post, holders),
        }
        for index, ballot in enumerate(ballots)
    ]


def _action_key(actor: str | None, team: str | None, ability: str, targets: Any) -> tuple:
    if targets is None:
        targets = []
    elif not isinstance(targets, list):
        targets = [targets]
    return (actor or "", team or "", ability, tuple(targets))


def _statuses(game: Game) -> dict[tuple, dict[tuple, str]]:
    """(phase id → action key → status) from each resolution's trace and rejections."""
    found: dict[Any, dict[tuple, str]] = {}
    query = Resolution.objects.filter(deadline__phase__game=game).select_related("deadline")
    for resolution in query.order_by("created_at", "id"):
        seen = found.setdefault(resolution.deadline.phase_id, {})
        outcome = resolution.outcome or {}
        for line in outcome.get("trace", []):
            action = line.get("action")
            if action:
                key = _action_key(action.get("actor"), action.get("team"), action["ability"], action.get("target"))
                seen.setdefault(key, line.get("result") or "info")
        for line in outcome.get("rejected", []):
            key = _action_key(line.get("actor"), line.get("team"), line["ability"], line.get("target"))
            seen[key] = "rejected"
    return found


def _actions(game: Game, zone: ZoneInfo) -> list[dict[str, Any]]:
    statuses = _statuses(game)
    query = Action.objects.filter(phase__game=game).select_related("phase", "actor").order_by("submitted_at", "id")
    rows = []
    for action in query:
        actor = action.actor.nickname if action.actor_id else None
        key = _action_key(None if action.team else actor, action.team, action.ability, action.targets)
        rows.append(
            {
                "phase": phase_ref(action.phase),
                "actor": actor,
                "team": action.team,
                "ability": action.ability,
                "targets": action.targets,
                "submitted_at": _time(action.submitted_at, zone),
                "updated_at": _time(action.updated_at, zone),
                "status": statuses.get(action.phase_id, {}).get(key, "unresolved"),
            }
        )
    return rows


def _resolutions(game: Game, zone: ZoneInfo) -> list[dict[str, Any]]:
    holders = _holders(game)
    query = Resolution.objects.filter(deadline__phase__game=game).select_related(
        "deadline__phase", "published_post__room", "day_copy__room"
    )
    rows = []
    for resolution in query.order_by("created_at", "id"):
        outcome = resolution.outcome or {}
        rows.append(
            {
                "deadline": _deadline_ref(resolution.deadline),
                "created_at": _time(resolution.created_at, zone),
                "published_at": _time(resolution.published_at, zone),
                "trace": [_coded(line) for line in outcome.get("trace", [])],
                "announcements": [_coded(line) for line in outcome.get("announcements", [])],
                "outcome": outcome,
                "results": resolution.results,
                "published_post": _post_ref(resolution.published_post, holders),
                "day_copy": _post_ref(resolution.day_copy, holders),
            }
        )
    return rows


def _coded(line: dict[str, Any]) -> dict[str, Any]:
    """A trace line or announcement as the archive lists it: the rule's
    code and its parameters (``said``, where the engine said it as a code)
    and the line in English."""
    said = line.get("said") or {}
    return {"code": said.get("code", ""), "params": said.get("params", {}), "text": line.get("text", "")}
