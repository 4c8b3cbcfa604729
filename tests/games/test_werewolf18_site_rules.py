"""werewolf18 on the site as its document says: the public count is the
count of the result (WW18-068), the wolf group's room and knife
(WW18-018, WW18-019), the vote posts (WW18-034, WW18-065, WW18-067), the
post minimum (潜水), the directors' proxy vote (玩家须知 9) and the
"Host a game" defaults (Asia/Shanghai, the document's deadlines)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
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
    # The ballot log lists the change as cast; the count says it is void.
    assert "Vote change void: the game is accelerated (WW18-068): Vil A" in page
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


def test_ww18_065_an_abstention_is_qiquan_and_a_change_is_worded_gaipiao(personas, make_user) -> None:
    """WW18-065 «允许弃权…改票时必须引用原投票帖，并明确说明改票对象和改票理由»: an
    explicit abstention is 弃权 in the count and in the results (弃票, a
    missing or void ballot, is what earns the yellow card, WW18-067); a
    change is posted as «改票对象：X / 改票理由：…», quoting the vote."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"), language="zh-hans")
    day_one = to_day_one(game)
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    url = reverse("vote", args=[game.slug, vote_room.public_id])
    seer = client_as(accounts["Seer"])
    with time_machine.travel(local("2026-03-03 12:00"), tick=False):
        seer.post(url, {"target": seats["Wolf"].public_id, "reason": "发言矛盾"})
        seer.post(url, {"target": "abstain", "reason": "搞不清楚"})
        change = vote_room.posts.filter(author=seats["Seer"]).order_by("number").last()
        assert change.body.endswith("\n改票对象：弃权\n改票理由：搞不清楚")
        page = client_as(accounts["Witch"]).get(
            reverse("room", args=[game.slug, vote_room.public_id]), HTTP_ACCEPT_LANGUAGE="zh-hans"
        )
        text = page.content.decode()
        assert "弃权: Seer" in text or "弃权：Seer" in text
        assert "弃票" not in text
    flow.resolve_due(now=day_one["vote"])
    closed = vote_room.posts.filter(by_host=True).order_by("number").last()
    assert "弃权：Seer" in closed.body and "弃票" not in closed.body


def test_ww18_034_a_revealed_idiot_is_offered_no_ballot_and_cannot_abstain(personas, make_user) -> None:
    """WW18-034 «发动此技能后，白痴不能成为投票对象，不能参与投票»: the revealed
    idiot's vote thread offers him no vote form, and an abstention from
    him is refused with the rule's sentence, nothing posted."""
    table = {"Wolf": "werewolf", "Seer": "seer", "Idiot": "idiot", "Vil A": "villager", "Vil B": "villager"}
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", table, now=local("2026-03-02 15:00"), timezone="Asia/Shanghai"
    )
    idiot = next(p for p in game.state["players"] if p["name"] == "Idiot")
    idiot["counters"]["revealed"] = True
    game.save(update_fields=["state"])
    to_day_one(game)
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    with time_machine.travel(local("2026-03-03 12:00"), tick=False):
        page = client_as(accounts["Idiot"]).get(reverse("room", args=[game.slug, vote_room.public_id]))
        assert 'class="vote-form"' not in page.content.decode()
        response = client_as(accounts["Idiot"]).post(
            reverse("vote", args=[game.slug, vote_room.public_id]), {"target": "abstain", "reason": "我装傻了"}
        )
    assert response.status_code == 400
    assert "A revealed idiot can neither vote nor be voted for" in response.content.decode()
    with pytest.raises(flow.FlowError, match="A revealed idiot can neither vote"):
        flow.vote_cast(game=game, seat=seats["Idiot"], abstain=True, now=local("2026-03-03 12:00"))
    assert not vote_room.posts.filter(author=seats["Idiot"]).exists()


def test_ww18_065_a_vote_needs_its_reason_and_a_refused_vote_keeps_the_form(personas, make_user) -> None:
    """WW18-065 «明确说明投票对象和投票理由»: a vote post without its reason
    is refused with that sentence; a reason over the limit is refused with
    the limit; either way the page comes back with the choice and the text
    kept, and nothing is posted."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    to_day_one(game)
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    url = reverse("vote", args=[game.slug, vote_room.public_id])
    seer = client_as(accounts["Seer"])
    with time_machine.travel(local("2026-03-03 12:00"), tick=False):
        response = seer.post(url, {"target": seats["Wolf"].public_id, "reason": ""})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Give the reason for your vote" in page
        assert f'value="{seats["Wolf"].public_id}" selected' in page
        long_reason = "very suspicious " * 130
        response = seer.post(url, {"target": seats["Wolf"].public_id, "reason": long_reason})
        assert response.status_code == 400
        page = response.content.decode()
        assert "A reason may be at most 2000 characters long" in page
        assert "Choose a player who is still in the game." not in page
        assert long_reason.strip() in page
    assert not vote_room.posts.filter(author=seats["Seer"]).exists()


def test_ww18_007_a_day_with_no_vote_says_nobody_voted_not_a_tie(personas, make_user) -> None:
    """WW18-007/008: a tie removes nobody; a day on which nobody voted for
    anybody is no tie, and its results say so. (An accelerated game, so
    that silence earns nobody a card, WW18-068.)"""
    start = local("2026-03-02 15:00")
    game, _seats, _accounts = werewolf_table(personas, make_user, start, options={"accelerated": True})
    day_two = open_day_two(game)
    flow.resolve_due(now=day_two["exit_orders"])
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=2)
    results = day_room.posts.filter(by_host=True, body__contains="Results of the vote, day 2").get()
    assert "Nobody voted for anybody: nobody leaves." in results.body
    assert "tied" not in results.body


def _form_defaults(form) -> dict:
    """What the "Host a game" form posts when the host changes nothing."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    return data


def test_host_a_game_starts_from_the_rulesets_time_zone_language_and_deadlines(client, personas) -> None:
    """WW18-072 and digest §2: the document's forum keeps UTC+8; the "Host a
    game" form starts every ruleset from its declared time zone and
    language, so werewolf18 opens in Asia/Shanghai and Chinese with the
    document's deadlines (thread at 10:00, no change after 21:00, proxy
    votes until 21:30, the vote closing at 22:00) as wall times there, and a
    game hosted with the defaults keeps them."""
    import rulesets
    from games.forms import GameCreateForm
    from games.models import Game

    client.force_login(personas["alice"])
    for ruleset_id in rulesets.REGISTRY:
        page = client.get(reverse("game_new") + f"?ruleset={ruleset_id}")
        if page.status_code != 200:
            continue  # not offered on this site
        zone = rulesets.get(ruleset_id).time_zone
        assert f'<option value="{zone}" selected>' in page.content.decode(), ruleset_id
    page = client.get(reverse("game_new") + "?ruleset=werewolf18").content.decode()
    assert '<option value="Asia/Shanghai" selected>' in page
    assert '<option value="zh-hans" selected' in page
    form = GameCreateForm(ruleset=rulesets.get("werewolf18"))
    data = _form_defaults(form) | {"title": "凤囚凰"}
    assert (data["setup"], data["no_vote_change"], data["proxy_vote"], data["vote"]) == (
        "10:00",
        "21:00",
        "21:30",
        "22:00",
    )
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 302
    game = Game.objects.get(title="凤囚凰")
    assert game.timezone == "Asia/Shanghai" and game.language == "zh-hans"
    assert game.deadlines["vote"] == "22:00" and game.deadlines["witch"] == "23:30"


def test_qianshui_fewer_than_five_posts_on_a_day_earn_a_yellow_card_on_the_site(personas, make_user) -> None:
    """潜水 (判罚依据 5 (1), 玩家须知 2): «单个讨论日不足五帖…将直接判作黄牌». The
    site counts each living player's posts in the day's discussion and vote
    threads and the day's resolution gives the yellow card: the host reads
    it in the resolution trace; the dashboard flags the day under the
    document's minimum of five, which the "Host a game" form proposes."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    day_one = to_day_one(game)
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    now = local("2026-03-03 12:00")
    for n in range(4):
        flow.post_create(room=day_room, seat=seats["Seer"], body=f"Thought {n}", now=now)
    for n in range(2):
        flow.post_create(room=day_room, seat=seats["Witch"], body=f"Hm {n}", now=now)
    for name in ("Seer", "Witch"):
        flow.vote_cast(game=game, seat=seats[name], target=seats["Wolf"], now=now)
    flow.resolve_due(now=day_one["exit_orders"])
    host = client_as(personas["alice"]).get(reverse("host", args=[game.slug])).content.decode()
    assert "Witch wrote 3 posts today, fewer than five: an automatic yellow card (潜水)." in host
    assert "Seer wrote" not in host
    game.refresh_from_db()
    state = flow.state_of(game)
    assert state.players["Witch"].counters["cards:yellow"] == 1
    assert state.players["Seer"].counters.get("cards:yellow", 0) == 0
    form = client_as(personas["alice"]).get(reverse("game_new") + "?ruleset=werewolf18").content.decode()
    assert 'name="post_minimum" value="5"' in form


def test_proxy_vote_the_host_casts_a_players_vote_until_thirty_minutes_before_the_close(personas, make_user) -> None:
    """玩家须知 9 导演代投: «若玩家无法在规定时间内进行投票，允许玩家以其它方式联系导演请求代投。
    代投必须明确指定投票对象…导演至少在投票截至的30分钟前…发出代投信息。如需代投改票，需在
    投票截止前1个小时…若玩家在投票截止前30分钟内再让导演代投，该票作废。» The host's
    dashboard posts the vote in the vote thread, headed with the player; it
    counts as his vote; a proxy change keeps to the last hour's rule
    (WW18-066); after 21:30 (UTC+8) a proxy vote is refused with the
    deadline."""
    game, seats, _accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    day_one = to_day_one(game)
    host = client_as(personas["alice"])
    url = reverse("host_proxy_vote", args=[game.slug])
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    with time_machine.travel(local("2026-03-03 12:00"), tick=False):
        dashboard = host.get(reverse("host", args=[game.slug])).content.decode()
        assert 'class="inline-form proxy-vote-form"' in dashboard
        page = host.post(url, {"voter": "Vil A", "target": "Wolf"}, follow=True).content.decode()
        assert "The vote of Vil A for Wolf is posted." in page
    post = vote_room.posts.filter(by_host=True).order_by("number").last()
    assert post.body.startswith("[b]Proxy vote for Vil A[/b]") and "Vote: Wolf" in post.body
    count = host.get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    # The voter's name links to his vote history: read the count's text.
    assert "<strong>Wolf</strong>: 1" in count and "(Vil A)" in re.sub(r"<[^>]+>", "", count)
    with time_machine.travel(local("2026-03-04 21:10"), tick=False):
        page = host.post(url, {"voter": "Vil A", "target": "Seer"}, follow=True).content.decode()
        assert "Votes may no longer be changed: changes closed at 2026-03-04 21:00" in page
    with time_machine.travel(local("2026-03-04 21:40"), tick=False):
        page = host.post(url, {"voter": "Vil B", "target": "Wolf"}, follow=True).content.decode()
        assert "Proxy votes closed at 2026-03-04 21:30" in page
    assert list(game.votes.values_list("voter__nickname", "target__nickname")) == [("Vil A", "Wolf")]
    assert day_one["proxy_vote"] == local("2026-03-04 21:30")


def test_ww18_071_the_witch_is_neither_offered_nor_taken_before_the_knife_information(personas, make_user) -> None:
    """WW18-071 «女巫在关门后一个半小时内…» with WW18-023 通灵: the witch answers
    once told whom the knives chose. While the knives are open her cabinet
    offers no potion, and a potion handed in is refused with the moment it
    opens (the knives' close, in the game's time zone); once the knives
    close she is offered both and her antidote is taken."""
    from tests.games.test_every_ruleset import werewolf_night

    game, night, at = werewolf_night(personas, make_user)
    seats = {p.nickname: p for p in game.players.all()}
    assert not [s for s in flow.open_slots(game, seats["Witch"]) if s.ability in ("save", "poison")]
    page = client_as(seats["Witch"].user).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "<h3>Antidote</h3>" not in page and "<h3>Poison</h3>" not in page
    opens = flow.local_deadline(game, at["night_actions"])
    for ability in ("save", "poison"):
        with pytest.raises(flow.FlowError, match=re.escape(f"opens at {opens}, at the end of night actions")):
            flow.action_submit(game=game, seat=seats["Witch"], ability=ability, targets=["Vil A"], now=night.opened_at)
    flow.resolve_due(now=at["night_actions"])
    assert [s.ability for s in flow.open_slots(game, seats["Witch"])] == ["save", "poison"]
    later = at["night_actions"] + timedelta(minutes=1)
    flow.action_submit(game=game, seat=seats["Witch"], ability="save", targets=["Vil A"], now=later)


def test_ww18_071_exit_orders_are_neither_offered_nor_taken_before_the_vote_closes(personas, make_user) -> None:
    """WW18-071 «猎人、白痴、警长被投票出局时需要发动技能»: the hunter's last shot
    is an exit order, given once the vote has closed. During the day his
    cabinet does not offer it and a shot handed in is refused with the
    moment it opens (the vote's close); after the close it is offered and
    taken."""
    from tests.games.test_every_ruleset import werewolf_night

    game, _night, at = werewolf_night(personas, make_user)
    flow.resolve_due(now=at["witch"])
    game.refresh_from_db()
    day = flow.current_phase(game)
    due = {d.kind: d.due_at for d in day.deadlines.all()}
    hunter = game.players.get(nickname="Hunter")
    assert "shoot" not in [s.ability for s in flow.open_slots(game, hunter)]
    page = client_as(hunter.user).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "<h3>Last shot</h3>" not in page
    opens = flow.local_deadline(game, due["vote"])
    with pytest.raises(flow.FlowError, match=re.escape(f"opens at {opens}, at the end of the vote")):
        flow.action_submit(game=game, seat=hunter, ability="shoot", targets=["Wolf"], now=day.opened_at)
    flow.resolve_due(now=due["vote"])
    assert "shoot" in [s.ability for s in flow.open_slots(game, hunter)]
    flow.action_submit(
        game=game, seat=hunter, ability="shoot", targets=["Wolf"], now=due["vote"] + timedelta(minutes=1)
    )
