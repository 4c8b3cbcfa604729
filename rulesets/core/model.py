"""The shared vocabulary of every rules engine.

Declarations (``Team``, ``Role``, ``Ability``, ``Option``, ``ScheduleEntry``)
are frozen data the web app reads to build forms, cabinets and rooms without
naming a role. Game data (``PlayerState``, ``GameState``) is plain and
JSON-friendly so that the web app can store it and a scenario can print it.
Resolution data (``Action``, ``PhaseInput``, ``Outcome`` and its parts) is
what flows in and out of ``Ruleset.resolve``.

Nothing here imports Django; nothing here holds module-level mutable state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal

from .said import Said, english

PhaseName = Literal["setup", "day", "night"]
TraceResult = Literal["effect", "blocked", "saved", "void", "rejected", "info"]


_ATOMS = frozenset({str, int, float, bool, type(None)})


def _deep(value: Any) -> Any:
    """A deep copy of a JSON-like value: dicts, lists and tuples are copied
    recursively, immutable scalars shared, anything else deep-copied."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {key: _deep(item) for key, item in value.items()}
    if kind is list:
        return [_deep(item) for item in value]
    if kind is tuple:
        return tuple(_deep(item) for item in value)
    return copy.deepcopy(value)


class RulesError(ValueError):
    """A malformed game description: unknown role, team, ability or player,
    a field the ruleset does not know, or a seating the rules forbid.

    Distinct from a rules *violation* by an action, which is never raised but
    recorded as a ``Rejection`` (see ``scenario-format.md``).
    """


@dataclass(frozen=True)
class Team:
    """A side of the game.

    ``id`` is the team id used in scenarios (``town``, ``mafia``, ``village``…);
    ``name`` maps a language code (``ru``, ``zh``, ``en``) to the display name.
    ``room`` is True when the team's members share a private team room.
    """

    id: str
    name: dict[str, str]
    room: bool = False


@dataclass(frozen=True)
class Ability:
    """Something a role (or a team collectively) may hand in to the host.

    - ``phase``: ``day``, ``night`` or ``setup``.
    - ``targets``: how many players it names (0, 1 or 2).
    - ``target_rule``: which players are legal, one of ``other_alive``,
      ``any_alive``, ``out`` (players out of the game), ``none``.
    - ``per_target_limit``: how many times in a game the same player may be
      chosen (``None``: unlimited). ``per_game_limit``: uses per game.
    - ``team``: True for a team's collective choice (the mafia's kill).
    - ``optional``: True if not acting is normal (no skip counted).
    - ``nobody``: True if the choice may name nobody (no target at all),
      offered as its own answer (cosmo's judge «Можно решить никого не
      сажать», COSMO-031).
    - ``final``: True for a public act of a day: the site posts it in the
      vote thread when it is handed in, it can be neither changed nor
      withdrawn, and it closes the day's vote, which is resolved at once
      (cosmo's judge «отменить дневное голосование», COSMO-030).
    - ``standing``: True for an order handed in ahead and acted on only if
      its condition arises, or offered only as the alternative of another
      choice: the site never tells the player he "has a choice to hand in"
      for it, nor reminds him of it (werewolf18's last shot «最后一枪»,
      WW18-031; the forum's deal with the Snitch, FORUM-117).
    - ``name``: language code → display name.
    """

    id: str
    phase: PhaseName
    name: dict[str, str]
    targets: int = 1
    target_rule: str = "other_alive"
    per_target_limit: int | None = None
    per_game_limit: int | None = None
    team: bool = False
    optional: bool = True
    nobody: bool = False
    final: bool = False
    standing: bool = False


@dataclass(frozen=True)
class Role:
    """A role as data: its names, default team and the abilities it holds.

    ``name`` maps ``ru``/``zh`` (the document's own words) and ``en``.
    ``teams`` lists every team the role may belong to, the default first.
    ``abilities`` are ability ids declared in the ruleset's ``ABILITIES``.
    ``night_role`` marks roles whose skipped night moves count (forum §3).
    ``card_team``: the revealed card names the player's team as well (a
    role held in several teams: the forum's «Маф / ман» is a «Маф» or a
    «Ман», FORUM-014).
    """

    id: str
    name: dict[str, str]
    teams: tuple[str, ...]
    abilities: tuple[str, ...] = ()
    summary: str = ""
    card_team: bool = False

    @property
    def team(self) -> str:
        """The default team id."""
        return self.teams[0]


@dataclass(frozen=True)
class Option:
    """A house rule a host may switch on; ``default`` applies when absent.

    ``kind`` says which JSON values the option takes (``options.check_value``
    checks them):

    - ``bool``: true or false;
    - ``int``: a whole number from ``min_value`` to ``max_value`` (either
      bound may be None), one of ``choices`` when they are given;
    - ``choice``: one of the strings in ``choices``;
    - ``time``: a local wall time ``"HH:MM"`` (00:00 to 23:59);
    - ``list``: a list of distinct items, each one of ``choices``;
    - ``dict``: an object with exactly the keys of ``fields``, each
      ``(key, field kind)`` with field kind ``nickname`` (a seated
      player's game nickname) or ``day`` (a game day number, 1 or more).

    ``secret`` marks options whose value only the host may see (the Bonus
    player and day). ``choice_names``: the name of each string in
    ``choices`` by language code, ``((value, {"ru": …, "zh": …, "en": …}), …)``,
    as the host reads it in the game's form. ``deadline``: the ``SCHEDULE``
    entry this option is the time of (classic's ``night_deadline`` is the
    ``night`` entry): the site's forms show that entry's one field only,
    and the option takes its value, so what the host sets is what runs.
    """

    id: str
    name: dict[str, str]
    kind: str = "bool"
    default: Any = False
    secret: bool = False
    help: str = ""
    choices: tuple[Any, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    fields: tuple[tuple[str, str], ...] = ()
    choice_names: tuple[tuple[Any, dict[str, str]], ...] = ()
    deadline: str = ""


@dataclass(frozen=True)
class ScheduleEntry:
    """One deadline of a game day, in the game's local time zone.

    ``id``: ``day_actions``, ``vote``, ``night``…; ``time``: local wall time
    ``"HH:MM"`` (e.g. FORUM-012's 14:00); ``closes``: the phase whose choices
    lock (``day`` or ``night``); ``resolves``: True when the ruleset resolves
    that phase at this deadline (False: the choices only lock).
    ``fast_minutes``: the offset in minutes of this deadline from the day's
    start on a fast (turbo) schedule. ``relative``: ``time`` is not a wall
    time but a duration ``"HH:MM"`` (hours may pass 24) after the phase
    opens, and ``fast_minutes`` counts from the phase's opening too (a
    classic day of so many hours per living player, CLASSIC-010; a further
    lynch vote, CLASSIC-066).
    """

    id: str
    time: str
    closes: PhaseName
    resolves: bool
    fast_minutes: int
    name: dict[str, str] = field(default_factory=dict)
    relative: bool = False


@dataclass(slots=True)
class PlayerState:
    """One seat at the table.

    ``name`` is the game nickname; ``role``/``team`` are the current ones
    (after conversions); ``alive`` is False once out for any reason;
    ``counters`` holds per-game memory (``{"heal:B": 2}``) as JSON values.
    """

    name: str
    role: str
    team: str
    alive: bool = True
    counters: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> PlayerState:
        """A deep copy (the counters are copied recursively; the other
        fields are immutable scalars and shared)."""
        return PlayerState(self.name, self.role, self.team, self.alive, _deep(self.counters))

    def bump(self, key: str, by: int = 1) -> int:
        """Increase the counter ``key`` and return its new value."""
        self.counters[key] = self.counters.get(key, 0) + by
        return self.counters[key]


@dataclass(slots=True)
class GameState:
    """Everything a ruleset needs to resolve the next phase.

    ``players`` keeps seat order. ``day`` counts game days from 1; ``phase``
    is the phase about to be resolved or just resolved. ``memory`` is
    ruleset-specific JSON state (a sheriff, a pending sentence).
    ``winner`` is None while the game goes on, else a team id or ``draw``.
    """

    ruleset: str
    variant: str | None
    options: dict[str, Any]
    players: dict[str, PlayerState]
    seed: int = 0
    day: int = 1
    phase: PhaseName = "day"
    steps_played: int = 0
    memory: dict[str, Any] = field(default_factory=dict)
    winner: str | None = None

    def copy(self) -> GameState:
        """A deep copy, so resolution never mutates its input.

        The JSON values of options, counters and memory are copied
        recursively, so two states never share a mutable value.
        """
        return GameState(
            self.ruleset,
            self.variant,
            _deep(self.options),
            {name: player.copy() for name, player in self.players.items()},
            seed=self.seed,
            day=self.day,
            phase=self.phase,
            steps_played=self.steps_played,
            memory=_deep(self.memory),
            winner=self.winner,
        )

    def alive(self) -> list[PlayerState]:
        """Players still in the game, in seat order."""
        return [p for p in self.players.values() if p.alive]

    def alive_names(self) -> list[str]:
        """Names of players still in the game, in seat order."""
        return [p.name for p in self.players.values() if p.alive]

    def team_members(self, team: str, alive_only: bool = True) -> list[PlayerState]:
        """Members of ``team`` (by current team), in seat order."""
        if alive_only:
            return [p for p in self.players.values() if p.team == team and p.alive]
        return [p for p in self.players.values() if p.team == team]

    def with_role(self, role: str, alive_only: bool = True) -> list[PlayerState]:
        """Players holding ``role`` now, in seat order."""
        if alive_only:
            return [p for p in self.players.values() if p.role == role and p.alive]
        return [p for p in self.players.values() if p.role == role]

    def option(self, key: str, default: Any = False) -> Any:
        """The value of a house rule, ``default`` when the game did not set it."""
        return self.options.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form, for storage by the web app."""
        return {
            "ruleset": self.ruleset,
            "variant": self.variant,
            "options": self.options,
            "players": [
                {"name": p.name, "role": p.role, "team": p.team, "alive": p.alive, "counters": p.counters}
                for p in self.players.values()
            ],
            "seed": self.seed,
            "day": self.day,
            "phase": self.phase,
            "steps_played": self.steps_played,
            "memory": self.memory,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Inverse of ``to_dict``."""
        players = {p["name"]: PlayerState(**p) for p in data["players"]}
        fields = {k: v for k, v in data.items() if k != "players"}
        return cls(players=players, **fields)


@dataclass(frozen=True, slots=True)
class Action:
    """A choice handed in: by a player (``actor``) or a team (``team``).

    ``target`` is a name, a list of names (two-target abilities) or None.
    """

    ability: str
    actor: str | None = None
    team: str | None = None
    target: str | list[str] | None = None

    @property
    def who(self) -> str:
        """The actor's name, or the team id for a team action."""
        return self.actor if self.actor is not None else f"team:{self.team}"

    def targets(self) -> list[str]:
        """The named targets as a list (empty when untargeted)."""
        if self.target is None:
            return []
        return list(self.target) if isinstance(self.target, (list, tuple)) else [self.target]

    def to_dict(self) -> dict[str, Any]:
        """The scenario-format form: ``{"actor"|"team", "ability", "target"}``."""
        out: dict[str, Any] = {"actor": self.actor} if self.actor is not None else {"team": self.team}
        out["ability"] = self.ability
        out["target"] = list(self.target) if isinstance(self.target, tuple) else self.target
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Build from the scenario-format dict; raises ``RulesError`` if malformed."""
        if not isinstance(data, dict) or "ability" not in data:
            raise RulesError(f"an action needs an ability: {data!r}")
        if ("actor" in data) == ("team" in data):
            raise RulesError(f"an action names exactly one of actor or team: {data!r}")
        unknown = set(data) - {"actor", "team", "ability", "target"}
        if unknown:
            raise RulesError(f"unknown action field(s) {sorted(unknown)}")
        target = data.get("target")
        if isinstance(target, list):
            target = tuple(target)
        return cls(ability=data["ability"], actor=data.get("actor"), team=data.get("team"), target=target)


@dataclass(init=False)
class PhaseInput:
    """What was handed in during one phase.

    ``votes``: voter → target name, or None for an explicit abstention; a
    player absent did not vote. ``extra`` carries the ruleset-specific step
    fields (Cosmo's ``coin``, werewolf18's ``vote_log`` and ``cards``,
    Piter's ``ghost_pick``), already checked against ``Ruleset.step_fields``.
    """

    phase: PhaseName
    actions: list[Action] = field(default_factory=list)
    votes: dict[str, str | None] | None = None
    nominations: list[str] | None = None
    revote: dict[str, str | None] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        phase: PhaseName,
        actions: list[Action] | None = None,
        votes: dict[str, str | None] | None = None,
        nominations: list[str] | None = None,
        revote: dict[str, str | None] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        # Written out: the generated one calls a default factory per field
        # left out, and every phase builds one or two.
        self.phase = phase
        self.actions = [] if actions is None else actions
        self.votes = votes
        self.nominations = nominations
        self.revote = revote
        self.extra = {} if extra is None else extra


@dataclass(frozen=True, slots=True)
class Feedback:
    """A private result for one player: ``result`` is a team id, a role id,
    ``same``/``different``, ``attacked``, or a list of role ids."""

    to: str
    about: str | None
    result: Any

    def to_dict(self) -> dict[str, Any]:
        """Scenario-format form."""
        return {"to": self.to, "about": self.about, "result": self.result}


@dataclass(frozen=True, slots=True)
class Rejection:
    """An action refused by the rules. ``reason`` is a short code
    (``actor_not_alive``, ``limit``…); ``message`` a sentence a player reads."""

    action: Action
    reason: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        """Scenario-format form."""
        return {**self.action.to_dict(), "reason": self.reason}


@dataclass(frozen=True, slots=True)
class TraceEntry:
    """How one action (or one rule) was handled, for the host.

    ``step``: the ORDER step id that handled it; ``result``: ``effect``,
    ``blocked``, ``saved``, ``void``, ``rejected`` or ``info``; ``by``: who
    blocked or saved, when relevant; ``said``: what the line says, a
    ``Said`` code naming the rule id (a plain string only for a line no
    messages module declares); ``text``: that line in English.
    """

    step: str
    result: TraceResult
    said: Said | str
    action: Action | None = None
    by: str | None = None

    @property
    def text(self) -> str:
        """The line in English."""
        return english(self.said)

    def to_dict(self) -> dict[str, Any]:
        """JSON form for the event log (the line in English)."""
        return {
            "step": self.step,
            "result": self.result,
            "text": self.text,
            "action": self.action.to_dict() if self.action else None,
            "by": self.by,
        }


@dataclass(frozen=True, slots=True)
class Announcement:
    """A line of the public results post, rendered by the web app.

    ``kind``: ``killed``, ``eliminated``, ``no_elimination``, ``survived``,
    ``converted``, ``winner``, ``info``…; ``player`` and ``role``: whom it is
    about and the role revealed (None when the rules hide it); ``said``: the
    line as a ``Said`` code (a plain string only for a line no messages
    module declares); ``text``: that line in English.
    """

    kind: str
    said: Said | str
    player: str | None = None
    role: str | None = None

    @property
    def text(self) -> str:
        """The line in English."""
        return english(self.said)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the line in English)."""
        return {"kind": self.kind, "text": self.text, "player": self.player, "role": self.role}


@dataclass(slots=True, init=False)
class Outcome:
    """The result of resolving one phase.

    ``state`` is the new state (the input state is left untouched); ``out``
    lists the players who left in this phase, in the order they left.
    ``extra_state`` holds additional STATE keys a ruleset page defines
    (werewolf18's ``sheriff``).
    """

    state: GameState
    out: list[str] = field(default_factory=list)
    feedback: list[Feedback] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    announcements: list[Announcement] = field(default_factory=list)
    trace: list[TraceEntry] = field(default_factory=list)
    extra_state: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        state: GameState,
        out: list[str] | None = None,
        feedback: list[Feedback] | None = None,
        rejected: list[Rejection] | None = None,
        announcements: list[Announcement] | None = None,
        trace: list[TraceEntry] | None = None,
        extra_state: dict[str, Any] | None = None,
    ) -> None:
        # Written out: the generated one calls a default factory per field
        # left out, and every phase builds one.
        self.state = state
        self.out = [] if out is None else out
        self.feedback = [] if feedback is None else feedback
        self.rejected = [] if rejected is None else rejected
        self.announcements = [] if announcements is None else announcements
        self.trace = [] if trace is None else trace
        self.extra_state = {} if extra_state is None else extra_state

    @property
    def winner(self) -> str | None:
        """The winner after this phase (None while the game goes on)."""
        return self.state.winner

    def reject(self, action: Action, reason: str, message: str, step: str = "validate") -> None:
        """Record a refused action, in the rejections and in the trace (the
        trace line says ``message``, the sentence the player reads, as the
        code ``core.refusal``)."""
        self.rejected.append(Rejection(action, reason, message))
        self.trace.append(TraceEntry(step, "rejected", Said("core.refusal", {"message": message}), action, None))

    def note(
        self,
        step: str,
        result: TraceResult,
        said: Said | str,
        action: Action | None = None,
        by: Said | str | None = None,
    ) -> None:
        """Add a trace line (``said``: a ``Said`` code, see ``rulesets.core.said``;
        ``by``: who blocked or saved, a clause such as forum's guard given as a
        ``Said`` is kept in English)."""
        clause = by if by is None or type(by) is str else english(by)
        self.trace.append(TraceEntry(step, result, said, action, clause))

    def tell(self, to: str, about: str | None, result: Any) -> None:
        """Hand a private result to a player."""
        self.feedback.append(Feedback(to, about, result))

    def announce(self, kind: str, said: Said | str, player: str | None = None, role: str | None = None) -> None:
        """Add a line to the public results post (``said``: a ``Said`` code)."""
        self.announcements.append(Announcement(kind, said, player, role))

    def remove(self, name: str) -> None:
        """Take a player out of the game (idempotent)."""
        player = self.state.players[name]
        if player.alive:
            player.alive = False
            self.out.append(name)

    def to_state_dict(self) -> dict[str, Any]:
        """The scenario-format STATE (see ``scenario-format.md``)."""
        return {
            "players": {
                p.name: {"role": p.role, "team": p.team, "alive": p.alive} for p in self.state.players.values()
            },
            "out_this_step": list(self.out),
            "feedback": [f.to_dict() for f in self.feedback],
            "rejected": [r.to_dict() for r in self.rejected],
            "winner": self.state.winner,
            **self.extra_state,
        }
