"""Judging every shot at one target (digest, night step 5; the «Форсмажоры»).

``judge_target(night, target, shots)`` decides, for one target and the set of
live shots at it, who dies, who changes side and who learns what. The first
matching case decides: the Tin Woodman off duty, the Child, the Bum, the Cop
(or acting Assistant), a Don, anyone else. Marks only; ``effects`` applies.
"""

from __future__ import annotations

from rulesets.core.said import said

from . import query
from .marks import Night, Shot


def judge_target(night: Night, target: str, shots: list[Shot]) -> None:
    """Mark the fate of ``target`` under ``shots`` (FORUM-021..152)."""
    role = night.role(target)
    if role == "snitch":
        shots = [s for s in shots if not _deal(night, target, s)]
        if not shots:
            return
    if role == "tin_woodman" and target not in night.on_duty:
        _immortal_tw(night, target, shots)
    elif role == "child":
        _child(night, target, shots)
    elif role == "bum" and _bum(night, target, shots):
        return
    elif night.acting_cop(target):
        _cop(night, target, shots)
    elif role == "don":
        _don(night, target, shots)
    else:
        _other(night, target, shots)


def _deal(night: Night, snitch: str, shot: Shot) -> bool:
    """FORUM-117, FORUM-118: a team that has not found its Child may spare the Snitch and learn the Child."""
    team = shot.team or ""
    if not shot.deal or team in night.state.memory.get("found_child", []):
        return False
    children = [name for name, (role, _) in night.start.items() if role == "child" and night.state.players[name].alive]
    for child in children:
        night.team_tells.append((team, child, "child"))
    night.note(
        "shots",
        "effect",
        said("forum.takes_snitch_deal_lives_they", team=team, player=snitch, names=", ".join(children))
        if children
        else said("forum.snitch_deal_no_child", team=team, player=snitch),
        shot.action,
    )
    return True


def _finish(night: Night, target: str, lethal: list[Shot], rule: str = "") -> None:
    """T dies if a lethal shot remains and T is not in P (FORUM-022, FORUM-136)."""
    if not lethal:
        return
    guard = night.protected.get(target)
    who = ", ".join(s.action.who for s in lethal)
    if guard is None:
        night.mark_death(target, said("forum.shot", whos=who, rule=_rule_of(lethal[0], rule)))
        for shot in lethal:
            night.note(
                "shots",
                "effect",
                said("forum.shot_lethal", who=shot.action.who, player=target, rule=_rule_of(shot, rule)),
                shot.action,
            )
        return
    for shot in lethal:
        night.note(
            "shots",
            "saved",
            said(
                "forum.shot_but_saved_him",
                who=shot.action.who,
                player=target,
                guard=guard,
                rule=_rule_of(shot, rule),
                rule2=_GUARD_RULES[guard],
            ),
            shot.action,
            guard,
        )
        if shot.kind == "team":
            night.outcome.announce(
                "saved", said("forum.attacked_but_saved", team=shot.team, player=target, guard=guard), target
            )


# The rule that makes each kind of shot lethal, and the rule of each protection.
_KIND_RULES = {
    "cop": "FORUM-026, FORUM-037",
    "sniper": "FORUM-083",
    "team": "FORUM-034, FORUM-080",
    "maniac": "FORUM-029",
    "zombie": "FORUM-103",
    "avenger": "FORUM-112",
}
_GUARD_RULES = {
    said("forum.doctor"): "FORUM-052",
    said("forum.basement"): "FORUM-126",
    said("forum.bonus"): "FORUM-125",
}


def _rule_of(shot: Shot, case_rule: str) -> str:
    """The shot's own rule, then the rule of the case that judged it, if any."""
    return f"{_KIND_RULES[shot.kind]}; {case_rule}" if case_rule else _KIND_RULES[shot.kind]


def _immortal_tw(night: Night, target: str, shots: list[Shot]) -> None:
    """FORUM-059, FORUM-061: the TW off duty is unharmed; each shooter becomes his chooser."""
    for shot in shots:
        spec = _chooser_spec(shot)
        if spec is not None and spec not in night.next_duty.setdefault(target, []):
            night.next_duty[target].append(spec)
        night.note(
            "shots",
            "void",
            said("forum.shot_tin_woodman_immortal_off", who=shot.action.who, player=target),
            shot.action,
        )


def _chooser_spec(shot: Shot) -> dict[str, str] | None:
    """Only guns, teams, the Maniac and the Zombie choose the TW (ambiguity 8)."""
    if shot.via_tw or shot.kind == "avenger":
        return None
    if shot.kind == "team":
        return {"kind": "team", "who": shot.team or ""}
    return {"kind": shot.kind, "who": shot.shooter or ""}


def _labels(shots: list[Shot], skip: tuple[str, ...] = ()) -> set[str]:
    return {s.label for s in shots if s.kind not in skip}


def _child(night: Night, target: str, shots: list[Shot]) -> None:
    """FORUM-043..046, FORUM-054, FORUM-064, FORUM-066, FORUM-140..149: shots at the Child."""
    for shot in shots:
        night.note(
            "shots",
            "info",
            said("forum.shot_child", who=shot.action.who, player=target),
            shot.action,
        )
    c = _labels(shots, ("zombie", "avenger"))
    teams = sorted(label[5:] for label in c if label.startswith("team:"))
    zombie = [s for s in shots if s.kind == "zombie"]
    multifunctional = bool(night.state.option("multifunctional_child"))
    if multifunctional and "cop" in c and teams:
        night.mark_death(target, said("forum.cop_team_hit_multifunctional_child"))
        night.note(
            "shots",
            "effect",
            said("forum.cop_hit_multifunctional_child_dies", teams=", ".join(teams), player=target),
        )
    elif len(c) == 1 and teams:
        _child_joins(night, target, teams[0], shots)
        _finish(night, target, zombie, "FORUM-109")
    elif c == {"cop"} or ("cop" in c and len(c) == 2):
        _child_to_cop(night, target, multifunctional and c == {"cop"})
    else:
        lethal = [s for s in shots if s.kind != "avenger"]
        _finish(night, target, lethal, "FORUM-142, FORUM-145, FORUM-147, FORUM-148, FORUM-103")
        if target not in night.deaths and c & {"cop", *(f"team:{t}" for t in teams)}:
            night.outcome.tell(target, target, "child")  # FORUM-046, FORUM-145: keeps the role


def _child_joins(night: Night, target: str, team: str, shots: list[Shot]) -> None:
    """FORUM-043, FORUM-054, FORUM-066: a team's hit makes the Child one of them, healed or not."""
    night.convert(target, "mafioso", team)
    night.state.memory.setdefault("found_child", [])
    if team not in night.state.memory["found_child"]:
        night.state.memory["found_child"].append(team)
    night.outcome.tell(target, target, "child")
    for shot in shots:
        if shot.via_tw and shot.team == team:
            night.outcome.tell(shot.via_tw, target, team)  # FORUM-066: the TW knows the new member
    night.outcome.announce("child_found", said("forum.found_their_child", team=team))
    night.note("shots", "effect", said("forum.hit_child_joins", team=team, player=target))


def _child_to_cop(night: Night, target: str, joins_room: bool) -> None:
    """FORUM-044, FORUM-045, FORUM-064, FORUM-140, FORUM-141, FORUM-144, FORUM-146."""
    role = "cop_assistant" if joins_room else "citizen"
    night.convert(target, role, "town")
    night.outcome.tell(target, target, "child")
    rule = "FORUM-045" if joins_room else "FORUM-044, FORUM-140, FORUM-141, FORUM-144, FORUM-146"
    night.note("shots", "effect", said("forum.cop_shot_child_makes", player=target, role=role, rule=rule))


def _criminal_labels(labels: set[str]) -> set[str]:
    return {label for label in labels if label.startswith("team:") or label == "maniac"}


def _bum(night: Night, target: str, shots: list[Shot]) -> bool:
    """FORUM-119, FORUM-120, FORUM-150..152: who takes the Bum's vote; False = judge as anyone else."""
    for shot in shots:
        night.note(
            "shots",
            "info",
            said("forum.shot_bum", who=shot.action.who, player=target),
            shot.action,
        )
    c = _labels(shots) & ({"cop", "maniac"} | {s.label for s in shots if s.kind == "team"})
    crim = _criminal_labels(c)
    three = night.state.variant == "three_sided"
    both = len(crim) == 2
    by_label = {s.label: s for s in shots}
    rest = [s for s in shots if s.label not in c]
    if c == {"cop"} or (both and "cop" in c):
        _bum_taken(night, target, by_label["cop"], "FORUM-119, FORUM-151")
    elif len(c) == 1 and ((three and crim and "maniac" not in crim) or (not three and c == {"maniac"})):
        _bum_taken(night, target, by_label[next(iter(c))], "FORUM-120, FORUM-073")
    elif both and c == crim:
        night.note("shots", "info", said("forum.both_criminal_shooters_hit_bum", player=target))
        _finish(night, target, [by_label[label] for label in crim], "FORUM-150")
    else:
        return False
    _other(night, target, rest, shots)
    return True


def _bum_taken(night: Night, target: str, shot: Shot, rule: str) -> None:
    if shot.kind == "team":
        holder = {"kind": "team", "who": shot.team or "", "fallback": ""}
    else:
        holder = {"kind": "player", "who": shot.shooter or "", "fallback": shot.via_tw or ""}
    night.bum_holders[target] = holder
    night.note(
        "shots",
        "effect",
        said("forum.hit_bum_takes_vote_tomorrow", who=shot.action.who, player=target, rule=rule),
        shot.action,
    )


def _cop(night: Night, target: str, shots: list[Shot]) -> None:
    """FORUM-030, FORUM-035, FORUM-036, FORUM-041, FORUM-067..069, FORUM-071, FORUM-078, FORUM-084, FORUM-104, FORUM-136."""
    lethal = []
    for shot in shots:
        if shot.kind == "sniper":
            _sniper_demoted(night, target, shot)
        elif shot.kind in ("maniac", "zombie"):
            _rebound(night, target, shot, "FORUM-030, FORUM-071" if shot.kind == "maniac" else "FORUM-104")
        elif shot.kind == "team":
            if _team_kills_cop(night, target, shot):
                lethal.append(shot)
        else:
            night.note(
                "shots",
                "void",
                said("forum.shot_cop_without_effect", who=shot.action.who, player=target),
                shot.action,
            )
    _finish(night, target, lethal, "FORUM-036, FORUM-041, FORUM-136")


def _sniper_demoted(night: Night, cop: str, shot: Shot) -> None:
    """FORUM-084, FORUM-078: the Cop lives; whoever fired the Sniper's gun becomes a citizen and learns the Cop."""
    firer = shot.firer or ""
    night.convert(firer, "citizen", "town")
    night.outcome.tell(firer, cop, "cop")
    night.note(
        "shots",
        "effect",
        said("forum.fired_sniper_gun_cop_cop", player=firer, player2=cop),
        shot.action,
    )


def _rebound(night: Night, target: str, shot: Shot, rule: str) -> None:
    """The Maniac or Zombie who hits the Cop or a Don dies himself, unless protected."""
    firer = shot.firer or ""
    guard = night.protected.get(firer)
    if guard is not None:
        night.note(
            "shots",
            "saved",
            said("forum.hit_should_die_but_saves", player=firer, player2=target, guard=guard, rule=rule),
            shot.action,
            guard,
        )
        return
    night.mark_death(firer, said("forum.hit_dies_himself", player=target, rule=rule))
    night.note("shots", "effect", said("forum.hit_lives_dies", player=firer, player2=target, rule=rule), shot.action)


def _own_shot(night: Night, cop: str) -> str | None:
    for shot in night.shots:
        if shot.shooter == cop and shot.kind == "cop" and not shot.via_tw and not shot.void:
            return shot.target
    return None


def _team_kills_cop(night: Night, cop: str, shot: Shot) -> bool:
    """FORUM-035/036/041 and, for the TW on duty, FORUM-067/068/069."""
    own = _own_shot(night, cop)
    team = shot.team or ""
    if shot.via_tw:
        if own == shot.via_tw and not any(night.role(p.name) == "don" for p in night.state.team_members(team)):
            night.note(
                "shots",
                "void",
                said("forum.cop_tw_duty_shot_each", player=cop, team=team),
                shot.action,
            )
            return False
        return True  # FORUM-067 (both die), FORUM-068 (the Cop shot someone else)
    if night.role(cop) == "cop" and own and night.team(own) == team and night.role(own) != "don":
        night.team_tells.append((team, cop, "cop"))
        night.note(
            "shots",
            "void",
            said("forum.cop_shot_while_shot_him", player=cop, player2=own, team=team),
            shot.action,
        )
        return False
    return True


def _don(night: Night, target: str, shots: list[Shot]) -> None:
    """FORUM-026, FORUM-055, FORUM-060, FORUM-079, FORUM-080, FORUM-085, FORUM-086, FORUM-104, FORUM-127."""
    team = night.team(target)
    lethal = []
    for shot in shots:
        if shot.kind == "sniper":
            _sniper_joins(night, target, team, shot)
        elif shot.kind == "zombie":
            _rebound(night, target, shot, "FORUM-104")
        elif shot.kind == "team" and shot.via_tw and shot.team == team:
            night.note("shots", "void", said("forum.tw_duty_cannot_kill_don", team=team, player=target), shot.action)
        else:
            lethal.append(shot)
    _finish(night, target, lethal, "FORUM-036, FORUM-080")


def _sniper_joins(night: Night, don: str, team: str, shot: Shot) -> None:
    """FORUM-085, FORUM-079: the Don lives; the one who fired the Sniper's gun joins his team."""
    firer = shot.firer or ""
    night.convert(firer, "mafioso", team)
    night.outcome.announce("converted", said("forum.sniper_became_criminal"), None)
    night.note(
        "shots",
        "effect",
        said("forum.fired_sniper_gun_don_don", player=firer, player2=don, team=team),
        shot.action,
    )


def _other(night: Night, target: str, shots: list[Shot], everything: list[Shot] | None = None) -> None:
    """Anyone else (digest case 6): FORUM-023, FORUM-025..029, FORUM-039, FORUM-060, FORUM-083, FORUM-102..112, FORUM-132..139.

    ``everything`` is every shot at the target when only ``shots`` are left to judge (the Bum).
    """
    kinds = {s.kind for s in everything or shots}
    cop_saves = "cop" in kinds and night.team(target) == "town"
    zombie_sniper = {"zombie", "sniper"} <= kinds
    lethal = []
    for shot in shots:
        if not _lethal(night, target, shot):
            continue
        if cop_saves and shot.kind != "avenger" and not (zombie_sniper and shot.kind in ("zombie", "sniper")):
            night.note(
                "shots",
                "saved",
                said("forum.shot_but_cop_shot_saves", who=shot.action.who, player=target),
                shot.action,
                said("forum.cop"),
            )
            if shot.kind == "team":
                night.outcome.announce(
                    "saved",
                    said("forum.attacked_but_saved", team=shot.team, player=target, guard=said("forum.cop")),
                    target,
                )
            continue
        lethal.append(shot)
    _finish(night, target, lethal)


def _lethal(night: Night, target: str, shot: Shot) -> bool:
    """Is ``shot`` lethal to ``target`` on its own (before protection)?"""
    team = night.team(target)
    if shot.via_tw and _tw_own_side(night, target, shot):
        night.note("shots", "void", said("forum.tw_cannot_kill_side_fires", player=target), shot.action)
        return False
    if shot.kind == "cop" and team in ("town", "maniac"):
        night.note(
            "shots",
            "info",
            said("forum.cop_shot_check_cop_missed", player=target),
            shot.action,
        )
        night.outcome.announce("cop_missed", said("forum.cop_missed_announced"))
        return False
    if shot.kind == "zombie" and night.role(target) == "citizen":
        night.convert(target, "zombie", "zombie")
        night.note(
            "shots",
            "effect",
            said("forum.zombie_drags_plain_citizen_side", player=target),
            shot.action,
        )
        return False
    if shot.kind == "avenger" and not query.criminal_team(team):
        night.note(
            "shots",
            "void",
            said("forum.revenge_shot_misses_works_only", player=target),
            shot.action,
        )
        return False
    return True


def _tw_own_side(night: Night, target: str, shot: Shot) -> bool:
    """FORUM-060: the TW cannot kill a member of the team, or the solo shooter, he fires for."""
    if shot.kind == "team":
        return night.team(target) == shot.team
    return target == shot.shooter
