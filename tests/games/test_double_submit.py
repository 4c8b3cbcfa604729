"""Every POST form of the site, sent twice as a double click sends it:
for each kind of account that can post it (the host, a player, a site
admin, a stranger), the form is read from the page that shows it, sent,
and sent again with the same data. Neither answer is a 500, and the
second leaves no effect of its own (no second post, vote, application,
game, penalty, extension or publication). The URL conf is the list: a
POST view no form here reaches fails the enumeration test."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.db import models, transaction
from django.test import Client, override_settings
from django.urls import URLPattern, resolve, reverse
from django.utils import timezone

from games import flow
from games.models import (
    AccountLanguage,
    Action,
    Deadline,
    Event,
    Game,
    MailPreference,
    Phase,
    Player,
    Post,
    ProfileSetting,
    ReadMark,
    Resolution,
    Room,
    Vote,
)
from games.urls import urlpatterns
from tests.games.admin_forms import admin_form_data
from tests.games.page_forms import PageForm, post_forms
from tests.games.pages import rooms_of
from tests.games.test_classic_day import classic_game
from tests.games.test_deadlines import everyone_votes, poison
from tests.games.test_every_ruleset import piter_evening
from tests.games.test_vote_laws import dealt_game
from tests.games.test_werewolf18_forum_day import NINE as WW18_NINE
from tests.games.test_werewolf18_forum_day import local as ww18_local
from tests.games.test_werewolf18_forum_day import to_day_one

LIVE_POST = re.compile(r'<div id="live" hidden hx-post="([^"]+)"')

# Views that answer GET only (pages, polls, the live parts).
GET_ONLY = {
    "home",
    "game",
    "post_link",
    "room_activity",
    "player_votes",
    "vote_flow",
    "host",
    "host_accounts",
    "profile",
    "my_profile",
    "site_stats",
    "replay",
    "game_archive",
    "game_archive_bbcode",
    "ruleset_rules",
}

# Forms that show what their account handed in already (the doctor's
# choice, sent before the page was read): their first submit repeats it.
SHOWN_DONE = {("p2", "cabinet")}

# What a form sends where its page leaves a text box to the reader.
TYPED_BY_URL: dict[str, dict[str, str]] = {
    "host_penalty": {"kind": "skip_team_shot", "target": "mafia"},
    "host_register": {"username": "newcomer", "nickname": "Latecomer"},
    "host_cohost_add": {"username": "newcohost"},
    "host_replace": {"username": "newcomer"},
    "game_apply": {"nickname": "Fox"},
    "game_new": {"title": "Twice town"},
    "host_extend": {"minutes": "30"},
}

# Forms whose first submit changes the game (the second must not again).
EFFECTFUL = {
    "room",
    "vote",
    "game_apply",
    "game_new",
    "host_penalty",
    "host_extend",
    "host_register",
    "host_replace",
    "host_cohost_add",
    "host_signup_open",
    "host_draw",
    "host_start",
    "host_resolve",
    "host_results",
    "host_proxy_vote",
    "cabinet",
}


def world() -> dict[str, list[str]]:
    """What a submit can change, every row of the game's tables but the
    log and read marks, without the moments rows were touched."""
    kept_moments = {"due_at", "done_at", "published_at", "resolved_at"}
    # A failed resolution keeps nothing; its bookkeeping is no effect.
    failures = {"attempts", "failed_at", "retry_at", "error"}
    out: dict[str, list[str]] = {}
    for model in (
        Game,
        Game.cohosts.through,
        Player,
        Room,
        Post,
        Phase,
        Deadline,
        Vote,
        Action,
        Resolution,
        MailPreference,
        AccountLanguage,
        ProfileSetting,
    ):
        names = [
            f.attname
            for f in model._meta.concrete_fields
            if (not isinstance(f, models.DateTimeField) or f.name in kept_moments) and f.name not in failures
        ]
        out[model.__name__] = sorted(json.dumps(row, default=str) for row in model.objects.values_list(*names))
    effects = Event.objects.filter(kind__in=EFFECT_EVENTS).values_list("kind", "data")
    out["Event"] = sorted(json.dumps(row, default=str) for row in effects)
    return out


# The log lines of an effect done twice (a setting saved twice logs twice
# and changes nothing: those are left out).
EFFECT_EVENTS = (
    "penalty",
    "penalty_deferred",
    "deadline_extended",
    "player_replaced",
    "cohost_added",
    "cohost_removed",
    "results_published",
    "signup_applied",
    "nickname_registered",
    "game_created",
)


def client_of(username: str | None) -> Client:
    client = Client(raise_request_exception=False)
    if username:
        client.force_login(get_user_model().objects.get(username=username))
    return client


def forms_on(username: str | None, url: str) -> list[PageForm]:
    """The POST forms ``url`` shows ``username``, with the typed values."""
    response = client_of(username).get(url)
    assert response.status_code == 200, (username, url, response.status_code)
    found = []
    for form in post_forms(response.content.decode(), url):
        name = resolve(form.action.split("?")[0]).url_name
        for key, value in TYPED_BY_URL.get(name, {}).items():
            form.data[key] = [value]
        found.append(form)
    return found


def submit_twice(username: str | None, form: PageForm) -> tuple[str, list[str]]:
    """Send ``form`` twice as ``username`` (rolled back afterwards); returns
    its URL name and the problems found (a 500, a second effect, a first
    submit of an effectful form that changed nothing)."""
    name = resolve(form.action.split("?")[0]).url_name
    problems: list[str] = []
    with transaction.atomic():
        client = client_of(username)
        before = world()
        first = client.post(form.action, form.post_data())
        after_first = world()
        second = client.post(form.action, form.post_data())
        after_second = world()
        transaction.set_rollback(True)
    where = f"{username} {name} {form.label!r}"
    for n, response in ((1, first), (2, second)):
        if response.status_code >= 500:
            problems.append(f"{where}: submit {n} answered {response.status_code}")
    if name in EFFECTFUL and (username, name) not in SHOWN_DONE and before == after_first:
        said = [str(m) for m in get_messages(first.wsgi_request)]
        problems.append(f"{where}: the first submit changed nothing ({first.status_code} {said})")
    if after_first != after_second:
        changed = [t for t in after_first if after_first[t] != after_second[t]]
        problems.append(f"{where}: the second submit changed {changed} again")
    return name, problems


def run_pages(pages: list[tuple[str | None, str]], only: set[str] | None = None) -> tuple[set[str], list[str]]:
    """Submit every POST form of each (account, page) twice (``only``:
    those going to these URL names)."""
    covered: set[str] = set()
    problems: list[str] = []
    for username, url in pages:
        for form in forms_on(username, url):
            if form.action.endswith(reverse("account_logout")):
                continue  # logging out twice: checked in test_logging_out_twice
            if only is not None and resolve(form.action.split("?")[0]).url_name not in only:
                continue
            name, found = submit_twice(username, form)
            covered.add(name)
            problems.extend(found)
    return covered, problems


COVERED: set[str] = set()


@pytest.fixture(autouse=True)
def _accounts_to_name(db, make_user) -> None:
    """The accounts the host's forms name (a new player, a co-host)."""
    make_user("newcomer")
    make_user("newcohost")


def _scenario(check: Callable[[], tuple[set[str], list[str]]]) -> None:
    covered, problems = check()
    COVERED.update(covered)
    assert not problems, "\n".join(problems)


def test_a_running_game_s_forms_twice(forum_game, make_user) -> None:
    """Day 1 of the forum game: the host's dashboard (resolve, extend,
    reminders, co-hosts, penalties, replacement, autokill waivers) and his
    threads; the players' threads, vote thread, team room and cabinets
    (posts, votes, night choices, withdrawals, edits); a site admin and a
    stranger on the public threads."""
    game, seats = forum_game
    rooms = rooms_of(game)
    flow.post_create(room=rooms["day"], seat=seats["Bonnie"], body="An early post.")
    room = lambda r: reverse("room", args=[game.slug, rooms[r].public_id])  # noqa: E731
    pages = [
        ("alice", reverse("host", args=[game.slug])),
        ("alice", room("day")),
        ("alice", room("mafia")),
        ("bob", reverse("game", args=[game.slug])),
        ("bob", room("day")),
        ("bob", room("vote")),
        ("bob", room("mafia")),
        ("bob", reverse("cabinet", args=[game.slug])),
        ("bob", reverse("post_edit", args=[game.slug, rooms["day"].public_id, 1])),
        ("carol", reverse("cabinet", args=[game.slug])),
        ("carol", room("cop")),
        ("erin", room("day")),
        ("dave", room("graveyard")),
        (None, reverse("game", args=[game.slug])),
    ]
    _scenario(lambda: run_pages(pages))


def test_a_game_in_sign_up_s_forms_twice(personas, make_user) -> None:
    """A draft (open sign-up), then sign-up with applications (accept all,
    accept or decline one, register a nickname, house rules, settings, the
    draw), a drawn table (the start), the players' "Apply"."""
    game = flow.game_create(host=personas["alice"], title="Sign-up town", ruleset_id="forum", variant="two_sided")
    covered, problems = run_pages([("alice", reverse("host", args=[game.slug]))])
    flow.signup_open(game=game)
    for i in range(7):
        flow.signup_apply(game=game, user=make_user(f"applicant{i}"), nickname=f"Seat {i}")
    more = run_pages(
        [
            ("alice", reverse("host", args=[game.slug])),
            ("alice", reverse("host_accounts", args=[game.slug])),
            ("dave", reverse("game", args=[game.slug])),
            ("erin", reverse("game", args=[game.slug])),
        ]
    )
    covered |= more[0]
    problems += more[1]
    flow.signup_accept_all(game=game)
    more = run_pages([("alice", reverse("host", args=[game.slug]))])
    covered |= more[0]
    problems += more[1]
    flow.roles_draw(game=game, composition=flow.proposed_composition(Game.objects.get(pk=game.pk)))
    more = run_pages([("alice", reverse("host", args=[game.slug]))])
    _scenario(lambda: (covered | more[0], problems + more[1]))


def test_a_night_s_forms_twice(forum_game) -> None:
    """The night after day 1: the Don's and the cop's choices in their
    cabinets, a choice withdrawn, the team room."""
    game, seats = forum_game
    everyone_votes(game, seats)
    flow.phase_resolve_now(game=game, phase="day-1")
    doctor = Player.objects.get(pk=seats["Doc"].pk)
    slot = next(s for s in flow.open_slots(Game.objects.get(pk=game.pk), doctor))
    flow.action_submit(game=game, seat=doctor, ability=slot.ability, targets=["Clyde"])
    rooms = rooms_of(game)
    pages = [
        ("bob", reverse("cabinet", args=[game.slug])),
        ("bob", reverse("room", args=[game.slug, rooms["mafia"].public_id])),
        ("carol", reverse("cabinet", args=[game.slug])),
        ("p2", reverse("cabinet", args=[game.slug])),
    ]
    _scenario(lambda: run_pages(pages))


def test_the_host_s_forms_after_a_day_s_resolution_twice(forum_game) -> None:
    """The results draft waiting for the host ("Publish results", already
    idempotent), a failed deadline ("Retry now") and a co-host's removal."""
    game, seats = forum_game
    everyone_votes(game, seats)
    Game.objects.filter(pk=game.pk).update(autopublish=False)
    flow.phase_resolve_now(game=game, phase="day-1")
    flow.cohost_add(game=game, username="dave")
    covered, problems = run_pages([("alice", reverse("host", args=[game.slug]))])
    poison(game)
    night = Deadline.objects.filter(phase__game=game, done_at__isnull=True).order_by("due_at").first()
    flow.resolve_due(night.due_at + timedelta(seconds=1))
    assert Deadline.objects.failing().filter(phase__game=game).exists()
    more = run_pages([("alice", reverse("host", args=[game.slug]))])
    _scenario(lambda: (covered | more[0], problems + more[1]))


def test_an_account_s_own_forms_twice(personas) -> None:
    """ "Host a game", the e-mail settings, the time zone, the profile
    settings, the language."""
    pages = [
        ("alice", reverse("game_new")),
        ("alice", reverse("mail_settings")),
        ("alice", reverse("account_time_zone")),
        ("alice", reverse("profile_settings")),
    ]
    _scenario(lambda: run_pages(pages))


@override_settings(MAFIA_WEB_RULESETS=["forum", "piter", "classic", "cosmo", "werewolf18"])
def test_a_piter_nomination_sent_twice_names_one_candidate(personas, make_user) -> None:
    """PITER nominations: the vote thread's "Nominate" form, twice."""
    game, day, at = piter_evening(personas, make_user)
    shift = timezone.now() - at["nominations_open"] - timedelta(minutes=1)
    for deadline in day.deadlines.all():
        Deadline.objects.filter(pk=deadline.pk).update(due_at=deadline.due_at + shift)
    flow.resolve_due(now=at["nominations_open"] + shift)
    seat = game.players.seated().filter(alive=True).first()
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    _scenario(lambda: run_pages([(seat.user.username, reverse("room", args=[game.slug, room.public_id]))]))


@override_settings(MAFIA_WEB_RULESETS=["forum", "piter", "classic", "cosmo", "werewolf18"])
def test_the_classic_host_s_candidates_sent_twice_are_published_once(personas, make_user) -> None:
    """CLASSIC-011: the host's "Publish the candidates", twice."""
    game, _seats, _accounts = classic_game(personas, make_user)
    _scenario(lambda: run_pages([("alice", reverse("host", args=[game.slug]))], only={"host_candidates"}))


def test_asking_for_acceleration_twice_counts_one_request(personas, make_user) -> None:
    """WW18-068: "Ask for acceleration", twice."""
    start = ww18_local("2026-03-02 15:00")
    game, _seats, accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", WW18_NINE, now=start, timezone="Asia/Shanghai", language="en"
    )
    to_day_one(game)
    with time_machine.travel(ww18_local("2026-03-03 12:00"), tick=False):
        _scenario(lambda: run_pages([(accounts["Vil A"].username, reverse("game", args=[game.slug]))]))


def test_the_hosts_proxy_vote_sent_twice_counts_one_vote(personas, make_user) -> None:
    """玩家须知 9 (导演代投): the host's "Proxy vote" on a werewolf18 day,
    twice: one vote is cast for the player, the second changes nothing."""
    start = ww18_local("2026-03-02 15:00")
    game, _seats, _accounts = dealt_game(
        personas["alice"], make_user, "werewolf18", WW18_NINE, now=start, timezone="Asia/Shanghai", language="en"
    )
    to_day_one(game)
    with time_machine.travel(ww18_local("2026-03-03 12:00"), tick=False):
        _scenario(lambda: run_pages([("alice", reverse("host", args=[game.slug]))], only={"host_proxy_vote"}))


def test_the_live_channels_report_sent_twice_moves_the_read_mark_once(forum_game) -> None:
    """The live channel's POST (a page reporting the posts it showed its
    reader, ``live``), sent twice as a retried request sends it: both
    answer without error, the first moves the read mark, the second
    changes nothing of the game and leaves the mark where it is."""
    game, seats = forum_game
    day = rooms_of(game)["day"]
    flow.post_create(room=day, seat=seats["Bonnie"], body="An early post.")
    client = client_of("carol")
    page = client.get(reverse("room", args=[game.slug, day.public_id])).content.decode()
    channel = LIVE_POST.search(page).group(1).replace("&amp;", "&")
    before = world()
    answers = [client.post(channel, HTTP_HX_REQUEST="true").status_code for _ in range(2)]
    assert answers == [200, 200]
    assert world() == before
    assert list(ReadMark.objects.filter(room=day, user__username="carol").values_list("number", flat=True)) == [1]
    COVERED.add("live")


@pytest.mark.django_db(transaction=True)
def test_the_live_stream_opened_twice_moves_the_read_mark_once(settings, forum_game) -> None:
    """The stream (``live_stream``, a POST reporting the posts the page
    showed its reader), opened twice as a retried request opens it: both
    open, the first moves the read mark, the second changes nothing."""
    import http.client
    from urllib.parse import urlsplit

    from tests.asgi_server import asgi_server

    settings.LIVE_STREAM = True
    game, seats = forum_game
    day = rooms_of(game)["day"]
    flow.post_create(room=day, seat=seats["Bonnie"], body="An early post.")
    client = client_of("carol")
    page = client.get(reverse("room", args=[game.slug, day.public_id])).content.decode()
    found = re.search(r'data-stream="([^"]+)" data-csrf="([^"]+)"', page)
    stream, csrf = found.group(1).replace("&amp;", "&"), found.group(2)
    cookies = "; ".join(f"{k}={v.value}" for k, v in client.cookies.items())
    before = world()
    with asgi_server() as base:
        for _ in range(2):
            conn = http.client.HTTPConnection(urlsplit(base).hostname, urlsplit(base).port, timeout=20)
            conn.request("POST", stream, headers={"Cookie": cookies, "X-CSRFToken": csrf})
            answer = conn.getresponse()
            assert answer.status == 200
            assert answer.readline()  # its first event
            conn.close()
    assert world() == before
    assert list(ReadMark.objects.filter(room=day, user__username="carol").values_list("number", flat=True)) == [1]
    COVERED.add("live_stream")


def test_logging_out_twice_answers_no_error(personas) -> None:
    """The header's "Log out", sent twice: the second finds nobody logged in."""
    client = client_of("alice")
    form = next(f for f in forms_on("alice", reverse("home")) if f.action.endswith(reverse("account_logout")))
    for _ in range(2):
        assert client.post(form.action, form.post_data()).status_code == 302


def test_a_site_admin_s_change_forms_sent_twice_change_once(forum_game, admin_client, make_user) -> None:
    """The admin kind: a game's change form and a seat's (a replacement),
    each sent twice; the second replaces nobody again."""
    game, seats = forum_game
    newcomer = get_user_model().objects.get(username="newcomer")
    seat_url = reverse("admin:games_player_change", args=[seats["Clyde"].pk])
    data = admin_form_data(admin_client.get(seat_url))
    data["user"] = str(newcomer.pk)
    game_url = reverse("admin:games_game_change", args=[game.pk])
    for url, sent in ((seat_url, lambda: data), (game_url, lambda: admin_form_data(admin_client.get(game_url)))):
        posted = sent()
        first = admin_client.post(url, posted)
        after_first = world()
        second = admin_client.post(url, posted)
        assert first.status_code == 302 and second.status_code in (200, 302), url
        assert world() == after_first, url
    assert Event.objects.filter(game=game, kind="player_replaced").count() == 1


# Ordered with the transactional tests (pytest-django runs them last), after
# the stream's, which needs committed data.
@pytest.mark.django_db(transaction=True)
def test_every_post_view_of_the_url_conf_is_sent_twice() -> None:
    """The enumeration: each view of ``games.urls`` that takes a POST is
    covered by the tests above (run first, in this module's order)."""
    names = {p.name for p in urlpatterns if isinstance(p, URLPattern)}
    post_views = names - GET_ONLY
    missing = post_views - COVERED
    assert not missing, f"POST views no form reached: {sorted(missing)}"
