"""A finished game's archive (docs/archive.md): one JSON file, valid against
docs/archive/schema-v1.json, that loads into a site as the same game; its
BBCode summary; and nothing of a running game leaves the site."""

from __future__ import annotations

import copy
import json
import random
from html import unescape
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import flow
from games.flow.archive_import import ArchiveInvalid, archive_import
from games.management.commands.demo import TABLES
from games.models import Game, Post, Room
from games.models.game import public_id
from games.reads.archive import ArchiveRefused, game_archive, schema_errors
from games.reads.archive_bbcode import archive_bbcode

from .channel import channel_url
from .test_every_ruleset import play_to_the_end
from .test_replay import text_of

# What differs between a game and its import into the same site: the slug.
SITE_LOCAL = ("game", "slug")


def finished_demo_game(title: str, seed: int = 5) -> Game:
    """The demo game titled ``title`` (``manage.py demo``), played to its end."""
    call_command("demo", force=True, stdout=StringIO())
    game = Game.objects.get(title=title, status=Game.Status.RUNNING)
    play_to_the_end(game, random.Random(seed), max_phases=80)
    assert game.status == Game.Status.FINISHED, game.ruleset
    return game


def without_slug(archive: dict) -> dict:
    data = copy.deepcopy(archive)
    del data[SITE_LOCAL[0]][SITE_LOCAL[1]]
    return data


@pytest.fixture
def finished_forum(db) -> Game:
    return finished_demo_game(TABLES[0].title)


@pytest.mark.django_db
@pytest.mark.parametrize("table", TABLES, ids=[f"{t.ruleset}-{t.variant or t.seats}" for t in TABLES])
def test_every_rulesets_demo_game_round_trips_through_its_archive(table) -> None:
    """Export → valid → import under a new slug → export again: the same
    archive, apart from the slug; and the imported game's replay reads
    exactly as the original's."""
    game = finished_demo_game(table.title)
    first = json.loads(json.dumps(game_archive(game)))
    assert schema_errors(first) == []
    assert first["posts"] and first["phases"] and first["resolutions"] and first["outcome"]["winner"]
    copy_of = archive_import(first, slug="imported")
    assert copy_of.status == Game.Status.FINISHED and copy_of.pk != game.pk
    second = json.loads(json.dumps(game_archive(Game.objects.get(slug="imported"))))
    assert second["game"]["slug"] == "imported"
    assert without_slug(second) == without_slug(first)
    assert replay_text("imported") == replay_text(game.slug)


def replay_text(slug: str) -> str:
    """The replay of the game ``slug`` as a visitor reads it (the page's
    main part, tags dropped: links and element ids are site-local)."""
    html = Client().get(reverse("replay", args=[slug])).content.decode()
    return text_of(html[html.index("<main") : html.index("</main>")])


def test_the_imported_games_pages_render(finished_forum, client) -> None:
    archive_import(game_archive(finished_forum), slug="imported")
    game = Game.objects.get(slug="imported")
    assert client.get(reverse("game", args=["imported"])).status_code == 200
    for room in Room.objects.filter(game=game, kind__in=Room.PUBLIC):
        answer = client.get(reverse("room", args=["imported", room.public_id]))
        assert answer.status_code == 200, room.kind
    vote_room = Room.objects.filter(game=game, kind=Room.Kind.VOTE).first()
    count = client.get(channel_url(game, vote_room))
    assert count.status_code == 200 and 'id="vote-count-body"' in count.content.decode()
    # The host reads every private room, each seat's cabinet among them.
    client.force_login(game.host)
    for seat in game.players.seated():
        cabinet = flow.cabinet_of(seat)
        assert cabinet.posts.exists()
        assert client.get(reverse("room", args=["imported", cabinet.public_id])).status_code == 200
    for room in Room.objects.filter(game=game, kind=Room.Kind.TEAM):
        assert client.get(reverse("room", args=["imported", room.public_id])).status_code == 200
    assert client.get(reverse("host", args=["imported"])).status_code == 200


def test_the_schema_rejects_a_broken_archive(finished_forum) -> None:
    archive = game_archive(finished_forum)
    broken = copy.deepcopy(archive)
    del broken["players"][0]["nickname"]
    broken["version"] = 2
    broken["votes"].append({"day": "one"})
    errors = schema_errors(json.loads(json.dumps(broken, default=str)))
    assert any(e.startswith("version:") for e in errors)
    assert any(e.startswith("players/0:") and "nickname" in e for e in errors)
    assert any(e.startswith(f"votes/{len(archive['votes'])}") for e in errors)


def test_a_broken_archive_writes_nothing(finished_forum) -> None:
    archive = game_archive(finished_forum)
    counts = (Game.objects.count(), Post.objects.count(), get_user_model().objects.count())
    broken = copy.deepcopy(archive)
    broken["players"][0]["alive"] = "yes"
    with pytest.raises(ArchiveInvalid) as refused:
        archive_import(broken, slug="imported")
    assert any("players/0/alive" in p for p in refused.value.problems)
    # Valid against the schema, but a post names a seat the archive lacks:
    # refused half-way through, and rolled back.
    dangling = copy.deepcopy(archive)
    dangling["posts"][-1]["author"] = "Nobody Here"
    with pytest.raises(ArchiveInvalid):
        archive_import(dangling, slug="imported")
    assert (Game.objects.count(), Post.objects.count(), get_user_model().objects.count()) == counts


def test_an_archive_is_refused_under_a_slug_in_use(finished_forum) -> None:
    with pytest.raises(ArchiveInvalid):
        archive_import(game_archive(finished_forum))


def test_the_commands_export_and_import_a_game(finished_forum, tmp_path) -> None:
    path = tmp_path / "game.json"
    call_command("archive_export", finished_forum.slug, output=str(path), stderr=StringIO())
    assert schema_errors(json.loads(path.read_text(encoding="utf-8"))) == []
    with pytest.raises(CommandError):
        call_command("archive_import", str(path), stdout=StringIO(), stderr=StringIO())
    out = StringIO()
    call_command("archive_import", str(path), slug="second", stdout=out, stderr=StringIO())
    assert "/g/second/" in out.getvalue()
    assert Game.objects.get(slug="second").status == Game.Status.FINISHED


def test_no_slug_begins_with_a_dash_and_one_that_does_is_exported_after_two_dashes(finished_forum, tmp_path) -> None:
    """A slug that began with "-" was read by ``archive_export`` as an
    option ("the following arguments are required: slug"): new slugs never
    begin with it, and an older game's is given after ``--``."""
    assert not [s for s in (public_id() for _ in range(5000)) if s.startswith("-")]
    Game.objects.filter(pk=finished_forum.pk).update(slug="-" + finished_forum.slug[1:])
    path = tmp_path / "dash.json"
    call_command("archive_export", "--", "-" + finished_forum.slug[1:], output=str(path), stderr=StringIO())
    assert json.loads(path.read_text(encoding="utf-8"))["game"]["slug"] == "-" + finished_forum.slug[1:]


def test_the_import_command_prints_the_schema_errors(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "mafia-archive", "version": 1}), encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("archive_import", str(path), stdout=StringIO(), stderr=err)
    assert "'game' is a required property" in err.getvalue()


def test_a_running_games_archive_is_refused(forum_game, personas) -> None:
    """Nothing of a game still going on is exported: the host, a player and
    a stranger get a 404, and the command refuses it."""
    forum_game, _seats = forum_game
    with pytest.raises(ArchiveRefused):
        game_archive(forum_game)
    seat = forum_game.players.seated().first()
    for user in (None, personas["alice"], seat.user):
        client = Client()
        if user is not None:
            client.force_login(user)
        for name in ("game_archive", "game_archive_bbcode"):
            assert client.get(reverse(name, args=[forum_game.slug])).status_code == 404
    with pytest.raises(CommandError):
        call_command("archive_export", forum_game.slug, stdout=StringIO())
    page = Client().get(reverse("game", args=[forum_game.slug])).content.decode()
    assert reverse("game_archive", args=[forum_game.slug]) not in page


def test_a_finished_games_archive_is_a_public_download(finished_forum) -> None:
    answer = Client().get(reverse("game_archive", args=[finished_forum.slug]))
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == f'attachment; filename="{finished_forum.slug}.json"'
    assert json.loads(answer.content)["outcome"]["winner"] == finished_forum.winner
    page = Client().get(reverse("game", args=[finished_forum.slug])).content.decode()
    assert reverse("game_archive", args=[finished_forum.slug]) in page
    assert reverse("game_archive_bbcode", args=[finished_forum.slug]) in page


def test_the_host_finds_the_summary_to_copy_on_the_game_page(finished_forum) -> None:
    host = Client()
    host.force_login(finished_forum.host)
    page = host.get(reverse("game", args=[finished_forum.slug])).content.decode()
    assert 'id="archive-summary"' in page
    assert archive_bbcode(game_archive(finished_forum)) in unescape(page)
    assert 'id="archive-summary"' not in Client().get(reverse("game", args=[finished_forum.slug])).content.decode()


def test_accounts_appear_only_when_the_game_reveals_them(finished_forum) -> None:
    archive = game_archive(finished_forum)
    assert all("account" not in seat for seat in archive["players"])
    assert "player1" not in json.dumps(archive)
    Game.objects.filter(pk=finished_forum.pk).update(reveal_accounts=True)
    finished_forum.refresh_from_db()
    revealed = game_archive(finished_forum)
    accounts = {seat["nickname"]: seat["account"] for seat in revealed["players"]}
    assert accounts["Keeper Ada"] == "player1"
    assert schema_errors(json.loads(json.dumps(revealed))) == []
    imported = archive_import(revealed, slug="imported")
    assert imported.players.get(nickname="Keeper Ada").user.username == "player1"
    assert without_slug(game_archive(imported)) == without_slug(revealed)


def test_unrevealed_seats_are_imported_on_placeholder_accounts(finished_forum) -> None:
    imported = archive_import(game_archive(finished_forum), slug="imported")
    users = [seat.user for seat in imported.players.all()]
    assert all(u.username.startswith("archived-imported-") and not u.is_active for u in users)
    assert not any(u.has_usable_password() for u in users)


def test_a_replacement_is_archived_with_the_seat(forum_game, personas, make_user) -> None:
    forum_game, _seats = forum_game
    seat = forum_game.players.seated().first()
    newcomer = make_user("newcomer")
    flow.player_replace(game=forum_game, player=seat, new_user=newcomer)
    # Ended at once by the host's hand (the test's shortcut to a finished game).
    Game.objects.filter(pk=forum_game.pk).update(
        status=Game.Status.FINISHED, winner="town", reveal_accounts=True, finished_at=timezone.now()
    )
    forum_game.refresh_from_db()
    archive = json.loads(json.dumps(game_archive(forum_game)))
    assert schema_errors(archive) == []
    row = next(p for p in archive["players"] if p["nickname"] == seat.nickname)
    assert [r["account"] for r in row["replacements"]] == ["newcomer"]
    assert [r["previous_account"] for r in row["replacements"]] == [seat.user.username]
    assert row["account"] == "newcomer"
    # Imported, the seat is the newcomer's, and its replacement is kept.
    imported = archive_import(archive, slug="imported")
    assert imported.players.get(nickname=seat.nickname).user.username == "newcomer"
    assert without_slug(game_archive(imported)) == without_slug(archive)


def test_the_bbcode_summary_names_the_winner_and_every_seats_role(finished_forum) -> None:
    archive = game_archive(finished_forum)
    answer = Client().get(reverse("game_archive_bbcode", args=[finished_forum.slug]))
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/plain")
    text = answer.content.decode()
    assert text == archive_bbcode(archive)
    ruleset = flow.ruleset_of(finished_forum)
    for seat in finished_forum.players.seated():
        row = next(line for line in text.splitlines() if line.startswith(f"[tr][td]{seat.nickname}[/td]"))
        assert ruleset.ROLES[seat.role].name["ru"] in row
    assert ruleset.TEAMS[finished_forum.winner].name["ru"] in text.splitlines()[-1]
    # Each resolved day is there with its results post.
    assert "[quote]" in text


def test_the_archive_keeps_the_role_dealt_at_the_draw(finished_forum) -> None:
    archive = game_archive(finished_forum)
    assert all(p["original_role"] for p in archive["players"] if p["status"] == "seated")
