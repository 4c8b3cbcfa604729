"""Nothing a non-host can reach links a nickname to an account or shows
another seat's hidden role: every page and fragment, error pages and form
error pages, as every persona who is not the host.

The accounts behind the plain seats are renamed ``acct_p1``… here so that
a leaked account name cannot be confused with a post's anchor (``#p1``).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games import flow
from games.models import Game, Player, Room

from .channel import channel_url
from .pages import kill_mafioso, rooms_of

pytestmark = pytest.mark.django_db

VIEWERS = ("anon", "dave", "citizen", "bob", "carol", "dead")
OWN_SEAT = {"citizen": "Plain One", "bob": "Bonnie", "carol": "Clyde", "dead": "Mafia Two"}
ACCOUNT = {"citizen": "acct_p3", "dead": "acct_p1", "bob": "bob", "carol": "carol", "dave": "dave"}
USER_ID = re.compile(r"user[_-]?id|data-user|/users?/\d|\"user\"\s*:|old_user|new_user|auth_user", re.I)


@pytest.fixture(params=["day", "night"])
def game(request, forum_game) -> Game:
    """Day 1 with "Mafia Two" modkilled, posts in every room and votes
    cast; or night 1 after "Plain Three" was voted out."""
    game, seats = forum_game
    get_user_model().objects.filter(username__in=[f"p{i}" for i in range(1, 6)]).update(username=_acct_sql())
    kill_mafioso(game)
    rooms = rooms_of(game)
    for nick in ("Bonnie", "Clyde", "Doc", "Plain One"):
        flow.post_create(room=rooms["day"], seat=seats[nick], body=f"[b]{nick}[/b] speaks")
    flow.post_create(room=rooms["mafia"], seat=seats["Bonnie"], body="our plan")
    flow.post_create(room=rooms["cop"], seat=seats["Clyde"], body="my notes")
    flow.post_create(room=rooms["graveyard"], seat=None, body="welcome", by_host=True)
    target = "Plain Three" if request.param == "night" else "Doc"
    for nick, seat in seats.items():
        if nick != "Mafia Two" and (request.param == "night" or nick in ("Bonnie", "Clyde")):
            flow.vote_cast(game=game, seat=seat, target=seats["Bonnie" if nick == target else target])
    if request.param == "night":
        flow.phase_resolve_now(game=game)
    # Its accounts are to be revealed once it is over: not before.
    Game.objects.filter(pk=game.pk).update(reveal_accounts=True)
    game.refresh_from_db()
    return game


def _acct_sql():
    from django.db.models import Value
    from django.db.models.functions import Concat

    return Concat(Value("acct_"), "username")


def client_as(persona: str) -> Client:
    """A client logged in as ``persona`` (accounts renamed as above)."""
    client = Client()
    if persona != "anon":
        client.force_login(get_user_model().objects.get(username=ACCOUNT.get(persona, persona)))
    return client


def _pages(game: Game, persona: str) -> dict[str, tuple[str, dict | None, set[int]]]:
    """Every URL the persona may reach: name → (url, POST data or None, accepted codes)."""
    slug = game.slug
    pages: dict[str, tuple[str, dict | None, set[int]]] = {
        "home": (reverse("home"), None, {200}),
        "game": (reverse("game", args=[slug]), None, {200}),
        "live channel": (channel_url(game), None, {200}),
        "host's live part": (channel_url(game, h=1), None, {404}),
        "no such game": ("/g/no-such-game/", None, {404}),
        "no such room": (reverse("room", args=[slug, "no-such-room"]), None, {404}),
    }
    seat = Player.objects.filter(game=game, nickname=OWN_SEAT.get(persona, "")).first()
    for room in Room.objects.filter(game=game):
        member = seat is not None and room.members.filter(pk=seat.pk).exists()
        if not (room.is_public or member):
            continue
        pages[f"room {room.title}"] = (reverse("room", args=[slug, room.public_id]), None, {200})
        pages[f"live channel {room.title}"] = (channel_url(game, room, a=0), None, {200})
        pages[f"empty post {room.title}"] = (reverse("room", args=[slug, room.public_id]), {"body": ""}, {200, 403})
        for author in Player.objects.filter(game=game, posts__room=room).distinct():
            url = reverse("room", args=[slug, room.public_id]) + f"?by={author.public_id}"
            pages[f"posts of {author.nickname} in {room.title}"] = (url, None, {200})
        if room.kind in (Room.Kind.DAY, Room.Kind.VOTE):
            pages[f"activity {room.title}"] = (reverse("room_activity", args=[slug, room.public_id]), None, {200})
        if room.kind == Room.Kind.VOTE:
            pages[f"vote flow {room.title}"] = (reverse("vote_flow", args=[slug, room.public_id]), None, {200})
            pages[f"bad vote {room.title}"] = (
                reverse("vote", args=[slug, room.public_id]),
                {"target": "nobody"},
                {200, 400, 403},
            )
    for voter in Player.objects.filter(game=game, votes_cast__isnull=False).distinct():
        pages[f"votes of {voter.nickname}"] = (reverse("player_votes", args=[slug, voter.public_id]), None, {200})
    # After the game: nothing of the replay or the archive while it runs;
    # the statistics count no running game.
    pages["replay"] = (reverse("replay", args=[slug]), None, {404})
    pages["archive"] = (reverse("game_archive", args=[slug]), None, {404})
    pages["archive summary"] = (reverse("game_archive_bbcode", args=[slug]), None, {404})
    pages["statistics"] = (reverse("site_stats"), None, {200})
    if seat is not None:
        pages["cabinet"] = (reverse("cabinet", args=[slug]), None, {200})
        pages["bad choice"] = (
            reverse("cabinet", args=[slug]),
            {"ability": "shoot", "target0": "Nobody At All"},
            {200, 400},
        )
    if persona != "anon":
        pages["stranger's cabinet"] = (reverse("cabinet", args=[slug]), None, {200, 403})
        pages["apply"] = (reverse("game_apply", args=[slug]), {"nickname": "Bonnie"}, {200})
    return pages


def _forbidden_roles(game: Game, persona: str) -> set[str]:
    """Role ids and names of other seats the persona may not know: every
    role but the persona's own and those the results revealed."""
    ruleset = flow.ruleset_of(game)
    seats = list(Player.objects.filter(game=game))
    allowed = {p.revealed_role for p in seats if p.revealed_role}
    allowed |= {p.role for p in seats if p.nickname == OWN_SEAT.get(persona)}
    words: set[str] = set()
    for p in seats:
        if p.role and p.role not in allowed:
            spec = ruleset.ROLES[p.role]
            words |= {p.role, *spec.name.values()}
            words |= {
                part.strip(" ()")
                for name in spec.name.values()
                for part in re.split(r"[(/]", name)
                if len(part.strip(" ()")) > 2
            }
    return words


def _forbidden_accounts(persona: str) -> set[str]:
    everyone = {"alice", "bob", "carol", "dave", "erin", *(f"acct_p{i}" for i in range(1, 6))}
    return everyone - {ACCOUNT.get(persona, "")}


def _fetch(client, url: str, data: dict | None):
    if data is None:
        return client.get(url)
    return client.post(url, data, follow=True)


# The cabinet's explanations of the seat's abilities name roles as the rules
# do ("unless the Doctor or the Cop saves him"): they say nothing of who
# holds them, so the search skips them.
RULES_TEXT = re.compile(r'<dl class="abilities">.*?</dl>|<p class="ability-help">.*?</p>', re.S)


def _found(word: str, html: str) -> bool:
    html = RULES_TEXT.sub("", html)
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", html) is not None


@pytest.mark.parametrize("persona", VIEWERS)
def test_no_page_names_another_account(game, persona) -> None:
    """No page, fragment, error page or form error page a non-host reaches
    shows any other account's name or an account id."""
    client = client_as(persona)
    for name, (url, data, codes) in _pages(game, persona).items():
        response = _fetch(client, url, data)
        assert response.status_code in codes, name
        html = response.content.decode()
        leaked = {a for a in _forbidden_accounts(persona) if _found(a, html)}
        assert not leaked, f"{name} shows {leaked}"
        assert not USER_ID.search(html), f"{name} shows an account id"


@pytest.mark.parametrize("persona", VIEWERS)
def test_no_page_shows_a_hidden_role(game, persona) -> None:
    """A player sees only their own role; other roles appear only once the
    results revealed them (the modkilled mafioso, the voted-out citizen)."""
    client = client_as(persona)
    forbidden = _forbidden_roles(game, persona)
    assert forbidden
    for name, (url, data, _codes) in _pages(game, persona).items():
        html = _fetch(client, url, data).content.decode()
        leaked = {w for w in forbidden if _found(w, html)}
        assert not leaked, f"{name} shows {leaked}"


def test_the_revealed_role_of_a_modkilled_player_is_public(game) -> None:
    """The modkill's results reveal the mafioso's role to everyone."""
    html = client_as("anon").get(reverse("game", args=[game.slug])).content.decode()
    assert "Mafia Two — Mafioso" in html


def test_the_host_sees_the_accounts_behind_the_nicknames(game) -> None:
    """The accounts page (host and admins only) pairs each nickname with its account."""
    html = client_as("alice").get(reverse("host_accounts", args=[game.slug])).content.decode()
    assert re.search(r"<td>Bonnie</td><td>bob</td>", html)


@pytest.mark.parametrize("username", ["Bonnie", "bonnie", "CLYDE"])
def test_an_account_named_like_a_nickname_is_refused(forum_game, username, settings) -> None:
    """Signing up with an account name equal to a game nickname in use
    (in any case) is refused, so the name cannot link the two."""
    settings.ACCOUNT_RATE_LIMITS = False  # sign-ups from one address; the limit is not under test
    response = client_as("anon").post(
        reverse("account_signup"),
        {"username": username, "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"},
    )
    assert response.status_code == 200
    assert "This username is not available." in response.content.decode()
    assert not get_user_model().objects.filter(username__iexact=username).exists()


def test_an_account_with_a_fresh_name_is_created(forum_game, settings) -> None:
    """The clash check refuses only names in use as nicknames."""
    settings.ACCOUNT_RATE_LIMITS = False
    response = client_as("anon").post(
        reverse("account_signup"),
        {"username": "newcomer", "password1": "a-long-pass-phrase-9", "password2": "a-long-pass-phrase-9"},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="newcomer").exists()


def test_a_finished_game_shows_every_role_but_no_account(forum_game) -> None:
    """After the victory every role is public, the accounts are not (the
    game does not reveal them)."""
    game, seats = forum_game
    for nick in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=seats[nick])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    html = client_as("dave").get(reverse("game", args=[game.slug])).content.decode()
    assert "Bonnie — Don" in html and "Clyde — Cop" in html
    leaked = {a for a in _forbidden_accounts("dave") | {"p1", "p2", "p3"} if _found(a, html)}
    assert not leaked


@pytest.mark.parametrize("persona", VIEWERS)
def test_no_profile_links_an_account_to_a_running_games_nickname_or_role(game, persona) -> None:
    """A profile names its own account, but of a running game (even one that
    will reveal its accounts once over) it shows neither the game, nor a
    nickname, nor a role."""
    client = client_as(persona)
    nicknames = set(Player.objects.filter(game=game).values_list("nickname", flat=True))
    forbidden = _forbidden_roles(game, persona) | nicknames | {game.title}
    for account in sorted(_forbidden_accounts("") - {"erin"}):
        response = client.get(reverse("profile", args=[account]))
        assert response.status_code == 200, account
        html = response.content.decode()
        leaked = {w for w in forbidden if _found(w, html)}
        assert not leaked, f"the profile of {account} shows {leaked}"
