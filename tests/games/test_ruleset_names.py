"""A reader sees the rulesets' names in his own language, whatever the
document's: a Russian reader of werewolf18 (a Chinese document) reads its
roles, camps and title in Russian with the document's own word beside the
role; a Chinese reader of piter (a Russian document) reads its title, house
rules, schedule and penalties in Chinese (tests/rulesets/test_names.py
checks every declaration has the three languages)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games.models import AccountLanguage
from tests.games.test_every_ruleset import hosted_game
from tests.games.test_werewolf18_forum_day import werewolf_table

from .pages import client_as

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    """Requests leave their language active in the test's thread."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def reads(user, code: str) -> None:
    """``user`` chose the site language ``code`` on his account."""
    AccountLanguage.objects.update_or_create(user=user, defaults={"language": code})


def test_a_russian_reader_of_werewolf18_sees_its_roles_in_russian(personas, make_user) -> None:
    """The seer's role card: «Провидец» with the document's «预言家»
    (WW18-022), his camp «Жители деревни»; the game page names the rules in
    Russian too."""
    game, seats, accounts = werewolf_table(personas, make_user, datetime(2026, 3, 2, 7, 0, tzinfo=UTC))
    reads(accounts["Seer"], "ru")
    client = client_as(accounts["Seer"].username)
    cabinet = client.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "Роль: <strong>Провидец (预言家)</strong>" in cabinet
    assert "Команда: <strong>Жители деревни</strong>" in cabinet
    page = client.get(reverse("game", args=[game.slug])).content.decode()
    assert "[048] «Фэн цю хуан» (оборотни на 18 игроков)" in page
    assert "<strong>Провидец (预言家)</strong>" in page


def test_a_chinese_reader_of_piter_sees_its_names_in_chinese(personas, make_user) -> None:
    """The oper's role card «便衣警探 (Опер)» and the rules' title in Chinese;
    the Chinese host reads the penalties (PITER-110 «Замечание») and,
    announcing a piter game, the schedule's deadlines (§2 «Выдвижение»,
    «Казнь») and the house rules (PITER-120 «Игра без Ведущего») in Chinese."""
    game = hosted_game(personas["alice"], make_user, "piter", "", 10, seed=3)
    oper = game.players.get(role="oper")
    reads(oper.user, "zh-hans")
    reads(personas["alice"], "zh-hans")
    player = client_as(oper.user.username)
    cabinet = player.get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "<strong>便衣警探 (Опер)</strong>" in cabinet
    page = player.get(reverse("game", args=[game.slug])).content.decode()
    assert "杀人游戏规则（彼得堡）" in page
    assert "Mafia rules (Piter)" not in page
    host = client_as("alice")
    dashboard = host.get(reverse("host", args=[game.slug])).content.decode()
    assert "杀人游戏规则（彼得堡）" in dashboard
    assert "警告：在牌桌上说脏话" in dashboard and "Warning: obscene language" not in dashboard
    form = host.get(reverse("game_new") + "?ruleset=piter").content.decode()
    for deadline in ("提名", "辩护发言", "处决", "重新投票", "早晨"):
        assert f">{deadline}:</label>" in form, deadline
    assert "Nominations open" not in form
    assert ">无主持人游戏:</label>" in form and "Game without a host" not in form
