"""Read-only questions about a forum game state, shared by validation and resolution.

Per-game memory lives in ``GameState.memory`` (JSON values only):

- ``nights``: nights resolved so far (0 during the first night, FORUM-092).
- ``tw_duty``: Tin Woodman → list of choosers ``{"kind", "who"}`` he acts for
  in the coming night (FORUM-059); ``kind`` is ``cop``, ``sniper``, ``maniac``,
  ``zombie`` or ``team`` (``who`` is then the team id).
- ``bum_votes``: Bum → holder ``{"kind": "player"|"team", "who"}`` for the
  coming day (FORUM-119, FORUM-120).
- ``basement_used``: sides that used their ordinary basement (FORUM-126).
- ``walking``: ``{"holders": [...], "ever": [...], "done": bool}`` with holder
  keys ``team:X`` / ``player:N`` (FORUM-128..131).
- ``found_child``: criminal teams the Child has joined (FORUM-118).
- ``penalty_team``: teams that lose their next shot (FORUM-156).

Per-player counters: ``skips`` (FORUM-160), ``kamikaze_choice`` and
``kamikaze_pending`` (FORUM-088, FORUM-089), ``tw_chose`` (FORUM-056),
``penalty_skip`` (FORUM-154), and the generic ``<ability>:<target>`` limits.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import GameState

from .roles import CRIMINAL_TEAMS

_COP_ROLES = ("cop", "cop_assistant")


def is_acting_cop(state: GameState, name: str) -> bool:
    """The Cop, or an Assistant once no Cop lives (FORUM-040)."""
    role = state.players[name].role
    return role == "cop" or (role == "cop_assistant" and not state.with_role("cop"))


def cop_room(state: GameState) -> list[str]:
    """Living members of the Cop's room: the Cop and the Assistant(s) (FORUM-040, FORUM-045)."""
    return [p.name for p in state.alive() if p.role in ("cop", "cop_assistant")]


def tw_duty(state: GameState, name: str) -> list[dict[str, str]]:
    """The choosers the Tin Woodman ``name`` acts for this night (FORUM-059)."""
    return list(state.memory.get("tw_duty", {}).get(name, []))


def chooser_alive(state: GameState, spec: dict[str, str]) -> bool:
    """False when the TW's chooser is out, which annuls his shot (FORUM-074, FORUM-081).

    A Cop chooser lives on through an Assistant («Коп без Пома»).
    """
    if spec["kind"] == "team":
        return bool(state.team_members(spec["who"]))
    if spec["kind"] == "cop":
        return state.players[spec["who"]].alive or bool(cop_room(state))
    return state.players[spec["who"]].alive


def skipped_by_tw(state: GameState, who: str) -> bool:
    """True when ``who`` (a name or ``team:X``) shot the TW last night and the
    TW is still in the game to fire for him (FORUM-059: «выбравший пропускает
    свой ход ..., а за него стреляет сам Дровосек»; a TW voted out fires for nobody)."""
    for tw, specs in state.memory.get("tw_duty", {}).items():
        if tw in state.players and not state.players[tw].alive:
            continue
        for spec in specs:
            key = f"team:{spec['who']}" if spec["kind"] == "team" else spec["who"]
            if key == who:
                return True
    return False


def bum_holders(state: GameState) -> dict[str, dict[str, str]]:
    """Bum → holder of his vote for the coming day (FORUM-119)."""
    return dict(state.memory.get("bum_votes", {}))


def holds_bum_vote(state: GameState, who: str) -> bool:
    """True when ``who`` (a name or ``team:X``) holds a Bum's vote (FORUM-119, FORUM-120)."""
    for holder in bum_holders(state).values():
        key = f"team:{holder['who']}" if holder["kind"] == "team" else holder["who"]
        if key == who:
            return True
    return False


def bum_vote_key(state: GameState, name: str) -> str | None:
    """The holder key a player directs a Bum's vote under: his own name, or
    ``team:X`` for a member of team X that holds one (FORUM-119, FORUM-120;
    the roles table gives the Don and his members a day ``direct_vote``)."""
    if holds_bum_vote(state, name):
        return name
    team = state.players[name].team
    if team in CRIMINAL_TEAMS and holds_bum_vote(state, f"team:{team}"):
        return f"team:{team}"
    return None


def basement_side(state: GameState, who: str) -> str | None:
    """The ordinary-basement side of a hider: a team, or ``town`` for the Cop (FORUM-126)."""
    if who.startswith("team:"):
        return who[5:]
    return "town" if is_acting_cop(state, who) else None


def basement_keys(state: GameState, who: str) -> list[str]:
    """Basements ``who`` may still use: ``basement`` and/or ``walking`` (FORUM-126, FORUM-182)."""
    keys = []
    side = basement_side(state, who)
    if side and side in (state.option("basement", []) or []) and side not in state.memory.get("basement_used", []):
        keys.append("basement")
    holder = who if who.startswith("team:") else f"player:{who}"
    if holder in state.memory.get("walking", {}).get("holders", []):
        keys.append("walking")
    return keys


def hiders(state: GameState) -> set[str]:
    """The players (names) with a basement left, ``basement_keys`` not empty:
    a walking-basement holder, or the acting Cop while the town's ordinary
    basement is unused (FORUM-126, FORUM-182)."""
    names = {h[7:] for h in state.memory.get("walking", {}).get("holders", []) if h.startswith("player:")}
    if "town" in (state.option("basement", []) or []) and "town" not in state.memory.get("basement_used", []):
        names.update(p.name for p in state.players.values() if p.role in _COP_ROLES and is_acting_cop(state, p.name))
    return names


def bum_vote_directors(state: GameState) -> set[str]:
    """The players (names) whose ``bum_vote_key`` is not None: a holder of a
    Bum's vote, or a member of a criminal team holding one (FORUM-119, FORUM-120)."""
    keys = {f"team:{h['who']}" if h["kind"] == "team" else h["who"] for h in state.memory.get("bum_votes", {}).values()}
    if not keys:
        return set()
    return {
        p.name
        for p in state.players.values()
        if p.name in keys or (p.team in CRIMINAL_TEAMS and f"team:{p.team}" in keys)
    }


def ever_had_basement(state: GameState, who: str) -> bool:
    """True when ``who`` held a basement at some point (tells ``used`` from ``not_available``)."""
    side = basement_side(state, who)
    if side and side in (state.option("basement", []) or []):
        return True
    holder = who if who.startswith("team:") else f"player:{who}"
    return holder in state.memory.get("walking", {}).get("ever", [])


def own_side(state: GameState, who: str, target: str) -> bool:
    """May ``who`` hide ``target``: a team its member, the Cop his room, others themselves (FORUM-126, FORUM-129)."""
    if who.startswith("team:"):
        return state.players[target].team == who[5:]
    if is_acting_cop(state, who):
        return target in cop_room(state)
    return target == who


def first_night(state: GameState) -> bool:
    """True before any night was resolved (FORUM-092, FORUM-096)."""
    return int(state.memory.get("nights", 0)) == 0


def bonus_player(state: GameState) -> str | None:
    """The Bonus player of the current game day, if any (FORUM-125)."""
    bonus: Any = state.option("bonus", None)
    if isinstance(bonus, dict) and int(bonus.get("day", 0)) == state.day:
        return bonus.get("player")
    return None


def criminal_team(team: str) -> bool:
    """A member of mafia or maniacs («мафоманы»)."""
    return team in CRIMINAL_TEAMS
