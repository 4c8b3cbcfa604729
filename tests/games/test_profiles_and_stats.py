"""Players' profiles and the site statistics: who may see which game on a
profile, the totals, the hidden profile, and the statistics of finished
games by ruleset and player count.

The access matrix: ``bob`` and ``carol`` play four forum games (the
roles of ``tests/conftest.py``: bob the mafia's Don, carol the cop):
- "Quiet town", finished, its accounts hidden;
- "Open town", finished (the town wins), its accounts revealed;
- "Open mafia", finished (the mafia wins), its accounts revealed;
- "Live town", running, its accounts to be revealed after the game.
Only the two open games may appear on their profiles.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.urls import reverse
from django.utils.html import strip_tags

from games import flow
from games.models import Game, Player, ProfileSetting
from games.reads.stats import ruleset_stats
from tests.conftest import SEATS, seed_for_seating
from tests.games.pages import client_as
from tests.games.test_get_writes_nothing import WriteWatch

# Each game's nicknames: the seat's nickname of ``SEATS`` with a prefix.
PREFIX = {"Quiet town": "Hush", "Open town": "Sun", "Open mafia": "Moon", "Live town": "Now"}


def forum_game(host, make_user, title: str, reveal: bool) -> tuple[Game, dict[str, Player]]:
    """A running seven-seat two-sided forum game seated as ``SEATS`` (bob
    the Don, carol the cop…), each nickname prefixed with ``PREFIX[title]``;
    returns the game and its seats by ``SEATS``' nickname."""
    from django.contrib.auth import get_user_model

    game = flow.game_create(host=host, title=title, ruleset_id="forum", variant="two_sided", reveal_accounts=reveal)
    flow.signup_open(game=game)
    users = get_user_model().objects
    names = [f"{PREFIX[title]} {nickname}" for _u, nickname, _r in SEATS]
    for (username, _n, _r), name in zip(SEATS, names, strict=True):
        user = users.filter(username=username).first() or make_user(username)
        flow.nickname_register(game=game, user=user, nickname=name)
    composition: dict[str, int] = {}
    for _u, _n, role in SEATS:
        composition[role] = composition.get(role, 0) + 1
    game.refresh_from_db()
    game.seed = seed_for_seating(flow.ruleset_of(game), names, composition, [r for _u, _n, r in SEATS])
    game.save(update_fields=["seed"])
    flow.roles_draw(game=game, composition=composition)
    game.refresh_from_db()
    flow.game_start(game=game)
    game.refresh_from_db()
    seats = {p.nickname.removeprefix(PREFIX[title] + " "): p for p in Player.objects.filter(game=game)}
    return game, seats


def town_wins(game: Game, seats: dict[str, Player]) -> None:
    """The host modkills both mafiosi: the town wins (FORUM-168)."""
    for nickname in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=seats[nickname])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "town"


def mafia_wins(game: Game, seats: dict[str, Player]) -> None:
    """The host modkills three citizens: two mafiosi against two honest
    players, the mafia wins (FORUM-169)."""
    for nickname in ("Doc", "Plain One", "Plain Two"):
        flow.player_modkill(game=game, player=seats[nickname])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner == "mafia"


@pytest.fixture
def games(personas, make_user) -> dict[str, tuple[Game, dict[str, Player]]]:
    """The four games of the module's matrix, by title."""
    host = personas["alice"]
    out = {
        "Quiet town": forum_game(host, make_user, "Quiet town", reveal=False),
        "Open town": forum_game(host, make_user, "Open town", reveal=True),
        "Open mafia": forum_game(host, make_user, "Open mafia", reveal=True),
        "Live town": forum_game(host, make_user, "Live town", reveal=True),
    }
    town_wins(*out["Quiet town"])
    town_wins(*out["Open town"])
    mafia_wins(*out["Open mafia"])
    return out


def profile_of(viewer: str, username: str):
    return client_as(viewer).get(reverse("profile", args=[username]))


def test_a_profile_lists_only_the_finished_games_that_revealed_their_accounts(games) -> None:
    """Bob's profile shows the two open games with his nicknames there,
    and nothing of the finished game that hid its accounts or of the
    running one, to a stranger."""
    page = profile_of("dave", "bob").content.decode()
    assert "Open town" in page and "Sun Bonnie" in page
    assert "Open mafia" in page and "Moon Bonnie" in page
    for hidden in ("Quiet town", "Hush Bonnie", "Live town", "Now Bonnie"):
        assert hidden not in page


def test_a_profile_row_names_the_game_its_ruleset_role_side_result_and_end_date(games) -> None:
    """Each row: the game's link, its ruleset's name, the nickname, the
    role, the side, won or lost as the winner says, and the day it ended."""
    game, _seats = games["Open town"]
    page = profile_of("anon", "bob").content.decode()
    row = next(r for r in page.split("<tr") if "Sun Bonnie" in r)
    assert f'href="{reverse("game", args=[game.slug])}"' in row
    assert "Don" in row and "Mafia" in row and ">lost<" in row
    assert game.finished_at.astimezone(ZoneInfo(game.timezone)).strftime("%Y-%m-%d") in row
    won = next(r for r in page.split("<tr") if "Moon Bonnie" in r)
    assert ">won<" in won


def test_a_running_game_that_will_reveal_its_accounts_shows_nothing_before_its_end(games) -> None:
    """During "Live town" (reveal after the game on), neither profile nor
    statistics link bob or carol to their nicknames there or show a role."""
    stats = client_as("dave").get(reverse("site_stats")).content.decode()
    for username in ("bob", "carol"):
        page = profile_of("dave", username).content.decode()
        assert "Live town" not in page and "Now " not in page
    assert "Now " not in stats and "Live town" not in stats
    assert "Bonnie" not in stats and "Clyde" not in stats
    # "bob" is looked for in what the page shows and in its links: its
    # random tokens (the forms' CSRF tokens) may hold the three letters.
    assert "bob" not in strip_tags(stats) and reverse("profile", args=["bob"]) not in stats


def test_the_totals_count_games_and_wins_by_ruleset_and_by_side(games) -> None:
    """Bob played the Don twice in the open games: the mafia lost one and
    won one; carol, the cop, won one and lost one with the town. The
    hidden and running games count nowhere."""
    from games.pages.profile import profile
    from games.reads.profiles import side_totals

    bob = Player.objects.filter(nickname="Sun Bonnie").get().user
    carol = Player.objects.filter(nickname="Sun Clyde").get().user
    assert [(t.ruleset, t.team, t.games, t.wins) for t in side_totals(bob.pk)] == [("forum", "mafia", 2, 1)]
    assert [(t.ruleset, t.team, t.games, t.wins) for t in side_totals(carol.pk)] == [("forum", "town", 2, 1)]
    shown = profile(bob, hidden=False, is_owner=False)
    assert [(t["games"], t["wins"]) for t in shown["by_ruleset"]] == [(2, 1)]
    assert [(t["side"], t["games"], t["wins"]) for t in shown["by_side"]] == [("Mafia", 2, 1)]


def test_a_hidden_profile_is_a_404_for_a_stranger_another_player_the_host_and_a_visitor(games) -> None:
    """Bob hides his profile: nobody else opens it."""
    ProfileSetting.objects.create(user=Player.objects.filter(nickname="Sun Bonnie").get().user, hidden=True)
    for viewer in ("anon", "dave", "carol", "alice", "erin"):
        assert profile_of(viewer, "bob").status_code == 404, viewer


def test_the_owner_of_a_hidden_profile_sees_it_with_a_notice(games) -> None:
    """Bob still reads his hidden profile, told that it is hidden."""
    ProfileSetting.objects.create(user=Player.objects.filter(nickname="Sun Bonnie").get().user, hidden=True)
    answer = profile_of("bob", "bob")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Your profile is hidden" in page and "Sun Bonnie" in page


def test_an_unknown_account_s_profile_is_a_404(personas) -> None:
    assert profile_of("dave", "nobody-here").status_code == 404


def test_hiding_the_profile_from_the_settings_page(personas) -> None:
    """The account's settings page saves the choice; the profile then
    404s to others and shows the owner his notice."""
    bob = client_as("bob")
    assert bob.get(reverse("profile_settings")).status_code == 200
    answer = bob.post(reverse("profile_settings"), {"hidden": "on"})
    assert answer.status_code == 302
    assert ProfileSetting.objects.get(user__username="bob").hidden
    assert profile_of("dave", "bob").status_code == 404
    bob.post(reverse("profile_settings"), {})
    assert profile_of("dave", "bob").status_code == 200


def test_the_account_menu_links_to_the_reader_s_own_profile(personas) -> None:
    """The menu's "My profile" leads to /u/<name>/; on a game's pages the
    menu never writes the account's name."""
    bob = client_as("bob")
    home = bob.get(reverse("home")).content.decode()
    assert f'href="{reverse("my_profile")}"' in home
    answer = bob.get(reverse("my_profile"))
    assert answer.status_code == 302 and answer["Location"] == reverse("profile", args=["bob"])


def test_the_statistics_count_only_finished_games_and_their_wins_by_side(games) -> None:
    """Three finished forum games of seven players (the running one left
    out): the town won two, the mafia one."""
    (forum,) = ruleset_stats()
    assert forum.ruleset == "forum"
    (row,) = forum.rows
    assert (row.players, row.games, row.draws) == (7, 3, 0)
    assert row.wins["town"] == 2 and row.wins["mafia"] == 1
    assert set(forum.sides) >= {"town", "mafia"}
    assert row.average_game_days == 1.0
    assert row.average_days is not None and row.average_days < 1


def test_the_statistics_page_draws_a_chart_beside_a_table_per_ruleset(games) -> None:
    """The page shows the forum's name, an SVG chart with a title and the
    table of the same figures, with the link from the footer."""
    page = client_as("anon").get(reverse("site_stats")).content.decode()
    assert "Forum" in page or "форум" in page.lower()
    assert page.count('<svg class="bar-chart"') == 2 and 'role="img"' in page
    assert "<caption" in page and "<td>3</td>" in page
    home = client_as("anon").get(reverse("home")).content.decode()
    assert f'href="{reverse("site_stats")}"' in home


def test_the_statistics_are_one_query(games, django_assert_num_queries) -> None:
    with django_assert_num_queries(1):
        ruleset_stats()


def test_a_profile_page_reads_in_few_queries(games, django_assert_max_num_queries) -> None:
    """The account, its games and its totals, whatever their number."""
    client = client_as("anon")
    with django_assert_max_num_queries(4):
        client.get(reverse("profile", args=["bob"]))


def test_a_drawn_game_reads_draw_on_the_profile_and_counts_as_a_draw(games) -> None:
    """A game whose outcome is a draw (``Game.winner`` "draw", as the
    forum's FORUM-168 stores it when nobody is left): every seat drew, no
    side won, and the statistics count one draw."""
    game, _seats = games["Open town"]
    Game.objects.filter(pk=game.pk).update(winner="draw")
    page = profile_of("dave", "carol").content.decode()
    row = next(r for r in page.split("<tr") if "Sun Clyde" in r)
    assert ">draw<" in row
    (forum,) = ruleset_stats()
    (stats,) = forum.rows
    assert (stats.draws, stats.wins["town"], stats.wins["mafia"]) == (1, 1, 1)


def test_the_profile_and_statistics_pages_write_nothing(games) -> None:
    """GET never writes: the profile, the menu's link, the settings page
    and the statistics, as the owner and as a visitor."""
    watch = WriteWatch()
    bob, anon = client_as("bob"), client_as("anon")  # logging in writes its session
    with connection.execute_wrapper(watch):
        for client in (bob, anon):
            for url in (reverse("profile", args=["bob"]), reverse("site_stats")):
                assert client.get(url).status_code == 200
        assert bob.get(reverse("my_profile")).status_code == 302
        assert bob.get(reverse("profile_settings")).status_code == 200
    assert watch.writes == []


@pytest.mark.parametrize(
    ("language", "title", "won"), [("ru", "Статистика сайта", "победа"), ("zh-hans", "网站统计", "胜")]
)
def test_the_pages_read_in_russian_and_chinese(games, settings, language, title, won) -> None:
    """The statistics and the profile in the reader's language: the
    ruleset's and the side's own names, the result in words."""
    client = client_as("anon")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    stats = client.get(reverse("site_stats")).content.decode()
    assert title in stats and "Site statistics" not in stats
    page = client.get(reverse("profile", args=["bob"])).content.decode()
    row = next(r for r in page.split("<tr") if "Moon Bonnie" in r)
    assert f">{won}<" in row and "Mafia" not in row
