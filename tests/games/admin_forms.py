"""Helpers for the tests of the Django admin's change forms: the POST
data a change form's page carries (as a browser would send it back), and
its errors for a failed assertion."""

from __future__ import annotations

from typing import Any

from django import forms


def _field_data(form: forms.BaseForm, name: str, field: forms.Field) -> dict[str, Any]:
    """What the browser sends for one field of ``form`` as the page shows it."""
    key = form.add_prefix(name)
    value = form[name].value()
    widget = field.widget
    if isinstance(widget, forms.MultiWidget):
        parts = widget.decompress(value)
        return {f"{key}_{i}": "" if p is None else str(p) for i, p in enumerate(parts)}
    if value is None or value is False or value == []:
        return {}
    if value is True:
        return {key: "on"}
    if isinstance(value, (list, tuple)):
        return {key: [str(v) for v in value]}
    return {key: value}


def admin_form_data(page) -> dict[str, Any]:
    """The POST data of an admin change form page: the main form's values
    and each inline formset's management form and forms."""
    data: dict[str, Any] = {}
    form = page.context["adminform"].form
    for name, field in form.fields.items():
        data.update(_field_data(form, name, field))
    for inline in page.context.get("inline_admin_formsets", []):
        formset = inline.formset
        for key, value in formset.management_form.initial.items():
            data[f"{formset.prefix}-{key}"] = value
        for sub in formset.forms:
            for name, field in sub.fields.items():
                data.update(_field_data(sub, name, field))
    return data


def admin_errors(response) -> str:
    """The errors an admin change form shows (for a failed assertion)."""
    if response.context is None:
        return f"status {response.status_code}"
    form = response.context["adminform"].form
    inlines = [f.errors for i in response.context.get("inline_admin_formsets", []) for f in i.formset.forms]
    return f"{form.errors} {inlines}"
