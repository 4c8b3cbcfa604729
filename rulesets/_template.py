"""Template for a new ruleset: copy to ``rulesets/<id>/`` and fill in.

Adding a ruleset:
1. Copy this file to ``rulesets/<id>/__init__.py`` (grow it into
   ``roles.py``, ``night.py``, ``day.py``… past ~600 lines).
2. Declare TEAMS, ROLES, ABILITIES, OPTIONS, VARIANTS, SCHEDULE, ORDER, each
   entry citing its rule id (``<ID>-NNN``) from the ruleset's digest. Give
   each ``Option`` its kind and its choices, range or fields: the host's
   values are checked against them by ``validate_options``.
   Declare the forum day's vote law as ``DAY`` (a ``DayProcedure``: may a
   vote change, abstention, the rule id and the sentence of the vote
   thread) and, where the document names them, ``PENALTIES``,
   ``AUTOKILLS``, ``POST_MINIMUM`` and ``VARIANT_NAMES``; override
   ``vote_count`` where a vote's public weight differs (a sheriff). Where
   the day has windows (nominations, defence posts, a re-vote of a tie),
   name them in ``DAY`` by their ``SCHEDULE`` entry ids; where the game
   opens otherwise than by day, set ``FIRST_PHASE`` (or ``OPENING`` for an
   opening night that is not a step); where a role's choice has its own
   deadline, override ``choice_closes`` (and ``choice_opens`` where it
   opens only at a later moment of the phase); private rooms beyond the teams'
   come from ``team_rooms`` and ``ROOM_NAMES``. The web app reads only
   these: nothing in ``games/`` changes for a new ruleset. Every text a
   player reads (names of teams, roles, abilities, options, variants,
   schedule entries, penalties, rooms; the vote law) is a dict with
   ``"ru"``, ``"zh"`` and ``"en"``, the document's own term in its
   language (``tests/rulesets/test_names.py`` checks it).
3. Implement ``composition``, ``resolve_day``, ``resolve_night`` and
   ``check_winner``; override ``validate`` for the document's own limits
   (and ``validate_options`` for constraints between options).
4. Add the id to ``rulesets.REGISTRY`` (a ruleset kept elsewhere calls
   ``rulesets.register(id, module_path)`` instead; ``tests/toy_ruleset``
   is a complete small example).
5. Add ``tests/rulesets/<id>/`` (one test per numbered rule, named after it)
   and scenarios in ``tests/scenarios/<id>/``.

Every hook below receives an ``Outcome`` whose ``state`` is already a copy:
mutate it in place, record every action's fate with ``outcome.note`` (the
host's trace), private results with ``outcome.tell``, public lines with
``outcome.announce`` and departures with ``outcome.remove``. A trace line or
an announcement is a message code (``said("<id>.code", rule=…, **params)``),
never a sentence: its English template is registered in
``rulesets/<id>/messages.py`` (here, ``TEXTS`` below), marked with
``gettext_noop`` so that the site translates it (docs/rules-contract.md).
"""

from __future__ import annotations

import random
from typing import Any

from rulesets.core import Ability, GameState, Outcome, PhaseInput, Role, Ruleset, ScheduleEntry, Team
from rulesets.core.said import gettext_noop, said, templates
from rulesets.core.votes import sole_leader, tally

# The English templates of the ruleset's message codes: in a package, its
# ``messages`` module, imported by the package's ``__init__``.
TEXTS = templates(
    "template",
    {
        "is_killed": gettext_noop("%(player)s is killed (TPL-001)."),
        "was_lynched": gettext_noop("%(player)s was lynched."),
    },
)

# Night resolution order: (step id, rule id, what it does). Modifiers first,
# kills applied at the end (Natural Action Resolution).
ORDER = (
    ("kill", "TPL-001", "the mafia's kill is marked"),
    ("deaths", "TPL-002", "marked players leave"),
)


class TemplateRuleset(Ruleset):
    """A two-team skeleton: the mafia kills at night, the town lynches by day."""

    id = "template"
    title = {"ru": "Шаблон", "zh": "模板", "en": "Template"}
    TEAMS = {
        "town": Team("town", {"ru": "Мирные жители", "zh": "平民", "en": "Town"}),
        "mafia": Team("mafia", {"ru": "Мафия", "zh": "黑手党", "en": "Mafia"}, room=True),
    }
    ROLES = {
        "citizen": Role("citizen", {"ru": "Мирный житель", "zh": "平民", "en": "Citizen"}, ("town",)),
        "mafioso": Role("mafioso", {"ru": "Мафиози", "zh": "黑手党成员", "en": "Mafioso"}, ("mafia",), ("kill",)),
    }
    ABILITIES = {"kill": Ability("kill", "night", {"ru": "Убить", "zh": "杀人", "en": "Kill"}, team=True)}
    SCHEDULE = (
        ScheduleEntry("vote", "21:00", "day", True, 10, {"ru": "Голосование", "zh": "投票", "en": "Vote closes"}),
        ScheduleEntry("night", "22:00", "night", True, 15, {"ru": "Конец ночи", "zh": "夜晚结束", "en": "Night ends"}),
    )
    ORDER = ORDER

    def composition(
        self, n_players: int, variant: str | None = None, options: dict[str, Any] | None = None
    ) -> dict[str, int]:
        """A third of the table, rounded down, is mafia."""
        mafia = max(1, n_players // 3)
        return {"mafioso": mafia, "citizen": n_players - mafia}

    def resolve_day(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """The sole leader of the vote leaves; a tie lynches nobody."""
        votes = {v: t for v, t in (step.votes or {}).items() if outcome.state.players[v].alive}
        leader = sole_leader(tally(votes))
        if leader:
            outcome.remove(leader)
            outcome.announce(
                "eliminated", said("template.was_lynched", player=leader), leader, outcome.state.players[leader].role
            )

    def resolve_night(self, outcome: Outcome, step: PhaseInput, rng: random.Random) -> None:
        """The mafia's kill takes effect."""
        for action in self.accept(outcome, step.actions, "night"):
            outcome.note("kill", "effect", said("template.is_killed", player=action.target), action)
            outcome.remove(str(action.target))

    def check_winner(self, state: GameState) -> str | None:
        """Town wins with no mafia left; mafia at parity."""
        mafia = len(state.team_members("mafia"))
        if mafia == 0:
            return "town"
        return "mafia" if mafia * 2 >= len(state.alive()) else None


RULESET = TemplateRuleset()
