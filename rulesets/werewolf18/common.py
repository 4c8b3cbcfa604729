"""Small predicates over the werewolf18 game memory (they never mutate).

Memory layout (JSON only, stored by the web app between phases):

- ``state.memory["sheriff"]``: the badge holder's name or None (警长);
- ``state.memory["skills_lost"]``: True once the elder's exit took the
  village's skills (WW18-028);
- ``state.memory["surrendered"]``: True once the wolves surrendered (WW18-017);
- ``state.memory["last_words"]``: last-words rights given so far (WW18-016);
- ``player.counters["admired"]``: the lover's admired player (WW18-036);
- ``player.counters["revealed"]``: True for an idiot who played dumb (WW18-034);
- ``player.counters["knifed"]``: effective knives an elder has taken (WW18-027);
- ``player.counters["cards:blue"|"cards:yellow"]``: cards held (WW18-069).
"""

from __future__ import annotations

from rulesets.core import GameState, PlayerState


def sheriff(state: GameState) -> str | None:
    """The current sheriff's name, or None (警长)."""
    return state.memory.get("sheriff")


def has_skills(state: GameState, player: PlayerState) -> bool:
    """False for a village player after the elder's skill loss (WW18-028).

    A defeated village keeps its skills (WW18-004); only the elder takes them.
    """
    return not (state.memory.get("skills_lost") and player.team == "village")


def revealed(player: PlayerState) -> bool:
    """True for an idiot who avoided a vote exit (WW18-034)."""
    return bool(player.counters.get("revealed"))


def may_hold_badge(player: PlayerState) -> bool:
    """A player in the game who is not a revealed idiot (WW18-034, WW18-048)."""
    return player.alive and not revealed(player)


def sacrificing_lover(
    state: GameState, target: str, hit: set[str], lovers: list[PlayerState] | None = None
) -> PlayerState | None:
    """The lover who leaves instead of ``target`` (献身, WW18-037/039), if any.

    He must be in the game, hold his skills, have admired ``target`` and not
    be ``hit`` tonight (an effective knife on him, or the poison).
    ``lovers``: the seats holding the role, in or out, when the caller has
    them (roles never change after the set-up step).
    """
    if lovers is None:
        lovers = [p for p in state.players.values() if p.role == "lover"]
    for player in lovers:
        if (
            player.alive
            and player.counters.get("admired") == target
            and has_skills(state, player)
            and player.name not in hit
        ):
            return player
    return None


def werewolf_in_game(state: GameState) -> bool:
    """``state.with_role("werewolf")`` is not empty, found without listing them (WW18-019)."""
    for p in state.players.values():
        if p.role == "werewolf" and p.alive:
            return True
    return False
