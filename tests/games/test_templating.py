"""The pages are Jinja2 templates (``games.templating``) that read as
Django's engine rendered them: values shown in the reader's language and
zone, a text with values escaping the values and not the translation, one
CSRF token a page, allauth's account pages inside the site's frame, and a
method printed instead of called is an error, not text on the page."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.template import engines
from django.urls import NoReverseMatch, get_script_prefix, reverse, set_script_prefix
from django.utils import timezone, translation

from .pages import client_as, rooms_of

pytestmark = pytest.mark.django_db


def jinja(source: str, **context) -> str:
    return engines["jinja2"].from_string(source).render(context)


def django(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.mark.parametrize("language", ["en", "ru", "zh-hans"])
def test_values_show_as_django_shows_them(language: str) -> None:
    """Numbers and moments in the reader's language and zone, text escaped,
    ``None`` as Django writes it."""
    values = {
        "a_float": 1.5,
        "a_decimal": Decimal("2.25"),
        "an_int": 12345,
        "a_moment": datetime(2026, 11, 20, 21, 0, tzinfo=UTC),
        "a_date": datetime(2026, 11, 20).date(),
        "markup": "<b>Tom & 'Jerry'</b>",
        "nothing": None,
        "yes": True,
    }
    with translation.override(language), timezone.override("Europe/Moscow"):
        for name, value in values.items():
            shown_by_jinja = jinja("{{ v }}", v=value)
            shown_by_django = django("{{ v }}", v=value).replace("&#x27;", "&#39;")
            assert shown_by_jinja == shown_by_django, name
    with translation.override("ru"):
        assert jinja("{{ v }}", v=1.5) == "1,5"


def test_a_text_with_values_escapes_the_values_and_keeps_the_markup_of_its_translation() -> None:
    source = '{{ _("You play as <strong>%(nick)s</strong>.")|fill(nick=nick) }}'
    shown = jinja(source, nick="<script>x</script>")
    assert shown == "You play as <strong>&lt;script&gt;x&lt;/script&gt;</strong>."
    with translation.override("ru"):
        shown = jinja(source, nick="Tom & Jerry")
    assert "<strong>Tom &amp; Jerry</strong>" in shown and "You play as" not in shown


def test_a_method_printed_instead_of_called_is_an_error() -> None:
    """Django's engine called methods by itself; Jinja2 would print
    ``<bound method …>`` on the page."""
    with pytest.raises(TypeError, match="instead of calling it"):
        jinja("{{ when.isoformat }}", when=datetime(2026, 11, 20, tzinfo=UTC))
    assert jinja("{{ when.isoformat() }}", when=datetime(2026, 11, 20, tzinfo=UTC)) == "2026-11-20T00:00:00+00:00"


def test_a_missing_name_is_empty_however_deep() -> None:
    assert jinja("[{{ links.other.public_id }}]{% if links.other.unread %}x{% endif %}") == "[]"


def test_the_forms_of_a_page_carry_one_csrf_token(forum_game, settings) -> None:
    settings.LIVE_STREAM = True  # the page names its stream, with the token to open it
    game, _seats = forum_game
    html = client_as("bob").get(reverse("room", args=[game.slug, rooms_of(game)["day"].public_id])).content.decode()
    tokens = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert len(tokens) >= 3  # log out, language, the post form
    # The live channel's stream is opened with the same one.
    streams = re.findall(r'data-csrf="([^"]+)"', html)
    assert streams
    # … and htmx sends it with the page's every request (the body's hx-headers).
    headers = re.findall(r'<body hx-headers=\'\{"X-CSRFToken": "(\w+)"\}\'>', html)
    assert len(headers) == 1
    assert len(set(tokens + streams + headers)) == 1


def test_the_account_pages_sit_in_the_sites_frame(forum_game) -> None:
    """allauth's pages (Django's engine) inside the site's own header and
    footer (the Jinja2 ``base.html``), with their own title."""
    html = client_as("anon").get(reverse("account_login")).content.decode()
    assert re.search(r"<title>\s*Sign In\s*</title>", html)
    assert '<a class="brand" href="/">' in html and 'class="site-footer"' in html
    assert 'name="login"' in html and 'name="csrfmiddlewaretoken"' in html
    with translation.override("ru"):
        html = client_as("anon").get(reverse("account_login"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'lang="ru"' in html


def test_a_path_is_the_named_urls_under_the_script_prefix_of_the_moment(forum_game) -> None:
    """``url()`` keeps the paths it worked out: asked again, under another
    script prefix (a site served below a path), or with a room that does
    not exist, it gives what ``reverse`` gives, and a name that is no URL
    is still an error."""
    game, _seats = forum_game
    room = rooms_of(game)["day"]
    source = "{{ url('room', slug, room_id) }}"
    expected = reverse("room", args=[game.slug, room.public_id])
    assert jinja(source, slug=game.slug, room_id=room.public_id) == expected
    assert jinja(source, slug=game.slug, room_id=room.public_id) == expected
    assert jinja(source, slug=game.slug, room_id="elsewhere") == expected.replace(room.public_id, "elsewhere")
    before = get_script_prefix()
    try:
        set_script_prefix("/mafia/")
        assert jinja(source, slug=game.slug, room_id=room.public_id) == "/mafia" + expected
    finally:
        set_script_prefix(before)
    assert jinja(source, slug=game.slug, room_id=room.public_id) == expected
    # An argument that cannot be kept is reversed as it comes.

    class Unhashable:
        __hash__ = None

        def __str__(self) -> str:
            return game.slug

    assert jinja("{{ url('game', slug) }}", slug=Unhashable()) == reverse("game", args=[game.slug])
    with pytest.raises(NoReverseMatch):
        jinja("{{ url('no-such-page') }}")
