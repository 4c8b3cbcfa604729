"""The English templates of the toy ruleset's message codes (see
``rulesets.core.said``), marked for translation as every ruleset's are.
The tests are not extracted by ``makemessages`` (docs/languages.md), so
the site shows them in English in every language."""

from __future__ import annotations

from rulesets.core.said import gettext_noop, templates

TEXTS = templates(
    "toy",
    {
        "lynched": gettext_noop("The village hangs %(player)s, who has the most votes: %(n)s (%(rule)s)."),
        "no_lynch": gettext_noop("No single player has the most votes: the village hangs nobody (%(rule)s)."),
        "counted": gettext_noop("Votes for %(player)s: %(n)s (%(rule)s)."),
        "wolves_kill": gettext_noop("The wolves kill %(player)s (%(rule)s)."),
        "no_kill": gettext_noop("The wolves chose nobody: the night passes quietly (%(rule)s)."),
    },
)
