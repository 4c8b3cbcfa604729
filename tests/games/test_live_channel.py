"""One live channel per open page: each page of a running game polls one
address (``#live``), which answers "nothing new" with a 204 from the
game's version without rendering anything, sends what changed (new posts,
edits, the vote count, the phase bar, the host's live part) in one answer
as out-of-band swaps, gives nothing to a stranger, and is absent from a
finished game's pages."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import clock, flow, languages, page_cache
from games.models import AccountLanguage, Game, Player, ReadMark, Room

from .channel import channel_of, settled
from .pages import USERNAMES, add_posts, client_as, rooms_of

# Committed transactions, as the site runs.
pytestmark = pytest.mark.django_db(transaction=True)

EVERY = re.compile(r'hx-trigger="every ')
LIVE_ELEMENT = re.compile(r'<div id="live"[^>]*>')


def _pages(game: Game) -> dict[str, tuple[str, str]]:
    rooms = rooms_of(game)
    return {
        "day thread": ("carol", reverse("room", args=[game.slug, rooms["day"].public_id])),
        "vote thread": ("carol", reverse("room", args=[game.slug, rooms["vote"].public_id])),
        "team room": ("bob", reverse("room", args=[game.slug, rooms["mafia"].public_id])),
        "cabinet": ("carol", reverse("cabinet", args=[game.slug])),
        "game page": ("anon", reverse("game", args=[game.slug])),
        "host dashboard": ("alice", reverse("host", args=[game.slug])),
    }


def test_every_page_of_a_running_game_polls_one_channel_only(forum_game) -> None:
    """The phase bar, the vote count, the new posts and the host's live
    part no longer poll each: a page has one polling element, the
    channel, asking every 5 s on a thread's latest page and every 10 s
    elsewhere."""
    game, _seats = forum_game
    for name, (persona, url) in _pages(game).items():
        html = client_as(persona).get(url).content.decode()
        assert len(EVERY.findall(html)) == 1, name
        assert channel_of(html).startswith(reverse("live", args=[game.slug])), name
        every = "5s" if "room" in name or "thread" in name else "10s"
        assert f'hx-trigger="every {every}, live-now from:document' in html, name


def test_a_poll_with_nothing_new_answers_204_with_one_query_and_renders_nothing(
    forum_game, django_assert_max_num_queries
) -> None:
    """The game's version alone: not even the session is read (the ticket
    is checked against its cookie). The 204 is still this browser's alone:
    private, varying with the cookie."""
    game, _seats = forum_game
    for name, (persona, url) in _pages(game).items():
        client = client_as(persona)
        channel = settled(client, url)
        with django_assert_max_num_queries(1):
            answer = client.get(channel)
        assert answer.status_code == 204, name
        assert answer.templates == [] and answer.content == b"", name
        assert "Cookie" in answer.headers["Vary"] and "private" in answer.headers["Cache-Control"], name


def test_a_polls_news_come_in_the_readers_language_and_time_zone(forum_game) -> None:
    """The channel's GET reads the session only when it has news; the new
    post then comes as the reader's pages show it: in the language and the
    time zone his account chose, not the browser's nor the game's."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    zone = "Pacific/Auckland"
    assert str(game.timezone) != zone
    account = get_user_model().objects.get(username=USERNAMES.get("carol", "carol"))
    AccountLanguage.objects.create(user=account, language="ru", time_zone=zone)
    carol = client_as("carol")  # the login puts the choice into the session
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    post = flow.post_create(room=room, seat=seats["Doc"], body="Arrived while you were reading.")
    answer = carol.get(channel, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "Arrived while you were reading." in html
    assert "Ссылка на этот пост" in html and "Link to this post" not in html
    with languages.reading_in_zone(zone):
        theirs = clock.local_time(game, post.created_at)
    games_own = clock.local_time(game, post.created_at)
    assert theirs != games_own
    assert theirs in html and games_own not in html


def test_a_new_post_comes_appended_with_the_read_mark_and_the_next_channel(forum_game) -> None:
    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    post = flow.post_create(room=room, seat=seats["Doc"], body="Arrived while you were reading.")
    answer = carol.get(channel)
    assert answer.status_code == 200
    html = answer.content.decode()
    appended = re.search(r'<div id="posts" hx-swap-oob="beforeend">(.*?)</div>\s*(?:<div|$)', html, re.S)
    assert appended and f'id="p{post.number}"' in appended.group(1)
    assert "Arrived while you were reading." in appended.group(1)
    following = channel_of(html)
    assert f"a={post.number}" in following and f"m={post.number}" in following
    assert 'id="live" hidden hx-post="' in html  # the next ask reports the new post seen
    # … with the page's token (the body's hx-headers): none is made for the answer.
    assert "X-CSRFToken" not in html and settings.CSRF_COOKIE_NAME not in answer.cookies
    assert _mark(room, "carol") < post.number
    reported = carol.post(following, HTTP_HX_REQUEST="true")
    assert reported.status_code == 200 and _mark(room, "carol") == post.number
    assert carol.get(channel_of(reported.content.decode())).status_code == 204


def _mark(room: Room, username: str) -> int:
    """The reader's read mark in ``room`` (0: none)."""
    return ReadMark.objects.filter(room=room, user__username=username).values_list("number", flat=True).first() or 0


def test_a_page_reports_the_posts_new_to_its_reader_by_its_channels_first_ask(
    forum_game, django_assert_max_num_queries
) -> None:
    """The page does not write (a GET never writes) and posts no report of
    its own: its channel asks by POST with the last post it showed (``m``),
    the mark moves in that request, and the channel then asks by GET. In a
    thread and in the cabinet (the host's answer)."""
    game, seats = forum_game
    day = rooms_of(game)["day"]
    for n in range(3):
        flow.post_create(room=day, seat=seats["Doc"], body=f"Morning post {n}.")
    flow.post_create(room=rooms_of(game)["cabinet"], seat=None, by_host=True, body="Your check is in.")
    carol = Client(enforce_csrf_checks=True)  # as a browser: a POST needs the token
    carol.force_login(get_user_model().objects.get(username="carol"))
    for room, url in (
        (day, reverse("room", args=[game.slug, day.public_id])),
        (rooms_of(game)["cabinet"], reverse("cabinet", args=[game.slug])),
    ):
        html = carol.get(url).content.decode()
        assert _mark(room, "carol") == 0
        last = room.posts.order_by("-number").first().number
        assert 'id="live" hidden hx-post="' in html and f"m={last}" in channel_of(html)
        # htmx sends the page's token with every request of the page (the
        # body's hx-headers): the element carries none of its own.
        token = re.search(r'<body hx-headers=\'\{"X-CSRFToken": "(\w+)"\}\'>', html).group(1)
        assert 'id="live" hidden hx-post="' in html and "X-CSRFToken" not in LIVE_ELEMENT.search(html).group(0)
        assert 'hx-trigger="load"' not in html  # no separate report
        assert carol.post(channel_of(html), HTTP_HX_REQUEST="true").status_code == 403  # no token
        assert _mark(room, "carol") == 0
        answer = carol.post(channel_of(html), HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
        assert answer.status_code == 200 and _mark(room, "carol") == last
        following = channel_of(answer.content.decode())
        assert 'hx-get="' in answer.content.decode() and "m=" not in following
        with django_assert_max_num_queries(2):
            assert carol.get(following).status_code == 204
        # Read, the page asks by GET from the start.
        assert 'id="live" hidden hx-get="' in carol.get(url).content.decode()


def test_a_reader_following_a_conversation_reports_each_post_seen_in_one_query(
    forum_game, django_assert_max_num_queries
) -> None:
    """An open thread whose posts keep coming: each answer that brings a
    post is followed by a report (``m``) that moves the reader's mark with
    one query of its own (4 for the whole ask: the session, the account,
    the mark, the quick check). A report never moves the mark back, nor
    past the room's last post."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    flow.post_create(room=room, seat=seats["Doc"], body="The first word.")
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))  # her first mark
    for n in range(3):
        post = flow.post_create(room=room, seat=seats["Doc"], body=f"And another, {n}.")
        following = channel_of(carol.get(channel).content.decode())
        assert f"m={post.number}" in following
        with django_assert_max_num_queries(4):
            reported = carol.post(following, HTTP_HX_REQUEST="true")
        assert reported.status_code == 200 and _mark(room, "carol") == post.number
        channel = channel_of(reported.content.decode())
    last = post.number
    for forged in (last + 40, 1):
        carol.post(following.replace(f"m={last}", f"m={forged}"), HTTP_HX_REQUEST="true")
        assert _mark(room, "carol") == last


def test_new_posts_after_a_gap_of_a_page_or_more_still_come(forum_game) -> None:
    """The new posts are read as a range of numbers (posts are numbered
    densely in their room); a page's worth of numbers with no post (posts
    removed with their seat) does not stop the channel: the posts after
    the gap come, and the page follows from the last of them."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    add_posts(room, [seats["Doc"]], settings.MAFIA_POSTS_PER_PAGE + 5)
    last = room.posts.order_by("-number").first().number
    room.posts.filter(number__lte=last - 3).delete()
    html = carol.get(channel).content.decode()
    assert [f'id="p{n}"' in html for n in range(last - 2, last + 1)] == [True, True, True]
    assert f"a={last}" in channel_of(html)


def test_a_stranger_posting_a_members_report_moves_no_mark_and_gets_nothing(forum_game) -> None:
    """The report is taken only with the member's ticket or after the
    room's access check: a stranger posting the address gets 404 and no
    read mark in the team room."""
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Mafia Two"], body="the plan")
    html = client_as("bob").get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    channel = channel_of(html)
    assert "m=" in channel
    for stranger in ("dave", "citizen", "carol"):
        assert client_as(stranger).post(channel, HTTP_HX_REQUEST="true").status_code == 404, stranger
        assert not ReadMark.objects.filter(room=room, user__username=stranger).exists(), stranger
    assert client_as("anon").post(channel, HTTP_HX_REQUEST="true").status_code == 404


def test_a_vote_reaches_the_phase_bar_of_the_voter_without_new_posts(forum_game) -> None:
    """The voter's phase bar drops "You have not voted yet"; the day
    thread's answer swaps the bar alone, out of band."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    page = carol.get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "You have not voted yet." in page
    channel = channel_of(page)
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    html = carol.get(channel).content.decode()
    bar = re.search(r'<div class="phase-bar" id="phase-bar" hx-swap-oob="true">.*?</div>', html, re.S)
    assert bar and "You have not voted yet." not in bar.group(0)
    assert "<article" not in html


def test_the_host_dashboard_channel_brings_its_live_part(forum_game) -> None:
    game, seats = forum_game
    alice = client_as("alice")
    channel = settled(alice, reverse("host", args=[game.slug]))
    flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    html = alice.get(channel).content.decode()
    assert '<div id="phase-live" hx-swap-oob="true">' in html


def test_a_stranger_polling_a_team_room_gets_nothing(forum_game) -> None:
    """A member's channel address in a stranger's hands: no fast answer
    (the ticket is the member's browser's) and no content, before and after
    something is written there."""
    game, seats = forum_game
    room = rooms_of(game)["mafia"]
    flow.post_create(room=room, seat=seats["Bonnie"], body="the plan")
    channel = settled(client_as("bob"), reverse("room", args=[game.slug, room.public_id]))
    for stranger in ("dave", "anon", "citizen"):
        answer = client_as(stranger).get(channel)
        assert answer.status_code == 404, stranger
    flow.post_create(room=room, seat=seats["Mafia Two"], body="the night kill")
    for stranger in ("dave", "anon", "citizen", "carol"):
        answer = client_as(stranger).get(channel)
        assert answer.status_code == 404, stranger
        assert "the night kill" not in answer.content.decode()


def test_a_replaced_player_gets_nothing_from_his_old_team_rooms_channel(forum_game, make_user) -> None:
    game, _seats = forum_game
    room = rooms_of(game)["mafia"]
    bob = client_as("bob")
    channel = settled(bob, reverse("room", args=[game.slug, room.public_id]))
    flow.player_replace(
        game=game, player=Player.objects.get(game=game, nickname="Bonnie"), new_user=make_user("newbie")
    )
    assert bob.get(channel).status_code == 404


def test_a_finished_games_pages_do_not_poll(forum_game) -> None:
    game, _seats = forum_game
    for nickname in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=Player.objects.get(game=game, nickname=nickname))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    for name, (persona, url) in _pages(game).items():
        html = client_as(persona).get(url).content.decode()
        assert "hx-get" not in html and not EVERY.search(html), name


def test_a_channel_open_when_the_game_ends_sends_the_end_and_stops(forum_game) -> None:
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    for nickname in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=Player.objects.get(game=game, nickname=nickname))
    html = carol.get(channel).content.decode()
    assert html.startswith('<div id="live" hidden></div>')  # no hx-get: it polls no more
    assert "The game is over." in html


def test_the_thread_works_without_javascript(forum_game) -> None:
    """Without scripts the page is complete: its posts, the post form and
    the read mark's button; the channel only adds to it."""
    game, seats = forum_game
    room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    flow.post_create(room=room, seat=seats["Doc"], body="Plain text for every browser.")
    html = client_as("carol").get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "Plain text for every browser." in html
    assert '<form method="post" class="post-form">' in html
    assert "<noscript>" in html


def test_a_post_in_the_day_thread_wakes_no_other_page(forum_game, django_assert_max_num_queries) -> None:
    """Posts alone do not move the game's state: the cabinet, the game page
    and the team room still get the fast 204 after a day-thread post; the
    day thread's own channel gets the post."""
    game, seats = forum_game
    pages = _pages(game)
    channels = {}
    for name in ("cabinet", "game page", "team room", "day thread"):
        persona, url = pages[name]
        client = client_as(persona)
        channels[name] = (client, settled(client, url))
    flow.post_create(room=rooms_of(game)["day"], seat=seats["Doc"], body="Only the day thread hears this.")
    for name in ("cabinet", "game page", "team room"):
        client, channel = channels[name]
        with django_assert_max_num_queries(2):
            assert client.get(channel).status_code == 204, name
    client, channel = channels["day thread"]
    assert "Only the day thread hears this." in client.get(channel).content.decode()


def test_a_vote_wakes_the_game_page_and_the_cabinet(forum_game) -> None:
    game, seats = forum_game
    pages = _pages(game)
    channels = {}
    for name in ("cabinet", "game page"):
        persona, url = pages[name]
        client = client_as(persona)
        channels[name] = (client, settled(client, url))
    flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"])
    for name, (client, channel) in channels.items():
        assert client.get(channel).status_code == 200, name


def test_the_channel_address_carries_the_games_version_sealed(forum_game) -> None:
    """No readable version on the page (a night choice moves the game's
    state, a team room's post its version: a stranger must not watch them
    move); the seal is fresh each build, as a CSRF token."""
    game, _seats = forum_game
    dave = client_as("dave")
    url = reverse("game", args=[game.slug])
    before = settled(dave, url)
    again = settled(dave, url)
    assert before != again  # a fresh seal each build, as CSRF tokens
    assert "v=" not in before and "g=" not in before
    # The rest is what the page shows and when it was built (``w``).
    assert re.sub(r"(k|w)=[\w-]+", "", before) == re.sub(r"(k|w)=[\w-]+", "", again)


def test_a_quiet_page_asks_half_as_often_down_to_every_30_s_and_news_restores_its_pace(forum_game) -> None:
    """Nothing new for 30 s: the channel answers the page's element at half
    the pace (5 s, 10 s, 20 s, 30 s on a thread; 10 s, 20 s, 30 s
    elsewhere), without reading anything more than its 204 would; a post
    brings the thread back to every 5 s."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    assert carol.get(channel).status_code == 204
    paces = []
    with time_machine.travel(timezone.now(), tick=True) as traveller:
        for _ in range(4):
            traveller.shift(31)
            answer = carol.get(channel)
            if answer.status_code == 204:
                paces.append(None)
                continue
            html = answer.content.decode()
            paces.append(int(re.search(r'hx-trigger="every (\d+)s', html).group(1)))
            channel = channel_of(html)
        assert paces == [10, 20, 30, None]
        flow.post_create(room=room, seat=seats["Doc"], body="Wake up, town.")
        html = carol.get(channel).content.decode()
    assert "Wake up, town." in html and 'hx-trigger="every 5s' in html


def test_a_page_asks_once_more_at_the_moment_its_phase_bar_changes(forum_game) -> None:
    """A deadline within the hour: the element also asks at that moment
    (``load delay``), so a page asking every 30 s still turns the phase
    on time."""
    game, _seats = forum_game
    phase = game.phases.order_by("-number").first()
    deadline = phase.deadlines.order_by("due_at").first()
    deadline.due_at = timezone.now() + timedelta(minutes=20)
    deadline.save(update_fields=["due_at"])
    page_cache.game_changed(game)
    html = client_as("carol").get(reverse("cabinet", args=[game.slug])).content.decode()
    delay = int(re.search(r'load delay:(\d+)s"', html).group(1))
    assert 20 * 60 - 5 <= delay <= 20 * 60 + 1


def test_a_post_alone_brings_the_posts_without_building_the_phase_bar_or_the_count_again(
    forum_game, django_assert_max_num_queries
) -> None:
    """Posts do not move the game's state, so what the phase bar and the
    vote count show cannot have changed: the answer sends the new post
    alone, for fewer queries than an answer that rebuilds them. A vote
    (the state moves) brings both again."""
    game, seats = forum_game
    room = rooms_of(game)["vote"]
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    flow.post_create(room=room, seat=seats["Doc"], body="Counting heads.")
    with django_assert_max_num_queries(10):
        html = carol.get(channel).content.decode()
    assert "Counting heads." in html
    assert 'id="phase-bar"' not in html and 'id="vote-count-body"' not in html
    flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"])
    html = carol.get(channel_of(html)).content.decode()
    assert 'id="phase-bar" hx-swap-oob="true"' in html and 'id="vote-count-body" hx-swap-oob="true"' in html


def test_an_answer_with_news_reads_only_what_the_quick_check_did_not(forum_game) -> None:
    """The quick check's query already read the game's version and found
    a new post and no edit: the answer builds from that version, reads the
    new post, and neither reads the version again nor looks for edits (two
    queries of every answer a busy game's open pages are sent). An edit
    made next comes with the next answer."""
    game, seats = forum_game
    room = rooms_of(game)["day"]
    carol = client_as("carol")
    channel = settled(carol, reverse("room", args=[game.slug, room.public_id]))
    flow.post_create(room=room, seat=seats["Doc"], body="Who was up at night?")
    with CaptureQueriesContext(connection) as queries:
        html = carol.get(channel).content.decode()
    assert "Who was up at night?" in html
    # The game's own row comes with its version (``access.game_for_reader``):
    # not a read of its own.
    read = [
        q["sql"]
        for q in queries.captured_queries
        if "games_gameversion" in q["sql"] and not q["sql"].startswith('SELECT "games_game"')
    ]
    assert len(read) == 1, read
    posts = [q["sql"] for q in queries.captured_queries if q["sql"].startswith('SELECT "games_post"')]
    assert len(posts) == 1, posts
    post = room.posts.get(body="Who was up at night?")
    flow.post_edit(post=post, body="Who was awake at night?")
    html = carol.get(channel_of(html)).content.decode()
    assert "Who was awake at night?" in html
