"""The embedded default runs unattended: the filesystem broker never shows a
consumer half a message (its processes' supervision: test_supervision.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from kombu import Connection

from mafia_site import broker

ROOT = Path(__file__).resolve().parents[2]


def test_a_message_being_written_is_invisible_to_consumers(tmp_path, monkeypatch) -> None:
    """kombu's own filesystem channel creates ``<name>.msg`` and then writes
    into it; a consumer listing the folder in between read an empty file and
    the worker died on JSONDecodeError. Ours shows no message file until the
    message is whole."""
    queue_dir = tmp_path / "queue"
    for sub in ("queue", "processed", "control"):
        (tmp_path / sub).mkdir()
    seen_while_writing: list[list[str]] = []
    real_dumps = broker.dumps

    def dumps_and_look(payload):
        seen_while_writing.append([n for n in os.listdir(queue_dir) if n.endswith(".msg")])
        return real_dumps(payload)

    monkeypatch.setattr(broker, "dumps", dumps_and_look)
    options = {
        "data_folder_in": str(queue_dir),
        "data_folder_out": str(queue_dir),
        "processed_folder": str(tmp_path / "processed"),
        "control_folder": str(tmp_path / "control"),
    }
    with Connection("filesystem://", transport=broker.Transport, transport_options=options) as conn:
        queue = conn.SimpleQueue("tick")
        queue.put({"n": 1})
        queue.put({"n": 2})
        received = []
        for _ in range(2):
            message = queue.get(timeout=2)
            message.ack()
            received.append(message.payload)
    # While the first message was written no message file existed; while the
    # second was, only the first one, complete.
    assert [len(names) for names in seen_while_writing] == [0, 1]
    assert sorted(m["n"] for m in received) == [1, 2]
    assert not [n for n in os.listdir(queue_dir) if n.startswith(".incoming-")]


def test_the_embedded_default_sets_up_its_demo_on_sqlite(tmp_path) -> None:
    """``scripts/run`` without ``DATABASE_URL`` or ``REDIS_URL``: the
    migrations and the demo (games created, roles drawn, the first
    deadlines written through the site's own flow, the games' versions
    moved) run on SQLite, as a person's first start does; the pages' read
    of the open phase with its deadlines gives what SQLite holds, and a
    live channel's read report moves a mark. The suite itself
    runs on PostgreSQL, so this is where SQL only PostgreSQL understands
    would show (the games' version upsert once did)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL")}
    env |= {"MAFIA_VAR_DIR": str(tmp_path), "DJANGO_SECRET_KEY": "x", "DJANGO_DEBUG": "1"}
    env["DJANGO_SETTINGS_MODULE"] = "mafia_site.settings"
    for command in (["migrate", "--noinput", "-v", "0"], ["demo"]):
        done = subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr[-3000:]
    check = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", _CHECK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    numbers = [int(n) for n in check.stdout.split()[-20:]]
    games, versions, phases, same, seen_same, handed, handed_same, shared, shared_same, seated, seated_same = numbers[
        :11
    ]
    last, mark, kept, expired, own, moved, stayed, first, account = numbers[11:]
    assert games > 0 and versions > 0, check.stdout + check.stderr
    # The open phases read for the pages carry their deadlines as SQLite has them.
    assert phases > 0 and same == phases, check.stdout + check.stderr
    # The host's Extend form carries them as the write path reads them
    # (``deadlines_seen`` from the phase bar's read and from the table).
    assert seen_same == phases, check.stdout + check.stderr
    # A living seat's choices, read with the open phase (SQLite's JSON
    # there), are the actions table's rows.
    assert handed > 0 and handed_same == handed, check.stdout + check.stderr
    # So are the members of the private rooms a cabinet lists.
    assert shared > 0 and shared_same == shared, check.stdout + check.stderr
    # And so are the seats the vote thread reads with the phase.
    assert seated > 0 and seated_same == seated, check.stdout + check.stderr
    # A read report past the room's last post moved the reader's mark to it.
    assert last > 1 and mark == last, check.stdout + check.stderr
    # A session is read back by the session store's statement, and not once expired.
    assert (kept, expired) == (1, 0), check.stdout + check.stderr
    # A poster's mark moves over his post, stays behind others' new posts,
    # and is not made at all when others' posts come before his first
    # (``unread.posted``'s written-out upsert).
    assert (moved, stayed, first) == (own, own, 0), check.stdout + check.stderr
    # The account behind a session is read by the site's backend's compiled statement.
    assert account == 1, check.stdout + check.stderr


# Counts the games and their versions, and the running games' open phases
# whose deadlines, as the pages read them with the phase (SQLite's JSON
# there), are the deadlines table's rows (and the host's Extend form
# carries them as the table gives them), and the living seats' choices
# read with it (once every running game's seats handed theirs in) are the
# actions table's, and the members of a seat's private rooms read with the
# rooms its cabinet lists are the members table's, and the seats read with
# the phase for the vote thread are the players table's; then a reader's mark in a day
# thread given three posts, after a first report and one past the last post
# (``unread.reported_seen``'s written-out UPDATE), with that last post;
# then the marks ``unread.posted`` leaves: over a reader's own post, behind
# another's, and none for a first post after others'; then whether a saved session loads (``games.sessions``' written-out
# SELECT), and whether it still does once expired; and whether the site's
# session backend reads a player's account as the ORM does.
_CHECK = """
from games import flow, unread
from games.models import Deadline, Game, GameVersion, ReadMark, Room
from games.pages.phase_bar import _open_phase
def rows(deadlines):
    return [(d.pk, d.kind, d.due_at, d.resolves, d.done_at) for d in deadlines]
phases = [p for p in (_open_phase(g, None) for g in Game.objects.filter(status="running")) if p is not None]
phases = [p for p in phases if p.deadlines.all()]
same = sum(rows(p.deadlines.all()) == rows(Deadline.objects.filter(phase=p).order_by("due_at", "pk")) for p in phases)
from games.models import Phase
seen_same = sum(flow.deadlines_seen(p.game, p) == flow.deadlines_seen(p.game, Phase.objects.get(pk=p.pk)) for p in phases)
import random
from benchmarks import bench
from games.models import Action
def receipts(actions):
    return [(a.pk, a.public_id, a.actor_id, a.actor.nickname if a.actor else "", a.team, a.ability, a.targets,
             a.submitted_at, a.updated_at) for a in actions]
from games.pages.cabinet import _ROOMS, _members
handed = handed_same = shared = shared_same = seated = seated_same = 0
def seats(players):
    return [(p.pk, p.nickname, p.public_id, p.alive) for p in players]
for g in Game.objects.filter(status="running"):
    bench.hand_in_choices(g, random.Random(1))
    phase = _open_phase(g, None, seats=True)
    if phase is not None:
        seated += 1
        seated_same += seats(phase.seated) == seats(g.players.seated())
    for seat in g.players.seated().filter(alive=True):
        for r in _ROOMS.run(g.pk, seat.public_id, seat.pk, seat.user_id):
            if r.kind != "cabinet":
                shared += 1
                shared_same += _members(r, seat) == [m.nickname for m in r.members.all() if m.pk != seat.pk]
        phase = _open_phase(g, seat)
        if phase is None or not phase.handed_actions:
            continue
        handed += 1
        query = Action.objects.filter(phase=phase).filter(flow.seat_choices(flow.ruleset_of(g), seat))
        handed_same += receipts(phase.handed_actions) == receipts(query.select_related("actor"))
room = Room.objects.filter(kind="day", game__status="running").select_related("game").first()
seats = list(room.game.players.seated().filter(alive=True).select_related("user"))
for n in range(3):
    flow.post_create(room=room, seat=seats[0], body=f"Post {n}.")
last = room.posts.order_by("-number").first().number
unread.reported_seen(room.game.slug, room.public_id, seats[1].user, 1)
unread.reported_seen(room.game.slug, room.public_id, seats[1].user, last + 5)
mark = ReadMark.objects.get(user=seats[1].user, room=room).number
def post_as(seat, body):
    post = flow.post_create(room=room, seat=seat, body=body)
    unread.posted(room, seat.user, post, seat, False)
    return post.number
own = post_as(seats[1], "Mine, with nothing new before it.")
moved = ReadMark.objects.get(user=seats[1].user, room=room).number
post_as(seats[0], "Meanwhile.")
post_as(seats[1], "Mine again.")
stayed = ReadMark.objects.get(user=seats[1].user, room=room).number
post_as(seats[2], "A first post after others'.")
first = ReadMark.objects.filter(user=seats[2].user, room=room).count()
from datetime import timedelta
from django.contrib.sessions.models import Session
from django.utils import timezone
from games.sessions import SessionStore
store = SessionStore()
store["seen"] = "yes"
store.save()
kept = int(SessionStore(store.session_key).load() == {"seen": "yes"})
Session.objects.filter(session_key=store.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))
expired = int(SessionStore(store.session_key).load() != {})
from games.auth_backends import SessionBackend
found = SessionBackend().get_user(str(seats[0].user.pk))
account = int(found is not None and (found.pk, found.username, found.password, found.date_joined) == (
    seats[0].user.pk, seats[0].user.username, seats[0].user.password, seats[0].user.date_joined))
print(Game.objects.count(), GameVersion.objects.count(), len(phases), same, seen_same, handed, handed_same, shared, shared_same,
      seated, seated_same, last, mark, kept, expired, own, moved, stayed, first, account)
"""
