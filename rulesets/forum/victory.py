"""The end of a forum game («Итог игры», FORUM-168..177).

Counts are of living players by current team; the first matching line decides.
"""

from __future__ import annotations

from rulesets.core import GameState, PlayerState

from . import query
from .roles import GUN_ROLES


def winner(state: GameState) -> str | None:
    """A team id, ``draw``, or None while the game goes on.

    Zombies block every other side and win alone (ambiguity 23); the Kamikaze
    wins 1/1 and 1/1/1 in both variants (FORUM-177, ambiguity 24).
    """
    counts: dict[str, int] = {}  # living players by team, in one pass
    for p in state.players.values():
        if p.alive:
            team = p.team
            counts[team] = counts.get(team, 0) + 1
    if not counts:
        return "draw"
    zombies = counts.get("zombie", 0)
    if zombies:
        return "zombie" if zombies == sum(counts.values()) else None
    if counts.get("kamikaze") and _kamikaze_wins_by_counts(counts):
        return "kamikaze"
    if state.variant == "two_sided":
        return _two_sided(counts)
    return _three_sided(state, counts)


def _kamikaze_wins(alive: list[PlayerState]) -> bool:
    """FORUM-177: «При раскладе 1/1 или 1/1/1, где одна сторона нейтральный Кам, - победа Кама»."""
    if not any(p.team == "kamikaze" for p in alive):
        return False
    others = [p.team for p in alive if p.team != "kamikaze"]
    return len(others) == 1 or (len(others) == 2 and others[0] != others[1])


def _kamikaze_wins_by_counts(counts: dict[str, int]) -> bool:
    """``_kamikaze_wins`` of the living, from their counts by team (at least
    one Kamikaze): one other player, or two of different sides."""
    others = [n for team, n in counts.items() if team != "kamikaze"]
    return sum(others) == 1 or (sum(others) == 2 and len(others) == 2)


def _two_sided(counts: dict[str, int]) -> str | None:
    """FORUM-168..170 (the Maniac counts as a citizen against the mafia; ambiguity 25, 26)."""
    t, m, k = counts.get("town", 0), counts.get("mafia", 0), counts.get("maniac", 0)
    if m == 0 and k == 0:
        return "town" if t else "draw"  # FORUM-168
    if k and m == 1 and t == 1:
        return "maniac"  # FORUM-170
    if k and m == 0 and t == 0:
        return "maniac"  # FORUM-042: everyone else removed
    if m and m >= t + k:
        return "mafia"  # FORUM-169
    return None


def _three_sided(state: GameState, counts: dict[str, int]) -> str | None:
    """FORUM-171..176."""
    t, a, b = counts.get("town", 0), counts.get("mafia", 0), counts.get("maniacs", 0)
    if a == 0 and b == 0:
        return "town" if t else "draw"  # FORUM-171
    if t == 0 and b == 0:
        return "mafia"  # FORUM-172
    if t == 0 and a == 0:
        return "maniacs"  # FORUM-173
    if t == a == b == 1:
        return "draw" if _holds_gun(state) else None  # FORUM-174, FORUM-175
    sides = [n for n in (t, a, b) if n]
    if sides == [1, 1]:
        return "draw"  # FORUM-176
    return None


def _holds_gun(state: GameState) -> bool:
    """The last citizen is the Cop, the acting Assistant or the Sniper (ambiguity 28)."""
    for player in state.team_members("town"):
        if player.role in GUN_ROLES and (player.role != "cop_assistant" or query.is_acting_cop(state, player.name)):
            return True
    return False
