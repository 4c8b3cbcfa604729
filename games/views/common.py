"""What several views share: a refused form as a message."""

from __future__ import annotations

from django import forms


def form_errors(form: forms.Form) -> str:
    """Every error of a bound form in one sentence list, for a message."""
    return "; ".join(e for errs in form.errors.values() for e in errs)
