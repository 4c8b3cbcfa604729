"""The host's tools through their real forms: announcing a game, sign-up
(applications, registered nicknames), the draw with an edited
composition, the start, and during the game: resolve now, extend, excuse
an autokill, penalties, replacements, publishing and correcting results."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags

from games import flow
from games.models import Game, Player, Post, Resolution, Room

from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db

NEW_GAME = {
    "title": "Autumn town",
    "ruleset": "forum",
    "variant": "",
    "timezone": "Europe/Moscow",
    "schedule": "standard",
    "fast_scale": "1",
    "day_actions": "14:00",
    "vote": "21:00",
    "night": "22:00",
    "signup_limit": "12",
    "post_minimum": "5",
    "autokills": "automatic",
    "language": "en",  # the game writes in English: the tests read its posts
    "autopublish": "on",
}


@pytest.fixture
def signup_game(personas, make_user) -> Game:
    """A game alice announced through the form and opened for sign-up."""
    client = client_as("alice")
    response = client.post(reverse("game_new"), NEW_GAME)
    assert response.status_code == 302
    game = Game.objects.get(title="Autumn town")
    client.post(reverse("host_signup_open", args=[game.slug]))
    game.refresh_from_db()
    for i in range(6):
        make_user(f"s{i}")
    return game


def _register(game: Game, username: str, nickname: str):
    return client_as("alice").post(
        reverse("host_register", args=[game.slug]), {"username": username, "nickname": nickname}, follow=True
    )


def test_it_announces_a_game_in_draft(personas) -> None:
    """The new-game form creates a draft hosted by its author, with the
    deadlines in the chosen time zone."""
    response = client_as("alice").post(reverse("game_new"), NEW_GAME)
    game = Game.objects.get(title="Autumn town")
    assert response["Location"] == reverse("host", args=[game.slug])
    assert (game.status, game.host.username, game.timezone) == ("draft", "alice", "Europe/Moscow")
    assert game.deadlines == {"day_actions": "14:00", "vote": "21:00", "night": "22:00"}


def test_it_refuses_a_deadline_that_is_not_a_time(personas) -> None:
    """A deadline like 25:00 is refused with a sentence and the form kept."""
    response = client_as("alice").post(reverse("game_new"), {**NEW_GAME, "vote": "25:00"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Give a time as HH:MM" in html and 'value="Autumn town"' in html
    assert not Game.objects.exists()


def test_opening_sign_up_opens_the_public_threads(signup_game) -> None:
    """Sign-up opens the sign-up, introductions and graveyard threads."""
    assert signup_game.status == "signup"
    assert set(signup_game.rooms.values_list("kind", flat=True)) == {"signup", "intro", "graveyard"}


def test_the_host_registers_a_nickname_for_an_account(signup_game) -> None:
    """A registered nickname is seated at once."""
    html = _register(signup_game, "s0", "Raven").content.decode()
    assert "Nickname registered." in html
    assert Player.objects.get(game=signup_game, nickname="Raven").status == "seated"


def test_a_nickname_equal_to_an_account_name_is_refused(signup_game) -> None:
    """A nickname that is some account's name would link the two: refused."""
    html = _register(signup_game, "s0", "carol").content.decode()
    assert "This nickname cannot be used: choose another one." in html
    assert not Player.objects.filter(game=signup_game).exists()


def test_registering_an_unknown_account_is_refused(signup_game) -> None:
    """Registering a nickname for an account that does not exist says so."""
    html = _register(signup_game, "nobody-here", "Raven").content.decode()
    assert "There is no account with that name." in html


def test_the_host_accepts_an_application(signup_game) -> None:
    """dave applies with a character; the host accepts; he is seated."""
    client_as("dave").post(reverse("game_apply", args=[signup_game.slug]), {"nickname": "Wanderer"})
    seat = Player.objects.get(game=signup_game, nickname="Wanderer")
    assert seat.status == "applied"
    html = client_as("alice").get(reverse("host", args=[signup_game.slug])).content.decode()
    # Accounts only on the registry page (looked for in the shown text and
    # the links, not in the page's random tokens).
    assert "Wanderer" in html and "dave" not in strip_tags(html) and reverse("profile", args=["dave"]) not in html
    response = client_as("alice").post(
        reverse("host_signup_decide", args=[signup_game.slug, seat.public_id]), {"decision": "accept"}, follow=True
    )
    assert "Application accepted." in response.content.decode()
    seat.refresh_from_db()
    assert seat.status == "seated"


def test_the_host_declines_an_application(signup_game) -> None:
    """A declined application leaves no seat."""
    client_as("dave").post(reverse("game_apply", args=[signup_game.slug]), {"nickname": "Wanderer"})
    seat = Player.objects.get(game=signup_game, nickname="Wanderer")
    client_as("alice").post(
        reverse("host_signup_decide", args=[signup_game.slug, seat.public_id]), {"decision": "decline"}
    )
    seat.refresh_from_db()
    assert seat.status == "declined"


def _seat_seven(game: Game) -> None:
    for i, nick in enumerate(["Raven", "Crow", "Jay", "Finch", "Wren", "Robin"]):
        _register(game, f"s{i}", nick)
    client_as("dave").post(reverse("game_apply", args=[game.slug]), {"nickname": "Wanderer"})
    seat = Player.objects.get(game=game, nickname="Wanderer")
    client_as("alice").post(reverse("host_signup_decide", args=[game.slug, seat.public_id]), {"decision": "accept"})


EDITED = {"role_don": 1, "role_mafioso": 1, "role_cop": 1, "role_doctor": 1, "role_citizen": 3}


def test_the_dashboard_proposes_a_composition_for_the_table(signup_game) -> None:
    """With enough players seated the draw form proposes the ruleset's composition."""
    _seat_seven(signup_game)
    response = client_as("alice").get(reverse("host", args=[signup_game.slug]))
    form = response.context["composition_form"]
    assert sum(form[f].initial for f in form.fields) == 7


def test_the_host_draws_roles_with_an_edited_composition(signup_game) -> None:
    """The draw deals exactly the edited composition, and each player finds
    the role in the cabinet."""
    _seat_seven(signup_game)
    html = client_as("alice").post(reverse("host_draw", args=[signup_game.slug]), EDITED, follow=True).content.decode()
    assert "Roles drawn; every player finds theirs in the cabinet." in html
    roles = sorted(Player.objects.filter(game=signup_game).values_list("role", flat=True))
    assert roles == ["citizen", "citizen", "citizen", "cop", "doctor", "don", "mafioso"]
    assert "Your role:" in client_as("dave").get(reverse("cabinet", args=[signup_game.slug])).content.decode()


def test_a_composition_that_does_not_add_up_is_refused(signup_game) -> None:
    """A composition for the wrong number of players is refused with a sentence."""
    _seat_seven(signup_game)
    data = {**EDITED, "role_citizen": 1}
    html = client_as("alice").post(reverse("host_draw", args=[signup_game.slug]), data, follow=True).content.decode()
    assert "The roles add up to 5, but 7 players are seated." in html
    assert not Game.objects.get(pk=signup_game.pk).state


def test_the_host_starts_the_game(signup_game) -> None:
    """After the draw the start opens day 1 with its threads."""
    _seat_seven(signup_game)
    client = client_as("alice")
    client.post(reverse("host_draw", args=[signup_game.slug]), EDITED)
    html = client.post(reverse("host_start", args=[signup_game.slug]), follow=True).content.decode()
    assert "The game has started." in html
    signup_game.refresh_from_db()
    assert signup_game.status == "running"
    assert signup_game.rooms.filter(kind="day", day=1).exists()


def test_the_game_cannot_start_before_the_draw(signup_game) -> None:
    """Starting without roles is refused with a sentence."""
    html = client_as("alice").post(reverse("host_start", args=[signup_game.slug]), follow=True).content.decode()
    assert "Draw the roles before starting the game." in html


def everyone_votes(game: Game, seats: dict[str, Player], target: str = "Plain Three") -> None:
    """Every seat votes for ``target`` (who votes for Doc), so nobody is autokilled."""
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == target else target])


def test_resolve_now_closes_the_day_and_opens_the_night(forum_game) -> None:
    """Resolve now processes the open day at once: night 1 opens."""
    game, seats = forum_game
    everyone_votes(game, seats)
    html = (
        client_as("alice")
        .post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"}, follow=True)
        .content.decode()
    )
    assert "The phase was resolved." in html
    phase = flow.current_phase(game)
    assert (phase.kind, phase.number) == ("night", 1)


def test_extend_pushes_every_open_deadline_back(forum_game) -> None:
    """Extending by 90 minutes moves both of the day's deadlines."""
    game, _seats = forum_game
    phase = flow.current_phase(game)
    before = {d.kind: d.due_at for d in phase.deadlines.all()}
    html = (
        client_as("alice").post(reverse("host_extend", args=[game.slug]), {"minutes": 90}, follow=True).content.decode()
    )
    assert "The deadlines were extended." in html
    after = {d.kind: d.due_at for d in phase.deadlines.all()}
    assert {k: (after[k] - before[k]).total_seconds() for k in before} == {k: 5400 for k in before}


def test_extend_refuses_a_silly_amount(forum_game) -> None:
    """Extending by zero minutes is refused with a sentence."""
    game, _seats = forum_game
    html = (
        client_as("alice").post(reverse("host_extend", args=[game.slug]), {"minutes": 0}, follow=True).content.decode()
    )
    assert "Extend by between 1 minute and 7 days." in html


def test_the_host_waives_an_autokill(forum_game) -> None:
    """A player who has not voted is flagged; the host waives the autokill
    and the dashboard says so (FORUM-163)."""
    game, seats = forum_game
    client = client_as("alice")
    assert "No vote: autokill at the deadline" in client.get(reverse("host", args=[game.slug])).content.decode()
    response = client.post(
        reverse("host_excuse", args=[game.slug, seats["Doc"].public_id]), {"decision": "waive"}, follow=True
    )
    assert "Your decision on the autokill is recorded." in response.content.decode()
    game.refresh_from_db()
    assert game.options["excused"]["1"] == ["Doc"]
    assert "<em>waived</em>" in response.content.decode()


def test_the_host_modkills_a_player(forum_game) -> None:
    """A disqualification takes the player out and tells the day thread."""
    game, seats = forum_game
    html = (
        client_as("alice")
        .post(reverse("host_penalty", args=[game.slug]), {"kind": "disqualify", "target": "Doc"}, follow=True)
        .content.decode()
    )
    assert "The penalty was applied." in html
    seats["Doc"].refresh_from_db()
    assert not seats["Doc"].alive and seats["Doc"].revealed_role == "doctor"
    assert Post.objects.filter(room=rooms_of(game)["day"], by_host=True, body__contains="Doc").exists()


def test_a_penalty_for_nobody_is_refused(forum_game) -> None:
    """A penalty naming no player is refused with the ruleset's sentence."""
    game, _seats = forum_game
    response = client_as("alice").post(
        reverse("host_penalty", args=[game.slug]), {"kind": "disqualify", "target": "Nobody"}, follow=True
    )
    assert 'class="error"' in response.content.decode()
    assert Player.objects.filter(game=game, alive=False).count() == 0


def test_a_replacement_takes_over_the_seat(forum_game) -> None:
    """dave takes over Doc's seat: he now has the cabinet, p2 has lost it."""
    game, seats = forum_game
    html = (
        client_as("alice")
        .post(reverse("host_replace", args=[game.slug]), {"nickname": "Doc", "username": "dave"}, follow=True)
        .content.decode()
    )
    assert "The replacement has taken over the seat." in html
    assert "Cabinet of Doc" in client_as("dave").get(reverse("cabinet", args=[game.slug])).content.decode()
    old = Client()
    old.force_login(get_user_model().objects.get(username="p2"))
    assert old.get(reverse("cabinet", args=[game.slug])).status_code == 403


def test_a_replacement_by_an_unknown_account_is_refused(forum_game) -> None:
    """Replacing with an account that does not exist says so and changes nothing."""
    game, seats = forum_game
    html = (
        client_as("alice")
        .post(reverse("host_replace", args=[game.slug]), {"nickname": "Doc", "username": "ghost"}, follow=True)
        .content.decode()
    )
    assert "There is no account with that name." in html
    assert Player.objects.get(pk=seats["Doc"].pk).user.username == "p2"


def test_the_host_publishes_a_draft_results_post(forum_game) -> None:
    """With automatic publishing off, the results wait as a draft; the host
    edits and publishes them into the vote thread."""
    game, seats = forum_game
    everyone_votes(game, seats)
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    client = client_as("alice")
    client.post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"})
    resolution = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day")
    assert resolution.published_post is None
    html = client.post(
        reverse("host_results", args=[game.slug, resolution.id]), {"text": "[b]Day 1 is over.[/b]"}, follow=True
    ).content.decode()
    assert "Results published." in html
    post = Resolution.objects.get(pk=resolution.pk).published_post
    assert post.room == Room.objects.get(game=game, kind="vote", day=1)
    assert (
        "<b>Day 1 is over.</b>"
        in client_as("anon").get(reverse("room", args=[game.slug, post.room.public_id])).content.decode()
    )


def test_the_host_corrects_published_results(forum_game) -> None:
    """Correcting published results edits the post in place, marked edited."""
    game, seats = forum_game
    everyone_votes(game, seats)
    client = client_as("alice")
    client.post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"})
    resolution = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day")
    assert resolution.published_post is not None
    html = client.post(
        reverse("host_results", args=[game.slug, resolution.id]), {"text": "Corrected results."}, follow=True
    ).content.decode()
    assert "Results corrected." in html
    post = Post.objects.get(pk=resolution.published_post_id)
    assert post.body == "Corrected results." and post.edited_at is not None
    room_html = (
        client_as("anon").get(reverse("room", args=[game.slug, post.room.public_id]) + "?page=last").content.decode()
    )
    assert "Corrected results." in room_html and "edited at" in room_html


def test_empty_results_are_refused(forum_game) -> None:
    """A results post cannot be emptied."""
    game, seats = forum_game
    everyone_votes(game, seats)
    client = client_as("alice")
    client.post(reverse("host_resolve", args=[game.slug]), {"phase": "day-1"})
    resolution = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day")
    html = client.post(
        reverse("host_results", args=[game.slug, resolution.id]), {"text": ""}, follow=True
    ).content.decode()
    assert "The results post cannot be empty." in html


def test_the_host_accepts_every_application_at_once_while_seats_remain(personas, make_user) -> None:
    """«Accept all» on the dashboard seats the pending applications, oldest
    first, up to the game's limit; the rest keep waiting and the host is
    told; a player cannot use it."""
    game = flow.game_create(host=personas["alice"], title="Open table", ruleset_id="forum", signup_limit=3)
    flow.signup_open(game=game)
    for i in range(4):
        flow.signup_apply(game=game, user=make_user(f"applicant{i}"), nickname=f"Guest {i}")
    host = client_as(personas["alice"])
    page = host.get(reverse("host", args=[game.slug])).content.decode()
    assert "Accept all applications (4)" in page
    url = reverse("host_signup_accept_all", args=[game.slug])
    assert client_as(make_user("applicant9")).post(url).status_code in (403, 404)
    assert not game.players.seated().exists()
    response = host.post(url, follow=True)
    assert "Applications accepted: 3. The game is full; 1 still wait." in response.content.decode()
    assert list(game.players.seated().values_list("nickname", flat=True)) == ["Guest 0", "Guest 1", "Guest 2"]
    assert game.players.filter(status=Player.Status.APPLIED).count() == 1
