"""Each post's HTML is rendered once and shared (``games.post_html``), yet
every reader still sees the post as he alone should: the host's view of a
post's first text never reaches a player, an edit shows at once, and each
reader reads it in his own language and time zone, with his own "Edit"
link."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
from django.conf import settings
from django.core.cache import cache, caches
from django.urls import reverse
from django.utils import translation

from games import flow
from games.models import AccountLanguage

from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db

POSTED = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)
FIRST_TEXT = "Text as first posted"


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _thread(game) -> str:
    return reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])


def test_the_first_text_the_host_read_is_not_shown_to_a_player_after_him(forum_game) -> None:
    game, seats = forum_game
    post = flow.post_create(room=rooms_of(game)["day"], seat=seats["Clyde"], body="I am the cop.")
    flow.post_edit(post=post, body="I am not the cop.")
    host_page = client_as("alice").get(_thread(game)).content.decode()
    assert FIRST_TEXT in host_page and "I am the cop." in host_page
    for reader in ("bob", "carol", "anon"):
        page = client_as(reader).get(_thread(game)).content.decode()
        assert "I am not the cop." in page
        assert FIRST_TEXT not in page and "I am the cop.</div>" not in page
    # And the other way round: a player first, the host after him.
    assert FIRST_TEXT in client_as("alice").get(_thread(game)).content.decode()


def test_an_edit_shows_at_once_to_a_reader_who_read_the_post_before(forum_game) -> None:
    game, seats = forum_game
    post = flow.post_create(room=rooms_of(game)["day"], seat=seats["Clyde"], body="Lynch [b]Bonnie[/b].")
    bob = client_as("bob")
    assert "<b>Bonnie</b>" in bob.get(_thread(game)).content.decode()
    flow.post_edit(post=post, body="Lynch [i]Mafia Two[/i].")
    page = bob.get(_thread(game)).content.decode()
    assert "<i>Mafia Two</i>" in page and "<b>Bonnie</b>" not in page and "edited at" in page


def test_each_reader_reads_a_post_in_his_language_and_zone_with_his_own_edit_link(forum_game) -> None:
    game, seats = forum_game
    with time_machine.travel(POSTED, tick=False):
        post = flow.post_create(room=rooms_of(game)["day"], seat=seats["Clyde"], body="Who is the doctor?")
        AccountLanguage.objects.create(user=seats["Bonnie"].user, language="ru", time_zone="America/New_York")
        edit = reverse("post_edit", args=[game.slug, post.room.public_id, post.number])
        carol = client_as("carol").get(_thread(game)).content.decode()
        bob = client_as("bob").get(_thread(game)).content.decode()
    # Clyde (carol) wrote it: his page has the Edit link, in English, at Moscow time.
    assert edit in carol and ">Quote<" in carol and "2026-01-15 15:00 UTC+3" in carol
    # Bonnie (bob) reads the same post in Russian, at New York time, without the link.
    assert edit not in bob and ">Цитировать<" in bob and "2026-01-15 07:00 UTC-5" in bob


def test_rendered_posts_stay_in_the_process_and_out_of_the_shared_cache(forum_game) -> None:
    """The rendered posts go to each process's own bounded cache, never to
    the shared one (Redis, which is also the broker and must not fill up;
    or the embedded default's file cache, whose login and flood counters a
    cull would drop)."""
    game, seats = forum_game
    for i in range(3):
        flow.post_create(room=rooms_of(game)["day"], seat=seats["Clyde"], body=f"Post {i}")
    store = caches["post_html"]
    store.clear()
    assert client_as("bob").get(_thread(game)).status_code == 200
    keys = [made.split(":", 2)[2] for made in store._cache]  # LocMemCache's keys: ":1:<key>"
    assert len(keys) == 3 and all(key.startswith("post-html:") for key in keys)
    assert cache.get_many(keys) == {}
    assert settings.CACHES["post_html"]["OPTIONS"]["MAX_ENTRIES"] <= 1000
