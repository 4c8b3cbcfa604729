"""The Jinja2 environment the site's pages are rendered with (``templates/``,
``settings.TEMPLATES``).

Every page of the site and every part the live channel sends is a Jinja2
template: a player's page is built while its game is written to every few
seconds, and Django's template engine took a third of a thread page's CPU
(``bench_build``, docs/benchmarks.md). Django's own engine still renders
the admin, allauth's account pages (inside the site's frame:
``templates/django/allauth/layouts/base.html``) and the form widgets' fallbacks.

The templates keep the Django engine's ways, so a page reads the same:

- a printed value is shown as Django shows it (``shown``): a date or number
  in the reader's language and zone, escaped unless marked safe; printing a
  method instead of its result raises ``TypeError`` (Jinja2 does not call
  methods by itself: ``form.as_p()``);
- a missing variable or attribute is empty, however deep
  (``jinja2.ChainableUndefined``);
- translations: ``{{ _("Vote count") }}``, and for a text with values
  ``{{ _("Day %(n)s")|fill(n=phase.number) }}`` (Django's
  ``blocktranslate``: the values escaped, the translation not), so
  ``makemessages`` extracts them from the templates as from Django's;
  texts with a translation context are named in ``CONTEXT_TEXTS``.

The site's filters show stored and declared names in the reader's
language (``room_title``, ``host_text``, ``ruleset_title``,
``variant_title``, ``phase_title``, ``localized``) and moments as the
players read them (``local_time``, ``local_clock``, ``zone_offset``)."""

from __future__ import annotations

import functools
import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import jinja2
from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template import defaultfilters
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse
from django.utils import timezone, translation
from django.utils.formats import localize
from django.utils.functional import SimpleLazyObject
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timezone import template_localtime
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django_htmx.jinja import htmx_script
from markupsafe import Markup

import rulesets
from rulesets.core import RulesError

from . import access, clock, languages, names, post_html
from .errors import GameBroken
from .models import Game, Phase, Room

CABINET_OF = "Cabinet of %(nick)s"

# Texts whose translation depends on a context (``pgettext``), named here
# so makemessages reads them: ``{{ words.vote_button }}``.
CONTEXT_TEXTS = {
    "vote_button": pgettext_lazy("button: cast the vote", "Vote"),
    "revote_button": pgettext_lazy("button: cast the re-vote", "Re-vote"),
    "day_unit": pgettext_lazy("days, as in 2d 03:00:00", "d"),
}


def shown(value: Any) -> Any:
    """A printed value as Django's engine shows it (``{{ value }}``): an
    aware datetime in the current zone, numbers and dates in the reader's
    language; text as it is (escaped later unless safe). Raises
    ``TypeError`` for a callable, which Django's engine would have called:
    the template must call it (``form.as_p()``)."""
    if isinstance(value, str):
        return value
    if callable(value) and not hasattr(value, "__html__"):
        raise TypeError(f"a template printed {value!r} instead of calling it")
    return localize(template_localtime(value))


def fill(text: str, **values: Any) -> Markup:
    """``{{ _("Winner: %(winner)s")|fill(winner=winner) }}``: a translated
    text with its values put in, as Django's ``blocktranslate`` does: each
    value shown (``shown``) and escaped, the translation itself not (it may
    hold markup: ``You play as <strong>%(nick)s</strong>.``)."""
    return Markup(text) % {key: shown(value) for key, value in values.items()}  # noqa: S704 - our catalogue's text; the values are escaped by %


def url(name: str, *args: Any) -> str:
    """``{{ url("room", game.slug, room.public_id) }}``: the path of a named
    URL. Raises ``NoReverseMatch`` as ``{% url %}`` does.

    A thread page asks for about fifteen paths, the dashboard for two
    dozen, mostly the same from one request to the next (the game's slug,
    its rooms' ids); each is worked out once per process and script
    prefix (``_path``) and then read back. Arguments that cannot be kept
    (not hashable) are reversed every time."""
    try:
        return _path(name, args, get_script_prefix())
    except TypeError:
        return reverse(name, args=args)


@functools.lru_cache(maxsize=8192)
def _path(name: str, args: tuple[Any, ...], prefix: str) -> str:
    """``reverse(name, args=args)`` under script prefix ``prefix`` (the
    current one: the key only keeps paths of two prefixes apart)."""
    return reverse(name, args=args)


def language_choices() -> list[dict[str, Any]]:
    """The site's languages (``settings.LANGUAGES``) with their names in
    themselves, for the language switch: ``[{"code": "ru", "name_local":
    "Русский", …}, …]``."""
    return [translation.get_language_info(code) for code, _name in settings.LANGUAGES]


def date(value: datetime | None, fmt: str) -> str:
    """Django's ``date`` filter, in the current zone as in Django's engine."""
    return defaultfilters.date(template_localtime(value), fmt) if value else ""


# -- names in the reader's language


def host_text(text: str, game: Game) -> str:
    """``{{ "Host"|host_text(game) }}``: a text naming the host
    (``games.names.HOST_TEXTS``) in the words of the game's players
    (werewolf18's 法官 in Chinese); the site's own words without a game."""
    if not isinstance(game, Game):
        return _(text)
    from .flow import ruleset_of

    return names.host_text(ruleset_of(game), text)


def localized(texts: dict[str, str] | None) -> str:
    """A declared text (``{"ru": …, "zh": …, "en": …}``) in the reader's language."""
    return names.localized(texts or {})


def _cabinet_owner(title: str) -> str | None:
    """The nickname in a stored personal cabinet title, whichever of the
    site's languages it was written in (titles are stored when the room is
    made, in the language of whoever made it)."""
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            pattern = _(CABINET_OF)
        before, sep, after = pattern.partition("%(nick)s")
        if not sep:
            continue
        found = re.fullmatch(re.escape(before) + "(.+)" + re.escape(after), title, re.DOTALL)
        if found:
            return found.group(1)
    return None


def room_title(room: Room, game: Game | None = None) -> str:
    """The title of ``room`` in the reader's language: public threads and
    team rooms by their kind, day and key; a personal cabinet with the
    nickname its stored title holds. Anything else keeps its stored title."""
    kind = room.kind
    if kind == Room.Kind.SIGNUP:
        return _("Sign-up")
    if kind == Room.Kind.INTRO:
        return _("Introductions")
    if kind == Room.Kind.GRAVEYARD:
        return _("Graveyard")
    if kind == Room.Kind.DAY and room.day:
        return _("Day %(n)d") % {"n": room.day}
    if kind == Room.Kind.VOTE and room.day:
        return _("Vote, day %(n)d") % {"n": room.day}
    if kind in (Room.Kind.TEAM, Room.Kind.CABINET) and game is not None:
        from .flow import ruleset_of

        try:
            ruleset = ruleset_of(game)
        except GameBroken:  # an unknown ruleset id: keep the stored title
            return room.title
        if kind == Room.Kind.TEAM and room.key in ruleset.TEAMS:
            return names.team_title(ruleset, room.key)
        if kind == Room.Kind.CABINET and room.key in ruleset.ROLES:
            return names.shared_cabinet_title(ruleset, room.key)
        if kind == Room.Kind.CABINET:
            nick = _cabinet_owner(room.title)
            if nick is not None:
                return _(CABINET_OF) % {"nick": nick}
    return room.title


def ruleset_title(ruleset_id: str) -> str:
    """The name of a ruleset in the reader's language (its id if unknown)."""
    try:
        return names.localized(rulesets.get(ruleset_id).title, ruleset_id)
    except RulesError:
        return ruleset_id


def variant_title(variant: str, ruleset_id: str) -> str:
    """The name of a ruleset's variant in the reader's language (its id if
    the ruleset does not name it)."""
    try:
        texts = rulesets.get(ruleset_id).VARIANT_NAMES.get(variant, {})
    except RulesError:
        return variant
    return names.localized(texts, variant)


def phase_title(phase: Phase) -> str:
    """A phase as the pages name it: "Day 2", "Night 1", in the reader's language."""
    if phase.kind == "night":
        return _("Night %(n)s") % {"n": phase.number}
    return _("Day %(n)s") % {"n": phase.number}


# -- moments as the players read them


def local_time(when: datetime | None, game: Game) -> str:
    """``{{ post.created_at|local_time(game) }}``: the game's local time and
    its offset from UTC, written the same in every language."""
    return clock.local_time(game, when) if when else ""


def local_time_seconds(when: datetime | None, game: Game) -> str:
    """As ``local_time``, with the seconds."""
    return clock.local_time(game, when, seconds=True) if when else ""


def local_clock(when: datetime | None, game: Game) -> str:
    """``{{ post.edited_at|local_clock(game) }}``: the hour and minute (14:05)
    in the reader's zone (the game's, unless the reader chose one)."""
    return clock.local_clock(game, when) if when else ""


def reader_zone() -> str:
    """The zone the reader chose to read times in, with its offset from UTC
    now (Europe/Berlin, UTC+1); "" when the reader reads each game's own."""
    zone = languages.viewer_zone()
    return f"{zone}, {clock.utc_offset(timezone.now().astimezone(ZoneInfo(zone)))}" if zone else ""


def zone_offset(game: Game) -> str:
    """The game's offset from UTC now (UTC+3)."""
    return clock.utc_offset(timezone.now().astimezone(ZoneInfo(game.timezone)))


# -- parts that read the page's context


@jinja2.pass_context
def post_articles(context: jinja2.runtime.Context, posts: Any) -> list[tuple[Any, SafeString]]:
    """``[(post, html), …]`` for ``posts``, from the shared cache of
    rendered posts (``games.post_html``), rendered for the reader of the
    page (the context's ``game``, ``room`` and ``is_host``)."""
    return post_html.articles(posts or [], context["game"], context["room"], bool(context.get("is_host")))


def seat_id(ids: dict | None, nickname: str) -> str:
    """``{{ seat_ids|seat_id(name) }}``: the public id of the seat named
    ``nickname`` in ``ids`` (nickname → public id), "" for none."""
    return (ids or {}).get(nickname, "")


@jinja2.pass_context
def game_fault_notice(context: jinja2.runtime.Context, game: Any) -> Markup:
    """On every page of a game the rules cannot read (``flow.game_fault``:
    an unregistered ruleset id, a stored state lacking a key), the notice
    saying so (``games/_broken_notice.html``): the fault in words for the
    host, co-hosts and staff accounts, a neutral "paused by a fault" for
    everyone else; nothing for a sound game. Reads no table beyond the
    game's co-hosts (for a broken game only); never raises."""
    if not isinstance(game, Game):
        return Markup("")
    from .flow import game_fault

    reason = game_fault(game)
    if reason is None:
        return Markup("")
    user = context.get("user")
    staff = user is not None and bool(getattr(user, "is_staff", False))
    told = staff or (user is not None and access.is_host(user, game))
    notice = context.environment.get_template("games/_broken_notice.html")
    return Markup(  # noqa: S704 - our own template's output, escaped there
        notice.render(
            reason=reason if told else "",
            admin_url=reverse("admin:games_game_change", args=[game.pk]) if staff else "",
        )
    )


def csrf_once(request: HttpRequest) -> dict[str, SimpleLazyObject]:
    """A context processor: the page's CSRF token (``csrf_token``, also the
    live channel's header) and its hidden input (``csrf_input``), one masked
    token for both, made once per page, as Django's engine makes it;
    Django's Jinja2 backend makes a new masked token for each form that
    prints it (masking one costs about 0.05 ms)."""
    token = SimpleLazyObject(lambda: get_token(request))
    return {
        "csrf_token": token,
        "csrf_input": SimpleLazyObject(
            lambda: format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', str(token))
        ),
    }


def environment(**options: Any) -> jinja2.Environment:
    """The site's Jinja2 environment (``settings.TEMPLATES``' ``environment``):
    Django's backend options, with missing names empty however deep, values
    shown as Django shows them (``shown``), a template's last newline kept
    (as Django's engine keeps it), and the globals and filters above."""
    options.update(undefined=jinja2.ChainableUndefined, finalize=shown, keep_trailing_newline=True)
    env = jinja2.Environment(**options)  # noqa: S701 - Django's backend passes autoescape=True
    env.globals.update(
        _=_,
        words=CONTEXT_TEXTS,
        url=url,
        static=static,
        htmx_script=htmx_script,
        get_current_language=translation.get_language,
        language_choices=language_choices,
        reader_zone=reader_zone,
        post_articles=post_articles,
        game_fault_notice=game_fault_notice,
    )
    env.filters.update(
        fill=fill,
        date=date,
        floatformat=defaultfilters.floatformat,
        linebreaksbr=defaultfilters.linebreaksbr,
        urlencode=defaultfilters.urlencode,
        host_text=host_text,
        localized=localized,
        room_title=room_title,
        ruleset_title=ruleset_title,
        variant_title=variant_title,
        phase_title=phase_title,
        local_time=local_time,
        local_time_seconds=local_time_seconds,
        local_clock=local_clock,
        zone_offset=zone_offset,
        seat_id=seat_id,
    )
    return env
