"""Requests sent twice at once (a double click, two tabs) get a sentence,
never a 500, and leave one effect: two "Apply" submits of one account,
two applications with one character, two sign-ups of one account name.
Each runs as real requests in threads with their own PostgreSQL
connections, lined up behind a lock the test holds until both wait."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Event, Game, Player, Post
from tests.games.page_forms import post_forms

from .test_deadlines import requires_postgresql

pytestmark = [requires_postgresql, pytest.mark.django_db(transaction=True)]


def wait_for_lock_waiters(n: int) -> None:
    """Poll PostgreSQL until ``n`` sessions wait for a lock."""
    import time

    end = time.monotonic() + 30
    with connection.cursor() as cursor:
        while time.monotonic() < end:
            cursor.execute("SELECT count(DISTINCT pid) FROM pg_locks WHERE NOT granted")
            if cursor.fetchone()[0] >= n:
                return
            time.sleep(0.05)
    pytest.fail(f"{n} requests never waited for the lock")


def at_once(requests: list[Callable[[], object]], hold: Callable[[], None]) -> list[object]:
    """Run ``requests`` in threads while this thread's transaction holds
    what ``hold`` locks; release once every request waits for it; return
    each request's result (its response, or the exception it raised)."""
    results: list[object] = [None] * len(requests)

    def run(i: int) -> None:
        try:
            results[i] = requests[i]()
        except Exception as exc:  # noqa: BLE001 (the test reports it)
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    with transaction.atomic():
        hold()
        for thread in threads:
            thread.start()
        wait_for_lock_waiters(len(requests))
    for thread in threads:
        thread.join(timeout=60)
    return results


def logged_in(username: str) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.get(username=username))
    return client


def signup_game(host, **fields) -> Game:
    game = flow.game_create(host=host, title="Sign-up town", ruleset_id="forum", variant="two_sided", **fields)
    flow.signup_open(game=game)
    return game


def lock_game(game: Game) -> Callable[[], None]:
    return lambda: Game.objects.select_for_update().get(pk=game.pk)


def test_two_apply_submits_of_one_account_make_one_application(personas, make_user) -> None:
    """A double-submitted "Apply": one application, and each answer is the
    game page with a sentence (the second: already applied)."""
    game = signup_game(personas["alice"])
    make_user("twice")
    url = reverse("game_apply", args=[game.slug])
    clients = [logged_in("twice"), logged_in("twice")]

    responses = at_once([lambda c=c: c.post(url, {"nickname": "Fox"}, follow=True) for c in clients], lock_game(game))

    assert [getattr(r, "status_code", r) for r in responses] == [200, 200]
    texts = " ".join(r.content.decode() for r in responses)
    assert "Your application was sent to the host." in texts
    assert "You have already applied to this game." in texts
    assert game.players.count() == 1


def test_two_accounts_applying_with_one_character_at_once_get_one_seat(personas, make_user) -> None:
    """Two accounts pick the same free character at the same moment: one
    application is kept, the other account reads that the nickname is taken."""
    game = signup_game(personas["alice"], characters=["Fox", "Wolf"])
    make_user("first")
    make_user("second")
    url = reverse("game_apply", args=[game.slug])
    clients = [logged_in("first"), logged_in("second")]

    responses = at_once([lambda c=c: c.post(url, {"nickname": "Fox"}, follow=True) for c in clients], lock_game(game))

    assert sorted(getattr(r, "status_code", r) for r in responses) == [200, 400]
    texts = " ".join(r.content.decode() for r in responses)
    assert "Your application was sent to the host." in texts
    assert "The nickname “Fox” is already taken in this game." in texts
    assert list(game.players.values_list("nickname", flat=True)) == ["Fox"]


def test_an_account_declined_earlier_does_not_block_its_character(personas, make_user) -> None:
    """A declined application keeps its row: another account applying with
    the same character is seated with it, not refused by the database."""
    game = signup_game(personas["alice"])
    declined = flow.signup_apply(game=game, user=make_user("declined"), nickname="Fox")
    flow.signup_decide(game=game, player=declined, accept=False)
    make_user("later")

    response = logged_in("later").post(reverse("game_apply", args=[game.slug]), {"nickname": "fox"}, follow=True)

    assert response.status_code == 200
    assert "Your application was sent to the host." in response.content.decode()
    assert game.players.get(user__username="later").nickname == "fox"


def test_two_sign_ups_of_one_account_name_at_once_make_one_account(db) -> None:
    """Two sign-up forms with one account name sent at once: one account
    is made; the other form comes back with a sentence and what was typed."""
    url = reverse("account_signup")
    form = {
        "username": "samename",
        "email": "",
        "password1": "a-long-passphrase-42",
        "password2": "a-long-passphrase-42",
    }

    def lock_accounts() -> None:
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {get_user_model()._meta.db_table} IN SHARE ROW EXCLUSIVE MODE")

    responses = at_once(
        [lambda: Client(raise_request_exception=False).post(url, form) for _ in range(2)], lock_accounts
    )

    codes = sorted(getattr(r, "status_code", r) for r in responses)
    assert codes == [200, 302], codes
    refused = next(r for r in responses if r.status_code == 200).content.decode()
    assert "A user with that username already exists." in refused
    assert 'value="samename"' in refused
    assert get_user_model().objects.filter(username="samename").count() == 1


def test_a_character_longer_than_a_nickname_is_refused_when_hosting(personas) -> None:
    """ "Host a game" refuses a character a seat could not hold as its
    nickname (60 characters), with the form kept."""
    from .test_views_host import NEW_GAME

    client = logged_in("alice")
    long_name = "A" * 61

    response = client.post(reverse("game_new"), {**NEW_GAME, "characters": f"Fox\n{long_name}"})

    assert response.status_code == 200
    html = response.content.decode()
    assert "is too long: a character is at most 60 characters long." in html
    assert long_name in html
    assert not Game.objects.exists()


def test_applying_with_a_character_longer_than_a_nickname_gets_a_sentence(personas, make_user) -> None:
    """A game whose characters were stored before the check (or by hand):
    applying with a 61-character one answers a sentence, never a 500."""
    game = signup_game(personas["alice"], characters=["A" * 61, "Fox"])
    make_user("player")

    response = logged_in("player").post(reverse("game_apply", args=[game.slug]), {"nickname": "A" * 61})

    assert response.status_code == 400
    html = response.content.decode()
    assert "A game nickname is at most 60 characters long." in html
    assert f'<option value="{"A" * 61}" selected>' in html
    assert not Player.objects.filter(game=game).exists()


# ------------------------------------------------- the same form twice at once

# Rows one submit may add at most (its effect), per table.
ONE_EFFECT = ("Post", "Vote", "Player", "Game", "Action")
EFFECT_KINDS = ("penalty", "penalty_deferred", "deadline_extended", "player_replaced", "signup_applied", "game_created")


def effects() -> dict[str, int]:
    """How many rows of each effect there are (see ``ONE_EFFECT``, ``EFFECT_KINDS``)."""
    from django.apps import apps

    counts = {name: apps.get_model("games", name).objects.count() for name in ONE_EFFECT}
    for kind in EFFECT_KINDS:
        counts[kind] = Event.objects.filter(kind=kind).count()
    return counts


def sent_twice_at_once(account: str, page: str, action: str, hold: Callable[[], None], **typed: str) -> list[str]:
    """The form of ``page`` going to ``action``, as ``account`` sees it,
    sent twice at once while ``hold`` is locked; the problems found (a
    500, an effect counted twice)."""
    response = logged_in(account).get(page)
    form = next(f for f in post_forms(response.content.decode(), page) if f.action.endswith(action))
    for key, value in typed.items():
        form.data[key] = [value]
    clients = [logged_in(account), logged_in(account)]
    before = effects()
    responses = at_once([lambda c=c: c.post(form.action, form.post_data()) for c in clients], hold)
    after = effects()
    problems = [f"{action}: {getattr(r, 'status_code', r)}" for r in responses if getattr(r, "status_code", 500) >= 500]
    problems += [f"{action}: {key} +{after[key] - before[key]}" for key in after if after[key] - before[key] > 1]
    return problems


def test_each_game_form_sent_twice_at_once_has_one_effect(forum_game, make_user) -> None:
    """A post, a vote, the host's post, Extend, a penalty, a replacement:
    two submits of one form at once, lined up behind the game's lock,
    answer no 500 and leave one post, one vote, one extension, one penalty,
    one replacement."""
    game, _seats = forum_game
    make_user("newcomer")
    rooms = {r.kind: r for r in game.rooms.all()}
    day = reverse("room", args=[game.slug, rooms["day"].public_id])
    vote = reverse("room", args=[game.slug, rooms["vote"].public_id])
    host = reverse("host", args=[game.slug])
    hold = lock_game(game)
    problems = []
    problems += sent_twice_at_once("bob", day, day, hold, body="Twice at once.")
    problems += sent_twice_at_once("alice", day, day, hold, body="The host, twice at once.")
    problems += sent_twice_at_once("carol", vote, reverse("vote", args=[game.slug, rooms["vote"].public_id]), hold)
    problems += sent_twice_at_once("alice", host, reverse("host_extend", args=[game.slug]), hold, minutes="30")
    problems += sent_twice_at_once(
        "alice", host, reverse("host_penalty", args=[game.slug]), hold, kind="skip_team_shot", target="mafia"
    )
    problems += sent_twice_at_once(
        "alice", host, reverse("host_replace", args=[game.slug]), hold, nickname="Plain Two", username="newcomer"
    )
    assert not problems, problems
    assert Post.objects.filter(body="Twice at once.").count() == 1
    assert Event.objects.filter(kind="deadline_extended").count() == 1


def test_host_a_game_sent_twice_at_once_makes_one_game(personas) -> None:
    """Two "Host a game" submits at once, lined up behind the host's
    account row: one game."""
    user = get_user_model()
    hold = lambda: user.objects.select_for_update().get(username="alice")  # noqa: E731
    problems = sent_twice_at_once("alice", reverse("game_new"), reverse("game_new"), hold, title="Twice town")
    assert not problems, problems
    assert Game.objects.filter(title="Twice town").count() == 1
