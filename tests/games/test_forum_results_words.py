"""What a forum game's posts say, read in the game's language: the
FORUM-180 save announcement, the card of a plain criminal (FORUM-014) and
the host's warning of a vote for oneself (FORUM-164)."""

from __future__ import annotations

from django.urls import reverse

from games import flow
from games.models import Room

from .test_every_ruleset import client_as


def _to_night(game, seats):
    """Day 1 resolved with every seat voting for "Plain Three" (FORUM-014)."""
    day = flow.current_phase(game)
    for nickname, seat in seats.items():
        if nickname != "Plain Three":
            flow.vote_cast(game=game, seat=seat, target=seats["Plain Three"], now=day.opened_at)
    flow.vote_cast(game=game, seat=seats["Plain Three"], target=seats["Plain Two"], now=day.opened_at)
    flow.phase_resolve_now(game=game)
    game.refresh_from_db()
    return flow.current_phase(game)


def test_the_save_is_announced_in_the_games_language_without_a_pronoun_forum_180(forum_game) -> None:
    """FORUM-180 «мафы/маны напали на игрока, но Док спас его»: the results
    post of a Russian game says it in Russian, and words it without "him"
    (the seat's gender is not known)."""
    game, seats = forum_game
    night = _to_night(game, seats)
    assert night.kind == "night"
    flow.action_submit(game=game, seat=seats["Bonnie"], ability="kill", targets=["Plain One"], team=True)
    flow.action_submit(game=game, seat=seats["Doc"], ability="heal", targets=["Plain One"])
    flow.phase_resolve_now(game=game)
    posts = list(Room.objects.filter(game=game).values_list("posts__body", flat=True))
    night_post = next(p for p in posts if p and "Plain One" in p and "покушение" in p)
    assert "FORUM-180" not in night_post, night_post
    assert "attacked" not in night_post and "saved" not in night_post, night_post
    assert " его " not in night_post and " him " not in night_post, night_post


def test_a_plain_criminals_card_names_his_team_forum_014(personas, make_user) -> None:
    """FORUM-014 «ведущий вскрывает его карту»: in a three-sided game the
    card of a plain member of a criminal team says which team («Маф» or
    «Ман»), in the results post and on the game page."""
    roles = {
        "Ann": ("don", "mafia"),
        "Ben": ("mafioso", "mafia"),
        "Cid": ("don", "maniacs"),
        "Dan": ("mafioso", "maniacs"),
        "Eve": ("cop", "town"),
        "Fay": ("doctor", "town"),
        **{f"Town {i}": ("citizen", "town") for i in range(9)},
    }
    game = flow.game_create(
        host=personas["alice"], title="Three sides", ruleset_id="forum", variant="three_sided", language="en"
    )
    flow.signup_open(game=game)
    accounts = {}
    for nickname in roles:
        accounts[nickname] = make_user(f"ts-{nickname.lower().replace(' ', '')}")
        flow.nickname_register(game=game, user=accounts[nickname], nickname=nickname)
    game.refresh_from_db()
    flow.roles_deal(game=game, roles=roles)
    game.refresh_from_db()
    flow.game_start(game=game)
    game.refresh_from_db()
    seats = {p.nickname: p for p in game.players.all()}
    day = flow.current_phase(game)
    for nickname, seat in seats.items():
        target = "Ann" if nickname == "Dan" else "Dan"
        flow.vote_cast(game=game, seat=seat, target=seats[target], now=day.opened_at)
    flow.phase_resolve_now(game=game)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    text = "\n".join(room.posts.filter(author__isnull=True).values_list("body", flat=True))
    assert "Dan was eliminated by the vote. Role: Mafioso (Маф / ман), team Maniacs." in text, text
    page = client_as(accounts["Eve"]).get(reverse("game", args=[game.slug])).content.decode()
    assert "Mafioso (Маф / ман), team Maniacs" in page


def test_the_self_vote_warning_cites_forum_164(forum_game, personas) -> None:
    """FORUM-164 «Голосование против себя равносильно автокиллу»: the
    host's warning of a vote for oneself cites FORUM-164."""
    game, seats = forum_game
    day = flow.current_phase(game)
    flow.vote_cast(game=game, seat=seats["Plain One"], target=seats["Plain One"], now=day.opened_at)
    page = client_as(personas["alice"]).get(reverse("host", args=[game.slug])).content.decode()
    assert "Voted for self: autokill (FORUM-164)." in page
    assert "FORUM-160" not in page.split("Voted for self")[1][:40]
