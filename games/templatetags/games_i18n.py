"""Template filters showing stored and declared names in the reader's
language: ``{{ room|room_title:game }}``, ``{{ names|localized }}``,
``{{ game.ruleset|ruleset_title }}``, ``{{ game.variant|variant_title:game.ruleset }}``
and ``{{ phase|phase_title }}``."""

from __future__ import annotations

import re

from django import template
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

import rulesets
from games import names as declared
from games.flow import GameBroken, ruleset_of
from games.models import Game, Phase, Room
from rulesets.core import RulesError

register = template.Library()

CABINET_OF = "Cabinet of %(nick)s"


@register.filter
def host_text(text: str, game: Game) -> str:
    """``{{ "Host"|host_text:game }}``: a text naming the host
    (``games.names.HOST_TEXTS``) in the words of the game's players
    (werewolf18's 法官 in Chinese); the site's own words without a game."""
    if not isinstance(game, Game):
        return _(text)
    return declared.host_text(ruleset_of(game), text)


@register.filter
def localized(names: dict[str, str] | None) -> str:
    """A declared text (``{"ru": …, "zh": …, "en": …}``) in the reader's language."""
    return declared.localized(names or {})


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


@register.filter
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
        try:
            ruleset = ruleset_of(game)
        except GameBroken:  # an unknown ruleset id: keep the stored title
            return room.title
        if kind == Room.Kind.TEAM and room.key in ruleset.TEAMS:
            return declared.team_title(ruleset, room.key)
        if kind == Room.Kind.CABINET and room.key in ruleset.ROLES:
            return declared.shared_cabinet_title(ruleset, room.key)
        if kind == Room.Kind.CABINET:
            nick = _cabinet_owner(room.title)
            if nick is not None:
                return _(CABINET_OF) % {"nick": nick}
    return room.title


@register.filter
def ruleset_title(ruleset_id: str) -> str:
    """The name of a ruleset in the reader's language (its id if unknown)."""
    try:
        return declared.localized(rulesets.get(ruleset_id).title, ruleset_id)
    except RulesError:
        return ruleset_id


@register.filter
def variant_title(variant: str, ruleset_id: str) -> str:
    """The name of a ruleset's variant in the reader's language (its id if
    the ruleset does not name it)."""
    try:
        names = rulesets.get(ruleset_id).VARIANT_NAMES.get(variant, {})
    except RulesError:
        return variant
    return declared.localized(names, variant)


@register.filter
def phase_title(phase: Phase) -> str:
    """A phase as the pages name it: "Day 2", "Night 1", in the reader's language."""
    if phase.kind == "night":
        return _("Night %(n)s") % {"n": phase.number}
    return _("Day %(n)s") % {"n": phase.number}


@register.filter
def local_time(when, game: Game) -> str:
    """``{{ post.created_at|local_time:game }}``: the game's local time and
    its offset from UTC, written the same in every language."""
    from games.flow import local_time as format_local

    return format_local(game, when) if when else ""


@register.filter
def local_time_seconds(when, game: Game) -> str:
    """As ``local_time``, with the seconds."""
    from games.flow import local_time as format_local

    return format_local(game, when, seconds=True) if when else ""


@register.filter
def local_clock(when, game: Game) -> str:
    """``{{ post.edited_at|local_clock:game }}``: the hour and minute (14:05)
    in the reader's zone (the game's, unless the reader chose one)."""
    from games.flow import local_clock as format_clock

    return format_clock(game, when) if when else ""


@register.simple_tag
def reader_zone() -> str:
    """The zone the reader chose to read times in, with its offset from UTC
    now (Europe/Berlin, UTC+1); "" when the reader reads each game's own."""
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from games.flow import utc_offset
    from games.languages import viewer_zone

    zone = viewer_zone()
    return f"{zone}, {utc_offset(timezone.now().astimezone(ZoneInfo(zone)))}" if zone else ""


@register.filter
def zone_offset(game: Game) -> str:
    """The game's offset from UTC now (UTC+3)."""
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from games.flow import utc_offset

    return utc_offset(timezone.now().astimezone(ZoneInfo(game.timezone)))
