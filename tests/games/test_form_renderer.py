"""The site's form renderer (``mafia_site.form_renderer``, Jinja2 over
Django's own form templates) shows every form exactly as Django's default
renderer would: the same elements, attributes, choices, help texts and
error lists (whitespace between tags and the spelling of character
references aside), blank and sent back with errors; its own select (the
options written in place) gives Django's HTML to the byte; and the admin,
whose widget wrappers exist only as Django templates, still renders."""

from __future__ import annotations

import inspect

import pytest
from django import forms as django_forms
from django.forms.renderers import DjangoTemplates, Jinja2, get_default_renderer
from django.test.html import parse_html
from django.urls import reverse

from games import flow, forms
from games.forms import PenaltyForm, ReplaceForm, VoteForm
from mafia_site.form_renderer import FormRenderer


def _site_forms() -> list[type[django_forms.BaseForm]]:
    """The site's forms that need no arguments to build."""
    found = []
    for name in forms.__all__:
        cls = getattr(forms, name)
        if inspect.isclass(cls) and issubclass(cls, django_forms.BaseForm):
            required = [
                p
                for p in inspect.signature(cls.__init__).parameters.values()
                if p.kind == p.KEYWORD_ONLY and p.default is p.empty
            ]
            if not required:
                found.append(cls)
    return found


def test_the_site_renders_forms_with_its_own_renderer() -> None:
    assert isinstance(get_default_renderer(), FormRenderer)
    assert len(_site_forms()) >= 10


@pytest.mark.django_db
@pytest.mark.parametrize("form_class", _site_forms(), ids=lambda c: c.__name__)
@pytest.mark.parametrize("sent", [False, True], ids=["blank", "sent-empty"])
def test_a_form_renders_as_djangos_default_renderer_renders_it(form_class, sent) -> None:
    data = {} if sent else None
    ours, default = form_class(data, renderer=FormRenderer()), form_class(data, renderer=DjangoTemplates())
    assert parse_html(ours.as_p()) == parse_html(default.as_p())
    assert parse_html(ours.as_div()) == parse_html(default.as_div())
    # Our own templates (the form as paragraphs, the error list, the
    # select) give the HTML of Django's own Jinja2 templates to the byte.
    djangos = form_class(data, renderer=Jinja2())
    assert str(ours.as_p()) == str(djangos.as_p())
    assert str(ours.as_div()) == str(djangos.as_div())
    assert str(ours.non_field_errors()) == str(djangos.non_field_errors())
    if sent and not ours.is_valid():
        assert 'class="errorlist' in ours.as_p()


class _Selects(django_forms.Form):
    """Every shape a select takes: a value chosen, groups, several chosen,
    an option marked by its attributes, text to escape, an empty list."""

    plain = django_forms.ChoiceField(choices=[("", "—"), ("Bonnie", "Bonnie"), ("abstain", "abstain")])
    grouped = django_forms.ChoiceField(
        choices=[("Town", [("doc", "Doctor"), ("cop", "Detective")]), ("Mafia", [("don", "Don")]), ("x", "None")]
    )
    several = django_forms.MultipleChoiceField(choices=[("a", "A"), ("b", "B"), ("c", "C")])
    escaped = django_forms.ChoiceField(choices=[('<b>"&', '<i>Tom & "Jerry"</i>'), ("é", "Émile")])
    empty = django_forms.ChoiceField(choices=[], required=False)
    marked = django_forms.ChoiceField(
        choices=[("1", "one"), ("2", "two")], widget=django_forms.Select(attrs={"data-x": "y", "disabled": True})
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "form",
    [
        lambda r: _Selects(renderer=r),
        lambda r: _Selects(
            {"plain": "Bonnie", "grouped": "cop", "several": ["a", "c"], "escaped": '<b>"&'}, renderer=r
        ),
        lambda r: _Selects({"plain": "nobody"}, renderer=r),
        lambda r: VoteForm(candidates=[("Bonnie", "Bonnie"), ("Clyde", "Clyde")], reason=True, renderer=r),
        lambda r: ReplaceForm(nicknames=["Bonnie", "Clyde", "<Doc>"], renderer=r),
    ],
    ids=["selects-blank", "selects-chosen", "selects-refused", "vote", "replace"],
)
def test_the_sites_select_gives_djangos_html_to_the_byte(form) -> None:
    """The select written in place (``templates/forms/…/select.html``) is
    Django's own Jinja2 select, byte for byte: a mutation of one attribute,
    a space or an escape fails here."""
    ours, djangos = form(FormRenderer()), form(Jinja2())
    assert "<select" in str(ours.as_p())
    assert str(ours.as_p()) == str(djangos.as_p())
    assert str(ours.as_div()) == str(djangos.as_div())


@pytest.mark.django_db
def test_the_hosts_penalty_form_gives_djangos_html(forum_game) -> None:
    game, _seats = forum_game
    ruleset = flow.ruleset_of(game)
    ours, djangos = (
        PenaltyForm(ruleset=ruleset, renderer=FormRenderer()),
        PenaltyForm(ruleset=ruleset, renderer=Jinja2()),
    )
    assert str(ours.as_p()) == str(djangos.as_p())
    assert parse_html(ours.as_p()) == parse_html(PenaltyForm(ruleset=ruleset, renderer=DjangoTemplates()).as_p())


@pytest.mark.django_db
def test_the_admin_renders_a_change_form_with_its_related_widgets(admin_client, forum_game) -> None:
    game, seats = forum_game
    page = admin_client.get(reverse("admin:games_player_change", args=[seats["Bonnie"].pk]))
    assert page.status_code == 200
    assert "related-widget-wrapper" in page.content.decode()
