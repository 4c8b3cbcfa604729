"""Night resolution of the Piter ruleset: the Night and the Morning after it.

Turns follow the document's order (PITER-030, «Очерёдность персонажей:
Мафия, Бюрократ, Путана, Маньяк, Опер, Доктор, Судья, Зеркало, Журналист»).
Each turn only marks effects; deaths are decided after every turn, so a
player shot this night still takes their turn (PITER-033, A-7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesets.core import Action, GameState, Outcome, PhaseInput
from rulesets.core.said import said

from .departures import convert, leave, role_name
from .roles import GHOST_ROLES, ROLES
from .validation import MESSAGES, action_reason
from .victory import is_fifty_fifty, winner

# Night resolution steps: (step id, rule id, what it does).
ORDER: tuple[tuple[str, str, str], ...] = (
    # PITER-003: the acquaintance night refuses every action.
    ("acquaintance", "PITER-003", "On the acquaintance night every action is rejected and nobody leaves."),
    # PITER-032: only players in the game act, on living players.
    ("validate", "PITER-032", "Each action is checked; one action per actor or team."),
    # PITER-040, PITER-070: the clan's turn is first, so it is never blocked.
    ("clan_shot", "PITER-040", "The clan's shot marks a kill."),
    # PITER-044: a modifier, so before every turn it can void.
    ("block", "PITER-044", "The bureaucrat blocks a player: their later turn is void."),
    # PITER-042
    ("discredit", "PITER-042", "The putana marks a player to be silenced the next day."),
    # PITER-047
    ("maniac_kill", "PITER-047", "The maniac marks a kill."),
    # PITER-049
    ("oper_kill", "PITER-049", "The oper marks a kill."),
    # PITER-051
    ("heal", "PITER-051", "The doctor marks a heal against every kill of the night."),
    # PITER-050
    ("sentence", "PITER-050", "The judge marks a sentence, carried out after the next vote."),
    # PITER-048, PITER-071, PITER-072: after every effect it can move.
    ("reflect", "PITER-048", "The mirror moves every effect aimed at it to its target."),
    # PITER-055 to PITER-057, PITER-073: after the mirror, so never reflected.
    ("compare", "PITER-055", "The journalist learns whether two players are the same or different."),
    # PITER-051, A-6: deaths only after every protection.
    ("deaths", "PITER-051", "A player with a kill and no heal dies."),
    # PITER-021, PITER-050
    ("day_effects", "PITER-050", "The sentence and the silence are kept for the next day."),
    # PITER-031
    ("refusals", "PITER-031", "A player who owed a turn and made no valid move leaves."),
    # PITER-060, PITER-061
    ("conversions", "PITER-061", "The werewolf and the komsomolets convert."),
    # PITER-004, PITER-091, PITER-092
    ("morning", "PITER-091", "The morning post; the 50/50 rule: a Ghost or the non-consolidated vote."),
)

# PITER-030: the turn (ORDER step) of each role's individual action.
TURN_OF_ROLE: dict[str, str] = {
    "bureaucrat": "block",
    "putana": "discredit",
    "maniac": "maniac_kill",
    "oper": "oper_kill",
    "doctor": "heal",
    "judge": "sentence",
    "mirror": "reflect",
    "journalist": "compare",
}
TURNS: tuple[str, ...] = ("clan_shot", *TURN_OF_ROLE.values())

# The effect each marking turn leaves on its target.
EFFECT_OF_TURN: dict[str, str] = {
    "clan_shot": "kill",
    "maniac_kill": "kill",
    "oper_kill": "kill",
    "discredit": "discredit",
    "heal": "heal",
    "sentence": "sentence",
}


@dataclass
class Effect:
    """One marked effect: ``kind`` (kill, heal, discredit, sentence) on
    ``target``, from ``action`` in ``turn``."""

    kind: str
    target: str
    action: Action
    turn: str


@dataclass
class Board:
    """The night's marks: effects, blocked players (target → bureaucrat) and
    the actions that were carried out (neither rejected nor blocked)."""

    effects: list[Effect] = field(default_factory=list)
    blocked: dict[str, str] = field(default_factory=dict)
    performed: list[Action] = field(default_factory=list)


def turn_of(state: GameState, action: Action) -> str:
    """The ORDER step that plays ``action`` (PITER-030)."""
    if action.team is not None:
        return "clan_shot"
    return TURN_OF_ROLE[state.players[action.actor or ""].role]


def resolve_night(outcome: Outcome, step: PhaseInput) -> None:
    """Resolve one night step in place on ``outcome`` (digest §7.1)."""
    if outcome.state.steps_played == 0:
        _acquaintance(outcome, step)
        _morning(outcome, [])
    else:
        _morning(outcome, _ordinary(outcome, step))


def _acquaintance(outcome: Outcome, step: PhaseInput) -> None:
    """PITER-003: «Ночь знакомства Мафии»: nobody acts, nobody leaves."""
    for action in step.actions:
        outcome.reject(action, "acquaintance_night", MESSAGES["acquaintance_night"], step="acquaintance")
    clan = [p.name for p in outcome.state.team_members("mafia")]
    met = said("piter.clan_meets", names=", ".join(clan)) if clan else said("piter.clan_meets_nobody")
    outcome.note("acquaintance", "info", met)
    # PITER-004, A-20: the clan's size, the werewolf not counted.
    outcome.announce("mafia_count", said("piter.there_are_mafia_town", rows=len(clan)))


def _ordinary(outcome: Outcome, step: PhaseInput) -> list[str]:
    """An ordinary night: turns, deaths, refusals, departures, conversions.
    Returns the players killed this night, in seat order."""
    state = outcome.state
    starters = state.alive_names()
    board = Board()
    for action in sorted(accept(outcome, step.actions), key=lambda a: TURNS.index(turn_of(state, a))):
        _take_turn(outcome, board, action)
    deaths = _deaths(outcome, board)
    _day_effects(outcome, board)
    refusals = _refusals(outcome, board, starters)
    _remember(state, board, starters)
    departed = [n for n in starters if n in deaths or n in refusals]
    for name in departed:
        leave(outcome, name, "left", said("piter.left_table_this_night", player=name))
    convert(outcome, departed)
    return [n for n in starters if n in deaths]


def accept(outcome: Outcome, actions: list[Action]) -> list[Action]:
    """The valid actions, one per actor or team; the rest are rejected
    (digest §7.1 step 1). The last valid action of an actor or team counts
    (digest §2, A-22: «The last valid night submission counts»); an earlier
    valid one is rejected as ``duplicate_action``."""
    kept: dict[str, Action] = {}
    for action in actions:
        reason = action_reason(outcome.state, action, "night")
        if reason is not None:
            outcome.reject(action, reason, MESSAGES[reason])
            continue
        earlier = kept.pop(action.who, None)
        if earlier is not None:
            outcome.reject(earlier, "duplicate_action", MESSAGES["duplicate_action"])
        kept[action.who] = action
    return list(kept.values())


def _take_turn(outcome: Outcome, board: Board, action: Action) -> None:
    """One turn in PITER-030 order; a blocked actor's turn is void (PITER-070)."""
    turn = turn_of(outcome.state, action)
    blocker = board.blocked.get(action.actor or "")
    if blocker is not None:
        outcome.note(
            turn,
            "blocked",
            said(
                "piter.was_blocked_bureaucrat_void" + ("_two" if len(action.targets()) == 2 else ""),
                role=role_name(outcome.state, action.actor or ""),
                player=action.actor,
                ability=action.ability,
                **dict(zip(("player2", "player3"), action.targets(), strict=False)),
            ),
            action,
            by=blocker,
        )
        return
    board.performed.append(action)
    if turn == "block":
        _block(outcome, board, action)
    elif turn == "reflect":
        _reflect(outcome, board, action)
    elif turn == "compare":
        _compare(outcome, action)
    else:
        _mark(outcome, board, action, turn)


def _mark(outcome: Outcome, board: Board, action: Action, turn: str) -> None:
    """A kill, heal, discredit or sentence is marked on its target."""
    target = action.targets()[0]
    board.effects.append(Effect(EFFECT_OF_TURN[turn], target, action, turn))
    kind = EFFECT_OF_TURN[turn]
    if action.team:
        marked = said("piter.clan_chose", rule=_rule(turn), player=target)
    else:
        actor = action.actor or ""
        role = role_name(outcome.state, actor)
        marked = said(f"piter.chose_{kind}", rule=_rule(turn), role=role, player=actor, player2=target)
    outcome.note(turn, "effect", marked, action)


def _rule(turn: str) -> str:
    """The rule id of an ORDER step."""
    return next(rule for step, rule, _ in ORDER if step == turn)


def _block(outcome: Outcome, board: Board, action: Action) -> None:
    """PITER-044: «Жертва Бюрократа, не может действовать в свой ночной ход»."""
    target = action.targets()[0]
    board.blocked[target] = action.actor or ""
    outcome.note(
        "block",
        "effect",
        said("piter.bureaucrat_blocked_night_turn_void", player=action.actor, player2=target),
        action,
    )


def _reflect(outcome: Outcome, board: Board, action: Action) -> None:
    """PITER-048, PITER-072: every effect aimed at the mirror moves to its
    target: kills, heal, discredit, sentence."""
    mirror, target = action.actor or "", action.targets()[0]
    moved = [e for e in board.effects if e.target == mirror]
    for effect in moved:
        effect.target = target
        outcome.note(
            "reflect",
            "effect",
            said(f"piter.reflected_{effect.kind}", player=mirror, who=effect.action.who, player2=target),
            action,
        )
    if not moved:
        outcome.note(
            "reflect", "info", said("piter.mirror_chose_nothing_was_aimed", player=mirror, player2=target), action
        )


def _compare(outcome: Outcome, action: Action) -> None:
    """PITER-055 to PITER-057, PITER-073: the night's teams are compared.
    The maniac clause comes before the mirror's (A-14)."""
    first, second = (outcome.state.players[n] for n in action.targets())
    if "maniac" in (first.role, second.role):
        result, rule = "different", "PITER-056"
    elif "mirror" in (first.role, second.role):
        result, rule = "same", "PITER-057"
    else:
        result, rule = ("same" if first.team == second.team else "different"), "PITER-055"
    outcome.tell(action.actor or "", [first.name, second.name], result)
    outcome.note(
        "compare",
        "info",
        said(f"piter.compared_{result}", rule=rule, player=action.actor, player2=first.name, player3=second.name),
        action,
    )


def _deaths(outcome: Outcome, board: Board) -> set[str]:
    """PITER-051, PITER-054, A-6: one heal saves its target from every kill."""
    heals = {e.target: e for e in board.effects if e.kind == "heal"}
    dead: set[str] = set()
    for kill in (e for e in board.effects if e.kind == "kill"):
        heal = heals.get(kill.target)
        if heal is not None:
            outcome.note(
                "deaths",
                "saved",
                said(f"piter.healed_{kill.turn}", player=heal.action.actor, player2=kill.target),
                kill.action,
                by=heal.action.actor,
            )
        else:
            dead.add(kill.target)
            outcome.note("deaths", "effect", said(f"piter.dies_{kill.turn}", player=kill.target), kill.action)
    return dead


def _day_effects(outcome: Outcome, board: Board) -> None:
    """PITER-050: the sentence waits for the next vote; PITER-021: the
    discredited player stays silent the next day."""
    memory = outcome.state.memory
    memory["sentenced"] = [e.target for e in board.effects if e.kind == "sentence"]
    memory["silenced"] = [e.target for e in board.effects if e.kind == "discredit"]
    for name in memory["sentenced"]:
        outcome.note("day_effects", "info", said("piter.will_leave_table_after_next", player=name))
    for name in memory["silenced"]:
        outcome.note("day_effects", "info", said("piter.discredited_stays_silent_tomorrow", player=name))


def _refusals(outcome: Outcome, board: Board, starters: list[str]) -> set[str]:
    """PITER-031, A-1: a player who owed a night turn, was not blocked and made
    no valid move leaves. The clan's shared shot is never a refusal."""
    acted = {a.actor for a in board.performed}
    state = outcome.state
    refused = set()
    for name in starters:
        if ROLES[state.players[name].role].abilities and name not in acted and name not in board.blocked:
            refused.add(name)
            outcome.note(
                "refusals",
                "effect",
                said("piter.made_no_valid_night_move", role=role_name(state, name), player=name),
            )
    return refused


def _remember(state: GameState, board: Board, starters: list[str]) -> None:
    """Keep what the next night's limits need: each player's last performed
    target (PITER-043, PITER-045, PITER-053; A-21: blocked and rejected
    choices are not kept) and whether the doctor healed himself (A-9)."""
    done = {a.actor: a for a in board.performed if a.actor is not None}
    for name in starters:
        counters = state.players[name].counters
        for key in [k for k in counters if k.startswith("last:")]:
            del counters[key]
        action = done.get(name)
        if action is not None:
            counters[f"last:{action.ability}"] = action.targets()[0]
        if state.players[name].role == "doctor":
            counters["self_healed"] = action is not None and action.targets() == [name]


def _morning(outcome: Outcome, killed: list[str]) -> None:
    """The Morning: silence and the 50/50 rule; a Ghost can be left from the
    players ``killed`` this night (PITER-091, PITER-092)."""
    state = outcome.state
    for name in state.memory.get("silenced", []):
        if state.players[name].alive:
            outcome.announce("silenced", said("piter.is_silent_today", player=name), name)
    ghosts = [n for n in killed if state.players[n].role in GHOST_ROLES]
    two_left = len(state.alive()) == 2
    fifty = is_fifty_fifty(state)
    state.memory["ghosts"] = ghosts if (fifty or two_left) else []
    state.memory["non_consolidated"] = fifty and not ghosts
    if winner(state) is not None:
        return
    if state.memory["ghosts"]:
        outcome.announce("ghost", said("piter.ghost_may_stay", names=", ".join(ghosts)))
        outcome.note("morning", "info", said("piter.ghost_can_be_left_from", names=", ".join(ghosts)))
    elif state.memory["non_consolidated"]:
        outcome.announce("non_consolidated", said("piter.mafia_may_not_all_vote_one"))
        outcome.note("morning", "info", said("piter.n50_50_with_no_ghost"))
