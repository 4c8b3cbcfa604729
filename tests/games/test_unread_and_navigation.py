"""The players' habits: what is new in each thread since one last read it
(counts on the game page, the "new" separator, a thread opening at its
first unread post), the host's inbox of unanswered cabinet questions, and
the ways between a day's threads. Nobody learns from them that a room he
may not read exists, nor how many posts it holds."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Game, Player, ReadMark, Room

from .channel import ask, channel_url
from .pages import add_posts, client_as, read, rooms_of
from .test_queries import count_queries

pytestmark = pytest.mark.django_db

PER_PAGE = settings.MAFIA_POSTS_PER_PAGE


def room_url(game: Game, room: Room) -> str:
    return reverse("room", args=[game.slug, room.public_id])


def unread_counts(client: Client, game: Game) -> dict[str, int]:
    """Room public id → the unread count the game page shows next to it
    (0 when it shows none), for every room the page links to."""
    html = client.get(reverse("game", args=[game.slug])).content.decode()
    counts = {}
    for room_id, tail in re.findall(r'<li><a href="/g/[^/]+/r/([^/]+)/(?:#new)?">.*?</a>(.*?)</li>', html):
        found = re.search(r'class="unread-count">(\d+) new<', tail)
        counts[room_id] = int(found.group(1)) if found else 0
    return counts


def post_as(seat: Player | None, room: Room, n: int = 1) -> None:
    """``n`` posts by ``seat`` (the host's when None) through the flow."""
    for i in range(n):
        flow.post_create(room=room, seat=seat, body=f"post {i}", by_host=seat is None)


def test_counts_go_up_when_others_post_and_to_zero_after_reading(forum_game) -> None:
    game, seats = forum_game
    day = rooms_of(game)["day"]
    carol = client_as("carol")
    read(carol, room_url(game, day))
    assert unread_counts(carol, game)[day.public_id] == 0
    post_as(seats["Bonnie"], day, 3)
    post_as(None, day)
    assert unread_counts(carol, game)[day.public_id] == 4
    html = read(carol, room_url(game, day)).content.decode()
    assert 'id="new"' in html
    assert unread_counts(carol, game)[day.public_id] == 0
    # Posts that arrive on the open page (its live channel) are read too,
    # reported by the channel's next ask.
    post_as(seats["Bonnie"], day, 2)
    arrived = ask(carol, html).content.decode()
    assert "hx-post" in arrived and unread_counts(carol, game)[day.public_id] == 2
    ask(carol, arrived)
    assert unread_counts(carol, game)[day.public_id] == 0
    # One row per reader and room, however often he reads.
    assert ReadMark.objects.filter(room=day, user__username="carol").count() == 1


def test_a_room_never_opened_counts_every_post_of_others(forum_game) -> None:
    game, seats = forum_game
    day = rooms_of(game)["day"]
    post_as(seats["Bonnie"], day, 2)
    post_as(seats["Clyde"], day)
    assert unread_counts(client_as("carol"), game)[day.public_id] == 2
    assert unread_counts(client_as("bob"), game)[day.public_id] == 1


def test_ones_own_posts_are_never_unread(forum_game) -> None:
    game, seats = forum_game
    day = rooms_of(game)["day"]
    post_as(None, day)
    carol = client_as("carol")
    read(carol, room_url(game, day))
    assert ReadMark.objects.get(room=day, user__username="carol").number == 1
    # Others post while she writes: her post counts as read, theirs stay new.
    post_as(seats["Bonnie"], day, 2)
    response = carol.post(room_url(game, day), {"body": "my own words"})
    assert response.status_code == 302
    assert ReadMark.objects.get(room=day, user__username="carol").number == 1
    assert unread_counts(carol, game)[day.public_id] == 2
    # Posting with nothing of others unread moves her mark over her post.
    read(carol, room_url(game, day))
    carol.post(room_url(game, day), {"body": "and more"})
    assert ReadMark.objects.get(room=day, user__username="carol").number == 5
    post_as(seats["Clyde"], day, 2)
    assert unread_counts(carol, game)[day.public_id] == 0
    # The host's own posts are not new to the host (nor to a co-host).
    alice = client_as("alice")
    read(alice, room_url(game, day))
    post_as(None, day, 3)
    assert unread_counts(alice, game)[day.public_id] == 0
    assert unread_counts(carol, game)[day.public_id] == 3


def test_the_thread_opens_at_the_first_unread_post(forum_game) -> None:
    game, seats = forum_game
    day = rooms_of(game)["day"]
    add_posts(day, [seats["Bonnie"], seats["Doc"]], 3 * PER_PAGE)
    carol = client_as("carol")
    assert read(carol, room_url(game, day), {"page": 1}).status_code == 200  # reads #1 … #PER_PAGE
    # Her own post right after the mark is not where she starts.
    add_posts(day, [seats["Clyde"]], 1)
    first_new = PER_PAGE + 1
    html = read(carol, room_url(game, day)).content.decode()
    assert "page 2 of 4" in html
    assert re.search(r'id="new".*?<article class="post" id="p(\d+)"', html, re.S).group(1) == str(first_new)
    assert f'id="p{first_new}"' in html and f'id="p{PER_PAGE}"' not in html
    # The game page sends her to the separator.
    game_html = carol.get(reverse("game", args=[game.slug])).content.decode()
    assert f"{room_url(game, day)}#new" in game_html
    # Read to the end: no separator, the thread opens on its last page.
    read(carol, room_url(game, day), {"page": "last"})
    html = read(carol, room_url(game, day)).content.decode()
    assert "page 4 of 4" in html and 'id="new"' not in html
    # A visitor without an account has no marks and sees no separator.
    html = Client().get(room_url(game, day)).content.decode()
    assert "page 4 of 4" in html and 'id="new"' not in html


def _visible_page(client: Client, game: Game) -> str:
    """The game page without its per-request CSRF tokens and the live
    channel's sealed versions (random like the tokens), build time and the
    seconds left until its next ask at the phase bar's moment (two builds
    a moment apart may straddle a second)."""
    html = client.get(reverse("game", args=[game.slug])).content.decode()
    html = re.sub(r"([?&;][kw]=)[\w-]+", r"\1", html)
    html = re.sub(r"load delay:\d+s", "load delay:s", html)
    html = re.sub(r'"X-CSRFToken": "\w+"', "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


@pytest.mark.parametrize("persona", ["anon", "dave", "citizen", "bob"])
def test_no_counts_for_rooms_one_cannot_read(forum_game, persona) -> None:
    """A stranger, a visitor and another player see no trace of the rooms
    they may not read: no link, no count, and the page is the same whether
    or not those rooms hold new posts."""
    game, seats = forum_game
    rooms = rooms_of(game)
    hidden = [rooms["cop"], rooms["cabinet"]] + ([] if persona == "bob" else [rooms["mafia"]])
    client = client_as(persona)
    before = _visible_page(client, game)
    for room in hidden:
        post_as(seats["Clyde"] if room.kind == Room.Kind.CABINET else seats["Bonnie"], room, 3)
        post_as(None, room)
    assert _visible_page(client, game) == before
    counts = unread_counts(client, game)
    for room in hidden:
        assert room.public_id not in before
        assert room.public_id not in counts
        assert client.get(room_url(game, room)).status_code == 404
        assert client.get(channel_url(game, room, a=0)).status_code == 404
        seen = client.post(reverse("room_seen", args=[game.slug, room.public_id]), {"number": 1})
        assert seen.status_code == (302 if persona == "anon" else 404)  # a visitor is sent to log in
    # The refused reads left no mark behind.
    assert not ReadMark.objects.filter(room__in=hidden).exists()
    # The rooms they may read are counted.
    if persona != "anon":
        assert counts[rooms["day"].public_id] == 0
        post_as(seats["Doc"], rooms["day"], 2)
        assert unread_counts(client, game)[rooms["day"].public_id] == 2
    else:
        assert 'class="unread-count"' not in before
    if persona == "bob":
        post_as(seats["Mafia Two"], rooms["mafia"], 3)
        post_as(None, rooms["mafia"])
        assert unread_counts(client, game)[rooms["mafia"].public_id] == 4


def test_the_host_inbox_lists_an_unanswered_cabinet_question(forum_game) -> None:
    game, seats = forum_game
    cabinet = rooms_of(game)["cabinet"]
    alice = client_as("alice")
    dashboard = reverse("host", args=[game.slug])

    def inbox() -> str:
        html = alice.get(dashboard).content.decode()
        return re.search(r'<section id="inbox">(.*?)</section>', html, re.S).group(1)

    # The host's own posts (night results, announcements) wait for nobody.
    post_as(None, cabinet)
    assert "Every cabinet question is answered." in inbox()
    assert client_as("carol").post(room_url(game, cabinet), {"body": "Can I check twice?"}).status_code == 302
    question = cabinet.posts.order_by("-number").first()
    listed = inbox()
    assert reverse("post_link", args=[game.slug, cabinet.public_id, question.number]) in listed
    assert "Cabinet of Clyde" in listed and "posts waiting: 1" in listed
    client_as("carol").post(room_url(game, cabinet), {"body": "Please?"})
    assert "posts waiting: 2" in inbox()
    # The host answers from the cabinet's page: the question leaves the inbox.
    assert alice.post(room_url(game, cabinet), {"body": "No."}).status_code == 302
    assert "Every cabinet question is answered." in inbox()
    assert cabinet.public_id not in inbox()
    # The players never see the inbox.
    for persona in ("carol", "dave", "bob"):
        assert client_as(persona).get(dashboard).status_code == 404


def _to_day_two(game: Game) -> None:
    """Everyone votes out "Plain Three" (nobody is autokilled for not
    voting); day 1 and night 1 are resolved at once."""
    target = game.players.get(nickname="Plain Three")
    for seat in game.players.alive().exclude(pk=target.pk):
        flow.vote_cast(game=game, seat=seat, target=target)
    flow.vote_cast(game=game, seat=target, target=game.players.get(nickname="Bonnie"))
    flow.phase_resolve_now(game=game)  # day 1
    flow.phase_resolve_now(game=game)  # night 1
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-2"


def _links(html: str) -> dict[str, str]:
    nav = re.search(r'<nav class="thread-links".*?</nav>', html, re.S).group(0)
    return {
        name: url.removesuffix("#new") for name, url in re.findall(r'<a class="([a-z-]+)"[^>]* href="([^"]+)"', nav)
    }


def test_a_day_thread_links_the_days_other_threads(forum_game) -> None:
    game, seats = forum_game
    _to_day_two(game)
    rooms = {(r.kind, r.day): r for r in Room.objects.filter(game=game)}
    graveyard = Room.objects.get(game=game, kind=Room.Kind.GRAVEYARD)
    carol = client_as("carol")
    links = _links(read(carol, room_url(game, rooms["day", 2])).content.decode())
    assert links == {
        "other-thread": room_url(game, rooms["vote", 2]),
        "previous-day": room_url(game, rooms["day", 1]),
        "graveyard": room_url(game, graveyard),
        "my-cabinet": reverse("cabinet", args=[game.slug]),
    }
    links = _links(read(carol, room_url(game, rooms["vote", 1])).content.decode())
    assert links["other-thread"] == room_url(game, rooms["day", 1])
    assert links["next-day"] == room_url(game, rooms["vote", 2])
    assert "previous-day" not in links
    # A link shows what is new behind it.
    read(carol, room_url(game, rooms["day", 1]))
    post_as(seats["Doc"], rooms["day", 1], 2)
    html = read(carol, room_url(game, rooms["vote", 1])).content.decode()
    nav = re.search(r'<nav class="thread-links".*?</nav>', html, re.S).group(0)
    assert re.search(r'class="other-thread"[^>]*#new">.*?</a> <span class="unread-count">2 new<', nav, re.S)
    # The host is sent to the dashboard; a visitor to no cabinet.
    assert "host-dashboard" in _links(client_as("alice").get(room_url(game, rooms["day", 2])).content.decode())
    anon = _links(Client().get(room_url(game, rooms["day", 2])).content.decode())
    assert "my-cabinet" not in anon and "host-dashboard" not in anon


def test_the_game_page_puts_the_current_day_first(forum_game) -> None:
    game, _seats = forum_game
    _to_day_two(game)
    html = client_as("carol").get(reverse("game", args=[game.slug])).content.decode()
    listed = re.findall(r'<li><a href="/g/[^/]+/r/([^/]+)/', html)
    today = [Room.objects.get(game=game, kind=kind, day=2).public_id for kind in ("day", "vote")]
    assert listed[:2] == today


def test_the_home_page_marks_ones_own_games(forum_game, make_user) -> None:
    game, _seats = forum_game
    other = flow.game_create(host=make_user("zoe"), title="Elsewhere", ruleset_id="forum")
    flow.signup_open(game=other)

    def row(client: Client, g: Game) -> str:
        html = client.get(reverse("home")).content.decode()
        return re.search(rf'<tr[^>]*><td><a href="/g/{g.slug}/">.*?</tr>', html, re.S).group(0)

    assert "you play" in row(client_as("carol"), game) and 'class="mine"' in row(client_as("carol"), game)
    assert "you host" in row(client_as("alice"), game)
    for persona in ("dave", "anon"):
        assert "mine" not in row(client_as(persona), game)
    assert "mine" not in row(client_as("carol"), other)
    flow.cohost_add(game=game, username="dave")
    assert "you host" in row(client_as("dave"), game)


def test_the_thread_page_costs_the_same_for_few_and_many_rooms(forum_game) -> None:
    """A day thread (with its links and their counts) and the host's
    dashboard (with its inbox) take as many queries in a game of a few
    rooms as in one of many days, teams and waiting cabinets."""
    game, seats = forum_game
    day = rooms_of(game)["day"]
    url, dashboard = room_url(game, day), reverse("host", args=[game.slug])
    carol, alice = client_as("carol"), client_as("alice")
    post_as(seats["Clyde"], rooms_of(game)["cabinet"])
    few = [count_queries(carol, url), count_queries(alice, url), count_queries(alice, dashboard)]
    for n in range(2, 12):
        for kind in (Room.Kind.DAY, Room.Kind.VOTE):
            add_posts(Room.objects.create(game=game, kind=kind, day=n, title=f"{kind} {n}"), [seats["Doc"]], 3)
        Room.objects.create(game=game, kind=Room.Kind.TEAM, key=f"team{n}", title=f"team {n}")
        waiting = Room.objects.create(game=game, kind=Room.Kind.CABINET, key=f"extra{n}", title=f"cabinet {n}")
        add_posts(waiting, [seats["Doc"]], 2)
    many = [count_queries(carol, url), count_queries(alice, url), count_queries(alice, dashboard)]
    assert many == few
    assert alice.get(dashboard).content.decode().count("posts waiting:") == 11


def test_viewing_a_thread_writes_nothing_and_its_page_reports_what_was_seen(forum_game) -> None:
    """A GET never writes: the thread's page carries the report of what it
    showed (``room_seen``), which its script posts once shown; without
    script, the reader posts it with "Mark as read" and comes back to the
    thread. The report never moves the mark past the room's last post, nor
    back."""
    game, seats = forum_game
    day = rooms_of(game)["day"]
    post_as(seats["Doc"], day, 3)
    carol = client_as("carol")
    html = carol.get(room_url(game, day)).content.decode()
    assert not ReadMark.objects.filter(room=day, user__username="carol").exists()
    assert 'name="number" value="3"' in html and "Mark as read" in html
    seen_url = reverse("room_seen", args=[game.slug, day.public_id])
    back = carol.post(seen_url, {"number": 99})
    assert back.status_code == 302 and back["Location"] == room_url(game, day)
    assert ReadMark.objects.get(room=day, user__username="carol").number == 3
    assert carol.post(seen_url, {"number": 1}, HTTP_HX_REQUEST="true").status_code == 204
    assert carol.post(seen_url, {"number": "x"}, HTTP_HX_REQUEST="true").status_code == 204
    assert ReadMark.objects.get(room=day, user__username="carol").number == 3
    assert carol.get(seen_url).status_code == 405
