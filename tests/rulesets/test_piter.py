"""Rulings of the Piter ruleset that scenarios cannot express: setup table,
schedule, declarations, trace, announcements, messages and table discipline.

Each test's docstring names the rule id (``spec/rulesets/piter.md``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import rulesets
from rulesets.core import Action, GameState, Outcome, RulesError
from rulesets.piter import RULESET, extra_minute_reason, give_warning, may_speak, take_extra_minute
from rulesets.piter.setup import TABLE
from rulesets.scenario import parse_step


def seat(spec: str, **options: Any) -> GameState:
    """A game from ``"A=role B=role …"``."""
    return RULESET.new_game([(*p.split("="), None) for p in spec.split()], None, options)


def play(state: GameState, *steps: dict[str, Any]) -> list[Outcome]:
    """Resolve scenario-format steps in order; returns every outcome."""
    outcomes = []
    for raw in steps:
        outcome = RULESET.resolve(state, parse_step(RULESET, state, raw))
        outcomes.append(outcome)
        state = outcome.state
    return outcomes


def kill(target: str) -> dict[str, Any]:
    """The clan's shot at ``target``."""
    return {"team": "mafia", "ability": "kill", "target": target}


def act(actor: str, ability: str, target: Any) -> dict[str, Any]:
    """An individual action."""
    return {"actor": actor, "ability": ability, "target": target}


QUIET_DAY: dict[str, Any] = {"phase": "day", "votes": {}}


# ------------------------------------------------------------------ setup


def test_registry_returns_the_piter_engine() -> None:
    """PITER-100: the registry maps ``piter`` to this engine, 3 to 12 players."""
    assert rulesets.get("piter") is RULESET
    assert (RULESET.MIN_PLAYERS, RULESET.MAX_PLAYERS) == (3, 12)


@pytest.mark.parametrize("n", range(3, 13))
def test_composition_follows_the_document_table(n: int) -> None:
    """PITER-100: «РЕКОМЕНДУЕМЫЙ СОСТАВ ПЕРСОНАЖЕЙ» for every covered count."""
    roles = RULESET.composition(n)
    assert roles == TABLE[n]
    assert sum(roles.values()) == n
    assert set(roles) <= set(RULESET.ROLES)


def test_composition_rows_quote_the_document() -> None:
    """PITER-100: spot checks of rows 5, 7 and 12 against the document."""
    assert RULESET.composition(5) == {"mafioso": 1, "werewolf": 1, "citizen": 1, "doctor": 1, "journalist": 1}
    assert RULESET.composition(7)["mirror"] == 1
    assert RULESET.composition(12) == {
        "mafioso": 2,
        "bureaucrat": 1,
        "werewolf": 1,
        "citizen": 2,
        "komsomolets": 1,
        "doctor": 1,
        "journalist": 1,
        "judge": 1,
        "oper": 1,
        "maniac": 1,
    }


@pytest.mark.parametrize("n", [0, 2, 13, 20])
def test_composition_outside_the_table_raises(n: int) -> None:
    """PITER-100: the table covers 3 to 12 players only."""
    with pytest.raises(RulesError, match="3 to 12"):
        RULESET.composition(n)


def test_substitutions_swap_roles() -> None:
    """PITER-101: «Бюрократ – Путана, Опер – Судья, Маньяк – Зеркало»."""
    roles = RULESET.composition(
        10, options={"putana_for_bureaucrat": True, "judge_for_oper": True, "mirror_for_maniac": True}
    )
    assert "bureaucrat" not in roles and roles["putana"] == 1
    assert "oper" not in roles and roles["judge"] == 1
    assert "maniac" not in roles and roles["mirror"] == 1
    assert sum(roles.values()) == 10


def test_substitution_may_not_duplicate_a_role() -> None:
    """PITER-101: 12 players already have a judge."""
    with pytest.raises(RulesError, match="already have a judge"):
        RULESET.composition(12, options={"judge_for_oper": True})


def test_substitution_needs_the_replaced_role() -> None:
    """PITER-101: there is no bureaucrat to replace at 6 players."""
    with pytest.raises(RulesError, match="no bureaucrat"):
        RULESET.composition(6, options={"putana_for_bureaucrat": True})


def test_variants_are_options() -> None:
    """PITER-120 to PITER-122: the document's variants are boolean options, not variants."""
    assert RULESET.VARIANTS == ()
    assert RULESET.default_variant(8) is None
    assert {"no_host", "dark", "extra_minutes"} <= set(RULESET.OPTIONS)
    with pytest.raises(RulesError):
        RULESET.composition(8, "classic")
    with pytest.raises(RulesError):
        seat("A=mafioso B=citizen C=citizen", turbo=True)


def test_roles_carry_russian_and_english_names() -> None:
    """PITER-040 to PITER-061: every role has its document name and an English one."""
    for role in RULESET.ROLES.values():
        assert role.name["ru"] and role.name["en"]
        assert all(ab in RULESET.ABILITIES for ab in role.abilities)
    assert RULESET.ROLES["komsomolets"].name["ru"] == "Комсомолец"


def test_piter_040_the_bureaucrat_cannot_make_the_clans_shot() -> None:
    """PITER-040, PITER-044: the bureaucrat is «не стреляющая» Мафия and
    wakes separately: a clan shot handed in by him is refused
    (``non_shooting``) and kills nobody; the mafioso may hand it in."""
    state = seat("M=mafioso B=bureaucrat C=citizen D=citizen E=citizen")
    assert RULESET.team_choice_refusal(state, "mafia", "kill", "B") == "non_shooting"
    assert RULESET.team_choice_refusal(state, "mafia", "kill", "M") is None
    night0 = RULESET.resolve(state, parse_step(RULESET, state, {"phase": "night", "actions": []}))
    day1 = RULESET.resolve(night0.state, parse_step(RULESET, night0.state, QUIET_DAY))
    shot = Action("kill", actor="B", team="mafia", target="C")
    step = parse_step(RULESET, day1.state, {"phase": "night", "actions": [act("B", "block", "D")]})
    step.actions.append(shot)
    outcome = RULESET.resolve(day1.state, step)
    assert outcome.state.players["C"].alive
    assert any(r.reason == "non_shooting" and r.action == shot for r in outcome.rejected)


def test_clan_shot_is_a_team_ability() -> None:
    """PITER-040: the clan shoots together; PITER-041: only while a mafioso lives."""
    state = seat("M=mafioso P=putana C=citizen D=citizen")
    assert RULESET.team_abilities(state, "mafia") == ("kill",)
    state.players["M"].alive = False
    assert RULESET.team_abilities(state, "mafia") == ()
    assert RULESET.describe()["team_abilities"]["mafia"]["team"] is True


# --------------------------------------------------------------- schedule


def test_schedule_lists_the_forum_deadlines() -> None:
    """PITER-001, PITER-011, PITER-017: morning, nominations, monologues,
    vote, the tied players' extra minute, re-vote, night."""
    ids = [entry.id for entry in RULESET.SCHEDULE]
    assert ids == [
        "nominations_open",
        "nominations_close",
        "defence_close",
        "day_deadline",
        "revote_speech_close",
        "revote_deadline",
        "night_deadline",
    ]
    times = {entry.id: entry.time for entry in RULESET.SCHEDULE}
    assert times["night_deadline"] == "10:00" and times["day_deadline"] == "20:00"


def test_schedule_resolves_day_and_night_with_rising_fast_offsets() -> None:
    """PITER-031, PITER-016: the vote and the night resolve at their deadlines; a turbo day keeps the order."""
    resolving = {entry.id: entry.closes for entry in RULESET.SCHEDULE if entry.resolves}
    assert resolving["day_deadline"] == "day" and resolving["night_deadline"] == "night"
    offsets = [entry.fast_minutes for entry in RULESET.SCHEDULE]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)


def test_order_follows_the_document_turns() -> None:
    """PITER-030: «Мафия, Бюрократ, Путана, Маньяк, Опер, Доктор, Судья, Зеркало, Журналист»."""
    steps = [step for step, _, _ in RULESET.ORDER]
    turns = ["clan_shot", "block", "discredit", "maniac_kill", "oper_kill", "heal", "sentence", "reflect", "compare"]
    assert [s for s in steps if s in turns] == turns
    assert steps.index("deaths") > steps.index("reflect")
    assert all(re.fullmatch(r"PITER-\d{3}", rule) for _, rule, _ in RULESET.ORDER)


# ------------------------------------------------------------------ trace


def test_trace_saved_kill_names_doctor_and_rule() -> None:
    """PITER-051: the host reads who was saved, by whom, with the rule id."""
    state = seat("M=mafioso D=doctor B=citizen C=citizen E=citizen")
    night = play(state, QUIET_DAY, {"phase": "night", "actions": [kill("B"), act("D", "heal", "B")]})[1]
    saved = [t for t in night.trace if t.result == "saved"]
    assert len(saved) == 1
    assert saved[0].by == "D"
    assert saved[0].text == "Doctor D healed B: the mafia's shot (PITER-040) on B is saved (PITER-051)."


def test_trace_blocked_action_is_void_not_rejected() -> None:
    """PITER-070: a blocked action is traced as blocked, by the bureaucrat, and not rejected."""
    state = seat("M=mafioso U=bureaucrat D=doctor B=citizen C=citizen E=citizen")
    night = play(
        state, QUIET_DAY, {"phase": "night", "actions": [kill("B"), act("U", "block", "D"), act("D", "heal", "B")]}
    )[1]
    blocked = [t for t in night.trace if t.result == "blocked"]
    assert [(t.step, t.by) for t in blocked] == [("heal", "U")]
    assert "PITER-070" in blocked[0].text
    assert night.rejected == []


def test_trace_covers_every_action() -> None:
    """PITER-030: every handed-in action appears in the host's trace."""
    state = seat("M=mafioso Man=maniac Mir=mirror J=journalist B=citizen C=citizen")
    actions = [kill("B"), act("Man", "kill", "Mir"), act("Mir", "reflect", "C"), act("J", "compare", ["M", "Man"])]
    night = play(state, QUIET_DAY, {"phase": "night", "actions": actions})[1]
    traced = {json.dumps(t.action.to_dict()) for t in night.trace if t.action}
    for raw in actions:
        assert json.dumps(Action.from_dict(raw).to_dict()) in traced
    assert all(t.result in ("effect", "blocked", "saved", "void", "rejected", "info") for t in night.trace)


def test_trace_cites_rule_ids() -> None:
    """PITER-006: the trace is for the host and cites a rule in every line."""
    state = seat("M=mafioso D=doctor B=citizen C=citizen E=citizen")
    outcomes = play(
        state,
        {"phase": "day", "nominations": ["B"], "votes": {}},
        {"phase": "night", "actions": [kill("C"), act("D", "heal", "D")]},
    )
    for outcome in outcomes:
        for entry in outcome.trace:
            assert re.search(r"PITER-\d{3}", entry.text), entry.text


# ---------------------------------------------------------- announcements


def test_morning_names_the_dead_but_not_the_killer() -> None:
    """PITER-005, PITER-006: the card is revealed, the killer is not named."""
    state = seat("M=mafioso O=oper B=citizen C=citizen E=citizen")
    night = play(state, QUIET_DAY, {"phase": "night", "actions": [kill("B"), act("O", "kill", "C")]})[1]
    left = [(a.player, a.role) for a in night.announcements if a.kind == "left"]
    assert left == [("B", "citizen"), ("C", "citizen")]
    public = " ".join(a.text for a in night.announcements)
    assert "M" not in public.split() and "O" not in public.split()
    assert "mafia" not in public.lower() and "oper" not in public.lower()


def test_dark_game_hides_the_cards() -> None:
    """PITER-121: in a dark game the departed player's role is not published."""
    state = seat("M=mafioso B=citizen C=citizen E=citizen", dark=True)
    day = play(state, {"phase": "day", "nominations": ["M"], "votes": {}})[0]
    executed = [a for a in day.announcements if a.kind == "executed"]
    assert executed[0].player == "M" and executed[0].role is None
    assert "Mafioso" not in executed[0].text
    assert day.state.players["M"].role == "mafioso"


def test_first_morning_announces_the_clan_size() -> None:
    """PITER-004, A-20: the clan is mafiosi, putana and bureaucrat; the werewolf is not counted."""
    state = seat("M=mafioso N=mafioso U=bureaucrat W=werewolf A=citizen B=citizen C=citizen D=citizen E=doctor")
    night = play(state, {"phase": "night", "actions": []})[0]
    count = [a for a in night.announcements if a.kind == "mafia_count"]
    assert len(count) == 1 and "3 mafia" in count[0].text


def test_morning_announces_the_silenced_player() -> None:
    """PITER-021, PITER-042: the discredited player is named and may not speak that day."""
    state = seat("M=mafioso P=putana A=citizen B=citizen C=citizen D=citizen")
    night = play(state, QUIET_DAY, {"phase": "night", "actions": [kill("A"), act("P", "discredit", "B")]})[1]
    assert [a.player for a in night.announcements if a.kind == "silenced"] == ["B"]
    assert not may_speak(night.state, "B")
    assert may_speak(night.state, "C")
    after_day = RULESET.resolve(night.state, parse_step(RULESET, night.state, QUIET_DAY))
    assert may_speak(after_day.state, "B")


def test_fifty_fifty_without_ghost_announces_non_consolidated_vote() -> None:
    """PITER-091, PITER-094: equal numbers in the morning and no Ghost."""
    state = seat("M=mafioso N=mafioso D=doctor J=journalist C=citizen")
    outcomes = play(
        state,
        {"phase": "day", "nominations": ["C"], "votes": {}},
        {"phase": "night", "actions": [kill("J"), act("D", "heal", "J"), act("J", "compare", ["M", "D"])]},
    )
    assert [a.kind for a in outcomes[1].announcements] == ["non_consolidated"]
    assert outcomes[1].state.memory["non_consolidated"] is True


def test_fifty_fifty_with_killed_citizen_offers_a_ghost() -> None:
    """PITER-091, PITER-092: a citizen killed in the night can be left as the Ghost."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    outcomes = play(
        state, {"phase": "day", "nominations": ["E"], "votes": {}}, {"phase": "night", "actions": [kill("A")]}
    )
    assert outcomes[1].state.memory["ghosts"] == ["A"]
    assert any(a.kind == "ghost" for a in outcomes[1].announcements)
    assert RULESET.abilities_of(outcomes[1].state, "A") == ("ghost_pick",)


def test_piter_094_technical_defeat_ends_in_the_towns_win_and_turns_no_werewolf() -> None:
    """PITER-094: «Мафия не может вместе голосовать за одну кандидатуру. Если
    такое произойдёт – засчитывается техническое поражение Мафии.» PITER-061
    turns the werewolf «когда игру покидает одна из «стреляющих» мафий»: a
    departure of the game, not the clan's defeat. The werewolf stays a
    citizen, nobody turns, and the town wins instead of a clan reborn."""
    state = seat("M=mafioso N=mafioso W=werewolf A=citizen B=citizen D=doctor")
    outcomes = play(
        state,
        {"phase": "day", "nominations": ["A"], "votes": {}},
        {"phase": "night", "actions": [kill("D"), act("D", "heal", "B")]},
        {"phase": "day", "nominations": ["B", "W"], "votes": {"M": "B", "N": "B", "W": "B", "B": "W"}},
    )
    evening = outcomes[2]
    assert evening.out == ["M", "N"]
    assert (evening.state.players["W"].role, evening.state.players["W"].team) == ("werewolf", "town")
    assert not [t for t in evening.trace if t.step == "conversions"]
    assert evening.winner == "town"


def test_evening_equality_changes_nothing() -> None:
    """PITER-091: the 50/50 rule is a morning rule only."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen")
    day = play(state, {"phase": "day", "nominations": ["A"], "votes": {}})[0]
    assert day.state.winner is None
    assert not day.state.memory.get("non_consolidated")


def test_ghost_pick_as_step_field() -> None:
    """PITER-093: the scenario format's ``ghost_pick`` step field names the tied nominee."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    tie = {"M": "B", "N": "B", "B": "M", "C": "M"}
    for pick in ("M", {"target": "M"}, {"actor": "A", "target": "M"}, {"A": "M"}):
        outcomes = play(
            state,
            {"phase": "day", "nominations": ["E"], "votes": {}},
            {"phase": "night", "actions": [kill("A")]},
            {"phase": "day", "nominations": ["M", "B"], "votes": tie, "revote": tie, "ghost_pick": pick},
        )
        assert outcomes[2].out == ["M"]


def test_last_valid_night_choice_counts() -> None:
    """Digest §2, A-22: the last valid night submission counts; the earlier
    one is rejected as ``duplicate_action``."""
    state = seat("M=mafioso D=doctor A=citizen B=citizen C=citizen")
    night = play(
        state,
        {"phase": "day", "votes": {}},
        {"phase": "night", "actions": [kill("A"), kill("B"), act("D", "heal", "C"), act("D", "heal", "B")]},
    )[1]
    assert night.out == []
    # Rejections are listed in seat order of their owners, teams last: the
    # order choices came in from different players does not matter.
    assert [(r.action.who, r.action.target, r.reason) for r in night.rejected] == [
        ("D", "C", "duplicate_action"),
        ("team:mafia", "A", "duplicate_action"),
    ]


def test_ghost_pick_field_as_a_list() -> None:
    """PITER-093: the ``ghost_pick`` step field may list picks; the first valid one counts."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    tie = {"M": "B", "N": "B", "B": "M", "C": "M"}
    outcomes = play(
        state,
        {"phase": "day", "nominations": ["E"], "votes": {}},
        {"phase": "night", "actions": [kill("A")]},
        {"phase": "day", "nominations": ["M", "B"], "votes": tie, "revote": tie, "ghost_pick": [{"A": "M"}]},
    )
    assert outcomes[2].out == ["M"]


def test_day_departures_in_seat_order() -> None:
    """Digest §3: ``out_this_step`` lists players in seat order, the sentenced one included."""
    state = seat("M=mafioso J=judge A=citizen B=citizen C=citizen")
    outcomes = play(
        state,
        {"phase": "day", "votes": {}},
        {"phase": "night", "actions": [kill("C"), act("J", "execute", "A")]},
        {"phase": "day", "nominations": ["B"], "votes": {}},
    )
    assert outcomes[2].out == ["A", "B"]


def test_ghost_pick_field_without_ghost_is_ignored() -> None:
    """PITER-092: with nobody to leave as a Ghost, a step-level pick changes nothing and is traced."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    tie = {"M": "A", "N": "A", "A": "M", "B": "M", "C": "M", "E": "A"}
    day = play(state, {"phase": "day", "nominations": ["M", "A"], "votes": tie, "revote": tie, "ghost_pick": "M"})[0]
    assert day.out == []
    assert any(t.step == "ghost" and t.result == "void" for t in day.trace)


def test_ghost_pick_field_with_unknown_player_is_malformed() -> None:
    """PITER-092: a ``ghost_pick`` naming a stranger makes the step malformed."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen")
    with pytest.raises(RulesError):
        play(state, {"phase": "day", "nominations": ["A"], "votes": {}, "ghost_pick": {"Z": "A"}})


def test_no_host_makes_first_executed_the_host() -> None:
    """PITER-120: «Ведущим становится игрок, которого первым казнили в 1й день»."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen", no_host=True)
    outcomes = play(
        state,
        {"phase": "night", "actions": []},
        {"phase": "day", "nominations": ["A"], "votes": {}},
        {"phase": "night", "actions": [kill("B")]},
        {"phase": "day", "nominations": ["C"], "votes": {}},
    )
    assert [a.player for a in outcomes[1].announcements if a.kind == "host"] == ["A"]
    assert outcomes[3].state.memory["host"] == "A"
    assert not [a for a in outcomes[3].announcements if a.kind == "host"]


def test_without_no_host_nobody_becomes_host() -> None:
    """PITER-120: only the ``no_host`` variant appoints a player host."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    day = play(state, {"phase": "day", "nominations": ["A"], "votes": {}})[0]
    assert "host" not in day.state.memory


# ------------------------------------------------------------- validation


def test_validate_refuses_with_readable_messages() -> None:
    """PITER-003, PITER-040, PITER-058: cabinet refusals carry a sentence naming the rule."""
    fresh = seat("M=mafioso J=journalist D=doctor A=citizen")
    assert RULESET.validate(fresh, Action("heal", "D", target="A"), "night") == "acquaintance_night"
    state = play(fresh, {"phase": "night", "actions": []})[0].state
    assert RULESET.validate(state, Action("kill", "M", target="A"), "night") == "team_ability"
    assert RULESET.validate(state, Action("compare", "J", target=("J", "A")), "night") == "self_target"
    assert RULESET.validate(state, Action("heal", "D", target="D"), "night") is None
    for reason in ("acquaintance_night", "team_ability", "self_target", "repeat_target", "not_tied", "no_shooter"):
        message = RULESET.message(reason)
        assert message.endswith(".") and message[0].isupper()
    assert "PITER-058" in RULESET.message("self_target")


def test_validate_raises_for_unknown_names() -> None:
    """PITER-032: an unknown player or ability is a malformed request, not a rejection."""
    state = seat("M=mafioso D=doctor A=citizen")
    with pytest.raises(RulesError):
        RULESET.validate(state, Action("heal", "D", target="Z"), "night")
    with pytest.raises(RulesError):
        RULESET.validate(state, Action("shoot", "D", target="A"), "night")


def test_repeat_limit_applies_only_to_the_previous_night() -> None:
    """PITER-053: the doctor may not heal last night's patient, but may the night after."""
    state = seat("M=mafioso D=doctor A=citizen B=citizen C=citizen E=citizen")
    night = play(state, QUIET_DAY, {"phase": "night", "actions": [kill("C"), act("D", "heal", "A")]})[1].state
    assert RULESET.validate(night, Action("heal", "D", target="A"), "night") == "repeat_target"
    assert RULESET.validate(night, Action("heal", "D", target="B"), "night") is None


def test_vote_reason() -> None:
    """PITER-012, PITER-017, PITER-019: off-list and dead ballots are refused."""
    state = seat("M=mafioso A=citizen B=citizen C=citizen")
    state.players["C"].alive = False
    assert RULESET.vote_reason(state, "A", "B", ["M"]) == "not_nominated"
    assert RULESET.vote_reason(state, "A", "B", ["M"], revote=True) == "not_tied"
    assert RULESET.vote_reason(state, "C", "M", ["M"]) == "actor_not_alive"
    assert RULESET.vote_reason(state, "A", None, ["M"]) is None
    assert RULESET.vote_reason(state, "A", "A", ["A"]) is None


def test_steps_must_alternate() -> None:
    """PITER-002: day and night steps alternate; two days in a row are malformed."""
    state = seat("M=mafioso A=citizen B=citizen C=citizen")
    with pytest.raises(RulesError, match="in a row"):
        play(state, QUIET_DAY, QUIET_DAY)


def test_game_starts_with_the_acquaintance_night() -> None:
    """PITER-002, PITER-003: the first phase of a game is the acquaintance night; nobody can act in it."""
    state = seat("M=mafioso D=doctor A=citizen B=citizen")
    assert RULESET.next_phase(state) == "night"
    assert RULESET.action_slots(state, "night") == []


def test_action_slots_offer_clan_shot_and_night_abilities() -> None:
    """PITER-040, PITER-052, PITER-058: the cabinet choices after the first day."""
    state = play(seat("M=mafioso D=doctor J=journalist A=citizen B=citizen"), QUIET_DAY)[0].state
    slots = {(s.actor, s.team, s.ability): s for s in RULESET.action_slots(state, "night")}
    assert set(slots) == {(None, "mafia", "kill"), ("D", None, "heal"), ("J", None, "compare")}
    assert "M" in slots[(None, "mafia", "kill")].candidates
    assert "D" in slots[("D", None, "heal")].candidates
    assert "J" not in slots[("J", None, "compare")].candidates
    assert slots[("J", None, "compare")].targets == 2


# --------------------------------------------------------- end-game table


def test_evening_doctor_who_healed_himself_loses_to_killer() -> None:
    """PITER-087, A-9: only a doctor who did not heal himself on the latest night draws."""
    state = seat("M=mafioso D=doctor A=citizen B=citizen")
    outcomes = play(
        state,
        QUIET_DAY,
        {"phase": "night", "actions": [kill("A"), act("D", "heal", "D")]},
        {"phase": "day", "nominations": ["B"], "votes": {}},
    )
    assert outcomes[2].state.winner == "mafia"


def test_winner_is_announced() -> None:
    """PITER-082: the end of the game is published."""
    state = seat("M=mafioso A=citizen B=citizen C=citizen")
    day = play(state, {"phase": "day", "nominations": ["M"], "votes": {}})[0]
    assert day.winner == "town"
    assert [a.kind for a in day.announcements][-1] == "winner"


# ------------------------------------------------------------- discipline


def test_third_warning_removes_and_converts() -> None:
    """PITER-110, PITER-111: the third warning removes the player; a mafioso's removal turns the werewolf."""
    state = seat("M=mafioso N=mafioso W=werewolf A=citizen B=citizen C=citizen")
    for expected_alive in (True, True, False):
        outcome = give_warning(state, "M", "insult")
        state = outcome.state
        assert state.players["M"].alive is expected_alive
    assert outcome.out == ["M"]
    assert state.players["W"].role == "mafioso" and state.players["W"].team == "mafia"
    assert [a.kind for a in outcome.announcements] == ["warning", "removed"]


def test_warning_leaves_input_untouched_and_checks_offence() -> None:
    """PITER-110: warnings are for the document's offences only."""
    state = seat("M=mafioso A=citizen B=citizen")
    give_warning(state, "A", "bribery")
    assert "warnings" not in state.players["A"].counters
    with pytest.raises(RulesError):
        give_warning(state, "A", "being_late")


def test_extra_minute_once_per_game() -> None:
    """PITER-122: «Такая минута у каждого игрока только одна на всю игру»."""
    state = seat("M=mafioso A=citizen B=citizen", extra_minutes=True)
    assert extra_minute_reason(state, "A") is None
    state = take_extra_minute(state, "A").state
    assert extra_minute_reason(state, "A") == "extra_minute_used"
    with pytest.raises(RulesError):
        take_extra_minute(state, "A")


def test_extra_minute_needs_the_option() -> None:
    """PITER-122: without ``extra_minutes`` nobody takes an extra minute."""
    state = seat("M=mafioso A=citizen B=citizen")
    assert extra_minute_reason(state, "A") == "no_extra_minutes"


# -------------------------------------------------------------- storage


def test_state_survives_json_round_trip() -> None:
    """PITER-050, PITER-053: the pending sentence and limits are stored as JSON between phases."""
    state = seat("M=mafioso J=judge D=doctor A=citizen B=citizen C=citizen")
    night = play(
        state, QUIET_DAY, {"phase": "night", "actions": [kill("A"), act("J", "execute", "B"), act("D", "heal", "C")]}
    )[1]
    stored = json.loads(json.dumps(night.state.to_dict()))
    restored = GameState.from_dict(stored)
    day = RULESET.resolve(restored, parse_step(RULESET, restored, QUIET_DAY))
    assert day.out == ["B"]
    assert RULESET.validate(restored, Action("heal", "D", target="C"), "night") == "repeat_target"


def test_offences_follow_the_document_list() -> None:
    """PITER-110: the eight offences the host warns for, in the document's words."""
    offences = RULESET.describe()["offences"]
    assert len(offences) == 8
    assert offences["night_gesture"] == "Ночные жесты вне своего хода."


def test_describe_is_json() -> None:
    """PITER-100: the declarations the web app reads serialise to JSON."""
    described = json.loads(json.dumps(RULESET.describe(), ensure_ascii=False))
    assert described["id"] == "piter"
    assert described["setup"]["12"]["judge"] == 1
    assert [step for step, _, _ in described["order"]][0] == "acquaintance"


def test_silenced_message_is_readable() -> None:
    """PITER-021: the sentence shown when a discredited player tries to post."""
    assert "PITER-021" in RULESET.message("silenced")


def test_ghost_slot_offers_living_players() -> None:
    """PITER-092, PITER-093: an active Ghost's cabinet offers the living players only."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    outcomes = play(
        state, {"phase": "day", "nominations": ["E"], "votes": {}}, {"phase": "night", "actions": [kill("A")]}
    )
    slots = RULESET.action_slots(outcomes[1].state, "day")
    assert [(s.actor, s.ability) for s in slots] == [("A", "ghost_pick")]
    assert set(slots[0].candidates) == {"M", "N", "B", "C"}


def test_every_living_player_counts_exactly_once() -> None:
    """PITER-013, PITER-014, PITER-015: one vote per living player, voters and non-voters alike."""
    state = seat("M=mafioso N=mafioso A=citizen B=citizen C=citizen E=citizen")
    state.players["E"].alive = False
    day = play(state, {"phase": "day", "nominations": ["A", "M"], "votes": {"M": "A", "E": "M", "B": None}})[0]
    tally = next(t.text for t in day.trace if t.text.startswith("Votes:"))
    assert tally == "Votes: A 1, M 4 (PITER-016)."
    assert [r.action.actor for r in day.rejected] == ["E"]
