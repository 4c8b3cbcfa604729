"""The vote flow of a day (``games.reads.vote_flow``, its page ``vote_flow``
and its include): replayed ballot by ballot through the count the vote
thread shows, it ends on that very count, shows every ballot and change
as a step, draws well-formed SVG, and is read by whoever reads the vote
thread, nobody else."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from games import flow
from games.models import Phase, Room
from games.reads.day import vote_view
from games.reads.vote_flow import vote_flow

from .test_day_posts import tie_the_cosmo_vote
from .test_piter_day import SIX, deadline, evening, to_next_phase
from .test_vote_laws import CLASSIC, client_as, dealt_game

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)
COSMO = {"Ann": "mafioso", "Bea": "citizen", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen", "Fay": "citizen"}
SHANGHAI = ZoneInfo("Asia/Shanghai")
TEN = {"Wolf": "werewolf", "Wolf B": "werewolf", "Seer": "seer", "Witch": "witch", "Hunter": "hunter"}
TEN |= {"Guard": "guard", "Vil A": "villager", "Vil B": "villager", "Vil C": "villager", "Vil D": "villager"}


def stored(game, phase: Phase):
    """The site's public vote count of the day phase, as its vote thread shows it."""
    phase.refresh_from_db()
    return vote_view(game, phase, [])


def tally(rows) -> dict[str, float]:
    return {row.target: row.weight for row in rows}


def last_totals(round_) -> dict[str, float]:
    return dict(round_.steps[-1].totals)


def flow_page(user, game, day: int) -> str:
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day)
    response = client_as(user).get(reverse("vote_flow", args=[game.slug, room.public_id]))
    assert response.status_code == 200
    return response.content.decode()


def test_forum_019_the_pictures_final_tally_is_the_vote_threads_count(forum_game) -> None:
    """FORUM-019: the replay of a plain day ends on the public count, each
    ballot one step, while the day runs and after it resolved."""
    game, seats = forum_game
    day = flow.current_phase(game)
    for voter, target in (("Bonnie", "Doc"), ("Clyde", "Doc"), ("Plain One", "Bonnie")):
        flow.vote_cast(game=game, seat=seats[voter], target=seats[target])
    (main,) = vote_flow(game, day).rounds
    assert main.kind == "vote" and main.rule == "FORUM-019"
    assert tally(main.final) == tally(stored(game, day).count.rows) == {"Doc": 2, "Bonnie": 1}
    assert last_totals(main) == {"Doc": 2, "Bonnie": 1} and main.drawn
    assert [(s.voter, s.before, s.after, s.counted) for s in main.steps] == [
        ("Bonnie", None, "Doc", True),
        ("Clyde", None, "Doc", True),
        ("Plain One", None, "Bonnie", True),
    ]
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    day.refresh_from_db()
    assert day.resolved_at is not None
    (after,) = vote_flow(game, day).rounds
    assert tally(after.final) == tally(stored(game, day).count.rows) and after.drawn


def test_classic_a_change_is_a_step_from_whom_to_whom(personas, make_user) -> None:
    """Classic §2 (the last vote counts): a changed vote is a step moving
    the voter's vote from one candidate to the other."""
    game, seats, _accounts = dealt_game(personas["alice"], make_user, "classic", CLASSIC)
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    day = flow.current_phase(game)
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Cid"])
    flow.vote_cast(game=game, seat=seats["Dot"], target=seats["Cid"])
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Ann"])
    (main,) = vote_flow(game, day).rounds
    change = main.steps[-1]
    assert (change.voter, change.kind, change.before, change.after, change.counted) == (
        "Ben",
        "change",
        "Cid",
        "Ann",
        True,
    )
    assert change.totals == (("Cid", 1), ("Ann", 1))  # in the order the candidates were first named
    assert tally(main.final) == tally(stored(game, day).count.rows) == last_totals(main)


def test_classic_011_the_hosts_list_is_a_step_after_which_other_ballots_drop(personas, make_user) -> None:
    """CLASSIC-011: the host's list of candidates is a step at the moment
    he published it; a standing ballot for anyone else drops out of the
    running totals there, as it does from the public count."""
    game, seats, _accounts = dealt_game(personas["alice"], make_user, "classic", CLASSIC)
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    day = flow.current_phase(game)
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Cid"])
    flow.vote_cast(game=game, seat=seats["Dot"], target=seats["Ann"])
    flow.candidates_put(game=game, names=["Ann", "Eve"])
    flow.vote_cast(game=game, seat=seats["Fay"], target=seats["Ann"])
    (main,) = vote_flow(game, day).rounds
    assert [(s.kind, s.voter) for s in main.steps] == [
        ("vote", "Ben"),
        ("vote", "Dot"),
        ("listed", ""),
        ("vote", "Fay"),
    ]
    assert main.steps[1].totals == (("Ann", 1), ("Cid", 1))  # the candidates first
    assert main.steps[2].choice == "Ann, Eve" and main.steps[2].totals == (("Ann", 1),)
    assert tally(main.final) == tally(stored(game, day).count.rows) == last_totals(main) == {"Ann": 2}


def test_piter_017_nominations_the_vote_and_the_revote_of_the_tied_are_drawn(personas, make_user) -> None:
    """PITER-010, PITER-017: the nominations are steps of the vote, and the
    re-vote of the tied is a round of its own; both end on the counts the
    vote thread showed."""
    game, seats, _accounts = dealt_game(personas["alice"], make_user, "piter", SIX, now=START, language="en")
    day1 = to_next_phase(game, flow.current_phase(game))
    votes = {"Ann": "Cid", "Bea": "Cid", "Dot": "Cid", "Cid": "Ann", "Eve": "Ann", "Fay": "Ann"}
    evening(game, seats, day1, [("Ann", "Cid"), ("Cid", "Ann")], votes)
    flow.resolve_due(now=deadline(day1, "day_deadline"))
    speech = deadline(day1, "revote_speech_close")
    flow.resolve_due(now=speech)
    for voter in ("Ann", "Bea", "Cid"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Ann"], now=speech + MINUTE)
    view = stored(game, day1)
    main, revote = vote_flow(game, day1, now=speech + 2 * MINUTE).rounds
    assert [s.kind for s in main.steps] == ["nominate", "nominate"] + ["vote"] * 6
    assert main.steps[0].voter == "Ann" and main.steps[0].choice == "Cid"
    assert tally(main.final) == tally(view.count.rows) == last_totals(main) == {"Cid": 3, "Ann": 3}
    assert main.tied == ("Cid", "Ann")
    assert revote.kind == "revote" and [s.voter for s in revote.steps] == ["Ann", "Bea", "Cid"]
    # Those who have not re-voted are counted against the tied player nominated last (PITER-017).
    assert tally(revote.final) == tally(view.revote_count.rows) == last_totals(revote) == {"Ann": 6}


def test_cosmo_013_the_jail_or_spare_revote_is_drawn_in_the_documents_words(personas, make_user) -> None:
    """COSMO-013: the re-vote's lines are «посадить всех» / «пощадить всех»
    as players read them; its final tally is the vote thread's."""
    game, seats, _accounts = dealt_game(personas["alice"], make_user, "cosmo", COSMO, now=START, language="en")
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    game.refresh_from_db()
    day = flow.current_phase(game)
    later = tie_the_cosmo_vote(game, seats, day) + MINUTE
    flow.vote_cast(game=game, seat=seats["Bea"], word="jail", now=later)
    flow.vote_cast(game=game, seat=seats["Cid"], word="spare", now=later)
    flow.vote_cast(game=game, seat=seats["Dot"], word="jail", now=later)
    main, revote = vote_flow(game, day, now=later + MINUTE).rounds
    assert tally(main.final) == tally(stored(game, day).count.rows) == {"Ann": 3, "Dot": 3}
    jail = "Jail them all («посадить всех»)"
    assert revote.steps[0].choice == jail and revote.steps[0].after == jail
    assert last_totals(revote) == tally(revote.final) == {jail: 2, "Spare them all («пощадить всех»)": 1}
    assert tally(stored(game, day).revote_count.rows) == {"jail": 2, "spare": 1}


def local(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=SHANGHAI).astimezone(UTC)


def test_ww18_047_068_the_sheriff_weighs_1_5_and_a_change_voided_by_the_acceleration_moves_nothing(
    personas, make_user
) -> None:
    """WW18-045: day 1's vote is drawn as the sheriff election. WW18-047:
    from day 2 the sheriff's ballot weighs 1.5. WW18-068: once the game is
    accelerated every change is void, even one cast before; the change
    stays a step, not counted, and the drawing ends on the public count."""
    game, seats, _accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", TEN, now=local("2026-03-02 15:00"), timezone="Asia/Shanghai"
    )
    flow.resolve_due(now=flow.current_phase(game).deadlines.get(kind="setup").due_at)
    game.refresh_from_db()
    day1 = flow.current_phase(game)
    at = local("2026-03-03 12:00")
    for name in TEN:
        flow.vote_cast(game=game, seat=seats[name], target=seats["Seer"], now=at)
    (election,) = vote_flow(game, day1, now=at).rounds
    assert election.kind == "election" and election.title == "Sheriff election" and election.rule == "WW18-045"
    for kind in ("exit_orders", "witch"):
        game.refresh_from_db()
        flow.resolve_due(now=flow.current_phase(game).deadlines.get(kind=kind).due_at)
    game.refresh_from_db()
    day2 = flow.current_phase(game)
    assert day2.kind == "day" and flow.state_of(game).memory["sheriff"] == "Seer"
    # The election, once day 1 resolved, still ends on the count its vote thread showed.
    (election,) = vote_flow(game, day1).rounds
    assert tally(election.final) == tally(stored(game, day1).count.rows) == last_totals(election) == {"Seer": 10}
    assert election.drawn and not election.weights
    at = day2.opened_at + 60 * MINUTE
    flow.vote_cast(game=game, seat=seats["Seer"], target=seats["Wolf"], now=at)
    flow.vote_cast(game=game, seat=seats["Hunter"], target=seats["Wolf"], now=at + MINUTE)
    flow.vote_cast(game=game, seat=seats["Hunter"], target=seats["Wolf B"], now=at + 2 * MINUTE)
    before = vote_flow(game, day2, now=at + 3 * MINUTE).rounds[0]
    assert last_totals(before) == {"Wolf": 1.5, "Wolf B": 1}
    for name in ("Guard", "Vil A", "Vil B", "Vil C", "Vil D", "Witch"):
        flow.acceleration_ask(game=game, seat=seats[name], now=at + 3 * MINUTE)
    game.refresh_from_db()
    assert game.options.get("accelerated")
    (main,) = vote_flow(game, day2, now=at + 4 * MINUTE).rounds
    assert main.kind == "vote" and main.weights == {"Seer": 1.5}
    change = main.steps[-1]
    assert (change.kind, change.before, change.after, change.counted) == ("change", "Wolf", "Wolf", False)
    assert tally(main.final) == tally(stored(game, day2).count.rows) == last_totals(main) == {"Wolf": 2.5}
    page = flow_page(personas["dave"], game, 2)
    assert "The ballot of Seer weighs 1.5." in page and "Wolf 2.5" in page
    assert "changes the vote to Wolf B" in page and "(not counted)" in page


def test_the_page_draws_well_formed_accessible_svg_beside_its_table(forum_game, personas) -> None:
    """The flow page, read by a stranger to the game: an SVG image with a
    title it is labelled by, parsed as XML, and the table of steps with the
    voter's game nickname and the time in the game's time zone."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Bonnie"], target=seats["Doc"], now=START)
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"], now=START + MINUTE)
    page = flow_page(personas["dave"], game, 1)
    start = page.index('<svg class="vote-flow-chart"')
    svg = ET.fromstring(page[start : page.index("</svg>", start) + len("</svg>")])  # noqa: S314 (our own page)
    assert svg.get("role") == "img"
    title = svg.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.get("id") in svg.get("aria-labelledby").split()
    assert len(svg.findall("{http://www.w3.org/2000/svg}path")) == 2
    local_time = START.astimezone(ZoneInfo(game.timezone)).strftime("%Y-%m-%d %H:%M")
    assert f'<time datetime="{START.isoformat()}">{local_time}</time>' in page
    assert '<th scope="row">Clyde</th>' in page and "votes for Bonnie" in page


def test_the_vote_thread_links_its_vote_flow(forum_game, personas) -> None:
    """The vote thread leads to its day's vote flow."""
    game, _seats = forum_game
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    page = client_as(personas["dave"]).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert reverse("vote_flow", args=[game.slug, room.public_id]) in page


def test_a_stranger_and_a_player_outside_a_room_get_nothing_of_it(forum_game, personas) -> None:
    """FORUM-020 (who reads what): the flow of a room the reader may not
    read is not found, for a stranger and for a player outside it, as the
    room itself; a thread that is no vote thread has no flow either."""
    game, _seats = forum_game
    mafia = Room.objects.filter(game=game, kind=Room.Kind.TEAM).first()
    for user in (personas["dave"], personas["carol"]):
        response = client_as(user).get(reverse("vote_flow", args=[game.slug, mafia.public_id]))
        assert response.status_code == 404
        assert "vote-flow" not in response.content.decode()
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    assert client_as(personas["bob"]).get(reverse("vote_flow", args=[game.slug, day_room.public_id])).status_code == 404


def test_a_ballot_cast_after_the_moment_read_is_no_step(forum_game) -> None:
    """Nothing of the future: the flow read at a moment holds the ballots
    cast until then, as the vote count did at that moment."""
    game, seats = forum_game
    day = flow.current_phase(game)
    flow.vote_cast(game=game, seat=seats["Bonnie"], target=seats["Doc"], now=START)
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Doc"], now=START + 10 * MINUTE)
    (main,) = vote_flow(game, day, now=START + MINUTE).rounds
    assert [s.voter for s in main.steps] == ["Bonnie"]
