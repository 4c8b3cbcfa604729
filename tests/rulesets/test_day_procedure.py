"""Each ruleset declares its forum day's vote law and counts votes publicly
(the web app reads these, never a document's rules of its own)."""

from __future__ import annotations

import pytest

import rulesets
from rulesets.core import Ballot, GameState, PlayerState
from rulesets.core.day import CHANGE_LAWS, LAST_COUNTS, NEVER, ONCE, standing

IDS = ["forum", "piter", "classic", "cosmo", "werewolf18"]


@pytest.mark.parametrize("ruleset_id", IDS)
def test_every_ruleset_declares_its_vote_law_with_a_rule_and_words(ruleset_id: str) -> None:
    ruleset = rulesets.get(ruleset_id)
    day = ruleset.DAY
    assert day.change in CHANGE_LAWS
    assert day.rule
    assert day.law.get("en") and day.law.get(ruleset.language)
    assert ruleset.describe()["day"]["change"] == day.change


def test_the_documents_vote_laws() -> None:
    """FORUM-019 never; piter and cosmo §2 the first counts; classic §2 the
    last counts; werewolf18 one change (WW18-065) with abstention."""
    laws = {r: rulesets.get(r).DAY for r in IDS}
    assert [laws[r].change for r in IDS] == [NEVER, NEVER, LAST_COUNTS, NEVER, ONCE]
    assert [r for r in IDS if laws[r].abstain] == ["werewolf18"]
    assert laws["werewolf18"].no_change_after == "no_vote_change"
    assert laws["cosmo"].revote_words == ("jail", "spare")


def test_the_first_ballot_stands_where_a_vote_never_changes_and_the_last_elsewhere() -> None:
    ballots = [Ballot("A", "B"), Ballot("C", "B"), Ballot("A", "C"), Ballot("C", None, "revote")]
    assert standing(ballots, NEVER) == {"A": "B", "C": "B"}
    assert standing(ballots, LAST_COUNTS) == {"A": "C", "C": "B"}
    assert standing(ballots, LAST_COUNTS, "revote") == {"C": None}


def _state(ruleset_id: str, roles: dict[str, str], **memory) -> GameState:
    ruleset = rulesets.get(ruleset_id)
    players = {name: PlayerState(name, role, ruleset.ROLES[role].team) for name, role in roles.items()}
    state = GameState(ruleset_id, ruleset.VARIANTS[0] if ruleset.VARIANTS else None, {}, players, seed=1)
    state.memory.update(memory)
    return state


FORUM_TABLE = {"A": "don", "B": "cop", "C": "citizen", "D": "citizen", "E": "mafioso"}


def test_forum_count_is_one_vote_one_point_and_lists_who_has_not_voted() -> None:
    ruleset = rulesets.get("forum")
    state = _state("forum", FORUM_TABLE)
    count = ruleset.vote_count(state, [Ballot("A", "C"), Ballot("B", "C"), Ballot("C", "A"), Ballot("A", "B")])
    assert [(r.target, r.weight, r.voters) for r in count.rows] == [("C", 2, ("A", "B")), ("A", 1, ("C",))]
    assert count.not_voted == ["D", "E"]
    assert count.tied == ()


def test_forum_warns_the_host_of_the_autokills_the_deadline_brings() -> None:
    """FORUM-163 (no vote) and FORUM-160 (a vote for oneself)."""
    ruleset = rulesets.get("forum")
    state = _state("forum", FORUM_TABLE)
    warnings = ruleset.day_warnings(state, [Ballot("A", "A"), Ballot("B", "C"), Ballot("C", "B")])
    assert warnings == [("A", "warn_self_vote"), ("D", "warn_no_vote"), ("E", "warn_no_vote")]
    assert "autokill" in ruleset.message("warn_no_vote")


def test_a_tie_is_shown_as_a_tie() -> None:
    ruleset = rulesets.get("classic")
    state = _state("classic", {"A": "mafioso", "B": "citizen", "C": "citizen", "D": "citizen"})
    count = ruleset.vote_count(state, [Ballot("A", "B"), Ballot("B", "A")])
    assert count.tied == ("B", "A")


WW18_TABLE = {"S": "villager", "T": "villager", "U": "werewolf", "V": "seer", "W": "villager"}


def test_werewolf18_shows_the_sheriffs_one_and_a_half_votes_from_day_2() -> None:
    """WW18-047: the badge is public, so its weight is in the public count."""
    ruleset = rulesets.get("werewolf18")
    state = _state("werewolf18", WW18_TABLE, sheriff="S")
    state.day = 2
    count = ruleset.vote_count(state, [Ballot("S", "U"), Ballot("T", "V"), Ballot("W", None)])
    assert [(r.target, r.weight) for r in count.rows] == [("U", 1.5), ("V", 1)]
    assert count.abstained == ["W"]
    assert count.notes == [("sheriff_weight", "S")]
    state.day = 1
    assert ruleset.vote_count(state, [Ballot("S", "U"), Ballot("T", "V")]).tied == ("U", "V")
    # During day 2, before it resolves, the state still says day 1 after
    # night 1: the public count already weighs the badge, as the results will.
    state.phase, state.steps_played = "night", 3
    count = ruleset.vote_count(state, [Ballot("S", "U"), Ballot("T", "V")])
    assert [(r.target, r.weight) for r in count.rows] == [("U", 1.5), ("V", 1)]


def test_werewolf18_counts_a_changed_vote_and_hands_the_engine_the_casting_order() -> None:
    """WW18-065: one change; the engine reads the order as ``vote_log``."""
    ruleset = rulesets.get("werewolf18")
    state = _state("werewolf18", WW18_TABLE)
    ballots = [Ballot("S", "U"), Ballot("T", "U"), Ballot("S", "V")]
    assert sorted((r.target, r.voters) for r in ruleset.vote_count(state, ballots).rows) == [
        ("U", ("T",)),
        ("V", ("S",)),
    ]
    assert ruleset.day_votes(state, ballots)["extra"]["vote_log"] == [
        {"voter": "S", "target": "U"},
        {"voter": "T", "target": "U"},
        {"voter": "S", "target": "V"},
    ]


def test_a_revealed_idiot_may_not_vote_nor_be_voted_for() -> None:
    """WW18-034, WW18-048."""
    ruleset = rulesets.get("werewolf18")
    state = _state("werewolf18", {**WW18_TABLE, "I": "idiot"})
    state.players["I"].counters["revealed"] = True
    assert "I" not in ruleset.vote_choices(state, "S")
    assert ruleset.vote_choices(state, "I") == []


def test_the_base_contract_modkills_and_opens_one_room_per_team_with_a_room() -> None:
    """Every document lets the host remove a player; other penalties are the
    document's own, refused elsewhere."""
    ruleset = rulesets.get("classic")
    state = _state("classic", {"A": "mafioso", "B": "citizen", "C": "citizen", "D": "mafioso"})
    assert list(ruleset.PENALTIES) == ["disqualify"]
    with pytest.raises(rulesets.core.RulesError):
        ruleset.apply_penalty(state, "demote", "A")
    outcome = ruleset.apply_penalty(state, "disqualify", "A")
    assert outcome.out == ["A"] and state.players["A"].alive
    assert ruleset.team_rooms(state) == {"mafia": ["A", "D"]}
