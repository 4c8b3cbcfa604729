"""The schedule part of ``Ruleset``: phases, their order, deadlines and
openings, last words and acceleration.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import ClassVar

from .declarations import Declarations
from .model import Feedback, GameState, Outcome, PhaseInput, RulesError, ScheduleEntry
from .said import gettext_noop

# The windows of the deadline kinds several rulesets share.
_COMMON_WINDOWS: dict[str, str] = {
    "vote": gettext_noop("the vote"),
    "revote": gettext_noop("the re-vote"),
    "night": gettext_noop("the night"),
}


class SchedulePart(Declarations):
    """The schedule: which phases exist and follow each other, and which
    deadlines close them. Every hook has a documented default.
    """

    SCHEDULE: ClassVar[tuple[ScheduleEntry, ...]] = ()
    PHASES: ClassVar[frozenset[str]] = frozenset({"day", "night"})
    FIRST_PHASE: ClassVar[str] = "day"
    # The schedule entry id of an opening phase that is not a step (cosmo's
    # acquaintance night, COSMO-005): the web app opens it before
    # ``FIRST_PHASE`` and its deadline opens the first step; "" for none.
    OPENING: ClassVar[str] = ""
    # The ``SCHEDULE`` entry whose deadline closes the last words of the
    # players who left before it (werewolf18's «遗言», an hour before the
    # next thread opens, WW18-016): each player ``last_words_given`` names
    # sends his text from his cabinet until then, and the site posts the
    # texts in the day thread at that deadline. "" where the document has
    # no such right (the day thread's one last post is
    # ``DayProcedure.last_post``).
    LAST_WORDS_DUE: ClassVar[str] = ""
    # The option the living players turn on by asking for it in the game's
    # progress area (werewolf18's acceleration, «进程加速», WW18-068), once
    # ``acceleration_agreed``; "" where the players cannot. ``ACCELERATION_RULE``
    # is the rule id the site cites.
    ACCELERATION: ClassVar[str] = ""
    ACCELERATION_RULE: ClassVar[str] = ""
    # True where ``SCHEDULE`` times are "HH:MM" offsets from the phase's
    # start (hours may pass 24, cosmo §2), not local wall times.
    SCHEDULE_RELATIVE: ClassVar[bool] = False
    # Deadline kind (a ``SCHEDULE`` entry id) → the window of the day that
    # deadline closes as a player reads it on the phase bar ("nominations",
    # "the re-vote"…), in English and marked with ``gettext_noop`` so the
    # site translates it. The kinds ``vote``, ``revote`` and ``night`` (and
    # a further lynch vote ``vote_N``) need no entry; a kind named nowhere
    # falls back to its phase's name.
    WINDOWS: ClassVar[Mapping[str, str]] = {}

    def next_phase(self, state: GameState) -> str:
        """The phase that follows the last resolved one."""
        if state.steps_played == 0:
            return self.FIRST_PHASE
        return "night" if state.phase == "day" else "day"

    def window_closed_by(self, kind: str) -> str:
        """The English name (a gettext msgid) of the window the deadline
        ``kind`` closes: ``WINDOWS[kind]``, else the common kinds' names
        ("the vote" for ``vote`` and ``vote_N``, "the re-vote", "the
        night"); "" for a kind named nowhere."""
        found = self.WINDOWS.get(kind) or _COMMON_WINDOWS.get(kind, "")
        if not found and kind.startswith("vote_"):
            found = _COMMON_WINDOWS["vote"]
        return found

    def schedule_entry(self, entry_id: str) -> ScheduleEntry:
        """The ``SCHEDULE`` entry ``entry_id``; ``RulesError`` if unknown."""
        for entry in self.SCHEDULE:
            if entry.id == entry_id:
                return entry
        raise RulesError(f"no schedule entry {entry_id!r} in ruleset {self.id}")

    def phase_schedule(self, state: GameState, phase: str, vote_round: int = 1) -> tuple[ScheduleEntry, ...]:
        """The deadlines of the ``phase`` (``setup``, ``day`` or ``night``)
        about to open on ``state``, in order: by default the ``SCHEDULE``
        entries that close it (the opening entry aside). ``vote_round`` > 1:
        a further lynch vote of the same day, which a ruleset whose
        ``next_phase`` repeats the day declares (classic CLASSIC-066). A
        ruleset whose deadlines depend on the game overrides, usually with
        ``relative`` entries (classic: hours per living player, CLASSIC-010;
        the deciding vote, CLASSIC-044). Raises ``RulesError`` for a round
        the ruleset does not hold."""
        if vote_round != 1:
            raise RulesError(f"ruleset {self.id} holds one vote a day, not round {vote_round}")
        return tuple(e for e in self.SCHEDULE if e.closes == phase and e.id != self.OPENING)

    def phase_opens(self, phase: str) -> str:
        """The local wall time ``"HH:MM"`` at which a ``phase`` that follows
        a resolution opens, when the document has it wait (werewolf18's
        discussion thread opens on the morning of A with the morning report,
        WW18-072); "" (the default) opens it at once. Asked on wall-clock
        schedules only: fast games and ``SCHEDULE_RELATIVE`` open at once."""
        return ""

    def phase_close_date(self, phase: str, number: int, opened: datetime) -> date | None:
        """The local date of the first wall-clock deadline of ``phase``
        number ``number`` opened at ``opened`` (aware, in the game's time
        zone); the phase's later deadlines follow it. None (the default)
        keeps the first occurrence of that deadline's time after the
        opening. A ruleset whose phases span several dates overrides: a
        werewolf18 day thread opens on the morning of A and closes on the
        evening of A+1, or A+2 at weekends, never on day 1 (WW18-072).
        Only wall-clock schedules ask it: fast games and
        ``SCHEDULE_RELATIVE`` keep their offsets."""
        return None

    def choice_closes(self, ability: str, phase: str) -> str:
        """The id of the ``SCHEDULE`` entry whose deadline closes choices of
        ``ability`` in ``phase``: the phase's first deadline by default (the
        forum's day roles by 14:00, FORUM-012). A ruleset whose roles have
        deadlines of their own overrides (werewolf18's witch answers half an
        hour after the others, WW18-071). "" when the phase has none."""
        for entry in self.SCHEDULE:
            if entry.closes == phase and entry.id != self.OPENING:
                return entry.id
        return ""

    def choice_opens(self, ability: str, phase: str) -> str:
        """The id of the ``SCHEDULE`` entry after whose deadline choices of
        ``ability`` in ``phase`` open; "" (the default) when they open with
        the phase. A ruleset whose document orders a choice after a moment
        of the phase overrides (werewolf18's witch answers once told the
        knife, the exit orders come once the vote has closed, WW18-071)."""
        return ""

    def interim_feedback(self, state: GameState, step: PhaseInput, closed: str) -> list[Feedback]:
        """Private results due when the deadline ``closed`` fires before its
        phase resolves, from the choices ``step`` handed in so far: a role
        acting later learns an earlier result (werewolf18's witch is told
        whom the wolves knifed before she answers, WW18-023). None by
        default."""
        return []

    def coming_day(self, state: GameState) -> int:
        """The number of the game day a day step resolved now would be:
        ``state.day``, plus one after a night (``resolve`` opens the next
        game day then). The web app's day counts use it before resolving."""
        return state.day + 1 if state.steps_played > 0 and state.phase == "night" else state.day

    def last_words_given(self, outcome: Outcome) -> list[str]:
        """The players ``outcome`` gives a right to leave last words, sent
        until the ``LAST_WORDS_DUE`` deadline that follows (WW18-016).
        None by default."""
        return []

    def acceleration_agreed(self, asked: int, alive: int) -> bool:
        """True when ``asked`` of the ``alive`` living players asking for
        the ``ACCELERATION`` is enough: more than half of them (WW18-068)."""
        return asked * 2 > alive
