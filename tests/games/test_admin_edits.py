"""Edits in the Django admin go through the game's rules, or not at all:
a seat's nickname (its name in the rules' state) stays once the roles are
drawn, another account takes a seat as a replacement (замена), a seat
added or renamed before the draw meets the sign-up checks, and the rows
only the game's flow writes (ballots, phases, rooms, posts) are read-only.
Each through the admin's change forms, as a logged-in superuser."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse

from games import flow
from games.models import Deadline, Event, Game, Player, Post, Vote
from tests.games.admin_forms import admin_errors, admin_form_data


def _seat_change(admin_client, seat: Player, **changes):
    url = reverse("admin:games_player_change", args=[seat.pk])
    data = admin_form_data(admin_client.get(url))
    data.update(changes)
    return admin_client.post(url, data)


def test_renaming_a_drawn_seat_in_the_admin_changes_nothing_and_nobody_is_autokilled(forum_game, admin_client) -> None:
    """The nickname is read-only once the roles are drawn: a rename sent
    anyway leaves the seat as it is, and at the day's resolution the seat
    is neither autokilled under its old name nor left alive under a new one."""
    game, seats = forum_game
    seat = seats["Plain Three"]
    page = admin_client.get(reverse("admin:games_player_change", args=[seat.pk])).content.decode()
    assert 'name="nickname"' not in page

    response = _seat_change(admin_client, seat, nickname="Renamed")

    assert response.status_code == 302, admin_errors(response)
    seat.refresh_from_db()
    assert seat.nickname == "Plain Three"
    for nick, voter in seats.items():
        flow.vote_cast(game=game, seat=voter, target=seats["Clyde" if nick == "Doc" else "Doc"])
    flow.resolve_due(Deadline.objects.get(phase__game=game, phase__number=1, kind="vote").due_at + timedelta(seconds=1))
    seat.refresh_from_db()
    assert seat.alive
    assert not Player.objects.get(pk=seats["Doc"].pk).alive


def test_renaming_a_drawn_seat_on_the_game_s_page_in_the_admin_changes_nothing(forum_game, admin_client) -> None:
    """The game's seats inline shows the nicknames read-only once drawn."""
    game, seats = forum_game
    url = reverse("admin:games_game_change", args=[game.pk])
    page = admin_client.get(url)
    data = admin_form_data(page)
    assert not any(k.endswith("-nickname") for k in data)
    index = next(k for k, v in data.items() if k.endswith("-id") and str(v) == str(seats["Plain Three"].pk))
    data[index.replace("-id", "-nickname")] = "Renamed"

    response = admin_client.post(url, data)

    assert response.status_code == 302, admin_errors(response)
    assert Player.objects.get(pk=seats["Plain Three"].pk).nickname == "Plain Three"
    assert set(game.players.values_list("nickname", flat=True)) == set(seats)


def test_another_account_takes_a_drawn_seat_as_a_replacement(forum_game, admin_client, make_user) -> None:
    """Changing a drawn seat's account is the host's replacement (замена):
    the role stays with the seat, the log records it, the seat's cabinet
    says so, and the old account loses it."""
    game, seats = forum_game
    newcomer = make_user("newcomer")
    cabinet = flow.cabinet_of(seats["Clyde"])
    before = cabinet.posts.count()

    response = _seat_change(admin_client, seats["Clyde"], user=str(newcomer.pk))

    assert response.status_code == 302, admin_errors(response)
    seat = Player.objects.get(pk=seats["Clyde"].pk)
    assert seat.user == newcomer and seat.role == "cop" and seat.nickname == "Clyde"
    assert Event.objects.filter(game=game, kind="player_replaced").exists()
    assert cabinet.posts.count() == before + 1


def test_the_admin_refuses_to_seat_the_host_and_keeps_the_form(forum_game, admin_client, personas) -> None:
    """The host cannot take a seat: the change form answers the sentence
    of the host's own replacement form, with the choice kept."""
    game, seats = forum_game

    response = _seat_change(admin_client, seats["Clyde"], user=str(personas["alice"].pk))

    assert response.status_code == 200
    assert "The host and co-hosts of a game cannot play in it." in response.content.decode()
    assert Player.objects.get(pk=seats["Clyde"].pk).user == personas["carol"]


def test_before_the_draw_a_seat_added_or_renamed_in_the_admin_meets_the_sign_up_checks(
    personas, make_user, admin_client
) -> None:
    """Before the draw the admin adds and renames seats; a nickname taken in
    the game is refused with the sign-up's sentence, a free one is kept,
    and a new seat is registered (seated) as the host's register form does."""
    game = flow.game_create(host=personas["alice"], title="Draft town", ruleset_id="forum")
    flow.signup_open(game=game)
    flow.nickname_register(game=game, user=personas["bob"], nickname="Bonnie")
    flow.nickname_register(game=game, user=personas["carol"], nickname="Clyde")
    url = reverse("admin:games_game_change", args=[game.pk])
    data = admin_form_data(admin_client.get(url))
    clyde = next(
        k for k, v in data.items() if k.endswith("-id") and str(v) == str(game.players.get(nickname="Clyde").pk)
    )
    data[clyde.replace("-id", "-nickname")] = "bonnie"

    refused = admin_client.post(url, data)

    assert refused.status_code == 200
    assert "The nickname “bonnie” is already taken in this game." in refused.content.decode()
    data[clyde.replace("-id", "-nickname")] = "Clyde Barrow"
    total = int(data["players-TOTAL_FORMS"])
    data[f"players-{total - 1}-nickname"] = "Newcomer"
    data[f"players-{total - 1}-user"] = str(make_user("newcomer_account").pk)

    response = admin_client.post(url, data)

    assert response.status_code == 302, admin_errors(response)
    assert sorted(game.players.values_list("nickname", "status")) == [
        ("Bonnie", "seated"),
        ("Clyde Barrow", "seated"),
        ("Newcomer", "seated"),
    ]
    assert Event.objects.filter(game=game, kind="nickname_registered", data__nickname="Newcomer").exists()


def test_a_ballot_cannot_be_pointed_at_another_game_s_seat_in_the_admin(
    forum_game, personas, make_user, admin_client
) -> None:
    """Ballots are cast through the vote form only: the admin shows them
    and refuses their change and add forms, so no ballot can name a seat of
    another game (which the count took for the same nickname)."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Bonnie"], target=seats["Doc"])
    vote = Vote.objects.get(game=game)
    other = flow.game_create(host=personas["dave"], title="Other town", ruleset_id="forum")
    flow.signup_open(game=other)
    stranger = flow.nickname_register(game=other, user=make_user("stranger"), nickname="Doc")
    url = reverse("admin:games_vote_change", args=[vote.pk])
    assert admin_client.get(url).status_code == 200

    response = admin_client.post(url, {"target": str(stranger.pk), "voter": str(seats["Bonnie"].pk)})

    assert response.status_code == 403
    assert Vote.objects.get(pk=vote.pk).target_id == seats["Doc"].pk
    assert admin_client.get(reverse("admin:games_vote_add")).status_code == 403


def test_phases_rooms_and_posts_are_read_only_in_the_admin(forum_game, admin_client) -> None:
    """The rows only the game's flow writes: their change forms refuse a POST."""
    game, _seats = forum_game
    post = Post.objects.filter(room__game=game).first()
    phase = game.phases.first()
    room = game.rooms.first()
    for name, obj in (("post", post), ("phase", phase), ("room", room)):
        response = admin_client.post(reverse(f"admin:games_{name}_change", args=[obj.pk]), {})
        assert response.status_code == 403, name
    assert Game.objects.get(pk=game.pk).state == game.state


def test_every_admin_page_of_the_games_app_opens(forum_game, admin_client) -> None:
    """Each model's list, each change page of the forum game's rows and the
    add pages left open answer 200 (the read-only ones included)."""
    from django.contrib import admin as django_admin

    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Bonnie"], target=seats["Doc"])
    for model, model_admin in django_admin.site._registry.items():
        if model._meta.app_label != "games":
            continue
        name = model._meta.model_name
        assert admin_client.get(reverse(f"admin:games_{name}_changelist")).status_code == 200, name
        row = model.objects.first()
        if row is not None:
            assert admin_client.get(reverse(f"admin:games_{name}_change", args=[row.pk])).status_code == 200, name
        if model_admin.has_add_permission(admin_client.get("/").wsgi_request):
            assert admin_client.get(reverse(f"admin:games_{name}_add")).status_code == 200, name
