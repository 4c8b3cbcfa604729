"""A GET request never writes: every page of a running game of every
ruleset, crawled as its host, its players (living and out of the game), a
stranger and a visitor, runs no INSERT, UPDATE or DELETE. What a page
shows is stored by the game's transitions (``games.flow.turn.game_turn``);
the reader's place in a room moves by a POST once shown (the live
channel's ask, or ``room_seen``)."""

from __future__ import annotations

import random
import re
from collections import deque

import pytest
from django.db import connection
from django.test import Client

from games.models import Game

from .test_every_ruleset import TABLES, hosted_game, play_to_the_end

WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
LINK = re.compile(r'(?:href|hx-get)="(/[^"#?]*)')


class WriteWatch:
    """An ``execute_wrapper`` that records every writing statement."""

    def __init__(self) -> None:
        self.writes: list[str] = []

    def __call__(self, execute, sql, params, many, context):
        if WRITES.match(sql):
            self.writes.append(sql.split(" WHERE ")[0][:120])
        return execute(sql, params, many, context)


def readers(game: Game) -> dict[str, Client]:
    """Logged-in clients: the host, a living and a dead player (where one
    is out), a stranger; and a visitor without an account."""
    from django.contrib.auth import get_user_model

    seats = list(game.players.seated().order_by("nickname"))
    alive = next(s for s in seats if s.alive)
    dead = next((s for s in seats if not s.alive), None)
    users = {"host": game.host, "alive": alive.user, "stranger": get_user_model().objects.create_user("stranger")}
    if dead is not None:
        users["dead"] = dead.user
    clients = {"visitor": Client()}
    for name, user in users.items():
        clients[name] = Client()
        clients[name].force_login(user)
    return clients


def crawl(client: Client, game: Game, watch: WriteWatch) -> dict[str, list[str]]:
    """GET every page of ``game`` reachable from its game page (and the
    home page); returns path → the writes its GET ran (only those that wrote)."""
    start = f"/g/{game.slug}/"
    seen, queue, found = {start, "/"}, deque([start, "/"]), {}
    while queue:
        path = queue.popleft()
        before = len(watch.writes)
        response = client.get(path)
        if watch.writes[before:]:
            found[path] = watch.writes[before:]
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for link in LINK.findall(response.content.decode()):
            if link.startswith(start) and link not in seen:
                seen.add(link)
                queue.append(link)
    return found


@pytest.mark.parametrize(("ruleset_id", "variant", "n"), TABLES, ids=[f"{r}-{v or n}" for r, v, n in TABLES])
def test_no_page_of_a_running_game_writes(personas, make_user, ruleset_id, variant, n) -> None:
    game = hosted_game(personas["alice"], make_user, ruleset_id, variant, n, seed=11)
    play_to_the_end(game, random.Random(5), max_phases=2)
    assert game.is_running
    watch = WriteWatch()
    clients = readers(game)
    with connection.execute_wrapper(watch):
        found = {name: crawl(client, game, watch) for name, client in clients.items()}
    assert {name: pages for name, pages in found.items() if pages} == {}
