"""A game of piter, classic, cosmo and werewolf18 played to its winner in a
real browser, each through its own day: piter's nominations, defence posts
and the re-vote of a tie; classic's changed vote; cosmo's «Кандидат»
nominations and its jail-or-spare re-vote; werewolf18's sheriff election, a
changed vote quoting the original, and the sheriff's 1.5 votes.

The host announces the game with the ruleset picked on "Host a game"; the
admins register the game nicknames and the host deals the roles by hand
(``games.flow``, as the dashboard's forms do), so each game is a known
table. Every deadline is fired by the tick (``flow.resolve_due``) with the
deadline's own time, as the Celery worker would. Screenshots of each step
go to ``test-artifacts/e2e/<timestamp>/``.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from games import flow
from games.models import Deadline, Game, Phase

from .test_forum_game import PASSWORD, log_in

pytestmark = [pytest.mark.e2e]

# A rule id (FORUM-164, WW18-047) where a sentence should be.
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-\d+\b")
ACCOUNTS = ["bob", "carol", "frank", "grace", "heidi", "ivan", "judy"]


def tick_confirm(form) -> None:
    """Tick the confirmation of a ballot that cannot be taken back (a vote
    that cannot change, a nomination, a once-a-game ability), where the
    form asks for one."""
    confirm = form.locator("input[name=confirm]")
    if confirm.count():
        confirm.check()


class Table:
    """The host's and the players' browsers around one game."""

    def __init__(
        self,
        new_context,
        base: str,
        ruleset: str,
        roles: dict[str, str | tuple[str, str]],
        shot,
        variant: str = "",
        options: dict[str, str] | None = None,
        language: str = "en",
    ) -> None:
        self.base, self.ruleset, self.roles, self.shot, self.variant = base, ruleset, roles, shot, variant
        self.options, self.language = options or {}, language
        self.host = log_in(new_context, base, "alice")
        self.pages: dict[str, Page] = {}
        self.nicknames = list(roles)
        self.accounts = ACCOUNTS[: len(roles)]
        for username, nickname in zip(self.accounts, self.nicknames, strict=True):
            self.pages[nickname] = log_in(new_context, base, username)
        self.slug = ""
        self.rooms: dict[str, str] = {}  # thread title → its address, once seen on the game page

    def game(self) -> Game:
        return Game.objects.get(slug=self.slug)

    def phase(self) -> Phase:
        return flow.current_phase(self.game())

    def fire(self, kind: str) -> None:
        """The tick passes the open phase's deadline ``kind`` (and any before it)."""
        deadline = Deadline.objects.get(phase=self.phase(), kind=kind)
        flow.resolve_due(now=deadline.due_at + timedelta(seconds=1))

    def fire_phase(self) -> None:
        """The tick passes every deadline of the open phase."""
        last = self.phase().deadlines.order_by("-due_at").first()
        flow.resolve_due(now=last.due_at + timedelta(seconds=1))

    def open_room(self, page: Page, title: str) -> None:
        """Open the thread ``title`` in ``page``: the first time through its
        link on the game page, then straight at its address."""
        if title not in self.rooms:
            page.goto(f"/g/{self.slug}/")
            self.rooms[title] = page.get_by_role("link", name=title, exact=True).get_attribute("href") or ""
        page.goto(self.rooms[title])

    def announce(self) -> None:
        """The host picks the ruleset (and the variant, if given) on "Host a
        game", fills its form and opens sign-up; the admins register the nicknames, the host deals
        the roles and starts the game in the browser."""
        page = self.host
        page.goto(f"/games/new/?ruleset={self.ruleset}")
        page.fill("#id_title", f"{self.ruleset} table")
        if self.variant:
            page.select_option("#id_variant", self.variant)
        page.select_option("#id_schedule", "fast")
        for option, value in self.options.items():
            page.select_option(f"#id_option_{option}", value)
        page.fill("#id_signup_limit", str(len(self.roles)))
        page.select_option("#id_language", self.language)  # the game's posts: English unless the test says
        self.shot(page, f"{self.ruleset}-host-form")
        page.get_by_role("button", name="Create the game").click()
        expect(page.locator("h1")).to_contain_text("Host dashboard")
        self.slug = re.search(r"/g/([^/]+)/host/", page.url).group(1)
        page.get_by_role("button", name="Open sign-up").click()
        game = self.game()
        users = get_user_model().objects.in_bulk(self.accounts, field_name="username")
        for username, nickname in zip(self.accounts, self.nicknames, strict=True):
            flow.nickname_register(game=game, user=users[username], nickname=nickname)
        game.refresh_from_db()
        seats = {n: r if isinstance(r, tuple) else (r, None) for n, r in self.roles.items()}
        flow.roles_deal(game=game, roles=seats)
        page.reload()
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator(".messages")).to_contain_text("started")
        self.shot(page, f"{self.ruleset}-started")

    def vote(self, voter: str, choice: str, message: str = "is counted") -> None:
        page = self.pages[voter]
        self.open_room(page, f"Vote, day {self.phase().number}")
        page.locator("form.vote-form select[name=target]").select_option(label=choice)
        reason = page.locator("form.vote-form textarea[name=reason]")
        if reason.count():  # werewolf18's vote post gives its reason (WW18-065)
            reason.fill("my reason")
        tick_confirm(page.locator("form.vote-form"))
        page.locator("form.vote-form button[type=submit]").click()
        expect(page.locator(".messages")).to_contain_text(message)

    def nominate(self, nominator: str, candidate: str) -> None:
        page = self.pages[nominator]
        self.open_room(page, f"Vote, day {self.phase().number}")
        page.locator("form.nominate-form select[name=target]").select_option(label=candidate)
        tick_confirm(page.locator("form.nominate-form"))
        page.locator("form.nominate-form button[type=submit]").click()
        expect(page.locator(".messages")).to_contain_text(f"{candidate} is a candidate now.")

    def post(self, author: str, title: str, body: str) -> None:
        page = self.pages[author]
        self.open_room(page, title)
        page.fill("#post-body", body)
        page.get_by_role("button", name="Post").click()
        expect(page.locator("article.post").last).to_contain_text(body)

    def hand_in(self, nickname: str, ability: str, target: str) -> None:
        page = self.pages[nickname]
        page.goto(f"/g/{self.slug}/cabinet/")
        form = page.locator("form.action-form", has=page.locator(f"input[name=ability][value={ability}]"))
        form.locator("select[name=target0]").select_option(target)
        tick_confirm(form)
        form.get_by_role("button", name="Hand in").click()
        expect(page.locator(".messages")).to_contain_text("Your choice was handed in")
        self.shot(page, f"{self.ruleset}-{nickname}-{ability}")

    def cabinet(self, nickname: str) -> Page:
        """The player's cabinet, opened in his browser."""
        page = self.pages[nickname]
        page.goto(f"/g/{self.slug}/cabinet/")
        return page

    def phase_bar_names_windows(self, page: Page) -> None:
        """The phase bar names the window its next deadline closes and the
        window that opens after it, with its time."""
        page.reload()
        bar = page.locator("#phase-bar")
        expect(bar.locator(".window-closes")).to_contain_text(re.compile(r"closes: \S"))
        expect(bar.locator(".window-next")).to_contain_text(re.compile(r"then: .+, from \S"))

    def abilities_explained(self, nickname: str) -> Page:
        """Each ability on the seat's role card is explained in words (a
        sentence or two, no rule id in their place); returns the cabinet."""
        page = self.cabinet(nickname)
        helps = page.locator("dl.abilities dd")
        expect(helps.first).to_be_visible()
        for text in helps.all_inner_texts():
            assert len(text.split()) >= 6 and not RULE_ID.search(text), text
        return page

    def form_of(self, page: Page, ability: str):
        """The cabinet's form of ``ability`` (absent when it is not offered)."""
        return page.locator("form.action-form", has=page.locator(f"input[name=ability][value={ability}]"))

    def finished(self, winner: str) -> None:
        game = self.game()
        assert game.status == Game.Status.FINISHED and game.winner == winner, (game.status, game.winner)
        page = self.pages[self.nicknames[-1]]
        page.goto(f"/g/{self.slug}/")
        expect(page.locator("#phase-bar")).to_contain_text("The game is over.")
        self.shot(page, f"{self.ruleset}-over")


PITER = {"Грач": "mafioso", "Сова": "citizen", "Ёж": "citizen", "Лис": "citizen", "Бобр": "citizen", "Рысь": "doctor"}


def play_piter(table: Table) -> None:
    """PITER-003 the acquaintance night; PITER-010 nominations, PITER-011 one
    defence post each, PITER-012 the vote among nominees, PITER-017 the
    re-vote of a tie; the mafioso executed, the town wins."""
    assert table.phase().key == "night-1"
    table.fire_phase()
    table.fire("nominations_open")
    table.nominate("Сова", "Грач")
    table.nominate("Грач", "Сова")
    page = table.pages["Ёж"]
    table.open_room(page, "Vote, day 1")
    expect(page.locator("p.candidates")).to_contain_text("Грач, Сова")
    table.shot(page, "piter-candidates")
    table.fire("nominations_close")
    table.post("Грач", "Day 1", "Я мирный, проверьте Сову.")  # his defence post
    table.fire("defence_close")
    for voter, choice in (("Сова", "Грач"), ("Ёж", "Грач"), ("Лис", "Грач")):
        table.vote(voter, choice)
    for voter in ("Грач", "Бобр", "Рысь"):
        table.vote(voter, "Сова")
    table.shot(table.pages["Рысь"], "piter-tied-vote")
    table.fire("day_deadline")
    page = table.pages["Ёж"]
    page.reload()
    expect(page.locator("p.revote")).to_contain_text("Tie between")
    table.shot(page, "piter-revote-open")
    table.post("Грач", "Day 1", "Ещё минута: я мирный.")  # the tied player's extra minute (PITER-017)
    table.fire("revote_speech_close")
    for voter in ("Сова", "Ёж", "Лис", "Бобр"):
        table.vote(voter, "Грач")
    table.fire("revote_deadline")
    table.finished("town")


CLASSIC = {"Дон": "mafioso", "Аня": "citizen", "Боря": "citizen", "Вика": "citizen", "Гоша": "citizen", "Док": "doctor"}


def play_classic(table: Table) -> None:
    """CLASSIC-007 the acquaintance night with the mafia's room; by day a
    vote may change until the deadline, the last one counts (§2): the live
    count and the results post show only the changed vote."""
    assert table.phase().key == "night-1"
    table.post("Дон", "Team room: Mafia", "Ночь знакомств: я один.")
    table.fire_phase()
    table.vote("Аня", "Док")
    table.vote("Аня", "Дон")  # changed: the last vote counts
    page = table.pages["Аня"]
    expect(page.locator("#vote-count")).to_contain_text("Дон: 1")
    expect(page.locator("#vote-count")).not_to_contain_text("Док: 1")
    table.shot(page, "classic-changed-vote")
    for voter in ("Боря", "Вика", "Гоша", "Док"):
        table.vote(voter, "Дон")
    table.fire_phase()
    page.reload()
    results = page.locator("article.host-post", has_text="Results of the vote, day 1")
    expect(results).to_contain_text(re.compile(r"Vote count: Дон — 5 \([^)]*Аня"))  # her last vote
    expect(results).not_to_contain_text("Док —")
    table.shot(page, "classic-vote-results")
    table.finished("town")


COSMO = {"Ракета": "mafioso", "Луна": "citizen", "Орбита": "citizen", "Комета": "citizen", "Звезда": "citizen"}
COSMO["Спутник"] = "commissar"


def play_cosmo(table: Table) -> None:
    """COSMO-005 the acquaintance night; COSMO-007 «Кандидат» nominations in
    the discussion; COSMO-012 the vote; COSMO-013 a tie's re-vote «посадить
    всех» jails every tied candidate."""
    assert table.phase().key == "night-0"
    table.fire_phase()
    table.nominate("Луна", "Ракета")
    table.nominate("Ракета", "Луна")
    table.fire("discussion")
    for voter, choice in (("Луна", "Ракета"), ("Орбита", "Ракета"), ("Комета", "Ракета")):
        table.vote(voter, choice)
    for voter in ("Ракета", "Звезда", "Спутник"):
        table.vote(voter, "Луна")
    table.fire("vote")
    page = table.pages["Орбита"]
    page.reload()
    expect(page.locator("p.revote")).to_contain_text("Tie between")
    table.shot(page, "cosmo-revote-open")
    for voter in ("Луна", "Орбита", "Комета", "Звезда", "Спутник"):
        table.vote(voter, "Jail them all («посадить всех»)", "re-vote is counted")
    table.fire("revote")
    table.finished("town")


WEREWOLF = {"狼一": "werewolf", "预言家": "seer", "女巫": "witch", "猎人": "hunter", "村民甲": "villager"}
WEREWOLF["村民乙"] = "villager"


def play_werewolf18(table: Table) -> None:
    """WW18 §6 the set-up step; day 1 elects the sheriff (WW18-046); the
    wolves' knife by night; day 2 a vote changed once quoting the original
    (WW18-065), the sheriff's ballot weighing 1.5 (WW18-047); the last wolf
    voted out, the village wins."""
    assert table.phase().key == "setup-0"
    table.fire_phase()
    for voter in WEREWOLF:
        table.vote(voter, "预言家")
    table.fire_phase()
    assert table.game().players.get(nickname="预言家").alive
    table.hand_in("狼一", "kill", "村民甲")
    table.hand_in("预言家", "check", "狼一")
    table.fire_phase()
    table.vote("村民乙", "猎人")
    table.vote("村民乙", "狼一")  # the one change, quoting the first vote
    page = table.pages["村民乙"]
    expect(page.locator("article.post").last.locator("blockquote")).to_contain_text("猎人")
    table.shot(page, "werewolf18-changed-vote")
    for voter in ("预言家", "女巫", "猎人"):
        table.vote(voter, "狼一")
    expect(page.locator("#vote-count")).to_contain_text("狼一: 4.5")  # the sheriff's 1.5
    table.shot(page, "werewolf18-sheriff-weight")
    table.fire_phase()
    table.finished("village")


GAMES = {
    "piter": (PITER, play_piter),
    "classic": (CLASSIC, play_classic),
    "cosmo": (COSMO, play_cosmo),
    "werewolf18": (WEREWOLF, play_werewolf18),
}


@pytest.mark.parametrize("ruleset", list(GAMES))
def test_a_game_of_each_ruleset_is_played_to_its_winner_in_the_browser(
    ruleset, transactional_db, live_server, browser: Browser, new_context, screenshots
) -> None:
    for username in ["alice", *ACCOUNTS]:
        get_user_model().objects.create_user(username=username, password=PASSWORD)
    roles, play = GAMES[ruleset]
    table = Table(new_context, live_server.url, ruleset, roles, screenshots)
    table.announce()
    play(table)
