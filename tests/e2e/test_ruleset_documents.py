"""Every ruleset plays as its document says: a full day and a full night of
each ruleset in a real browser, checking what players met where the site
and the document differed (issue 18).

Each test plays through the real forms: posts in the threads, votes and
nominations in the vote thread, night choices in the cabinets; each
deadline is passed by the tick (``Table.fire``) or the judge's public
verdict. Every test also reads the phase bar (which window the next
deadline closes, which opens after it and when) and a cabinet's
explanation of each ability. The tables are dealt by hand
(``seat_table``); screenshots go to ``test-artifacts/e2e/<timestamp>/``.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from games import flow
from games.names import card_name

from .test_every_ruleset import Table, tick_confirm
from .test_languages import switch_language

pytestmark = [pytest.mark.e2e]


def vote_page(table: Table, nickname: str) -> Page:
    """The player's browser on today's vote thread."""
    page = table.pages[nickname]
    table.open_room(page, f"Vote, day {table.phase().number}")
    return page


def first_option(form) -> str:
    """The value of the first entry of a form's player list (empty: nobody preselected)."""
    return form.locator("select option").first.get_attribute("value") or ""


def offered(form) -> list[str]:
    """The labels of the players a form's list offers (the empty entry left out)."""
    return [o.inner_text().strip() for o in form.locator("select option").all() if o.get_attribute("value")]


def in_language(table: Table, code: str, text) -> str:
    """``text(ruleset)`` rendered in the language ``code`` (a game's posts are in the game's language)."""
    with translation.override(code):
        return text(flow.ruleset_of(table.game()))


FORUM_THREE = {
    "Бенни": ("don", "mafia"),
    "Манн": ("don", "maniacs"),
    "Мафиоз": ("mafioso", "maniacs"),
    "Коп": ("cop", "town"),
    "Док": ("doctor", "town"),
    "Мира": ("citizen", "town"),
    "Лада": ("citizen", "town"),
}


def test_forum_three_sided_day_and_night_as_the_document_says(seat_table) -> None:
    """A Russian three-sided forum game (FORUM-002/004), day 1 and night 1:
    the vote form preselects nobody and asks for a confirmation (FORUM-019);
    the host's warning of a vote for oneself cites FORUM-164; the plain
    criminal voted out is revealed with his team's name (FORUM-014); the
    voted-out member is offered no withdrawal of his team's kill (FORUM-021);
    the Doctor's heal preselects nobody, and his save is announced in
    Russian, without a rule id (FORUM-180)."""
    table = seat_table("forum", FORUM_THREE, "three_sided", language="ru")
    assert table.phase().key == "day-1"
    page = vote_page(table, "Мира")
    form = page.locator("form.vote-form")
    assert first_option(form) == ""
    expect(form.locator("input[name=confirm]")).to_have_count(1)
    table.phase_bar_names_windows(page)
    table.abilities_explained("Док")
    table.vote("Лада", "Лада")  # a vote for herself: the autokill (FORUM-164)
    table.vote("Бенни", "Мира")
    for voter in ("Манн", "Коп", "Док", "Мира"):
        table.vote(voter, "Мафиоз")
    host = table.host
    host.goto(f"/g/{table.slug}/host/")
    expect(host.locator("main")).to_contain_text("Voted for self: autokill (FORUM-164).")
    table.shot(host, "forum-self-vote-warning")
    table.fire("vote")
    page.reload()
    card = in_language(table, "ru", lambda r: card_name(r, "mafioso", "maniacs"))
    expect(page.locator("article.host-post").last).to_contain_text("Мафиоз")
    expect(page.locator("article.host-post").last).to_contain_text(card)
    table.shot(page, "forum-card-names-team")

    assert table.phase().kind == "night"
    heal = table.form_of(table.cabinet("Док"), "heal")
    assert first_option(heal) == ""  # nobody preselected
    table.hand_in("Манн", "kill", "Мира")
    table.hand_in("Док", "heal", "Мира")
    out = table.cabinet("Мафиоз")
    receipts = out.locator("ul.receipts")
    expect(receipts).to_contain_text("Мира")
    expect(receipts.get_by_role("button", name="withdraw")).to_have_count(0)
    table.shot(out, "forum-voted-out-no-withdraw")
    table.fire_phase()
    page = table.pages["Коп"]
    page.goto(f"/g/{table.slug}/")
    page.get_by_role("link", name="Day 2", exact=True).click()
    night = page.locator("article.host-post").first
    expect(night).to_contain_text("напали на игрока Мира, но покушение сорвал")
    expect(night).not_to_contain_text("FORUM-180")
    expect(night).not_to_contain_text("attacked")
    table.shot(page, "forum-save-in-russian")


PITER = {"Грач": "mafioso", "Бюро": "bureaucrat", "Сова": "citizen", "Ёж": "citizen", "Рысь": "doctor"}
PITER["Лис"] = "journalist"


def piter_day_one(table: Table) -> None:
    """PITER-010 nominations (confirmed, nobody preselected); PITER-011 the
    defence window open to the candidates only; PITER-017 a tie, the tied
    players' extra speech, then the re-vote executes Ёж."""
    table.fire("nominations_open")
    page = vote_page(table, "Сова")
    form = page.locator("form.nominate-form")
    assert first_option(form) == ""
    expect(form.locator("input[name=confirm]")).to_have_count(1)
    table.phase_bar_names_windows(page)
    table.nominate("Грач", "Ёж")
    table.nominate("Ёж", "Грач")
    table.fire("nominations_close")
    page = table.pages["Сова"]
    table.open_room(page, "Day 1")
    expect(page.locator("main")).to_contain_text("Only today's candidates speak now")
    expect(page.locator("#post-body")).to_have_count(0)
    table.shot(page, "piter-defence-not-offered")
    table.post("Ёж", "Day 1", "Я честный горожанин.")
    table.fire("defence_close")
    for voter, choice in (("Грач", "Ёж"), ("Бюро", "Ёж"), ("Рысь", "Ёж"), ("Ёж", "Грач"), ("Сова", "Грач")):
        table.vote(voter, choice)
    table.vote("Лис", "Грач")
    table.fire("day_deadline")
    page = vote_page(table, "Сова")
    expect(page.locator("p.revote")).to_contain_text("Tie between")
    expect(page.locator("form.vote-form")).to_have_count(0)  # the tied speak first
    table.post("Ёж", "Day 1", "Ещё минута: я честный.")
    table.fire("revote_speech_close")
    for voter in ("Грач", "Бюро", "Рысь", "Сова"):
        table.vote(voter, "Ёж")
    table.fire("revote_deadline")
    assert not table.game().players.get(nickname="Ёж").alive


def test_piter_day_and_night_as_the_document_says(seat_table) -> None:
    """PITER-031 the compulsory night turn explained in the cabinet; day 1
    (``piter_day_one``); night 2 the Bureaucrat is offered his block, not
    the clan's shot (PITER-040, PITER-044); the morning's 50/50 leaves the
    killed citizen as the Ghost (PITER-091, PITER-092), who is offered his
    pick only once day 2's vote has tied, among the tied, until the tied
    players' extra minute closes; having picked, no re-vote is held: his
    pick executes (PITER-093)."""
    table = seat_table("piter", PITER)
    table.fire_phase()  # PITER-003 the acquaintance night
    journalist = table.abilities_explained("Лис")
    expect(journalist.locator(".role-card")).to_contain_text("Your night turn is compulsory")
    piter_day_one(table)

    assert table.phase().key == "night-2"
    bureaucrat = table.cabinet("Бюро")
    expect(table.form_of(bureaucrat, "kill")).to_have_count(0)
    expect(table.form_of(bureaucrat, "block")).to_have_count(1)
    table.shot(bureaucrat, "piter-bureaucrat-no-kill")
    table.hand_in("Бюро", "block", "Сова")
    table.hand_in("Грач", "kill", "Сова")
    table.hand_in("Рысь", "heal", "Лис")
    page = table.cabinet("Лис")
    form = table.form_of(page, "compare")
    form.locator("select[name=target0]").select_option("Грач")
    form.locator("select[name=target1]").select_option("Бюро")
    tick_confirm(form)
    form.get_by_role("button", name="Hand in").click()
    expect(page.locator(".messages")).to_contain_text("Your choice was handed in")
    table.fire_phase()

    assert table.phase().key == "day-2"
    ghost = table.cabinet("Сова")
    expect(ghost.locator("main")).to_contain_text("If the vote splits evenly, you choose here")
    expect(table.form_of(ghost, "ghost_pick")).to_have_count(0)
    table.shot(ghost, "piter-ghost-waits")
    table.fire("nominations_open")
    table.nominate("Грач", "Рысь")
    table.nominate("Рысь", "Грач")
    table.fire("nominations_close")
    table.fire("defence_close")
    for voter, choice in (("Грач", "Рысь"), ("Бюро", "Рысь"), ("Рысь", "Грач"), ("Лис", "Грач")):
        table.vote(voter, choice)
    table.fire("day_deadline")
    page = vote_page(table, "Лис")
    expect(page.locator("main")).to_contain_text("Сова chooses which of them leaves the table")
    expect(page.locator("form.vote-form")).to_have_count(0)
    ghost = table.cabinet("Сова")
    assert sorted(offered(table.form_of(ghost, "ghost_pick"))) == ["Грач", "Рысь"]
    table.hand_in("Сова", "ghost_pick", "Грач")
    table.fire("revote_speech_close")
    page = vote_page(table, "Лис")
    expect(page.locator("main")).to_contain_text("the vote is not repeated; Сова has chosen")
    expect(page.locator("form.vote-form")).to_have_count(0)
    table.fire("revote_deadline")
    game = table.game()
    assert not game.players.get(nickname="Грач").alive and game.players.get(nickname="Рысь").alive


COSMO = {"Ракета": "mafioso", "Судья": "judge", "Луна": "citizen", "Орбита": "citizen", "Комета": "citizen"}
COSMO["Спутник"] = "commissar"


def test_cosmo_day_and_night_as_the_document_says(seat_table) -> None:
    """Day 1: «Кандидат» nominations (COSMO-007) and votes; the Judge's
    verdict form offers "Nobody" with nothing preselected and asks for a
    confirmation (COSMO-016, COSMO-031); given, it is public in the vote
    thread at once, cannot be withdrawn, and the vote closes: nobody is
    jailed and night 1 opens (COSMO-030). Night 1: the mafia's kill vote
    and the commissar's check in their cabinets; by morning the victim is
    out and the commissar reads his result."""
    table = seat_table("cosmo", COSMO)
    table.fire_phase()  # COSMO-005 the acquaintance night
    table.phase_bar_names_windows(vote_page(table, "Орбита"))
    table.nominate("Луна", "Ракета")
    table.nominate("Ракета", "Луна")
    table.fire("discussion")
    table.vote("Луна", "Ракета")
    table.vote("Ракета", "Луна")
    judge = table.abilities_explained("Судья")
    verdict = table.form_of(judge, "judge_verdict")
    assert first_option(verdict) == ""
    assert "Nobody" in offered(verdict)
    expect(verdict.locator("input[name=confirm]")).to_have_attribute("required", "")
    verdict.locator("select[name=target0]").select_option(label="Nobody")
    tick_confirm(verdict)
    verdict.get_by_role("button", name="Hand in").click()
    expect(judge.locator(".messages")).to_contain_text("made in public and posted in the vote thread")
    table.shot(judge, "cosmo-verdict-given")
    page = vote_page(table, "Орбита")
    expect(page.locator("article.host-post").last).to_contain_text("Nobody is jailed today.")
    expect(page.locator("form.vote-form")).to_have_count(0)
    table.shot(page, "cosmo-verdict-public")
    assert table.phase().key == "night-1"
    judge = table.cabinet("Судья")
    expect(judge.get_by_role("button", name="withdraw")).to_have_count(0)

    table.hand_in("Ракета", "kill_vote", "Луна")
    table.hand_in("Спутник", "check", "Ракета")
    table.fire_phase()
    assert table.phase().key == "day-2"
    page.goto(f"/g/{table.slug}/")
    expect(page.locator("ul.players li.out")).to_have_text(["Луна (out)"])
    commissar = table.cabinet("Спутник")
    expect(commissar.locator("#posts article").last).to_contain_text("Ракета")
    table.shot(commissar, "cosmo-check-result")


CLASSIC = {"Дон": "mafioso", "Аня": "citizen", "Боря": "citizen", "Вика": "citizen", "Гоша": "citizen"}
CLASSIC |= {"Док": "doctor", "Путана": "putana"}


def test_classic_day_and_night_as_the_document_says(seat_table) -> None:
    """Day 1: the vote page says a lynch needs more than half of the living
    players entitled to vote, and a plurality of 3 of 7 lynches nobody, the
    results saying why (CLASSIC-012, CLASSIC-013). Night 1: the mafia's
    kill, the doctor's heal and the putana's visit in the cabinets. Day 2:
    the player the putana visited reads why he does not vote and gets no
    vote form (CLASSIC-035); the others keep theirs."""
    table = seat_table("classic", CLASSIC)
    table.fire_phase()  # CLASSIC-007 the acquaintance night
    page = vote_page(table, "Вика")
    expect(page.locator("main")).to_contain_text("more than half of the living players entitled to vote")
    table.phase_bar_names_windows(page)
    for voter in ("Аня", "Боря", "Вика"):
        table.vote(voter, "Дон")
    for voter, choice in (("Дон", "Гоша"), ("Гоша", "Боря")):
        table.vote(voter, choice)
    table.fire_phase()
    page.reload()
    expect(page.locator("article.host-post").last).to_contain_text("Nobody reached a majority of the 7 players")
    table.shot(page, "classic-no-majority")

    table.abilities_explained("Путана")
    table.hand_in("Путана", "visit", "Аня")
    table.hand_in("Дон", "kill", "Гоша")
    table.hand_in("Док", "heal", "Вика")
    table.fire_phase()
    visited = vote_page(table, "Аня")
    expect(visited.locator("form.vote-form")).to_have_count(0)
    expect(visited.locator(".vote-refusal")).to_contain_text("putana")
    table.shot(visited, "classic-putana-no-vote-form")
    expect(vote_page(table, "Вика").locator("form.vote-form")).to_have_count(1)


WEREWOLF = {"狼一": "werewolf", "乱民": "rioter", "混血": "mixed_blood", "预言家": "seer", "女巫": "witch"}
WEREWOLF |= {"村民甲": "villager", "村民乙": "villager"}


def werewolf_day_one(table: Table) -> None:
    """The set-up step: the mixed-blood supports the werewolf and joins his
    camp (WW18-042). Day 1: only the werewolf sits in the wolves' room; the
    rioter and the mixed-blood get no team room (WW18-018); nobody wrote
    five posts nor voted, so each reads his yellow cards (潜水, WW18-067)
    in his cabinet when the day closes (WW18-069)."""
    table.hand_in("混血", "support", "狼一")
    table.fire_phase()
    wolf = table.pages["狼一"]
    wolf.goto(f"/g/{table.slug}/")
    expect(wolf.get_by_role("link", name=re.compile("^Team room"))).to_have_count(1)
    wolf.get_by_role("link", name=re.compile("^Team room")).click()
    expect(wolf.locator("main")).not_to_contain_text("乱民")
    expect(wolf.locator("main")).not_to_contain_text("混血")
    for name in ("乱民", "混血"):
        page = table.pages[name]
        page.goto(f"/g/{table.slug}/")
        expect(page.get_by_role("link", name=re.compile("^Team room"))).to_have_count(0)
    table.phase_bar_names_windows(vote_page(table, "村民甲"))
    table.fire_phase()
    cabinet = table.cabinet("村民乙")
    expect(cabinet.locator("#posts")).to_contain_text("潜水")
    table.shot(cabinet, "werewolf18-card-in-cabinet")


def test_werewolf18_day_and_night_as_the_document_says(seat_table) -> None:
    """The "Host a game" form starts werewolf18 in the document's time zone,
    Asia/Shanghai (WW18-072); day 1 (``werewolf_day_one``); night 1 the
    knife is the werewolf's alone, never the rioter's nor the
    mixed-blood's (WW18-019). Day 2 in a Chinese game: a vote needs its
    reason; a change is posted as «改票对象/改票理由», quoting the vote
    (WW18-065); an abstention reads 弃权; once the game is accelerated every
    change is void, named so beside the count, and the public count is the
    count of the result (WW18-068, «所有改票作废»); a Chinese reader's host
    is 法官."""
    table = seat_table("werewolf18", WEREWOLF, language="zh-hans")
    page = table.host
    page.goto("/games/new/?ruleset=werewolf18")
    expect(page.locator("#id_timezone")).to_have_value("Asia/Shanghai")
    werewolf_day_one(table)

    assert table.phase().kind == "night"
    for name in ("乱民", "混血"):
        expect(table.form_of(table.cabinet(name), "kill")).to_have_count(0)
    table.abilities_explained("女巫")
    table.hand_in("狼一", "kill", "村民甲")
    table.hand_in("预言家", "check", "狼一")
    table.fire_phase()

    page = vote_page(table, "预言家")
    form = page.locator("form.vote-form")
    form.locator("select[name=target]").select_option(label="狼一")
    form.locator("textarea[name=reason]").fill("   ")
    form.locator("button[type=submit]").click()
    expect(page.locator("main")).to_contain_text("Give the reason for your vote")
    table.vote("预言家", "狼一")
    table.vote("预言家", "乱民")  # the one change
    change = page.locator("article.post").last
    expect(change.locator("blockquote")).to_contain_text("狼一")
    expect(change).to_contain_text("改票对象：乱民")
    expect(change).to_contain_text("改票理由：")
    table.vote("女巫", "Abstain", "abstention is counted")
    for voter, choice in (("村民乙", "狼一"), ("混血", "狼一"), ("狼一", "村民乙"), ("乱民", "村民乙")):
        table.vote(voter, choice)
    reader = vote_page(table, "村民乙")
    switch_language(reader, "zh-hans")
    count = reader.locator("#vote-count")
    expect(count).to_contain_text(re.compile("弃权[:：] ?女巫"))
    expect(count).not_to_contain_text("弃票")
    expect(count).to_contain_text(re.compile("乱民[:：] ?1"))
    for name in ("预言家", "女巫", "混血", "乱民"):
        asker = table.pages[name]
        asker.goto(f"/g/{table.slug}/")
        asker.locator("section.acceleration button[type=submit]").click()
        expect(asker.locator(".messages")).to_contain_text(re.compile("acceleration|accelerated|加速"))
    reader.reload()
    expect(count).to_contain_text(re.compile("狼一[:：] ?3"))
    expect(count.locator("ol li strong")).to_have_text(["狼一", "村民乙"])  # no row for 乱民
    expect(count).to_contain_text(re.compile("改票作废.*预言家"))
    table.shot(reader, "werewolf18-accelerated-count")
    table.fire_phase()
    reader.reload()
    results = reader.locator("article.host-post").last
    expect(results).to_contain_text("狼一")
    expect(results).to_contain_text(re.compile("狼一 — 3"))
    expect(results).to_contain_text("弃权：女巫")
    expect(results).not_to_contain_text("弃票")
    assert not table.game().players.get(nickname="狼一").alive
    cabinet = table.cabinet("村民乙")
    expect(cabinet.locator("main")).to_contain_text("法官")
    expect(cabinet.locator("main")).not_to_contain_text("主持人")
    table.shot(cabinet, "werewolf18-host-is-faguan")
