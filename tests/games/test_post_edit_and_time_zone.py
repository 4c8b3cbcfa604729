"""The players' habits: a post edited by its author within the game's edit
window (marked, its first text kept for the host); times shown in the time
zone the reader chose; and the game's own language for what the game posts,
while pages stay in each reader's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games import flow
from games.models import AccountLanguage, Deadline, Post, Resolution, Room
from tests.games.test_vote_laws import dealt_game

from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db

# A post at 12:00 UTC: 15:00 in the game's zone (Moscow), 07:00 in New York.
POSTED = datetime(2026, 1, 15, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _clyde_posts(game, text: str = "I am the [b]cop[/b].", when: datetime | None = None) -> Post:
    seat = game.players.get(nickname="Clyde")
    return flow.post_create(room=rooms_of(game)["day"], seat=seat, body=text, now=when)


def _edit_url(game, post: Post) -> str:
    return reverse("post_edit", args=[game.slug, post.room.public_id, post.number])


def test_the_author_edits_within_the_window_and_the_edit_is_marked(forum_game) -> None:
    game, _seats = forum_game
    post = _clyde_posts(game)
    carol = client_as("carol")
    thread = reverse("room", args=[game.slug, post.room.public_id])
    assert _edit_url(game, post) in carol.get(thread).content.decode()
    assert carol.get(_edit_url(game, post)).status_code == 200
    response = carol.post(_edit_url(game, post), {"body": "I am [i]not[/i] the cop. <script>alert(1)</script>"})
    assert response.status_code == 302
    post.refresh_from_db()
    assert post.edited_at is not None and post.original_body == "I am the [b]cop[/b]."
    # Rendered and sanitised as a new post is.
    assert "<i>not</i>" in post.body_html and "<script>" not in post.body_html
    clock = post.edited_at.astimezone(flow_zone(game)).strftime("%H:%M")
    page = client_as("bob").get(thread).content.decode()
    assert f"edited at {clock}" in page and "<i>not</i>" in page
    assert "I am the [b]cop[/b]." not in page.replace("data-quote", "")  # the first text is the host's
    assert _edit_url(game, post) not in page  # no "Edit" link on another's post
    host_page = client_as("alice").get(thread).content.decode()
    assert "Text as first posted" in host_page and "I am the [b]cop[/b]." in host_page
    dashboard = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert "Edited posts" in dashboard and "I am the [b]cop[/b]." in dashboard
    assert game.events.filter(kind="post_edited", data__number=post.number).exists()


def flow_zone(game):
    from zoneinfo import ZoneInfo

    return ZoneInfo(game.timezone)


def test_a_late_edit_is_refused_with_the_window_end_and_the_text_kept(forum_game) -> None:
    game, _seats = forum_game
    post = _clyde_posts(game, when=datetime.now(UTC) - timedelta(minutes=6))
    response = client_as("carol").post(_edit_url(game, post), {"body": "My corrected claim"})
    assert response.status_code == 403
    html = response.content.decode()
    end = flow.local_time(game, post.created_at + timedelta(minutes=5))
    assert f"The time to edit this post ended at {end}" in html
    assert "My corrected claim</textarea>" in html
    post.refresh_from_db()
    assert post.body == "I am the [b]cop[/b]." and post.edited_at is None


def test_a_game_without_edits_refuses_them(forum_game) -> None:
    game, _seats = forum_game
    client_as("alice").post(reverse("host_settings", args=[game.slug]), {"edit_minutes": 0, "language": "en"})
    game.refresh_from_db()
    assert game.edit_minutes == 0
    post = _clyde_posts(game)
    response = client_as("carol").post(_edit_url(game, post), {"body": "changed"})
    assert response.status_code == 403 and "Posts cannot be edited in this game." in response.content.decode()


@pytest.mark.parametrize("persona", ["bob", "dave", "citizen", "erin"])
def test_another_player_or_a_stranger_cannot_edit(forum_game, persona: str) -> None:
    game, _seats = forum_game
    post = _clyde_posts(game)
    client = client_as(persona)
    assert client.get(_edit_url(game, post)).status_code == 403
    assert client.post(_edit_url(game, post), {"body": "forged"}).status_code == 403
    # A post in a room the reader cannot read is not even disclosed.
    cabinet = rooms_of(game)["cabinet"]
    private = flow.post_create(room=cabinet, seat=game.players.get(nickname="Clyde"), body="a question")
    assert client.post(_edit_url(game, private), {"body": "forged"}).status_code == 404
    post.refresh_from_db()
    private.refresh_from_db()
    assert post.body == "I am the [b]cop[/b]." and private.body == "a question"
    assert client_as("anon").post(_edit_url(game, post), {"body": "forged"}).status_code == 302


def test_a_player_cannot_edit_the_host_posts(forum_game) -> None:
    game, _seats = forum_game
    post = flow.post_create(room=rooms_of(game)["day"], seat=None, body="Day 1 begins.", by_host=True)
    assert client_as("carol").post(_edit_url(game, post), {"body": "forged"}).status_code == 403
    response = client_as("alice").post(_edit_url(game, post), {"body": "Day 1 begins now."})
    assert response.status_code == 302
    post.refresh_from_db()
    assert post.body == "Day 1 begins now." and post.original_body == "Day 1 begins."


def test_vote_posts_and_results_posts_cannot_be_edited(forum_game) -> None:
    game, seats = forum_game
    vote = flow.vote_cast(game=game, seat=seats["Clyde"], target=seats["Bonnie"])
    response = client_as("carol").post(_edit_url(game, vote.post), {"body": "Plain One"})
    assert response.status_code == 403
    assert "A vote post cannot be edited" in response.content.decode()
    vote.post.refresh_from_db()
    assert vote.post.edited_at is None and "Bonnie" in vote.post.body
    for nick, seat in seats.items():
        if nick != "Clyde":
            flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Plain Three" else "Plain Three"])
    flow.phase_resolve_now(game=game, phase="day-1")
    results = Resolution.objects.get(deadline__phase__game=game, deadline__phase__kind="day").published_post
    assert client_as("carol").post(_edit_url(game, results), {"body": "forged"}).status_code == 403
    response = client_as("alice").post(_edit_url(game, results), {"body": "forged"})
    assert response.status_code == 403 and "Results are corrected on the host dashboard." in response.content.decode()


def test_the_viewer_zone_changes_the_shown_time(forum_game) -> None:
    game, _seats = forum_game
    post = _clyde_posts(game)
    Post.objects.filter(pk=post.pk).update(created_at=POSTED)
    thread = reverse("room", args=[game.slug, post.room.public_id])
    carol = client_as("carol")
    assert "2026-01-15 15:00 UTC+3" in carol.get(thread).content.decode()
    response = carol.post(reverse("account_time_zone"), {"time_zone": "America/New_York", "next": thread})
    assert response.status_code == 302 and response["Location"] == thread
    assert AccountLanguage.objects.get(user__username="carol").time_zone == "America/New_York"
    page = carol.get(thread).content.decode()
    assert "2026-01-15 07:00 UTC-5" in page and "2026-01-15 15:00 UTC+3" not in page
    deadline = Deadline.objects.filter(phase__game=game, done_at__isnull=True).order_by("due_at").first()
    assert flow.utc_offset(deadline.due_at.astimezone(zone("America/New_York"))) in page.split("next deadline")[1]
    # Another device, after a new login, reads the same zone; other readers keep the game's.
    assert "2026-01-15 07:00 UTC-5" in client_as("carol").get(thread).content.decode()
    assert "2026-01-15 15:00 UTC+3" in client_as("bob").get(thread).content.decode()
    # Posts the game writes keep the game's zone whoever's request writes them.
    assert carol.post(reverse("account_time_zone"), {"time_zone": "Nowhere/Atlantis"}).status_code == 400
    carol.post(reverse("account_time_zone"), {"time_zone": ""})
    assert "2026-01-15 15:00 UTC+3" in carol.get(thread).content.decode()


def zone(name: str):
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


def test_cabinet_receipts_are_shown_in_the_viewer_zone(forum_game) -> None:
    game, seats = forum_game
    AccountLanguage.objects.create(user=seats["Clyde"].user, time_zone="Asia/Tokyo")
    with time_machine.travel(POSTED, tick=False):
        html = client_as("carol").get(reverse("cabinet", args=[game.slug])).content.decode()
    deadline = Deadline.objects.filter(phase__game=game, done_at__isnull=True).order_by("due_at").first()
    tokyo = deadline.due_at.astimezone(zone("Asia/Tokyo")).strftime("%Y-%m-%d %H:%M") + " UTC+9"
    assert tokyo in html


@pytest.mark.parametrize(("ruleset", "code"), [("werewolf18", "zh-hans"), ("forum", "ru"), ("piter", "ru")])
def test_host_a_game_proposes_the_ruleset_language(personas, ruleset: str, code: str) -> None:
    html = client_as("alice").get(reverse("game_new") + f"?ruleset={ruleset}").content.decode()
    assert f'<option value="{code}" selected lang="{code}">' in html


WW18 = {"Wolf": "werewolf", "Seer": "seer", "Witch": "witch", "Hunter": "hunter", "Vil A": "villager"}


def test_a_werewolf18_game_posts_in_chinese_while_its_english_host_reads_english(personas, make_user) -> None:
    alice = personas["alice"]
    AccountLanguage.objects.create(user=alice, language="en")
    game, seats, accounts = dealt_game(alice, make_user, "werewolf18", {**WW18, "Vil B": "villager"})
    card = flow.cabinet_of(seats["Seer"]).posts.first().body
    assert "预言家" in card and "Your role" not in card
    flow.phase_resolve_now(game=game)
    results = Resolution.objects.filter(deadline__phase__game=game).first().results
    assert "结果" in results and "Results of" not in results
    dashboard = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert "Host dashboard" in dashboard and "主持人面板" not in dashboard


def test_a_forum_game_posts_in_russian_by_default(forum_game, personas) -> None:
    game, seats = forum_game
    AccountLanguage.objects.create(user=personas["alice"], language="en")
    translation.activate("en")
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Plain Three" else "Plain Three"])
    vote_post = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1).posts.first()
    deadline = Deadline.objects.get(phase__game=game, phase__kind="day", phase__number=1, resolves=True)
    flow.resolve_due(deadline.due_at + timedelta(seconds=1))
    results = Resolution.objects.get(deadline=deadline).results
    assert "Итоги голосования, день 1" in results and "Results of the vote" not in results
    assert vote_post.body in ("Plain Three", "Doc")
    dashboard = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert "Host dashboard" in dashboard and "Итоги голосования, день 1" in dashboard


def test_the_host_changes_the_game_language(forum_game) -> None:
    game, seats = forum_game
    response = client_as("alice").post(
        reverse("host_settings", args=[game.slug]), {"edit_minutes": 5, "language": "zh-hans"}
    )
    assert response.status_code == 302
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Plain Three" else "Plain Three"])
    flow.phase_resolve_now(game=game, phase="day-1")
    assert "第 1 天投票结果" in Resolution.objects.get(deadline__phase__game=game).results
    assert client_as("carol").post(reverse("host_settings", args=[game.slug]), {"edit_minutes": 60}).status_code == 404


def test_the_time_zone_link_on_its_own_page_keeps_the_way_back(forum_game) -> None:
    """On the time zone page the header's "Time zone" link keeps the page
    to return to instead of nesting the settings page in itself (a crawl
    followed such links into a URL too long to serve)."""
    game, _seats = forum_game
    back = reverse("game", args=[game.slug])
    html = client_as("carol").get(reverse("account_time_zone") + f"?next={back}").content.decode()
    links = re.findall(r'href="(/account/time-zone/\?next=[^"]*)"', html)
    assert links == [f"/account/time-zone/?next={back}"], links
