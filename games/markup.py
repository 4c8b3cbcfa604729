"""Posts: a safe subset of BBCode rendered to HTML and sanitised with nh3.

Supported: ``[b]``, ``[i]``, ``[u]``, ``[s]``, ``[quote]`` and
``[quote=Nickname]`` (one-click quoting fills this in), ``[spoiler]`` and
``[spoiler=title]``, ``[url]…[/url]`` and ``[url=…]…[/url]`` (http, https,
mailto only). The source is HTML-escaped first; the output passes nh3 with
an allowlist, so no markup of the author's survives.
"""

from __future__ import annotations

import re

import nh3
from django.utils.html import escape

TAGS = {"b", "i", "u", "s", "blockquote", "cite", "details", "summary", "a", "br", "p", "span"}
ATTRIBUTES = {"a": {"href"}, "span": {"class"}, "blockquote": {"class"}, "details": {"class"}}
SIMPLE = {"b": "b", "i": "i", "u": "u", "s": "s"}
URL = r"(?:https?://|mailto:)[^\s\"'<>\[\]]+"

_simple = re.compile(r"\[(b|i|u|s)\](.*?)\[/\1\]", re.S | re.I)
_quote = re.compile(r"\[quote(?:=([^\]\n]{1,60}))?\](.*?)\[/quote\]", re.S | re.I)
_spoiler = re.compile(r"\[spoiler(?:=([^\]\n]{1,80}))?\](.*?)\[/spoiler\]", re.S | re.I)
_url_named = re.compile(r"\[url=(" + URL + r")\](.*?)\[/url\]", re.S | re.I)
_url_plain = re.compile(r"\[url\](" + URL + r")\[/url\]", re.S | re.I)


def _quote_html(match: re.Match[str]) -> str:
    author = match.group(1)
    cite = f"<cite>{author.strip()} wrote:</cite>" if author else ""
    return f'<blockquote class="quote">{cite}{match.group(2).strip()}</blockquote>'


def _spoiler_html(match: re.Match[str]) -> str:
    title = (match.group(1) or "Spoiler").strip()
    return f'<details class="spoiler"><summary>{title}</summary>{match.group(2).strip()}</details>'


def _apply(pattern: re.Pattern[str], repl, text: str) -> str:
    """Apply ``pattern`` until nothing changes (nested tags)."""
    for _ in range(20):
        new = pattern.sub(repl, text)
        if new == text:
            break
        text = new
    return text


def render(source: str) -> str:
    """BBCode source → sanitised HTML (see module doc)."""
    text = escape(source.replace("\r\n", "\n"))
    text = _apply(_simple, lambda m: f"<{SIMPLE[m.group(1).lower()]}>{m.group(2)}</{SIMPLE[m.group(1).lower()]}>", text)
    text = _url_named.sub(lambda m: f'<a href="{m.group(1)}">{m.group(2)}</a>', text)
    text = _url_plain.sub(lambda m: f'<a href="{m.group(1)}">{m.group(1)}</a>', text)
    text = _apply(_spoiler, _spoiler_html, text)
    text = _apply(_quote, _quote_html, text)
    text = text.replace("\n", "<br>")
    return nh3.clean(
        text,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )


def quote_source(nickname: str, body: str) -> str:
    """The BBCode that quotes a post (the quote button inserts it)."""
    return f"[quote={nickname}]{body}[/quote]\n"
