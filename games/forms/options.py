"""The ruleset's declared house rules as form fields: one widget per
option (``option_field``), for the announcement form and the host's
house-rules form on the dashboard (``HouseRulesForm``)."""

from __future__ import annotations

import json
import math
from collections.abc import Collection
from typing import Any

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from rulesets.core import Option, Ruleset

from ..names import localized


def option_errors(ruleset: Ruleset, options: dict[str, Any], seated: Collection[str]) -> list[forms.ValidationError]:
    """One form error per problem ``ruleset.validate_options`` finds in
    ``options`` for the ``seated`` nicknames (see ``Ruleset.validate_options``)."""
    return [forms.ValidationError(p.message, code=p.code) for p in ruleset.validate_options(options, seated)]


def option_field(option: Option) -> forms.Field:
    """The form field for one declared house rule (``rulesets.core.Option``):
    a checkbox, a number, a list to pick from, checkboxes for a list, or
    ``HH:MM`` for a time; labelled in the reader's language with the
    option's help. Options naming players (kind ``dict``) have none: they
    are set once the players are seated."""
    label = localized(option.name, option.id)
    common: dict[str, Any] = {"label": label, "required": False, "help_text": _(option.help) if option.help else ""}
    if option.kind == "bool":
        return forms.BooleanField(initial=bool(option.default), **common)
    names = dict(option.choice_names)
    if option.kind in ("choice", "int") and option.choices:
        coerce = int if option.kind == "int" else str
        choices = [(c, localized(names.get(c, {}), str(c))) for c in option.choices]
        return forms.TypedChoiceField(choices=choices, coerce=coerce, initial=option.default, **common)
    if option.kind == "int":
        return forms.IntegerField(
            min_value=option.min_value, max_value=option.max_value, initial=option.default, **common
        )
    if option.kind == "list":
        return forms.MultipleChoiceField(
            choices=[(c, localized(names.get(c, {}), str(c))) for c in option.choices],
            widget=forms.CheckboxSelectMultiple,
            initial=list(option.default or []),
            **common,
        )
    return forms.CharField(max_length=5, initial=option.default, **common)


def form_options(ruleset: Ruleset) -> list[Option]:
    """The declared house rules a form shows (those naming players aside,
    and those that are the time of a deadline: the deadline's own field
    sets them, ``Option.deadline``)."""
    return [o for o in ruleset.OPTIONS.values() if o.kind != "dict" and not o.deadline]


# The parts of an option naming players, as the host reads them.
PART_NAMES = {"nickname": _("player"), "day": _("game day")}


class HouseRulesForm(forms.Form):
    """The ruleset's house rules on the dashboard, until the game starts:
    one widget per declared option (``option_field``) holding the game's
    current value, and for an option naming players (kind ``dict``, the
    forum's secret Bonus, FORUM-125) one widget per part: a seated
    nickname to pick, a game day number. Checked by
    ``ruleset.validate_options`` against the seated nicknames; each problem
    is shown on its widget, and the choices stay as made. An option that is
    a deadline's time (``Option.deadline``) has no widget here and keeps
    its value."""

    def __init__(
        self,
        *args: Any,
        ruleset: Ruleset,
        seated: Collection[str],
        current: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.seated = list(seated)
        current = self.current = current or {}
        for option in ruleset.OPTIONS.values():
            if option.deadline:
                continue  # a deadline's time, set with the game's deadlines (``Option.deadline``)
            if option.kind != "dict":
                field = option_field(option)
                field.initial = current.get(option.id, field.initial)
                self.fields[f"option_{option.id}"] = field
                continue
            value = current.get(option.id) or {}
            for key, kind in option.fields:
                label = format_lazy("{} — {}", localized(option.name, option.id), PART_NAMES.get(kind, key))
                if kind == "nickname":
                    field = forms.ChoiceField(
                        label=label, required=False, choices=[("", "—"), *((n, n) for n in self.seated)]
                    )
                else:
                    field = forms.IntegerField(label=label, required=False, min_value=1, max_value=999)
                field.initial = value.get(key)
                field.help_text = _(option.help) if option.help and key == option.fields[0][0] else ""
                self.fields[f"option_{option.id}__{key}"] = field

    def option_fields(self) -> list[tuple[Option, list[forms.BoundField]]]:
        """Each declared option with its widgets, for the template."""
        rows = []
        for option in self.ruleset.OPTIONS.values():
            if option.deadline:
                continue
            names = [f"option_{option.id}__{k}" for k, _kind in option.fields] if option.kind == "dict" else []
            rows.append((option, [self[n] for n in names or [f"option_{option.id}"]]))
        return rows

    def _field_of(self, option_id: str) -> str | None:
        """The widget a problem of ``option_id`` is shown on (an option
        naming players: its first part), None for the form as a whole."""
        option = self.ruleset.OPTIONS.get(option_id)
        if option is None:
            return None
        name = f"option_{option.id}__{option.fields[0][0]}" if option.kind == "dict" else f"option_{option.id}"
        return name if name in self.fields else None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        chosen: dict[str, Any] = {}
        for option in self.ruleset.OPTIONS.values():
            if option.deadline:
                chosen[option.id] = self.current.get(option.id)  # kept as the game's deadline set it
                continue
            if option.kind != "dict":
                chosen[option.id] = data.get(f"option_{option.id}")
                continue
            parts = {k: data.get(f"option_{option.id}__{k}") for k, _kind in option.fields}
            given = {k: v for k, v in parts.items() if v not in (None, "")}
            if given and len(given) < len(parts):
                for k in set(parts) - set(given):
                    self.add_error(
                        f"option_{option.id}__{k}",
                        _("Fill in every part of “%(option)s”, or none to leave it off.")
                        % {"option": localized(option.name, option.id)},
                    )
            elif given:
                chosen[option.id] = given
        self.house_rules = {k: v for k, v in chosen.items() if v not in (None, False, "", [])}
        for problem in self.ruleset.validate_options(self.house_rules, self.seated):
            self.add_error(self._field_of(problem.option), forms.ValidationError(problem.message, code=problem.code))
        return data


# How deep a JSON value typed in the admin may nest (house rules nest two levels).
JSON_MAX_DEPTH = 20


class StrictJSONField(forms.JSONField):
    """A JSON field that refuses, with a sentence, what the database or the
    rules could not keep: NaN and infinities (``NaN``, ``1e999``), the NUL
    character, lone surrogates, and nesting deeper than
    ``JSON_MAX_DEPTH`` levels. For the JSON the admin edits by hand
    (house rules, characters, deadlines)."""

    default_error_messages = {
        "invalid": _("Enter valid JSON."),
        "not_finite": _("Numbers must be finite: NaN and infinities cannot be stored."),
        "nul": _("Text cannot contain the NUL character (\\u0000)."),
        "surrogate": _("Text cannot contain a lone surrogate (\\ud800 to \\udfff)."),
        "deep": _("JSON nested more than %(n)d levels deep cannot be stored."),
    }

    def to_python(self, value: Any) -> Any:
        """The parsed value; raises ``ValidationError`` (codes ``invalid``,
        ``not_finite``, ``nul``, ``surrogate``, ``deep``)."""
        if self.disabled or value in self.empty_values or not isinstance(value, str):
            return super().to_python(value)
        try:
            parsed = json.loads(value, parse_constant=_refuse_constant, parse_float=_finite_float, cls=self.decoder)
        except _NotFinite as exc:
            raise forms.ValidationError(self.error_messages["not_finite"], code="not_finite") from exc
        except RecursionError as exc:
            raise forms.ValidationError(self.error_messages["deep"], code="deep", params={"n": JSON_MAX_DEPTH}) from exc
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from exc
        self._check(parsed, 0)
        return parsed

    def bound_data(self, data: Any, initial: Any) -> Any:
        """The typed text as it was when it is refused (so the form shows
        it again, and never renders what it refused)."""
        if self.disabled:
            return initial
        if data is None:
            return None
        try:
            return self.to_python(data)
        except forms.ValidationError:
            return InvalidJSONInput(data)

    def _check(self, value: Any, depth: int) -> None:
        """Refuse what ``value`` holds that cannot be stored (see the class)."""
        if depth > JSON_MAX_DEPTH:
            raise forms.ValidationError(self.error_messages["deep"], code="deep", params={"n": JSON_MAX_DEPTH})
        if isinstance(value, str):
            if "\x00" in value:
                raise forms.ValidationError(self.error_messages["nul"], code="nul")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise forms.ValidationError(self.error_messages["surrogate"], code="surrogate") from exc
        elif isinstance(value, float) and not math.isfinite(value):
            raise forms.ValidationError(self.error_messages["not_finite"], code="not_finite")
        elif isinstance(value, dict):
            for key, item in value.items():
                self._check(key, depth + 1)
                self._check(item, depth + 1)
        elif isinstance(value, list):
            for item in value:
                self._check(item, depth + 1)


class _NotFinite(ValueError):
    """A JSON number the database cannot keep (NaN, an infinity)."""


def _refuse_constant(name: str) -> float:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _NotFinite(text)
    return number
