"""``{% post_articles posts as articles %}``: a page's posts with their
HTML, from the shared cache of rendered posts (``games.post_html``)."""

from __future__ import annotations

from django import template

from games import post_html

register = template.Library()


@register.simple_tag(takes_context=True)
def post_articles(context, posts) -> list:
    """``[(post, html), …]`` for ``posts``, rendered for the reader of the
    page (the context's ``game``, ``room`` and ``is_host``)."""
    return post_html.articles(posts or [], context["game"], context["room"], bool(context.get("is_host")))


@register.filter
def seat_id(ids: dict | None, nickname: str) -> str:
    """``{{ seat_ids|seat_id:name }}``: the public id of the seat named
    ``nickname`` in ``ids`` (nickname → public id), "" for none."""
    return (ids or {}).get(nickname, "")
