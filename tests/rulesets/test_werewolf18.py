"""werewolf18 rulings that scenarios cannot express: the deal, declarations,
trace and announcements, validation messages, random badges, malformed
input and random play. Each docstring names the rule it pins."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import rulesets
import rulesets.werewolf18
from rulesets.core import Action, GameState, Outcome, PhaseInput, RulesError
from rulesets.scenario import play_scenario
from rulesets.simulate import random_game
from rulesets.werewolf18 import RULESET
from rulesets.werewolf18.day import first_to_top
from rulesets.werewolf18.setup import DEAL

SMALL = [
    ("W1", "werewolf"),
    ("W2", "werewolf"),
    ("Se", "seer"),
    ("V1", "villager"),
    ("V2", "villager"),
    ("V3", "villager"),
]


def seat(players: list[tuple[str, str]], **options: object) -> GameState:
    """A game of ``players`` (name, role) with ``options``."""
    return RULESET.new_game([(name, role, None) for name, role in players], None, dict(options))


def step(state: GameState, phase: str, actions: tuple[Action, ...] = (), votes=None, **extra: object) -> Outcome:
    """Resolve one step of ``phase`` on ``state``."""
    return RULESET.resolve(state, PhaseInput(phase, list(actions), votes, extra=dict(extra)))  # type: ignore[arg-type]


def quiet_night(players: list[tuple[str, str]], **options: object) -> GameState:
    """The state after a night with no action, so that the next day is day 2."""
    return step(seat(players, **options), "night").state


def elect(state: GameState, name: str) -> GameState:
    """Day 1 with every ballot on ``name`` (his own on someone else)."""
    other = next(n for n in state.players if n != name)
    votes = {n: (name if n != name else other) for n in state.alive_names()}
    return step(state, "day", votes=votes).state


def test_composition_is_the_18_player_deal() -> None:
    """WW18-001: 4 werewolves, 7 gods, a rioter, 4 villagers, a mixed-blood, a white wolf."""
    deal = RULESET.composition(18)
    assert sum(deal.values()) == 18
    assert deal == DEAL
    assert deal["werewolf"] == 4 and deal["villager"] == 4 and deal["white_wolf"] == 1


@pytest.mark.parametrize("count", [3, 12, 17, 19, 30])
def test_composition_refuses_other_player_counts(count: int) -> None:
    """WW18-001: the document has no deal for any other count."""
    with pytest.raises(RulesError):
        RULESET.composition(count)


def test_player_count_bounds_are_eighteen() -> None:
    """WW18-001: MIN_PLAYERS and MAX_PLAYERS are both 18; there is no variant."""
    assert (RULESET.MIN_PLAYERS, RULESET.MAX_PLAYERS) == (18, 18)
    assert RULESET.VARIANTS == () and RULESET.default_variant(18) is None


def test_enforce_setup_refuses_a_partial_deal() -> None:
    """WW18-001 with the ``enforce_setup`` option: the seats must be the deal."""
    with pytest.raises(RulesError):
        seat(SMALL, enforce_setup=True)


def test_enforce_setup_accepts_the_full_deal() -> None:
    """WW18-001: a drawn 18-player deal passes ``enforce_setup``."""
    names = [f"P{i}" for i in range(18)]
    state = seat(RULESET.draw_roles(names, RULESET.composition(18), seed=3), enforce_setup=True)
    assert len(state.players) == 18


def test_roles_carry_chinese_and_english_names() -> None:
    """WW18-001/WW18-002: every identity and camp is named in the document's language and in English."""
    for item in [*RULESET.ROLES.values(), *RULESET.TEAMS.values(), *RULESET.ABILITIES.values()]:
        assert item.name.get("zh") and item.name.get("en"), item.id
    assert set(RULESET.TEAMS) == {"wolves", "village", "white_wolf"}


def test_options_are_declared() -> None:
    """WW18-068 and WW18-001: ``accelerated`` and ``enforce_setup`` default to off."""
    assert {k: o.default for k, o in RULESET.OPTIONS.items()} == {"accelerated": False, "enforce_setup": False}


def test_night_order_follows_the_document() -> None:
    """WW18-059: guard, seer, lover, wolves, white wolf, witch, then knife and poison settlement."""
    steps = [s for s, _, _ in RULESET.ORDER]
    choices = ["guard", "check", "admire", "kill", "bite", "witch"]
    assert [s for s in steps if s in choices] == choices
    assert steps.index("knife_settlement") < steps.index("poison_settlement")
    assert all(rule.startswith("WW18-") for _, rule, _ in RULESET.ORDER)


def test_schedule_has_the_document_deadlines() -> None:
    """WW18-071/WW18-066: vote close, exit orders at +30 min, night at +1 h, witch at +1.5 h."""
    times = {e.id: e.time for e in RULESET.SCHEDULE}
    assert times["vote"] == "22:00" and times["exit_orders"] == "22:30"
    assert times["night_actions"] == "23:00" and times["witch"] == "23:30"
    assert times["no_vote_change"] == "21:00" and times["proxy_vote"] == "21:30"
    offsets = [e.fast_minutes for e in RULESET.SCHEDULE]
    assert offsets == sorted(offsets)
    assert [e.id for e in RULESET.SCHEDULE if e.resolves] == ["setup", "exit_orders", "witch"]


def test_describe_is_json() -> None:
    """WW18-001: the declarations reach the web app as JSON."""
    json.dumps(RULESET.describe(), ensure_ascii=False)


def test_first_to_top_prefers_who_held_the_total_first() -> None:
    """WW18-045: the first to reach the highest total becomes sheriff."""
    log = [("a", "X"), ("b", "Y"), ("c", "Y"), ("d", "X")]
    assert first_to_top(log, ["X", "Y"], 2) == "Y"
    changed = [("a", "X"), ("b", "X"), ("c", "Y"), ("d", "Y"), ("b", "Z"), ("e", "X")]
    assert first_to_top(changed, ["X", "Y"], 2) == "Y"


def test_sheriff_is_an_extra_state_key() -> None:
    """WW18-046: STATE carries ``sheriff`` after the day-1 election."""
    outcome = step(seat(SMALL), "day", votes={"W1": "V1", "W2": "V1", "Se": "V1", "V1": "Se", "V2": "V1", "V3": "V1"})
    assert outcome.to_state_dict()["sheriff"] == "V1"
    assert any(a.kind == "sheriff" and a.player == "V1" for a in outcome.announcements)


def test_guard_trace_names_the_guard_and_the_rule() -> None:
    """WW18-029: the trace says who made the knife ineffective."""
    state = seat([*SMALL, ("G", "guard")])
    outcome = step(state, "night", (Action("guard", "G", target="V1"), Action("kill", team="wolves", target="V1")))
    blocked = [t for t in outcome.trace if t.result == "blocked"]
    assert blocked and blocked[0].by == "G" and "WW18-029" in blocked[0].text
    assert blocked[0].step == "knife_settlement"


def test_every_trace_step_is_declared() -> None:
    """WW18-059: trace lines use the step ids of ORDER, DAY_ORDER or EXIT_ORDER."""
    declared = {s for s, _, _ in (*RULESET.ORDER, *RULESET.DAY_ORDER, *RULESET.EXIT_ORDER)}
    declared |= {"validate", "sacrifice", "support", "orders"}
    state = seat([*SMALL, ("H", "hunter"), ("Wi", "witch"), ("Lo", "lover")])
    night = step(
        state,
        "night",
        (
            Action("admire", "Lo", target="V1"),
            Action("kill", team="wolves", target="H"),
            Action("shoot", "H", target="W1"),
        ),
    )
    assert {t.step for t in night.trace} <= declared
    assert all("WW18-" in t.text or "A1" in t.text for t in night.trace if t.result != "rejected")


def test_night_exits_are_announced_without_identity() -> None:
    """WW18-074: exits are published in order, never with the identity."""
    state = seat([*SMALL, ("WW", "white_wolf")])
    outcome = step(state, "night", (Action("kill", team="wolves", target="V1"), Action("bite", "WW", target="Se")))
    exits = [a for a in outcome.announcements if a.kind == "killed"]
    assert [a.player for a in exits] == ["V1", "Se"]
    assert all(a.role is None for a in exits)
    assert all("WW" not in a.text and "wol" not in a.text.lower() for a in exits)


def test_idiot_reveal_is_announced_with_the_role() -> None:
    """WW18-032: the idiot's reveal is public («并公示»)."""
    state = quiet_night([*SMALL, ("I", "idiot")])
    votes = {"W1": "I", "W2": "I", "V1": "I", "V2": "I", "Se": "W1", "I": "W1", "V3": "W1"}
    outcome = step(state, "day", (Action("play_dumb", "I"),), votes)
    assert any(a.kind == "revealed" and a.player == "I" and a.role == "idiot" for a in outcome.announcements)


def test_lover_sacrifice_is_announced() -> None:
    """WW18-037: «并公示:…情痴XXX甘愿牺牲自己而代替其出局!»"""
    state = seat([*SMALL, ("Lo", "lover")])
    outcome = step(state, "night", (Action("admire", "Lo", target="V1"), Action("kill", team="wolves", target="V1")))
    line = next(a for a in outcome.announcements if a.kind == "sacrifice")
    assert line.player == "Lo" and line.role == "lover" and "V1" in line.text


def test_skill_loss_is_not_announced_but_explained_on_use() -> None:
    """WW18-028: «该效果不会公示,只在需要行使技能时收到导演反馈»."""
    state = seat([*SMALL, ("E", "elder"), ("Wi", "witch")])
    outcome = step(state, "night", (Action("poison", "Wi", target="E"),))
    assert outcome.state.memory["skills_lost"] is True
    assert not any("skill" in a.text for a in outcome.announcements)
    assert RULESET.validate(outcome.state, Action("check", "Se", target="W1"), "night") == "skills_lost"
    assert "elder" in RULESET.message("skills_lost")


def test_vote_count_is_published() -> None:
    """WW18-065: the count is published after the vote."""
    state = quiet_night(SMALL)
    votes = {"W1": "V1", "W2": "V1", "Se": "W1", "V1": "W1", "V2": "W1", "V3": None}
    outcome = step(state, "day", votes=votes)
    line = next(a for a in outcome.announcements if a.kind == "votes")
    assert "W1 3" in line.text and "V1 2" in line.text


def test_sheriff_ballot_weighs_one_and_a_half() -> None:
    """WW18-047: the count shows the sheriff's 1.5."""
    state = step(elect(seat(SMALL), "Se"), "night").state
    outcome = step(state, "day", votes={"Se": "W1", "V1": "W1", "W1": "V2", "W2": "V2"})
    assert "W1 2.5" in next(a.text for a in outcome.announcements if a.kind == "votes")


@pytest.mark.parametrize(
    ("action", "phase", "reason"),
    [
        (Action("save", "Wi", target="Wi"), "night", "self_target"),
        (Action("admire", "Lo", target="Lo"), "night", "self_target"),
        (Action("play_dumb", "I"), "night", "wrong_phase"),
        (Action("check", "Se", target="W1"), "day", "wrong_phase"),
        (Action("check", "V1", target="W1"), "night", "not_your_ability"),
        (Action("kill", "R", target="V1"), "night", "not_your_ability"),
        (Action("kill", team="village", target="V1"), "night", "not_your_ability"),
        (Action("pass_badge", "V1", target="V2"), "day", "not_your_ability"),
        (Action("surrender", "R"), "day", "not_your_ability"),
        (Action("guard", "G", target="G"), "night", None),
        (Action("check", "Se", target="Se"), "night", None),
        (Action("poison", "Wi", target="Wi"), "night", None),
        (Action("shoot", "H", target="W1"), "day", None),
        (Action("shoot", "H", target="W1"), "night", None),
        (Action("surrender", "W1"), "day", None),
    ],
)
def test_validate_applies_the_document_limits(action: Action, phase: str, reason: str | None) -> None:
    """A10 and digest §6: self-targets, phases and owners of each skill."""
    roles = [("Wi", "witch"), ("Lo", "lover"), ("I", "idiot"), ("G", "guard"), ("R", "rioter"), ("H", "hunter")]
    state = seat([*SMALL, *roles])
    assert RULESET.validate(state, action, phase) == reason
    if reason is not None:
        assert RULESET.message(reason).endswith(".")


def test_out_werewolf_may_still_surrender() -> None:
    """WW18-012: a werewolf out of the game stays in the group and can consent."""
    state = step(seat([*SMALL, ("Wi", "witch")]), "night", (Action("poison", "Wi", target="W2"),)).state
    assert RULESET.validate(state, Action("surrender", "W2"), "day") is None
    assert RULESET.validate(state, Action("kill", "W2", target="V1"), "night") == "actor_not_alive"


def test_defeated_wolves_kill_is_refused_with_a_message() -> None:
    """WW18-020: «狼人阵营优先判负后,狼人阵营失去杀人技能。»"""
    state = seat([*SMALL, ("WW", "white_wolf")])
    state = step(state, "night", (Action("surrender", "W1"), Action("surrender", "W2"))).state
    assert state.winner is None
    assert RULESET.validate(state, Action("kill", team="wolves", target="V1"), "night") == "camp_defeated"
    assert "defeated" in RULESET.message("camp_defeated")


def test_kill_without_a_werewolf_in_the_game() -> None:
    """WW18-019: the knife needs a werewolf of the group in the game."""
    state = seat([("W1", "werewolf"), ("R", "rioter"), ("WW", "white_wolf"), ("Wi", "witch"), ("V1", "villager")])
    state = step(state, "night", (Action("poison", "Wi", target="W1"),)).state
    assert state.winner is None
    assert RULESET.validate(state, Action("kill", team="wolves", target="V1"), "night") == "no_werewolf"


def test_vote_change_messages() -> None:
    """WW18-065/WW18-068: the reasons of a refused third ballot and of an accelerated change."""
    log = [{"voter": "V1", "target": "W1"}, {"voter": "V1", "target": "W2"}, {"voter": "V1", "target": "W1"}]
    outcome = step(quiet_night(SMALL), "day", vote_log=log)
    assert [r.reason for r in outcome.rejected] == ["no_more_changes"]
    fast = step(quiet_night(SMALL, accelerated=True), "day", vote_log=log)
    assert [r.reason for r in fast.rejected] == ["accelerated", "accelerated"]
    assert "accelerated" in RULESET.message("accelerated")


def test_red_carded_sheriff_badge_goes_at_random() -> None:
    """WW18-014: «红牌罚下的警长警徽随机移交。»"""
    state = step(elect(seat(SMALL), "V1"), "night").state
    cards = [{"player": "V1", "card": "red"}]
    outcome = step(state, "day", votes={"W1": "V2", "W2": "V3", "Se": "W1"}, cards=cards)
    new = outcome.state.memory["sheriff"]
    assert new not in (None, "V1") and outcome.state.players[new].alive
    assert {"to": new, "about": new, "result": "sheriff"} in [f.to_dict() for f in outcome.feedback]
    again = step(state, "day", votes={"W1": "V2", "W2": "V3", "Se": "W1"}, cards=cards)
    assert again.state.memory["sheriff"] == new


def test_badge_never_goes_to_the_hunters_shot_target() -> None:
    """WW18-049 / A15: the shot comes first, so a successor shot dead cannot take the badge."""
    players = [*SMALL, ("H", "hunter")]
    state = step(elect(seat(players), "H"), "night").state
    votes = {"W1": "H", "W2": "H", "V1": "H", "V2": "H", "Se": "W1", "H": "W1", "V3": "W1"}
    orders = (Action("shoot", "H", target="V3"), Action("pass_badge", "H", target="V3"))
    outcome = step(state, "day", orders, votes)
    assert outcome.out == ["H", "V3"]
    assert outcome.state.memory["sheriff"] not in (None, "H", "V3")


def test_ww18_048_badge_order_to_a_player_out_earlier_in_the_step_is_rejected() -> None:
    """WW18-048, WW18-049: «殉职<强制> —— 警长并非因红牌罚下而出局后,须选择一名未出局的角色来继任警长。»
    «猎人警长并非因红牌罚下而出局后,依次发动<最后一枪>、<殉职>。»

    The hunter-sheriff shoots V3 and names V3 his successor: when the badge
    passes V3 is out, so the order is listed as rejected with its reason and
    the badge goes at random, as for a missing pass (WW18-071).
    """
    players = [*SMALL, ("H", "hunter")]
    state = step(elect(seat(players), "H"), "night").state
    votes = {"W1": "H", "W2": "H", "V1": "H", "V2": "H", "Se": "W1", "H": "W1", "V3": "W1"}
    order = Action("pass_badge", "H", target="V3")
    outcome = step(state, "day", (Action("shoot", "H", target="V3"), order), votes)
    assert [(r.action, r.reason) for r in outcome.rejected] == [(order, "target_not_alive")]
    assert outcome.rejected[0].message == RULESET.message("target_not_alive")
    new = outcome.state.memory["sheriff"]
    assert new in {"W1", "W2", "Se", "V1", "V2"}
    assert {"to": new, "about": new, "result": "sheriff"} in [f.to_dict() for f in outcome.feedback]


def test_ww18_031_shot_order_at_a_player_knifed_earlier_in_the_night_is_rejected() -> None:
    """WW18-031: «猎人可以选择一名其他角色,对其开枪。该角色立即出局。» The wolves'
    knife settles before the white wolf's (§7): V1 is out when the bitten
    hunter's order fires, so it is listed as rejected and nobody is shot."""
    state = seat([*SMALL, ("WW", "white_wolf"), ("H", "hunter")])
    order = Action("shoot", "H", target="V1")
    outcome = step(
        state, "night", (Action("kill", team="wolves", target="V1"), Action("bite", "WW", target="H"), order)
    )
    assert outcome.out == ["V1", "H"]
    assert [(r.action, r.reason) for r in outcome.rejected] == [(order, "target_not_alive")]


def test_missing_badge_pass_goes_at_random() -> None:
    """WW18-071: a sheriff who names nobody in time: «警长随机指定»."""
    state = step(elect(seat(SMALL), "V1"), "night").state
    outcome = step(state, "day", votes={"W1": "V1", "W2": "V1", "Se": "V1", "V1": "W1", "V2": "W1"})
    assert outcome.out == ["V1"]
    assert outcome.state.memory["sheriff"] in {"W1", "W2", "Se", "V2", "V3"}


def test_unused_orders_are_traced_not_rejected() -> None:
    """A17: a shot order whose hunter stays is ignored, with a trace line."""
    state = seat([*SMALL, ("H", "hunter")])
    outcome = step(state, "night", (Action("shoot", "H", target="W1"),))
    assert not outcome.rejected
    assert any(t.step == "orders" and t.result == "void" for t in outcome.trace)


def test_fifth_exit_gets_no_last_words_and_red_cards_use_none() -> None:
    """WW18-016: four last words a game; «红牌罚下不消耗遗言»."""
    players = [("W1", "werewolf"), ("W2", "werewolf"), ("Se", "seer")] + [(f"V{i}", "villager") for i in range(1, 8)]
    state = seat(players)
    state = step(state, "night", (Action("kill", team="wolves", target="V1"),)).state
    state = step(
        state, "day", votes={"W1": "V2", "W2": "V2", "Se": "W1"}, cards=[{"player": "V7", "card": "red"}]
    ).state
    assert state.memory["last_words"] == 2
    state = step(state, "night", (Action("kill", team="wolves", target="V3"),)).state
    state = step(state, "day", votes={"W1": "V4", "W2": "V4", "Se": "W1"}).state
    assert state.memory["last_words"] == 4
    outcome = step(state, "night", (Action("kill", team="wolves", target="V5"),))
    assert outcome.out == ["V5"] and not [f for f in outcome.feedback if f.result == "last_words"]


def test_three_yellow_cards_across_days_make_a_red() -> None:
    """WW18-069: cards add up over the game."""
    state = quiet_night(SMALL)
    full = {"W1": "V1", "W2": "V1", "Se": "W1", "V1": "W1", "V2": None, "V3": None}
    state = step(state, "day", votes=full, cards=[{"player": "V3", "card": "yellow"}]).state
    state = step(state, "night").state
    outcome = step(
        state, "day", votes={k: v for k, v in full.items() if k != "V3"}, cards=[{"player": "V3", "card": "yellow"}]
    )
    assert outcome.out == ["V3"]
    assert any(a.kind == "red_card" and a.player == "V3" for a in outcome.announcements)


def scenario(steps: list[dict], players=SMALL) -> dict:
    """Play a scenario document built from ``steps``."""
    doc = {"id": "t", "ruleset": "werewolf18", "players": [{"name": n, "role": r} for n, r in players], "steps": steps}
    return play_scenario(doc)


@pytest.mark.parametrize(
    "steps",
    [
        [{"phase": "night"}, {"phase": "setup"}],
        [{"phase": "night"}, {"phase": "night"}],
        [{"phase": "day", "votes": {}}, {"phase": "day", "votes": {}}],
        [{"phase": "day", "cards": [{"player": "V1", "card": "purple"}]}],
        [{"phase": "day", "cards": [{"player": "Nobody", "card": "red"}]}],
        [{"phase": "day", "vote_log": [{"voter": "V1"}]}],
        [{"phase": "day", "vote_log": [{"voter": "V1", "target": "Nobody"}]}],
        [{"phase": "night", "unknown": 1}],
        [{"phase": "night", "vote_log": []}],
        [{"phase": "setup", "cards": []}],
    ],
)
def test_malformed_steps_are_errors(steps: list[dict]) -> None:
    """Digest §6: setup first, day and night alternate, known fields and players."""
    assert "error" in scenario(steps)


def test_game_over_refuses_actions_and_ballots() -> None:
    """Digest §6: after the end every action is rejected (``game_over``) and nothing changes."""
    players = [("W1", "werewolf"), ("Se", "seer"), ("V1", "villager")]
    state = step(seat(players), "night", (Action("kill", team="wolves", target="V1"),)).state
    assert state.winner == "wolves"
    outcome = step(state, "day", (Action("shoot", "Se", target="W1"),), votes={"Se": "W1"})
    assert {r.reason for r in outcome.rejected} == {"game_over"}
    assert outcome.out == [] and outcome.state.players["W1"].alive


def test_state_survives_a_json_round_trip() -> None:
    """The web app stores GameState.to_dict() between phases: memory stays JSON."""
    game = random_game(RULESET, 18, seed=5)
    for outcome in game.outcomes:
        data = json.loads(json.dumps(outcome.state.to_dict()))
        assert GameState.from_dict(data).to_dict() == outcome.state.to_dict()


def test_action_slots_cover_badge_surrender_and_ballots() -> None:
    """WW18-048/WW18-012/WW18-034: the sheriff may pass, out werewolves may surrender, a revealed idiot has no ballot."""
    players = [*SMALL, ("I", "idiot"), ("Wi", "witch")]
    state = step(elect(seat(players), "V1"), "night", (Action("poison", "Wi", target="W2"),)).state
    slots = RULESET.action_slots(state, "day")
    assert any(s.ability == "pass_badge" and s.actor == "V1" for s in slots)
    assert any(s.ability == "surrender" and s.actor == "W2" for s in slots)
    state.players["I"].counters["revealed"] = True
    ballots = [s for s in RULESET.action_slots(state, "day") if s.ability == "vote"]
    assert "I" not in {s.actor for s in ballots}
    assert all("I" not in s.candidates and "W2" not in s.candidates for s in ballots)


def test_random_games_end_with_one_winner() -> None:
    """WW18-053: random play over many seeds ends with exactly one camp winning."""
    games = [random_game(RULESET, 18, seed) for seed in range(60)]
    winners = [g.final.winner for g in games]
    assert sum(w is not None for w in winners) >= 55
    assert set(winners) <= {"wolves", "village", "white_wolf", None}


def test_registry_returns_the_engine() -> None:
    """The registry maps ``werewolf18`` to this engine."""
    assert rulesets.get("werewolf18") is RULESET


def test_engine_imports_nothing_outside_the_rules_package() -> None:
    """Rules code is pure: no Django, no I/O, only the standard library and rulesets."""
    allowed = {"__future__", "collections", "dataclasses", "datetime", "random", "typing", "rulesets"}
    for path in Path(rulesets.werewolf18.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                assert {a.name.split(".")[0] for a in node.names} <= allowed, path.name
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert (node.module or "").split(".")[0] in allowed, path.name


def test_the_hosts_removal_is_a_red_card_at_once() -> None:
    """WW18-075, WW18-013, WW18-014: the host's ``disqualify`` is a red card
    given at once: out with no last words (none used: WW18-016), no shot,
    the badge at random, no identity announced (WW18-074); the state given
    is left untouched; a player out of the game cannot be removed again."""
    seats = [("W", "werewolf", None), ("H", "hunter", None), ("S", "seer", None), ("V", "villager", None)]
    seats += [("V2", "villager", None), ("W2", "werewolf", None)]
    state = RULESET.new_game(seats, None, {}, seed=3)
    state.memory["sheriff"] = "H"
    outcome = RULESET.apply_penalty(state, "disqualify", "H")
    assert outcome.out == ["H"] and state.players["H"].alive
    assert [f.result for f in outcome.feedback] == ["sheriff"]  # the successor is told; no last words
    assert outcome.state.memory["sheriff"] in {"W", "S", "V", "V2", "W2"}
    assert outcome.state.memory.get("last_words", 0) == 0
    assert all(a.role is None for a in outcome.announcements)
    with pytest.raises(RulesError):
        RULESET.apply_penalty(outcome.state, "disqualify", "H")
    with pytest.raises(RulesError):
        RULESET.apply_penalty(state, "card:red", "H")  # the cards wait for the phase's end


def _validate_by_parts(state: GameState, action: Action, phase: str) -> str | None:
    """``Werewolf18.validate`` as the composition its docstring names
    (digest §6): the game over, the phase (A17), a ballot (WW18-065) or a
    surrender (WW18-017), then ``_skill_reason`` (WW18-028), ``check_action``
    (WW18-019 and the generic checks) and ``_document_reason`` (WW18-020,
    WW18-034)."""
    if action.ability not in RULESET.ABILITIES:
        raise RulesError(f"unknown ability {action.ability!r}")
    if state.winner is not None:
        return "game_over"
    if phase not in RULESET.phases_of(action.ability):
        return "wrong_phase"
    if action.ability == "vote":
        target = action.target if isinstance(action.target, str) else None
        return rulesets.werewolf18.day.ballot_reason(state, action.actor, target)
    if action.ability == "surrender":
        return RULESET._surrender_reason(state, action)
    reason = RULESET._skill_reason(state, action) or RULESET.check_action(
        state, action, RULESET.ABILITIES[action.ability].phase
    )
    return reason or RULESET._document_reason(state, action)


def _outcome_of(check, state: GameState, action: Action, phase: str) -> str | None:
    try:
        return check(state, action, phase)
    except RulesError:
        return "RulesError"


def test_validate_answers_as_its_parts_on_random_choices() -> None:
    """Digest §6: on every state of 12 seeded games, any choice (every
    ability by every seat, team or stranger, at a random target, in both
    phases) gets from ``validate`` the answer of its documented checks in
    order, a malformed one the same ``RulesError``."""
    import random as stdlib_random

    draw = stdlib_random.Random(7)
    checked = refused = 0
    for seed in range(12):
        game = random_game(RULESET, 18, seed)
        for state in [game.start] + [o.state for o in game.outcomes]:
            names = list(state.players)
            for _ in range(60):
                ability = draw.choice([*RULESET.ABILITIES, "fly"])
                owner = draw.random()
                actor = draw.choice(names) if owner < 0.8 else ("Nobody" if owner < 0.85 else None)
                team = None if actor is not None else draw.choice([*RULESET.TEAMS, "aliens"])
                target = draw.choice([*names, None, "Nobody", [names[0], names[1]]])
                action = Action(ability, actor, team, target)
                phase = draw.choice(["setup", "day", "night"])
                expected = _outcome_of(_validate_by_parts, state, action, phase)
                assert _outcome_of(RULESET.validate, state, action, phase) == expected, (seed, action, phase)
                checked += 1
                refused += expected is not None
            phase = RULESET.next_phase(state)
            for slot in RULESET.action_slots(state, phase):
                for target in slot.candidates[:3] or [None]:
                    action = Action(slot.ability, slot.actor, slot.team, target)
                    assert RULESET.validate(state, action, phase) == _validate_by_parts(state, action, phase) is None
                    checked += 1
    assert checked > 5000 and refused < checked - 1000


def _cards(outcome: Outcome, name: str) -> int:
    return outcome.state.players[name].counters.get("cards:yellow", 0)


def test_qianshui_three_discussion_days_each_under_ten_posts_earn_a_yellow_card() -> None:
    """潜水 (判罚依据 5 (1)): «在未加快进程的单个讨论日不足五帖、或连续三个讨论日均不足十帖»
    earns a yellow card. Fewer than five on a day: a card that day; five to
    nine on three discussion days running: a card on the third; ten or
    more breaks the run; none in an accelerated game."""
    state = seat(SMALL)
    votes = {n: "W1" for n in state.alive_names()}
    thin = {n: 7 for n in state.alive_names()} | {"V1": 4, "V2": 12}
    for day in (1, 2, 3):
        posts = dict(thin) | ({"V2": 7} if day > 1 else {})
        outcome = step(state, "day", votes=votes, posts=posts)
        if day == 1:
            assert _cards(outcome, "V1") == 1 and _cards(outcome, "Se") == 0
            assert any("V1 wrote 4 posts today, fewer than five" in t.text for t in outcome.trace)
        if day < 3:
            assert _cards(outcome, "Se") == 0
        state = step(outcome.state, "night").state
        votes = {n: None for n in state.alive_names()}
    assert _cards(outcome, "Se") == 1
    assert any("Se wrote fewer than ten posts on each of 3 discussion days running" in t.text for t in outcome.trace)
    assert _cards(outcome, "V2") == 0  # day 1's twelve posts broke his run
    fast = step(seat(SMALL, accelerated=True), "day", posts=dict.fromkeys(SMALL_NAMES, 0))
    assert all(_cards(fast, n) == 0 for n in SMALL_NAMES)


SMALL_NAMES = [name for name, _role in SMALL]
