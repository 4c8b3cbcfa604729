"""The replay of a finished game in a browser: every ruleset's demo game
(``manage.py demo``) played to its winner by the same flow calls as
tests/games/test_every_ruleset.py, then its replay read by a logged-out
visitor: each night's reveals match the game's own choices (who, which
ability, on whom) with the rules' outcome sentence; each day's vote-flow
picture is drawn and its table lists every ballot of the day as cast;
axe-core finds no serious or critical violation; the page fits a 390 px
wide phone."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from games import flow, trace_texts
from games.management.commands.demo import TABLES
from games.models import Action, Game, Phase, Resolution, Vote
from tests.games.test_archive import finished_demo_game

from .test_accessibility import BLOCKING, PHONE, check, fits_the_phone, without_csp
from .test_languages import readme_shot

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("table", TABLES, ids=[f"{t.ruleset}-{t.variant or t.seats}" for t in TABLES])
def test_a_finished_game_replay_reveals_every_choice_and_vote_passes_axe_and_fits_a_phone(
    transactional_db, live_server, new_context, screenshots, table
) -> None:
    game = finished_demo_game(table.title)
    ruleset_id = table.ruleset
    ruleset = flow.ruleset_of(game)

    visitor = without_csp(new_context)(base_url=live_server.url, locale="en-US").new_page()
    visitor.goto(reverse("game", args=[game.slug]))
    visitor.get_by_role("link", name="Replay: every choice and role").click()
    expect(visitor.locator("h1")).to_contain_text("Replay")
    screenshots(visitor, f"replay-{ruleset_id}")

    nights = game.phases.filter(kind=Phase.Kind.NIGHT, resolved_at__isnull=False)
    revealed = 0
    for night in nights:
        section = visitor.locator(f"section#{night.key}")
        choices = section.locator("ul.replay-choices > li.choice")
        actions = list(Action.objects.filter(phase=night).select_related("actor"))
        expect(choices).to_have_count(len(actions))
        trace = [t for r in Resolution.objects.filter(deadline__phase=night) for t in r.outcome.get("trace", [])]
        with translation.override("en"):
            lines = {
                id(entry): line.text for entry, line in zip(trace, trace_texts.trace_lines(ruleset, trace), strict=True)
            }
        for action in actions:
            ability = ruleset.ABILITIES[action.ability].name["en"]
            heading = f"{action.actor.nickname} ("
            # The choice's own line, not its outcome: another actor's outcome
            # may name this one before a parenthesis ("Miss Lark votes to
            # kill Widow Marsh (COSMO-046)").
            head = visitor.locator("p.choice-head").filter(has_text=heading)
            choice = choices.filter(has=head.filter(has_text=f"{ability} → {', '.join(action.targets)}"))
            expect(choice).to_have_count(1)
            for entry in trace:
                data = entry.get("action") or {}
                same = data.get("ability") == action.ability and (
                    data.get("team") == action.team if action.team else data.get("actor") == action.actor.nickname
                )
                if same:
                    expect(choice.locator("ol.trace")).to_contain_text(lines[id(entry)])
                    revealed += 1
    assert revealed, "no night choice with an outcome was played"
    assert_vote_flows_list_every_ballot(visitor, game)
    take_readme_shot(visitor, game, ruleset_id)

    found: dict[str, list[str]] = {}
    check(visitor, "replay", found)
    blocking = [line for impact in BLOCKING for line in found.get(impact, [])]
    assert not blocking, "serious or critical accessibility violations:\n" + "\n".join(blocking)

    visitor.set_viewport_size(PHONE)
    visitor.reload()
    screenshots(visitor, f"phone-replay-{ruleset_id}")
    assert fits_the_phone(visitor) <= PHONE["width"]


def assert_vote_flows_list_every_ballot(visitor, game: Game) -> None:
    """Each resolved day's vote-flow section draws a picture once a ballot
    was cast, and its step tables hold one row per ballot of the day (each
    vote, change, nomination and re-vote, as stored), naming the voter and
    his choice."""
    days = game.phases.filter(kind=Phase.Kind.DAY, resolved_at__isnull=False)
    drawn = 0
    for day in days:
        ballots = list(
            Vote.objects.filter(game=game, day=day.number, vote_round=day.vote_round).select_related("voter", "target")
        )
        section = visitor.locator(f"section#{day.key}")
        rows = section.locator("table.vote-flow-steps tbody tr").filter(has_not_text="The host")
        expect(rows).to_have_count(len(ballots))
        if ballots:
            expect(section.locator("svg.vote-flow-chart").first).to_be_visible()
            drawn += 1
        for ballot in ballots:
            row = rows.filter(has=visitor.locator("th", has_text=ballot.voter.nickname))
            if ballot.target_id:
                row = row.filter(has_text=ballot.target.nickname)
            expect(row.first).to_be_visible()
    assert drawn, "no day had a ballot to draw"


# The README's replay screenshots (``scripts/readme-screenshots``): the part
# of the replay each ruleset shows best.
README_PARTS = {
    "forum": ("vote-flow-day-1", "replay-forum-vote-flow"),
    "werewolf18": ("night-1", "replay-werewolf18-night"),
    "piter": ("day-1", "replay-piter-day"),
}


def take_readme_shot(visitor, game: Game, ruleset_id: str) -> None:
    """The README screenshot of this ruleset's replay (``README_PARTS``),
    scrolled to its part, taken only when ``MAFIA_README_SCREENSHOTS=1``."""
    if ruleset_id not in README_PARTS or game.variant == "three_sided":
        return
    anchor, name = README_PARTS[ruleset_id]
    visitor.evaluate(f"document.getElementById({anchor!r}).scrollIntoView()")
    readme_shot(visitor, name)
