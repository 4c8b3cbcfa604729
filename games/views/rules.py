"""The public page of a ruleset's numbered rules, the place the replay's
rule ids link to."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..pages import rules as pages


@require_GET
def ruleset_rules(request: HttpRequest, ruleset_id: str) -> HttpResponse:
    """Every numbered rule of the ruleset ``ruleset_id`` (FORUM-012, …)
    under an anchor of its id, with its English statement and the rules
    document's words in the document's language. Public; 404 when the
    site offers no such ruleset."""
    context = pages.rules_page(ruleset_id)
    if context is None:
        raise Http404("no such ruleset")
    return render(request, "games/rules.html", context)
