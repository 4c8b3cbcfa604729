"""Forum ruleset: what scenarios cannot express (setup table, schedule,
declarations, validation messages, trace and announcements, the host's
excuses, lateness, penalties, rooms, storage). Each docstring names its rule."""

from __future__ import annotations

import json
import random

import pytest

import rulesets
from rulesets.core import Action, GameState, PhaseInput, RulesError
from rulesets.simulate import random_game

FORUM = rulesets.get("forum")
THREE = "A=cop B=don@mafia C=mafioso@mafia D=don@maniacs E=mafioso@maniacs F=citizen G=citizen"


def seat(spec: str, variant: str = "three_sided", **options: object) -> GameState:
    """A game from ``"NAME=role[@team] ..."``."""
    seats = []
    for item in spec.split():
        name, role = item.split("=")
        role, _, team = role.partition("@")
        seats.append((name, role, team or None))
    return FORUM.new_game(seats, variant, dict(options))


def night(state: GameState, *actions: Action, **extra: object):
    return FORUM.resolve(state, PhaseInput("night", list(actions), extra=dict(extra)))


def day(state: GameState, votes: dict[str, str | None], *actions: Action, **extra: object):
    return FORUM.resolve(state, PhaseInput("day", list(actions), votes, extra=dict(extra)))


def cycle(state: GameState) -> dict[str, str | None]:
    """Everyone votes for the next living player: a tie, nobody leaves."""
    names = state.alive_names()
    return {n: names[(i + 1) % len(names)] for i, n in enumerate(names)}


def shoot(actor: str, target: str, ability: str = "shoot") -> Action:
    return Action(ability, actor=actor, target=target)


def team(name: str, target: str, ability: str = "kill") -> Action:
    return Action(ability, team=name, target=target)


# ------------------------------------------------------------------- setup


@pytest.mark.parametrize("n", range(FORUM.MIN_PLAYERS, 15 + 1))
def test_two_sided_criminals_are_a_third(n: int) -> None:
    """FORUM-005: «мафы составляют 1/3»; one Don, a lone Maniac (FORUM-003)."""
    comp = FORUM.composition(n, "two_sided")
    assert sum(comp.values()) == n
    assert comp["don"] == 1 and comp["maniac"] == 1
    assert comp["don"] + comp["mafioso"] == round(n / 3)


@pytest.mark.parametrize("n", range(15, FORUM.MAX_PLAYERS + 1))
def test_three_sided_criminals_are_forty_percent_split_evenly(n: int) -> None:
    """FORUM-006: 40 %, two equal teams with a Don each (FORUM-004, FORUM-033); no lone Maniac."""
    comp = FORUM.composition(n, "three_sided")
    criminals = comp["don"] + comp["mafioso"]
    assert sum(comp.values()) == n and comp["don"] == 2 and "maniac" not in comp
    assert criminals % 2 == 0 and abs(criminals - 0.4 * n) <= 1


@pytest.mark.parametrize(
    ("n", "criminals", "extras", "options"),
    [
        (20, 8, set(), {}),
        (21, 8, {"kamikaze"}, {}),
        (22, 8, {"kamikaze"}, {"basement": ["mafia", "maniacs"]}),
        (23, 10, {"cop_lover", "child"}, {"multifunctional_child": True, "basement": ["town"]}),
        (24, 10, {"cop_lover", "child"}, {"multifunctional_child": True}),
        (25, 10, set(), {}),
    ],
)
def test_worked_balance_examples(n: int, criminals: int, extras: set[str], options: dict) -> None:
    """FORUM-007: 20 → 8 (4+4); 21 → 8 + Kam; 22 → 8 + Kam + basements; 23/24 → 10 with a reinforced town; 25 → 10 (5+5)."""
    comp = FORUM.composition(n, "three_sided")
    assert comp["don"] + comp["mafioso"] == criminals
    assert extras <= set(comp)
    assert ("kamikaze" in comp) == ("kamikaze" in extras)
    assert ("cop_lover" in comp) == ("cop_lover" in extras)
    assert FORUM.suggested_options(n, "three_sided") == options


@pytest.mark.parametrize(
    ("n", "variant"), [(6, "two_sided"), (16, "two_sided"), (14, "three_sided"), (31, "three_sided")]
)
def test_composition_refuses_uncovered_counts(n: int, variant: str) -> None:
    """FORUM-001, FORUM-002: two-sided under 15, three-sided over 15 (15 is the host's call)."""
    with pytest.raises(RulesError):
        FORUM.composition(n, variant)


def test_default_variant_switches_at_fifteen() -> None:
    """FORUM-001, FORUM-002: «меньше 15» two-sided, otherwise three-sided."""
    assert FORUM.default_variant(14) == "two_sided"
    assert FORUM.default_variant(15) == "three_sided"
    assert FORUM.default_variant(16) == "three_sided"


def test_zombie_only_above_twenty_five_with_rare_roles() -> None:
    """FORUM-102: «Вводится в игру с большим количеством игроков (свыше 25)»."""
    assert "zombie" not in FORUM.composition(25, "three_sided", {"rare_roles": True})
    assert "zombie" in FORUM.composition(26, "three_sided", {"rare_roles": True})
    assert "zombie" not in FORUM.composition(26, "three_sided")


def test_rare_roles_join_a_big_town_only_when_chosen() -> None:
    """«Малоиспользуемые роли»: the Keymaster and the others come in with the rare_roles option."""
    assert "keymaster" not in FORUM.composition(30, "three_sided")
    assert "keymaster" in FORUM.composition(30, "three_sided", {"rare_roles": True})


def test_blind_draw_deals_one_don_to_each_team() -> None:
    """FORUM-004, FORUM-033: two equal teams, each led by a Don."""
    comp = FORUM.composition(20, "three_sided")
    names = [f"P{i}" for i in range(20)]
    state = FORUM.new_game(FORUM.draw_seats(names, comp, seed=7), "three_sided")
    for side in ("mafia", "maniacs"):
        members = state.team_members(side)
        assert len(members) == 4 and [p.role for p in members].count("don") == 1


def test_random_draw_without_teams_is_dealt_on_seating() -> None:
    """FORUM-033: a draw that seats both Dons in mafia is dealt to the two teams."""
    game = random_game(FORUM, 20, seed=3, max_steps=0)
    assert len(game.start.team_members("mafia")) == len(game.start.team_members("maniacs")) == 4


@pytest.mark.parametrize(
    ("spec", "variant", "options"),
    [
        ("B=don@maniacs F=citizen", "two_sided", {}),
        ("M=maniac F=citizen", "three_sided", {}),
        ("F=citizen G=citizen", "three_sided", {"bonus": {"player": "Z", "day": 1}}),
        ("F=citizen G=citizen", "three_sided", {"basement": ["kamikaze"]}),
    ],
)
def test_seating_the_rules_forbid_is_malformed(spec: str, variant: str, options: dict) -> None:
    """FORUM-003, FORUM-004 (teams per variant), FORUM-125/126 (options name real players and sides)."""
    with pytest.raises(RulesError):
        seat(spec, variant, **options)


# ------------------------------------------------------------ declarations


def test_schedule_has_the_documents_deadlines() -> None:
    """FORUM-009, FORUM-010, FORUM-012, FORUM-161: 14:00 day choices lock, 21:00 vote, 22:00 night."""
    rows = {s.id: s for s in FORUM.SCHEDULE}
    assert (rows["day_actions"].time, rows["day_actions"].closes, rows["day_actions"].resolves) == (
        "14:00",
        "day",
        False,
    )
    assert (rows["vote"].time, rows["vote"].closes, rows["vote"].resolves) == ("21:00", "day", True)
    assert (rows["night"].time, rows["night"].closes, rows["night"].resolves) == ("22:00", "night", True)
    fast = [s.fast_minutes for s in FORUM.SCHEDULE]
    assert fast == sorted(fast) and fast[0] > 0


def test_order_cites_a_rule_for_every_step() -> None:
    """Design practice 2: the night ORDER names a rule id per step (FORUM-057 blocks before FORUM-021 shots)."""
    steps = [step for step, _, _ in FORUM.ORDER]
    assert all(rule.startswith("FORUM-") for _, rule, _ in FORUM.ORDER)
    assert steps.index("block") < steps.index("protect") < steps.index("shots") < steps.index("apply")


def test_every_role_and_ability_has_russian_and_english_names() -> None:
    """The web app shows the document's words (ru) and English."""
    for item in [*FORUM.ROLES.values(), *FORUM.ABILITIES.values(), *FORUM.TEAMS.values(), *FORUM.OPTIONS.values()]:
        assert item.name.get("ru") and item.name.get("en"), item.id


def test_describe_is_json() -> None:
    """Declarations reach the web app as JSON."""
    json.dumps(FORUM.describe())


# -------------------------------------------------------------- validation


def test_every_reason_has_a_readable_message() -> None:
    """Rejections carry a sentence a player can read (digest, night step 1)."""
    state = seat("H=doctor " + THREE)
    for _ in range(2):
        state = night(state, shoot("H", "F", "heal"), shoot("A", "G")).state
        state = day(state, cycle(state)).state
    outcome = night(state, shoot("H", "F", "heal"), shoot("A", "G"))
    (rejection,) = outcome.rejected
    assert rejection.reason == "limit"
    assert rejection.message == FORUM.message("limit") and "twice" in rejection.message


@pytest.mark.parametrize(
    ("spec", "action", "phase", "reason"),
    [
        ("P=cop_assistant " + THREE, shoot("P", "C"), "night", "not_available"),
        ("T=tin_woodman " + THREE, shoot("T", "C", "kill"), "night", "not_available"),
        (THREE, team("mafia", "C", "hide"), "night", "not_available"),
        (THREE, shoot("A", "C", "direct_vote"), "day", "not_available"),
        ("L=lawyer " + THREE, shoot("L", "C", "protect"), "night", "wrong_phase"),
        (THREE, shoot("A", "A"), "night", "self_target"),
        ("V=vampire " + THREE, shoot("V", "F", "bite"), "night", None),
        (THREE, team("town", "F"), "night", "not_available"),
    ],
)
def test_validate_refuses_closed_moves(spec: str, action: Action, phase: str, reason: str | None) -> None:
    """FORUM-040 (Assistant), FORUM-059 (TW only when chosen), FORUM-126 (no basement), FORUM-119 (no Bum), FORUM-012 (phases)."""
    state = seat(spec)
    assert FORUM.validate(state, action, phase) == reason
    if reason:
        assert FORUM.message(reason) != reason


def test_validate_raises_on_unknown_players() -> None:
    """A malformed request is not a rules violation."""
    with pytest.raises(RulesError):
        FORUM.validate(seat(THREE), shoot("A", "Nobody"), "night")


def test_the_first_night_bite_is_refused_later() -> None:
    """FORUM-092, FORUM-096: a bite only on the first night."""
    state = seat("V=vampire " + THREE, bonus=None)
    state.memory["nights"] = 1
    assert FORUM.validate(state, shoot("V", "F", "bite"), "night") == "first_night_only"


# -------------------------------------------------------- trace, announcements


def test_every_trace_line_names_a_rule() -> None:
    """The host's trace cites the rule (or the digest's ambiguity) behind each decision."""
    for seed in range(30):
        game = random_game(FORUM, 16 + seed % 10, seed)
        for outcome in game.outcomes:
            for entry in outcome.trace:
                assert "FORUM-" in entry.text or "ambiguity" in entry.text, entry.text


def test_every_action_handed_in_is_traced() -> None:
    """Every choice, accepted or refused, has a trace line for the host (FORUM-031, FORUM-161)."""
    for seed in range(60):
        rng = random.Random(seed)
        state = random_game(FORUM, 7 + seed % 24, seed, max_steps=0).start
        while state.winner is None and state.steps_played < 30:
            step = FORUM.random_step(state, FORUM.next_phase(state), rng)
            outcome = FORUM.resolve(state, step)
            traced = {entry.action for entry in outcome.trace}
            assert all(action in traced for action in step.actions)
            state = outcome.state


def test_doctor_save_is_traced_and_announced() -> None:
    """FORUM-052, FORUM-180: «мафы/маны напали на игрока, но Док спас его»."""
    outcome = night(seat("H=doctor " + THREE), team("mafia", "F"), shoot("H", "F", "heal"), shoot("A", "G"))
    saved = [t for t in outcome.trace if t.result == "saved"]
    assert saved and saved[0].by == "the Doctor" and "FORUM-052" in saved[0].text
    assert any(a.kind == "saved" and a.player == "F" and "Doctor" in a.text for a in outcome.announcements)


def test_cop_save_and_miss_are_announced_without_names_of_actors() -> None:
    """FORUM-038 «Коп промахнулся», FORUM-180 «Коп спас его»: no one says who did what."""
    outcome = night(seat(THREE), team("maniacs", "F"), shoot("A", "F"))
    kinds = {a.kind for a in outcome.announcements}
    assert {"saved", "cop_missed"} <= kinds
    assert all("A" not in (a.player or "") for a in outcome.announcements)


def test_night_dead_are_announced_with_their_roles() -> None:
    """FORUM-031: the night's dead leave and their status is revealed."""
    outcome = night(seat(THREE), shoot("A", "C"))
    (line,) = [a for a in outcome.announcements if a.kind == "killed"]
    assert (line.player, line.role) == ("C", "mafioso")


def test_werewolf_victim_role_stays_hidden() -> None:
    """FORUM-092: «роль укушенного не раскрывается»."""
    outcome = night(seat("W=werewolf L=lawyer " + THREE), shoot("W", "L", "bite"), shoot("A", "F"))
    (line,) = [a for a in outcome.announcements if a.kind == "killed"]
    assert line.player == "L" and line.role is None


def test_kamikaze_choice_is_announced_with_the_night_results() -> None:
    """FORUM-089: «Выбор Кама оглашается ночью вместе с выборами остальных ночных ролевых»."""
    outcome = night(seat("Q=kamikaze " + THREE), shoot("Q", "F", "choose"), team("mafia", "Q"), shoot("A", "G"))
    assert any(a.kind == "kamikaze" and a.player == "F" for a in outcome.announcements)
    assert any(t.result == "effect" and "FORUM-087" in t.text for t in outcome.trace)


def test_werewolf_without_bite_leaves_by_autokill() -> None:
    """FORUM-095: an automatic death is traced with its rule and announced as ``autokill``."""
    outcome = night(seat("W=werewolf " + THREE), shoot("A", "F"))
    assert outcome.out == ["W"]
    assert any(a.kind == "autokill" and a.player == "W" for a in outcome.announcements)
    assert any(t.result == "effect" and "FORUM-095" in t.text for t in outcome.trace)


def test_voted_out_card_is_revealed() -> None:
    """FORUM-014: «ведущий вскрывает его карту»."""
    state = seat(THREE)
    outcome = day(state, {"A": "C", "B": "C", "C": "A", "D": "C", "E": "A", "F": "C", "G": "B"})
    (line,) = [a for a in outcome.announcements if a.kind == "eliminated"]
    assert (line.player, line.role) == ("C", "mafioso")


# ------------------------------------------------------------- autokills


def test_no_vote_autokill_is_announced() -> None:
    """FORUM-163: «покидает игру в результате автокилла»."""
    state = seat(THREE)
    votes = cycle(state)
    del votes["F"]
    outcome = day(state, votes)
    assert "F" in outcome.out
    assert any(a.kind == "autokill" and a.player == "F" for a in outcome.announcements)
    assert any(t.result == "effect" and "FORUM-163" in t.text for t in outcome.trace)


def test_forum_163_a_day_where_nobody_voted_removes_every_living_non_voter() -> None:
    """FORUM-163: «Если игрок не проголосовал в течение дня, то он покидает игру
    в результате автокилла.» A day step with no ``votes`` at all is a day on
    which nobody voted: every living player leaves by autokill, except the
    one the host excused (FORUM-159); the day roles' choices still count."""
    state = seat("L=lawyer " + THREE)
    step = PhaseInput("day", [shoot("L", "F", "protect")], extra={"excused": ["F"]})
    outcome = FORUM.resolve(state, step)
    assert outcome.out == ["L", "A", "B", "C", "D", "E", "G"]
    assert outcome.state.players["F"].alive
    assert outcome.state.players["L"].counters["protect:F"] == 1
    assert {a.player for a in outcome.announcements if a.kind == "autokill"} == set(outcome.out)


def test_excused_voter_is_not_autokilled() -> None:
    """FORUM-159: the host may waive an autokill (step.extra["excused"]); the trace says so."""
    state = seat(THREE)
    votes = cycle(state)
    votes["F"] = "F"
    outcome = day(state, votes, excused=["F"])
    assert outcome.out == [] and outcome.state.players["F"].alive
    assert any("excused" in t.text and "F" in t.text for t in outcome.trace)


def test_excused_skip_is_not_autokilled() -> None:
    """FORUM-160 with the host's waiver: the third skip counts but does not remove."""
    state = seat("H=doctor " + THREE)
    for _ in range(2):
        state = night(state, shoot("A", "F")).state
        state = day(state, cycle(state)).state
    outcome = night(state, shoot("A", "G"), excused=["H"])
    assert outcome.out == [] and outcome.state.players["H"].counters["skips"] == 3


def test_move_lost_to_the_tw_is_not_a_skip() -> None:
    """FORUM-059, ambiguity 18: the chooser's lost move is not his skip."""
    state = seat("T=tin_woodman " + THREE)
    state = night(state, shoot("A", "T")).state
    state = day(state, cycle(state)).state
    state = night(state, shoot("T", "C")).state
    assert state.players["A"].counters.get("skips", 0) == 0


def test_tw_voted_out_leaves_his_chooser_the_move() -> None:
    """FORUM-059: only a TW still in the game fires for his chooser, so the Cop shoots
    again, and a Cop who then gives no move counts a skip (FORUM-160)."""
    state = seat("T=tin_woodman H=citizen " + THREE)
    state = night(state, shoot("A", "T")).state
    votes = {n: "T" for n in state.alive_names() if n != "T"} | {"T": "H"}
    state = day(state, votes).state
    outcome = night(state, shoot("A", "C"))
    assert not outcome.rejected and not outcome.state.players["C"].alive


def test_team_member_orders_the_bum_vote_once() -> None:
    """FORUM-120: a member's order is his team's order; a second one is a duplicate."""
    state = seat("U=bum H=citizen " + THREE)
    state = night(state, team("mafia", "U")).state
    votes = cycle(state)
    outcome = day(state, votes, shoot("C", "F", "direct_vote"), team("mafia", "G", "direct_vote"))
    assert [(r.action.who, r.reason) for r in outcome.rejected] == [("team:mafia", "duplicate")]
    maniac_member = day(state, votes, shoot("E", "F", "direct_vote"))
    assert [(r.action.who, r.reason) for r in maniac_member.rejected] == [("E", "not_available")]


# ---------------------------------------------------------------- lateness


def test_late_night_choice_is_rejected() -> None:
    """FORUM-161: «Опоздание на минуту - выбор не будет приниматься»."""
    outcome = night(seat(THREE), shoot("A", "C"), late=["A"])
    assert [r.reason for r in outcome.rejected] == ["late"] and outcome.out == []


def test_late_vote_is_not_counted_and_not_autokilled() -> None:
    """FORUM-165: «голос не будет засчитываться»."""
    state = seat(THREE)
    votes = {"A": "C", "B": "C", "C": "A", "D": "A", "E": "G", "F": "C", "G": "B"}
    outcome = day(state, votes, late=["F"])
    assert outcome.out == []
    assert [(r.action.actor, r.action.ability, r.reason) for r in outcome.rejected] == [("F", "vote", "late")]


def test_vampire_preliminary_choice_stands_when_late() -> None:
    """FORUM-178: the Vampire's early choice is taken when his night choice is late."""
    state = seat("V=vampire H=doctor " + THREE)
    outcome = night(state, shoot("V", "F", "bite"), shoot("A", "G"), late=["V"], preliminary={"V": "H"})
    assert outcome.state.players["V"].role == "doctor"


# --------------------------------------------------------------- penalties


def test_skip_move_penalty_rejects_the_next_move_only() -> None:
    """FORUM-154, FORUM-156: «лишение мирных хода одного из ролевых»; the input state is untouched."""
    state = seat(THREE)
    punished = FORUM.apply_penalty(state, "skip_move", "A")
    assert "penalty_skip" not in state.players["A"].counters
    outcome = night(punished.state, shoot("A", "C"))
    assert [r.reason for r in outcome.rejected] == ["penalty"] and outcome.out == []
    assert outcome.state.players["A"].counters.get("skips", 0) == 0
    later = day(outcome.state, cycle(outcome.state)).state
    assert night(later, shoot("A", "C")).out == ["C"]


def test_skip_team_shot_penalty_rejects_next_kill() -> None:
    """FORUM-156: «лишение их выстрела в ближайшую ночь»."""
    punished = FORUM.apply_penalty(seat(THREE), "skip_team_shot", "mafia").state
    outcome = night(punished, team("mafia", "F"), shoot("A", "G"))
    assert [(r.action.team, r.reason) for r in outcome.rejected] == [("mafia", "penalty")]
    assert outcome.out == []
    assert "penalty_team" not in outcome.state.memory


def test_demote_makes_a_plain_player() -> None:
    """FORUM-153: «разжалование ролевого до простого МЖ»; a Don becomes a plain member."""
    state = seat("H=doctor " + THREE)
    assert FORUM.apply_penalty(state, "demote", "H").state.players["H"].role == "citizen"
    don = FORUM.apply_penalty(state, "demote", "B").state.players["B"]
    assert (don.role, don.team) == ("mafioso", "mafia")


def test_disqualify_removes_and_checks_victory() -> None:
    """FORUM-153, FORUM-156: removal from the game; FORUM-171 decides the winner at once."""
    state = seat("A=cop B=don@mafia F=citizen G=citizen")
    outcome = FORUM.apply_penalty(state, "disqualify", "B")
    assert outcome.out == ["B"] and outcome.state.winner == "town"
    assert any(a.kind == "disqualified" for a in outcome.announcements)


@pytest.mark.parametrize(
    ("kind", "target"),
    [
        ("ban", "A"),
        ("skip_move", "Nobody"),
        ("skip_move", "F"),
        ("skip_team_shot", "town"),
        ("demote", "F"),
        ("disqualify", "Z"),
    ],
)
def test_penalty_refuses_unknown_kind_or_target(kind: str, target: str) -> None:
    """FORUM-159: the host's penalties are the document's; anything else is an error."""
    with pytest.raises(RulesError):
        FORUM.apply_penalty(seat(THREE), kind, target)


# ------------------------------------------------------------ rooms, storage


def test_team_rooms_from_declarations() -> None:
    """FORUM-033 (team rooms), FORUM-040 (the Cop and Assistant share a room)."""
    rooms = FORUM.team_rooms(seat("P=cop_assistant " + THREE))
    assert rooms == {"mafia": ["B", "C"], "maniacs": ["D", "E"], "cop": ["P", "A"]}


def test_multifunctional_child_joins_the_cop_room() -> None:
    """FORUM-045: «тот становится полноправным членом Копской»."""
    state = night(seat("K=child " + THREE, multifunctional_child=True), shoot("A", "K")).state
    assert FORUM.team_rooms(state)["cop"] == ["K", "A"]


def test_state_survives_json_storage_mid_game() -> None:
    """The web app stores GameState.to_dict() between phases; replay from JSON is identical."""
    state = seat("T=tin_woodman U=bum " + THREE, walking_basement={"carrier": "F"}, rare_roles=True)
    state = night(state, team("mafia", "T"), shoot("A", "U"), team("maniacs", "F")).state
    stored = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    votes = cycle(state)
    direct = shoot("A", "G", "direct_vote")
    assert day(stored, votes, direct).to_state_dict() == day(state, votes, direct).to_state_dict()


def test_slots_offer_the_tw_his_choosers_move() -> None:
    """FORUM-059: the TW on duty for a team is offered that team's kill."""
    state = seat("T=tin_woodman " + THREE)
    state = night(state, team("mafia", "T"), shoot("A", "F")).state
    state = day(state, cycle(state)).state
    slots = {(s.actor, s.team, s.ability) for s in FORUM.action_slots(state, "night")}
    assert ("T", None, "kill") in slots and (None, "mafia", "kill") not in slots


def test_slots_offer_a_voted_out_kamikaze_his_choice() -> None:
    """FORUM-089: the Kamikaze voted out still names his victim that night."""
    state = seat("Q=kamikaze " + THREE)
    votes = {n: "Q" for n in state.alive_names()}
    votes["Q"] = "A"
    state = day(state, votes).state
    assert any(s.actor == "Q" and s.ability == "choose" for s in FORUM.action_slots(state, "night"))


def test_random_games_run_for_every_player_count() -> None:
    """Random legal play ends for every count MIN_PLAYERS..MAX_PLAYERS (FORUM-168..177 decide)."""
    ended = total = 0
    for n in range(FORUM.MIN_PLAYERS, FORUM.MAX_PLAYERS + 1):
        for seed in range(5):
            total += 1
            ended += random_game(FORUM, n, seed).final.winner is not None
    assert ended >= 0.9 * total


def test_one_target_cards_are_declared_with_their_target_rule() -> None:
    """The Doctor (FORUM-024, FORUM-052), the Bouncer and the Keymaster
    (FORUM-124) name one living player, themselves included."""
    for ability in ("heal", "block", "admit"):
        spec = FORUM.ABILITIES[ability]
        assert (spec.targets, spec.target_rule) == (1, "any_alive"), ability


def test_the_doctor_is_offered_himself_but_not_a_player_healed_twice() -> None:
    """FORUM-024: «Док может лечить и себя»; FORUM-053: each player at most
    twice a game, so the third night's card no longer offers him."""
    state = seat("H=doctor " + THREE)
    for _ in range(2):
        state = night(state, shoot("H", "F", "heal")).state
        state = day(state, cycle(state)).state
    (heal,) = [s for s in FORUM.action_slots(state, "night") if s.ability == "heal"]
    assert "H" in heal.candidates and "G" in heal.candidates
    assert "F" not in heal.candidates
    assert FORUM.validate(state, shoot("H", "F", "heal"), "night") == "limit"


def test_the_tw_on_duty_for_a_team_hands_in_its_shot_and_nothing_else() -> None:
    """FORUM-059: «ЖД … принимает на себя роль выбравшего его»: on duty for
    the mafia he hands in the team's shot; a Doctor's heal, the team's
    basement or a Cop's gun is not his to hand in."""
    state = seat("T=tin_woodman " + THREE)
    state = night(state, team("mafia", "T"), shoot("A", "F")).state
    state = day(state, cycle(state)).state
    assert FORUM.validate(state, shoot("T", "G", "kill"), "night") is None
    for ability in ("heal", "shoot", "hide"):
        assert FORUM.validate(state, shoot("T", "G", ability), "night") == "not_available", ability


def test_a_kamikaze_autokilled_at_night_takes_nobody_forum_088() -> None:
    """FORUM-088 «Выбор срабатывает, если Кама убьют»: the choice made that
    night works; a Kamikaze autokilled for a missed move made none, so he
    takes nobody, that night or the next (the deferral of FORUM-089 is for a
    Kamikaze voted out only)."""
    state = seat("Q=kamikaze " + THREE)
    state.players["Q"].counters["skips"] = 2  # his third skip is past the limit (FORUM-160)
    first = night(state, shoot("A", "C"), team("mafia", "G"), team("maniacs", "F"))
    assert "Q" in first.out
    assert not any(a.kind == "kamikaze" for a in first.announcements)
    state = first.state
    second_day = day(state, cycle(state))
    state = second_day.state
    second = night(state, shoot("Q", "A", "choose"), team("mafia", "B"))
    assert "A" not in second.out
    assert not any(a.kind == "kamikaze" for a in second.announcements)
