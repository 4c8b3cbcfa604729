"""Checks of one action or one ballot against the Piter rules.

Every function returns a rejection reason code (digest §3) or None when the
choice is legal; none of them mutates the state. The checks run in the
digest's order (§7.1 step 1): phase, actor, ability, target count, targets,
self and repeat limits. Duplicates are a property of a whole step and are
checked by the resolvers.
"""

from __future__ import annotations

from rulesets.core import Ability, Action, GameState
from rulesets.core.said import gettext_noop

from .roles import ABILITIES, NO_REPEAT, ROLES, SHOOTERS, TEAM_ABILITIES

# The sentence a player reads for each reason code (digest §3).
MESSAGES: dict[str, str] = {
    "acquaintance_night": gettext_noop("The first night is the mafia's acquaintance night: nobody acts (PITER-003)."),
    "actor_not_alive": gettext_noop("You are out of the game and can no longer act or vote (PITER-019)."),
    "not_your_ability": gettext_noop("Your role has no such ability (PITER-032)."),
    "team_ability": gettext_noop("The mafia shoots as a clan: hand in the clan's choice, not your own (PITER-040)."),
    "non_shooting": gettext_noop(
        "You do not shoot: the clan's shot is the shooting mafiosi's choice; you wake separately (PITER-040)."
    ),
    "compulsory_turn": gettext_noop(
        "Your night turn is compulsory: from the second night on, if you hand in no valid choice by the night's"
        " deadline, you have refused your turn and leave the game in the morning, your card revealed (PITER-031)."
        " Only a player the bureaucrat blocked is excused."
    ),
    "refused_turn_left": gettext_noop(
        "You have left the game: you handed in no valid night choice by the deadline, which counts as refusing"
        " your turn (PITER-031)."
    ),
    "ghost_waits": gettext_noop(
        "You may stay at the table as the Ghost: watch the day and evening in silence. If the vote splits evenly,"
        " you choose here which of the tied players leaves the table with you, while they give their extra"
        " defence posts; there is no re-vote then. If you do not choose by then, they are re-voted (PITER-093)."
    ),
    "wakes_separately": gettext_noop(
        "You are non-shooting mafia: you wake separately and make your own choice; the clan's shot is the"
        " shooting mafiosi's (PITER-040)."
    ),
    "no_shooter": gettext_noop("No shooting mafioso is left in the game, so the clan cannot shoot (PITER-041)."),
    "target_not_alive": gettext_noop("That player is out of the game (PITER-032)."),
    "self_target": gettext_noop("You cannot choose yourself (PITER-058)."),
    "same_player_twice": gettext_noop("Choose two different players to compare (PITER-055)."),
    "target_count": gettext_noop("This ability needs a different number of players (PITER-055)."),
    "repeat_target": gettext_noop(
        "You chose that player last night; choose someone else (PITER-043, PITER-045, PITER-053)."
    ),
    "duplicate_action": gettext_noop("Only one choice counts for this turn, and this one is not it (A-22)."),
    "wrong_phase": gettext_noop("This ability cannot be used in this part of the game day (PITER-001)."),
    "not_nominated": gettext_noop("You can only vote for a nominated player (PITER-012)."),
    "not_tied": gettext_noop("Only the tied nominees can be chosen now (PITER-017, PITER-093)."),
    "extra_minute_used": gettext_noop("You have already taken your extra minute this game (PITER-122)."),
    "no_extra_minutes": gettext_noop("This game is played without extra minutes (PITER-122)."),
    "silenced": gettext_noop("You were discredited last night and stay silent all day (PITER-021)."),
    "counted_against_last": gettext_noop("Whoever has not voted is counted against the last nominee (PITER-015):"),
    "counted_against_last_tied": gettext_noop(
        "Whoever has not re-voted is counted against the tied player nominated last (PITER-017):"
    ),
}


def is_acquaintance(state: GameState, phase: str) -> bool:
    """True for the first step when it is a night: the acquaintance night (PITER-003)."""
    return phase == "night" and state.steps_played == 0


def ability_for(action: Action) -> Ability:
    """The declaration an action is checked against: the clan's shot for a
    team action (PITER-040), else the individual ability."""
    if action.team is not None and action.team in TEAM_ABILITIES:
        return TEAM_ABILITIES[action.team]
    return ABILITIES[action.ability]


def action_reason(state: GameState, action: Action, phase: str) -> str | None:
    """The reason ``action`` is refused in ``phase``, or None when legal.

    Raises ``KeyError`` only for names the caller did not check (the scenario
    parser and the web app pass known players and abilities).
    """
    if is_acquaintance(state, phase):
        return "acquaintance_night"
    if ABILITIES[action.ability].phase != phase:
        return "wrong_phase"
    if action.team is not None:
        return _team_reason(state, action)
    if action.ability == "ghost_pick":
        return _ghost_reason(state, action)
    return _actor_reason(state, action)


def _team_reason(state: GameState, action: Action) -> str | None:
    """The clan's shot (PITER-040, PITER-041): any living target (A-17).
    Where the shot carries who handed it in (the web app's stored choice),
    he must be a shooting mafioso: the putana and the bureaucrat are «не
    стреляющая» Мафия and wake separately (``non_shooting``)."""
    ability = TEAM_ABILITIES.get(action.team or "")
    if ability is None or ability.id != action.ability:
        return "not_your_ability"
    if action.actor is not None:
        reason = shooter_refusal(state, action.actor)
        if reason is not None:
            return reason
    if not any(p.role in SHOOTERS for p in state.team_members(action.team or "")):
        return "no_shooter"
    return _target_reason(state, action, ability)


def shooter_refusal(state: GameState, name: str) -> str | None:
    """``non_shooting`` unless ``name`` is a living shooting mafioso («стреляющие»
    представители клана, PITER-040): the one who may hand in the clan's shot."""
    player = state.players.get(name)
    return None if player is not None and player.alive and player.role in SHOOTERS else "non_shooting"


def _ghost_reason(state: GameState, action: Action) -> str | None:
    """Only an active Ghost picks (PITER-092); its target is checked against
    the tie when the vote is counted (PITER-093)."""
    if action.actor not in state.memory.get("ghosts", []):
        return "not_your_ability"
    if len(action.targets()) != 1:
        return "target_count"
    return None


def _actor_reason(state: GameState, action: Action) -> str | None:
    """An individual night ability of the actor's current role (PITER-032)."""
    actor = state.players[action.actor or ""]
    if not actor.alive:
        return "actor_not_alive"
    if action.ability not in ROLES[actor.role].abilities:
        return "team_ability" if actor.role in SHOOTERS and action.ability == "kill" else "not_your_ability"
    return _target_reason(state, action, ABILITIES[action.ability])


def target_reason(state: GameState, action: Action) -> str | None:
    """The checks of ``action_reason`` that look at the target (a Ghost's
    pick is checked against the tie later, PITER-093)."""
    if action.team is None and action.ability == "ghost_pick":
        return None if len(action.targets()) == 1 else "target_count"
    return _target_reason(state, action, ability_for(action))


def _target_reason(state: GameState, action: Action, ability: Ability) -> str | None:
    """Target count, living targets, self-targets (PITER-058, A-17, A-18),
    the journalist's two different players (A-14) and the "two nights
    running" limits (PITER-043, PITER-045, PITER-053)."""
    targets = action.targets()
    if len(targets) != ability.targets:
        return "target_count"
    if any(not state.players[t].alive for t in targets):
        return "target_not_alive"
    if ability.target_rule == "other_alive" and action.actor in targets:
        return "self_target"
    if len(set(targets)) != len(targets):
        return "same_player_twice"
    if action.actor is not None and ability.id in NO_REPEAT:
        last = state.players[action.actor].counters.get(f"last:{ability.id}")
        if last in targets:
            return "repeat_target"
    return None


def ballot_reason(state: GameState, voter: str, target: str | None, candidates: list[str], off_list: str) -> str | None:
    """The reason a ballot is refused, or None when it counts.

    ``candidates`` are the nominees (or the tied ones in a re-vote);
    ``off_list`` is the reason for a name outside them: ``not_nominated``
    (PITER-012, PITER-020) or ``not_tied`` (PITER-017). A dead voter, the
    Ghost included, is refused (PITER-019, PITER-093). ``None`` is an
    abstention: legal, and counted against the last candidate (PITER-015).
    """
    if not state.players[voter].alive:
        return "actor_not_alive"
    if target is not None and target not in candidates:
        return off_list
    return None
