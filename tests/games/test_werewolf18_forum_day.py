"""werewolf18's own forum day on the site (digest §2): the day thread's
span with its weekend rule (WW18-072), last words (WW18-016), the players'
acceleration (WW18-068) and the wolves' surrender from the browser
(WW18-017)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Game, Resolution, Room, Vote
from tests.games.test_vote_laws import dealt_game

SHANGHAI = ZoneInfo("Asia/Shanghai")
TABLE = {"Wolf": "werewolf", "Seer": "seer", "Witch": "witch", "Hunter": "hunter", "Vil A": "villager"}
TABLE["Vil B"] = "villager"


def local(text: str) -> datetime:
    """``"2026-03-06 22:00"`` in the game's time zone (UTC+8), as aware UTC."""
    return datetime.fromisoformat(text).replace(tzinfo=SHANGHAI).astimezone(UTC)


def shown(when: datetime) -> str:
    return when.astimezone(SHANGHAI).strftime("%a %Y-%m-%d %H:%M")


def due_of(game: Game) -> dict[str, datetime]:
    """The open phase's deadlines by schedule entry."""
    game.refresh_from_db()
    return {d.kind: d.due_at for d in flow.current_phase(game).deadlines.all()}


def werewolf_table(personas, make_user, start: datetime, **fields):
    """The small table dealt by hand in Shanghai time, started at ``start``;
    it writes its posts in English (the tests read them)."""
    fields.setdefault("language", "en")
    return dealt_game(personas["alice"], make_user, "werewolf18", TABLE, now=start, timezone="Asia/Shanghai", **fields)


def to_day_one(game: Game) -> dict[str, datetime]:
    """Resolve the set-up step at its deadline (10:00 local, the morning
    the first thread opens); returns day 1's deadlines."""
    flow.resolve_due(now=due_of(game)["setup"])
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-1"
    return due_of(game)


def to_next_day(game: Game, day: dict[str, datetime]) -> dict[str, datetime]:
    """Close the day and its night at their deadlines; the next day's deadlines."""
    flow.resolve_due(now=day["exit_orders"])
    flow.resolve_due(now=due_of(game)["witch"])
    game.refresh_from_db()
    assert flow.current_phase(game).kind == "day"
    return due_of(game)


@pytest.mark.parametrize(
    ("start", "day_one_closes", "day_two_closes"),
    [
        # Day 1 opens Tuesday morning: Wednesday 22:00; day 2 (Thursday) closes Friday.
        pytest.param("2026-03-02 15:00", "Wed 2026-03-04 22:00", "Fri 2026-03-06 22:00", id="tuesday"),
        # Day 1 on Wednesday closes Thursday; day 2 opens on Friday: the span
        # touches Saturday, so it closes on Sunday evening (A+2).
        pytest.param("2026-03-03 15:00", "Thu 2026-03-05 22:00", "Sun 2026-03-08 22:00", id="friday-day-two"),
        # Day 1 on a Friday is never extended: Saturday 22:00.
        pytest.param("2026-03-05 15:00", "Sat 2026-03-07 22:00", "Tue 2026-03-10 22:00", id="friday-day-one"),
        # Day 1 on Sunday is not extended; day 2 on Tuesday closes Wednesday 22:00.
        pytest.param("2026-03-07 15:00", "Mon 2026-03-09 22:00", "Wed 2026-03-11 22:00", id="tuesday-day-two"),
    ],
)
def test_a_werewolf18_day_closes_on_the_evening_of_a_plus_one_or_two_at_weekends(
    personas, make_user, start: str, day_one_closes: str, day_two_closes: str
) -> None:
    """WW18-072: «一般是A日上午开帖,到A+1日晚上关帖。每逢周末就延长一天…
    第一天讨论日不因周末而延长。» The thread opens at 10:00 (the set-up
    step's deadline, or the morning after the night), and the vote closes
    at 22:00 UTC+8 on A+1, A+2 when the span touches a weekend day."""
    game, _seats, _accounts = werewolf_table(personas, make_user, local(start))
    day_one = to_day_one(game)
    assert shown(flow.current_phase(game).opened_at).endswith("10:00")
    assert shown(day_one["vote"]) == day_one_closes
    assert shown(day_one["no_vote_change"]) == day_one_closes.replace("22:00", "21:00")
    day_two = to_next_day(game, day_one)
    assert shown(day_two["vote"]) == day_two_closes


def test_a_fast_werewolf18_game_keeps_its_minute_offsets(personas, make_user) -> None:
    """Turbo games keep the schedule's minute offsets: no day is stretched."""
    start = local("2026-03-06 09:00")  # a Friday
    game, _seats, _accounts = werewolf_table(personas, make_user, start, fast=True)
    day_one = to_day_one(game)
    opened = flow.current_phase(game).opened_at
    assert (day_one["vote"] - opened).total_seconds() == 120 * 60 * game.fast_scale


def client_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_last_words_are_sent_from_the_cabinet_until_an_hour_before_the_thread_and_given_in_the_morning_report(
    personas, make_user
) -> None:
    """WW18-016 and §2 «遗言»: the first players to leave hold last words; the
    holder sends them from his cabinet until an hour before the next thread
    opens (09:00 UTC+8). The morning report that opens the thread at 10:00
    gives the night's exits, then the last words (WW18-072): nothing is
    posted at 09:00, the host's draft holds them, and the report carries
    them. A late text is refused with the deadline, and kept in the form; a
    living player holds no such right."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    day_one = to_day_one(game)
    flow.resolve_due(now=day_one["exit_orders"])
    night = due_of(game)
    flow.action_submit(
        game=game, seat=seats["Wolf"], ability="kill", targets=["Vil A"], team=True, now=day_one["exit_orders"]
    )
    flow.resolve_due(now=night["witch"])
    assert not game.players.get(nickname="Vil A").alive
    assert flow.current_phase(game).key == "day-2"
    assert shown(night["last_words"]) == "Thu 2026-03-05 09:00"  # day 2's thread opens Thursday 10:00
    vil_a = client_as(accounts["Vil A"])
    with time_machine.travel(local("2026-03-05 08:00"), tick=False):
        page = vil_a.get(reverse("cabinet", args=[game.slug])).content.decode()
        assert "You may send your last words until 2026-03-05 09:00 UTC+8" in page
        response = vil_a.post(reverse("cabinet", args=[game.slug]), {"last_words": "I was a plain villager."})
        assert response.status_code == 302
        hunter = client_as(accounts["Hunter"]).get(reverse("cabinet", args=[game.slug])).content.decode()
        assert "Your last words" not in hunter
    with pytest.raises(flow.FlowError, match="no right to last words"):
        flow.last_words_send(game=game, seat=seats["Seer"], text="Me too", now=local("2026-03-05 08:00"))
    flow.resolve_due(now=night["last_words"])
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=2)
    assert not day_room.posts.filter(body__contains="Last words of Vil A").exists()
    draft = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="night", deadline__phase__number=1)
    assert "Last words of Vil A" in draft.results and draft.published_post is None
    flow.resolve_due(now=local("2026-03-05 10:00"))
    post = day_room.posts.filter(by_host=True, body__contains="Last words of Vil A").get()
    assert post.body.index("Vil A was killed tonight") < post.body.index("Last words of Vil A")
    assert "[quote]I was a plain villager.[/quote]" in post.body
    assert day_room.posts.order_by("id").first() == post  # the report opens the thread
    with time_machine.travel(local("2026-03-05 09:30"), tick=False):
        response = vil_a.post(reverse("cabinet", args=[game.slug]), {"last_words": "One more thing!"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Too late: last words were due at 2026-03-05 09:00 UTC+8" in page
    assert "One more thing!" in page
    assert day_room.posts.filter(body__contains="Last words of Vil A").count() == 1


def test_last_words_not_sent_in_time_are_given_up(personas, make_user) -> None:
    """§2 «遗言»: a holder who sent nothing an hour before the thread opens has given them up."""
    game, seats, _accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    day_one = to_day_one(game)
    flow.resolve_due(now=day_one["exit_orders"])
    night = due_of(game)
    flow.action_submit(
        game=game, seat=seats["Wolf"], ability="kill", targets=["Vil B"], team=True, now=day_one["exit_orders"]
    )
    flow.resolve_due(now=night["witch"])
    flow.resolve_due(now=local("2026-03-05 10:00"))
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=2)
    report = day_room.posts.get(by_host=True, body__contains="Results of night 1")
    assert report.body.endswith("Vil B left no last words.")


NINE = {"Wolf": "werewolf", "Wolf B": "werewolf", "Seer": "seer", "Witch": "witch", "Hunter": "hunter"}
NINE |= {"Guard": "guard", "Vil A": "villager", "Vil B": "villager", "Vil C": "villager", "Vil D": "villager"}


def test_more_than_half_of_the_living_accelerate_the_game_and_votes_no_longer_change(personas, make_user) -> None:
    """WW18-068: «如果在进程帖中申请加速的玩家超过所有存活玩家的二分之一则游戏进程加速。…
    进程加速后不允许改票». One request per living player, withdrawable until
    agreed; 5 of 9 is more than half; a player out of the game and a
    stranger cannot ask."""
    start = local("2026-03-02 15:00")
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", NINE, now=start, timezone="Asia/Shanghai", language="en"
    )
    to_day_one(game)
    flow.penalty_apply(game=game, kind="disqualify", target="Vil D", now=local("2026-03-03 11:00"))
    assert game.players.alive().count() == 9
    url = reverse("accelerate", args=[game.slug])
    with time_machine.travel(local("2026-03-03 12:00"), tick=False):
        assert client_as(personas["dave"]).post(url).status_code == 403
        dead = client_as(accounts["Vil D"])
        page = dead.post(url, follow=True).content.decode()
        assert "Only a player still in the game may ask for acceleration." in page
        vil_a = client_as(accounts["Vil A"])
        page = vil_a.post(url, {"ask": "1"}, follow=True).content.decode()
        assert "1 of the 9 players in the game asked for acceleration" in page and "Withdraw my request" in page
        vil_a.post(url, {"ask": "0"})
        for name in ("Seer", "Witch", "Hunter", "Guard"):
            client_as(accounts[name]).post(url, {"ask": "1"})
        page = vil_a.get(reverse("game", args=[game.slug])).content.decode()
        assert "4 of the 9 players in the game asked for acceleration" in page
        assert "Withdraw my request" not in page and "Ask for acceleration" in page
        game.refresh_from_db()
        assert not game.options.get("accelerated")
        flow.vote_cast(game=game, seat=seats["Seer"], target=seats["Wolf"])
        page = vil_a.post(url, {"ask": "1"}, follow=True).content.decode()
        assert "The game is accelerated (WW18-068)" in page
        game.refresh_from_db()
        assert game.options["accelerated"] and flow.state_of(game).option("accelerated")
        day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
        assert day_room.posts.filter(by_host=True, body__contains="5 of the 9 players in the game").exists()
        page = vil_a.post(url, {"ask": "0"}, follow=True).content.decode()
        assert "The game is already accelerated" in page
        vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
        seer = client_as(accounts["Seer"])
        page = seer.post(
            reverse("vote", args=[game.slug, vote_room.public_id]),
            {"target": seats["Wolf B"].public_id, "reason": "He dodged the question"},
            follow=True,
        ).content.decode()
    assert "The game is accelerated: vote changes are not allowed." in page
    assert Vote.objects.filter(game=game, voter=seats["Seer"]).count() == 1


def test_werewolves_in_and_out_of_the_game_surrender_from_their_cabinets(personas, make_user) -> None:
    """WW18-017 / WW18-012: a surrender agreed by every werewolf, in or out
    of the game, defeats the wolves; each hands it in from his cabinet."""
    start = local("2026-03-02 15:00")
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", NINE, now=start, timezone="Asia/Shanghai"
    )
    day_one = to_day_one(game)
    flow.penalty_apply(game=game, kind="disqualify", target="Wolf B", now=local("2026-03-03 11:00"))
    with time_machine.travel(local("2026-03-03 12:00"), tick=False):
        for name in ("Wolf B", "Wolf"):
            cabinet = client_as(accounts[name])
            page = cabinet.get(reverse("cabinet", args=[game.slug])).content.decode()
            assert 'value="surrender"' in page
            response = cabinet.post(reverse("cabinet", args=[game.slug]), {"ability": "surrender", "team": ""})
            assert response.status_code == 302
        seer = client_as(accounts["Seer"]).get(reverse("cabinet", args=[game.slug])).content.decode()
        assert 'value="surrender"' not in seer
    flow.resolve_due(now=day_one["exit_orders"])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "village"


def test_the_day_thread_opens_on_the_morning_with_the_morning_report(personas, make_user) -> None:
    """WW18-072 and §2 «The discussion thread opens on the morning of date A
    with the morning report»: the night resolves at 23:30, but the next day
    opens at 10:00; until then its threads take no post or vote, the
    cabinet offers nothing, the phase bar says when it opens, and the night's
    report goes up at 10:00."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    day_one = to_day_one(game)
    flow.resolve_due(now=day_one["exit_orders"])
    night = due_of(game)
    flow.resolve_due(now=night["witch"])
    game.refresh_from_db()
    day = flow.current_phase(game)
    assert day.kind == "day" and shown(day.opened_at) == "Thu 2026-03-05 10:00"
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=day.number)
    assert not day_room.posts.filter(by_host=True).exists()  # the report waits for the morning
    early = local("2026-03-05 08:00")
    with pytest.raises(flow.FlowError, match="opens at 2026-03-05 10:00"):
        flow.post_create(room=day_room, seat=seats["Seer"], body="Доброе утро", now=early)
    with pytest.raises(flow.FlowError, match="opens at"):
        flow.vote_cast(game=game, seat=seats["Seer"], target=seats["Wolf"], now=early)
    with time_machine.travel(early, tick=False):
        page = client_as(accounts["Seer"]).get(reverse("game", args=[game.slug])).content.decode()
        assert "opens at 2026-03-05 10:00" in page
    flow.resolve_due(now=day.opened_at)
    report = day_room.posts.filter(by_host=True).order_by("number").first()
    assert report is not None and "Results of night" in report.body
    assert report.created_at == day.opened_at
    flow.post_create(room=day_room, seat=seats["Seer"], body="Доброе утро", now=day.opened_at)
    flow.vote_cast(game=game, seat=seats["Seer"], target=seats["Wolf"], now=day.opened_at)


def test_a_werewolf18_vote_post_is_worded_as_the_document_asks(personas, make_user) -> None:
    """WW18-065 and §2: «投票对象：X / 投票理由：…» or «投票对象：弃权»; the
    vote form asks for the reason; a change quotes the original vote and is
    worded «改票对象：… / 改票理由：…». The game writes in its document's Chinese."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"), language="zh-hans")
    day_one = to_day_one(game)
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    url = reverse("vote", args=[game.slug, vote_room.public_id])
    seer = client_as(accounts["Seer"])
    with time_machine.travel(day_one["vote"] - timedelta(hours=3), tick=False):
        page = seer.get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
        assert 'name="reason"' in page
        seer.post(url, {"target": seats["Wolf"].public_id, "reason": "他昨晚发言矛盾"})
        first = vote_room.posts.filter(author=seats["Seer"]).order_by("number").last()
        assert first.body == "投票对象：Wolf\n投票理由：他昨晚发言矛盾"
        seer.post(url, {"target": "abstain", "reason": "搞不清楚"})
        change = vote_room.posts.filter(author=seats["Seer"]).order_by("number").last()
        assert change.body == f"[quote=#{first.number}]{first.body}[/quote]\n改票对象：弃权\n改票理由：搞不清楚"


def test_the_hosts_removal_is_a_red_card_at_once_with_no_identity_no_last_words_and_the_badge_passed(
    personas, make_user
) -> None:
    """WW18-075 knows one way out a host gives, the red card (红牌罚下): the
    host's removal sends the player off at once with no last words, shot or
    badge pass (WW18-013); a sheriff's badge goes to a random player, who is
    told (WW18-014); his identity is never published (WW18-074)."""
    game, seats, accounts = werewolf_table(personas, make_user, local("2026-03-02 15:00"))
    to_day_one(game)
    game.state["memory"]["sheriff"] = "Hunter"
    game.save(update_fields=["state"])
    flow.penalty_apply(game=game, kind="disqualify", target="Hunter", now=local("2026-03-03 12:00"))
    hunter = game.players.get(nickname="Hunter")
    assert not hunter.alive and hunter.revealed_role == "" and hunter.last_words_until is None
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    post = day_room.posts.filter(by_host=True).last()
    state = flow.state_of(game)
    successor = state.memory["sheriff"]
    # No "Role: …"; the new sheriff is public.
    assert post.body == f"Hunter was sent off with a red card.\n{successor} is now the sheriff."
    day_thread = client_as(accounts["Vil A"]).get(reverse("room", args=[game.slug, day_room.public_id]))
    assert "Hunter was sent off with a red card." in day_thread.content.decode()
    assert successor in {"Wolf", "Seer", "Witch", "Vil A", "Vil B"}
    cabinet = Room.objects.get(game=game, kind=Room.Kind.CABINET, key=seats[successor].public_id)
    assert cabinet.posts.filter(by_host=True, body__icontains="sheriff").exists()
    assert (
        not client_as(accounts["Vil A"]).get(reverse("cabinet", args=[game.slug])).content.decode().count("last words")
    )
