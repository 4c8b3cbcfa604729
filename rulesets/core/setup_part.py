"""The setup and victory part of ``Ruleset``: compositions, the role draw,
seating a new game, house rules, and the victory check.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from .declarations import Declarations
from .model import GameState, PlayerState, RulesError
from .options import OptionProblem, check_options


class SetupPart(Declarations, ABC):
    """Setup and victory: ``composition`` and ``check_winner`` are required;
    seating (``new_game``), the blind draw and the option checks are
    generic. ``new_game`` reads ``FIRST_PHASE`` (``SchedulePart``).
    """

    def default_variant(self, n_players: int) -> str | None:
        """The variant suggested for ``n_players`` (None if no variants)."""
        return self.VARIANTS[0] if self.VARIANTS else None

    @abstractmethod
    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """A proposed composition: role id → count, summing to ``n_players``.

        Raises ``RulesError`` when the document covers no such player count.
        """
        raise NotImplementedError

    def role_team(self, role: str, team: str | None, variant: str | None) -> str:
        """The team of a seated ``role``; ``team`` is the file's choice for
        roles that can belong to several teams. Raises ``RulesError``."""
        if role not in self.ROLES:
            raise RulesError(f"unknown role {role!r} in ruleset {self.id}")
        spec = self.ROLES[role]
        if team is None:
            return spec.team
        if team not in spec.teams:
            raise RulesError(f"role {role!r} cannot belong to team {team!r}")
        return team

    def new_game(
        self,
        seats: Iterable[tuple[str, str, str | None]],
        variant: str | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
    ) -> GameState:
        """Seat the players: ``seats`` yields (nickname, role id, team id or None).

        Raises ``RulesError`` for an unknown variant, role or team, a
        duplicate name, or options that ``validate_options`` refuses.
        """
        if self.VARIANTS and variant is None:
            variant = self.VARIANTS[0]
        if variant is not None and variant not in self.VARIANTS:
            raise RulesError(f"unknown variant {variant!r} for ruleset {self.id}")
        options = dict(options or {})
        players: dict[str, PlayerState] = {}
        for name, role, team in seats:
            if not isinstance(name, str) or not name:
                raise RulesError("every player needs a name")
            if name in players:
                raise RulesError(f"player {name!r} is seated twice")
            players[name] = PlayerState(name, role, self.role_team(role, team, variant))
        problems = self.validate_options(options, list(players))
        if problems:
            raise RulesError(" ".join(p.message for p in problems))
        state = GameState(self.id, variant, options, players, seed=seed, phase=self.FIRST_PHASE)  # type: ignore[arg-type]
        self.prepare(state)
        return state

    def validate_options(self, options: Mapping[str, Any], seated_names: Collection[str]) -> list[OptionProblem]:
        """Every problem of a game's house rules, [] when they are valid.

        ``options`` maps option ids to JSON values; each must be one of
        ``OPTIONS`` and have its declared kind, range or choices (see
        ``Option``); a None value means the default. ``seated_names`` are the
        seated players' game nicknames, which options naming a player (the
        Bonus, FORUM-125) must use. Each problem carries a sentence naming
        the option for the host. Pure and without side effects; override
        (calling this) to add the document's own constraints between options.
        """
        return check_options(self.OPTIONS, options, seated_names)

    def prepare(self, state: GameState) -> None:
        """Hook: check the seating and fill ``state.memory`` before play.

        Raises ``RulesError`` when the rules forbid the seating.
        """

    def draw_roles(self, names: list[str], composition: dict[str, int], seed: int) -> list[tuple[str, str]]:
        """A blind random draw: (nickname, role id) pairs in ``names`` order.

        Deterministic for a given ``seed``. Raises ``RulesError`` when the
        composition does not sum to the number of players or names a role
        this ruleset lacks.
        """
        deck: list[str] = []
        for role, count in composition.items():
            if role not in self.ROLES:
                raise RulesError(f"unknown role {role!r} in ruleset {self.id}")
            deck.extend([role] * int(count))
        if len(deck) != len(names):
            raise RulesError(f"the composition has {len(deck)} roles for {len(names)} players")
        random.Random(seed).shuffle(deck)
        return list(zip(names, deck, strict=True))

    def draw_seats(self, names: list[str], composition: dict[str, int], seed: int) -> list[tuple[str, str, str | None]]:
        """A blind draw as seats (nickname, role id, team id or None for the
        role's default team), ready for ``new_game``. Rulesets whose roles
        may belong to several teams override it to deal the teams."""
        return [(name, role, None) for name, role in self.draw_roles(names, composition, seed)]

    @abstractmethod
    def check_winner(self, state: GameState) -> str | None:
        """The winning team id, ``draw``, or None while the game goes on."""
        raise NotImplementedError
