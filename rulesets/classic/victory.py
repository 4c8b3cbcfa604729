"""End of a classic game: the victory check, the one-against-one dispute, scoring.

CLASSIC-040 to CLASSIC-046 and CLASSIC-050, CLASSIC-051.
"""

from __future__ import annotations

import random

from rulesets.core import GameState, Outcome
from rulesets.core.said import said

from .setup import option


def _living(state: GameState) -> tuple[int, int]:
    """How many mafiosi and honest players are still in the game, in one pass."""
    teams = [p.team for p in state.players.values() if p.alive]
    return teams.count("mafia"), teams.count("town")


def plain_winner(state: GameState) -> str | None:
    """``town`` with no mafioso left (CLASSIC-041), ``mafia`` with no honest
    player left (CLASSIC-042), None otherwise: parity alone does not end the
    game (CLASSIC-040)."""
    return _plain(_living(state))


def _plain(living: tuple[int, int]) -> str | None:
    """``plain_winner`` given ``_living``."""
    mafia, town = living
    if not mafia and not town:
        return "draw"
    if not mafia:
        return "town"
    return "mafia" if not town else None


def one_against_one(state: GameState) -> bool:
    """True when exactly one mafioso and one honest player remain (CLASSIC-043)."""
    return _living(state) == (1, 1)


def check_winner(state: GameState) -> str | None:
    """The winner decided without chance: the plain check, then the
    ``mafia_wins`` and ``draw`` disputes (CLASSIC-043). None while the game
    goes on or a lot or deciding vote must settle it (see ``settle``)."""
    return _winner(state, _living(state))


def _winner(state: GameState, living: tuple[int, int]) -> str | None:
    """``check_winner`` given ``_living`` (the state is only read)."""
    winner = _plain(living)
    if winner is not None or living != (1, 1):  # CLASSIC-043: one against one
        return winner
    return {"mafia_wins": "mafia", "draw": "draw"}.get(option(state.options, "dispute"))


def settle(outcome: Outcome, rng: random.Random) -> bool:
    """After every step: set the winner, draw the lot («жребий»), or open the deciding vote.

    CLASSIC-043: one against one is settled by the ``dispute`` option («Решение спорных ситуаций»);
    CLASSIC-045: the lot is the default; CLASSIC-044: ``last_honest_vote``
    leaves the game waiting for a deciding vote.

    Returns True when it ran ``check_winner``'s test on the final state and
    found no winner (``Ruleset.resolve_day``).
    """
    state = outcome.state
    if state.winner is not None:
        return False
    living = _living(state)  # nothing below changes who is in the game
    state.winner = _winner(state, living)
    if state.winner is not None or living != (1, 1):
        _note_winner(outcome, living)
        return state.winner is None
    if option(state.options, "dispute") == "lot":
        state.winner = rng.choice(["mafia", "town"])
        outcome.note(
            "end",
            "effect",
            said("classic.one_mafioso_one_honest_player", team=state.winner),
        )
        outcome.announce("dispute", said("classic.dispute_lot"))
        return False
    _open_deciding_vote(outcome)  # the deciding vote leaves the living and the options as they are
    return True


def _note_winner(outcome: Outcome, living: tuple[int, int]) -> None:
    state = outcome.state
    if state.winner in ("town", "mafia"):
        rule = "CLASSIC-041" if state.winner == "town" else "CLASSIC-042"
        if living == (1, 1):
            rule = "CLASSIC-043, dispute mafia_wins"
        outcome.note("end", "effect", said("classic.team_wins", team=state.winner, rule=rule))
    elif state.winner == "draw":
        outcome.note("end", "effect", said("classic.game_ends_draw"))


def _open_deciding_vote(outcome: Outcome) -> None:
    state = outcome.state
    if state.memory.get("deciding"):
        return
    survivors = state.alive_names()
    voter = state.memory.get("last_honest")
    state.memory["deciding"] = {"survivors": survivors, "voter": voter}
    first, second = survivors
    if voter:
        outcome.note("end", "info", said("classic.one_against_one_voter", player=first, player2=second, player3=voter))
        outcome.announce(
            "deciding_vote", said("classic.deciding_vote_voter", player=first, player2=second, player3=voter)
        )
    else:
        outcome.note("end", "info", said("classic.one_against_one", player=first, player2=second))
        outcome.announce("deciding_vote", said("classic.deciding_vote", player=first, player2=second))


def scores(state: GameState) -> dict[str, int]:
    """Points of a finished game for a series («Подсчет очков»), by player name.

    Mafia win: each surviving mafioso scores the starting number of honest
    players (CLASSIC-050). Town win: each honest player, alive or not, scores
    the number of survivors (CLASSIC-051, B-7). A draw or an unfinished game
    scores nothing.
    """
    points = {name: 0 for name in state.players}
    survivors = len(state.alive())
    for p in state.players.values():
        if state.winner == "mafia" and p.team == "mafia" and p.alive:
            points[p.name] = int(state.memory.get("honest_at_start", 0))
        elif state.winner == "town" and p.team == "town":
            points[p.name] = survivors
    return points
