"""Posts: the BBCode subset renders, and no author's markup survives
(games/markup.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.utils import translation

from games import flow, markup
from games.markup import quote_source, render

ALLOWED_TAGS = {"b", "i", "u", "s", "blockquote", "cite", "details", "summary", "a", "br", "p", "span"}
XSS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "[url=javascript:alert(1)]click[/url]",
    "[url]javascript:alert(1)[/url]",
    "[url=JaVaScRiPt:alert(1)]click[/url]",
    '[url=https://ok.example/" onclick="alert(1)]x[/url]',
    "[url=https://ok.example/x onmouseover=alert(1)]x[/url]",
    "[url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==]x[/url]",
    "[quote=<script>alert(1)</script>]hi[/quote]",
    '[quote=" onmouseover="alert(1)]hi[/quote]',
    "[spoiler=<img src=x onerror=alert(1)>]x[/spoiler]",
    "[b]<iframe src=javascript:alert(1)>[/b]",
    "[b][i]<style>body{}</style>[/i][/b]",
    "<<script>script>alert(1)<</script>/script>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "[url=https://ok.example]<b onmouseover=alert(1)>x</b>[/url]",
    "[spoiler][quote=A][url=javascript:x]y[/url][/quote][/spoiler]",
]


class _Elements(HTMLParser):
    """The real elements of an HTML fragment: (tag, {attribute: value})."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, {k: v or "" for k, v in attrs}))


def elements(html: str) -> list[tuple[str, dict[str, str]]]:
    parser = _Elements()
    parser.feed(html)
    return parser.found


@pytest.mark.parametrize("source", XSS)
def test_no_script_survives(source: str) -> None:
    """No <script> (nor any other active tag) comes out of a post."""
    html = render(source)
    assert "<script" not in html.lower()
    assert {tag for tag, _a in elements(html)} <= ALLOWED_TAGS


@pytest.mark.parametrize("source", XSS)
def test_no_event_handler_attribute_survives(source: str) -> None:
    """No on*= attribute comes out of a post."""
    for _tag, attrs in elements(render(source)):
        assert not [a for a in attrs if a.lower().startswith("on")]


@pytest.mark.parametrize("source", XSS)
def test_no_javascript_url_survives(source: str) -> None:
    """Links keep only http, https and mailto URLs."""
    for _tag, attrs in elements(render(source)):
        for name in ("href", "src", "action", "formaction"):
            if name in attrs:
                assert re.match(r"(https?://|mailto:)", attrs[name]), attrs[name]


def test_bold_italic_underline_and_strike_render() -> None:
    """[b], [i], [u] and [s] become their tags."""
    assert render("[b]a[/b] [i]b[/i] [u]c[/u] [s]d[/s]") == "<b>a</b> <i>b</i> <u>c</u> <s>d</s>"


def test_a_named_quote_names_its_author() -> None:
    """[quote=Nick] becomes a blockquote saying who wrote it."""
    html = render("[quote=Bonnie]I am a citizen[/quote]")
    assert '<blockquote class="quote"><cite>Bonnie wrote:</cite>I am a citizen</blockquote>' == html


def test_nested_quotes_render() -> None:
    """A quote inside a quote keeps both."""
    html = render("[quote=A][quote=B]inner[/quote]outer[/quote]")
    assert html.count("<blockquote") == 2 and "B wrote:" in html and "A wrote:" in html


def test_a_spoiler_is_folded_under_its_title() -> None:
    """[spoiler=title] becomes a closed <details> with that summary."""
    assert (
        render("[spoiler=Plan]kill Doc[/spoiler]")
        == '<details class="spoiler"><summary>Plan</summary>kill Doc</details>'
    )


def test_a_link_opens_without_handing_over_the_page() -> None:
    """[url=…] keeps the address and adds rel=nofollow noopener noreferrer."""
    html = render("[url=https://example.org/rules]rules[/url]")
    assert 'href="https://example.org/rules"' in html and "noopener" in html and "nofollow" in html


def test_line_breaks_are_kept() -> None:
    """A new line in the source is a line break in the post."""
    assert render("one\ntwo") == "one<br>two"


def test_html_the_author_types_is_shown_as_text() -> None:
    """Typed markup is escaped, so the reader sees it as typed."""
    assert render("<b>x</b>") == "&lt;b&gt;x&lt;/b&gt;"


def test_quote_source_wraps_the_post_in_a_named_quote() -> None:
    """The Quote button inserts [quote=Nick]…[/quote]."""
    assert quote_source("Clyde", "I shot Bonnie") == "[quote=Clyde]I shot Bonnie[/quote]\n"


def test_unclosed_tags_stay_as_typed_in_a_long_post() -> None:
    """A 20,000-character post of unclosed [b][i][u][s] renders as typed
    (and in linear time: ``manage.py bench_markup`` prints the figures)."""
    source = "[b][i][u][s]" * 1666
    assert render(source) == source


def test_a_closing_tag_pairs_with_the_nearest_open_one() -> None:
    """Nested tags of one name close from the inside out."""
    assert render("[b]a[b]b[/b]c[/b]") == "<b>a<b>b</b>c</b>"


def test_tags_left_open_inside_a_closed_one_stay_as_typed() -> None:
    """[b]x [i]y[/b]: the bold closes, the stray [i] is shown as typed."""
    assert render("[b]x [i]y[/b]") == "<b>x [i]y</b>"


def test_quotes_nest_at_most_32_deep() -> None:
    """Deeper quotes are shown as typed; the 32 outer ones render."""
    html = render("[quote]" * 40 + "x" + "[/quote]" * 40)
    assert html.count("<blockquote") == 32 and html.count("[quote]") == 8


def test_a_big_adversarial_post_renders_every_closed_tag() -> None:
    """1,000 spoilers, each with a bold inside, all render."""
    html = render("[spoiler=Plan]kill [b]Doc[/b][/spoiler]\n" * 1000)
    assert html.count('<details class="spoiler"><summary>Plan</summary>kill <b>Doc</b></details>') == 1000


@pytest.mark.parametrize(
    ("language", "header"), [("en", "Bonnie wrote:"), ("ru", "Bonnie пишет:"), ("zh-hans", "Bonnie 写道：")]
)
def test_a_quotes_header_is_written_in_the_language_asked(language, header) -> None:
    html = markup.render("[quote=Bonnie]I am a citizen[/quote]", language)
    assert f"<cite>{header}</cite>" in html


@pytest.mark.django_db
def test_a_quote_in_a_game_post_reads_in_the_games_language_whoever_writes_it(forum_game) -> None:
    """A Russian game's post quoting another says «пишет», even written
    from a request in English: the post's HTML is kept as written."""
    game, seats = forum_game
    day = game.rooms.get(kind="day", day=1)
    with translation.override("en"):
        post = flow.post_create(room=day, seat=seats["Doc"], body="[quote=Bonnie]I am a citizen[/quote] Sure.")
    assert "<cite>Bonnie пишет:</cite>" in post.body_html
