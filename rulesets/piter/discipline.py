"""Table rules the web app applies between resolutions.

The host's warnings («ЗАМЕЧАНИЯ ВЕДУЩЕГО», PITER-110, PITER-111), the
putana's silence (PITER-021) and the extra minute (PITER-122). Each function
leaves its input state untouched; the ones that change something return an
``Outcome`` whose ``state`` the app stores.
"""

from __future__ import annotations

from rulesets.core import GameState, Outcome, RulesError
from rulesets.core.said import said

from .departures import convert, leave
from .roles import OFFENCES, WARNINGS_TO_REMOVE


def give_warning(state: GameState, name: str, offence: str) -> Outcome:
    """Record a host's warning to ``name`` for ``offence`` (an ``OFFENCES``
    id, PITER-110). The third one removes the player: the card is revealed
    and the werewolf and komsomolets conversions apply (PITER-111). The end
    checks wait for the next morning or evening (PITER-080).

    Raises ``RulesError`` for an unknown player or offence, or a player
    already out of the game.
    """
    if offence not in OFFENCES:
        raise RulesError(f"unknown offence {offence!r} (PITER-110)")
    if name not in state.players or not state.players[name].alive:
        raise RulesError(f"{name!r} is not in the game")
    outcome = Outcome(state.copy())
    count = outcome.state.players[name].bump("warnings")
    outcome.note(
        "warnings", "info", said("piter.gets_warning", player=name, n=count, m=WARNINGS_TO_REMOVE, offence=offence)
    )
    outcome.announce("warning", said("piter.gets_warning_of", player=name, n=count, m=WARNINGS_TO_REMOVE), name)
    if count >= WARNINGS_TO_REMOVE:
        outcome.note("warnings", "effect", said("piter.has_warnings_removed_from_game", player=name, n=count))
        leave(outcome, name, "removed", said("piter.removed_after_warnings", player=name, n=count))
        convert(outcome, [name])
    return outcome


def may_speak(state: GameState, name: str) -> bool:
    """True when ``name`` may post, nominate or give a monologue today: in
    the game and not discredited by the putana last night (PITER-021, A-4).
    A silenced player still votes; refuse a post with ``message("silenced")``."""
    player = state.players.get(name)
    return player is not None and player.alive and name not in state.memory.get("silenced", [])


def extra_minute_reason(state: GameState, name: str) -> str | None:
    """Why ``name`` may not take an extra defence post now, or None
    (PITER-122: with ``extra_minutes``, once per game)."""
    if not state.option("extra_minutes"):
        return "no_extra_minutes"
    if name not in state.players or not state.players[name].alive:
        return "actor_not_alive"
    if state.players[name].counters.get("extra_minute"):
        return "extra_minute_used"
    return None


def take_extra_minute(state: GameState, name: str) -> Outcome:
    """Spend ``name``'s one extra minute of the game (PITER-122).

    Raises ``RulesError`` when ``extra_minute_reason`` refuses it.
    """
    reason = extra_minute_reason(state, name)
    if reason is not None:
        raise RulesError(f"{name} may not take an extra minute: {reason}")
    outcome = Outcome(state.copy())
    outcome.state.players[name].counters["extra_minute"] = True
    outcome.note("extra_minute", "info", said("piter.takes_their_extra_minute_game", player=name))
    return outcome
