"""The vote thread follows each ruleset's declared vote law (``DayProcedure``):
the web app holds no document's vote rules of its own."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

import rulesets
from games import flow
from games.models import Game, Room
from tests.conftest import PASSWORD


def client_as(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def dealt_game(host, make_user, ruleset_id: str, roles: dict[str, str], variant: str = "", now=None, **fields):
    """A running game of ``ruleset_id`` with ``roles`` (nickname → role) dealt
    by the host, started at ``now`` (default the clock); ``fields`` go to
    ``flow.game_create``. Returns (game, seats by nickname, accounts by nickname)."""
    game = flow.game_create(host=host, title=f"{ruleset_id} table", ruleset_id=ruleset_id, variant=variant, **fields)
    flow.signup_open(game=game)
    accounts = {}
    for nickname in roles:
        accounts[nickname] = make_user(f"u-{nickname.lower().replace(' ', '')}")
        flow.nickname_register(game=game, user=accounts[nickname], nickname=nickname)
    game.refresh_from_db()
    flow.roles_deal(game=game, roles={n: (r, None) for n, r in roles.items()})
    game.refresh_from_db()
    flow.game_start(game=game, now=now)
    game.refresh_from_db()
    return game, {p.nickname: p for p in game.players.all()}, accounts


CLASSIC = {"Ann": "mafioso", "Ben": "citizen", "Cid": "citizen", "Dot": "citizen", "Eve": "doctor", "Fay": "citizen"}


@pytest.fixture
def classic_day(personas, make_user):
    """A classic game past its acquaintance night (CLASSIC-007), its day open."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "classic", CLASSIC)
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    assert flow.current_phase(game).kind == "day"
    return game, seats, accounts


def test_it_lets_a_classic_player_change_his_vote_and_counts_the_last_one(classic_day) -> None:
    """Classic §2: «a vote may be changed until the deadline; the last one counts»."""
    game, seats, accounts = classic_day
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Cid"])
    flow.vote_cast(game=game, seat=seats["Ben"], target=seats["Ann"])
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=flow.current_phase(game).number)
    page = client_as(accounts["Dot"]).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "<strong>Ann</strong>: 1" in page
    assert "<strong>Cid</strong>" not in page
    assert "the last one counts" in page
    assert 'name="target"' in page  # Dot may vote, and so may Ben again


def test_it_refuses_a_second_forum_vote_citing_the_rule(forum_game) -> None:
    """FORUM-019: one vote a day, never changed; the form is gone once voted."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"])
    with pytest.raises(flow.FlowError, match="FORUM-019"):
        flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Clyde"])
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    page = client_as(seats["Doc"].user).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert 'name="target"' not in page
    assert "it cannot be changed" in page  # the law stays in view once voted


def test_it_refuses_an_abstention_where_the_document_has_none(forum_game) -> None:
    game, seats = forum_game
    with pytest.raises(flow.FlowError, match="no abstention"):
        flow.vote_cast(game=game, seat=seats["Doc"], abstain=True)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    response = client_as(seats["Doc"].user).post(
        reverse("vote", args=[game.slug, room.public_id]), {"target": "abstain"}
    )
    # The refused vote comes back on the thread with the reason on its form.
    assert response.status_code == 400
    assert "Choose one of the choices offered" in response.content.decode()
    assert not game.votes.exists()


def test_the_host_sees_the_same_count_as_the_players(forum_game) -> None:
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"])
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    page = client_as(game.host).get(reverse("host", args=[game.slug])).content.decode()
    assert "<strong>Bonnie</strong>: 2" in page


def test_a_three_sided_forum_draw_deals_the_criminals_to_both_teams(personas, make_user) -> None:
    """FORUM-033: in the three-sided game the mafia and the maniacs each get
    a Don and a room; before, the site's draw put every criminal in the mafia."""
    game = flow.game_create(host=personas["alice"], title="Big town", ruleset_id="forum", variant="three_sided")
    flow.signup_open(game=game)
    for i in range(15):
        flow.nickname_register(game=game, user=make_user(f"t{i}"), nickname=f"Seat {i}")
    game.refresh_from_db()
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    teams = {p.team for p in game.players.all() if p.role == "don"}
    assert teams == {"mafia", "maniacs"}
    assert set(Room.objects.filter(game=game, kind=Room.Kind.TEAM).values_list("key", flat=True)) >= {
        "mafia",
        "maniacs",
    }


def test_the_host_deals_roles_by_hand_to_every_seat_or_none(personas, make_user) -> None:
    game = flow.game_create(host=personas["alice"], title="Hand dealt", ruleset_id="classic")
    flow.signup_open(game=game)
    for nickname in CLASSIC:
        flow.nickname_register(game=game, user=make_user(f"h-{nickname}"), nickname=nickname)
    game.refresh_from_db()
    with pytest.raises(flow.FlowError, match="every seated player"):
        flow.roles_deal(game=game, roles={"Ann": ("mafioso", None)})
    flow.roles_deal(game=game, roles={n: (r, None) for n, r in CLASSIC.items()})
    assert {p.nickname: p.role for p in game.players.all()} == CLASSIC


def test_the_penalty_form_offers_the_penalties_the_ruleset_declares(classic_day, forum_game) -> None:
    """Classic names no penalty but the modkill every host has; the forum
    names four (FORUM-153..159)."""
    game, seats, _accounts = classic_day
    page = client_as(game.host).get(reverse("host", args=[game.slug])).content.decode()
    assert 'value="disqualify"' in page and 'value="demote"' not in page
    response = client_as(game.host).post(
        reverse("host_penalty", args=[game.slug]), {"kind": "disqualify", "target": "Ben"}
    )
    assert response.status_code == 302
    seats["Ben"].refresh_from_db()
    assert not seats["Ben"].alive
    forum, _seats = forum_game
    page = client_as(forum.host).get(reverse("host", args=[forum.slug])).content.decode()
    assert 'value="demote"' in page and 'value="skip_team_shot"' in page


ALL_RULESETS = ["forum", "piter", "classic", "cosmo", "werewolf18"]


@override_settings(MAFIA_WEB_RULESETS=ALL_RULESETS)
def test_host_a_game_is_built_from_the_rulesets_declarations(personas) -> None:
    """Each ruleset's form shows its own deadlines and options and nothing
    of another document: piter's evening windows, no forum autokills."""
    client = client_as(personas["alice"])
    piter = client.get(reverse("game_new") + "?ruleset=piter").content.decode()
    for entry in rulesets.get("piter").SCHEDULE:
        assert f'name="{entry.id}"' in piter
    for option in rulesets.get("piter").OPTIONS.values():
        assert f'name="option_{option.id}"' in piter or option.kind == "dict"
    assert 'name="autokills"' not in piter and 'name="variant"' not in piter
    forum = client.get(reverse("game_new")).content.decode()
    assert 'name="autokills"' in forum and 'value="three_sided"' in forum


@override_settings(MAFIA_WEB_RULESETS=ALL_RULESETS)
def test_a_werewolf18_game_is_announced_with_its_own_schedule(personas) -> None:
    client = client_as(personas["alice"])
    form = {e.id: e.time for e in rulesets.get("werewolf18").SCHEDULE}
    data = {**form, "title": "凤囚凰", "ruleset": "werewolf18", "timezone": "Asia/Shanghai", "schedule": "standard"}
    response = client.post(reverse("game_new"), {**data, "fast_scale": "1", "signup_limit": "18", "post_minimum": "0"})
    assert response.status_code == 302
    game = Game.objects.get(title="凤囚凰")
    assert (game.ruleset, game.deadlines["witch"]) == ("werewolf18", "23:30")
    assert "autokills" not in game.options


def test_a_ruleset_the_site_does_not_offer_is_not_found(personas) -> None:
    assert client_as(personas["alice"]).get(reverse("game_new") + "?ruleset=nonsense").status_code == 404


def test_the_day_results_give_the_final_vote_count(forum_game) -> None:
    """Who voted for whom is in the results post, from the same public count."""
    from games.models import Resolution

    from .test_views_host import everyone_votes

    game, seats = forum_game
    Game.objects.filter(pk=game.pk).update(language="en")  # an English game: the text read below
    everyone_votes(game, seats)
    flow.phase_resolve_now(game=game, phase="day-1")
    text = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day").results
    assert "[b]Vote count:[/b] Plain Three — 6 (" in text
    assert "Doc — 1 (Plain Three)" in text


def test_a_day_without_a_vote_says_no_votes_were_cast(classic_day) -> None:
    """Not "the vote was tied": nobody voted at all."""
    from games.models import Resolution

    game, _seats, _accounts = classic_day
    Game.objects.filter(pk=game.pk).update(language="en")  # an English game: the text read below
    day = flow.current_phase(game)
    flow.phase_resolve_now(game=game, phase=day.key)
    text = Resolution.objects.get(deadline__phase=day).results
    assert "No votes were cast." in text and "Vote count" not in text


def test_the_day_results_are_in_the_day_thread_too_and_corrected_in_both(forum_game) -> None:
    from games.models import Resolution

    from .test_views_host import everyone_votes

    game, seats = forum_game
    everyone_votes(game, seats)
    flow.phase_resolve_now(game=game, phase="day-1")
    resolution = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day")
    day_thread = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    copy = day_thread.posts.get(by_host=True, body=resolution.results)
    assert resolution.published_post.room.kind == Room.Kind.VOTE
    flow.results_publish(resolution=resolution, text="Corrected: Plain Three leaves.")
    copy.refresh_from_db()
    assert copy.body == "Corrected: Plain Three leaves." and copy.edited_at is not None
