"""The classic night: the first night's meeting and every later night's resolution.

Actions arrive already validated (``ClassicRuleset.accept``); this module
applies them in the order below and writes the host's trace.
"""

from __future__ import annotations

import random

from rulesets.core import Action, GameState, Outcome
from rulesets.core.said import said

from .setup import is_blind, option

# Night resolution order (classic.md §7.4, "Night resolution"). Modifiers
# first, the death at the end, so a player shot tonight still acts (B-13).
ORDER: tuple[tuple[str, str, str], ...] = (
    # CLASSIC-007, CLASSIC-014, CLASSIC-021, CLASSIC-023, CLASSIC-033, CLASSIC-034, CLASSIC-036, CLASSIC-061
    ("validate", "CLASSIC-007", "every action is checked; on the first night all are refused"),
    # CLASSIC-007, CLASSIC-008, CLASSIC-060: the first night only introduces.
    ("meet", "CLASSIC-008", "first night: the mafia meet, the extra characters meet the host in turn"),
    # CLASSIC-035, B-14: the occupied player's own action is void whatever the waking order.
    ("visit", "CLASSIC-035", "the putana's visit voids the visited player's own action and next day's vote"),
    # CLASSIC-020, CLASSIC-023, CLASSIC-062, CLASSIC-063: one victim, or a miss.
    ("kill", "CLASSIC-020", "the mafia's victim is fixed: the team's choice, or the unanimous notes"),
    # CLASSIC-032: a heal of the victim saves them.
    ("heal", "CLASSIC-032", "a heal that is not void saves the mafia's victim"),
    # CLASSIC-037: the commissar learns the checked player's team.
    ("check", "CLASSIC-037", "a check that is not void tells the commissar the team"),
    # CLASSIC-022: night results take effect in the morning.
    ("deaths", "CLASSIC-022", "the victim leaves unless saved; the morning post names them"),
    # CLASSIC-040 to CLASSIC-045.
    ("end", "CLASSIC-040", "the end of the game is checked"),
)


def first_night(outcome: Outcome) -> None:
    """The mafia meet each other and the host («знакомятся»); extras meet the host in turn;
    nobody is killed (CLASSIC-007, CLASSIC-008, CLASSIC-060)."""
    state = outcome.state
    mafia = ", ".join(p.name for p in state.team_members("mafia"))
    code = "classic.first_night_no_host" if option(state.options, "no_host") else "classic.first_night_meet"
    outcome.note("meet", "info", said(code, names=mafia))
    for role in ("doctor", "putana", "commissar"):
        for p in state.with_role(role):
            outcome.note(
                "meet",
                "info",
                said(f"classic.{role}_wakes", player=p.name),
            )
    outcome.announce("no_kill", said("classic.first_night_passes"))


def resolve(outcome: Outcome, actions: list[Action], rng: random.Random) -> None:
    """Resolve a night after the first from its accepted ``actions``.

    Steps follow ``ORDER``; counters for the repeat limits are written for
    every accepted heal and visit (CLASSIC-033, CLASSIC-034, CLASSIC-036).
    """
    state = outcome.state
    night = state.memory["night"]
    _remember_choices(state, actions, night)
    occupied = _visits(outcome, [a for a in actions if a.ability == "visit"])
    state.memory["no_vote"] = sorted(occupied, key=list(state.players).index)
    victim, kill = _victim(outcome, [a for a in actions if a.ability == "kill"])
    saved_by = _heals(outcome, [a for a in actions if a.ability == "heal"], occupied, victim)
    _checks(outcome, [a for a in actions if a.ability == "check"], occupied)
    _deaths(outcome, victim, kill, saved_by)
    if option(state.options, "no_host"):
        _read_notes(outcome, actions, rng)


def _remember_choices(state: GameState, actions: list[Action], night: int) -> None:
    for action in actions:
        if action.ability in ("heal", "visit") and action.actor:
            actor = state.players[action.actor]
            actor.counters[f"last_{action.ability}"] = [night, action.targets()[0]]
            if action.ability == "heal" and action.targets() == [action.actor]:
                actor.bump("self_heals")


def _visits(outcome: Outcome, visits: list[Action]) -> set[str]:
    """Apply the putana's («Стерва/путана») visits in seat order; returns the
    occupied players. A putana already occupied by an earlier visit has her
    own visit void, so two putanas never void each other both (CLASSIC-035, B-14)."""
    order = list(outcome.state.players)
    occupied: set[str] = set()
    for action in sorted(visits, key=lambda a: order.index(a.actor or "")):
        target = action.targets()[0]
        if action.actor in occupied:
            outcome.note(
                "visit",
                "blocked",
                said("classic.putana_was_herself_occupied_so", player=action.actor, player2=target),
                action,
            )
            continue
        occupied.add(target)
        outcome.note(
            "visit",
            "effect",
            said("classic.putana_occupied_their_action_tonight", player=action.actor, player2=target),
            action,
        )
    return occupied


def _victim(outcome: Outcome, kills: list[Action]) -> tuple[str | None, Action | None]:
    """The mafia's victim («жертва») and the action naming them, or (None, None) (CLASSIC-020)."""
    if option(outcome.state.options, "no_host"):
        return _notes_victim(outcome, kills)
    if not kills:
        outcome.note("kill", "info", said("classic.mafia_named_no_victim_nobody"))
        return None, None
    kill = kills[-1]
    target = kill.targets()[0]
    outcome.note(
        "kill",
        "effect",
        said("classic.mafia_chose_tonight_victim_shared", player=target),
        kill,
    )
    return target, kill


def _notes_victim(outcome: Outcome, notes: list[Action]) -> tuple[str | None, Action | None]:
    """CLASSIC-062, CLASSIC-063: every living mafioso's note («записка») must name the same player."""
    mafiosi = [p.name for p in outcome.state.team_members("mafia")]
    names = {a.actor: a.targets()[0] for a in notes}
    chosen = {names.get(m) for m in mafiosi}
    if len(chosen) == 1 and None not in chosen:
        target = chosen.pop()
        rule = "CLASSIC-063" if len(mafiosi) == 1 else "CLASSIC-062"
        for note in notes:
            outcome.note(
                "kill", "effect", said("classic.every_mafioso_note_names_mafia", player=target, rule=rule), note
            )
        return target, notes[-1]
    for note in notes:
        outcome.note(
            "kill",
            "void",
            said("classic.mafia_notes_differ_or_one", player=note.actor, player2=note.target),
            note,
        )
    if not notes:
        outcome.note("kill", "info", said("classic.no_mafioso_wrote_name_nobody"))
    return None, None


def _heals(outcome: Outcome, heals: list[Action], occupied: set[str], victim: str | None) -> str | None:
    """The doctor («Доктор») who saved the victim, if any (CLASSIC-032)."""
    saved_by = None
    for action in heals:
        target = action.targets()[0]
        if action.actor in occupied:
            outcome.note(
                "heal",
                "blocked",
                said("classic.doctor_was_occupied_putana_heal", player=action.actor, player2=target),
                action,
            )
        elif target == victim:
            saved_by = action.actor
            outcome.note(
                "heal",
                "effect",
                said("classic.doctor_healed_saved", player=action.actor, player2=target),
                action,
            )
        else:
            outcome.note(
                "heal",
                "info",
                said("classic.doctor_healed_whom_nobody_attacked", player=action.actor, player2=target),
                action,
            )
    return saved_by


def _checks(outcome: Outcome, checks: list[Action], occupied: set[str]) -> None:
    """Feedback ``mafia``/``town`` to each commissar («Комиссар») not occupied (CLASSIC-037, B-13)."""
    for action in checks:
        target = action.targets()[0]
        if action.actor in occupied:
            outcome.note(
                "check",
                "blocked",
                said("classic.commissar_was_occupied_putana_check", player=action.actor, player2=target),
                action,
            )
            continue
        team = outcome.state.players[target].team
        outcome.tell(action.actor or "", target, team)
        outcome.note(
            "check",
            "effect",
            said("classic.commissar_checked_learns", player=action.actor, player2=target, team=team),
            action,
        )


def _deaths(outcome: Outcome, victim: str | None, kill: Action | None, saved_by: str | None) -> None:
    """The victim leaves in the morning unless saved (CLASSIC-020, CLASSIC-022, CLASSIC-065)."""
    state = outcome.state
    if victim is None:
        outcome.announce("no_kill", said("classic.nobody_killed_tonight"))
        return
    if saved_by is not None:
        outcome.note(
            "deaths",
            "saved",
            said("classic.survives_night_doctor_heal_saved", player=victim),
            kill,
            by=saved_by,
        )
        outcome.announce("no_kill", said("classic.nobody_killed_tonight"))
        return
    outcome.remove(victim)
    player = state.players[victim]
    if player.team == "town":
        state.memory["last_honest"] = victim
    role = None if is_blind(state.options) else player.role
    outcome.note("deaths", "effect", said("classic.was_killed_mafia_leaves_game", player=victim), kill)
    shown = (
        said("classic.killed_card_hidden", player=victim)
        if role is None
        else said("classic.killed_card_shown", player=victim, role=role)
    )
    outcome.announce("killed", shown, victim, role)


def _read_notes(outcome: Outcome, actions: list[Action], rng: random.Random) -> None:
    """The morning post of a game without a host: every living player's note,
    shuffled and anonymous (CLASSIC-061, CLASSIC-064): announcements
    ``note`` (a name, in ``player``), ``note_honest`` («честный») and
    ``note_blank`` (a mafioso who wrote nothing)."""
    state = outcome.state
    written = {a.actor: a.targets()[0] for a in actions if a.ability == "kill" and a.actor}
    notes = []
    for p in state.players.values():
        if p.alive or p.name in outcome.out:
            notes.append(written.get(p.name) or ("" if p.team == "mafia" else "честный"))
    rng.shuffle(notes)
    for note in notes:
        if note == "честный":
            outcome.announce("note_honest", said("classic.note_honest"))
        elif note:
            outcome.announce("note", said("classic.note", player=note), note)
        else:
            outcome.announce("note_blank", said("classic.note_blank"))
