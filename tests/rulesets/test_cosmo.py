"""Rulings of КосмоМафия (``rulesets.cosmo``) that scenarios cannot express:
setup table, schedule, options, trace, announcements, validation messages,
helpers for the web app, and random-play invariants."""

from __future__ import annotations

import importlib
import json
import random
import sys

import pytest

import rulesets
from rulesets.core import Action, GameState, PhaseInput, RulesError
from rulesets.cosmo import RULESET, setup
from rulesets.cosmo.roles import SPECIAL_CRIMINALS, SPECIAL_TOWN
from rulesets.scenario import play_scenario
from rulesets.simulate import random_game

R = RULESET


def game(spec: str, options: dict | None = None) -> GameState:
    """Seat ``"A:role B:role …"``."""
    seats = [(name, role, None) for name, role in (item.split(":") for item in spec.split())]
    return R.new_game(seats, None, options or {})


def night(state: GameState, *actions: Action):
    return R.resolve(state, PhaseInput("night", list(actions)))


def day(state: GameState, votes: dict, nominations=None, actions=(), revote=None, coin=None):
    extra = {"coin": coin} if coin is not None else {}
    return R.resolve(state, PhaseInput("day", list(actions), votes, nominations, revote, extra))


SIX = "M1:mafioso M2:mafioso C1:citizen C2:citizen C3:citizen C4:citizen"


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("n", range(6, 17))
def test_composition_follows_setup_table_row(n):
    """§9 / COSMO-003: the proposed deal has the row's citizens (one
    commissar) and criminals for every count from 6 to 16."""
    row = setup.SETUP_TABLE[n]
    deal = R.composition(n)
    assert sum(deal.values()) == n
    assert deal["commissar"] == 1
    assert deal["citizen"] + deal["commissar"] == row.town
    assert deal["mafioso"] == row.criminals


def test_setup_table_rows_match_document():
    """§9: the table as printed, 6 to 16 players."""
    rows = {
        n: (r.town, r.commissar, r.special_town, r.criminals, r.special_criminals) for n, r in setup.SETUP_TABLE.items()
    }
    assert rows[6] == (4, 1, 0, 2, 0)
    assert rows[7] == (5, 1, 0, 2, 1)
    assert rows[11] == (7, 1, 1, 4, 1)
    assert rows[16] == (11, 1, 1, 5, 1)
    assert all(r.town + r.criminals == n for n, r in setup.SETUP_TABLE.items())


@pytest.mark.parametrize("n", [0, 3, 5, 17, 30])
def test_composition_outside_table_raises(n):
    """§9: the document covers 6–16 players only."""
    with pytest.raises(RulesError):
        R.composition(n)


def test_composition_with_one_special_per_side():
    """§9: «Особые 0-1» on each side replace a citizen and a mafioso."""
    deal = R.composition(10, None, {"specials": ["doctor", "maniac"]})
    assert deal == {"commissar": 1, "citizen": 5, "doctor": 1, "mafioso": 2, "maniac": 1}


def test_composition_refuses_specials_the_row_does_not_allow():
    """§9: no special citizen below 8 players, no special criminal at 6,
    never two specials on one side."""
    with pytest.raises(RulesError):
        R.composition(7, None, {"specials": ["doctor"]})
    with pytest.raises(RulesError):
        R.composition(6, None, {"specials": ["ninja"]})
    with pytest.raises(RulesError):
        R.composition(12, None, {"specials": ["doctor", "putana"]})
    with pytest.raises(RulesError):
        R.composition(12, None, {"specials": ["citizen"]})


def test_special_roles_split_by_side():
    """§9 with A1: the plague doctor and the maniac are special criminals,
    the lunatic a special citizen."""
    assert "plague_doctor" in SPECIAL_CRIMINALS and "maniac" in SPECIAL_CRIMINALS
    assert "lunatic" in SPECIAL_TOWN and "commissar" not in SPECIAL_TOWN
    assert len(SPECIAL_TOWN) + len(SPECIAL_CRIMINALS) + 3 == len(R.ROLES) == 18


def test_doctor_and_plague_doctor_never_seated_together():
    """COSMO-004: «В одной партии не может быть одновременно доктор и чумной доктор.»"""
    with pytest.raises(RulesError, match="COSMO-004"):
        game("D:doctor PD:plague_doctor M:mafioso C:citizen")


def test_doctor_and_plague_doctor_scenario_is_malformed():
    """COSMO-004: the scenario player reports an error, not a state."""
    doc = {
        "id": "x",
        "ruleset": "cosmo",
        "players": [{"name": "D", "role": "doctor"}, {"name": "P", "role": "plague_doctor"}],
        "steps": [],
    }
    assert "error" in play_scenario(doc)


def test_host_is_not_a_role():
    """§4: the host («Ведущий») is reserved; seating one is malformed."""
    with pytest.raises(RulesError):
        game("H:host M:mafioso C:citizen")


def test_setup_table_not_enforced_by_default():
    """COSMO-003: any deal is accepted while ``enforce_setup_table`` is off."""
    state = game("Mn:maniac M:mafioso C:citizen")
    assert len(state.players) == 3


def test_enforce_setup_table_refuses_off_table_deal():
    """§5 option ``enforce_setup_table``: a deal off the table is malformed."""
    with pytest.raises(RulesError):
        game(SIX, {"enforce_setup_table": True})
    with pytest.raises(RulesError):
        game("K:commissar D:doctor M1:mafioso M2:mafioso C1:citizen C2:citizen", {"enforce_setup_table": True})


def test_enforce_setup_table_accepts_table_deal():
    """§9: six players, four citizens with one commissar, two mafiosi."""
    state = game("K:commissar M1:mafioso M2:mafioso C1:citizen C2:citizen C3:citizen", {"enforce_setup_table": True})
    assert state.option("enforce_setup_table") is True


def test_only_option_is_enforce_setup_table():
    """§5: the digest's one option, off by default."""
    assert list(R.OPTIONS) == ["enforce_setup_table"]
    assert R.OPTIONS["enforce_setup_table"].default is False
    with pytest.raises(RulesError):
        game(SIX, {"bonus": True})


def test_no_variants():
    """§1: there are no variants."""
    assert R.VARIANTS == ()
    assert R.default_variant(10) is None


# --------------------------------------------------------------- schedule


def test_schedule_default_deadlines():
    """§2: acquaintance 24 h, discussion 36 h, vote 12 h, re-vote 12 h, night 24 h."""
    rows = {e.id: e for e in R.SCHEDULE}
    assert [e.id for e in R.SCHEDULE] == ["acquaintance", "discussion", "vote", "revote", "night"]
    assert rows["acquaintance"].time == "24:00" and rows["acquaintance"].resolves is False
    assert rows["discussion"].time == "36:00" and rows["discussion"].closes == "day"
    assert rows["vote"].time == "48:00" and rows["vote"].resolves is True
    assert rows["revote"].time == "60:00"
    assert rows["night"].time == "84:00" and rows["night"].closes == "night"
    assert [e.fast_minutes for e in R.SCHEDULE] == [24, 36, 48, 60, 84]


def test_schedule_lengths_can_change_per_game():
    """§2: «The defaults below can be changed per game.»"""
    rows = {e.id: e for e in setup.schedule({"discussion": 12, "night": 10}, fast_minutes_per_hour=2)}
    assert rows["discussion"].time == "12:00"
    assert rows["night"].time == "46:00"
    assert rows["night"].fast_minutes == 92


def test_schedule_refuses_bad_lengths():
    """§2: only the five deadlines exist, each of positive length."""
    with pytest.raises(RulesError):
        setup.schedule({"lunch": 1})
    with pytest.raises(RulesError):
        setup.schedule({"vote": 0})


def test_schedule_names_in_russian_and_english():
    """§2: every deadline is published with the phase, in the document's language."""
    assert all(e.name["ru"] and e.name["en"] for e in R.SCHEDULE)


# ----------------------------------------------------------- declarations


def test_roles_have_russian_english_and_chinese_names():
    """§4: 18 roles with the document's names, and the site's Chinese ones."""
    assert R.ROLES["medium"].name["ru"] == "Говорящий с призраками"
    assert R.ROLES["putana"].name == {"ru": "Путана", "en": "Putana", "zh": "交际花"}
    assert all(set(role.name) == {"ru", "en", "zh"} for role in R.ROLES.values())


def test_teams_are_town_mafia_maniac():
    """COSMO-001: two teams and the solo maniac."""
    assert set(R.TEAMS) == {"town", "mafia", "maniac"}
    assert R.ROLES["maniac"].team == "maniac"
    assert R.ROLES["plague_doctor"].team == "mafia"
    assert R.ROLES["lunatic"].team == "town"


def test_order_cites_rule_ids():
    """§6: every night step names its COSMO rule."""
    ids = [step for step, _, _ in R.ORDER]
    assert len(ids) == len(set(ids))
    assert all(rule.startswith("COSMO-") for _, rule, _ in R.ORDER + R.DAY_ORDER)


def test_describe_is_json():
    """Declarations reach the web app as plain data."""
    json.dumps(R.describe(), ensure_ascii=False)


def test_judge_ability_is_day_once_per_game():
    """COSMO-016, COSMO-032: the judge acts by day, once."""
    ability = R.ABILITIES["judge_verdict"]
    assert ability.phase == "day" and ability.per_game_limit == 1


def test_registry_returns_cosmo():
    """The registry maps ``cosmo`` to this engine."""
    assert rulesets.get("cosmo") is R


# ------------------------------------------------------------- validation


def test_validate_refuses_team_action():
    """§5: the mafia decides only through its members' kill votes."""
    state = game(SIX)
    reason = R.validate(state, Action("kill_vote", team="mafia", target="C1"), "night")
    assert reason == "team_action"
    assert "kill votes" in R.message(reason)


def test_validate_medium_needs_player_out():
    """COSMO-040: the medium picks one of «выбывших игроков»."""
    state = game("G:medium " + SIX)
    assert R.validate(state, Action("contact", "G", target="C1"), "night") == "not_out"
    state.players["C1"].alive = False
    assert R.validate(state, Action("contact", "G", target="C1"), "night") is None


def test_validate_sergeant_before_promotion():
    """COSMO-027: before his chief leaves, the sergeant has no ability."""
    state = game("K:commissar S:sergeant " + SIX)
    assert R.validate(state, Action("check", "S", target="M1"), "night") == "not_your_ability"
    state.players["K"].alive = False
    assert R.validate(state, Action("check", "S", target="M1"), "night") is None
    assert R.validate(state, Action("kill", "S", target="M1"), "night") == "not_your_ability"


def test_validate_sergeant_without_any_chief_never_promoted():
    """COSMO-027: «получает все возможности своего выбывшего начальника» — with no chief there is nobody to replace."""
    state = game("S:sergeant " + SIX)
    assert R.validate(state, Action("check", "S", target="M1"), "night") == "not_your_ability"


def test_validate_turncoat_kill_vote_due_before_nightfall():
    """COSMO-054: once every mafia member is gone the turncoat may hand in a
    kill vote for the coming night (the cabinet offers it)."""
    state = game("T:turncoat " + SIX)
    assert R.validate(state, Action("kill_vote", "T", target="C1"), "night") == "not_your_ability"
    state.players["M1"].alive = state.players["M2"].alive = False
    assert R.validate(state, Action("kill_vote", "T", target="C1"), "night") is None


def test_validate_judge_may_name_nobody_but_not_two():
    """COSMO-031: «Можно решить никого не сажать.» «Может посадить только одного игрока.»"""
    state = game("J:judge " + SIX)
    assert R.validate(state, Action("judge_verdict", "J"), "day") is None
    assert R.validate(state, Action("judge_verdict", "J", target=("M1", "M2")), "day") == "target_count"
    assert R.validate(state, Action("judge_verdict", "J"), "night") == "wrong_phase"


def test_self_target_refused_for_doctor_plague_doctor_bodyguard():
    """COSMO-035, COSMO-045, COSMO-057: «Сам себя выбрать не может.»"""
    state = game("D:doctor B:bodyguard " + SIX)
    assert R.validate(state, Action("heal", "D", target="D"), "night") == "self_target"
    assert R.validate(state, Action("protect", "B", target="B"), "night") == "self_target"
    state = game("PD:plague_doctor " + SIX)
    assert R.validate(state, Action("treat", "PD", target="PD"), "night") == "self_target"


def test_boss_may_silence_himself():
    """COSMO-048: «Может заставить замолчать сам себя.»"""
    state = game("Bo:mafia_boss " + SIX)
    assert R.validate(state, Action("silence", "Bo", target="Bo"), "night") is None


@pytest.mark.parametrize(
    "reason",
    [
        "team_action",
        "one_action_per_night",
        "silenced",
        "abstention",
        "not_candidate",
        "revote_value",
        "not_out",
        "used_up",
    ],
)
def test_every_cosmo_reason_has_a_sentence(reason):
    """§5 rejections: a player reads a full sentence for every reason code."""
    text = R.message(reason)
    assert text.endswith(".") and text[0].isupper() and "_" not in text


def test_sheriff_second_kind_refused_with_message():
    """COSMO-029: «Можно выполнить только что-то одно: проверить или убить.»"""
    state = game("Sh:sheriff " + SIX)
    out = night(state, Action("check", "Sh", target="M1"), Action("kill", "Sh", target="M2"))
    assert [(r.action.ability, r.reason) for r in out.rejected] == [("kill", "one_action_per_night")]
    assert out.rejected[0].message == "You may either check or kill tonight, not both."


def test_day_vote_rejection_reasons():
    """COSMO-008, COSMO-009, COSMO-015, COSMO-047: each refused ballot has its reason."""
    state = game(SIX)
    state.players["C4"].alive = False
    state.memory["silenced"] = ["C3"]
    out = day(state, {"M1": None, "M2": "C2", "C3": "M1", "C4": "M1", "C1": "C4"}, nominations=["M1", "C1", "C4"])
    reasons = {r.action.actor: r.reason for r in out.rejected}
    assert reasons == {
        "M1": "abstention",
        "M2": "not_candidate",
        "C3": "silenced",
        "C4": "actor_not_alive",
        "C1": "target_not_alive",
    }
    assert all(r.action.ability == "vote" for r in out.rejected)


def test_revote_ignored_without_tie():
    """COSMO-013: the re-vote is read only when the first vote ties."""
    state = game(SIX)
    out = day(state, {"C1": "M1", "C2": "M1"}, revote={"C1": "maybe", "C2": "C1"})
    assert out.rejected == [] and out.out == ["M1"]


def test_coin_must_be_jail_or_spare():
    """COSMO-014, §5: ``coin`` is ``jail`` or ``spare``."""
    with pytest.raises(RulesError):
        day(game(SIX), {}, coin="heads")


def test_missing_coin_is_flipped_from_the_seed():
    """COSMO-014, A8: without a ``coin`` the engine flips with the seeded rng, reproducibly."""
    state = game(SIX)
    votes = {"M1": "C1", "M2": "C1", "C1": "M1", "C2": "M1"}
    step = PhaseInput("day", [], votes, ["M1", "C1"], {"C1": "jail", "M1": "spare"})
    results = {tuple(R.resolve(state, step, seed=s).out) for s in range(12)}
    assert results == {(), ("M1", "C1")}
    assert R.resolve(state, step, seed=3).out == R.resolve(state, step, seed=3).out


# ------------------------------------------------------- trace and posts


def test_trace_names_rule_and_saver():
    """COSMO-033: the host reads who saved whom, with the rule id."""
    state = game("D:doctor " + SIX)
    out = night(
        state,
        Action("kill_vote", "M1", target="C1"),
        Action("kill_vote", "M2", target="C1"),
        Action("heal", "D", target="C1"),
    )
    saved = [t for t in out.trace if t.result == "saved"]
    assert len(saved) == 1 and saved[0].by == "D" and "COSMO-033" in saved[0].text
    assert {t.step for t in out.trace} <= {s for s, _, _ in R.ORDER}


def test_trace_marks_blocked_action_with_putana():
    """COSMO-037: a blocked action is traced as blocked, by the putana."""
    state = game("P:putana Mn:maniac " + SIX)
    out = night(state, Action("block", "P", target="Mn"), Action("kill", "Mn", target="C1"))
    blocked = [t for t in out.trace if t.result == "blocked"]
    assert blocked[0].by == "P" and blocked[0].action.actor == "Mn" and "COSMO-037" in blocked[0].text


def test_trace_marks_repelled_action_with_bodyguard():
    """COSMO-044: a repelled action is void, by the bodyguard."""
    state = game("B:bodyguard Mn:maniac " + SIX)
    out = night(state, Action("protect", "B", target="C1"), Action("kill", "Mn", target="C1"))
    void = [t for t in out.trace if t.result == "void"]
    assert void[0].by == "B" and "COSMO-044" in void[0].text


def test_every_action_is_traced():
    """§6: each handed-in action leaves a trace line for the host."""
    state = game("K:commissar D:doctor I:intriguer Bo:mafia_boss J:journalist G:medium " + SIX)
    state.players["C4"].alive = False
    actions = [
        Action("check", "K", target="M1"),
        Action("heal", "D", target="C1"),
        Action("frame", "I", target="C2"),
        Action("silence", "Bo", target="C3"),
        Action("spy", "J", target="C1"),
        Action("contact", "G", target="C4"),
        Action("kill_vote", "M1", target="C1"),
    ]
    out = night(state, *actions)
    traced = {t.action for t in out.trace if t.action is not None}
    assert set(actions) <= traced


def test_jailed_role_is_announced():
    """COSMO-002: «Он открывает и показывает всем свою карту роли.»"""
    state = game("N:ninja " + SIX)
    out = day(state, {"C1": "N", "C2": "N"})
    assert [(a.kind, a.player, a.role) for a in out.announcements][0] == ("jailed", "N", "ninja")


def test_night_kill_announced_without_role():
    """§2 morning post: who was killed, without the role or the killer."""
    state = game(SIX)
    out = night(state, Action("kill_vote", "M1", target="C1"), Action("kill_vote", "M2", target="C1"))
    killed = [a for a in out.announcements if a.kind == "killed"]
    assert [(a.player, a.role) for a in killed] == [("C1", None)]
    assert "M1" not in killed[0].text


def test_morning_post_names_saved_silenced_and_spied():
    """§2 morning post: who was saved, who is silenced, who visited the spied player."""
    state = game("D:doctor Bo:mafia_boss J:journalist M:mafioso C1:citizen C2:citizen C3:citizen")
    out = night(
        state,
        Action("kill_vote", "Bo", target="C1"),
        Action("kill_vote", "M", target="C1"),
        Action("heal", "D", target="C1"),
        Action("silence", "Bo", target="C2"),
        Action("spy", "J", target="C1"),
    )
    kinds = {(a.kind, a.player) for a in out.announcements}
    assert {("saved", "C1"), ("silenced", "C2"), ("spied", "C1")} <= kinds
    spied = next(a for a in out.announcements if a.kind == "spied")
    assert "doctor" in spied.text and "D" not in spied.text.split(":")[1]


def test_judge_reveal_and_empty_verdict_announced():
    """COSMO-030, COSMO-031: the judge's card is shown; nobody is jailed."""
    state = game("J:judge " + SIX)
    out = day(state, {"C1": "M1"}, actions=[Action("judge_verdict", "J")])
    kinds = [(a.kind, a.player, a.role) for a in out.announcements]
    assert ("revealed", "J", "judge") in kinds and ("no_elimination", None, None) in kinds
    assert out.out == []


def test_coin_result_announced():
    """COSMO-014: the GM flips a coin and publishes the result."""
    state = game(SIX)
    out = day(state, {"M1": "C1", "C1": "M1"}, revote={}, coin="jail")
    assert any(a.kind == "coin" and "jail" in a.text for a in out.announcements)
    assert sorted(out.out) == ["C1", "M1"]


# ------------------------------------------------------ web-app helpers


def test_rooms_at_acquaintance():
    """COSMO-006: the mafia members meet the lunatic; the commissar meets the sergeant;
    the plague doctor and the turncoat wake with nobody."""
    state = game("K:commissar S:sergeant L:lunatic N:ninja PD:plague_doctor T:turncoat " + SIX)
    rooms = R.rooms(state)
    assert rooms["mafia"] == ["L", "N", "M1", "M2"]
    assert rooms["chiefs"] == ["K", "S"]


def test_tied_candidates_tells_when_revote_is_due():
    """COSMO-013: a tie at the top calls for the re-vote."""
    state = game(SIX)
    tied = PhaseInput("day", [], {"M1": "C1", "C1": "M1", "C2": "C1", "C3": "M1"}, None)
    assert R.tied_candidates(state, tied) == ["C1", "M1"]
    clear = PhaseInput("day", [], {"M1": "C1", "C2": "C1", "C1": "M1"}, None)
    assert R.tied_candidates(state, clear) == []


def test_silence_kept_in_memory_until_day():
    """COSMO-047: the silenced list survives storage and ends with the day."""
    state = game("Bo:mafia_boss " + SIX)
    after_night = night(state, Action("silence", "Bo", target="C1")).state
    stored = GameState.from_dict(json.loads(json.dumps(after_night.to_dict())))
    assert R.silenced(stored) == ["C1"]
    after_day = day(stored, {}).state
    assert R.silenced(after_day) == []


def test_promoted_sergeant_offered_check_slot():
    """COSMO-027: the cabinet offers the inherited check the night after the chief left."""
    state = game("K:commissar S:sergeant " + SIX)
    assert not [s for s in R.action_slots(state, "night") if s.actor == "S"]
    state.players["K"].alive = False
    assert [s.ability for s in R.action_slots(state, "night") if s.actor == "S"] == ["check"]


def test_promotion_traced_once():
    """COSMO-027: N0 records the promotion the first night only."""
    state = game("K:commissar S:sergeant " + SIX)
    state.players["K"].alive = False
    first = night(state)
    assert [t.step for t in first.trace] == ["promote"]
    assert [t.step for t in night(first.state).trace] == []


def test_judge_spent_after_use_stays_judge():
    """COSMO-032, A11: after the verdict he plays as a citizen, role id unchanged."""
    state = game("J:judge " + SIX)
    after = day(state, {}, actions=[Action("judge_verdict", "J", target="M1")]).state
    assert after.players["J"].role == "judge"
    assert R.validate(after, Action("judge_verdict", "J", target="M2"), "day") == "used_up"


def test_game_over_rejects_actions():
    """§8: once a winner is set, later actions are refused with ``game_over``."""
    state = game("M:mafioso C1:citizen C2:citizen")
    won = day(state, {"C1": "M", "C2": "M"}).state
    assert won.winner == "town"
    out = night(won, Action("kill_vote", "M", target="C1"))
    assert [r.reason for r in out.rejected] == ["game_over"]


# ------------------------------------------------------------ invariants


def test_rules_package_imports_no_django(monkeypatch):
    """Design, practice 1: the engine imports with ``django`` blocked."""
    monkeypatch.setitem(sys.modules, "django", None)
    for name in [m for m in sys.modules if m.startswith("rulesets.cosmo")]:
        monkeypatch.delitem(sys.modules, name)
    module = importlib.import_module("rulesets.cosmo")
    assert module.RULESET.id == "cosmo"


@pytest.mark.parametrize("n", range(6, 17))
def test_random_games_run_and_mostly_end(n):
    """Random legal play runs for every table size and most games end within 80 phases."""
    games = [random_game(R, n, seed) for seed in range(20)]
    assert sum(g.final.winner is not None for g in games) >= 16


def test_random_games_with_every_special_role():
    """Random play with special roles never raises and keeps JSON-only state."""
    specials = [(t, c) for t in SPECIAL_TOWN for c in SPECIAL_CRIMINALS]
    for i, (town, criminal) in enumerate(specials):
        if {town, criminal} == {"doctor", "plague_doctor"}:
            continue
        deal = R.composition(12, None, {"specials": [town, criminal]})
        names = [f"P{k}" for k in range(12)]
        state = R.new_game([(n, r, None) for n, r in R.draw_roles(names, deal, i)], None, {}, seed=i)
        rng = random.Random(i)
        for _ in range(80):
            if state.winner:
                break
            state = R.resolve(state, R.random_step(state, R.next_phase(state), rng)).state
            json.dumps(state.to_dict())


def test_replay_is_identical():
    """Randomness only from the seed: the same seed plays the same game."""
    first = random_game(R, 12, 7)
    second = random_game(R, 12, 7)
    assert [o.to_state_dict() for o in first.outcomes] == [o.to_state_dict() for o in second.outcomes]


# --------------------------------------------------------- interpretations


def test_second_judge_verdict_is_void():
    """COSMO-031: one vote is cancelled once; a second judge's card stays unused."""
    state = game("J1:judge J2:judge " + SIX)
    out = day(
        state, {}, actions=[Action("judge_verdict", "J1", target="M1"), Action("judge_verdict", "J2", target="C1")]
    )
    assert out.out == ["M1"]
    assert [t.result for t in out.trace if t.action and t.action.actor == "J2"] == ["void"]
    assert R.validate(out.state, Action("judge_verdict", "J2", target="M2"), "day") is None


def test_healed_putana_still_dies_with_target():
    """COSMO-038, A13: the heal on the putana does not cover dying with her target."""
    state = game("P:putana D:doctor Mn:maniac " + SIX)
    out = night(
        state, Action("block", "P", target="C1"), Action("heal", "D", target="P"), Action("kill", "Mn", target="C1")
    )
    assert sorted(out.out) == ["C1", "P"]


def test_journalist_lists_unblocked_visitors_only():
    """COSMO-043, A10: a blocked visitor did not visit; a journalist spying on a
    protected player is repelled and learns nothing (COSMO-044)."""
    state = game("J:journalist B:bodyguard P:putana K:commissar Mn:maniac " + SIX)
    out = night(
        state,
        Action("check", "K", target="C2"),
        Action("block", "P", target="Mn"),
        Action("kill", "Mn", target="C2"),
        Action("kill_vote", "M1", target="C2"),
        Action("spy", "J", target="C2"),
    )
    assert [f.result for f in out.feedback if f.to == "J"] == [["commissar", "mafioso"]]
    out = night(state, Action("protect", "B", target="C1"), Action("spy", "J", target="C1"))
    assert [f.result for f in out.feedback if f.to == "J"] == [None]


def test_frame_beats_ninja_and_turncoat():
    """COSMO-050, A5: «независимо от его настоящей роли» — the frame wins over the disguise."""
    state = game("I:intriguer K:commissar T:turncoat " + SIX)
    out = night(state, Action("frame", "I", target="T"), Action("check", "K", target="T"))
    assert [f.result for f in out.feedback] == ["mafioso"]


def test_mafia_kill_needs_more_than_half_of_members_present():
    """COSMO-018, A3: one vote of two members is not a majority; the lunatic never counts."""
    state = game("L:lunatic " + SIX)
    out = night(state, Action("kill_vote", "M1", target="C1"), Action("kill_vote", "L", target="C1"))
    assert out.out == []
    assert any("COSMO-041" in t.text for t in out.trace)
    assert any(t.step == "mafia_kill" and t.result == "void" and t.action is None for t in out.trace)


def test_game_over_rejects_ballots():
    """§8: after the game is won, the day's votes and re-votes are refused with ``game_over`` too."""
    state = game("M:mafioso C1:citizen C2:citizen")
    won = day(state, {"C1": "M", "C2": "M"}).state
    out = day(won, {"C1": "C2"}, revote={"C2": "jail"})
    assert [(r.action.ability, r.reason) for r in out.rejected] == [("vote", "game_over"), ("revote", "game_over")]
    assert out.out == [] and out.state.players["C2"].alive


def test_cosmo_037_sergeant_visited_by_the_putana_does_not_see_the_check():
    """COSMO-037: «Ведущий не будит ночью этого игрока, тем самым не давая ему
    воспользоваться своими особыми свойствами.» COSMO-026: the sergeant
    «Ночью просыпается вместе с ними и видит результаты проверки». Not woken,
    he sees nothing; the host's trace says why. Unvisited, he sees the check."""
    state = game("Com:commissar Sgt:sergeant Put:putana M1:mafioso M2:mafioso C1:citizen C2:citizen")
    check = Action("check", actor="Com", target="M1")
    visited = night(state, Action("block", actor="Put", target="Sgt"), check)
    assert [f.to_dict() for f in visited.feedback] == [{"to": "Com", "about": "M1", "result": "mafioso"}]
    assert any(t.step == "check" and t.result == "blocked" and t.by == "Put" for t in visited.trace)
    free = night(state, Action("block", actor="Put", target="C1"), check)
    assert {"to": "Sgt", "about": "M1", "result": "mafioso"} in [f.to_dict() for f in free.feedback]


@pytest.mark.parametrize("flip", [False, True])
def test_cosmo_037_putana_chain_does_not_depend_on_hand_in_order(flip):
    """COSMO-037: the putana's target «не будит ночью», so a putana visited by
    another putana does not wake to visit anyone (§6 N1: «A blocked player's
    actions this night do nothing»). All night choices are collected before
    the night is resolved (§6), so the visit that blocks another visit
    counts whatever the order of hand-in and of seats: here Q (seated
    first) is blocked by P, the doctor is not blocked and saves C."""
    state = game("Q:putana D:doctor Man:maniac C:citizen P:putana M1:mafioso M2:mafioso")
    actions = [
        Action("block", actor="Q", target="D"),
        Action("block", actor="P", target="Q"),
        Action("kill", actor="Man", target="C"),
        Action("heal", actor="D", target="C"),
    ]
    outcome = night(state, *(reversed(actions) if flip else actions))
    assert outcome.out == []
    assert outcome.state.players["C"].alive
    assert any(t.step == "block" and t.result == "blocked" and t.by == "P" for t in outcome.trace)


def test_cosmo_037_putana_cycle_is_settled_in_seat_order():
    """COSMO-037 with two putanas visiting each other: the document gives no
    wake order between them (A4); the host wakes the one seated first, whose
    visit blocks the other's. Hand-in order changes nothing."""
    state = game("P:putana Q:putana M1:mafioso M2:mafioso C1:citizen C2:citizen")
    mutual = [Action("block", actor="P", target="Q"), Action("block", actor="Q", target="P")]
    for actions in (mutual, mutual[::-1]):
        outcome = night(state, *actions)
        assert [t.to_dict() for t in outcome.trace if t.step == "block"] == [
            {
                "step": "block",
                "result": "effect",
                "text": "The putana P blocked Q for tonight (COSMO-037).",
                "action": {"actor": "P", "ability": "block", "target": "Q"},
                "by": None,
            },
            {
                "step": "block",
                "result": "blocked",
                "text": "Q was blocked by the putana P: her visit does nothing (COSMO-037).",
                "action": {"actor": "Q", "ability": "block", "target": "P"},
                "by": "P",
            },
        ]


def test_cosmo_044_blocked_bodyguard_protects_nobody_whatever_the_order():
    """COSMO-044 with COSMO-037: a bodyguard whom a putana visits is not woken
    and protects nobody, so another putana's visit to his player succeeds,
    whichever putana is seated or handed in first (§6 N1, A4)."""
    state = game("Q:putana B:bodyguard T:doctor P:putana M1:mafioso M2:mafioso C1:citizen")
    actions = [
        Action("block", actor="Q", target="T"),
        Action("protect", actor="B", target="T"),
        Action("block", actor="P", target="B"),
    ]
    for order in (actions, actions[::-1]):
        outcome = night(state, *order)
        blocked = {t.action.targets()[0] for t in outcome.trace if t.step == "block" and t.result == "effect"}
        assert blocked == {"T", "B"}
