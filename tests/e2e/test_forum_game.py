"""A whole forum game in a real browser: the host announces it, players sign
up and play day and night through the pages until a side wins.

Roles are drawn blindly, so the test reads each player's role from their
cabinet and plays as a sensible table would: the town votes out a criminal
each day, the criminals and the maniac shoot citizens at night, the cop
shoots a criminal. Screenshots of every step go to
``test-artifacts/e2e/<timestamp>/`` (the folder is printed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games import flow
from games.models import Deadline, Game, Player
from games.names import card_name, role_name, team_name

pytestmark = [pytest.mark.e2e]

PASSWORD = "correct-horse-battery"
HOST = "alice"
STRANGER = "dave"
# account → the character they apply with (it becomes the game nickname)
PLAYERS = {
    "bob": "Bonnie",
    "carol": "Clyde",
    "frank": "Marlowe",
    "grace": "Poirot",
    "heidi": "Holmes",
    "ivan": "Watson",
    "judy": "Lestrade",
}
ACCOUNTS = [HOST, STRANGER, *PLAYERS]
CRIMINALS = ("mafia", "maniac")


@dataclass
class Seat:
    """A player at the table as the test sees them through the browser."""

    username: str
    nickname: str
    page: Page
    role: str = ""
    team: str = ""


@dataclass
class Table:
    """The browsers of everyone involved, and what they have learnt."""

    base_url: str
    host: Page
    stranger: Page
    seats: dict[str, Seat] = field(default_factory=dict)
    slug: str = ""

    def url(self, path: str = "") -> str:
        return f"/g/{self.slug}/{path}"

    def alive(self) -> list[Seat]:
        alive = set(Player.objects.filter(game__slug=self.slug, alive=True).values_list("nickname", flat=True))
        return [s for s in self.seats.values() if s.nickname in alive]

    def game(self) -> Game:
        return Game.objects.get(slug=self.slug)


def log_in(new_context, base_url: str, username: str) -> Page:
    """A fresh browser context, logged in through the allauth login form."""
    context: BrowserContext = new_context(base_url=base_url, locale="en-US", viewport={"width": 1100, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").first.click()
    expect(page.locator("header.top .me")).to_have_text(username)
    return page


def assert_no_account_names(html: str, viewer: str | None) -> None:
    """No player's account name appears in a page served to ``viewer``
    (their own name shows in their header; the host's pages are exempt)."""
    others = [u for u in PLAYERS if u != viewer]
    leaked = [u for u in others if re.search(rf"\b{re.escape(u)}\b", html, re.I)]
    assert not leaked, f"account names {leaked} appear on a page served to {viewer or 'a visitor'}"


def room_url(page: Page, title: str) -> str:
    """The address of a thread, found by its title on the game page."""
    return page.get_by_role("link", name=title, exact=True).get_attribute("href") or ""


def create_game(table: Table, shot) -> None:
    """The host fills in "Host a game" with a fast schedule and opens sign-up."""
    page = table.host
    page.get_by_role("link", name="Host a game").click()
    page.fill("#id_title", "Browser town")
    page.fill("#id_theme", "Seven strangers in a snowed-in hotel.")
    page.fill("#id_characters", "\n".join(PLAYERS.values()))
    page.select_option("#id_schedule", "fast")
    page.fill("#id_fast_scale", "1")
    page.fill("#id_signup_limit", str(len(PLAYERS)))
    page.select_option("#id_language", "en")  # the game posts in English, as the host reads it
    shot(page, "host-new-game-form")
    page.get_by_role("button", name="Create the game").click()
    expect(page.locator("h1")).to_contain_text("Host dashboard: Browser town")
    table.slug = re.search(r"/g/([^/]+)/host/", page.url).group(1)
    page.get_by_role("button", name="Open sign-up").click()
    expect(page.locator("#signup")).to_be_visible()
    shot(page, "host-signup-open")


def sign_up(table: Table, shot) -> None:
    """Every player applies with a character; the host accepts each one."""
    for seat in table.seats.values():
        seat.page.goto(table.url())
        seat.page.select_option("select[name=nickname]", label=seat.nickname)
        seat.page.get_by_role("button", name="Apply").click()
        expect(seat.page.locator(".messages")).to_contain_text("Your application was sent to the host.")
    shot(table.seats["bob"].page, "player-applied")
    page = table.host
    page.goto(table.url("host/"))
    shot(page, "host-applications")
    for seat in table.seats.values():
        page.locator("#signup form", has_text=seat.nickname).get_by_role("button", name="Accept").click()
        expect(page.locator(".messages")).to_contain_text("Application accepted.")


def draw_and_start(table: Table, shot) -> None:
    """The composition editor refuses a composition that does not fit the
    table; the proposed one is drawn and the game starts on day 1."""
    page = table.host
    citizens = page.locator("#id_role_citizen")
    proposed = citizens.input_value()
    citizens.fill(str(int(proposed) + 1))
    shot(page, "host-composition-editor")
    page.locator("#draw").get_by_role("button", name="Draw roles").click()
    expect(page.locator(".messages")).to_contain_text(f"but {len(PLAYERS)} players are seated")
    expect(page.locator("#id_role_citizen")).to_have_value(proposed)
    page.locator("#draw").get_by_role("button", name="Draw roles").click()
    expect(page.locator(".messages")).to_contain_text("Roles drawn")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#phase-bar")).to_contain_text("Day 1")
    shot(page, "host-dashboard-day-1")


def read_roles(table: Table, shot) -> None:
    """Each player reads their own role and team in their cabinet."""
    ruleset = flow.ruleset_of(table.game())
    roles = {role_name(ruleset, r): r for r in ruleset.ROLES}
    teams = {team_name(ruleset, t): t for t in ruleset.TEAMS}
    for seat in table.seats.values():
        seat.page.goto(table.url("cabinet/"))
        card = seat.page.locator(".role-card strong")
        seat.role, seat.team = roles[card.nth(0).inner_text()], teams[card.nth(1).inner_text()]
        expect(seat.page.locator("#posts")).to_contain_text("Your role:")
        assert_no_account_names(seat.page.content(), seat.username)
    mafia = next(s for s in table.seats.values() if s.team == "mafia")
    shot(mafia.page, "mafia-cabinet")


def stranger_sees_no_roles(table: Table, shot) -> None:
    """A visitor with an account sees the nicknames but no role and no
    account behind a nickname while the game runs."""
    page = table.stranger
    page.goto(table.url())
    players = page.locator("ul.players")
    for seat in table.seats.values():
        expect(players).to_contain_text(seat.nickname)
    ruleset = flow.ruleset_of(table.game())
    hidden = {role_name(ruleset, s.role) for s in table.seats.values() if s.nickname not in revealed(table)}
    assert not [r for r in hidden if r in players.inner_text()]
    assert_no_account_names(page.content(), None)
    assert page.locator("a", has_text="Team room").count() == 0
    shot(page, "stranger-game-page")


def revealed(table: Table) -> set[str]:
    return set(
        Player.objects.filter(game__slug=table.slug).exclude(revealed_role="").values_list("nickname", flat=True)
    )


def discuss(table: Table, day: int, shot) -> None:
    """Every living player posts in the day thread; the second one quotes
    the first with one click (BBCode renders as formatting)."""
    alive = table.alive()
    first, second = alive[0], alive[1]
    first.page.goto(table.url())
    day_url = room_url(first.page, f"Day {day}")
    first.page.goto(day_url)
    first.page.fill("#post-body", f"[b]Good morning, day {day}![/b] I am [i]{first.nickname}[/i] and I trust nobody.")
    first.page.get_by_role("button", name="Post").click()
    opening = first.page.locator("article.post", has_text="I trust nobody").last
    expect(opening.locator(".body b")).to_have_text(f"Good morning, day {day}!")
    expect(opening.locator(".body i")).to_have_text(first.nickname)
    second.page.goto(day_url)
    second.page.locator("article.post", has_text="I trust nobody").last.get_by_role("button", name="Quote").click()
    expect(second.page.locator("#post-body")).to_have_value(re.compile(rf"^\[quote={re.escape(first.nickname)}\]"))
    second.page.locator("#post-body").press("End")
    second.page.locator("#post-body").type("Nobody? Then vote with us today.")
    second.page.get_by_role("button", name="Post").click()
    reply = second.page.locator("article.post", has_text="vote with us today").last
    expect(reply.locator("blockquote.quote cite")).to_have_text(f"{first.nickname} wrote:")
    expect(reply.locator("blockquote.quote")).to_contain_text("I trust nobody")
    for seat in alive[2:]:
        seat.page.goto(day_url)
        seat.page.fill("#post-body", f"{seat.nickname} here. [s]Innocent[/s] as always.")
        seat.page.get_by_role("button", name="Post").click()
        expect(
            seat.page.locator("article.post", has_text=f"{seat.nickname} here.").last.locator(".body s")
        ).to_have_text("Innocent")
    assert_no_account_names(alive[-1].page.content(), alive[-1].username)
    # The live channel's answer (every post after number 0) names no account either.
    slug, room_id = re.search(r"/g/([^/]+)/r/([^/]+)/", day_url).groups()
    fragment = alive[-1].page.request.get(f"{table.base_url}{reverse('live', args=[slug])}?r={room_id}&a=0")
    assert fragment.ok and "I trust nobody" in fragment.text()
    assert_no_account_names(fragment.text(), alive[-1].username)
    shot(second.page, f"day-{day}-thread")


def day_target(table: Table) -> Seat:
    """The criminal the town votes out today: the mafia first, then the maniac."""
    alive = table.alive()
    return next(s for team in CRIMINALS for s in alive if s.team == team)


def vote(table: Table, day: int, shot) -> Page:
    """Everyone votes for today's criminal; he votes for a citizen. Returns
    a page left open on the vote thread."""
    alive = table.alive()
    target = day_target(table)
    scapegoat = next(s for s in alive if s.team == "town")
    alive[0].page.goto(table.url())
    vote_url = room_url(alive[0].page, f"Vote, day {day}")
    for seat in alive:
        choice = scapegoat if seat is target else target
        seat.page.goto(vote_url)
        seat.page.select_option("select[name=target]", label=choice.nickname)
        seat.page.locator("form.vote-form input[name=confirm]").check()  # FORUM-019: a vote cannot change
        seat.page.locator("form.vote-form button[type=submit]").click()
        expect(seat.page.locator(".messages")).to_contain_text(f"Your vote for {choice.nickname} is counted.")
        expect(seat.page.locator("form.vote-form")).to_have_count(0)
    watcher = alive[-1].page
    expect(watcher.locator("#vote-count")).to_contain_text(f"{target.nickname}: {len(alive) - 1}")
    fragment = watcher.request.get(f"{table.base_url}{vote_url}votes/").text()
    assert_no_account_names(fragment, alive[-1].username)
    shot(watcher, f"day-{day}-vote")
    return watcher


def close_the_vote(table: Table, day: int, watcher: Page, shot) -> None:
    """The vote deadline passes (the tick runs with a time after it): the
    results appear in the open vote thread without a reload (FORUM-014)."""
    target = day_target(table)
    deadline = Deadline.objects.get(phase__game__slug=table.slug, phase__number=day, phase__kind="day", kind="vote")
    assert flow.resolve_due(deadline.due_at + timedelta(seconds=1)) >= 1
    results = watcher.locator("article.host-post", has_text=f"Results of the vote, day {day}")
    expect(results).to_contain_text(
        f"{target.nickname} was eliminated by the vote. "
        f"Role: {card_name(flow.ruleset_of(table.game()), target.role, target.team)}.",
        timeout=20_000,
    )
    shot(watcher, f"day-{day}-vote-results")


def night(table: Table, day: int, shot) -> None:
    """The night's choices, each in its player's cabinet: the mafia and the
    maniac shoot different citizens, the cop shoots a criminal, the doctor
    heals the cop."""
    alive = table.alive()
    town = [s for s in alive if s.team == "town"]
    victims = sorted(town, key=lambda s: (s.role != "citizen", s.role == "doctor", s.role == "cop"))
    cop = next((s for s in alive if s.role == "cop"), None)
    mafia = [s for s in alive if s.team == "mafia"]
    maniac = next((s for s in alive if s.team == "maniac"), None)
    if mafia:
        hand_in(table, mafia[0], "kill", victims[0].nickname, shot)
    if maniac:
        hand_in(table, maniac, "shoot", victims[1 if mafia else 0].nickname, shot)
    if cop:
        hand_in(table, cop, "shoot", (mafia[-1] if mafia else maniac).nickname, shot)
    doctor = next((s for s in alive if s.role == "doctor"), None)
    if doctor and cop:
        hand_in(table, doctor, "heal", cop.nickname, shot)
    host = table.host
    host.goto(table.url("host/"))
    expect(host.locator("#phase")).to_contain_text("Choices handed in")
    shot(host, f"night-{day}-host-dashboard")
    host.get_by_role("button", name="Resolve now").click()
    expect(host.locator(".messages")).to_contain_text("The phase was resolved.")
    shot(host, f"night-{day}-resolved")


def hand_in(table: Table, seat: Seat, ability: str, target: str, shot) -> None:
    """A player hands in a night choice in their cabinet and sees the receipt."""
    page = seat.page
    page.goto(table.url("cabinet/"))
    form = page.locator("form.action-form", has=page.locator(f"input[name=ability][value={ability}]"))
    form.locator("select[name=target0]").select_option(target)
    confirm = form.locator("input[name=confirm]")
    if confirm.count():  # a once-a-game ability asks for a confirmation
        confirm.check()
    form.get_by_role("button", name="Hand in").click()
    expect(page.locator(".messages")).to_contain_text("Your choice was handed in")
    expect(page.locator("ul.receipts")).to_contain_text(target)
    shot(page, f"cabinet-{seat.role}-{ability}")


def night_results(table: Table, day: int, shot) -> None:
    """The night's results open the next day thread (FORUM-031); the cop
    learns his target's team in his cabinet; the dead post only in the
    graveyard (FORUM-020)."""
    page = table.stranger
    page.goto(table.url())
    page.get_by_role("link", name=f"Day {day + 1}", exact=True).click()
    expect(page.locator("article.host-post").first).to_contain_text(f"Results of night {day}")
    shot(page, f"night-{day}-results")
    cop = next((s for s in table.alive() if s.role == "cop"), None)
    if cop:
        cop.page.goto(table.url("cabinet/"))
        expect(cop.page.locator("#posts article").last).to_contain_text("Result:")
        shot(cop.page, f"night-{day}-cop-result")
    dead = [s for s in table.seats.values() if s not in table.alive() and s.team == "town"]
    if dead:
        ghost = dead[0]
        ghost.page.goto(table.url())
        ghost.page.get_by_role("link", name=f"Day {day + 1}", exact=True).click()
        # The dead have one post in a day thread after death (document §5).
        ghost.page.fill("#post-body", "My last words: trust the doctor.")
        ghost.page.get_by_role("button", name="Post").click()
        expect(ghost.page.locator("article.post").last).to_contain_text("My last words")
        expect(ghost.page.locator("main")).to_contain_text("you may post only in the graveyard")
        expect(ghost.page.locator("#post-body")).to_have_count(0)
        ghost.page.goto(table.url())
        ghost.page.get_by_role("link", name="Graveyard", exact=True).click()
        ghost.page.fill("#post-body", "[spoiler=From beyond]Told you so.[/spoiler]")
        ghost.page.get_by_role("button", name="Post").click()
        expect(ghost.page.locator("details.spoiler summary").last).to_have_text("From beyond")
        shot(ghost.page, f"night-{day}-graveyard")


def final_reveal(table: Table, shot) -> None:
    """The game is over: the last day thread's final post names the winner
    and reveals every role to everyone."""
    game = table.game()
    assert game.status == Game.Status.FINISHED and game.winner == "town"
    ruleset = flow.ruleset_of(game)
    page = table.stranger
    page.goto(table.url())
    expect(page.locator("#phase-bar")).to_contain_text("The game is over.")
    expect(page.locator("p.winner")).to_contain_text("Winner: Town")
    shot(page, "final-game-page")
    last_day = game.phases.filter(kind="day").order_by("-number").first().number
    page.get_by_role("link", name=f"Day {last_day}", exact=True).click()
    final = page.locator("article.host-post", has_text="Roles:").last
    expect(final).to_contain_text("The game is over: Town win.")
    for seat in table.seats.values():
        expect(final).to_contain_text(
            f"{seat.nickname} — {role_name(ruleset, seat.role)}, {team_name(ruleset, seat.team)}"
        )
    assert_no_account_names(page.content(), None)
    shot(page, "final-post")


def test_a_forum_game_is_played_from_sign_up_to_victory_in_the_browser(
    transactional_db, live_server, browser: Browser, new_context, screenshots
) -> None:
    """Sign-up, the blind draw, posts with BBCode and quotes, one vote a day
    (FORUM-019), night choices in cabinets, deadlines, results in the
    threads (FORUM-014, FORUM-031), the dead in the graveyard (FORUM-020)
    and the final post revealing every role."""
    for username in ACCOUNTS:
        get_user_model().objects.create_user(username=username, password=PASSWORD)
    base = live_server.url
    table = Table(base_url=base, host=log_in(new_context, base, HOST), stranger=log_in(new_context, base, STRANGER))
    screenshots(table.host, "host-logged-in")
    for username, nickname in PLAYERS.items():
        table.seats[username] = Seat(username, nickname, log_in(new_context, base, username))

    create_game(table, screenshots)
    sign_up(table, screenshots)
    draw_and_start(table, screenshots)
    read_roles(table, screenshots)
    stranger_sees_no_roles(table, screenshots)
    for day in range(1, 5):
        discuss(table, day, screenshots)
        watcher = vote(table, day, screenshots)
        close_the_vote(table, day, watcher, screenshots)
        if table.game().status == Game.Status.FINISHED:
            break
        night(table, day, screenshots)
        if table.game().status == Game.Status.FINISHED:
            break
        night_results(table, day, screenshots)
    final_reveal(table, screenshots)
