"""A piter game played through the site's flow and pages: the tie of the
evening vote and what follows it (the tied players' extra minute, the
re-vote, the Ghost's pick), the clan's shot, and what the cabinet tells
each role, read as the players read them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from games import flow
from games.errors import FlowError
from games.models import Game, Phase, Resolution, Room

from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)
SIX = {"Ann": "mafioso", "Bea": "mafioso", "Cid": "citizen", "Dot": "citizen", "Eve": "doctor", "Fay": "journalist"}
MINUTE = timedelta(minutes=1)


def deadline(phase: Phase, kind: str) -> datetime:
    """The due time of the phase's deadline ``kind``."""
    return phase.deadlines.get(kind=kind).due_at


def to_next_phase(game: Game, phase: Phase) -> Phase:
    """Fire the phase's deadlines until it resolves; returns the phase opened next."""
    for row in phase.deadlines.order_by("due_at"):
        phase.refresh_from_db()
        if phase.resolved_at:
            break
        flow.resolve_due(now=row.due_at)
    game.refresh_from_db()
    return flow.current_phase(game)


TIE_VOTES = {"Ann": "Cid", "Bea": "Cid", "Dot": "Cid", "Cid": "Ann", "Eve": "Ann", "Fay": "Ann"}


def evening(game: Game, seats, phase: Phase, nominations: list[tuple[str, str]], votes: dict[str, str]) -> None:
    """Nominate (nominator, nominee) in order, then cast ``votes`` (voter → nominee)."""
    flow.resolve_due(now=deadline(phase, "nominations_open"))
    for nominator, nominee in nominations:
        flow.nominate(
            game=game, seat=seats[nominator], target=seats[nominee], now=deadline(phase, "nominations_open") + MINUTE
        )
    flow.resolve_due(now=deadline(phase, "nominations_close"))
    flow.resolve_due(now=deadline(phase, "defence_close"))
    for voter, target in votes.items():
        flow.vote_cast(
            game=game, seat=seats[voter], target=seats[target], now=deadline(phase, "defence_close") + MINUTE
        )


def act(game: Game, seat, ability: str, targets: list[str], when: datetime, team: bool = False) -> None:
    flow.action_submit(game=game, seat=seat, ability=ability, targets=targets, team=team, now=when)


def fifty_fifty(personas, make_user, language: str = "en"):
    """Six players; day 1 executes Dot; night 2 the clan shoots Cid, the
    doctor heals Fay, the journalist compares Ann and Bea: the morning of
    day 2 has two mafia against two (PITER-091) and Cid can be left as the
    Ghost (PITER-092). Returns (game, seats, accounts, the day-2 phase)."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", SIX, now=START, language=language)
    day1 = to_next_phase(game, flow.current_phase(game))
    evening(game, seats, day1, [("Ann", "Dot")], {})
    night2 = to_next_phase(game, day1)
    when = night2.opened_at + MINUTE
    act(game, seats["Ann"], "kill", ["Cid"], when, team=True)
    act(game, seats["Eve"], "heal", ["Fay"], when)
    act(game, seats["Fay"], "compare", ["Ann", "Bea"], when)
    day2 = to_next_phase(game, night2)
    game.refresh_from_db()
    assert day2.kind == "day" and sorted(game.players.filter(alive=True).values_list("nickname", flat=True)) == [
        "Ann",
        "Bea",
        "Eve",
        "Fay",
    ]
    return game, seats, accounts, day2


def tied_day(personas, make_user, language: str = "en", nominations: tuple[tuple[str, str], ...] = ()):
    """Six players; on day 1 Ann and Cid nominate each other (then
    ``nominations``) and the vote ties 3–3 between them (PITER-017).
    Returns (game, seats, accounts, the day-1 phase), before the vote's
    deadline is resolved."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", SIX, now=START, language=language)
    day1 = to_next_phase(game, flow.current_phase(game))
    evening(game, seats, day1, [("Ann", "Cid"), ("Cid", "Ann"), *nominations], TIE_VOTES)
    return game, seats, accounts, day1


def vote_room(game: Game, day: int) -> Room:
    return Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day)


def ghost_tie(personas, make_user):
    """``fifty_fifty``'s day 2, Cid left as the Ghost: Ann and Eve nominate
    each other and the vote ties 2–2 between them; the vote's deadline
    has fired. Returns (game, seats, accounts, the day-2 phase, the tie's time)."""
    game, seats, accounts, day2 = fifty_fifty(personas, make_user)
    evening(
        game, seats, day2, [("Ann", "Eve"), ("Eve", "Ann")], {"Ann": "Eve", "Bea": "Eve", "Eve": "Ann", "Fay": "Ann"}
    )
    tie = deadline(day2, "day_deadline")
    flow.resolve_due(now=tie)
    day2.refresh_from_db()
    assert day2.resolved_at is None
    return game, seats, accounts, day2, tie


def test_piter_093_the_ghost_picks_during_the_extra_minute_and_no_revote_is_held(personas, make_user) -> None:
    """PITER-093 «В случае равного разделения голосов выбирает, с кем из
    кандидатов на казнь покидает игровой стол»: the Ghost chooses once the
    votes have split evenly, while the tied players give their extra
    defence posts. His pick is refused before the tie; after it the vote
    thread says he chooses until then and that the tied are re-voted
    should he not; once he has picked, no re-vote is held and his pick
    settles the day."""
    game, seats, accounts, day2 = fifty_fifty(personas, make_user)
    ghost = seats["Cid"]
    ghost.refresh_from_db()
    waiting = client_as(accounts["Cid"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "If the vote splits evenly, you choose here" in waiting
    with pytest.raises(FlowError, match="only once the vote has tied"):
        act(game, ghost, "ghost_pick", ["Eve"], deadline(day2, "defence_close") + MINUTE)
    evening(
        game, seats, day2, [("Ann", "Eve"), ("Eve", "Ann")], {"Ann": "Eve", "Bea": "Eve", "Eve": "Ann", "Fay": "Ann"}
    )
    tie = deadline(day2, "day_deadline")
    flow.resolve_due(now=tie)
    notice = vote_room(game, day2.number).posts.order_by("-number").first().body
    assert "Tie between Eve, Ann" in notice or "Tie between Ann, Eve" in notice
    assert "Cid chooses which of them leaves the table, until" in notice
    assert "if he does not, the vote is repeated among them until" in notice
    with pytest.raises(FlowError, match="Cid chooses which of"):
        flow.vote_cast(game=game, seat=seats["Fay"], target=seats["Eve"], now=tie + 10 * MINUTE)
    cabinet = client_as(accounts["Cid"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert 'value="Ann"' in cabinet and 'value="Fay"' not in cabinet
    act(game, ghost, "ghost_pick", ["Ann"], tie + 10 * MINUTE)
    speech = deadline(day2, "revote_speech_close")
    flow.resolve_due(now=speech)
    with pytest.raises(FlowError, match="The vote is not repeated: Cid has chosen"):
        flow.vote_cast(game=game, seat=seats["Fay"], target=seats["Eve"], now=speech + MINUTE)
    flow.resolve_due(now=deadline(day2, "revote_deadline"))
    game.refresh_from_db()
    assert not game.players.get(nickname="Ann").alive
    assert game.players.get(nickname="Eve").alive


def test_piter_093_017_without_the_ghosts_pick_the_revote_opens_after_his_window_and_decides(
    personas, make_user
) -> None:
    """PITER-093, PITER-017: «With no tie, or no valid pick, the normal
    procedure applies». The Ghost makes no pick while the tied players
    give their extra defence posts: his pick is then refused as late, the
    re-vote opens among the tied and its count decides the day (Eve, not
    Ann, the tied player nominated last)."""
    game, seats, accounts, day2, tie = ghost_tie(personas, make_user)
    speech = deadline(day2, "revote_speech_close")
    flow.resolve_due(now=speech)
    with pytest.raises(FlowError, match="Too late"):
        act(game, seats["Cid"], "ghost_pick", ["Ann"], speech + MINUTE)
    for voter, target in (("Ann", "Eve"), ("Bea", "Eve"), ("Fay", "Eve"), ("Eve", "Ann")):
        flow.vote_cast(game=game, seat=seats[voter], target=seats[target], now=speech + MINUTE)
    flow.resolve_due(now=deadline(day2, "revote_deadline"))
    game.refresh_from_db()
    assert not game.players.get(nickname="Eve").alive
    assert game.players.get(nickname="Ann").alive


def test_piter_017_the_tied_players_speak_once_more_before_the_revote(personas, make_user) -> None:
    """PITER-017 «они получают по дополнительной минуте монолога и
    голосование повторяется»: after a tie, until the extra minute's
    deadline only the tied post in the day thread, one post each, and the
    re-vote opens after it."""
    game, seats, accounts, day1 = tied_day(personas, make_user)
    tie = deadline(day1, "day_deadline")
    flow.resolve_due(now=tie)
    notice = vote_room(game, day1.number).posts.order_by("-number").first().body
    assert "one more defence post each" in notice
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=day1.number)
    with pytest.raises(FlowError, match="Only the tied players"):
        flow.post_create(room=day_room, seat=seats["Dot"], body="me too", now=tie + MINUTE)
    flow.post_create(room=day_room, seat=seats["Cid"], body="I am honest", now=tie + MINUTE)
    with pytest.raises(FlowError, match="extra defence post"):
        flow.post_create(room=day_room, seat=seats["Cid"], body="really", now=tie + 2 * MINUTE)
    with pytest.raises(FlowError, match="The re-vote opens at"):
        flow.vote_cast(game=game, seat=seats["Dot"], target=seats["Ann"], now=tie + 2 * MINUTE)
    speech = deadline(day1, "revote_speech_close")
    flow.resolve_due(now=speech)
    for voter in ("Ann", "Bea", "Cid", "Dot", "Eve"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Ann"], now=speech + MINUTE)
    flow.resolve_due(now=deadline(day1, "revote_deadline"))
    game.refresh_from_db()
    assert not game.players.get(nickname="Ann").alive and game.players.get(nickname="Cid").alive


def test_piter_040_the_bureaucrat_is_not_offered_the_clans_shot(personas, make_user) -> None:
    """PITER-040, PITER-044 «Бюрократ: «не стреляющая» Мафия … В игровые ночи
    просыпается отдельно»: the bureaucrat's cabinet offers his block, not
    the clan's shot; handing the shot in is refused, and the mafioso's
    silence kills nobody."""
    roles = {**SIX, "Bea": "bureaucrat", "Gus": "citizen"}
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", roles, now=START, language="en")
    day1 = to_next_phase(game, flow.current_phase(game))
    evening(game, seats, day1, [("Ann", "Gus")], {})
    night2 = to_next_phase(game, day1)
    page = client_as(accounts["Bea"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert 'name="ability" value="block"' in page and 'name="ability" value="kill"' not in page
    with pytest.raises(FlowError, match="You do not shoot"):
        act(game, seats["Bea"], "kill", ["Cid"], night2.opened_at + MINUTE, team=True)
    when = night2.opened_at + MINUTE
    act(game, seats["Bea"], "block", ["Dot"], when)
    act(game, seats["Eve"], "heal", ["Fay"], when)
    act(game, seats["Fay"], "compare", ["Ann", "Cid"], when)
    to_next_phase(game, night2)
    game.refresh_from_db()
    assert game.players.get(nickname="Cid").alive


def cabinet_posts(game: Game, seat) -> list[str]:
    """The bodies of the posts in the seat's own cabinet, in order."""
    return list(flow.cabinet_of(seat).posts.order_by("number").values_list("body", flat=True))


def test_piter_055_the_journalists_result_names_the_two_players_in_the_games_language(personas, make_user) -> None:
    """PITER-055: the journalist reads «Ann и Bea — одна команда», never a
    Python list of the two names."""
    game, seats, accounts, _day2 = fifty_fifty(personas, make_user, language="ru")
    result = [body for body in cabinet_posts(game, seats["Fay"]) if "Результат" in body][-1]
    assert "Ann и Bea — одна команда" in result
    assert "[" not in result.replace("[b]", "").replace("[/b]", "")


def test_piter_060_the_komsomolets_is_told_what_he_has_become(personas, make_user) -> None:
    """PITER-060 «начинает выполнять его функции до конца игры»: when the
    doctor leaves, the komsomolets' cabinet tells him he is now the doctor,
    what the doctor does and that his night turn is now compulsory
    (PITER-031); the role card says so too."""
    roles = {**SIX, "Cid": "komsomolets", "Gus": "citizen"}
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", roles, now=START, language="en")
    day1 = to_next_phase(game, flow.current_phase(game))
    evening(game, seats, day1, [("Ann", "Eve")], {})
    to_next_phase(game, day1)
    notice = cabinet_posts(game, seats["Cid"])[-1]
    assert "Your role has changed:" in notice and "you are now Doctor" in notice
    assert "saves a player from the night's kills" in notice and "PITER-051" not in notice
    assert "From the next night you hand in: Heal" in notice and "PITER-031" not in notice
    assert "leave the game in the morning" in notice
    page = client_as(accounts["Cid"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Role: <strong>Doctor" in page and "Your night turn is compulsory" in page


def test_piter_031_the_rule_is_explained_before_it_bites_and_the_removed_player_told_why(personas, make_user) -> None:
    """PITER-031 «Если игрок отказывается ходить в свой ход, на утро Ведущий
    просит этого игрока перевернуть карту и покинуть игровой стол»: the
    cabinet of a role with a night turn explains it from the first day (and
    a citizen's does not); a journalist who hands in nothing on night 2
    leaves and his cabinet says why."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", SIX, now=START, language="en")
    day1 = to_next_phase(game, flow.current_phase(game))
    journalist = client_as(accounts["Fay"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Your night turn is compulsory" in journalist
    citizen = client_as(accounts["Cid"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Your night turn is compulsory" not in citizen
    evening(game, seats, day1, [("Ann", "Dot")], {})
    night2 = to_next_phase(game, day1)
    act(game, seats["Eve"], "heal", ["Eve"], night2.opened_at + MINUTE)
    to_next_phase(game, night2)
    game.refresh_from_db()
    assert not game.players.get(nickname="Fay").alive
    assert "you handed in no valid night choice by the deadline" in cabinet_posts(game, seats["Fay"])[-1]


def test_piter_044_the_bureaucrats_cabinet_says_he_wakes_separately(personas, make_user) -> None:
    """PITER-044 «Бюрократ: «не стреляющая» Мафия … просыпается отдельно»."""
    roles = {**SIX, "Bea": "bureaucrat", "Gus": "citizen"}
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", roles, now=START, language="en")
    to_next_phase(game, flow.current_phase(game))
    page = client_as(accounts["Bea"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "You are non-shooting mafia: you wake separately" in page
    mafioso = client_as(accounts["Ann"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "non-shooting" not in mafioso


def test_piter_017_the_count_block_shows_the_revote_while_it_runs(personas, make_user) -> None:
    """PITER-017: during the re-vote the vote thread's count block shows the
    re-vote: the tied players as candidates, the re-vote ballots, who has
    not re-voted yet, and that non-voters count for the tied player
    nominated last (not the day's last nominee, who is not in the re-vote)."""
    game, seats, accounts, day1 = tied_day(personas, make_user, nominations=(("Eve", "Dot"),))
    flow.resolve_due(now=deadline(day1, "day_deadline"))
    speech = deadline(day1, "revote_speech_close")
    flow.resolve_due(now=speech)
    flow.vote_cast(game=game, seat=seats["Bea"], target=seats["Cid"], now=speech + MINUTE)
    room = vote_room(game, day1.number)
    url = reverse("room", args=[game.slug, room.public_id])
    with time_machine.travel(speech + 2 * MINUTE, tick=False):
        page = client_as(accounts["Fay"]).get(url).content.decode()
    block = page[page.index('id="vote-count"') : page.index("</section>", page.index('id="vote-count"'))]
    assert "Re-vote count" in block
    assert "Bea → re-vote: Cid" in block and "Ann → Cid" not in block
    assert "Not voted yet: Ann, Cid, Dot, Eve, Fay" in block
    assert "counted against the tied player nominated last (PITER-017): Ann" in block
    assert "against the last nominee" not in block
    assert "<strong>Candidates:</strong> Cid, Ann" in page or "<strong>Candidates:</strong> Ann, Cid" in page


def test_piter_results_read_in_the_games_language_without_rule_ids(personas, make_user) -> None:
    """PITER-004, PITER-010, PITER-017, PITER-018: the results posts of a
    Russian game (the first morning, a day whose re-vote ties again) read
    in Russian, with no rule id and no English sentence."""
    game, seats, accounts, day1 = tied_day(personas, make_user, language="ru")
    flow.resolve_due(now=deadline(day1, "day_deadline"))
    speech = deadline(day1, "revote_speech_close")
    flow.resolve_due(now=speech)
    for voter, target in TIE_VOTES.items():
        flow.vote_cast(game=game, seat=seats[voter], target=seats[target], now=speech + MINUTE)
    flow.resolve_due(now=deadline(day1, "revote_deadline"))
    results = list(Resolution.objects.filter(deadline__phase__game=game).values_list("results", flat=True))
    text = "\n".join(results)
    assert "Ничья" in text or "поровну" in text
    assert "PITER-" not in text
    for english in ("Tie between", "Nominated", "The re-vote", "There are", "mafia in the town"):
        assert english not in text
