"""The classic game's own day on the site (classic.md §2): the blind
variant's several lynch votes a day, each with its sub-deadline in the same
day and vote threads (CLASSIC-066); a day as long as so many hours per living
player (CLASSIC-010); the deciding vote of one against one, where the last
honest player out votes (CLASSIC-044); the putana's visit taking the vote
(CLASSIC-035)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games import flow
from games.models import Game, Phase, Room

from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)  # 10:00 in Moscow
NINE = {
    "Ann": "mafioso",
    "Bea": "mafioso",
    "Cid": "citizen",
    "Dot": "citizen",
    "Eve": "citizen",
    "Fay": "citizen",
    "Gus": "citizen",
    "Hal": "citizen",
    "Ivy": "citizen",
}


def classic_game(personas, make_user, roles=NINE, **options):
    """A classic game with ``options``, past its first night: day 1 open;
    it writes its posts in English (the tests read them)."""
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "classic", roles, now=START, options=options, language="en"
    )
    night = flow.current_phase(game)
    flow.resolve_due(now=night.deadlines.get().due_at)
    game.refresh_from_db()
    return game, seats, accounts


def all_vote(game, seats, target, now, voters=None):
    for name in voters or [s for s in seats if seats[s].alive]:
        seat = game.players.get(nickname=name)
        if seat.alive:
            flow.vote_cast(game=game, seat=seat, target=game.players.get(nickname=target), now=now)


def test_the_blind_variant_holds_two_lynch_votes_a_day_each_with_its_deadline(personas, make_user) -> None:
    """CLASSIC-066: with ``blind_multi_lynch`` = 2 the day holds two lynch
    votes; the second closes ``lynch_round_minutes`` after the first, in the
    same day and vote threads, then the night opens; the cards stay hidden
    (CLASSIC-065)."""
    game, seats, accounts = classic_game(personas, make_user, blind_multi_lynch=2, lynch_round_minutes=90)
    first = flow.current_phase(game)
    assert (first.kind, first.number, first.vote_round) == ("day", 1, 1)
    closes = first.deadlines.get()
    all_vote(game, seats, "Cid", closes.due_at - timedelta(minutes=5))
    flow.resolve_due(now=closes.due_at)
    game.refresh_from_db()
    second = flow.current_phase(game)
    assert (second.kind, second.number, second.vote_round) == ("day", 1, 2)
    assert str(second) == "Day 1, vote 2"
    assert second.deadlines.get().due_at == closes.due_at + timedelta(minutes=90)
    assert Room.objects.filter(game=game, kind=Room.Kind.VOTE).count() == 1
    # The second vote starts from nothing: the first vote's ballots are spent.
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    page = client_as(accounts["Dot"]).get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert "<strong>Cid</strong>" not in page
    assert 'class="vote-form"' in page
    all_vote(game, seats, "Dot", second.opened_at + timedelta(minutes=1))
    flow.resolve_due(now=second.deadlines.get().due_at)
    game.refresh_from_db()
    night = flow.current_phase(game)
    assert (night.kind, night.number) == ("night", 2)
    assert set(game.players.filter(alive=False).values_list("nickname", flat=True)) == {"Cid", "Dot"}
    # The blind game reveals no card (CLASSIC-065), in both results posts.
    results = "\n".join(vote_room.posts.filter(by_host=True).values_list("body", flat=True))
    assert "Cid" in results and "Dot" in results
    assert "citizen" not in results.lower() and "мирн" not in results.lower()


def test_a_third_lynch_vote_is_never_opened_when_the_game_holds_two(personas, make_user) -> None:
    """CLASSIC-066: «после k голосований — ночь»: a day of nobody lynched
    still ends after its k rounds."""
    game, seats, _ = classic_game(personas, make_user, blind_multi_lynch=2)
    for _round in range(2):
        phase = flow.current_phase(game)
        assert phase.kind == "day"
        flow.resolve_due(now=phase.deadlines.get().due_at)
        game.refresh_from_db()
    assert flow.current_phase(game).kind == "night"
    assert game.phases.filter(kind="day", number=1).count() == 2


def test_the_day_lasts_its_hours_per_living_player(personas, make_user) -> None:
    """CLASSIC-010 «на каждого по минуте»: with ``day_hours_per_player`` = 2
    the vote of nine living players closes 18 hours after the morning post."""
    game, _seats, _ = classic_game(personas, make_user, day_hours_per_player=2)
    day = flow.current_phase(game)
    assert day.deadlines.get().due_at == day.opened_at + timedelta(hours=18)


def test_a_player_the_putana_visited_is_told_he_may_not_vote(personas, make_user) -> None:
    """CLASSIC-035: the putana's visit takes the next day's vote; the vote
    thread refuses it with the reason instead of a ballot that silently
    does not count."""
    roles = dict(NINE, Ivy="putana")
    game, seats, _ = dealt_game(personas["alice"], make_user, "classic", roles, now=START)
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)  # the acquaintance night
    day = flow.current_phase(game)
    flow.resolve_due(now=day.deadlines.get().due_at)  # day 1, nobody lynched
    game.refresh_from_db()
    night = flow.current_phase(game)
    flow.action_submit(game=game, seat=seats["Ivy"], ability="visit", targets=["Cid"], now=night.opened_at)
    flow.resolve_due(now=night.deadlines.get().due_at)
    game.refresh_from_db()
    morning = flow.current_phase(game).opened_at + timedelta(minutes=1)
    with pytest.raises(flow.FlowError, match="putana"):
        flow.vote_cast(game=game, seat=seats["Cid"], target=seats["Ann"], now=morning)
    flow.vote_cast(game=game, seat=seats["Dot"], target=seats["Ann"], now=morning)


def test_the_last_honest_player_out_casts_the_deciding_vote(personas, make_user) -> None:
    """CLASSIC-044 (``dispute`` = ``last_honest_vote``): one mafioso and one
    honest player left after a lynch, the night that follows is void and
    the next day is the deciding vote of ``deciding_vote_hours``: the two
    survivors and the last honest player out vote, nobody else; two votes
    lynch."""
    roles = {"Ann": "mafioso", "Ben": "citizen", "Cid": "citizen", "Dot": "citizen"}
    game, seats, accounts = dealt_game(
        personas["alice"],
        make_user,
        "classic",
        roles,
        now=START,
        options={"dispute": "last_honest_vote", "deciding_vote_hours": 6},
    )
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)  # the acquaintance night
    day = flow.current_phase(game)
    all_vote(game, seats, "Dot", day.opened_at + timedelta(minutes=1), ["Ann", "Ben", "Cid"])
    flow.resolve_due(now=day.deadlines.get().due_at)  # Dot lynched
    game.refresh_from_db()
    night = flow.current_phase(game)
    flow.action_submit(game=game, seat=seats["Ann"], ability="kill", targets=["Cid"], team=True, now=night.opened_at)
    flow.resolve_due(now=night.deadlines.get().due_at)  # Cid killed: Ann against Ben
    game.refresh_from_db()
    assert game.is_running
    deciding = flow.current_phase(game)
    assert deciding.kind == "day"
    closes = deciding.deadlines.get()
    assert closes.kind == "deciding_vote"
    assert closes.due_at == deciding.opened_at + timedelta(hours=6)
    cid = game.players.get(nickname="Cid")
    assert not cid.alive
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=deciding.number)
    page = client_as(accounts["Cid"]).get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert 'class="vote-form"' in page
    page = client_as(accounts["Dot"]).get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert 'class="vote-form"' not in page
    at = deciding.opened_at + timedelta(minutes=1)
    with pytest.raises(flow.FlowError, match="out of the game"):
        flow.vote_cast(game=game, seat=game.players.get(nickname="Dot"), target=seats["Ann"], now=at)
    flow.vote_cast(game=game, seat=cid, target=game.players.get(nickname="Ann"), now=at)
    flow.vote_cast(game=game, seat=game.players.get(nickname="Ben"), target=game.players.get(nickname="Ann"), now=at)
    flow.resolve_due(now=closes.due_at)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.winner == "town"


def test_a_deciding_vote_after_a_lynch_waits_for_a_void_night(personas, make_user) -> None:
    """CLASSIC-044: «a night step before it is void»: one against one after
    a lynch, the night offers nobody a choice, then the deciding day opens."""
    roles = {"Ann": "mafioso", "Ben": "citizen", "Cid": "citizen"}
    game, seats, _ = dealt_game(
        personas["alice"], make_user, "classic", roles, now=START, options={"dispute": "last_honest_vote"}
    )
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    day = flow.current_phase(game)
    all_vote(game, seats, "Cid", day.opened_at + timedelta(minutes=1), ["Ann", "Ben"])
    flow.resolve_due(now=day.deadlines.get().due_at)
    game.refresh_from_db()
    void = flow.current_phase(game)
    assert void.kind == "night" and game.is_running
    assert flow.open_slots(game, game.players.get(nickname="Ann")) == []
    flow.resolve_due(now=void.deadlines.get().due_at)
    game.refresh_from_db()
    deciding = flow.current_phase(game)
    assert deciding.kind == "day"
    assert deciding.deadlines.get().kind == "deciding_vote"
    at = deciding.opened_at + timedelta(minutes=1)
    flow.vote_cast(game=game, seat=game.players.get(nickname="Cid"), target=seats["Ann"], now=at)


def test_a_further_lynch_vote_key_resolves_only_its_round(personas, make_user) -> None:
    """The host's "Resolve now" names the round it saw (``day-1.2``), so a
    second click never resolves the night after it."""
    game, _seats, _ = classic_game(personas, make_user, blind_multi_lynch=2)
    flow.phase_resolve_now(game=game, phase="day-1")
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-1.2"
    with pytest.raises(flow.FlowError):
        flow.phase_resolve_now(game=game, phase="day-1")
    flow.phase_resolve_now(game=game, phase="day-1.2")
    game.refresh_from_db()
    assert flow.current_phase(game).kind == Phase.Kind.NIGHT


def test_the_host_puts_candidates_to_the_vote_and_only_they_count(personas, make_user) -> None:
    """CLASSIC-011: the host «выносит на голосование»: once he publishes
    the list, only those players may be voted for, a standing ballot for
    anyone else drops out of the public count, and the day resolves on the
    list."""
    game, seats, accounts = classic_game(personas, make_user)
    day = flow.current_phase(game)
    at = day.opened_at + timedelta(minutes=1)
    for name in ("Cid", "Dot", "Eve", "Fay", "Gus"):
        flow.vote_cast(game=game, seat=seats[name], target=seats["Hal"], now=at)
    host = client_as(personas["alice"])
    dashboard = host.get(reverse("host", args=[game.slug])).content.decode()
    assert "candidates-form" in dashboard
    response = host.post(reverse("host_candidates", args=[game.slug]), {"names": ["Ann", "Ivy"]})
    assert response.status_code == 302
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    page = client_as(accounts["Dot"]).get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert "The host puts to the vote: Ann, Ivy" in page
    assert "<strong>Hal</strong>" not in page  # the five ballots for Hal no longer count
    assert "candidates-form" not in host.get(reverse("host", args=[game.slug])).content.decode()
    with pytest.raises(flow.FlowError, match="candidates"):
        flow.vote_cast(game=game, seat=seats["Dot"], target=seats["Hal"], now=at)
    with pytest.raises(flow.FlowError, match="already published"):
        flow.candidates_put(game=game, names=["Hal"], now=at)
    for name in ("Cid", "Dot", "Eve", "Fay", "Gus"):
        flow.vote_cast(game=game, seat=seats[name], target=seats["Ann"], now=at)
    flow.resolve_due(now=day.deadlines.get().due_at)
    assert not game.players.get(nickname="Ann").alive
    assert game.players.get(nickname="Hal").alive


def test_a_stranger_and_a_player_cannot_publish_candidates(personas, make_user) -> None:
    """Only the host puts players to the vote."""
    game, seats, accounts = classic_game(personas, make_user)
    for client in (client_as(accounts["Cid"]), client_as(make_user("stranger"))):
        response = client.post(reverse("host_candidates", args=[game.slug]), {"names": ["Ann"]})
        assert response.status_code in (403, 404)
    assert not flow.current_phase(game).candidates


def test_without_a_host_the_morning_post_reads_every_note_shuffled(personas, make_user) -> None:
    """CLASSIC-061 to CLASSIC-064 (``no_host``): each mafioso hands in a
    note from his cabinet; the morning post reads every living player's
    note anonymously (the mafia's name, «честный» for the others), in the
    game's language (by default the rules' own, Russian), and the victim leaves."""
    roles = {"Ann": "mafioso", "Bea": "mafioso", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen", "Fay": "citizen"}
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "classic", roles, now=START, options={"no_host": True}
    )
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)  # the acquaintance night
    day = flow.current_phase(game)
    flow.resolve_due(now=day.deadlines.get().due_at)
    game.refresh_from_db()
    night = flow.current_phase(game)
    assert [s.ability for s in flow.open_slots(game, seats["Ann"])] == ["kill"]
    assert flow.open_slots(game, seats["Cid"]) == []
    for name in ("Ann", "Bea"):
        flow.action_submit(game=game, seat=seats[name], ability="kill", targets=["Dot"], now=night.opened_at)
    flow.resolve_due(now=night.deadlines.get().due_at)
    assert not game.players.get(nickname="Dot").alive
    day_room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first()
    morning = day_room.posts.filter(by_host=True).order_by("number").first().body
    assert morning.count("«Dot»") == 2
    assert morning.count("«честный»") == 4
    assert "A note" not in morning


def test_the_cabinet_says_why_and_when_an_ability_is_not_open(personas, make_user) -> None:
    """A role's ability it cannot use now is listed with why (the first
    night only introduces, CLASSIC-007) or when (the commissar checks at
    night, CLASSIC-037), not silently left out."""
    roles = dict(NINE, Ivy="commissar")
    game, seats, accounts = dealt_game(personas["alice"], make_user, "classic", roles, now=START, language="en")
    commissar = client_as(accounts["Ivy"])
    page = commissar.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Not open now" in page
    assert "<strong>Check</strong>: The first night is only for meeting the host" in page
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    page = commissar.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "<strong>Check</strong>: at night" in page
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    page = commissar.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert 'class="action-form"' in page and "Not open now" not in page
