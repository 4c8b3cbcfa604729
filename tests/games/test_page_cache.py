"""Kept pages (``games.page_cache``): only where they pay. A finished
game's page viewed again while nothing in it changed is served whole from
the process's cache, to any reader; so is the game's public page to a
visitor not logged in, while the game runs too. Every other page of a
running game is built afresh. Whatever is kept, any write to the game (a
post, a vote, a choice, an edit, a deadline's resolution, a replacement,
a co-host) and any read mark makes every reader's next view show it, with
nothing stale and nothing of another reader's."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import flow, live, page_cache
from games.models import Game, Player, Post

from .pages import client_as, read, rooms_of

# Committed transactions: versions are replaced when a write commits, and
# pages built inside a transaction are never kept.
pytestmark = pytest.mark.django_db(transaction=True)

READERS = ("alice", "bob", "carol", "citizen", "dave", "anon")
# What a kept page costs: the session, the account, the game's version with
# the reader's read marks.
KEPT_QUERIES = 3


def _normalized(html: str) -> str:
    """A page without what differs between two builds of the same page:
    the masked CSRF tokens, the live channel's clock, the seconds left to
    its phase bar's moment and its sealed versions (random like the
    tokens)."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "csrf", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "csrf", html)
    html = re.sub(r"(since=|&amp;s=|&quot;since&quot;: ?|data-since=\")\d+", r"\1N", html)
    html = re.sub(r"([?&;]k=)[\w-]+", r"\1K", html)
    html = re.sub(r"([?&;]w=)\d+", r"\1W", html)  # when the live channel's element was made
    html = re.sub(r"load delay:\d+s", "load delay:Ns", html)  # seconds left to the phase bar's moment
    return html


def _urls(game) -> list[str]:
    rooms = rooms_of(game)
    urls = [reverse("game", args=[game.slug])]
    for name in ("day", "vote", "graveyard", "mafia", "cop", "cabinet"):
        urls.append(reverse("room", args=[game.slug, rooms[name].public_id]))
    urls += [reverse("cabinet", args=[game.slug]), reverse("host", args=[game.slug])]
    return urls


def _served_kept(response) -> bool:
    """True when ``response`` came whole from the kept pages: a 200 for
    which no template was rendered."""
    return response.status_code == 200 and not response.templates


def _check_every_page(clients: dict, game) -> set[tuple[str, str]]:
    """Each reader views each page, with what was kept before the last step
    still in the cache: twice (the read marks settle), then once more
    (what the cache serves now), and that last view must match the page
    built afresh once the cache is emptied: no write of the step was
    missed. Returns the (reader, page) views served from the cache."""
    urls = _urls(game)
    for client in clients.values():
        for url in urls * 2:
            client.get(url)
    kept, served = set(), {}
    for who, client in clients.items():
        for url in urls:
            served[who, url] = client.get(url)
            if _served_kept(served[who, url]):
                kept.add((who, url))
    caches["pages"].clear()
    for (who, url), response in served.items():
        fresh = clients[who].get(url)
        assert response.status_code == fresh.status_code, (who, url)
        assert _normalized(response.content.decode()) == _normalized(fresh.content.decode()), (who, url)
    return kept


def _unread(html: str, room) -> str:
    """The unread count the game page shows beside ``room`` ("3 new"; empty
    when it shows none)."""
    found = re.search(rf'<li><a href="/g/[^/]+/r/{re.escape(room.public_id)}/(?:#new)?">.*?</a>(.*?)</li>', html)
    assert found, "the room is not listed"
    count = re.search(r'class="unread-count">([^<]+)<', found.group(1))
    return count.group(1) if count else ""


def _finish(game) -> None:
    """The host modkills the mafia left alive: the town wins, the game is over."""
    for nickname in ("Bonnie", "Mafia Two"):
        seat = Player.objects.get(game=game, nickname=nickname)
        if seat.alive:
            flow.player_modkill(game=game, player=seat)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_every_page_shows_every_write_to_the_game_at_once(forum_game, make_user) -> None:
    """A day and a night of a forum game, with a page view of every reader
    after each step (FORUM-010: the day opens with its threads; FORUM-014:
    the vote closes; the night's choices; a replacement; a co-host; the
    night's resolution, which ends the game), then the host's post after
    the end. While the game runs
    only the visitor's game page is served kept; once it is over every
    reader's pages are."""
    game, seats = forum_game
    rooms = rooms_of(game)
    clients = {who: client_as(who) for who in READERS}
    visitors_page = {("anon", reverse("game", args=[game.slug]))}
    steps = [
        lambda: flow.post_create(room=rooms["day"], seat=seats["Plain One"], body="who is the don?"),
        lambda: flow.post_create(room=rooms["mafia"], seat=seats["Bonnie"], body="tonight: the cop"),
        lambda: flow.post_create(room=rooms["cabinet"], seat=None, body="Your check: citizen.", by_host=True),
        lambda: flow.vote_cast(game=game, seat=seats["Plain One"], target=seats["Bonnie"]),
        lambda: flow.post_edit(post=rooms["day"].posts.get(author=seats["Plain One"]), body="who is the Don?"),
    ]
    running = [_check_every_page(clients, game)]
    for step in steps:
        step()
        running.append(_check_every_page(clients, game))
    for nick in ("Clyde", "Doc", "Plain Two", "Plain Three", "Mafia Two"):
        flow.vote_cast(game=game, seat=seats[nick], target=seats["Bonnie"])
    vote = flow.current_phase(game).deadlines.get(kind="vote")
    assert flow.resolve_due(vote.due_at + timedelta(seconds=1)) >= 1  # the tick's joint writes
    assert flow.current_phase(game).kind == "night"
    running.append(_check_every_page(clients, game))
    flow.action_submit(game=game, seat=seats["Clyde"], ability="shoot", targets=["Mafia Two"])
    running.append(_check_every_page(clients, game))
    newcomer = make_user("newcomer")
    flow.player_replace(game=game, player=seats["Plain Three"], new_user=newcomer)
    clients["newcomer"] = client_as("newcomer")
    running.append(_check_every_page(clients, game))
    flow.cohost_add(game=game, username="dave")
    running.append(_check_every_page(clients, game))
    # A running game's pages are built afresh, but the visitor's game page.
    assert all(kept <= visitors_page for kept in running)
    assert sum(len(kept) for kept in running) >= len(running) // 2
    # The cop's shot at the last mafioso: the night ends the game.
    night = flow.current_phase(game).deadlines.order_by("-due_at").first()
    flow.resolve_due(night.due_at + timedelta(seconds=1))
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    finished = _check_every_page(clients, game)
    flow.post_create(room=rooms["day"], seat=None, body="Thank you all for the game.", by_host=True)
    after_post = _check_every_page(clients, game)
    # The cache was used, not merely bypassed: by every reader.
    assert {who for who, _url in finished} == set(clients)
    assert {who for who, _url in after_post} == set(clients)
    assert len(finished) + len(after_post) > 50


def test_a_finished_games_kept_thread_costs_three_queries_and_is_the_readers_own(forum_game) -> None:
    """The third view of a finished game's thread (the first moves the read
    mark) is served from the cache with only the session's, the account's
    and the versions' queries; another reader never gets it (the host's
    page shows the host's tools, the citizen's does not)."""
    game, seats = forum_game
    day = rooms_of(game)["day"]
    flow.post_create(room=day, seat=seats["Bonnie"], body="good morning")
    _finish(game)
    url = reverse("room", args=[game.slug, day.public_id])
    citizen, host = client_as("citizen"), client_as("alice")
    for _ in range(2):
        citizen.get(url)
    with CaptureQueriesContext(connection) as queries:
        kept = citizen.get(url)
    assert _served_kept(kept)
    assert len(queries) == KEPT_QUERIES and "good morning" in kept.content.decode()
    hosts = host.get(url).content.decode()
    assert hosts != kept.content.decode()
    assert reverse("host", args=[game.slug]) in hosts


def test_a_finished_games_pages_are_kept_from_their_first_build_in_a_process_new_to_it(forum_game, monkeypatch) -> None:
    """A process that has not yet seen the game finished builds its pages
    without looking them up, and keeps each under the versions read with
    the game: the reader's next view is served kept (the game page, the
    replay, a day's activity, a player's ballots, the vote flow, a
    thread's posts by one player, the thread, whose posts that view
    already marked read)."""
    game, seats = forum_game
    rooms = rooms_of(game)
    _finish(game)
    citizen = client_as("citizen")
    citizen.get(reverse("game", args=[game.slug]))  # the CSRF cookie: a page made without it is never kept
    monkeypatch.setattr(page_cache, "_finished", set())
    for url in (
        reverse("game", args=[game.slug]),
        reverse("replay", args=[game.slug]),
        reverse("room_activity", args=[game.slug, rooms["day"].public_id]),
        reverse("player_votes", args=[game.slug, seats["Bonnie"].public_id]),
        reverse("vote_flow", args=[game.slug, rooms["vote"].public_id]),
        reverse("room", args=[game.slug, rooms["day"].public_id]) + f"?by={seats['Bonnie'].public_id}",
        reverse("room", args=[game.slug, rooms["day"].public_id]),
    ):
        first = citizen.get(url)
        assert first.status_code == 200 and not _served_kept(first), url
        assert _served_kept(citizen.get(url)), url


def test_a_running_games_pages_are_built_afresh_for_a_player(forum_game) -> None:
    """While the game runs, a player's thread, cabinet and game page are
    built at every view, however often he views them unchanged."""
    game, seats = forum_game
    flow.post_create(room=rooms_of(game)["day"], seat=seats["Bonnie"], body="good morning")
    carol = client_as("carol")
    for url in (
        reverse("room", args=[game.slug, rooms_of(game)["day"].public_id]),
        reverse("cabinet", args=[game.slug]),
        reverse("game", args=[game.slug]),
    ):
        for _ in range(3):
            with CaptureQueriesContext(connection) as queries:
                response = carol.get(url)
            assert response.status_code == 200 and not _served_kept(response), url
            assert len(queries) > KEPT_QUERIES, url


def test_a_visitors_game_page_is_kept_while_the_game_runs_and_shows_a_vote_at_once(forum_game) -> None:
    """The game's public page, viewed again by a visitor not logged in, is
    served kept while nothing changed; a vote (a write to the game) is on
    his next view."""
    game, seats = forum_game
    url = reverse("game", args=[game.slug])
    visitor = Client()
    for _ in range(2):
        visitor.get(url)
    assert _served_kept(visitor.get(url))
    flow.player_modkill(game=game, player=seats["Plain Two"])
    after = visitor.get(url)
    assert not _served_kept(after) and "Plain Two — Citizen" in after.content.decode()
    assert _served_kept(visitor.get(url))


def test_a_read_mark_is_on_the_next_view_of_a_finished_games_kept_page(forum_game) -> None:
    """The game page of a finished game shows the reader's unread count of
    a thread the host wrote in after the end; once he read the thread, his
    kept game page is built again without it."""
    game, _seats = forum_game
    day = rooms_of(game)["day"]
    _finish(game)
    citizen = client_as("citizen")
    read(citizen, reverse("room", args=[game.slug, day.public_id]))
    flow.post_create(room=day, seat=None, body="Thank you all for the game.", by_host=True)
    url = reverse("game", args=[game.slug])
    for _ in range(2):
        citizen.get(url)
    kept = citizen.get(url)
    assert _served_kept(kept) and _unread(kept.content.decode(), day) == "1 new"
    read(citizen, reverse("room", args=[game.slug, day.public_id]))
    after = citizen.get(url)
    assert not _served_kept(after) and _unread(after.content.decode(), day) == ""


def test_a_stranger_never_gets_a_kept_private_room(forum_game) -> None:
    """The mafia's room of a finished game, kept for the Don, is still a
    404 for a stranger and for a citizen, and for a logged-out visitor."""
    game, _seats = forum_game
    _finish(game)
    url = reverse("room", args=[game.slug, rooms_of(game)["mafia"].public_id])
    bob = client_as("bob")
    for _ in range(3):
        assert bob.get(url).status_code == 200
    assert _served_kept(bob.get(url))
    for who in ("dave", "citizen", "anon"):
        assert client_as(who).get(url).status_code == 404


def test_a_player_replaced_loses_his_kept_pages_at_once(forum_game, make_user) -> None:
    """After a replacement (замена) the old account's kept cabinet is gone:
    it gets no cabinet, the newcomer gets the seat's."""
    game, seats = forum_game
    url = reverse("cabinet", args=[game.slug])
    old = client_as("carol")
    for _ in range(3):
        assert old.get(url).status_code == 200
    flow.player_replace(game=game, player=seats["Clyde"], new_user=make_user("newcop"))
    assert old.get(url).status_code == 403
    assert client_as("newcop").get(url).status_code == 200


def test_logging_out_ends_the_kept_pages_of_the_session(forum_game) -> None:
    """A kept page is never served to a session that logged out: the Don's
    kept team room of a finished game is a 404 once he logged out."""
    game, _seats = forum_game
    _finish(game)
    url = reverse("room", args=[game.slug, rooms_of(game)["mafia"].public_id])
    bob = client_as("bob")
    for _ in range(3):
        assert bob.get(url).status_code == 200
    assert _served_kept(bob.get(url))
    bob.post(reverse("account_logout"))
    assert bob.get(url).status_code == 404


def test_flash_messages_are_shown_not_a_kept_page(forum_game) -> None:
    """A page with a message waiting (a choice handed in) is built afresh,
    so the message is shown once."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Plain One"], target=seats["Bonnie"])
    for nick in ("Clyde", "Doc", "Plain Two", "Plain Three", "Mafia Two", "Bonnie"):
        flow.vote_cast(game=game, seat=seats[nick], target=seats["Plain One"] if nick == "Bonnie" else seats["Bonnie"])
    flow.phase_resolve_now(game=game)
    carol = client_as("carol")
    url = reverse("cabinet", args=[game.slug])
    for _ in range(3):
        carol.get(url)
    answer = carol.post(url, {"ability": "shoot", "team": "False", "target0": "Mafia Two"}, follow=True)
    assert "Your choice was handed in" in answer.content.decode()
    assert "Your choice was handed in" not in carol.get(url).content.decode()


def test_an_edit_link_is_not_kept_past_its_window(forum_game) -> None:
    """A finished game's kept page showing the reader's "Edit" link (the
    host's post after the end) is built afresh once the edit window
    closes: the link is gone."""
    game, _seats = forum_game
    day = rooms_of(game)["day"]
    _finish(game)
    post = flow.post_create(room=day, seat=None, body="editable", by_host=True)
    closes = timezone.now() + timedelta(seconds=2)
    Post.objects.filter(pk=post.pk).update(created_at=closes - timedelta(minutes=game.edit_minutes))
    url = reverse("room", args=[game.slug, day.public_id])
    edit = reverse("post_edit", args=[game.slug, day.public_id, post.number])
    host = client_as("alice")
    for _ in range(3):
        assert edit in host.get(url).content.decode()
    assert _served_kept(host.get(url))
    time.sleep(max(0.0, (closes - timezone.now()).total_seconds()) + 1.1)
    assert edit not in host.get(url).content.decode()


def test_a_visitor_without_a_csrf_cookie_never_gets_anothers_token(forum_game) -> None:
    """A page built for a visitor who has no CSRF cookie yet carries a token
    of a secret made for him alone: it is not kept, so no other visitor gets
    that secret, and each gets his own cookie (the game's public page, kept
    for visitors while the game runs)."""
    game, _seats = forum_game
    url = reverse("game", args=[game.slug])
    tokens = set()
    for _ in range(3):
        visitor = Client()  # a new browser each time: no cookies
        response = visitor.get(url)
        assert response.status_code == 200 and settings.CSRF_COOKIE_NAME in response.cookies
        tokens.add(response.cookies[settings.CSRF_COOKIE_NAME].value)
    assert len(tokens) == 3


def test_a_write_inside_an_open_transaction_moves_the_version_with_it(forum_game) -> None:
    """The game's version moves in the write's own transaction: kept when
    it commits, undone with its writes when it rolls back."""
    from django.db import transaction

    game, seats = forum_game
    before = live.versions(game.slug)[0]
    with transaction.atomic():
        flow.post_create(room=rooms_of(game)["day"], seat=seats["Doc"], body="inside")
    assert live.versions(game.slug)[0] > before
    before = live.versions(game.slug)[0]
    with pytest.raises(RuntimeError), transaction.atomic():
        flow.post_create(room=rooms_of(game)["day"], seat=seats["Doc"], body="rolled back")
        raise RuntimeError
    assert live.versions(game.slug)[0] == before
    assert Player.objects.filter(game=game).count() == 7


def test_the_tick_moves_the_version_of_the_game_it_resolves(forum_game) -> None:
    """A resolution moves seats between rooms: the tick moves the game's
    version, so a page kept before is never served again."""
    game, _seats = forum_game
    before = live.versions(game.slug)[0]
    vote = game.phases.get(number=1, kind="day").deadlines.get(kind="vote")
    flow.resolve_due(vote.due_at + timedelta(seconds=1))
    vote.refresh_from_db()
    assert vote.done_at is not None
    assert live.versions(game.slug)[0] > before
