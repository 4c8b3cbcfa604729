"""Posts: a safe subset of BBCode rendered to HTML and sanitised with nh3.

Supported: ``[b]``, ``[i]``, ``[u]``, ``[s]``, ``[quote]`` and
``[quote=Nickname]`` (one-click quoting fills this in), ``[spoiler]`` and
``[spoiler=title]``, ``[url]…[/url]`` and ``[url=…]…[/url]`` (http, https,
mailto only). The source is HTML-escaped first; the output passes nh3 with
an allowlist, so no markup of the author's survives.

Rendering is one pass over the source: a tokenizer finds the tags, a stack
pairs each closing tag with the nearest open tag of its name. A tag that is
never closed, or a closing tag with nothing open, stays as typed; tags left
open inside a closed one stay as typed too. The time is linear in the
post's length whatever the input (``python manage.py bench_markup`` prints
figures): no step rescans the rest of the post from an unclosed tag.
"""

from __future__ import annotations

import re
from contextlib import nullcontext
from dataclasses import dataclass

import nh3
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

TAGS = {"b", "i", "u", "s", "blockquote", "cite", "details", "summary", "a", "br", "p", "span"}
ATTRIBUTES = {"a": {"href"}, "span": {"class"}, "blockquote": {"class"}, "details": {"class"}}
SIMPLE = {"b", "i", "u", "s"}
URL = r"(?:https?://|mailto:)[^\s\"'<>\[\]]+"
# Longest parameter of each tag (in escaped characters); a longer one
# leaves the tag as typed. ``url`` links may be long, titles may not.
PARAM_LIMIT = {"quote": 60, "spoiler": 80, "url": 2000}
# Deeper tags stay as typed: nobody nests 32 quotes, and the bound keeps
# the sanitiser's work on the resulting tree small.
MAX_DEPTH = 32

_tag = re.compile(r"\[(/?)(b|i|u|s|quote|spoiler|url)(=|\])", re.I)
_url = re.compile(URL, re.I)


@dataclass
class _Open:
    """An open tag on the stack: its name, parameter (None without ``=``)
    and the index of its placeholder in the output pieces."""

    name: str
    param: str | None
    at: int


class _Renderer:
    """One rendering: ``pieces`` is the HTML so far, ``stack`` the open tags."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pieces: list[str] = []
        self.stack: list[_Open] = []
        # The next "]" and the next newline at or after a position, cached so
        # that many "[url=" without a "]" cost one scan, not one each.
        self._bracket = self._newline = -2

    def run(self) -> str:
        pos = 0
        for match in _tag.finditer(self.text):
            if match.start() < pos:
                continue  # inside a parameter already consumed
            self.pieces.append(self.text[pos : match.start()])
            pos = self._token(match)
        self.pieces.append(self.text[pos:])
        return "".join(self.pieces)

    def _token(self, match: re.Match[str]) -> int:
        """Handle the tag at ``match``; returns where the text goes on."""
        closing, name, sep = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            if sep != "]":
                self.pieces.append(match.group(0))
                return match.end()
            self._close(name, match.group(0))
            return match.end()
        param: str | None = None
        end = match.end()
        if sep == "=":
            stop = self._param_end(end)
            if stop < 0 or self.text[stop] != "]":
                self.pieces.append(match.group(0))
                return end
            param, end = self.text[end:stop], stop + 1
        if not self._opens(name, param) or len(self.stack) >= MAX_DEPTH:
            self.pieces.append(self.text[match.start() : end])
            return end
        self.stack.append(_Open(name, param, len(self.pieces)))
        self.pieces.append(self.text[match.start() : end])
        return end

    def _param_end(self, start: int) -> int:
        """The index of the first "]" or newline at or after ``start`` (-1: none)."""
        if self._bracket != -1 and self._bracket < start:
            self._bracket = self.text.find("]", start)
        if self._newline != -1 and self._newline < start:
            self._newline = self.text.find("\n", start)
        found = [i for i in (self._bracket, self._newline) if i >= 0]
        return min(found) if found else -1

    @staticmethod
    def _opens(name: str, param: str | None) -> bool:
        """Whether ``[name=param]`` is a tag (else it stays as typed)."""
        if param is None:
            return True
        if name in SIMPLE or not param or len(param) > PARAM_LIMIT[name]:
            return False
        return name != "url" or _url.fullmatch(param) is not None

    def _close(self, name: str, source: str) -> None:
        """Pair ``[/name]`` with the nearest open ``name``; the tags opened
        after it and still open stay as typed."""
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth].name == name:
                break
        else:
            self.pieces.append(source)
            return
        tag = self.stack[depth]
        del self.stack[depth:]
        if name in SIMPLE:
            self.pieces[tag.at] = f"<{name}>"
            self.pieces.append(f"</{name}>")
        elif name == "url":
            self._close_url(tag, source)
        else:
            self._strip_inside(tag.at)
            self.pieces[tag.at] = _block_open(name, tag.param)
            self.pieces.append("</blockquote>" if name == "quote" else "</details>")

    def _close_url(self, tag: _Open, source: str) -> None:
        if tag.param is not None:
            self.pieces[tag.at] = f'<a href="{tag.param}">'
            self.pieces.append("</a>")
            return
        inside = "".join(self.pieces[tag.at + 1 :])
        if _url.fullmatch(inside):
            self.pieces[tag.at + 1 :] = [f'<a href="{inside}">{inside}</a>']
            self.pieces[tag.at] = ""
        else:
            self.pieces.append(source)

    def _strip_inside(self, at: int) -> None:
        """Strip the white space at both ends of the content after ``at``."""
        for i in range(at + 1, len(self.pieces)):
            self.pieces[i] = self.pieces[i].lstrip()
            if self.pieces[i]:
                break
        for i in range(len(self.pieces) - 1, at, -1):
            self.pieces[i] = self.pieces[i].rstrip()
            if self.pieces[i]:
                break


def _block_open(name: str, param: str | None) -> str:
    if name == "quote":
        if not param:
            return '<blockquote class="quote">'
        # The name is escaped already; the sentence is the catalogue's.
        header = gettext("%(name)s wrote:") % {"name": param.strip()}
        return f'<blockquote class="quote"><cite>{header}</cite>'
    title = (param or gettext("Spoiler")).strip()
    return f'<details class="spoiler"><summary>{title}</summary>'


def render(source: str, language: str | None = None) -> str:
    """BBCode source → sanitised HTML (see module doc); linear time. A
    quote's header ("Bonnie wrote:") is written in ``language`` (a Django
    language code, the game's: ``languages.game_language``), else in the
    active language."""
    with translation.override(language) if language else nullcontext():
        text = _Renderer(escape(source.replace("\r\n", "\n"))).run()
    return nh3.clean(
        text.replace("\n", "<br>"),
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )


def quote_source(nickname: str, body: str) -> str:
    """The BBCode that quotes a post (the quote button inserts it)."""
    return f"[quote={nickname}]{body}[/quote]\n"
