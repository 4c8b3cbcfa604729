"""Helpers for the page tests: logged-in clients for the personas, the
forum game's rooms by name, a dead seat made through the flow, and bigger
games for the query-count tests.

Persona names used by the page tests (see ``tests/conftest.py``):
``anon`` (no account), ``dave`` (a stranger), ``citizen`` (p3 playing
"Plain One"), ``bob`` (the Don "Bonnie"), ``carol`` (the cop "Clyde"),
``dead`` (p1 playing "Mafia Two", a mafioso modkilled on day 1),
``alice`` (the host) and ``erin`` (a site admin).
"""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.db.models import Max
from django.test import Client

from games import flow
from games.models import Game, Player, Post, Room

from .channel import ASKS_BY, ask

PERSONAS = ("anon", "dave", "citizen", "bob", "carol", "dead", "alice", "erin")
USERNAMES = {"citizen": "p3", "dead": "p1"}
NICKNAMES = {"citizen": "Plain One", "bob": "Bonnie", "carol": "Clyde", "dead": "Mafia Two"}
ROOM_NAMES = ("signup", "intro", "day", "vote", "graveyard", "mafia", "cop", "cabinet")


def client_as(persona: str) -> Client:
    """A test client logged in as ``persona`` (anonymous for ``anon``)."""
    client = Client()
    if persona != "anon":
        client.force_login(get_user_model().objects.get(username=USERNAMES.get(persona, persona)))
    return client


def rooms_of(game: Game) -> dict[str, Room]:
    """The rooms of the forum game by name: the public threads of day 1,
    the mafia's team room, the cop's shared cabinet and Clyde's own cabinet."""
    rooms = {r.kind: r for r in Room.objects.filter(game=game, kind__in=Room.PUBLIC)}
    rooms["mafia"] = Room.objects.get(game=game, kind=Room.Kind.TEAM, key="mafia")
    rooms["cop"] = Room.objects.get(game=game, kind=Room.Kind.CABINET, key="cop")
    rooms["cabinet"] = flow.cabinet_of(Player.objects.get(game=game, nickname="Clyde"))
    return rooms


def kill_mafioso(game: Game) -> Player:
    """The host modkills "Mafia Two" on day 1 (the game goes on); returns the seat."""
    flow.player_modkill(game=game, player=Player.objects.get(game=game, nickname="Mafia Two"))
    game.refresh_from_db()
    return Player.objects.get(game=game, nickname="Mafia Two")


def mark_rooms(game: Game) -> dict[str, str]:
    """A host's post in every room, carrying a marker naming the room;
    returns room name → marker."""
    markers = {}
    for name, room in rooms_of(game).items():
        markers[name] = f"marker-{name}-text"
        flow.post_create(room=room, seat=None, body=markers[name], by_host=True)
    return markers


def add_posts(room: Room, authors: list[Player], n: int) -> None:
    """``n`` posts in ``room`` by the given seats in turn (host's posts if none)."""
    posts = []
    first = (room.posts.aggregate(last=Max("number"))["last"] or 0) + 1
    for i in range(n):
        author = authors[i % len(authors)] if authors else None
        body = f"[b]post {i}[/b] [quote=Someone]earlier[/quote]"
        posts.append(
            Post(
                room=room,
                number=first + i,
                author=author,
                by_host=author is None,
                body=body,
                body_html=f"<b>post {i}</b>",
                game_day=room.day or 0,
            )
        )
    Post.objects.bulk_create(posts)


def running_game(host, make_user, n: int, prefix: str) -> Game:
    """A running forum game of ``n`` seats with the proposed composition,
    day 1 open; accounts are ``{prefix}{i}``, nicknames ``Seat {i}``."""
    game = flow.game_create(host=host, title=f"Town of {n}", ruleset_id="forum")
    flow.signup_open(game=game)
    for i in range(n):
        flow.nickname_register(game=game, user=make_user(f"{prefix}{i}"), nickname=f"Seat {i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game)
    game.refresh_from_db()
    return game


SEEN_FORM = re.compile(r'<form class="seen" method="post" action="([^"]+)".*?name="number" value="(\d+)"', re.S)


def read(client: Client, url: str, params: dict | None = None):
    """GET ``url`` as a browser does, then report what it showed as seen:
    a running game's page by its live channel's ask (a POST carrying the
    last post shown), any other page by its own POST to ``room_seen``, as
    its script sends it once the page is shown. Returns the GET's response."""
    response = client.get(url, params or {})
    if response.status_code != 200:
        return response
    html = response.content.decode()
    found = ASKS_BY.search(html)
    if found is not None and found.group(1) == "post":
        ask(client, html)
        return response
    seen = SEEN_FORM.search(html)
    if seen is not None and found is None:
        client.post(seen.group(1), {"number": seen.group(2)}, HTTP_HX_REQUEST="true")
    return response
