"""A ruleset that exists only in the tests plays on the site end to end.

The toy ruleset (``tests/toy_ruleset``, rules TOY-001 to TOY-007: village
against wolves) joins the registry through ``rulesets.register`` and the
site's offer through ``MAFIA_WEB_RULESETS``; nothing in ``games/``, the
templates or the static files names it. A game of it is then played the
way people play it, through the pages: the host announces it on "Host a
game", opens sign-up, accepts the applications and registers a nickname,
draws the roles and starts; the players read their role cards, post in the
day thread and vote in the vote thread; the wolves hand in their hunt from
the cabinet; each deadline is fired by the tick (``flow.resolve_due``); the
results are posted in the threads; the village wins, and the game page
says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from html import unescape
from html.parser import HTMLParser
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

import rulesets
from games import flow
from games.models import Deadline, Game, Phase

TOY = "tests.toy_ruleset"
# A Monday morning in the game's time zone (the form's default, Europe/Moscow).
START = datetime(2026, 3, 2, 10, 0, tzinfo=ZoneInfo("Europe/Moscow"))
APPLICANTS = ("ann", "ben", "cat", "dan", "eve")
REGISTERED = "fay"  # the host binds this account's nickname himself
NICKNAMES = {"ann": "Ash", "ben": "Birch", "cat": "Cedar", "dan": "Elm", "eve": "Oak", "fay": "Yew"}


@pytest.fixture
def toy_site(settings) -> Iterator[None]:
    """The toy ruleset registered and offered by the site, first in its
    list; withdrawn from both after the test."""
    rulesets.register("toy", TOY)
    settings.MAFIA_WEB_RULESETS = ["toy", *settings.MAFIA_WEB_RULESETS]
    try:
        yield
    finally:
        rulesets.unregister("toy")


class _Forms(HTMLParser):
    """The forms of a page as a browser would submit them untouched: each
    form's ``action`` and the initial value of each named field (a text
    input's value, a checked box's "on", a select's selected option, a
    textarea's text), and every select's options as (value, label)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None
        self._option: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "data": {}, "options": {}})
            return
        if not self.forms:
            return
        form, name = self.forms[-1], a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    form["data"][name] = a.get("value", "on")
            elif kind not in ("submit", "button"):
                form["data"][name] = a.get("value", "")
        elif tag == "select" and name:
            self._select = name
            form["options"][name] = []
        elif tag == "option" and self._select:
            self._option = a.get("value", "")
            if "selected" in a or self._select not in form["data"]:
                form["data"][self._select] = self._option
        elif tag == "textarea" and name:
            self._textarea = name
            form["data"][name] = ""

    def handle_data(self, data: str) -> None:
        if self._option is not None and self._select:
            self.forms[-1]["options"][self._select].append((self._option, data.strip()))
            self._option = None
        elif self._textarea:
            self.forms[-1]["data"][self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def forms_of(html: str) -> list[dict]:
    """The forms of ``html`` (see ``_Forms``)."""
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def form_with(html: str, field: str) -> dict:
    """The first form of ``html`` holding a field named ``field``."""
    return next(f for f in forms_of(html) if field in f["data"] or field in f["options"])


def option_for(form: dict, field: str, label: str) -> str:
    """The value of the option labelled ``label`` of the select ``field``."""
    return next(value for value, shown in form["options"][field] if shown == label)


def text_of(html: str) -> str:
    """The page's text with the markup gone and white space folded."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def flashed(html: str) -> str:
    """The messages the page flashes (what the last action did, or why not)."""
    found = re.search(r'<ul class="messages">(.*?)</ul>', html, re.S)
    return text_of(found.group(1)) if found else ""


def page(client: Client, url: str) -> str:
    """GET ``url``: its HTML, after checking it answered 200."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def room_url(client: Client, game: Game, title: str) -> str:
    """The address of the thread the game page lists as ``title``."""
    html = page(client, reverse("game", args=[game.slug]))
    found = re.search(rf'<a href="([^"#]+)(?:#new)?">{re.escape(title)}</a>', html)
    assert found, f"no thread {title!r} on the game page"
    return found.group(1)


def fire_deadline(traveller: time_machine.Traveller, game: Game, kind: str) -> None:
    """The clock reaches the open phase's ``kind`` deadline and the tick fires it."""
    phase = flow.current_phase(game)
    due = Deadline.objects.get(phase=phase, kind=kind).due_at
    traveller.move_to(due)
    assert flow.resolve_due(now=due) >= 1
    game.refresh_from_db()


@dataclass
class Table:
    """A running toy game and the people at it: the host's and each
    player's logged-in client (by nickname), and who holds which role as
    the cabinets told them."""

    game: Game
    host: Client
    players: dict[str, Client]
    wolves: list[str]
    village: list[str]


def vote(client: Client, room: str, nickname: str) -> None:
    """A player votes in the vote thread ``room`` through its vote form."""
    html = page(client, room)
    form = form_with(html, "target")
    response = client.post(form["action"], {"target": option_for(form, "target", nickname)}, follow=True)
    assert f"Your vote for {nickname} is counted." in flashed(response.content.decode())


def host_a_toy_game(make_user, title: str) -> Table:
    """A toy game of six set up through the pages at ``START`` (the clock
    stands still there): announced on "Host a game", sign-up opened, five
    applications accepted and the sixth nickname registered by the host,
    the TOY-002 composition drawn, the game started. Checks what the host
    and the players read at each step, the role cards included."""
    host = Client()
    host.force_login(make_user("hostess"))
    clients: dict[str, Client] = {}
    for username in (*APPLICANTS, REGISTERED):
        clients[NICKNAMES[username]] = Client()
        clients[NICKNAMES[username]].force_login(make_user(username))

    # "Host a game" offers the toy ruleset with its own schedule; the host
    # posts the form as the page gives it, with a title.
    new = page(host, reverse("game_new") + "?ruleset=toy")
    assert '<strong aria-current="page">Toy wolves</strong>' in new
    form = form_with(new, "title")
    assert form["data"]["ruleset"] == "toy"
    assert (form["data"]["vote"], form["data"]["night"]) == ("21:00", "22:00")  # TOY-007
    response = host.post(reverse("game_new"), {**form["data"], "title": title})
    assert response.status_code == 302
    game = Game.objects.get(title=title)
    assert game.ruleset == "toy"
    assert response["Location"] == reverse("host", args=[game.slug])
    assert "Rules: Toy wolves" in text_of(page(host, reverse("game", args=[game.slug])))

    # Sign-up: five apply with a character, the host accepts them all and
    # registers the sixth player's nickname himself.
    opened = host.post(reverse("host_signup_open", args=[game.slug]), follow=True).content.decode()
    assert "Sign-up is open." in flashed(opened)
    for username in APPLICANTS:
        applied = clients[NICKNAMES[username]].post(
            reverse("game_apply", args=[game.slug]), {"nickname": NICKNAMES[username]}, follow=True
        )
        assert "Your application was sent to the host." in flashed(applied.content.decode())
    accepted = host.post(reverse("host_signup_accept_all", args=[game.slug]), follow=True).content.decode()
    assert "Applications accepted: 5." in flashed(accepted)
    registered = host.post(
        reverse("host_register", args=[game.slug]),
        {"username": REGISTERED, "nickname": NICKNAMES[REGISTERED]},
        follow=True,
    )
    assert "Nickname registered." in flashed(registered.content.decode())

    # The draw: the dashboard proposes the TOY-002 table for six, two
    # wolves; the host draws it and starts the game.
    draw = form_with(page(host, reverse("host", args=[game.slug])), "role_wolf")
    assert (draw["data"]["role_wolf"], draw["data"]["role_villager"]) == ("2", "4")
    drawn = host.post(reverse("host_draw", args=[game.slug]), draw["data"], follow=True).content.decode()
    assert "Roles drawn; every player finds theirs in the cabinet." in flashed(drawn)
    started = host.post(reverse("host_start", args=[game.slug]), follow=True).content.decode()
    assert "The game has started." in flashed(started)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert flow.current_phase(game).key == "day-1"  # TOY-003: the game opens by day

    # Each player's cabinet shows the role card: role, team, what it does;
    # the wolves see their room and each other, and the hunt for the night.
    cards = {nick: text_of(page(c, reverse("cabinet", args=[game.slug]))) for nick, c in clients.items()}
    wolves = sorted(n for n, card in cards.items() if "Role: Wolf · Team: Wolves" in card)
    village = sorted(n for n, card in cards.items() if "Role: Villager · Team: Village" in card)
    assert len(wolves) == 2 and len(village) == 4, cards
    for nick in wolves:
        (other,) = set(wolves) - {nick}
        assert "Hunts a villager each night with the other wolves." in cards[nick]
        assert f"Your private rooms: Team room: Wolves : with {other}" in cards[nick]
        assert "Not open now Hunt : at night" in cards[nick]
    for nick in village:
        assert "Finds the wolves and hangs them by day." in cards[nick]
        assert "Your private rooms" not in cards[nick] and "Hunt" not in cards[nick]
    return Table(game, host, clients, wolves, village)


def test_a_ruleset_defined_only_in_the_tests_plays_on_the_site_to_its_winner(toy_site, make_user) -> None:
    with time_machine.travel(START, tick=False) as traveller:
        table = host_a_toy_game(make_user, "Wolves at the edge of the wood")
        game, host, clients = table.game, table.host, table.players
        first_wolf, last_wolf = table.wolves
        village = table.village
        suspect, prey = village[0], village[1]

        # Day 1: the players talk in the day thread, then vote; the last vote
        # counts (TOY-003): the first wolf changes his mind once.
        day = room_url(host, game, "Day 1")
        for nick, client in clients.items():
            assert client.post(day, {"body": f"{nick} has something to say."}).status_code == 302
        thread = text_of(page(clients[village[0]], day))
        assert all(f"{nick} has something to say." in thread for nick in clients)
        ballot = room_url(host, game, "Vote, day 1")
        assert "the last one counts (TOY-003)." in text_of(page(clients[village[0]], ballot))
        for nick in village:
            vote(clients[nick], ballot, first_wolf)
        vote(clients[first_wolf], ballot, last_wolf)
        vote(clients[first_wolf], ballot, suspect)
        vote(clients[last_wolf], ballot, suspect)
        # The voters' names are links to their votes: read as words.
        count = re.sub(r"\( | (?=[,)])", lambda m: m.group().strip(), text_of(page(clients[village[0]], ballot)))
        assert f"Vote count {first_wolf} : 4 ({', '.join(village)}) {suspect} : 2" in count

        # The vote's deadline (TOY-007, 21:00): the tick resolves the day; the
        # plurality's leader leaves with his role shown (TOY-004), in the
        # results post of the day thread and of the vote thread.
        fire_deadline(traveller, game, "vote")
        assert flow.current_phase(game).key == "night-1"
        results = (
            f"Results of the vote, day 1 Vote count: {first_wolf} — 4 ({', '.join(village)}); "
            f"{suspect} — 2 ({', '.join(sorted([first_wolf, last_wolf]))}) "
            f"{first_wolf} was eliminated by the vote. Role: Wolf."
        )
        assert results in text_of(page(clients[village[0]], day))
        assert results in text_of(page(clients[village[0]], ballot))
        assert "You are out of the game" in text_of(page(clients[first_wolf], reverse("game", args=[game.slug])))
        # The host's trace reads the ruleset's own message codes.
        trace = text_of(page(host, reverse("host", args=[game.slug])))
        assert f"Votes for {first_wolf}: 4 (TOY-004)." in trace
        assert f"The village hangs {first_wolf}, who has the most votes: 4 (TOY-004)." in trace

        # Night 1: the wolf left hands in the pack's hunt from his cabinet;
        # a wolf is never offered as prey (TOY-005).
        cabinet = reverse("cabinet", args=[game.slug])
        hunt_page = page(clients[last_wolf], cabinet)
        assert "Hunt" in hunt_page and "team choice" in hunt_page
        hunt = form_with(hunt_page, "target0")
        # Nothing is preselected: the list opens with the empty choice.
        assert hunt["options"]["target0"][0][0] == ""
        assert sorted(label for value, label in hunt["options"]["target0"] if value) == village
        assert clients[last_wolf].post(cabinet, {**hunt["data"], "target0": first_wolf}).status_code == 400
        handed = clients[last_wolf].post(cabinet, {**hunt["data"], "target0": prey}, follow=True).content.decode()
        assert "Your choice was handed in; you may change it until the deadline." in flashed(handed)
        assert re.search(rf"Hunt → <strong>{prey}</strong>", handed)
        assert "Nothing to hand in right now." in page(clients[village[-1]], cabinet)

        # The night's deadline (22:00): the prey leaves; the results open day 2.
        fire_deadline(traveller, game, "night")
        assert flow.current_phase(game).key == "day-2"
        morning = text_of(page(clients[village[-1]], room_url(host, game, "Day 2")))
        assert f"Results of night 1 {prey} was killed tonight. Role: Villager." in morning
        assert f"The wolves kill {prey} (TOY-005)." in text_of(page(host, reverse("host", args=[game.slug])))

        # Day 2: the three villagers left hang the last wolf: the village
        # wins (TOY-006), and every page says so.
        ballot = room_url(host, game, "Vote, day 2")
        survivors = [n for n in village if n != prey]
        for nick in survivors:
            vote(clients[nick], ballot, last_wolf)
        vote(clients[last_wolf], ballot, survivors[0])
        assert f"Vote count {last_wolf} : 3" in text_of(page(clients[survivors[0]], ballot))
        fire_deadline(traveller, game, "vote")
        assert game.status == Game.Status.FINISHED and game.winner == "village"
        final = text_of(page(clients[survivors[0]], room_url(host, game, "Day 2")))
        assert f"{last_wolf} was eliminated by the vote. Role: Wolf. The game is over: Village win." in final
        assert "Roles:" in final and f"{first_wolf} — Wolf, Wolves (out)" in final
        assert f"{prey} — Villager, Village (out)" in final and f"{suspect} — Villager, Village (alive)" in final
        assert "The game is over; its threads are closed." in final
        for client in (host, clients[survivors[0]], clients[first_wolf], Client()):
            assert "Winner: Village" in text_of(page(client, reverse("game", args=[game.slug])))
        assert not Deadline.objects.filter(phase__game=game, done_at__isnull=True).exists()
        assert not game.phases.filter(resolved_at__isnull=True).exists()
        assert game.phases.filter(kind=Phase.Kind.NIGHT).count() == 1


def test_a_tie_and_a_night_without_a_hunt_read_in_the_rulesets_own_words(toy_site, make_user) -> None:
    """TOY-004: a tied vote hangs nobody; TOY-005: a night without the
    wolves' choice kills nobody. The results posts say so in the toy
    ruleset's own message codes, without the rule ids (the host's, in the
    trace)."""
    with time_machine.travel(START, tick=False) as traveller:
        table = host_a_toy_game(make_user, "A quiet wood")
        game, host, clients = table.game, table.host, table.players
        ballot = room_url(host, game, "Vote, day 1")
        vote(clients[table.village[0]], ballot, table.wolves[0])
        vote(clients[table.wolves[0]], ballot, table.village[0])
        fire_deadline(traveller, game, "vote")
        assert flow.current_phase(game).key == "night-1"
        day = text_of(page(clients[table.village[1]], room_url(host, game, "Day 1")))
        assert "No single player has the most votes: the village hangs nobody." in day
        assert "TOY-004" not in day
        fire_deadline(traveller, game, "night")
        morning = text_of(page(clients[table.village[1]], room_url(host, game, "Day 2")))
        assert "Results of night 1 The wolves chose nobody: the night passes quietly." in morning
        assert game.status == Game.Status.RUNNING
        assert game.players.filter(alive=True).count() == 6


def test_the_toy_ruleset_is_offered_only_while_the_site_lists_it(toy_site, make_user, settings) -> None:
    """Offered, the "Host a game" page lists the toy ruleset among the
    others; out of ``MAFIA_WEB_RULESETS``, the site will not host it."""
    client = Client()
    client.force_login(make_user("hostess"))
    assert 'href="?ruleset=toy">Toy wolves</a>' in page(client, reverse("game_new") + "?ruleset=forum")
    settings.MAFIA_WEB_RULESETS = [r for r in settings.MAFIA_WEB_RULESETS if r != "toy"]
    assert client.get(reverse("game_new") + "?ruleset=toy").status_code == 404
    assert "Toy wolves" not in page(client, reverse("game_new"))
