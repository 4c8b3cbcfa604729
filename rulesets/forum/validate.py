"""Validation of forum choices: which moves the rules refuse, with reason codes.

Reason codes are the digest's (night resolution step 1, day vote step 1):
``dead_actor``, ``dead_target``, ``wrong_phase``, ``not_available``, ``limit``,
``used``, ``first_night_only``, ``skipped``, ``annulled``, ``not_own``,
``duplicate``, plus ``self_target``, ``target_count``, ``penalty`` and ``late``.
Nothing here mutates the state.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulesets.core import Action, GameState, Outcome, PlayerState, Rejection, RulesError
from rulesets.core.choices_part import under_target_limit
from rulesets.core.said import said

from . import query
from .roles import ABILITIES, CRIMINAL_TEAMS, ROLES, TEAMS

GUN_KINDS = ("cop", "sniper", "maniac", "zombie")
_TEAM_MOVES = ("kill", "deal", "hide", "direct_vote")
_OTHER_ONLY = ("shoot", "choose", "bite", "kill", "deal")
_AVENGERS = ("cop_wife", "cop_lover")


def check(state: GameState, action: Action, phase: str) -> str | None:
    """The reason the rules refuse ``action`` in ``phase``, or None.

    Raises ``RulesError`` for an unknown ability, player or team (a malformed
    request, not a rules violation).
    """
    if action.ability not in ABILITIES:
        raise RulesError(f"unknown ability {action.ability!r} in ruleset forum")
    targets = action.targets()
    for name in targets:
        if name not in state.players:
            raise RulesError(f"unknown player {name!r}")
    reason = _actor_checks(state, action, phase) if action.actor is not None else _team_checks(state, action, phase)
    return reason or _target_checks(state, action, targets)


def actor_reason(state: GameState, action: Action, phase: str, team_living: bool = False) -> str | None:
    """The checks of ``check`` that never look at the target: the actor's
    (or the team's) state, the phase, the ability's availability.
    ``team_living``: the caller knows the team has a member in the game."""
    if action.actor is not None:
        return _actor_checks(state, action, phase)
    return _team_checks(state, action, phase, team_living)


def target_reason(state: GameState, action: Action) -> str | None:
    """The checks of ``check`` that depend on the target (``dead_target``,
    ``self_target``, ``not_own``, ``limit``); ``check`` runs them after the
    actor's and the team's, which never look at the target."""
    return _target_checks(state, action)


def target_filter(state: GameState, probe: Action, names: Iterable[str], living: bool = False) -> list[str]:
    """Those of ``names`` that ``target_reason`` accepts as the one target of
    ``probe`` (an ``Action`` without target), in the given order: the same
    checks as ``_target_checks``, for all names at once. ``living``: the
    caller knows every one of ``names`` is in the game."""
    players = state.players
    ability, actor = probe.ability, probe.actor
    if living:
        legal = list(names)
        if actor is not None and ability in _OTHER_ONLY and actor in legal:
            legal.remove(actor)
    elif actor is not None and ability in _OTHER_ONLY:
        legal = [n for n in names if players[n].alive and n != actor]
    else:
        legal = [n for n in names if players[n].alive]
    if ability == "hide":
        who = probe.who
        legal = [n for n in legal if query.own_side(state, who, n)]  # FORUM-126
    limit = ABILITIES[ability].per_target_limit
    if limit is not None and actor is not None:
        counters = players[actor].counters  # FORUM-049, FORUM-051, FORUM-053, FORUM-124
        legal = under_target_limit(counters, ability, legal, limit)
    return legal


def _actor_checks(state: GameState, action: Action, phase: str) -> str | None:
    if action.actor not in state.players:
        raise RulesError(f"unknown player {action.actor!r}")
    player = state.players[action.actor]
    if not player.alive and not _kamikaze_after_vote(player, action, phase):
        return "dead_actor"  # FORUM-089 is the one exception
    if ABILITIES[action.ability].phase != phase:
        return "wrong_phase"
    return _availability(state, player, action.ability) or _penalty(player, action.ability, phase)


def _kamikaze_after_vote(player: PlayerState, action: Action, phase: str) -> bool:
    """A Kamikaze voted out may still name his victim that night (FORUM-089)."""
    return phase == "night" and action.ability == "choose" and bool(player.counters.get("kamikaze_pending"))


def _availability(state: GameState, player: PlayerState, ability: str) -> str | None:
    if ability == "vote":
        return "not_available"  # votes arrive in ``votes``, never as an action
    if ability == "hide":
        return _basement_reason(state, player.name)
    if ability == "direct_vote":
        return None if query.bum_vote_key(state, player.name) else "not_available"  # FORUM-119, FORUM-120
    if player.role == "tin_woodman" and ability != "choose":
        return _tw_reason(state, player.name, ability)
    if ability not in ROLES[player.role].abilities or ABILITIES[ability].team:
        return "not_available"  # a team's shot is handed in by the team (FORUM-021)
    return _role_reason(state, player, ability)


def _role_reason(state: GameState, player: PlayerState, ability: str) -> str | None:
    role = player.role
    if role == "cop_assistant" and not query.is_acting_cop(state, player.name):
        return "not_available"  # FORUM-040: only once the Cop is out
    if role in _AVENGERS:
        if query.cop_room(state):
            return "not_available"  # FORUM-111: only once the Cop (and Assistant) are out
        if player.counters.get("uses:shoot", 0) >= 1:
            return "used"  # FORUM-112: one shot per game
    if role == "tin_woodman" and player.counters.get("tw_chose"):
        return "used"  # FORUM-056: once per game
    if ability == "bite" and not query.first_night(state):
        return "first_night_only"  # FORUM-092, FORUM-096
    if ability == "shoot" and query.skipped_by_tw(state, player.name):
        return "skipped"  # FORUM-059
    return None


def _tw_reason(state: GameState, name: str, ability: str) -> str | None:
    """The TW acts only for last night's choosers, by their rules (FORUM-059, FORUM-074, FORUM-081):
    an individual's ``shoot``, or a team's shot (``kill``, or the ``deal`` it
    may offer the Snitch instead, FORUM-117), and no other move."""
    if ability not in ("shoot", "kill", "deal"):
        return "not_available"
    wanted = GUN_KINDS if ability == "shoot" else ("team",)
    specs = [s for s in query.tw_duty(state, name) if s["kind"] in wanted]
    if not specs:
        return "not_available"
    if not any(query.chooser_alive(state, s) for s in specs):
        return "annulled"
    return None


def _basement_reason(state: GameState, who: str) -> str | None:
    if query.basement_keys(state, who):
        return None
    return "used" if query.ever_had_basement(state, who) else "not_available"  # FORUM-126


def _penalty(player: PlayerState, ability: str, phase: str) -> str | None:
    """The host took this player's next move away (FORUM-154, FORUM-156)."""
    if player.counters.get("penalty_skip") == phase and ability != "vote":
        return "penalty"
    return None


def _team_checks(state: GameState, action: Action, phase: str, team_living: bool = False) -> str | None:
    team = action.team or ""
    if team not in TEAMS:
        raise RulesError(f"unknown team {team!r}")
    if team not in CRIMINAL_TEAMS or action.ability not in _TEAM_MOVES:
        return "not_available"
    if not team_living and not _has_living_member(state, team):
        return "dead_actor"
    if ABILITIES[action.ability].phase != phase:
        return "wrong_phase"
    who = f"team:{team}"
    if action.ability == "hide":
        return _basement_reason(state, who)
    if action.ability == "direct_vote":
        return None if query.holds_bum_vote(state, who) else "not_available"
    if query.skipped_by_tw(state, who):
        return "skipped"  # FORUM-059
    if team in state.memory.get("penalty_team", []):
        return "penalty"  # FORUM-156: «лишение их выстрела в ближайшую ночь»
    return None


def _has_living_member(state: GameState, team: str) -> bool:
    """``state.team_members(team)`` is not empty, found without listing them."""
    for p in state.players.values():
        if p.alive and p.team == team:
            return True
    return False


def _target_checks(state: GameState, action: Action, targets: list[str] | None = None) -> str | None:
    """``target_reason``; ``targets``: ``action.targets()`` when the caller has it."""
    if targets is None:
        targets = action.targets()
    if len(targets) != 1:
        return "target_count"
    target = targets[0]
    if not state.players[target].alive:
        return "dead_target"
    if action.actor == target and action.ability in _OTHER_ONLY:
        return "self_target"
    if action.ability == "hide" and not query.own_side(state, action.who, target):
        return "not_own"  # FORUM-126: «спрятать любого своего»
    limit = ABILITIES[action.ability].per_target_limit
    if limit is not None and action.actor is not None:
        if state.players[action.actor].counters.get(f"{action.ability}:{target}", 0) >= limit:
            return "limit"  # FORUM-049, FORUM-051, FORUM-053, FORUM-124
    return None


def _slot_key(state: GameState, action: Action) -> tuple[str, str]:
    """A team's kill and deal are one shot (FORUM-021, FORUM-117); a team's
    Bum order is one, whether the team or a member hands it in (FORUM-120)."""
    slot = "kill" if action.ability == "deal" else action.ability
    if action.ability == "direct_vote" and action.actor in state.players and state.players[action.actor].alive:
        return (query.bum_vote_key(state, action.actor) or action.who, slot)
    return (action.who, slot)


def accept(
    state: GameState, outcome: Outcome, actions: list[Action], phase: str, late: list[str], messages: dict[str, str]
) -> list[Action]:
    """Validate ``actions`` in order; reject the refused ones on ``outcome``.

    ``late`` lists actors (names or ``team:X``) whose choices came after the
    deadline (FORUM-161). A second action in one slot is a ``duplicate``,
    except that a Tin Woodman acting for several choosers may act once for each.
    Returns the accepted actions in input order.
    """
    kept: list[Action] = []
    used: dict[tuple[str, str], int] = {}
    for action in actions:
        reason = "late" if late and action.who in late else check(state, action, phase)
        key = _slot_key(state, action)
        count = used.get(key, 0)
        # Every slot holds at least one choice: its capacity matters from the second on.
        if reason is None and count and count >= _slot_capacity(state, action):
            reason = "duplicate"
        if reason is not None:
            refuse(outcome, action, reason, messages)
            continue
        used[key] = count + 1
        kept.append(action)
    return kept


# The rule behind each refusal, for the host's trace.
REASON_RULES: dict[str, str] = {
    "dead_actor": "FORUM-020, FORUM-031",
    "dead_target": "FORUM-031",
    "wrong_phase": "FORUM-010, FORUM-012",
    "limit": "FORUM-049, FORUM-051, FORUM-053, FORUM-124",
    "used": "FORUM-056, FORUM-112, FORUM-126",
    "first_night_only": "FORUM-092, FORUM-096",
    "skipped": "FORUM-059",
    "annulled": "FORUM-074, FORUM-081",
    "not_own": "FORUM-126",
    "duplicate": "FORUM-019, FORUM-021",
    "self_target": "FORUM-056, FORUM-083, FORUM-092",
    "target_count": "FORUM-021",
    "penalty": "FORUM-154, FORUM-156",
    "late": "FORUM-161, FORUM-165",
}
_UNAVAILABLE_RULES = {
    "shoot": "FORUM-040, FORUM-111",
    "kill": "FORUM-059",
    "deal": "FORUM-059, FORUM-117",
    "hide": "FORUM-126",
    "direct_vote": "FORUM-119",
    "vote": "FORUM-019",
}


def refuse(outcome: Outcome, action: Action, reason: str, messages: dict[str, str]) -> None:
    """Record a refusal: the player's sentence in ``rejected``, the rule in the trace."""
    outcome.rejected.append(Rejection(action, reason, messages[reason]))
    rule = _UNAVAILABLE_RULES.get(action.ability, "FORUM-011") if reason == "not_available" else REASON_RULES[reason]
    outcome.note(
        "validate",
        "rejected",
        said("forum.refused", who=action.who, ability=action.ability, reason=reason, rule=rule),
        action,
    )


def _slot_capacity(state: GameState, action: Action) -> int:
    if action.actor is None or state.players[action.actor].role != "tin_woodman":
        return 1
    if action.ability in ("shoot", "kill", "deal"):
        wanted = GUN_KINDS if action.ability == "shoot" else ("team",)
        specs = [s for s in query.tw_duty(state, action.actor) if s["kind"] in wanted]
        return max(1, sum(1 for s in specs if query.chooser_alive(state, s)))
    return 1
