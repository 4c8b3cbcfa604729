"""The ``Ruleset`` base class every rules engine subclasses.

``Ruleset`` is composed of a few declared parts, each in its own module:

- ``declarations.Declarations``: the document's data (teams, roles,
  abilities, options, variants, night order, rejection sentences);
- ``setup_part.SetupPart``: compositions, the role draw, seating, house
  rules and the victory check (``composition`` and ``check_winner`` are
  required);
- ``schedule_part.SchedulePart``: phases, their order, deadlines, openings;
- ``day_part.DayPart``: the vote law, nominations, the public count,
  re-votes, who may speak and vote, private rooms;
- ``discipline_part.DisciplinePart``: penalties and autokills;
- ``choices_part.ChoicesPart``: validation of choices and the open slots
  with their legal targets;
- ``resolution_part.ResolutionPart``: resolving a phase (``resolve_day``
  and ``resolve_night`` are required) and random legal play.

The required hooks are abstract methods; every other hook has a documented
default that branches only on declared data, never on a role's name.
"""

from __future__ import annotations

import copy
from typing import Any

from .choices_part import ActionSlot, ChoicesPart, under_target_limit
from .day_part import DayPart
from .declarations import MESSAGES, Declarations
from .discipline_part import DisciplinePart
from .resolution_part import ResolutionPart
from .rule_texts import RuleSection, RuleText, by_id, catalogue
from .schedule_part import SchedulePart
from .setup_part import SetupPart

__all__ = ["MESSAGES", "ActionSlot", "Declarations", "RuleSection", "RuleText", "Ruleset", "under_target_limit"]


class Ruleset(SetupPart, SchedulePart, DayPart, DisciplinePart, ChoicesPart, ResolutionPart):
    """Base class of a rules engine; subclasses fill in the declarations.

    Subclasses must set ``id``, ``title``, ``document``, ``TEAMS``, ``ROLES``,
    ``ABILITIES`` (dicts by id), ``OPTIONS``, ``VARIANTS``, ``SCHEDULE`` and
    ``ORDER`` (the night resolution steps, each ``(step_id, rule_id, text)``),
    and implement ``resolve_day``, ``resolve_night``, ``check_winner`` and
    ``composition``.
    """

    def describe(self) -> dict[str, Any]:
        """Everything declarative, as JSON-friendly data for the web app.

        Returns a fresh deep copy on every call: engines are cached and shared
        by every game, so a caller that edits what it is handed must not
        change the rules of other games.
        """
        return copy.deepcopy(self._declarations())

    def rule_texts(self) -> dict[str, RuleText]:
        """The ruleset's numbered rules by id (``"FORUM-012"`` →
        ``RuleText(id, statement, quote)``), in the digest's order, from
        the package's ``rule_texts.json`` (``core.rule_texts``); empty when
        the package holds none. The dict is fresh on every call."""
        return dict(by_id(type(self)))

    def rule_text(self, rule_id: str) -> RuleText | None:
        """The numbered rule ``rule_id`` (``"FORUM-012"``) of this ruleset,
        or None when its catalogue holds no such rule."""
        return by_id(type(self)).get(rule_id)

    def rule_sections(self) -> tuple[RuleSection, ...]:
        """The ruleset's numbered rules grouped as its digest groups them
        (``RuleSection(title, rules)``); empty when its package holds no
        catalogue."""
        return catalogue(type(self))

    def _declarations(self) -> dict[str, Any]:
        """The declarations as ``describe`` shows them; the values may be the
        engine's own (``vars`` of frozen dataclasses), so never hand them out
        uncopied. A subclass adds its own keys here."""
        return {
            "id": self.id,
            "title": self.title,
            "document": self.document,
            "variants": list(self.VARIANTS),
            "teams": {k: vars(v) for k, v in self.TEAMS.items()},
            "roles": {
                k: {**vars(v), "teams": list(v.teams), "abilities": list(v.abilities)} for k, v in self.ROLES.items()
            },
            "abilities": {k: vars(v) for k, v in self.ABILITIES.items()},
            "options": {k: vars(v) for k, v in self.OPTIONS.items()},
            "schedule": [vars(s) for s in self.SCHEDULE],
            "order": [list(o) for o in self.ORDER],
            "day": {**vars(self.DAY), "revote_words": list(self.DAY.revote_words)},
            "penalties": self.PENALTIES,
            "autokills": self.AUTOKILLS,
        }
