"""The host's resolution trace, and every other line an engine says, in
the reader's language.

The rules engines say things as codes (``rulesets.core.said.Said``: a
message code, its parameters, the rule id), each code's English template
shipped by its ruleset's ``messages`` module and marked for translation
there; ``said_text`` renders one in the reader's language through gettext,
``trace_lines`` a stored trace. A parameter's name says how it is shown
(see ``rulesets.core.said``; a trailing digit tells several of one kind
apart): role, team and ability ids by their declared names in the reader's
language, a refusal's reason id as the sentence the player reads, a nested
``Said`` rendered in turn, names and numbers as written. The rule ids stay
in every line: the trace is the host's view, where they belong. A trace
stored before the engines spoke in codes (plain English, no ``said``) is
shown as it was written, marked English (``TraceLine.english``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rulesets.core import Ruleset
from rulesets.core.said import TEMPLATES, Said

from .names import ability_name, joined, localized, team_name

# ORDER step ids of every ruleset (``Ruleset.ORDER``, ``DAY_ORDER``,
# ``EXIT_ORDER`` and the steps the engines name when they note) → the word
# the trace shows. A step not listed is shown as it is.
STEPS: dict[str, str] = {
    "acquaintance": gettext_noop("acquaintance"),
    "admire": gettext_noop("admiration"),
    "admission": gettext_noop("admission to the vote"),
    "apply": gettext_noop("effects applied"),
    "autokill": gettext_noop("autokill"),
    "badge": gettext_noop("sheriff's badge"),
    "ballots": gettext_noop("ballots"),
    "bite": gettext_noop("bite"),
    "block": gettext_noop("block"),
    "cards": gettext_noop("cards"),
    "check": gettext_noop("check"),
    "clan_shot": gettext_noop("clan's shot"),
    "coin": gettext_noop("coin toss"),
    "compare": gettext_noop("comparison"),
    "contact": gettext_noop("contact"),
    "conversions": gettext_noop("conversions"),
    "convert": gettext_noop("conversion"),
    "count": gettext_noop("vote count"),
    "day_effects": gettext_noop("next day's effects"),
    "deaths": gettext_noop("deaths"),
    "discredit": gettext_noop("discredit"),
    "double_swallow": gettext_noop("double swallow"),
    "eliminate": gettext_noop("elimination"),
    "end": gettext_noop("end of the game"),
    "exit": gettext_noop("exit"),
    "extra_minute": gettext_noop("extra minute"),
    "frame": gettext_noop("frame"),
    "ghost": gettext_noop("the Ghost"),
    "guard": gettext_noop("guard"),
    "heal": gettext_noop("heal"),
    "jail": gettext_noop("jail"),
    "kamikaze": gettext_noop("the Kamikaze"),
    "kill": gettext_noop("kill"),
    "knife_settlement": gettext_noop("knife settlement"),
    "last_shot": gettext_noop("last shot"),
    "last_words": gettext_noop("last words"),
    "mafia_kill": gettext_noop("mafia's kill"),
    "maniac_kill": gettext_noop("maniac's kill"),
    "meet": gettext_noop("meeting"),
    "morning": gettext_noop("morning"),
    "nominations": gettext_noop("nominations"),
    "oper_kill": gettext_noop("oper's kill"),
    "orders": gettext_noop("orders"),
    "penalty": gettext_noop("penalty"),
    "play_dumb": gettext_noop("playing dumb"),
    "poison": gettext_noop("poison"),
    "poison_settlement": gettext_noop("poison settlement"),
    "promote": gettext_noop("promotion"),
    "protect": gettext_noop("protection"),
    "putana_death": gettext_noop("putana's death"),
    "reflect": gettext_noop("reflection"),
    "refusals": gettext_noop("moves not made"),
    "revote": gettext_noop("re-vote"),
    "sacrifice": gettext_noop("sacrifice"),
    "save": gettext_noop("antidote"),
    "sentence": gettext_noop("sentence"),
    "sheriff_election": gettext_noop("sheriff election"),
    "shots": gettext_noop("shots"),
    "silence": gettext_noop("silence"),
    "skill_loss": gettext_noop("loss of skills"),
    "skips": gettext_noop("skipped moves"),
    "spy": gettext_noop("spying"),
    "support": gettext_noop("support"),
    "surrender": gettext_noop("surrender"),
    "treat": gettext_noop("treatment"),
    "validate": gettext_noop("validation"),
    "verdict": gettext_noop("verdict"),
    "victory": gettext_noop("victory check"),
    "visit": gettext_noop("visit"),
    "vote": gettext_noop("vote"),
    "vote_exit": gettext_noop("exit by vote"),
    "warnings": gettext_noop("warnings"),
    "witch": gettext_noop("witch"),
}

# ``TraceEntry.result`` → its word.
RESULTS: dict[str, str] = {
    "effect": gettext_noop("takes effect"),
    "blocked": gettext_noop("blocked"),
    "saved": gettext_noop("saved"),
    "void": gettext_noop("void"),
    "rejected": gettext_noop("refused"),
    "info": gettext_noop("note"),
}


@dataclass(frozen=True)
class TraceLine:
    """One trace line as the dashboard shows it: ``result`` is the engine's
    result id (for the line's style), ``step_word`` and ``result_word`` the
    step and the result in the reader's language, ``text`` the sentence;
    ``english`` when the line has no code (stored before the engines spoke in
    codes, or of a code no ruleset declares) and ``text`` is its English."""

    step: str
    result: str
    step_word: str
    result_word: str
    text: str
    english: bool


def kind_of(name: str) -> str:
    """The kind of a parameter: its name without a trailing number
    (``player2`` → ``player``)."""
    return name.rstrip("0123456789")


def _english_roles(ruleset: Ruleset) -> dict[str, str]:
    """English role name in lower case → role id, of one ruleset."""
    return {spec.name.get("en", role).lower(): role for role, spec in ruleset.ROLES.items()}


def _role(ruleset: Ruleset, value: str) -> str:
    """A role id or English role name by its declared name in the reader's language."""
    spec = ruleset.ROLES.get(value) or ruleset.ROLES.get(_english_roles(ruleset).get(value.lower(), ""))
    return localized(spec.name, value) if spec else value


def _who(ruleset: Ruleset, value: str) -> str:
    """A player's name as it is; a team (``team:X``, or its id) by its name."""
    if value.startswith("player:"):
        return value[len("player:") :]
    team = value.removeprefix("team:")
    return team_name(ruleset, team) if team in ruleset.TEAMS else value


def _listed(word: Any, ruleset: Ruleset, value: str) -> str:
    """Each part of a list joined by ", " shown by ``word``, joined as the
    reader's language lists (``names.joined``)."""
    return joined([word(ruleset, part) for part in value.split(", ")])


def _shown(ruleset: Ruleset, name: str, value: Any) -> str:
    """A parameter's value as the reader reads it (see the module doc)."""
    if isinstance(value, Said):
        return said_text(ruleset, value)
    value = str(value)
    kind = kind_of(name)
    if kind == "who":
        return _who(ruleset, value)
    if kind == "whos":
        return _listed(_who, ruleset, value)
    if kind in ("team", "teams"):
        return _listed(team_name, ruleset, value)
    if kind in ("role", "roles"):
        return _listed(_role, ruleset, value)
    if kind in ("ability", "abilities"):
        return _listed(ability_name, ruleset, value)
    if kind == "names":
        return _listed(lambda _ruleset, name: name, ruleset, value)
    if kind == "reason":
        return _(ruleset.message(value)).rstrip(".。")
    if kind == "message":
        return _(value)
    if kind == "rows" and value in ruleset.DAY.revote_words:
        # cosmo's coin says a revote word (COSMO-014), read in the ruleset's own words.
        return _(ruleset.message(f"revote_{value}"))
    return value


def said_text(ruleset: Ruleset, said: Said) -> str:
    """What ``said`` says, in the reader's language. Raises ``KeyError``
    for a code no messages module declares."""
    template = TEMPLATES[said.code]
    values = said.values()
    if not values:
        return _(template)
    return _(template) % {name: _shown(ruleset, name, value) for name, value in values.items()}


def stored_text(ruleset: Ruleset, entry: Mapping[str, Any]) -> str | None:
    """A stored line (``{"said": …, "text": …}``) in the reader's language;
    None when it has no code, or a code no ruleset declares."""
    data = entry.get("said")
    if not isinstance(data, Mapping):
        return None
    try:
        return said_text(ruleset, Said.from_dict(data))
    except (KeyError, ValueError, TypeError):
        return None


def trace_lines(ruleset: Ruleset, trace: list[dict[str, Any]]) -> list[TraceLine]:
    """A stored trace (``games.results.outcome_json`` items) as the host
    reads it: each line's step, result and sentence in the reader's
    language; a line without a code as its English."""
    lines = []
    for entry in trace:
        step, result, text = str(entry.get("step", "")), str(entry.get("result", "")), str(entry.get("text", ""))
        shown = stored_text(ruleset, entry)
        lines.append(
            TraceLine(
                step=step,
                result=result,
                step_word=_(STEPS[step]) if step in STEPS else step,
                result_word=_(RESULTS[result]) if result in RESULTS else result,
                text=text if shown is None else shown,
                english=shown is None,
            )
        )
    return lines
