"""Who reads which room, for every ruleset: each private room (a team's
room, cosmo's mafia thread with the lunatic and its commissar-and-sergeant
thread, werewolf18's wolf pack and the lover's room with his admired
player, every cabinet) is read by its members and the host, and by nobody
else: not another player, not a stranger, not a visitor."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Game, Room

from .test_every_ruleset import START, TABLES, client_as, hosted_game, play_to_the_end
from .test_vote_laws import dealt_game


def assert_only_members_read_private_rooms(game: Game, stranger) -> int:
    """Crawl every room as every seat, the host, a stranger and a visitor;
    returns how many private rooms were checked."""
    seats = list(game.players.seated())
    readers = {seat.pk: client_as(seat.user) for seat in seats}
    host, outsider, visitor = client_as(game.host), client_as(stranger), Client()
    checked = 0
    for room in Room.objects.filter(game=game):
        url = reverse("room", args=[game.slug, room.public_id])
        if room.is_public:
            assert outsider.get(url).status_code == 200
            continue
        checked += 1
        members = set(room.members.values_list("pk", flat=True))
        assert members, room.title
        assert host.get(url).status_code == 200, room.title
        assert outsider.get(url).status_code == 404, room.title
        assert visitor.get(url).status_code in (302, 404), room.title
        for seat in seats:
            expected = 200 if seat.pk in members else 404
            assert readers[seat.pk].get(url).status_code == expected, (room.title, seat.nickname, seat.role)
    return checked


def assert_rooms_hold_what_the_ruleset_declares(game: Game) -> None:
    """Each room ``team_rooms`` declares holds its living members (the
    dead may keep reading, as ``games.access`` allows)."""
    ruleset, state = flow.ruleset_of(game), flow.state_of(game)
    for key, names in ruleset.team_rooms(state).items():
        room = Room.objects.filter(game=game, key=key, kind__in=[Room.Kind.TEAM, Room.Kind.CABINET]).first()
        if not names:
            continue
        assert room is not None, key
        living = set(room.members.filter(alive=True).values_list("nickname", flat=True))
        assert living == set(names), key


@pytest.mark.parametrize(("ruleset_id", "variant", "n"), TABLES, ids=[f"{r}-{v or n}" for r, v, n in TABLES])
def test_only_members_and_the_host_read_each_private_room(personas, make_user, ruleset_id, variant, n) -> None:
    game = hosted_game(personas["alice"], make_user, ruleset_id, variant, n, seed=7)
    assert_rooms_hold_what_the_ruleset_declares(game)
    assert assert_only_members_read_private_rooms(game, personas["dave"]) >= n
    # Deaths change who is in which room: crawl again after a few phases.
    play_to_the_end(game, random.Random(2), max_phases=4)
    assert_rooms_hold_what_the_ruleset_declares(game)
    assert_only_members_read_private_rooms(game, personas["dave"])


COSMO = {
    "Ash": "mafioso",
    "Bea": "mafia_boss",
    "Cyd": "lunatic",
    "Dan": "commissar",
    "Eli": "sergeant",
    "Fox": "citizen",
    "Gus": "citizen",
    "Hal": "citizen",
}


def test_cosmo_opens_the_mafia_thread_with_the_lunatic_and_the_chiefs_thread(personas, make_user) -> None:
    """COSMO-006: «Мафиози друг с другом … лунатиком»; the commissar learns the sergeant."""
    game, _seats, _accounts = dealt_game(personas["alice"], make_user, "cosmo", COSMO, now=START)
    mafia = Room.objects.get(game=game, key="mafia")
    chiefs = Room.objects.get(game=game, key="chiefs")
    assert set(mafia.members.values_list("nickname", flat=True)) == {"Ash", "Bea", "Cyd"}
    assert set(chiefs.members.values_list("nickname", flat=True)) == {"Dan", "Eli"}
    assert chiefs.title == "Commissar and sergeant"
    # The lunatic reads and posts in the mafia thread.
    lunatic = client_as(game.players.get(nickname="Cyd").user)
    url = reverse("room", args=[game.slug, mafia.public_id])
    assert lunatic.get(url).status_code == 200
    assert lunatic.post(url, {"body": "Я с вами."}).status_code == 302
    assert mafia.posts.filter(author__nickname="Cyd").exists()
    assert_only_members_read_private_rooms(game, personas["dave"])


def test_the_werewolf18_lover_shares_a_room_with_his_admired_player(personas, make_user) -> None:
    """WW18-036: once the lover names his admired player at night, the two
    share a room; nobody else reads it."""
    game = hosted_game(personas["alice"], make_user, "werewolf18", "", 18, seed=5)
    flow.phase_resolve_now(game=game, now=START)  # the set-up step
    game.refresh_from_db()
    flow.phase_resolve_now(game=game, now=START)  # day 1, nobody votes
    game.refresh_from_db()
    night = flow.current_phase(game)
    assert night.kind == "night"
    lover = game.players.get(role="lover")
    admired = game.players.filter(alive=True).exclude(pk=lover.pk).exclude(role="werewolf").first()
    flow.action_submit(game=game, seat=lover, ability="admire", targets=[admired.nickname], now=START)
    assert not Room.objects.filter(game=game, key="lovers").exists()
    flow.phase_resolve_now(game=game, now=START)
    game.refresh_from_db()
    room = Room.objects.get(game=game, key="lovers")
    assert set(room.members.values_list("nickname", flat=True)) >= {admired.nickname} | (
        {lover.nickname} if game.players.get(pk=lover.pk).alive else set()
    )
    assert_only_members_read_private_rooms(game, personas["dave"])
