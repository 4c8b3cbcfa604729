"""werewolf18 on the site as its document says: the public count is the
count of the result (WW18-068), the wolf group's room and knife
(WW18-018, WW18-019), the vote posts (WW18-034, WW18-065, WW18-067), the
post minimum (潜水), the directors' proxy vote (玩家须知 9) and the
"Host a game" defaults (Asia/Shanghai, the document's deadlines)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Room
from tests.games.test_vote_laws import dealt_game
from tests.games.test_werewolf18_forum_day import local, to_day_one, to_next_day, werewolf_table


def client_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def open_day_two(game):
    """Day 1 and night 1 pass with no vote and no knife; day 2's thread
    opens on Thursday 10:00 (UTC+8). Returns day 2's deadlines."""
    day_two = to_next_day(game, to_day_one(game))
    flow.resolve_due(now=flow.current_phase(game).opened_at)
    return day_two


def test_ww18_068_after_acceleration_the_public_count_is_the_count_of_the_result(personas, make_user) -> None:
    """WW18-068 «进程加速后不允许改票，所有改票作废»: once the day is accelerated,
    a change cast before it is void. The vote thread's count drops it at
    once (Wolf 2, Seer 1), and the result puts out the player that count
    names, never the other one."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    day_two = open_day_two(game)
    now = local("2026-03-05 12:00")
    flow.vote_cast(game=game, seat=seats["Vil A"], target=seats["Wolf"], now=now)
    flow.vote_cast(game=game, seat=seats["Vil A"], target=seats["Seer"], now=now)
    flow.vote_cast(game=game, seat=seats["Vil B"], target=seats["Seer"], now=now)
    flow.vote_cast(game=game, seat=seats["Hunter"], target=seats["Wolf"], now=now)
    for name in ("Seer", "Witch", "Hunter", "Vil A"):
        flow.acceleration_ask(game=game, seat=seats[name], ask=True, now=now)
    game.refresh_from_db()
    assert game.options["accelerated"]
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=2)
    page = client_as(accounts["Witch"]).get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert "<strong>Wolf</strong>: 2" in page
    assert "<strong>Seer</strong>: 1" in page
    flow.resolve_due(now=day_two["exit_orders"])
    assert not game.players.get(nickname="Wolf").alive
    assert game.players.get(nickname="Seer").alive
    results = vote_room.posts.filter(by_host=True, body__contains="The vote is closed").get()
    assert "Wolf — 2 (Vil A, Hunter)" in results.body


PACK = {"Wolf": "werewolf", "Wolf B": "werewolf", "Rioter": "rioter", "Mixed": "mixed_blood", "Seer": "seer"}
PACK |= {"Witch": "witch", "Vil A": "villager", "Vil B": "villager"}


def test_ww18_018_019_only_the_werewolves_share_the_wolf_room_and_the_knife(personas, make_user) -> None:
    """WW18-018 «所有狼人将在游戏开始后互知共群。»/«乱民与狼人不互知也不共群。» and
    WW18-019 «该阵营共群的角色可以共同指杀一名角色»: the werewolves' room
    holds the werewolves only; the rioter, and the mixed-blood who joined
    the wolves by supporting one (WW18-042, A2), neither sit in it nor see
    who is in it, are not offered the knife, and cannot hand it in."""
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", PACK, now=local("2026-03-02 15:00"), timezone="Asia/Shanghai"
    )
    flow.action_submit(
        game=game, seat=seats["Mixed"], ability="support", targets=["Wolf"], now=local("2026-03-02 16:00")
    )
    day_one = to_day_one(game)
    mixed = game.players.get(nickname="Mixed")
    assert mixed.team == "wolves"
    room = Room.objects.get(game=game, kind=Room.Kind.TEAM, key="wolves")
    assert set(room.members.values_list("nickname", flat=True)) == {"Wolf", "Wolf B"}
    url = reverse("room", args=[game.slug, room.public_id])
    pack_page = client_as(accounts["Wolf B"]).get(url).content.decode()
    assert "Wolf B" in pack_page and "Rioter" not in pack_page and "Mixed" not in pack_page
    for name in ("Rioter", "Mixed"):
        assert client_as(accounts[name]).get(url).status_code in (403, 404)
    flow.resolve_due(now=day_one["exit_orders"])
    night = local("2026-03-04 22:40")
    for name in ("Rioter", "Mixed"):
        cabinet = client_as(accounts[name]).get(reverse("cabinet", args=[game.slug])).content.decode()
        assert 'value="kill"' not in cabinet
        with pytest.raises(flow.FlowError, match="Only a living member of the team"):
            flow.action_submit(game=game, seat=seats[name], ability="kill", targets=["Seer"], team=True, now=night)
    wolf = client_as(accounts["Wolf"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert 'value="kill"' in wolf
