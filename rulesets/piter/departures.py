"""Leaving the table and the conversions it triggers.

Every way of leaving (night death, refusal, execution, sentence, technical
defeat, the third warning) goes through ``leave``; once a step's departures
are done, ``convert`` applies the werewolf's turn (PITER-061, «Оборотень») and
the komsomolets' inheritance (PITER-060, «Комсомолец») before the end checks.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulesets.core import GameState, Outcome
from rulesets.core.said import Said, said

from .roles import FUNCTIONAL_TOWN, ROLES, SHOOTERS


def role_name(state: GameState, name: str) -> str:
    """The English name of ``name``'s current role, for trace sentences."""
    return ROLES[state.players[name].role].name["en"]


def revealed_role(state: GameState, name: str) -> str | None:
    """The role a departing player shows: their card (PITER-005), or None in
    a ``dark`` game (PITER-121)."""
    return None if state.option("dark") else state.players[name].role


def leave(outcome: Outcome, name: str, kind: str, text: Said) -> None:
    """Take ``name`` out of the game and announce it with the card revealed
    unless the game is ``dark`` (PITER-005, PITER-121). ``kind`` is the
    announcement kind (``left``, ``executed``, ``sentenced``…); ``text`` the
    public sentence (a ``Said`` code), which never says who killed whom
    (PITER-006)."""
    if not outcome.state.players[name].alive:
        return
    outcome.remove(name)
    role = revealed_role(outcome.state, name)
    shown = said("piter.their_card", clause=text, role=ROLES[role].name["en"]) if role else text
    outcome.announce(kind, shown, name, role)


def convert(outcome: Outcome, departed: Iterable[str]) -> None:
    """Apply the conversions triggered by the players in ``departed``, who left
    the game in this step. Dead players never convert (A-15, A-16).

    ``departed`` lists only departures for a cause the rules name: the clan's
    technical defeat (PITER-094) is the mafia losing, not a mafioso leaving
    the game, and its players are never passed here.
    """
    gone = [outcome.state.players[n] for n in departed]
    if any(p.role in SHOOTERS for p in gone):
        _turn_werewolves(outcome)
    inherited = [r for r in FUNCTIONAL_TOWN if any(p.role == r for p in gone)]
    if inherited:
        _inherit(outcome, inherited[0], [p.name for p in gone if p.role == inherited[0]][0])


def _turn_werewolves(outcome: Outcome) -> None:
    """PITER-061: «Когда игру покидает одна из «стреляющих» мафий, сам,
    превращается в Мафию.» Role ``mafioso``, team ``mafia``."""
    for wolf in outcome.state.with_role("werewolf"):
        wolf.role, wolf.team = "mafioso", "mafia"
        outcome.note(
            "conversions",
            "effect",
            said("piter.werewolf_turns_mafioso_joins_clan", player=wolf.name),
            by=wolf.name,
        )


def _inherit(outcome: Outcome, role: str, source: str) -> None:
    """PITER-060: the komsomolets takes the role of the first functional town
    role to leave, once; the earliest in night order wins a tie (A-15). He
    never acted before, so his "two nights running" limits start fresh."""
    for heir in outcome.state.with_role("komsomolets"):
        heir.role = role
        outcome.note(
            "conversions",
            "effect",
            said(
                "piter.komsomolets_takes_over_left_table",
                player=heir.name,
                role=ROLES[role].name["en"].lower(),
                player2=source,
            ),
            by=heir.name,
        )
