"""What the engines say, as codes: a trace line, a refusal's line, a
public announcement is a ``Said`` (a message code, its parameters, the rule
id it applies), never a sentence. Each ruleset package ships the English
templates of its codes in its ``messages`` module (``rulesets/<id>/messages.py``,
the shared ones in ``rulesets/core/messages.py``), registered here by
``templates``; the English sentence is ``Said.english()``, and the web app
renders the same code in the reader's language from the same template,
which is its gettext msgid (``gettext_noop`` marks it for extraction
without importing Django).

Parameter names say what a value holds, and so how a reader sees it:
``player``/``player2``…, ``names``, ``rows``, ``n``, ``m`` are shown as
written; ``role``, ``team``, ``ability`` (and their plurals, comma-joined)
are ids (or a declared English role name) shown by their declared names;
``who`` is a player or a team (``team:mafia``, ``player:Ann``); ``reason``
is a refusal's reason id; ``message`` a refusal's own sentence; a value
that is itself a ``Said`` (a clause: why a player left, who guarded him) is
rendered the same way. ``rule`` fills ``%(rule)s``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# Message code → its English template, of every messages module imported so far.
TEMPLATES: dict[str, str] = {}


def gettext_noop(text: str) -> str:
    """Mark ``text`` for translation (``makemessages`` extracts it from
    ``rulesets/``) and return it unchanged; the rules engines never import
    Django. It marks the message templates and every other English text a
    ruleset declares for players: ``MESSAGES``, ``Option.help``,
    ``Role.summary``."""
    return text


def templates(namespace: str, table: Mapping[str, str]) -> dict[str, str]:
    """Register the English templates of a messages module: ``table`` maps
    each code (without the namespace) to its template; the registered code
    is ``"<namespace>.<code>"``. Returns the registered codes and templates.
    Raises ``ValueError`` when a code is registered twice with another
    template."""
    registered = {f"{namespace}.{code}": text for code, text in table.items()}
    for code, text in registered.items():
        if TEMPLATES.get(code, text) != text:
            raise ValueError(f"message code {code!r} is registered twice")
    TEMPLATES.update(registered)
    return registered


@dataclass(frozen=True, slots=True)
class Said:
    """One thing an engine says: ``code`` (``"forum.shot_lethal"``, a key
    of ``TEMPLATES``), ``params`` (the template's values: names, numbers,
    ids, nested ``Said`` clauses) and ``rule``, the rule id it applies
    (shown by ``%(rule)s``; "" when the template cites its rules itself)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    rule: str = ""

    def values(self) -> dict[str, Any]:
        """The template's values: ``params`` with ``rule`` when set."""
        return {**self.params, "rule": self.rule} if self.rule else self.params

    def english(self) -> str:
        """The sentence in English. Raises ``KeyError`` for a code no
        messages module registered."""
        template = TEMPLATES[self.code]
        values = self.values()
        if not values:
            return template
        return template % {name: english(value) for name, value in values.items()}

    def __hash__(self) -> int:
        # A clause may key a dict (forum's guards): hash what ``==`` compares.
        return hash((self.code, self.rule, repr(sorted(self.params.items()))))

    def __str__(self) -> str:
        return self.english()

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"code", "params", "rule"}``, nested clauses as dicts."""
        params = {k: v.to_dict() if isinstance(v, Said) else v for k, v in self.params.items()}
        return {"code": self.code, "params": params, "rule": self.rule}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Said:
        """The ``Said`` of ``to_dict``."""
        params = {
            k: cls.from_dict(v) if isinstance(v, Mapping) and "code" in v else v
            for k, v in dict(data.get("params") or {}).items()
        }
        return cls(str(data["code"]), params, str(data.get("rule") or ""))


def said(code: str, rule: str = "", **params: Any) -> Said:
    """``Said(code, params, rule)`` written as a call: ``said("forum.shot_lethal",
    rule="FORUM-034", who="mafia", player="Ann")``."""
    return Said(code, params, rule)


def english(value: Any) -> str:
    """A template value or a whole line in English: a ``Said`` rendered, a
    plain string as it is, anything else by ``str``."""
    return value.english() if isinstance(value, Said) else str(value)
