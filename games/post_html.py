"""Each post's HTML rendered once and shared by every reader who sees it
the same way.

A page of a thread shows thirty posts, and rendering them through the
template is most of a thread page's work; yet a post's HTML is the same for
every reader who reads it in the same language and time zone. It is kept in
the process's own bounded cache (the ``post_html`` cache: an hour, a
thousand posts) under a digest of everything ``games/_post.html`` reads: the
game's and room's public ids, the post's number, author, texts and times,
the reader's language and zone, the "Edit" link's deadline, and the
original text where the reader is the host (who alone sees it). An edited
post, a renamed seat or another reader's view gives another digest, so a
stale or another reader's HTML is never served, and nothing has to be
forgotten when a post changes (old entries expire). The whole page's posts
are looked up at once; an emptied cache only costs the rendering.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from django.core.cache import caches
from django.template.loader import get_template
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from . import languages
from .models import Game, Post, Room

TEMPLATE = "games/_post.html"
# Raise with any change of ``games/_post.html``, so no HTML of the old
# template is served after a deployment.
TEMPLATE_VERSION = 4


def _digest(post: Post, game: Game, room: Room, is_host: bool) -> str:
    """The cache key of ``post``'s HTML for the current reader."""
    author = "" if post.by_host or post.author_id is None else (post.author.nickname, post.author.public_id)
    parts = (
        TEMPLATE_VERSION,
        translation.get_language() or "",
        languages.viewer_zone() or game.timezone,
        game.slug,
        room.public_id,
        post.pk,
        post.number,
        post.by_host,
        author,
        post.created_at.isoformat(),
        post.edited_at.isoformat() if post.edited_at else "",
        getattr(post, "edit_until", ""),
        post.original_body if is_host else "",
        post.body,
        post.body_html,
    )
    return "post-html:" + hashlib.blake2b(repr(parts).encode(), digest_size=20).hexdigest()


def articles(posts: Iterable[Post], game: Game, room: Room, is_host: bool) -> list[tuple[Post, SafeString]]:
    """``(post, its <article> HTML)`` for each of ``posts`` in order, as
    ``games/_post.html`` renders it for the current reader (``is_host``:
    the reader hosts the game). One cache lookup for the lot, one more to
    store those that had to be rendered."""
    posts = list(posts)
    keys = [_digest(post, game, room, is_host) for post in posts]
    store = caches["post_html"]
    found: dict[str, Any] = store.get_many(keys) if keys else {}
    missing: dict[str, str] = {}
    template = None
    out = []
    for post, key in zip(posts, keys, strict=True):
        html = found.get(key)
        if html is None:
            template = template or get_template(TEMPLATE)
            html = missing[key] = template.render(
                {"post": post, "game": game, "room": room, "is_host": is_host, "oob": False}
            )
        out.append((post, mark_safe(html)))  # noqa: S308 - our own template's output, escaped there
    if missing:
        store.set_many(missing)
    return out
