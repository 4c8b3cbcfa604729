"""How the site renders forms (``settings.FORM_RENDERER``)."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

import django.forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates, Jinja2
from django.template.exceptions import TemplateDoesNotExist

# Our versions of some of Django's form templates, found before Django's own.
OVERRIDES = Path(settings.BASE_DIR) / "templates" / "forms"


class FormRenderer(Jinja2):
    """Django's own form and widget templates (``django/forms/jinja2``)
    rendered by Jinja2: the same HTML as the default renderer's, at a
    fraction of the Django template engine's cost, which renders every
    option of a select through an include (the host dashboard's tool forms
    and the vote form, ``bench_build``). Three of those templates are
    ours (``templates/forms/django/forms/``), each giving Django's HTML to
    the byte with fewer templates rendered: the select, its options written
    in place rather than included one by one; the error list, its list
    written in place; the form as paragraphs, an empty error list not
    rendered at all. A template only the Django engine has (the admin's
    widget wrappers, ``admin/widgets/…``) is rendered by it, as by the
    default renderer. Raises ``TemplateDoesNotExist`` when neither has
    ``template_name``."""

    @cached_property
    def engine(self):
        """The Jinja2 engine of the overrides, then Django's templates."""
        own = Path(django.forms.__file__).parent / self.backend.app_dirname
        return self.backend({"APP_DIRS": True, "DIRS": [OVERRIDES, own], "NAME": "djangoforms", "OPTIONS": {}})

    @cached_property
    def _django(self) -> DjangoTemplates:
        return DjangoTemplates()

    def get_template(self, template_name: str):
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return self._django.get_template(template_name)
