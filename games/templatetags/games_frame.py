"""``{% site_frame %}…{% frame_content %}…{% endsite_frame %}``: a page of
Django's template engine (allauth's account pages) inside the site's frame,
the Jinja2 ``base.html`` every other page extends (``games.templating``):
the part before ``{% frame_content %}`` is the page's title, the rest its
content."""

from __future__ import annotations

from functools import cache

from django import template
from django.template import engines
from django.utils.safestring import mark_safe

register = template.Library()

FRAME = (
    '{% extends "base.html" %}{% block title %}{{ frame_title }}{% endblock %}'
    "{% block content %}{{ frame_content }}{% endblock %}"
)


@cache
def _frame():
    """The frame as a template of the site's Jinja2 engine (compiled once)."""
    return engines["jinja2"].from_string(FRAME)


class FrameNode(template.Node):
    """Renders its two parts with Django's engine, then the frame around them."""

    child_nodelists = ("title", "content")

    def __init__(self, title: template.NodeList, content: template.NodeList) -> None:
        self.title = title
        self.content = content

    def render(self, context: template.Context) -> str:
        parts = {
            "frame_title": mark_safe(self.title.render(context).strip()),  # noqa: S308 - rendered and escaped by Django's engine
            "frame_content": mark_safe(self.content.render(context)),  # noqa: S308 - as above
        }
        page = {key: value for key, value in context.flatten().items() if isinstance(key, str)}
        return _frame().render({**page, **parts}, context.get("request"))


@register.tag
def site_frame(parser: template.base.Parser, token: template.base.Token) -> FrameNode:
    """``{% site_frame %}title{% frame_content %}content{% endsite_frame %}``."""
    title = parser.parse(("frame_content",))
    parser.delete_first_token()
    content = parser.parse(("endsite_frame",))
    parser.delete_first_token()
    return FrameNode(title, content)
