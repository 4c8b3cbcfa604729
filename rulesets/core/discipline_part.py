"""The discipline part of ``Ruleset``: the host's penalties (a modkill
everywhere, cards where the document has them) and automatic removals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .day import Ballot
from .declarations import Declarations
from .model import GameState, Outcome, RulesError
from .said import said


class DisciplinePart(Declarations):
    """Penalties and autokills, with documented defaults. ``apply_penalty``
    runs ``check_winner`` (``SetupPart``) after a removal.
    """

    # Penalties the host may give: kind → name by language code;
    # ``apply_penalty`` applies them. Every document lets the host remove a
    # player (a modkill); a ruleset adds the penalties its document names.
    PENALTIES: ClassVar[dict[str, dict[str, str]]] = {
        "disqualify": {"ru": "Дисквалификация (модкилл)", "zh": "取消资格", "en": "Disqualify (modkill)"},
    }
    # Kinds of ``PENALTIES`` that take effect when the phase resolves, not
    # at once (werewolf18's cards, counted and upgraded by the engine,
    # WW18-069): the web app hands them over with ``penalty_fields``.
    DEFERRED_PENALTIES: ClassVar[frozenset[str]] = frozenset()
    # True where the document removes players automatically (no vote, a
    # vote for oneself, skipped moves) and the host may waive or must
    # confirm each removal: the web app then hands the engine the excused
    # nicknames as ``step.extra["excused"]`` and shows ``day_warnings``.
    AUTOKILLS: ClassVar[bool] = False

    def role_notes(self, state: GameState, name: str) -> list[str]:
        """``MESSAGES`` keys of the rules a player must know about his role
        now, which his cabinet shows under the role card (and repeats when
        his role changes): piter's compulsory night turn (PITER-031) and its
        non-shooting clan members (PITER-044). [] by default."""
        return []

    def private_notices(self, outcome: Outcome) -> list[tuple[str, str]]:
        """(nickname, ``MESSAGES`` key) pairs: what a resolution owes one
        player privately beyond his feedback, posted in his cabinet (piter:
        why a player left for refusing his night turn, PITER-031). [] by
        default."""
        return []

    def penalty_fields(self, given: Sequence[tuple[str, str]], phase: str) -> dict[str, Any]:
        """The step fields carrying the deferred penalties (``DEFERRED_PENALTIES``)
        the host gave during a ``phase``: ``given`` is (kind, nickname) pairs
        in the order given. {} where the phase takes none (the web app then
        refuses them)."""
        return {}

    # The day's resolution reads how many posts each living player wrote in
    # the day's public threads (``post_fields``): werewolf18's automatic
    # yellow card for too few posts (潜水). False where the posts only show
    # on the host's dashboard against ``POST_MINIMUM``.
    POSTS_COUNTED: ClassVar[bool] = False

    def post_fields(self, posts: Mapping[str, int], phase: str) -> dict[str, Any]:
        """The step fields carrying ``posts`` (nickname → posts the player
        wrote in the public threads of the game day being resolved) where
        the ruleset's day reads them (``POSTS_COUNTED``); {} by default."""
        return {}

    def day_warnings(self, state: GameState, ballots: Sequence[Ballot]) -> list[tuple[str, str]]:
        """What the rules will do at the vote's deadline if nothing changes,
        for the host: (nickname, reason code) pairs, the code read with
        ``message``. None by default; a ruleset with ``AUTOKILLS`` lists them."""
        return []

    def apply_penalty(self, state: GameState, kind: str, target: str) -> Outcome:
        """Apply the host's penalty ``kind`` (one of ``PENALTIES``) to
        ``target`` (a nickname, or a team id where the kind takes a team);
        returns an ``Outcome`` whose ``state`` is the new state (``state``
        untouched). The default knows ``disqualify``: the player leaves at
        once, his role announced, and the victory check runs. Raises
        ``RulesError`` for an unknown kind, or a target not in the game."""
        if kind != "disqualify" or kind not in self.PENALTIES:
            raise RulesError(f"ruleset {self.id} has no penalty {kind!r}")
        if target not in state.players or not state.players[target].alive:
            raise RulesError(f"{target!r} is not a player in the game")
        outcome = Outcome(state.copy())
        outcome.remove(target)
        outcome.note("penalty", "effect", said("core.host_disqualifies_leaves_game", player=target))
        role = outcome.state.players[target].role
        outcome.announce("disqualified", said("core.removed_by_host", player=target), target, role)
        outcome.state.winner = self.check_winner(outcome.state)
        return outcome
