"""The host's penalties (§3 «Правила поведения игроков», FORUM-153..159).

``apply_penalty(ruleset, state, kind, target)`` returns an ``Outcome`` whose
``state`` is the new state; the input state is untouched. Kinds:

- ``skip_move``: the player loses his role's next move (FORUM-154, FORUM-155,
  FORUM-156 «лишение мирных хода одного из ролевых»); target: a nickname.
- ``skip_team_shot``: a criminal team loses its next night shot (FORUM-156
  «лишение их выстрела в ближайшую ночь»); target: a team id.
- ``demote``: a role player becomes a plain citizen, a Don a plain member
  (FORUM-153 «разжалование ролевого до простого МЖ»); target: a nickname.
- ``disqualify``: the player leaves the game at once (FORUM-153, FORUM-156);
  the victory check runs; target: a nickname.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesets.core import GameState, Outcome, RulesError, Ruleset
from rulesets.core.said import said

from .effects import convert, cop_lover_learns
from .roles import CRIMINAL_TEAMS, DUTIES, ROLES, TEAMS

# Kind → its name by language (the host's penalty form lists them).
PENALTIES: dict[str, dict[str, str]] = {
    "skip_move": {
        "ru": "Лишение хода ролевого",
        "en": "Take away the role's next move",
        "zh": "取消该身份的下一次行动",
    },
    "skip_team_shot": {
        "ru": "Лишение выстрела в ближайшую ночь",
        "en": "Take away the team's next shot",
        "zh": "取消该阵营下一夜的射击",
    },
    "demote": {"ru": "Разжалование до простого МЖ", "en": "Demote to a plain citizen", "zh": "降为普通平民"},
    "disqualify": {"ru": "Дисквалификация (модкилл)", "en": "Disqualify (modkill)", "zh": "取消资格（判罚出局）"},
}
_SOLO = ("maniac", "kamikaze", "werewolf", "vampire", "zombie")


def apply_penalty(ruleset: Ruleset, state: GameState, kind: str, target: str) -> Outcome:
    """Apply one penalty; raises ``RulesError`` for an unknown kind or target."""
    handlers: dict[str, Callable[[Outcome, str], None]] = {
        "skip_move": _skip_move,
        "skip_team_shot": _skip_team_shot,
        "demote": _demote,
        "disqualify": _disqualify,
    }
    if kind not in handlers:
        raise RulesError(f"unknown penalty {kind!r}; known: {', '.join(PENALTIES)}")
    outcome = Outcome(state.copy())
    handlers[kind](outcome, target)
    if kind == "disqualify" and outcome.state.winner is None:
        outcome.state.winner = ruleset.check_winner(outcome.state)
        if outcome.state.winner is not None:
            outcome.announce("winner", said("core.game_over_wins", team=outcome.state.winner))
    return outcome


def _player(state: GameState, name: str) -> None:
    if name not in state.players:
        raise RulesError(f"unknown player {name!r}")
    if not state.players[name].alive:
        raise RulesError(f"{name} is already out of the game")


def _skip_move(outcome: Outcome, name: str) -> None:
    state = outcome.state
    _player(state, name)
    player = state.players[name]
    phase = _move_phase(player.role)
    if phase is None:
        raise RulesError(f"{name}'s role {player.role!r} has no move of its own to take away")
    player.counters["penalty_skip"] = phase
    outcome.note("penalty", "effect", said(f"forum.next_{phase}_move", player=name))


def _move_phase(role: str) -> str | None:
    if role in DUTIES:
        return DUTIES[role][0]
    own = [a for a in ROLES[role].abilities if a not in ("direct_vote", "kill", "deal", "hide")]
    return "night" if own else None


def _skip_team_shot(outcome: Outcome, team: str) -> None:
    state = outcome.state
    if team not in TEAMS or team not in CRIMINAL_TEAMS:
        raise RulesError(f"{team!r} is not a criminal team with a shot (FORUM-156)")
    if not state.team_members(team):
        raise RulesError(f"team {team!r} has nobody left")
    lost = state.memory.setdefault("penalty_team", [])
    if team not in lost:
        lost.append(team)
    outcome.note("penalty", "effect", said("forum.host_takes_away_next_night", team=team))


def _demote(outcome: Outcome, name: str) -> None:
    state = outcome.state
    _player(state, name)
    player = state.players[name]
    if player.role in ("citizen", "mafioso") or player.role in _SOLO:
        raise RulesError(f"{name}'s role {player.role!r} cannot be demoted to a plain player")
    plain = "mafioso" if player.role == "don" else "citizen"
    convert(state, name, plain, player.team)
    outcome.note("penalty", "effect", said("forum.host_demotes_plain", player=name, role=plain))
    outcome.announce("demoted", said("forum.demoted_by_host", player=name), name)


def _disqualify(outcome: Outcome, name: str) -> None:
    state = outcome.state
    _player(state, name)
    outcome.remove(name)
    outcome.note("penalty", "effect", said("forum.host_disqualifies_leaves_game", player=name))
    outcome.announce("disqualified", said("core.removed_by_host", player=name), name, state.players[name].role)
    cop_lover_learns(outcome, [name])
