"""The players' languages: every page in English, Russian or Simplified
Chinese, picked with the language switcher on every page and remembered
per account (on any device), else from the browser."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.test.utils import override_script_prefix
from django.urls import reverse
from django.utils import translation

from games import flow
from games.languages import SESSION_KEY
from games.models import AccountLanguage, Deadline, Resolution
from tests.conftest import PASSWORD

from .channel import ASKS_BY, channel_of
from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db

# Words each page shows in each language: (home, game page, day thread).
WORDS = {
    "ru": {
        "home": [
            "<h1>Игры</h1>",
            "Провести игру",
            "Форумная мафия",
            "Виртуальная мафия (форумная) · Двусторонняя (до 15 игроков)",
        ],
        "game": [
            "<h2>Темы</h2>",
            "<h2>Игроки</h2>",
            "День 1",
            "Голосование, день 1",
            "Мой кабинет",
            "<strong>Дон</strong>",
        ],
        "thread": ["<h1>День 1</h1>", "Сообщение", "Цитировать", "страница 1 из 1", "Не больше 20\xa0000 символов."],
    },
    "zh-hans": {
        "home": ["<h1>游戏列表</h1>", "主持游戏", "论坛杀人游戏 · 两方对抗（少于 15 人）"],
        "game": [
            "<h2>帖子</h2>",
            "<h2>玩家</h2>",
            "第 1 天",
            "第 1 天投票帖",
            "我的私人房间",
            "<strong>教父 (Дон)</strong>",
            "黑手党",
        ],
        "thread": ["<h1>第 1 天</h1>", "内容", "引用", "第 1 页，共 1 页", "最多 20000 个字符。"],
    },
}


@pytest.fixture(autouse=True)
def _english_afterwards():
    """Requests leave their language active in the test's thread; the next
    test (and code run outside a request) starts in English again."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _pages(game) -> dict[str, str]:
    room = rooms_of(game)["day"]
    flow.post_create(room=room, seat=None, body="hello", by_host=True)
    return {
        "home": reverse("home"),
        "game": reverse("game", args=[game.slug]),
        "thread": reverse("room", args=[game.slug, room.public_id]),
    }


def _choose(user, code: str) -> None:
    AccountLanguage.objects.update_or_create(user=user, defaults={"language": code})


@pytest.mark.parametrize("code", ["ru", "zh-hans"])
def test_a_player_sees_the_language_of_the_account(forum_game, code: str) -> None:
    """Bob (the Don) chose Russian or Chinese: the home page, the game page
    and the day thread are in that language, whatever the browser asks."""
    game, seats = forum_game
    _choose(seats["Bonnie"].user, code)
    client = client_as("bob")
    for page, url in _pages(game).items():
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert f'<html lang="{code}">' in html
        for word in WORDS[code][page]:
            assert word in html, f"{word!r} missing from the {page} page in {code}"
        assert "Host a game" not in html


def test_without_a_choice_pages_stay_in_english(forum_game) -> None:
    game, _seats = forum_game
    client = client_as("bob")
    for page, url in _pages(game).items():
        html = client.get(url).content.decode()
        assert '<html lang="en">' in html
        assert "Host a game" in html, page
        assert "Провести игру" not in html and "主持游戏" not in html


def test_a_visitor_gets_the_language_of_the_browser(forum_game) -> None:
    html = Client().get(reverse("home"), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()
    assert "<h1>游戏列表</h1>" in html
    html = Client().get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9").content.decode()
    assert "<h1>Игры</h1>" in html


def _switcher(html: str) -> str:
    found = re.search(r'<form method="post" action="/i18n/setlang/" class="inline lang-switch">.*?</form>', html, re.S)
    assert found, "no language switcher"
    return found.group(0)


@pytest.mark.parametrize("persona", ["anon", "bob", "alice"])
def test_every_page_has_a_labelled_language_switcher(forum_game, persona: str) -> None:
    """A form posting to Django's set_language: a labelled select of the
    three languages, each named in itself, the current one selected."""
    game, _seats = forum_game
    client = client_as(persona)
    urls = list(_pages(game).values())
    if persona == "anon":
        urls += [reverse("account_login"), reverse("account_signup")]
    if persona == "alice":
        urls += [reverse("host", args=[game.slug]), reverse("game_new")]
    if persona == "bob":
        urls.append(reverse("cabinet", args=[game.slug]))
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        form = _switcher(response.content.decode())
        assert '<label for="lang-switch">' in form
        assert '<select id="lang-switch" name="language">' in form
        assert 'name="csrfmiddlewaretoken"' in form
        assert re.findall(r'<option value="([^"]+)"', form) == ["en", "ru", "zh-hans"]
        assert 'value="en" lang="en" selected>English<' in form
        assert ">Русский<" in form and ">简体中文<" in form
        assert f'name="next" value="{url}' in form


def test_switching_is_remembered_on_the_account_and_on_another_device(forum_game) -> None:
    """Carol switches to Chinese: her account keeps it, so a fresh login
    on another device (no cookie, a browser asking for English) is Chinese;
    switching back to English is kept too (a session already open keeps the
    language it logged in with until it switches or logs in again)."""
    game, seats = forum_game
    carol = seats["Clyde"].user
    url = reverse("game", args=[game.slug])
    client = client_as("carol")
    response = client.post(reverse("set_language"), {"language": "zh-hans", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    assert AccountLanguage.objects.get(user=carol).language == "zh-hans"
    assert "<h2>帖子</h2>" in client.get(url).content.decode()

    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    other.force_login(carol)
    assert "<h2>帖子</h2>" in other.get(url).content.decode()

    other.post(reverse("set_language"), {"language": "en", "next": url})
    assert AccountLanguage.objects.get(user=carol).language == "en"
    assert "<h2>Threads</h2>" in other.get(url).content.decode()
    again = Client(HTTP_ACCEPT_LANGUAGE="ru")
    again.force_login(carol)
    assert "<h2>Threads</h2>" in again.get(url).content.decode()


def test_under_a_path_prefix_the_switch_is_stored_and_a_quiet_poll_reads_no_session(
    forum_game, django_assert_max_num_queries
) -> None:
    """A site served under a path prefix (``SCRIPT_NAME``, its proxy
    stripping it): the switch is still stored on the account, and the
    live channel's quiet poll still reads no session (the middleware
    matches both paths with their prefix, as ``reverse`` gives them)."""
    game, seats = forum_game
    carol = seats["Clyde"].user
    day = rooms_of(game)["day"]
    client = Client(SCRIPT_NAME="/forum")  # the test client's paths are the part after it
    client.force_login(carol)
    with override_script_prefix("/forum/"):  # as the WSGI handler sets it from SCRIPT_NAME
        response = client.post("/i18n/setlang/", {"language": "ru", "next": "/forum/"})
        assert response.status_code == 302
        assert AccountLanguage.objects.get(user=carol).language == "ru"
        html = client.get(f"/g/{game.slug}/r/{day.public_id}/").content.decode()
        assert f'href="/forum/g/{game.slug}/' in html
        channel = channel_of(html)
        assert channel.startswith(f"/forum/g/{game.slug}/live/")
        if ASKS_BY.search(html).group(1) == "post":  # the page reports its posts seen first
            channel = channel_of(client.post(channel.removeprefix("/forum"), HTTP_HX_REQUEST="true").content.decode())
        with django_assert_max_num_queries(1):
            assert client.get(channel.removeprefix("/forum")).status_code == 204


def test_a_login_applies_the_account_language_over_the_cookie(forum_game) -> None:
    """A Russian account logging in through the real form on a browser whose
    cookie says English gets Russian pages."""
    game, seats = forum_game
    _choose(seats["Bonnie"].user, "ru")
    client = Client()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "<h1>Games</h1>" in client.get(reverse("home")).content.decode()
    response = client.post(reverse("account_login"), {"login": "bob", "password": PASSWORD}, follow=True)
    assert response.status_code == 200
    assert "<h1>Игры</h1>" in response.content.decode()


def test_a_visitor_switch_is_kept_in_a_cookie_only(forum_game) -> None:
    client = Client()
    response = client.post(reverse("set_language"), {"language": "ru", "next": "/"})
    assert response.status_code == 302
    assert "<h1>Игры</h1>" in client.get(reverse("home")).content.decode()
    assert not AccountLanguage.objects.exists()


def test_an_unknown_language_is_not_stored(forum_game) -> None:
    client = client_as("bob")
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert not AccountLanguage.objects.exists()
    assert "<h1>Games</h1>" in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize("code", ["ru", "zh-hans"])
def test_private_rooms_and_the_cabinet_are_titled_in_the_reader_language(forum_game, code: str) -> None:
    """Titles stored when the rooms were made (in English here) are shown
    in the reader's language: the cop's own cabinet and the Don's team room."""
    game, seats = forum_game
    _choose(seats["Clyde"].user, code)
    _choose(seats["Bonnie"].user, code)
    cabinet = client_as("carol").get(reverse("cabinet", args=[game.slug])).content.decode()
    mafia_room = rooms_of(game)["mafia"]
    team = client_as("bob").get(reverse("room", args=[game.slug, mafia_room.public_id])).content.decode()
    if code == "ru":
        assert "Кабинет Clyde" in cabinet and "Общий кабинет:" in cabinet
        assert "<h1>Командная комната:" in team
    else:
        assert "Clyde 的私人房间" in cabinet and "共享私人房间：" in cabinet
        assert "<h1>阵营房间：" in team


def test_a_session_opened_before_languages_were_kept_learns_the_account_language(forum_game) -> None:
    """A login from before this feature has no language in its session:
    the first page looks the account's choice up once and keeps it."""
    game, seats = forum_game
    client = client_as("bob")
    session = client.session
    del session[SESSION_KEY]
    session.save()
    _choose(seats["Bonnie"].user, "ru")
    assert "<h1>Игры</h1>" in client.get(reverse("home")).content.decode()
    assert client.session[SESSION_KEY] == "ru"


@pytest.mark.parametrize(
    ("code", "warning"),
    [("ru", "Нет голоса: автокилл в дедлайн (FORUM-163)."), ("zh-hans", "未投票：截止时自动出局（FORUM-163）。")],
)
def test_the_rules_messages_are_in_the_reader_language(forum_game, code: str, warning: str) -> None:
    """The forum rules' autokill warning on the host's dashboard is translated."""
    game, _seats = forum_game
    _choose(game.host, code)
    assert warning in client_as("alice").get(reverse("host", args=[game.slug])).content.decode()


@pytest.mark.parametrize(("code", "heading"), [("ru", "Итоги голосования, день 1"), ("zh-hans", "第 1 天投票结果")])
def test_the_deadline_worker_writes_the_results_in_the_game_language(forum_game, code: str, heading: str) -> None:
    """Results the worker resolves at the deadline are written in the
    game's language, whatever the host reads the pages in."""
    game, seats = forum_game
    game.language = code
    game.save(update_fields=["language"])
    _choose(game.host, code)
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Plain Three" else "Plain Three"])
    deadline = Deadline.objects.get(phase__game=game, phase__kind="day", phase__number=1, resolves=True)
    assert flow.resolve_due(deadline.due_at + timedelta(seconds=1)) >= 1
    results = Resolution.objects.get(deadline=deadline).results
    assert heading in results
    assert "Results of the vote" not in results
    dashboard = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    # Published, the results are folded further down the dashboard.
    assert {"ru": "<summary>День 1 — опубликовано", "zh-hans": "<summary>第 1 天 — 已发布"}[code] in dashboard


def test_an_english_game_is_written_in_english_whatever_the_host_reads(forum_game) -> None:
    game, seats = forum_game
    game.language = "en"
    game.save(update_fields=["language"])
    _choose(game.host, "ru")
    for nick, seat in seats.items():
        flow.vote_cast(game=game, seat=seat, target=seats["Doc" if nick == "Plain Three" else "Plain Three"])
    deadline = Deadline.objects.get(phase__game=game, phase__kind="day", phase__number=1, resolves=True)
    flow.resolve_due(deadline.due_at + timedelta(seconds=1))
    assert "Results of the vote, day 1" in Resolution.objects.get(deadline=deadline).results


def test_the_host_reads_the_house_rules_in_the_chosen_language(forum_game) -> None:
    """The "Host a game" form and the dashboard name the forum's house rules
    and explain them in the host's language."""
    game, _seats = forum_game
    _choose(game.host, "ru")
    client = client_as("alice")
    form = client.get(reverse("game_new")).content.decode()
    assert "Малоиспользуемые роли" in form
    assert "Ведущий вводит малоиспользуемые роли; правила не меняются." in form
    _choose(game.host, "zh-hans")
    client = client_as("alice")
    assert "主持人启用稀有身份；规则本身不变。" in client.get(reverse("game_new")).content.decode()
