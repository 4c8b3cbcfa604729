"""A thread through its real form: posting, rejected posts, quoting, and
the vote form of the vote thread (FORUM-019)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
import time_machine
from django.urls import reverse

from games import flow
from games.models import Post, Vote

from .pages import add_posts, client_as, kill_mafioso, rooms_of

pytestmark = pytest.mark.django_db


def _url(game, name: str) -> str:
    return reverse("room", args=[game.slug, rooms_of(game)[name].public_id])


def test_it_shows_a_post_with_its_bbcode_rendered(forum_game) -> None:
    """A post in the day thread appears under the nickname, BBCode rendered."""
    game, _seats = forum_game
    client = client_as("bob")
    response = client.post(_url(game, "day"), {"body": "[b]I am a citizen[/b], [i]honest[/i]"}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<b>I am a citizen</b>, <i>honest</i>" in html
    assert '">Bonnie</a></strong>' in html and '<strong class="author"><a class="author-posts"' in html


def test_it_sends_the_poster_to_his_own_post_in_a_long_thread(forum_game) -> None:
    """After posting, the poster lands on the page holding his post, at the
    post, however long the thread (issue: he landed on page 1 without it)."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    add_posts(room, [seats["Doc"]], 65)
    client = client_as("bob")
    response = client.post(_url(game, "day"), {"body": "my own words"}, follow=True)
    assert response.redirect_chain[-1][0].endswith("?page=3#p66")
    assert "my own words" in response.content.decode()
    assert 'id="p66"' in response.content.decode()


def test_posts_carry_their_number_in_the_thread_and_a_permalink(forum_game) -> None:
    """Posts are numbered in their own thread (#1, #2 …), however busy the
    private rooms are: the numbers of a public thread reveal nothing."""
    game, seats = forum_game
    rooms = rooms_of(game)
    flow.post_create(room=rooms["day"], seat=seats["Doc"], body="first in the day thread")
    for i in range(5):
        flow.post_create(room=rooms["mafia"], seat=seats["Bonnie"], body=f"plotting {i}")
    flow.post_create(room=rooms["day"], seat=seats["Doc"], body="second in the day thread")
    html = client_as("citizen").get(_url(game, "day")).content.decode()
    numbers = [int(n) for n in re.findall(r'id="p(\d+)"', html)]
    assert numbers == list(range(1, len(numbers) + 1))
    link = reverse("post_link", args=[game.slug, rooms["day"].public_id, numbers[-1]])
    assert f'href="{link}"' in html


def test_a_permalink_of_a_private_room_is_hidden_from_a_stranger(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    post = flow.post_create(room=room, seat=seats["Bonnie"], body="secret plan")
    url = reverse("post_link", args=[game.slug, room.public_id, post.number])
    assert client_as("dave").get(url).status_code == 404
    assert client_as("citizen").get(url).status_code == 404
    assert client_as("bob").get(url).status_code == 302


def test_it_shows_typed_html_as_text(forum_game) -> None:
    """A post with HTML in it shows the HTML as typed, never as markup."""
    game, _seats = forum_game
    html = client_as("bob").post(_url(game, "day"), {"body": "<b onclick=x()>hi</b>"}, follow=True).content.decode()
    assert "&lt;b onclick=x()&gt;hi&lt;/b&gt;" in html
    assert "<b onclick" not in html


def test_it_refuses_an_empty_post_and_says_so(forum_game) -> None:
    """A post of blanks is refused with a sentence; nothing is stored."""
    game, _seats = forum_game
    response = client_as("bob").post(_url(game, "day"), {"body": "   \n  "})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Post.objects.filter(room=rooms_of(game)["day"]).exists()


def test_it_keeps_the_text_of_a_post_that_is_too_long(forum_game) -> None:
    """A post over 20,000 characters is refused and the typed text stays in
    the textarea, so nothing is lost."""
    game, _seats = forum_game
    text = "word " * 4001
    response = client_as("bob").post(_url(game, "day"), {"body": text})
    html = response.content.decode()
    assert response.status_code == 200
    assert "at most 20000 characters" in html
    assert text.strip() in unescape(html[html.index('<textarea name="body"') :])
    assert not Post.objects.filter(room=rooms_of(game)["day"]).exists()


def test_the_quote_button_carries_the_quote_bbcode(forum_game) -> None:
    """The Quote button of a post holds [quote=Nick]…[/quote] with the post's source."""
    game, seats = forum_game
    flow.post_create(room=rooms_of(game)["day"], seat=seats["Clyde"], body="I checked [b]Doc[/b]")
    html = client_as("bob").get(_url(game, "day")).content.decode()
    assert 'data-quote="[quote=Clyde]I checked [b]Doc[/b][/quote]"' in html


def test_the_quote_button_of_a_host_post_names_the_host(forum_game) -> None:
    """Quoting the host's post quotes "Host", never an account."""
    game, _seats = forum_game
    flow.post_create(room=rooms_of(game)["day"], seat=None, body="Day 1 begins", by_host=True)
    html = client_as("bob").get(_url(game, "day")).content.decode()
    assert 'data-quote="[quote=Host]Day 1 begins[/quote]"' in html


def test_a_quoted_post_renders_as_a_named_quote(forum_game) -> None:
    """A post made of the Quote button's text shows "Nick wrote:" in the game's language (Russian here)."""
    game, _seats = forum_game
    body = "[quote=Clyde]I checked Doc[/quote]\nI do not believe you"
    html = client_as("bob").post(_url(game, "day"), {"body": body}, follow=True).content.decode()
    assert '<blockquote class="quote"><cite>Clyde пишет:</cite>I checked Doc</blockquote>' in html


def test_the_vote_thread_offers_the_vote_form_to_a_living_player(forum_game) -> None:
    """A player who has not voted today sees the vote form with the living players."""
    game, _seats = forum_game
    html = client_as("bob").get(_url(game, "vote")).content.decode()
    assert 'class="vote-form"' in html and ">Doc</option>" in html


def test_it_counts_a_vote_cast_through_the_form(forum_game) -> None:
    """The vote form casts one vote; the thread shows it in the count and
    in the vote post (FORUM-019)."""
    game, seats = forum_game
    response = client_as("bob").post(
        reverse("vote", args=[game.slug, rooms_of(game)["vote"].public_id]),
        {"target": seats["Doc"].public_id, "confirm": "on"},
        follow=True,
    )
    html = response.content.decode()
    assert "Your vote for Doc is counted." in html
    assert "<strong>Doc</strong>: 1" in html
    assert "Bonnie → Doc" in html
    assert 'class="vote-form"' not in html
    assert Vote.objects.get(game=game).target == seats["Doc"]


def test_a_second_vote_is_refused_with_a_clear_message(forum_game) -> None:
    """A vote cannot be changed: the second one is refused and says why (FORUM-019)."""
    game, seats = forum_game
    client = client_as("bob")
    url = reverse("vote", args=[game.slug, rooms_of(game)["vote"].public_id])
    client.post(url, {"target": seats["Doc"].public_id, "confirm": "on"})
    html = client.post(url, {"target": seats["Clyde"].public_id, "confirm": "on"}, follow=True).content.decode()
    assert "You have already voted today; a vote cannot be changed (FORUM-019)." in html
    assert Vote.objects.get(game=game).target == seats["Doc"]


def test_a_vote_for_nobody_in_the_game_is_refused(forum_game) -> None:
    """A vote naming no living player is refused with a sentence."""
    game, _seats = forum_game
    url = reverse("vote", args=[game.slug, rooms_of(game)["vote"].public_id])
    response = client_as("bob").post(url, {"target": "not-a-player"})
    assert response.status_code == 400
    assert "Choose one of the choices offered: a player who may be voted for today" in response.content.decode()
    assert not Vote.objects.exists()


def test_a_late_vote_is_refused_with_the_deadline_in_the_games_time_zone(forum_game) -> None:
    """A vote after 21:00 (Europe/Moscow) is refused and the message shows
    the deadline in the game's time zone (FORUM-019, FORUM-009)."""
    game, seats = forum_game
    due = flow.current_phase(game).deadlines.get(resolves=True).due_at
    client = client_as("bob")
    with time_machine.travel(due + timedelta(minutes=1), tick=False):
        url = reverse("vote", args=[game.slug, rooms_of(game)["vote"].public_id])
        html = client.post(url, {"target": seats["Doc"].public_id, "confirm": "on"}, follow=True).content.decode()
    assert "The vote closed at" in html and "21:00 UTC+3" in html
    assert not Vote.objects.exists()


def test_a_vote_posted_as_a_message_in_the_vote_thread_is_refused(forum_game) -> None:
    """The vote thread takes votes only through the vote form (FORUM-019)."""
    game, _seats = forum_game
    response = client_as("bob").post(_url(game, "vote"), {"body": "Doc"})
    assert response.status_code == 403
    assert not Vote.objects.exists()


def test_a_dead_player_gets_no_vote_form_and_cannot_vote(forum_game) -> None:
    """A player out of the game has no vote form, and a forged vote is
    refused with a sentence (FORUM-019, FORUM-020)."""
    game, seats = forum_game
    kill_mafioso(game)
    client = client_as("dead")
    assert 'class="vote-form"' not in client.get(_url(game, "vote")).content.decode()
    url = reverse("vote", args=[game.slug, rooms_of(game)["vote"].public_id])
    html = client.post(url, {"target": seats["Doc"].public_id, "confirm": "on"}, follow=True).content.decode()
    assert "You are out of the game and cannot vote." in html
    assert not Vote.objects.exists()


def _textarea(html: str) -> str:
    """The text inside the post form's textarea, as a browser shows it (the
    newline right after the opening tag is not part of the text)."""
    start = html.index(">", html.index('<textarea name="body"')) + 1
    return unescape(html[start : html.index("</textarea>", start)]).removeprefix("\n")


def test_a_post_from_a_stale_page_of_a_dead_player_keeps_its_text(forum_game) -> None:
    """A player who died while writing is refused from the day thread with
    the reason on the thread's page, and his text stays in the textarea
    (FORUM-020)."""
    game, _seats = forum_game
    kill_mafioso(game)
    client = client_as("dead")
    client.post(_url(game, "day"), {"body": "my last words"})
    text = "I was going to say [b]something[/b] <important>"
    response = client.post(_url(game, "day"), {"body": text})
    html = response.content.decode()
    assert response.status_code == 403
    assert "You are out of the game: you may post only in the graveyard." in html
    assert _textarea(html) == text
    assert "my last words" in html  # the thread itself is shown
    assert not Post.objects.filter(body=text).exists()


def test_a_post_to_a_closed_thread_keeps_its_text(forum_game) -> None:
    """A post sent after the game ended is refused with the reason on the
    thread's page and the text kept."""
    game, _seats = forum_game
    game.status = game.Status.FINISHED
    game.save(update_fields=["status"])
    response = client_as("bob").post(_url(game, "day"), {"body": "too late, sadly"})
    html = response.content.decode()
    assert response.status_code == 403
    assert "The game is over; its threads are closed." in html
    assert _textarea(html) == "too late, sadly"


def test_the_post_form_states_the_size_limit(forum_game) -> None:
    """The post box says how long a post may be; a longer one is refused
    with a sentence giving the limit and the post's length."""
    game, _seats = forum_game
    client = client_as("bob")
    assert "At most 20,000 characters." in client.get(_url(game, "day")).content.decode()
    html = unescape(client.post(_url(game, "day"), {"body": "x" * 20001}).content.decode())
    assert "A post may be at most 20000 characters long; this one has 20001." in html


def test_the_mafia_room_lists_its_members_for_its_members(forum_game) -> None:
    """The mafia know each other: their room names its members (the dead
    marked out); the public threads list nobody."""
    game, _seats = forum_game
    kill_mafioso(game)
    html = client_as("bob").get(_url(game, "mafia")).content.decode()
    members = re.search(r'<p class="members">(.*?)</p>', html, re.S).group(1)
    assert "Bonnie" in members and "Mafia Two" in members and "(out)" in members
    assert "Plain One" not in members and "Clyde" not in members
    assert 'class="members"' not in client_as("bob").get(_url(game, "day")).content.decode()


def test_post_times_are_shown_in_the_games_time_zone(forum_game) -> None:
    """Deadlines are in the game's time zone (Moscow here), and so are the
    times of posts: 09:00 UTC shows as 12:00 UTC+3."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    post = flow.post_create(room=room, seat=seats["Doc"], body="morning")
    Post.objects.filter(pk=post.pk).update(created_at=datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    html = client_as("bob").get(_url(game, "day")).content.decode()
    assert ">2026-11-20 12:00 UTC+3</time>" in html


def test_every_page_has_the_sites_icon(client) -> None:
    """A favicon, so the site's tab is recognisable among a forum's tabs."""
    from django.contrib.staticfiles import finders

    page = client.get(reverse("home")).content.decode()
    assert 'rel="icon"' in page and "favicon.svg" in page
    assert finders.find("favicon.svg")
