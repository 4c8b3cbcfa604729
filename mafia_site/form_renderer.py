"""How the site renders forms (``settings.FORM_RENDERER``)."""

from __future__ import annotations

from functools import cached_property

from django.forms.renderers import DjangoTemplates, Jinja2
from django.template.exceptions import TemplateDoesNotExist


class FormRenderer(Jinja2):
    """Django's own form and widget templates (``django/forms/jinja2``)
    rendered by Jinja2: the same HTML as the default renderer's, at a
    fraction of the Django template engine's cost, which renders every
    option of a select through an include (the host dashboard's tool forms
    and the vote form, ``bench_build``). A template only the Django engine
    has (the admin's widget wrappers, ``admin/widgets/…``) is rendered by
    it, as by the default renderer. Raises ``TemplateDoesNotExist`` when
    neither has ``template_name``."""

    @cached_property
    def _django(self) -> DjangoTemplates:
        return DjangoTemplates()

    def get_template(self, template_name: str):
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return self._django.get_template(template_name)
