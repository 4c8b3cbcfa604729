"""The page's live channel brings edits to open pages: a post edited after
a reader opened the thread is replaced in place on his page (an out-of-band
swap of its article, with its "edited at" mark) at his next poll, while a
poll with nothing new nor edited costs two small queries (the session,
which the language middleware reads, and the game's version), and a reader who may not read the room still gets nothing."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import flow
from games.models import Resolution

from .channel import channel_of, settled
from .pages import client_as, rooms_of
from .test_flow import everyone_votes_for

# Committed transactions, as the site runs. The cache keys hold the rooms'
# random ids, so tests sharing a cache never meet.
pytestmark = pytest.mark.django_db(transaction=True)


def poller_url(html: str) -> str:
    """The address the page's (or the poll answer's) next poll asks."""
    return channel_of(html)


def open_thread(client, game, room) -> str:
    """The reader opens the thread (its channel's first ask reports what
    it showed); the address of its next poll."""
    return settled(client, reverse("room", args=[game.slug, room.public_id]))


def test_a_post_edited_after_the_reader_opened_the_thread_reaches_his_page(
    forum_game, django_assert_num_queries
) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    post = flow.post_create(room=room, seat=seats["Clyde"], body="I checked Plain Two")
    flow.post_create(room=room, seat=seats["Doc"], body="noted")
    bob = client_as("bob")
    url = open_thread(bob, game, room)
    assert "a=2" in url and "f=1" in url
    with django_assert_num_queries(1):  # the version (no session: the ticket holds its cookie)
        assert bob.get(url).status_code == 204

    flow.post_edit(post=post, body="I checked [b]Bonnie[/b]")
    answer = bob.get(url)
    assert answer.status_code == 200
    html = answer.content.decode()
    article = re.search(r'<article class="post" id="p1" hx-swap-oob="true">.*?</article>', html, re.S)
    assert article, html
    assert "I checked <b>Bonnie</b>" in article.group(0)
    assert '<em class="edited">edited at' in article.group(0)
    assert 'id="p2"' not in html  # only the edited post, no new one
    following = poller_url(html)
    assert "a=2" in following and "f=1" in following and following != url

    # Brought up to date: the next poll brings nothing new (the edit again
    # at most, within the margin of its stamp, replacing the same post).
    again = bob.get(following)
    assert again.status_code == 204 or re.findall(r'<article class="post" id="(p\d+)"', again.content.decode()) == [
        "p1"
    ]


def test_new_posts_and_edits_come_in_one_answer(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    post = flow.post_create(room=room, seat=seats["Clyde"], body="first thought")
    carol = client_as("carol")
    url = open_thread(carol, game, room)
    flow.post_edit(post=post, body="second thought")
    flow.post_create(room=room, seat=seats["Doc"], body="a new post")
    html = carol.get(url).content.decode()
    assert re.search(r'<article class="post" id="p2">.*?a new post', html, re.S)
    edited = re.search(r'<article class="post" id="p1" hx-swap-oob="true">.*?</article>', html, re.S)
    assert edited and "second thought" in edited.group(0)
    # The author's own edited post keeps its "Edit" link while the window lasts.
    assert "/p/1/edit/" in edited.group(0)
    assert "a=2" in poller_url(html)


def test_a_poll_does_not_send_edits_of_posts_before_the_readers_page(forum_game, settings) -> None:
    """The poller names the first post its page shows: an edit of an earlier
    post (on a page the reader does not have open) is not sent to it."""
    settings.MAFIA_POSTS_PER_PAGE = 2
    game, seats = forum_game
    room = rooms_of(game)["day"]
    early = flow.post_create(room=room, seat=seats["Clyde"], body="on page one")
    for body in ("two", "three"):
        flow.post_create(room=room, seat=seats["Doc"], body=body)
    bob = client_as("bob")
    url = poller_url(bob.get(reverse("room", args=[game.slug, room.public_id]), {"page": 2}).content.decode())
    assert "f=3" in url
    flow.post_edit(post=early, body="edited on page one")
    answer = bob.get(url)
    assert "edited on page one" not in answer.content.decode()
    if answer.status_code == 200:  # the next channel and the phase bar, no post
        assert "<article" not in answer.content.decode()


def test_a_corrected_results_post_reaches_open_pages(forum_game) -> None:
    """The host corrects the published results: the open vote thread shows
    the corrected text without a reload."""
    game, seats = forum_game
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    resolution = Resolution.objects.get(deadline__phase__game=game)
    post = flow.results_publish(resolution=resolution, text="Day 1 results")
    carol = client_as("carol")
    url = open_thread(carol, game, post.room)
    resolution.refresh_from_db()
    flow.results_publish(resolution=resolution, text="Day 1 results, corrected")
    html = carol.get(url).content.decode()
    pattern = rf'<article class="post host-post" id="p{post.number}" hx-swap-oob="true">.*?</article>'
    edited = re.search(pattern, html, re.S)
    assert edited and "Day 1 results, corrected" in edited.group(0)


def test_a_stranger_still_cannot_poll_a_private_room_after_an_edit(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    post = flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    bob = client_as("bob")
    url = open_thread(bob, game, room)
    assert bob.get(url).status_code == 204
    flow.post_edit(post=post, body="the new plan")
    assert "the new plan" in bob.get(url).content.decode()
    for stranger in ("dave", "anon", "citizen"):
        answer = client_as(stranger).get(url)
        assert answer.status_code == 404, stranger
        assert "the new plan" not in answer.content.decode()
