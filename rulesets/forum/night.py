"""Night resolution of the forum game («ночные события», FORUM-010).

All night choices are simultaneous; the host resolves them together in the
order below (digest, "Night resolution"). Deaths and conversions are marked
first and applied together at the end, so the dead still act that night.
"""

from __future__ import annotations

import random

from rulesets.core import Action, GameState, Outcome, PhaseInput
from rulesets.core.said import said

from . import query
from .effects import apply_night
from .judge import judge_target
from .marks import Night, Shot
from .roles import DEFAULT_SKIPS_ALLOWED, DUTIES, MESSAGES, SKIPS_ALLOWED
from .validate import GUN_KINDS, accept

# Night resolution steps: (step id, rule id, what it does).
ORDER: tuple[tuple[str, str, str], ...] = (
    # FORUM-161: choices are checked before anything resolves (digest step 1).
    ("validate", "FORUM-161", "refuse dead actors or targets, closed moves, limits, the TW's chooser, duplicates"),
    # FORUM-057: a modifier, so it resolves before the shots it voids.
    ("block", "FORUM-057", "the Tin Woodman's choice of the Cop, a Don or the Sniper voids that gun's shot"),
    # FORUM-052, FORUM-125, FORUM-126: protection is known before any shot lands.
    ("protect", "FORUM-052", "the Doctor's patient, the hidden and the Bonus player survive every shot"),
    # FORUM-092..100: bites take roles before the shots are judged.
    ("bite", "FORUM-092", "first night only: the Werewolf and the Vampire bite"),
    # FORUM-021..152: each target is judged once against every shot at it.
    ("shots", "FORUM-021", "every shot is judged per target: TW, Child, Bum, Cop, Don, anyone else"),
    # FORUM-087..089: the Kamikaze's revenge needs the night's deaths.
    ("kamikaze", "FORUM-087", "a Kamikaze who dies tonight, or left since last night, takes his chosen victim"),
    # FORUM-160, FORUM-095, FORUM-096: a missing move is counted last.
    # A Kamikaze autokilled for it made no choice: he takes nobody (FORUM-088).
    ("skips", "FORUM-160", "a role who gave no move counts a skip; past the limit he is autokilled"),
    # FORUM-031: everything marked takes effect together and is announced.
    ("apply", "FORUM-031", "deaths, conversions, vote holders, TW choosers and walking basements take effect"),
)


def resolve_night(outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
    """Resolve one night in place on ``outcome.state`` (digest, Night resolution).

    ``step.extra`` may carry ``late`` (actors whose choices missed 22:00,
    FORUM-161), ``preliminary`` (Vampire → early choice, FORUM-178) and
    ``excused`` (names whose autokill the host waived).
    """
    night = _open(outcome, step)
    _block(night)
    _protect(night)
    _bite(night)
    _judge_shots(night)
    _kamikaze(night)
    _skips(night)
    apply_night(night)


def _open(outcome: Outcome, step: PhaseInput) -> Night:
    state = outcome.state
    start = {p.name: (p.role, p.team) for p in state.players.values()}
    on_duty = {}
    for tw, specs in state.memory.get("tw_duty", {}).items():
        alive = [s for s in specs if query.chooser_alive(state, s)]
        if alive and state.players[tw].alive:
            on_duty[tw] = alive[0]
    night = Night(outcome, step, start, on_duty)
    late = list(step.extra.get("late", []))
    night.actions = accept(state, outcome, list(step.actions), "night", late, MESSAGES)
    night.actions += accept(state, outcome, _preliminary(state, late, step), "night", [], MESSAGES)
    for action in night.actions:
        _count_use(state, action)
    night.shots = _build_shots(night)
    return night


def _preliminary(state: GameState, late: list[str], step: PhaseInput) -> list[Action]:
    """A late Vampire's early preliminary choice stands (FORUM-178)."""
    return [
        Action("bite", actor=name, target=target)
        for name, target in (step.extra.get("preliminary") or {}).items()
        if name in late and name in state.players
    ]


def _count_use(state: GameState, action: Action) -> None:
    if action.actor is None:
        return
    player = state.players[action.actor]
    player.bump(f"uses:{action.ability}")
    for target in action.targets():
        player.bump(f"{action.ability}:{target}")
    if action.ability == "choose" and player.role == "tin_woodman":
        player.counters["tw_chose"] = True  # FORUM-056


def _build_shots(night: Night) -> list[Shot]:
    shots: list[Shot] = []
    duty_left = {tw: [s for s in specs if query.chooser_alive(night.state, s)] for tw, specs in _duties(night).items()}
    for action in night.actions:
        if action.ability not in ("shoot", "kill", "deal"):
            continue
        target = action.targets()[0]
        if action.team is not None:
            shots.append(Shot("team", target, action, team=action.team, deal=action.ability == "deal"))
        elif night.role(action.actor or "") == "tin_woodman":
            shots.append(_tw_shot(night, action, target, duty_left[action.actor or ""]))
        else:
            shots.append(Shot(_gun_kind(night, action.actor or ""), target, action, shooter=action.actor))
    return shots


def _duties(night: Night) -> dict[str, list[dict[str, str]]]:
    return {tw: list(specs) for tw, specs in night.state.memory.get("tw_duty", {}).items()}


def _tw_shot(night: Night, action: Action, target: str, specs: list[dict[str, str]]) -> Shot:
    """The TW fires with his chooser's gun and rules (FORUM-059)."""
    wanted = GUN_KINDS if action.ability == "shoot" else ("team",)
    spec = next(s for s in specs if s["kind"] in wanted)
    specs.remove(spec)
    team = spec["who"] if spec["kind"] == "team" else None
    shot = Shot(spec["kind"], target, action, shooter=spec["who"], team=team, via_tw=action.actor)
    shot.deal = action.ability == "deal"
    night.note(
        "validate", "info", said("forum.tin_woodman_fires_tonight", player=action.actor, who=spec["who"]), action
    )
    return shot


def _gun_kind(night: Night, actor: str) -> str:
    role = night.role(actor)
    if role in ("cop", "cop_assistant"):
        return "cop"
    if role in ("cop_wife", "cop_lover"):
        return "avenger"
    return role  # sniper, maniac, zombie


def _block(night: Night) -> None:
    """FORUM-057/058: the TW's choice of a gun voids its shot; anyone else is a wasted choice."""
    for action in night.actions:
        if action.ability != "choose" or night.role(action.actor or "") != "tin_woodman":
            continue
        target = action.targets()[0]
        voided = [s for s in night.shots if _is_gun_of(night, s, target)]
        for shot in voided:
            shot.void = True
            night.note(
                "block",
                "blocked",
                said("forum.shot_void_tin_woodman_chose", who=shot.action.who, player=target),
                shot.action,
                action.actor,
            )
        if voided:
            night.note(
                "block",
                "effect",
                said("forum.tin_woodman_blocks_gun_tonight", player=action.actor, player2=target),
                action,
            )
        else:
            night.note(
                "block",
                "void",
                said("forum.tin_woodman_chose_no_gun", player=action.actor, player2=target),
                action,
            )


def _is_gun_of(night: Night, shot: Shot, target: str) -> bool:
    """Does ``target``'s gun fire ``shot``: the Cop's or Sniper's own, or a Don's team (FORUM-057)."""
    if shot.via_tw:
        return False
    if night.role(target) == "don":
        return shot.kind == "team" and shot.team == night.start[target][1]
    gun_holder = night.acting_cop(target) or night.role(target) == "sniper"
    return gun_holder and shot.shooter == target


def _protect(night: Night) -> None:
    """FORUM-052 (Doctor), FORUM-126 (basement), FORUM-125 (Bonus): the protection set P."""
    for action in night.actions:
        target = (action.targets() or [""])[0]
        if action.ability == "heal":
            night.protected.setdefault(target, said("forum.doctor"))
            night.note(
                "protect", "effect", said("forum.doctor_heals_tonight", player=action.actor, player2=target), action
            )
        elif action.ability == "hide":
            which = _use_basement(night.state, action.who)
            night.protected.setdefault(target, said("forum.basement"))
            night.note(
                "protect",
                "effect",
                said(f"forum.hides_{which.replace(' ', '_')}", who=action.who, player=target),
                action,
            )
    bonus = query.bonus_player(night.state)
    if bonus and night.state.players[bonus].alive:
        night.protected.setdefault(bonus, said("forum.bonus"))
        night.note("protect", "info", said("forum.holds_bonus_game_day", player=bonus, n=night.state.day))


def _use_basement(state: GameState, who: str) -> str:
    """Spend one basement of ``who``: the ordinary one first (FORUM-126, FORUM-182)."""
    keys = query.basement_keys(state, who)
    if keys and keys[0] == "basement":
        state.memory.setdefault("basement_used", []).append(query.basement_side(state, who))
        return "basement"
    holder = who if who.startswith("team:") else f"player:{who}"
    state.memory["walking"]["holders"].remove(holder)
    return "walking basement"


def _bite(night: Night) -> None:
    """FORUM-092..100: first-night bites (validation already refused later ones)."""
    for action in night.actions:
        if action.ability != "bite":
            continue
        if night.role(action.actor or "") == "werewolf":
            _werewolf(night, action)
        else:
            _vampire(night, action)


def _cop_shot_at(night: Night, target: str) -> bool:
    return any(s.kind == "cop" and s.target == target and not s.void for s in night.shots)


def _werewolf(night: Night, action: Action) -> None:
    wolf, victim = action.actor or "", action.targets()[0]
    guard = night.protected.get(victim)
    if guard is None and _cop_shot_at(night, victim) and night.team(victim) == "town":
        guard = said("forum.cop")
    if guard is not None:
        night.mark_death(wolf, said("forum.werewolf_victim_was_protected", player=victim, guard=guard))
        night.note(
            "bite",
            "saved",
            said("forum.werewolf_bit_protected_werewolf_dies", player=wolf, player2=victim, guard=guard),
            action,
            guard,
        )
        return
    role, team = night.start[victim]
    night.convert(wolf, role, team)
    night.mark_death(victim, said("forum.bitten_werewolf_who_takes_role", role=role))
    night.hidden_roles.add(victim)
    night.note(
        "bite",
        "effect",
        said("forum.werewolf_bit_takes_role_leaves", player=wolf, player2=victim, role=role),
        action,
    )


def _vampire(night: Night, action: Action) -> None:
    vamp, victim = action.actor or "", action.targets()[0]
    role, team = night.start[victim]
    if query.criminal_team(team):
        night.convert(vamp, "mafioso", team)
        night.note(
            "bite", "effect", said("forum.vampire_bit_joins_that_team", player=vamp, player2=victim, team=team), action
        )
    elif team == "town" and role == "child" and _cop_shot_at(night, victim):
        night.convert(vamp, "citizen", "town")
        night.note(
            "bite",
            "effect",
            said("forum.vampire_bit_child_but_cop", player=vamp, player2=victim),
            action,
        )
    elif team == "town":
        night.convert(victim, "citizen", "town")
        night.convert(vamp, role, "town")
        night.note(
            "bite",
            "effect",
            said("forum.vampire_bit_takes_role_becomes", player=vamp, player2=victim, role=role),
            action,
        )
    else:
        night.note(
            "bite", "void", said("forum.vampire_bit_neutral_nothing_changes", player=vamp, player2=victim), action
        )


def _judge_shots(night: Night) -> None:
    """FORUM-021..152: group the live shots by target and judge each target once."""
    by_target: dict[str, list[Shot]] = {}
    for shot in night.shots:
        if not shot.void:
            by_target.setdefault(shot.target, []).append(shot)
            _side_effects(night, shot)
    for target, shots in by_target.items():
        judge_target(night, target, shots)
    _settle_walking(night)


def _side_effects(night: Night, shot: Shot) -> None:
    """The Cop's check (FORUM-038) and the walking basement (FORUM-129) of every live shot.

    The check reads the side the shot meets: a Tin Woodman on duty is his
    chooser's side tonight («может быть убит как маф», FORUM-082; «Все, что
    может произойти с ним в ту ночь ... происходят с САМИМ ЖД», FORUM-062).
    """
    if shot.kind == "cop" and not shot.via_tw and shot.shooter:
        night.outcome.tell(shot.shooter, shot.target, night.team(shot.target))
    walking = night.state.memory.get("walking")
    if walking and not walking.get("done") and walking.get("carrier") == shot.target:
        holder = f"team:{shot.team}" if shot.kind == "team" else f"player:{shot.firer}"
        if holder not in night.walking_grants:
            night.walking_grants.append(holder)


def _settle_walking(night: Night) -> None:
    if not night.walking_grants:
        return
    walking = night.state.memory["walking"]
    walking["done"] = True
    for holder in night.walking_grants:
        walking["holders"].append(holder)
        walking["ever"].append(holder)
        night.note("shots", "info", said("forum.walking_basement_goes_first_shoot", who=holder))


def _kamikaze(night: Night) -> None:
    """FORUM-087..089: a Kamikaze who dies tonight, or was voted out, takes his victim."""
    kamikazes = [name for name, (role, _) in night.start.items() if role == "kamikaze"]
    if not kamikazes:
        return
    actions = {a.actor: a for a in night.actions if a.ability == "choose" and night.role(a.actor or "") == "kamikaze"}
    choices = {name: a.targets()[0] for name, a in actions.items()}
    for name in kamikazes:
        player = night.state.players[name]
        pending = bool(player.counters.pop("kamikaze_pending", False))
        previous = player.counters.pop("kamikaze_choice", None)
        choice = choices.get(name) or (previous if pending else None)
        if name in night.deaths or pending:
            _kamikaze_take(night, name, choice, actions.get(name))
        elif name in choices:
            player.counters["kamikaze_choice"] = choices[name]  # kept for a vote-out tomorrow (FORUM-089)
            night.note("kamikaze", "void", said("forum.kamikaze_survives_choice_lapses", player=name), actions[name])


def _kamikaze_take(night: Night, name: str, victim: str | None, action: Action | None) -> None:
    if victim is None or victim in night.deaths or not night.state.players[victim].alive:
        night.note("kamikaze", "void", said("forum.kamikaze_leaves_without_taking_anyone", player=name), action)
        return
    night.outcome.announce("kamikaze", said("forum.kamikaze_choice_was", player=victim), victim)
    guard = night.protected.get(victim)
    if guard is not None:
        night.note(
            "kamikaze",
            "saved",
            said("forum.kamikaze_takes_but_protects_him", player=name, player2=victim, guard=guard),
            action,
            guard,
        )
        return
    night.mark_death(victim, said("forum.taken_kamikaze", player=name))
    night.note("kamikaze", "effect", said("forum.kamikaze_takes_out_game", player=name, player2=victim), action)


def _skips(night: Night) -> None:
    """FORUM-160: a role with a duty who gave no move counts a skip; FORUM-095/096: no bite, no life."""
    acted = {(a.actor, a.ability) for a in night.actions if a.actor}
    excused = set(night.step.extra.get("excused", []))
    players = night.state.players
    for name, (role, _) in night.start.items():
        if role not in _OWING_ROLES or not players[name].alive:
            continue  # no move owed: neither a bite nor a ``_duty``
        if role in ("werewolf", "vampire") and query.first_night(night.state) and (name, "bite") not in acted:
            _autokill(night, name, "no_bite", excused, role=role)
            continue
        if role not in DUTIES:
            continue  # ``_duty`` is None: no move is owed
        duty = _duty(night, name, role)
        if duty is not None and (name, duty) not in acted:
            _count_skip(night, name, role, excused)


# Roles that may owe a move by night: the first night's biters (FORUM-095, FORUM-096) and those with a duty (FORUM-160).
_OWING_ROLES = frozenset({"werewolf", "vampire", *DUTIES})


def _duty(night: Night, name: str, role: str) -> str | None:
    phase_ability = DUTIES.get(role)
    if phase_ability is None or phase_ability[0] != "night":
        return None
    if role == "cop_assistant" and not night.acting_cop(name):
        return None
    return phase_ability[1]


def _count_skip(night: Night, name: str, role: str, excused: set[str]) -> None:
    player = night.state.players[name]
    if query.skipped_by_tw(night.state, name) or player.counters.get("penalty_skip") == "night":
        return  # a move lost to the TW or to a penalty is not a skip (ambiguity 18)
    skips = player.bump("skips")
    allowed = SKIPS_ALLOWED.get(role, DEFAULT_SKIPS_ALLOWED)
    night.note("skips", "info", said("forum.skipped_move_allowed", player=name, role=role, n=skips, m=allowed))
    if skips > allowed:
        _autokill(night, name, "skip", excused, n=skips)


def _autokill(night: Night, name: str, why: str, excused: set[str], **params: object) -> None:
    """``name`` is autokilled tonight for ``why`` (``skip``: FORUM-160;
    ``no_bite``: FORUM-095, FORUM-096), with the ``params`` of its sentences,
    unless the host excused him."""
    if name in excused:
        night.note("skips", "info", said(f"forum.would_be_autokilled_{why}", player=name, **params))
        return
    night.mark_death(name, said(f"forum.autokill_{why}", **params))
    night.note("skips", "effect", said(f"forum.autokilled_{why}", player=name, **params))
    night.outcome.announce("autokill", said("forum.leaves_by_autokill", player=name), name, night.role(name))
    if night.role(name) == "kamikaze" and night.deaths[name] == said(f"forum.autokill_{why}", **params):
        _kamikaze_takes_nobody(night, name)


def _kamikaze_takes_nobody(night: Night, name: str) -> None:
    """A Kamikaze autokilled by night for a skip made no choice this night
    (that is the skip), and «Выбор срабатывает, если Кама убьют» (FORUM-088)
    speaks of the choice of that night: he takes nobody. Only a Kamikaze
    voted out names his victim later (FORUM-089), so nothing is deferred."""
    night.state.players[name].counters.pop("kamikaze_choice", None)
    night.note("skips", "void", said("forum.kamikaze_autokilled_takes_nobody", player=name))
