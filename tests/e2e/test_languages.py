"""Their language: a reader who switches the site to Russian or Simplified
Chinese reads no English on any page of a game.

A forum game in Russian and a werewolf18 game in Chinese are played through
a day in the browser: the host announces the game and opens sign-up, the
players apply (the forum) or are registered (werewolf18), post in the day
thread and vote in the vote thread, a player hands in a night choice in the
cabinet, the deadlines fire and the results are published. Every page on
the way (home, game page, threads, cabinet, host dashboard, graveyard, the
account pages the menu leads to) is read for English words: the text of the
page (every text node, the title, placeholders, labels for screen readers)
minus what people typed (their account names, their posts), with rule
references such as ``FORUM-163`` taken out, must hold no Latin word of three
letters or more beyond the short list of proper names below.

With ``MAFIA_README_SCREENSHOTS=1`` (``scripts/readme-screenshots``) the
Russian game also saves the README's screenshots to ``docs/screenshots/``.
"""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect

from games import flow
from games.models import Game, Player, Room

from .test_forum_game import PASSWORD

pytestmark = [pytest.mark.e2e]

VIEWPORT = {"width": 1280, "height": 800}
README_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

# What people typed, not the site: the account name in the header, the
# account's e-mail address and the bodies of the players' posts. The time zone picker lists the IANA zone
# identifiers (Europe/Moscow), the names the tz database gives them.
TYPED = "header.top .me, main .address, article.post:not(.host-post) .body, #id_timezone"
# Code is no language: the BBCode tags, the house rules' ids and the JSON a
# host types.
SKIPPED = f"script, style, template, noscript, code, {TYPED}"
# Rule references (FORUM-163, WW18-047, A-22) name sections of the rules
# documents; they are no words.
RULE_REFERENCE = re.compile(r"\b[A-Z][A-Z0-9]*-\d+(?:\.\.\d+)?\b")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z-]*[A-Za-z]")
# Proper names that stay as they are in every language: the nicknames and
# account names of the Russian table (players write them in Latin letters);
# UTC in the times (UTC+3); the word for e-mail in allauth's own Russian
# (E-mail) and Chinese (Email地址) catalogues.
NICKNAMES = {"bob": "Bonnie", "carol": "Clyde", "frank": "Marlowe", "grace": "Doc"}
NICKNAMES |= {"heidi": "Holmes", "ivan": "Watson", "judy": "Lestrade"}
ALLOWED = {"alice", *NICKNAMES, *NICKNAMES.values(), "UTC", "E-mail", "Email"}

# Text marked as in another language (a document's own name of a role) is
# not read, except in the host's resolution trace: every line of it is read
# in the host's language, so a line the catalogue lacks, left in English and
# marked so, counts as English left.
READ_TEXT = """(skipped) => {
  const texts = [document.title];
  const foreign = (el) => !el.closest(".trace") && el.closest("[lang]").lang !== document.documentElement.lang;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el && !el.closest(skipped) && !foreign(el)) texts.push(node.textContent);
  }
  for (const el of document.body.querySelectorAll("[placeholder], [aria-label], [title], input[type=submit]")) {
    if (el.closest(skipped) || foreign(el)) continue;
    for (const name of ["placeholder", "aria-label", "title"]) texts.push(el.getAttribute(name) || "");
    if (el.matches("input[type=submit]")) texts.push(el.value);
  }
  return texts.join("\\n");
}"""


def english_words(page: Page) -> list[str]:
    """The Latin words of three letters or more on ``page`` that are not
    on the list of proper names."""
    text = RULE_REFERENCE.sub(" ", page.evaluate(READ_TEXT, SKIPPED))
    return sorted({w for w in LATIN_WORD.findall(text) if len(w) >= 3 and w not in ALLOWED})


class Reader:
    """Reads pages for English and keeps what it found, by page."""

    def __init__(self, lang: str, shot) -> None:
        self.lang, self.shot = lang, shot
        self.found: dict[str, list[str]] = {}
        self.read: list[str] = []

    def __call__(self, page: Page, label: str) -> None:
        expect(page.locator("html")).to_have_attribute("lang", self.lang)
        self.read.append(label)
        self.shot(page, f"{self.lang}-{label.replace(' ', '-')}")
        words = english_words(page)
        if words:
            self.found[label] = words
            # The text read, next to the screenshot, to find where the words are.
            text = page.evaluate(READ_TEXT, SKIPPED)
            (self.shot.folder / f"{self.lang}-{label.replace(' ', '-')}.txt").write_text(text, encoding="utf-8")

    def assert_no_english(self) -> None:
        report = "\n".join(f"  {label}: {' '.join(words)}" for label, words in self.found.items())
        assert not self.found, f"English left in {self.lang} ({len(self.read)} pages read):\n{report}"


def browser_of(new_context, base: str, username: str | None) -> Page:
    """A browser asking for English, logged in as ``username`` (or a visitor)."""
    context: BrowserContext = new_context(base_url=base, locale="en-US", viewport=VIEWPORT)
    context.set_default_timeout(15_000)
    page = context.new_page()
    if username:
        page.goto("/accounts/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.locator("main form button[type=submit]").first.click()
        expect(page.locator("header.top .me")).to_have_text(username)
    else:
        page.goto("/")
    return page


def switch_language(page: Page, code: str) -> None:
    """The language switcher in the header."""
    page.select_option("#lang-switch", code)
    page.locator("form.lang-switch button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", code)


def fire(game: Game, kind: str | None = None) -> None:
    """The tick passes the open phase's deadline ``kind`` (else all of them)."""
    deadlines = flow.current_phase(game).deadlines
    deadline = deadlines.get(kind=kind) if kind else deadlines.order_by("-due_at").first()
    assert flow.resolve_due(now=deadline.due_at + timedelta(seconds=1)) >= 1


def room_path(game: Game, kind: str, day: int | None = None) -> str:
    rooms = Room.objects.filter(game=game, kind=kind)
    if day is not None:
        rooms = rooms.filter(day=day)
    return f"/g/{game.slug}/r/{rooms.order_by('-id').first().public_id}/"


def post(page: Page, path: str, body: str) -> None:
    page.goto(path)
    page.fill("#post-body", body)
    page.locator("form.post-form button[type=submit]").click()
    expect(page.locator("article.post").last).to_contain_text(re.sub(r"\[/?\w+\]", "", body))


def vote(page: Page, path: str, nickname: str) -> None:
    page.goto(path)
    page.locator("form.vote-form select[name=target]").select_option(label=nickname)
    reason = page.locator("form.vote-form textarea[name=reason]")
    if reason.count():  # werewolf18's vote post gives its reason (WW18-065)
        reason.fill("发言矛盾")
    confirm = page.locator("form.vote-form input[name=confirm]")
    if confirm.count():  # a vote that cannot change asks for a confirmation
        confirm.check()
    page.locator("form.vote-form button[type=submit]").click()
    expect(page.locator(".messages")).to_be_visible()


def hand_in(page: Page, slug: str, ability: str, target: str) -> None:
    page.goto(f"/g/{slug}/cabinet/")
    form = page.locator("form.action-form", has=page.locator(f"input[name=ability][value={ability}]"))
    form.locator("select[name=target0]").select_option(label=target)
    confirm = form.locator("input[name=confirm]")
    if confirm.count():  # a once-a-game ability asks for a confirmation
        confirm.check()
    form.locator("button[type=submit]").click()
    expect(page.locator("ul.receipts")).to_contain_text(target)


def readme_shot(page: Page, name: str) -> None:
    """A README screenshot (the viewport, not the whole page), when asked for."""
    if os.environ.get("MAFIA_README_SCREENSHOTS") == "1":
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(README_SHOTS / f"{name}.png"))


def create_game(host: Page, ruleset: str, title: str, theme: str, players: int, characters: list[str]) -> str:
    """The host fills in "Host a game" (reached from the menu) with a fast
    schedule; returns the game's slug."""
    host.locator("header.top nav a[href='/games/new/']").click()
    host.goto(f"/games/new/?ruleset={ruleset}")
    host.fill("#id_title", title)
    host.fill("#id_theme", theme)
    host.fill("#id_characters", "\n".join(characters))
    host.select_option("#id_schedule", "fast")
    host.fill("#id_signup_limit", str(players))
    host.locator("main form.stacked button[type=submit]").click()
    expect(host).to_have_url(re.compile(r"/g/[^/]+/host/$"))
    return re.search(r"/g/([^/]+)/host/", host.url).group(1)


def open_signup(host: Page) -> None:
    host.locator("form[action$='/host/signup/'] button[type=submit]").click()
    expect(host.locator("#signup")).to_be_visible()


def start(host: Page, game: Game, roles: dict[str, str]) -> None:
    """The roles are dealt (as the dashboard's deal does) and the host
    starts the game in the browser."""
    game.refresh_from_db()
    flow.roles_deal(game=game, roles={n: (r, None) for n, r in roles.items()})
    host.reload()
    host.locator("form[action$='/host/start/'] button[type=submit]").click()
    expect(host.locator("#phase-bar")).to_be_visible()


def account_pages(page: Page, read: Reader) -> None:
    """The account's own pages: the log-out confirmation the menu's button
    leads to without JavaScript, the password and e-mail settings."""
    for label, path in (
        ("e-mail settings", "/account/mail/"),
        ("password change", "/accounts/password/change/"),
        ("e-mail addresses", "/accounts/email/"),
        ("log out", "/accounts/logout/"),
    ):
        page.goto(path)
        read(page, label)


def visitor_pages(new_context, base: str, code: str, read: Reader) -> None:
    visitor = browser_of(new_context, base, None)
    switch_language(visitor, code)
    read(visitor, "visitor home")
    visitor.locator("header.top nav a[href='/accounts/login/']").click()
    read(visitor, "log in")
    visitor.locator("header.top nav a[href='/accounts/signup/']").click()
    read(visitor, "sign up")
    visitor.goto("/accounts/password/reset/")
    read(visitor, "password reset")


FORUM_ROLES = {
    "Bonnie": "don",
    "Clyde": "cop",
    "Marlowe": "mafioso",
    "Doc": "doctor",
    "Holmes": "citizen",
    "Watson": "citizen",
    "Lestrade": "citizen",
}


def test_a_forum_day_in_russian_shows_no_english(transactional_db, live_server, new_context, screenshots) -> None:
    """The host and the players switch to Russian; the forum's day 1, its
    vote, the night's kill and the results read in Russian everywhere."""
    for username in ["alice", *NICKNAMES]:
        get_user_model().objects.create_user(username=username, password=PASSWORD)
    base = live_server.url
    read = Reader("ru", screenshots)
    visitor_pages(new_context, base, "ru", read)

    host = browser_of(new_context, base, "alice")
    switch_language(host, "ru")
    read(host, "host home")
    slug = create_game(host, "forum", "Город в снегу", "Семеро в занесённой снегом гостинице.", 7, list(FORUM_ROLES))
    read(host, "host dashboard draft")
    open_signup(host)
    read(host, "host dashboard sign-up")
    game = Game.objects.get(slug=slug)

    seats: dict[str, Page] = {}
    for username, nickname in NICKNAMES.items():
        page = seats[nickname] = browser_of(new_context, base, username)
        switch_language(page, "ru")
        page.goto(f"/g/{slug}/")
        if nickname == "Bonnie":
            read(page, "game page sign-up")
        page.select_option("select[name=nickname]", label=nickname)
        page.locator("form[action$='/apply/'] button[type=submit]").click()
        expect(page.locator(".messages")).to_be_visible()
    read(seats["Bonnie"], "game page applied")
    host.reload()
    read(host, "host dashboard applications")
    for nickname in FORUM_ROLES:
        host.locator("#signup form", has_text=nickname).locator("button[value=accept]").click()
        expect(host.locator(".messages")).to_be_visible()
    read(host, "host dashboard composition")
    start(host, game, FORUM_ROLES)
    read(host, "host dashboard day 1")
    host.goto(f"/g/{slug}/host/accounts/")
    read(host, "host registry of nicknames")

    day, votes = room_path(game, Room.Kind.DAY, 1), room_path(game, Room.Kind.VOTE, 1)
    don = seats["Bonnie"]
    don.goto(f"/g/{slug}/")
    read(don, "game page day 1")
    don.goto(f"/g/{slug}/cabinet/")
    read(don, "cabinet day 1")
    don.goto(room_path(game, Room.Kind.TEAM))
    read(don, "team room")
    post(seats["Holmes"], day, "[b]Доброе утро![/b] Я никому не верю.")
    post(seats["Watson"], day, "Голосуем за Marlowe.")
    post(don, day, "Согласен, Marlowe подозрителен.")
    read(don, "day thread")
    readme_shot(don, "day-thread")
    for nickname, page in seats.items():
        vote(page, votes, "Doc" if nickname == "Marlowe" else "Marlowe")
    read(don, "vote thread")
    fire(game, "vote")
    don.reload()
    expect(don.locator("article.host-post").last).to_contain_text("Marlowe")
    read(don, "vote thread results")

    hand_in(don, slug, "kill", "Holmes")
    read(don, "cabinet night 1")
    readme_shot(don, "cabinet")
    host.goto(f"/g/{slug}/host/")
    read(host, "host dashboard night 1")
    readme_shot(host, "host-dashboard")
    fire(game)
    host.reload()
    read(host, "host dashboard day 2")
    results = host.locator("a[href*='/host/results/']")
    if results.count():
        results.first.click()
        read(host, "host results")

    ghost = seats["Holmes"]
    assert not Player.objects.get(game=game, nickname="Holmes").alive
    ghost.goto(room_path(game, Room.Kind.DAY, 2))
    expect(ghost.locator("article.host-post").first).to_be_visible()
    read(ghost, "day 2 thread")
    post(ghost, room_path(game, Room.Kind.GRAVEYARD), "Я знал.")
    read(ghost, "graveyard")
    account_pages(don, read)
    read.assert_no_english()


WEREWOLF_ROLES = {"狼一": "werewolf", "预言家": "seer", "女巫": "witch", "猎人": "hunter", "村民甲": "villager"}
WEREWOLF_ROLES["村民乙"] = "villager"
WEREWOLF_ACCOUNTS = ["bob", "carol", "frank", "grace", "heidi", "ivan"]


def test_a_werewolf18_day_in_chinese_shows_no_english(transactional_db, live_server, new_context, screenshots) -> None:
    """The host and the players switch to Simplified Chinese; werewolf18's
    set-up step, the sheriff's election, the wolves' knife and day 2's vote
    read in Chinese everywhere."""
    for username in ["alice", *WEREWOLF_ACCOUNTS]:
        get_user_model().objects.create_user(username=username, password=PASSWORD)
    base = live_server.url
    read = Reader("zh-hans", screenshots)
    visitor_pages(new_context, base, "zh-hans", read)

    host = browser_of(new_context, base, "alice")
    switch_language(host, "zh-hans")
    slug = create_game(host, "werewolf18", "月下村庄", "六人的小村庄。", 6, [])
    read(host, "host dashboard draft")
    open_signup(host)
    game = Game.objects.get(slug=slug)
    users = get_user_model().objects.in_bulk(WEREWOLF_ACCOUNTS, field_name="username")
    for username, nickname in zip(WEREWOLF_ACCOUNTS, WEREWOLF_ROLES, strict=True):
        flow.nickname_register(game=game, user=users[username], nickname=nickname)
    host.reload()
    read(host, "host dashboard sign-up")
    start(host, game, WEREWOLF_ROLES)
    read(host, "host dashboard set-up")

    seats: dict[str, Page] = {}
    for username, nickname in zip(WEREWOLF_ACCOUNTS, WEREWOLF_ROLES, strict=True):
        seats[nickname] = browser_of(new_context, base, username)
        switch_language(seats[nickname], "zh-hans")
    wolf, seer = seats["狼一"], seats["预言家"]
    wolf.goto(f"/g/{slug}/cabinet/")
    read(wolf, "cabinet set-up")
    fire(game)

    day, votes = room_path(game, Room.Kind.DAY, 1), room_path(game, Room.Kind.VOTE, 1)
    post(seer, day, "我是预言家，请选我当警长。")
    post(wolf, day, "我也是好人。")
    read(wolf, "day thread")
    wolf.goto(f"/g/{slug}/")
    read(wolf, "game page day 1")
    for page in seats.values():
        vote(page, votes, "预言家")
    read(wolf, "vote thread")
    host.goto(f"/g/{slug}/host/")
    read(host, "host dashboard day 1")
    fire(game)
    wolf.reload()
    read(wolf, "vote thread results")

    hand_in(wolf, slug, "kill", "村民甲")
    read(wolf, "cabinet night 1")
    hand_in(seer, slug, "check", "狼一")
    read(seer, "seer cabinet night 1")
    wolf.goto(room_path(game, Room.Kind.TEAM))
    read(wolf, "team room")
    host.goto(f"/g/{slug}/host/")
    read(host, "host dashboard night 1")
    fire(game)
    seer.goto(f"/g/{slug}/cabinet/")
    read(seer, "seer cabinet day 2")
    day2 = room_path(game, Room.Kind.DAY, 2)
    seer.goto(day2)
    read(seer, "day 2 thread")
    for nickname, page in seats.items():
        if nickname != "村民甲":
            vote(page, room_path(game, Room.Kind.VOTE, 2), "猎人" if nickname == "狼一" else "狼一")
    read(seer, "vote thread day 2")
    host.goto(f"/g/{slug}/host/accounts/")
    read(host, "host registry of nicknames")
    ghost = seats["村民甲"]
    ghost.goto(room_path(game, Room.Kind.GRAVEYARD))
    read(ghost, "graveyard")
    account_pages(wolf, read)
    read.assert_no_english()
