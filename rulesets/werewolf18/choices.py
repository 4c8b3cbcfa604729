"""The werewolf18 choices as data: in which phases each ability is handed
in (A17), the team abilities of each role, which abilities a seat may
hand in (``probes``), and a living player's own slot with its legal targets.
``engine.Werewolf18.action_slots`` builds the slots from these.
"""

from __future__ import annotations

from rulesets.core import Ability, ActionSlot, PlayerState
from rulesets.core.choices_part import under_target_limit

from . import roles

# Ability → the phases it may be handed in: orders by night or day (A17).
PHASES_OF: dict[str, tuple[str, ...]] = {
    ability: ("day", "night") if ability in roles.DUAL_PHASE else (spec.phase,)
    for ability, spec in roles.ABILITIES.items()
}

# Role → its team abilities (``Ability.team``), in the role's order, for ``team_abilities``.
TEAM_ABILITIES: dict[str, tuple[str, ...]] = {
    role: tuple(ab for ab in spec.abilities if roles.ABILITIES[ab].team) for role, spec in roles.ROLES.items()
}


def probes(role: str, phase: str, holds_badge: bool, alive: bool) -> tuple[tuple[str, Ability], ...]:
    """The abilities worth probing for a seat in ``phase``: those of
    ``abilities_of`` (the role's, the sheriff's badge, WW18-048) handed in
    in ``phase``; out of the game only a team's and ``surrender``
    (WW18-012), as ``check_actor`` refuses the rest whatever they name."""
    spec = roles.ROLES.get(role)
    own = spec.abilities if spec else ()
    probes = []
    for ability in (*own, "pass_badge") if holds_badge else own:
        declared = roles.ABILITIES[ability]
        if phase in PHASES_OF[ability] and (alive or declared.team or ability == "surrender"):
            probes.append((ability, declared))
    return tuple(probes)


def targets_of(spec: Ability, alive: list[str], actor: str | None) -> list[str]:
    """``check_targets_filter``'s target rule over the living names ``alive``
    (in seat order), before the limits."""
    rule = spec.target_rule
    if rule == "other_alive":
        legal = list(alive)
        if actor in legal:
            legal.remove(actor)
        return legal
    if rule == "self":
        return [actor] if actor in alive else []
    return list(alive)


def own_slot(player: PlayerState, ability: str, spec: Ability, names: list[str]) -> ActionSlot | None:
    """The slot of a living ``player``'s own ``ability`` (one target or none)
    that keeps his skills, or None:
    ``validate`` for a holder of it with nobody the winner. ``names`` are
    the living it may name (the badge never goes to a revealed idiot,
    WW18-034); the limits are his counters."""
    counters = player.counters
    limit = spec.per_game_limit
    if limit is not None and counters.get(f"uses:{ability}", 0) >= limit:
        return None  # ``used_up``
    if spec.targets == 0:
        return ActionSlot(ability, (), player.name, None, 0)
    legal = targets_of(spec, names, player.name)
    limit = spec.per_target_limit
    if limit is not None:
        legal = under_target_limit(counters, ability, legal, limit)
    return ActionSlot(ability, tuple(legal), player.name, None, 1) if legal else None
