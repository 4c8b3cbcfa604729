"""Rulings of the classic ruleset that scenarios cannot express: setup table,
options, schedule, trace and announcement texts, validation messages,
the lot, the phase sequence, scoring and random play."""

from __future__ import annotations

import json
import random

import pytest

import rulesets
from rulesets.classic import (
    candidates,
    check_composition,
    deciding_vote_entry,
    electorate,
    lynches_per_day,
    schedule,
    scores,
    vote_reason,
)
from rulesets.core import Action, GameState, Outcome, PhaseInput, RulesError
from rulesets.simulate import random_game

CLASSIC = rulesets.get("classic")
BASE = [
    ("M1", "mafioso"),
    ("M2", "mafioso"),
    ("C1", "citizen"),
    ("C2", "citizen"),
    ("C3", "citizen"),
    ("C4", "citizen"),
]
EXTRAS = [("M1", "mafioso"), ("M2", "mafioso"), ("Doc", "doctor"), ("Put", "putana"), ("Com", "commissar")] + [
    (f"C{i}", "citizen") for i in range(1, 5)
]


def game(seats: list[tuple[str, str]] = BASE, **options: object) -> GameState:
    """A new classic game with ``seats`` and ``options``."""
    return CLASSIC.new_game([(n, r, None) for n, r in seats], None, dict(options))


def play(state: GameState, *steps: PhaseInput, seed: int | None = None) -> Outcome:
    """Resolve ``steps`` in order; the last outcome."""
    outcome = None
    for step in steps:
        outcome = CLASSIC.resolve(state, step, seed)
        state = outcome.state
    assert outcome is not None
    return outcome


def night(*actions: Action) -> PhaseInput:
    return PhaseInput("night", list(actions))


def day(votes: dict[str, str | None] | None = None, nominations: list[str] | None = None) -> PhaseInput:
    return PhaseInput("day", votes=votes or {}, nominations=nominations)


def kill(target: str) -> Action:
    return Action("kill", team="mafia", target=target)


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("n", range(6, 61))
def test_composition_gives_a_third_mafia_and_an_honest_majority(n: int) -> None:
    """CLASSIC-003, CLASSIC-004, B-11: ⌊n/3⌋ mafiosi, honest players outnumber them, for any n ≥ 6."""
    roles = CLASSIC.composition(n)
    assert sum(roles.values()) == n
    assert roles["mafioso"] == n // 3
    assert n - roles["mafioso"] > roles["mafioso"]
    check_composition(roles)


@pytest.mark.parametrize("n", range(6, 31))
def test_composition_extras_doctor_and_commissar_from_six_putana_from_nine(n: int) -> None:
    """classic.md §7.1: doctor and commissar from 6 players, putana from 9 (CLASSIC-005 high cards)."""
    roles = CLASSIC.composition(n)
    assert roles["doctor"] == 1 and roles["commissar"] == 1
    assert roles.get("putana", 0) == (1 if n >= 9 else 0)


@pytest.mark.parametrize("n", range(6, 31))
def test_composition_without_host_has_no_extras(n: int) -> None:
    """B-9: a game without a host has only mafiosi and honest residents (CLASSIC-061)."""
    assert set(CLASSIC.composition(n, None, {"no_host": True})) == {"mafioso", "citizen"}


@pytest.mark.parametrize("n", range(0, 6))
def test_composition_refuses_fewer_than_six_players(n: int) -> None:
    """CLASSIC-003: «как минимум шесть игроков плюс ведущий»."""
    with pytest.raises(RulesError):
        CLASSIC.composition(n)


def test_composition_refuses_a_variant() -> None:
    """classic.md §6: the classic game has options, no variants."""
    with pytest.raises(RulesError):
        CLASSIC.composition(8, "three_sided")


@pytest.mark.parametrize(
    "roles",
    [
        {"mafioso": 3, "citizen": 3},
        {"mafioso": 0, "citizen": 6},
        {"mafioso": 1, "citizen": 4},
        {"mafioso": 2, "citizen": 3, "doctor": 2},
        {"mafioso": 2, "citizen": 4, "maniac": 1},
    ],
)
def test_check_composition_refuses_what_the_document_forbids(roles: dict[str, int]) -> None:
    """CLASSIC-003, CLASSIC-004 («Число честных жителей … должно быть больше»), CLASSIC-005, CLASSIC-046."""
    with pytest.raises(RulesError):
        check_composition(roles)


def test_check_composition_refuses_extras_without_host() -> None:
    """B-9: without a host nobody can answer the commissar."""
    with pytest.raises(RulesError):
        check_composition({"mafioso": 2, "citizen": 3, "commissar": 1}, {"no_host": True})


def test_seating_is_not_checked_against_the_setup_rules() -> None:
    """classic.md §3: play does not enforce CLASSIC-003/CLASSIC-004 on a seating."""
    state = game([("M1", "mafioso"), ("M2", "mafioso"), ("C1", "citizen")])
    assert len(state.players) == 3


@pytest.mark.parametrize(
    "options",
    [
        {"dispute": "coin"},
        {"blind_multi_lynch": 4},
        {"blind_multi_lynch": "two"},
        {"no_host": "yes"},
        {"night_deadline": "25:00"},
        {"lynch_round_minutes": -5},
        {"werewolves": True},
    ],
)
def test_new_game_refuses_option_values_the_document_lacks(options: dict[str, object]) -> None:
    """classic.md §6: options and their values."""
    with pytest.raises(RulesError):
        game(**options)


def test_declarations_name_roles_in_russian_and_english() -> None:
    """CLASSIC-001, CLASSIC-005, classic.md §5: role names in the document's language."""
    assert CLASSIC.ROLES["putana"].name["ru"] == "Стерва/путана"
    assert all({"ru", "en"} <= set(r.name) for r in CLASSIC.ROLES.values())
    assert CLASSIC.TEAMS["mafia"].room and not CLASSIC.TEAMS["town"].room
    json.dumps(CLASSIC.describe(), ensure_ascii=False)


def test_every_night_trace_step_is_in_order() -> None:
    """ORDER: each night trace line names a declared step (CLASSIC-007 to CLASSIC-045)."""
    steps = {step for step, _, _ in CLASSIC.ORDER}
    for seed in range(10):
        played = random_game(CLASSIC, 9, seed)
        for outcome in played.outcomes:
            if outcome.state.phase == "night":
                assert {t.step for t in outcome.trace} <= steps


def test_order_follows_the_waking_order() -> None:
    """CLASSIC-009: «• Мафия • Доктор • Стерва/путана • Комиссар»; the putana's effect goes first (B-14)."""
    steps = [step for step, _, _ in CLASSIC.ORDER]
    assert steps.index("kill") < steps.index("heal") < steps.index("check") < steps.index("deaths")
    assert steps.index("visit") < steps.index("heal")
    assert all(rule.startswith("CLASSIC-") for _, rule, _ in CLASSIC.ORDER)


# --------------------------------------------------------------- schedule


def test_default_schedule_resolves_night_at_ten_and_vote_at_twenty() -> None:
    """classic.md §2: night_deadline 10:00, day_deadline 20:00."""
    times = {entry.id: (entry.time, entry.closes, entry.resolves) for entry in CLASSIC.SCHEDULE}
    assert times == {"vote": ("20:00", "day", True), "night": ("10:00", "night", True)}
    assert [e.fast_minutes for e in CLASSIC.SCHEDULE] == [30, 45]


def test_schedule_adds_a_vote_every_lynch_round() -> None:
    """CLASSIC-066, classic.md §2: k vote rounds, every lynch_round_minutes after day_deadline."""
    entries = schedule({"blind_multi_lynch": 3}, 12)
    assert [(e.id, e.time) for e in entries] == [
        ("vote", "20:00"),
        ("vote_2", "22:00"),
        ("vote_3", "00:00"),
        ("night", "10:00"),
    ]
    assert [e.fast_minutes for e in entries] == sorted(e.fast_minutes for e in entries)


def test_schedule_day_lasts_hours_per_player() -> None:
    """CLASSIC-010: «на каждого по минуте», as hours per living player from the morning post."""
    entries = schedule({"day_hours_per_player": 1}, 8)
    assert entries[0].time == "18:00"


def test_deciding_vote_lasts_a_day_by_default() -> None:
    """CLASSIC-044, classic.md §2: the deciding round defaults to 24 h."""
    assert deciding_vote_entry({}, "10:00").time == "10:00"
    assert deciding_vote_entry({"deciding_vote_hours": 2}, "10:00").time == "12:00"


def test_lynches_per_day() -> None:
    """CLASSIC-066: one lynch a day unless blind_multi_lynch = 2 or 3."""
    assert lynches_per_day({}) == 1
    assert lynches_per_day({"blind_multi_lynch": 2}) == 2


# ----------------------------------------------------------- validation


def test_first_night_refuses_abilities_in_the_cabinet() -> None:
    """CLASSIC-007, CLASSIC-008: nobody acts on the first night."""
    state = game(EXTRAS)
    assert CLASSIC.validate(state, Action("heal", actor="Doc", target="C1"), "night") == "first_night"
    assert CLASSIC.action_slots(state, "night") == []


def test_validate_gives_the_document_reasons() -> None:
    """CLASSIC-021, CLASSIC-023, CLASSIC-037, CLASSIC-014 reasons in the cabinet after the first day."""
    state = play(game(EXTRAS), day()).state
    assert CLASSIC.validate(state, Action("kill", actor="M1", target="C1"), "night") == "team_ability"
    assert CLASSIC.validate(state, kill("M2"), "night") == "target_own_team"
    assert CLASSIC.validate(state, Action("check", actor="Com", target="Com"), "night") == "self_target"
    assert CLASSIC.validate(state, kill("C1"), "night") is None


def test_no_host_validate_wants_individual_notes() -> None:
    """CLASSIC-061: without a host the team kill is refused and each mafioso has a slot."""
    state = play(game(no_host=True), day()).state
    assert CLASSIC.validate(state, kill("C1"), "night") == "individual_notes"
    slots = CLASSIC.action_slots(state, "night")
    assert sorted(s.actor for s in slots if s.ability == "kill") == ["M1", "M2"]
    assert all("M1" not in s.candidates and "M2" not in s.candidates for s in slots)


@pytest.mark.parametrize(
    "reason",
    [
        "first_night",
        "actor_not_alive",
        "not_your_ability",
        "team_ability",
        "individual_notes",
        "target_not_alive",
        "target_own_team",
        "self_target",
        "repeat_target",
        "self_heal_used",
        "no_vote_right",
        "not_a_candidate",
        "duplicate_action",
        "wrong_phase",
        "deciding_vote_pending",
    ],
)
def test_every_reason_has_a_sentence(reason: str) -> None:
    """classic.md §3: every rejection reason reads as a sentence for the player."""
    text = CLASSIC.message(reason)
    assert text[0].isupper() and text.endswith(".") and " " in text


def test_rejection_trace_cites_the_rule() -> None:
    """CLASSIC-021: the host's trace of a refusal names the rule id."""
    outcome = play(game(), day(), night(kill("M2")))
    assert outcome.rejected[0].reason == "target_own_team"
    assert any(t.result == "rejected" and "CLASSIC-021" in t.text for t in outcome.trace)


def test_vote_form_helpers_follow_the_putana_and_nominations() -> None:
    """CLASSIC-035, CLASSIC-011, CLASSIC-014: who may vote, for whom, and why not."""
    night_two = night(kill("C1"), Action("visit", actor="Put", target="C2"))
    state = play(game(EXTRAS), day(), night_two).state
    assert "C2" not in electorate(state) and "C1" not in electorate(state)
    assert vote_reason(state, "C2", "M1") == "no_vote_right"
    assert vote_reason(state, "C1", "M1") == "actor_not_alive"
    assert vote_reason(state, "C3", "C1") == "target_not_alive"
    assert vote_reason(state, "C3", "M2", ["M1"]) == "not_a_candidate"
    assert vote_reason(state, "C3", None) is None
    assert candidates(state, ["M1", "C1"]) == ["M1"]


def test_putana_vote_loss_lasts_one_day() -> None:
    """CLASSIC-035: «may not vote in the following day» only."""
    night_two = night(kill("C1"), Action("visit", actor="Put", target="C2"))
    state = play(game(EXTRAS), day(), night_two, day(), night(kill("C3"))).state
    assert vote_reason(state, "C2", "M1") is None


def test_deciding_vote_helpers() -> None:
    """CLASSIC-044: the survivors and the last honest player vote, only for a survivor."""
    start = game([("M1", "mafioso"), ("C1", "citizen"), ("C2", "citizen")], dispute="last_honest_vote")
    state = play(start, day({"M1": "C2", "C1": "C2"})).state
    assert electorate(state) == ["M1", "C1", "C2"]
    assert candidates(state, None) == ["M1", "C1"]
    assert vote_reason(state, "C2", "M1") is None
    assert vote_reason(state, "C2", "C2") == "target_not_alive"


# ----------------------------------------------------- trace and posts


def test_first_night_trace_introduces_mafia_and_extras() -> None:
    """CLASSIC-007, CLASSIC-008: the mafia meet; extras meet the host in turn."""
    outcome = play(game(EXTRAS), night())
    texts = " ".join(t.text for t in outcome.trace)
    assert "M1, M2" in texts and "CLASSIC-007" in texts
    assert "Doctor Doc" in texts and "Commissar Com" in texts and "CLASSIC-008" in texts
    assert [a.kind for a in outcome.announcements] == ["no_kill"]


def test_saved_victim_trace_names_the_doctor_but_the_post_does_not() -> None:
    """CLASSIC-032: the heal is traced with who saved; the post never says who did what."""
    outcome = play(game(EXTRAS), day(), night(kill("C1"), Action("heal", actor="Doc", target="C1")))
    saved = [t for t in outcome.trace if t.result == "saved"]
    assert saved and saved[0].by == "Doc" and "CLASSIC-032" in saved[0].text
    assert all("Doc" not in a.text for a in outcome.announcements)
    assert [a.kind for a in outcome.announcements] == ["no_kill"]


def test_every_accepted_action_is_traced() -> None:
    """ORDER: every action handed in leaves a trace line citing a rule id."""
    actions = [
        kill("C1"),
        Action("heal", actor="Doc", target="C2"),
        Action("visit", actor="Put", target="Com"),
        Action("check", actor="Com", target="M1"),
    ]
    outcome = play(game(EXTRAS), day(), night(*actions))
    for action in actions:
        lines = [t for t in outcome.trace if t.action == action]
        assert lines and all("CLASSIC-" in t.text for t in lines)
    assert {t.result for t in outcome.trace} >= {"effect", "blocked", "info"}


def test_morning_post_reveals_the_victims_card() -> None:
    """CLASSIC-012/CLASSIC-020: the card is shown when a player leaves."""
    outcome = play(game(), day(), night(kill("C2")))
    post = [a for a in outcome.announcements if a.kind == "killed"]
    assert post and post[0].player == "C2" and post[0].role == "citizen"


def test_blind_game_hides_cards_in_posts() -> None:
    """CLASSIC-065: «“убитые” не открывают свой статус»; STATE still holds the role."""
    outcome = play(game(blind=True), day({"C1": "M1", "C2": "M1", "C3": "M1", "C4": "M1"}))
    post = [a for a in outcome.announcements if a.kind == "eliminated"]
    assert post and post[0].player == "M1" and post[0].role is None
    assert outcome.to_state_dict()["players"]["M1"]["role"] == "mafioso"


def test_multi_lynch_is_blind() -> None:
    """CLASSIC-066: blind_multi_lynch implies the blind game."""
    outcome = play(game(blind_multi_lynch=2), day({"C1": "M1", "C2": "M1", "C3": "M1", "C4": "M1"}))
    assert [a.role for a in outcome.announcements if a.kind == "eliminated"] == [None]


def test_no_lynch_is_announced() -> None:
    """CLASSIC-013: without a majority nobody leaves, and the post says so."""
    outcome = play(game(), day({"C1": "M1", "C2": "M1", "C3": "M1"}))
    assert outcome.out == []
    assert "no_elimination" in [a.kind for a in outcome.announcements]


def test_no_host_notes_are_read_anonymously() -> None:
    """CLASSIC-061, CLASSIC-064: every living player's note, shuffled, without names."""
    outcome = play(
        game(no_host=True),
        day(),
        night(Action("kill", actor="M1", target="C1"), Action("kill", actor="M2", target="C1")),
    )
    notes = [a for a in outcome.announcements if a.kind.startswith("note")]
    # Anonymous: a line names the player a note names, never its writer.
    assert len(notes) == 6 and all(a.player in (None, "C1") for a in notes)
    assert [a.player for a in notes if a.kind == "note"] == ["C1", "C1"]
    assert sum("«честный»" in a.text for a in notes if a.kind == "note_honest") == 4


# ------------------------------------------------------------- dispute


def test_default_dispute_is_a_fair_lot() -> None:
    """CLASSIC-043, CLASSIC-045: «Кинуть жребий (самый популярный вариант)» by default."""
    start = game([("M1", "mafioso"), ("C1", "citizen"), ("C2", "citizen")])
    winners = {play(start, day({"M1": "C2", "C1": "C2"}), seed=s).winner for s in range(40)}
    assert winners == {"mafia", "town"}


def test_lot_replays_identically_for_a_seed() -> None:
    """Randomness comes only from the seed: a replay is exact."""
    start = game([("M1", "mafioso"), ("C1", "citizen"), ("C2", "citizen")])
    results = {play(start, day({"M1": "C2", "C1": "C2"}), seed=7).winner for _ in range(5)}
    assert len(results) == 1


def test_last_honest_vote_opens_a_deciding_vote() -> None:
    """CLASSIC-044: the game waits; the post names the survivors and the last honest player."""
    start = game([("M1", "mafioso"), ("C1", "citizen"), ("C2", "citizen")], dispute="last_honest_vote")
    outcome = play(start, day({"M1": "C2", "C1": "C2"}))
    assert outcome.winner is None
    assert outcome.state.memory["deciding"] == {"survivors": ["M1", "C1"], "voter": "C2"}
    assert "deciding_vote" in [a.kind for a in outcome.announcements]
    assert CLASSIC.next_phase(outcome.state) == "night"
    assert CLASSIC.validate(outcome.state, kill("C1"), "night") == "deciding_vote_pending"


# ---------------------------------------------------------- sequence


def test_night_after_night_is_malformed() -> None:
    """classic.md §3, CLASSIC-002: steps alternate night and day."""
    state = play(game(), night()).state
    with pytest.raises(RulesError):
        CLASSIC.resolve(state, night())


def test_second_day_in_a_row_needs_multi_lynch() -> None:
    """CLASSIC-066: consecutive day steps only with blind_multi_lynch, at most k."""
    with pytest.raises(RulesError):
        play(game(), day(), day())
    state = play(game(blind_multi_lynch=2), day(), day()).state
    with pytest.raises(RulesError):
        CLASSIC.resolve(state, day())


def test_next_phase_offers_k_lynch_votes() -> None:
    """CLASSIC-066: the web app opens up to k lynch votes a day, then the night."""
    state = game(blind_multi_lynch=3)
    assert CLASSIC.next_phase(state) == "night"
    state = play(state, night()).state
    phases = []
    for _ in range(4):
        phase = CLASSIC.next_phase(state)
        phases.append(phase)
        state = play(state, PhaseInput(phase, votes={} if phase == "day" else None)).state
    assert phases == ["day", "day", "day", "night"]


def test_first_step_day_counts_the_first_night_played() -> None:
    """classic.md §3: a game opening with a day has its first night behind it; the next night acts."""
    outcome = play(game(), day(), night(kill("C1")))
    assert outcome.out == ["C1"]


# ------------------------------------------------------------- scoring


def test_scores_of_a_mafia_win() -> None:
    """CLASSIC-050: each surviving mafioso scores the starting number of honest players."""
    state = game()
    state.players["M2"].alive = False
    for name in ("C1", "C2", "C3", "C4"):
        state.players[name].alive = False
    state.winner = "mafia"
    assert scores(state) == {"M1": 4, "M2": 0, "C1": 0, "C2": 0, "C3": 0, "C4": 0}


def test_scores_of_a_town_win() -> None:
    """CLASSIC-051, B-7: each honest player, alive or not, scores the number of survivors."""
    state = game()
    for name in ("M1", "M2", "C1"):
        state.players[name].alive = False
    state.winner = "town"
    assert scores(state) == {"M1": 0, "M2": 0, "C1": 3, "C2": 3, "C3": 3, "C4": 3}


def test_draw_scores_nothing() -> None:
    """B-7: a draw scores nothing."""
    state = game()
    state.winner = "draw"
    assert set(scores(state).values()) == {0}


# -------------------------------------------------------- storage, play


def test_state_survives_storage_between_phases() -> None:
    """The web app stores GameState.to_dict() as JSON between phases."""
    actions = [kill("C1"), Action("heal", actor="Doc", target="Doc"), Action("visit", actor="Put", target="C2")]
    state = play(game(EXTRAS), day(), night(*actions)).state
    stored = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert stored == state
    assert CLASSIC.validate(stored, Action("heal", actor="Doc", target="Doc"), "night") == "self_heal_used"


@pytest.mark.parametrize("n", range(CLASSIC.MIN_PLAYERS, CLASSIC.MAX_PLAYERS + 1))
def test_random_games_run_and_mostly_end(n: int) -> None:
    """Random legal play for every player count ends with a winner within 80 phases."""
    games = [random_game(CLASSIC, n, seed) for seed in range(20)]
    assert sum(g.final.winner is not None for g in games) >= 16
    for g in games:
        assert all(not o.rejected for o in g.outcomes[1:])


@pytest.mark.parametrize("options", [{"no_host": True}, {"blind_multi_lynch": 3}, {"dispute": "last_honest_vote"}])
def test_random_games_with_options_run(options: dict[str, object]) -> None:
    """Every option plays random games without errors; random play is legal."""
    for n in (6, 9, 15):
        for seed in range(10):
            rng = random.Random(seed)
            names = [f"P{i}" for i in range(n)]
            seats = CLASSIC.draw_roles(names, CLASSIC.composition(n, None, options), seed)
            state = CLASSIC.new_game([(a, r, None) for a, r in seats], None, dict(options), seed)
            for _ in range(80):
                if state.winner is not None:
                    break
                outcome = CLASSIC.resolve(state, CLASSIC.random_step(state, CLASSIC.next_phase(state), rng))
                assert state.steps_played == 0 or not outcome.rejected
                state = outcome.state


def test_no_host_miss_is_traced_as_void() -> None:
    """CLASSIC-062: differing notes are a miss («мафия промахнулась»), traced for the host."""
    notes = [Action("kill", actor="M1", target="C1"), Action("kill", actor="M2", target="C2")]
    outcome = play(game(no_host=True), day(), night(*notes))
    assert outcome.out == []
    assert [t.result for t in outcome.trace if t.step == "kill"] == ["void", "void"]
    assert all("CLASSIC-062" in t.text for t in outcome.trace if t.step == "kill")


def test_validate_answers_as_the_generic_checks_and_the_document_limits() -> None:
    """On every state of 15 seeded games, any choice (every ability by every
    seat, team or stranger, at a random target, by night or day) gets from
    ``validate`` the answer of ``check_action`` then the document's limits
    (CLASSIC-007, CLASSIC-021, CLASSIC-023, CLASSIC-033..036, CLASSIC-044,
    CLASSIC-061), a malformed one the same ``RulesError``."""

    def by_parts(state: GameState, action: Action, phase: str) -> str | None:
        if phase == "night" and state.steps_played == 0:
            CLASSIC.check_action(state, action, phase)
            return "first_night"
        if phase == "night" and state.memory.get("deciding"):
            return "deciding_vote_pending"
        return CLASSIC.check_action(state, action, phase) or CLASSIC._document_limits(state, action)

    def answer(check, state: GameState, action: Action, phase: str) -> str | None:
        try:
            return check(state, action, phase)
        except RulesError:
            return "RulesError"

    draw = random.Random(3)
    counts = list(range(CLASSIC.MIN_PLAYERS, CLASSIC.MAX_PLAYERS + 1))
    checked = accepted = 0
    for seed in range(15):
        game = random_game(CLASSIC, counts[seed % len(counts)], seed)
        for state in [game.start] + [o.state for o in game.outcomes]:
            names = list(state.players)
            for _ in range(40):
                owner = draw.random()
                actor = draw.choice(names) if owner < 0.7 else ("Nobody" if owner < 0.75 else None)
                team = None if actor is not None else draw.choice([*CLASSIC.TEAMS, "aliens"])
                target = draw.choice([*names, None, "Nobody", [names[0], names[1]]])
                action = Action(draw.choice([*CLASSIC.ABILITIES, "fly"]), actor, team, target)
                phase = draw.choice(["day", "night"])
                expected = answer(by_parts, state, action, phase)
                assert answer(CLASSIC.validate, state, action, phase) == expected, (seed, action, phase)
                checked += 1
            phase = CLASSIC.next_phase(state)
            for slot in CLASSIC.action_slots(state, phase):
                for target in slot.candidates[:3]:
                    action = Action(slot.ability, slot.actor, slot.team, target)
                    assert CLASSIC.validate(state, action, phase) == by_parts(state, action, phase) is None
                    accepted += 1
    assert checked > 5000 and accepted > 200
