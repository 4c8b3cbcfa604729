"""Each ruleset's own day, step by step in a real browser, beyond what
``test_every_ruleset`` plays: the forum's three-sided variant to its
winner; cosmo's re-vote «посадить всех» / «пощадить всех» tied again and
settled by the published coin; werewolf18's witch told the knife and the
hunter's shot handed in after the vote that removed him.

The tables are dealt by hand as in ``test_every_ruleset`` (its ``Table``);
every deadline is fired by the tick with the deadline's own time.
Screenshots of each step go to ``test-artifacts/e2e/<timestamp>/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games import flow
from games.names import card_name, role_name, team_name
from games.trace_texts import said_text
from rulesets.core.said import said

from .test_every_ruleset import Table

pytestmark = [pytest.mark.e2e]


def results_post(page: Page, heading: str):
    """The host's results post headed ``heading`` in the open thread."""
    return page.locator("article.host-post", has_text=heading).last


def role(table: Table, role_id: str) -> str:
    return role_name(flow.ruleset_of(table.game()), role_id)


def card(table: Table, role_id: str, team_id: str) -> str:
    """A revealed card as the results post names it (FORUM-014: the team too)."""
    return card_name(flow.ruleset_of(table.game()), role_id, team_id)


def team(table: Table, team_id: str) -> str:
    return team_name(flow.ruleset_of(table.game()), team_id)


FORUM_THREE = {
    "Бенни": ("don", "mafia"),
    "Манн": ("don", "maniacs"),
    "Коп": ("cop", "town"),
    "Док": ("doctor", "town"),
    "Мира": ("citizen", "town"),
    "Лада": ("citizen", "town"),
}


def test_forum_three_sided_game_is_played_to_its_winner(seat_table) -> None:
    """FORUM-002/004 two criminal teams, each in its own room and led by a
    Don (FORUM-033); FORUM-014 the day's top player leaves, his card
    revealed; FORUM-021 a team's night kill, FORUM-052 the Doctor's patient
    survives it (announced, FORUM-180), FORUM-026 the Cop's shot kills a criminal; FORUM-171 the
    town wins once both teams are out."""
    table = seat_table("forum", FORUM_THREE, "three_sided")
    assert table.phase().key == "day-1"
    maniacs = table.pages["Манн"]
    maniacs.goto(f"/g/{table.slug}/")
    expect(maniacs.get_by_role("link", name="Team room: Maniacs", exact=True)).to_be_visible()
    expect(maniacs.get_by_role("link", name="Team room: Mafia", exact=True)).to_have_count(0)
    table.shot(maniacs, "forum3-maniacs-rooms")
    table.post("Бенни", "Team room: Mafia", "Мафы на месте.")
    table.post("Манн", "Team room: Maniacs", "Маны на месте.")
    table.vote("Бенни", "Мира")
    for voter in ("Манн", "Коп", "Док", "Мира", "Лада"):
        table.vote(voter, "Бенни")
    page = table.pages["Лада"]
    expect(page.locator("#vote-count")).to_contain_text("Бенни: 5")
    table.shot(page, "forum3-vote")
    table.fire_phase()
    page.reload()
    expect(results_post(page, "Results of the vote, day 1")).to_contain_text(
        f"Бенни was eliminated by the vote. Role: {card(table, 'don', 'mafia')}."
    )
    table.shot(page, "forum3-vote-results")
    assert table.phase().key == "night-1"
    table.hand_in("Манн", "kill", "Мира")
    table.hand_in("Коп", "shoot", "Манн")
    table.hand_in("Док", "heal", "Мира")
    table.fire_phase()
    table.finished("town")
    page = table.pages["Лада"]
    expect(page.locator("p.winner")).to_contain_text("Winner: Town")
    page.get_by_role("link", name="Day 1", exact=True).click()  # the last day thread
    night = results_post(page, "Results of night 1")
    expect(night).to_contain_text(f"Манн was killed tonight. Role: {card(table, 'don', 'maniacs')}.")
    # FORUM-180; the team by its declared name, as the results post names teams.
    expect(night).to_contain_text("The Maniacs attacked Мира, but the Doctor foiled the attack")
    final = results_post(page, "Roles:")
    expect(final).to_contain_text("The game is over: Town win.")
    expect(final).to_contain_text(f"Бенни — {role(table, 'don')}, Mafia")
    expect(final).to_contain_text(f"Манн — {role(table, 'don')}, Maniacs")
    table.shot(page, "forum3-final-post")


COSMO = {"Ракета": "mafioso", "Луна": "citizen", "Орбита": "citizen", "Комета": "citizen", "Звезда": "citizen"}
COSMO["Спутник"] = "commissar"
JAIL, SPARE = "Jail them all («посадить всех»)", "Spare them all («пощадить всех»)"


def test_cosmo_tied_revote_goes_to_the_published_coin(seat_table) -> None:
    """COSMO-012 a tie for the most votes; COSMO-013 the re-vote «посадить
    всех» / «пощадить всех» ties again; COSMO-014 the coin settles it and
    its side is published with the results; the game goes on to COSMO-021,
    the town's win."""
    table = seat_table("cosmo", COSMO)
    table.fire_phase()  # COSMO-005 the acquaintance night
    table.nominate("Луна", "Ракета")
    table.nominate("Ракета", "Луна")
    table.fire("discussion")
    for voter in ("Луна", "Орбита", "Комета"):
        table.vote(voter, "Ракета")
    for voter in ("Ракета", "Звезда", "Спутник"):
        table.vote(voter, "Луна")
    table.fire("vote")
    page = table.pages["Орбита"]
    page.reload()
    expect(page.locator("p.revote")).to_contain_text("Tie between")
    for voter in ("Луна", "Орбита", "Комета"):
        table.vote(voter, JAIL, "re-vote is counted")
    for voter in ("Ракета", "Звезда", "Спутник"):
        table.vote(voter, SPARE, "re-vote is counted")
    table.shot(page, "cosmo-revote-tied")
    table.fire("revote")
    page.reload()
    results = results_post(page, "Results of the vote, day 1")
    # COSMO-014: the coin's side in the document's words («посадить всех» / «пощадить всех»).
    sides = {JAIL: "jail", SPARE: "spare"}
    labels = "|".join(re.escape(label) for label in sides)
    expect(results).to_contain_text(re.compile(rf"The re-vote tied; the coin says: ({labels})\."))
    coin = sides[re.search(rf"the coin says: ({labels})", results.inner_text()).group(1)]
    table.shot(page, f"cosmo-coin-{coin}")
    if coin == "jail":
        for name, role_id in (("Ракета", "mafioso"), ("Луна", "citizen")):
            # COSMO-014: jailed by the coin, said so (not "by the vote").
            jailed = said("cosmo.jailed_by_coin", player=name, role=role_id)
            expect(results).to_contain_text(said_text(flow.ruleset_of(table.game()), jailed))
        expect(results).to_contain_text(f"The game is over: {team(table, 'town')} win.")
    else:
        expect(results).to_contain_text("Ракета, Луна are spared.")
        table.hand_in("Ракета", "kill_vote", "Звезда")
        table.hand_in("Спутник", "check", "Ракета")
        table.fire_phase()
        table.nominate("Спутник", "Ракета")
        table.fire("discussion")
        for voter in ("Луна", "Орбита", "Комета", "Спутник"):
            table.vote(voter, "Ракета")
        table.fire("vote")
        page.goto(f"/g/{table.slug}/")
        page.get_by_role("link", name="Vote, day 2", exact=True).click()
        jailed = said("cosmo.jailed_by_vote", player="Ракета", role="mafioso", n="4")
        expect(results_post(page, "Results of the vote, day 2")).to_contain_text(
            said_text(flow.ruleset_of(table.game()), jailed)
        )
    table.finished("town")


WEREWOLF = {"狼一": "werewolf", "预言家": "seer", "女巫": "witch", "猎人": "hunter", "村民甲": "villager"}
WEREWOLF["村民乙"] = "villager"


def test_werewolf18_witch_told_the_knife_and_hunter_shoots_after_the_vote(seat_table) -> None:
    """WW18-006/046 day 1 elects the sheriff; WW18-023 the witch is told in
    her cabinet whom the wolves knifed, WW18-024 her antidote saves him;
    WW18-007 day 2 votes out the hunter, who hands in his shot (WW18-031)
    from his cabinet within 30 minutes of the close (WW18-071): the last
    wolf leaves, the village wins (WW18-050)."""
    table = seat_table("werewolf18", WEREWOLF)
    table.fire_phase()  # the set-up step
    for voter in WEREWOLF:
        table.vote(voter, "预言家")
    table.fire_phase()
    page = table.pages["村民乙"]
    page.reload()
    expect(results_post(page, "Results of the vote, day 1")).to_contain_text("预言家 is elected sheriff.")
    table.shot(page, "werewolf18-sheriff-elected")

    table.hand_in("狼一", "kill", "村民甲")
    table.hand_in("预言家", "check", "狼一")
    table.fire("night_actions")
    witch = table.pages["女巫"]
    witch.goto(f"/g/{table.slug}/cabinet/")
    expect(witch.locator("#posts article").last).to_contain_text("Result: 村民甲 — attacked tonight")
    table.shot(witch, "werewolf18-witch-told")
    table.hand_in("女巫", "save", "村民甲")
    table.fire_phase()
    page.goto(f"/g/{table.slug}/")
    page.get_by_role("link", name="Day 2", exact=True).click()
    expect(results_post(page, "Results of night 1")).to_contain_text("Nobody left the game.")
    table.shot(page, "werewolf18-saved")

    for voter in ("狼一", "女巫", "村民甲", "村民乙"):
        table.vote(voter, "猎人")
    for voter in ("预言家", "猎人"):
        table.vote(voter, "狼一")
    table.fire("vote")
    hunter = table.pages["猎人"]
    table.open_room(hunter, "Vote, day 2")
    expect(hunter.locator("#vote-count")).to_contain_text("猎人: 4")
    expect(hunter.locator("#vote-count")).to_contain_text("狼一: 2.5")  # the sheriff's 1.5
    expect(hunter.locator("form.vote-form")).to_have_count(0)
    table.shot(hunter, "werewolf18-hunter-voted-out")
    table.hand_in("猎人", "shoot", "狼一")
    table.fire("exit_orders")
    table.open_room(hunter, "Vote, day 2")
    results = results_post(hunter, "Results of the vote, day 2")
    expect(results).to_contain_text("猎人 was eliminated by the vote.")
    expect(results).to_contain_text("狼一 was shot and left the game.")
    table.shot(hunter, "werewolf18-hunter-shot")
    table.finished("village")


CLASSIC_BLIND = {
    "Дон": "mafioso",
    "Аня": "citizen",
    "Боря": "citizen",
    "Вика": "citizen",
    "Гоша": "citizen",
    "Док": "doctor",
}


def test_classic_blind_day_holds_two_lynch_votes_and_the_host_puts_candidates(seat_table) -> None:
    """CLASSIC-066 (``blind_multi_lynch`` = 2, picked on "Host a game"): the
    day's second lynch vote opens in the same vote thread after the first
    one's results, with the cards hidden (CLASSIC-065); CLASSIC-011: the
    host puts two players to the second vote from the dashboard and the
    vote form then offers only them."""
    table = seat_table("classic", CLASSIC_BLIND, options={"blind_multi_lynch": "2"})
    table.fire_phase()  # the acquaintance night (CLASSIC-007)
    for voter in ("Дон", "Аня", "Боря", "Вика"):
        table.vote(voter, "Гоша")
    table.fire_phase()
    game = table.game()
    assert table.phase().key == "day-1.2"
    page = table.pages["Аня"]
    table.open_room(page, "Vote, day 1")
    expect(page.locator("#phase-bar")).to_contain_text("lynch vote 2")
    first = results_post(page, "Results of the vote, day 1")
    expect(first).to_contain_text("Гоша")
    expect(first).to_contain_text("not revealed")
    table.shot(page, "classic-blind-second-vote")
    host = table.host
    host.goto(f"/g/{table.slug}/host/")
    host.reload()  # the dashboard was open since the start
    form = host.locator("form.candidates-form")
    form.get_by_label("Дон").check()
    form.get_by_label("Боря").check()
    form.get_by_role("button", name="Publish the candidates").click()
    expect(host.locator(".messages")).to_contain_text("The candidates are published.")
    table.shot(host, "classic-host-candidates")
    page.reload()
    expect(page.locator("p.candidates")).to_contain_text("Дон, Боря")
    options = page.locator("form.vote-form select[name=target] option").all_inner_texts()
    assert [o for o in options if o.strip() and not o.startswith(("-", "—"))] == ["Дон", "Боря"]
    for voter in ("Аня", "Боря", "Вика", "Док"):
        table.vote(voter, "Дон")
    table.fire_phase()
    game.refresh_from_db()
    table.finished("town")
    page.goto(f"/g/{table.slug}/")
    table.open_room(page, "Vote, day 1")
    expect(page.locator("article.host-post").last).to_contain_text("Дон")
    table.shot(page, "classic-blind-second-results")
