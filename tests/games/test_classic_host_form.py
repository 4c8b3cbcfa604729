"""Classic on "Host a game" and in its day: one field per deadline, and
what the host sets is what runs (classic.md §2); a lynch needs a majority
of the living entitled to vote, said on the vote page and in the results
(CLASSIC-012, CLASSIC-013)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.test import override_settings
from django.urls import reverse

from games import flow
from games.models import Game, Room

from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

RULESETS = ["forum", "piter", "classic", "cosmo", "werewolf18"]


@override_settings(MAFIA_WEB_RULESETS=RULESETS)
def test_each_classic_deadline_has_one_field_and_runs_as_set(personas, make_user) -> None:
    """Classic §2: the night is resolved at the night deadline, the vote
    closes at the day deadline; the form asks each once, and the game's
    phases close when the host said."""
    client = client_as(personas["alice"])
    page = client.get(reverse("game_new") + "?ruleset=classic").content.decode()
    assert 'name="option_night_deadline"' not in page and 'name="option_day_deadline"' not in page
    assert 'name="vote"' in page and 'name="night"' in page
    data = {
        "title": "Deadline town",
        "ruleset": "classic",
        "timezone": "UTC",
        "schedule": "standard",
        "fast_scale": "1",
        "vote": "21:30",
        "night": "09:15",
        "signup_limit": "12",
        "post_minimum": "0",
        "language": "en",
        "autopublish": "on",
        "option_day_hours_per_player": "0",
        "option_lynch_round_minutes": "60",
        "option_deciding_vote_hours": "24",
    }
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    game = Game.objects.get(title="Deadline town")
    assert game.options["night_deadline"] == "09:15" and game.options["day_deadline"] == "21:30"
    flow.signup_open(game=game)
    for i in range(7):
        flow.nickname_register(game=game, user=make_user(f"dl{i}"), nickname=f"Crow {i}")
    game.refresh_from_db()
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game, now=datetime(2026, 3, 2, 12, 0, tzinfo=UTC))
    night = flow.current_phase(game)
    assert night.deadlines.get(kind="night").due_at == datetime(2026, 3, 3, 9, 15, tzinfo=UTC)
    flow.resolve_due(now=datetime(2026, 3, 3, 9, 15, tzinfo=UTC))
    game.refresh_from_db()
    day = flow.current_phase(game)
    assert day.kind == "day"
    assert day.deadlines.get(kind="vote").due_at == datetime(2026, 3, 3, 21, 30, tzinfo=UTC)


CLASSIC = {
    "Ann": "mafioso",
    "Ben": "mafioso",
    "Cid": "citizen",
    "Dot": "citizen",
    "Eve": "citizen",
    "Fay": "citizen",
    "Gus": "citizen",
    "Hal": "citizen",
    "Ivy": "citizen",
}


def test_a_plurality_without_majority_lynches_nobody_and_says_why_classic_012(personas, make_user) -> None:
    """CLASSIC-012/013: 4 votes of 9 are the most but no majority: the vote
    page says a majority of the living is needed, and the results say
    nobody reached it, with the numbers."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "classic", CLASSIC, language="en")
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    day = flow.current_phase(game)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    page = client_as(accounts["Cid"]).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "more than half of the living players entitled to vote" in page
    at = day.opened_at + timedelta(minutes=1)
    for voter, target in (("Cid", "Ann"), ("Dot", "Ann"), ("Eve", "Ann"), ("Fay", "Ann"), ("Gus", "Ben")):
        flow.vote_cast(game=game, seat=seats[voter], target=seats[target], now=at)
    flow.vote_cast(game=game, seat=seats["Hal"], target=seats["Cid"], now=at)
    flow.vote_cast(game=game, seat=seats["Ivy"], target=seats["Dot"], now=at)
    flow.vote_cast(game=game, seat=seats["Ann"], target=seats["Eve"], now=at)
    flow.phase_resolve_now(game=game)
    text = "\n".join(room.posts.filter(author__isnull=True).values_list("body", flat=True))
    assert "Nobody reached a majority of the 9 players entitled to vote (at least 5 votes;" in text
    assert "the most a single player got: 4" in text
