"""The names a person reads for what a ruleset declares: roles, teams,
abilities and rooms, in the reader's language (the declared names by
language code, the document's own and English)."""

from __future__ import annotations

from django.utils.translation import get_language, gettext_noop, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from rulesets.core import Ruleset


def localized(names: dict[str, str], fallback: str = "") -> str:
    """A declared text (``{"ru": …, "zh": …, "en": …}``) in the reader's
    language, else English, else ``fallback``."""
    lang = (get_language() or "en")[:2]
    return names.get(lang) or names.get("en") or fallback


_name = localized


# The site's texts a player reads in a game that name the host, marked
# plain and under each context a ruleset may declare for its players' word
# for the host (``Declarations.HOST_CONTEXT``; ``werewolf``: 法官).
HOST_TEXTS = {
    gettext_noop("Host"): (pgettext_lazy("werewolf", "Host"),),
    gettext_noop("Private thread with the host"): (pgettext_lazy("werewolf", "Private thread with the host"),),
    gettext_noop("Question to the host"): (pgettext_lazy("werewolf", "Question to the host"),),
    gettext_noop("The host applied a penalty."): (pgettext_lazy("werewolf", "The host applied a penalty."),),
    gettext_noop(
        "%(asked)d of the %(alive)d players in the game asked for acceleration: the game is accelerated "
        "(%(rule)s). Votes can no longer be changed, and not voting earns no card; the host may shorten "
        "the deadlines."
    ): (
        pgettext_lazy(
            "werewolf",
            "%(asked)d of the %(alive)d players in the game asked for acceleration: the game is accelerated "
            "(%(rule)s). Votes can no longer be changed, and not voting earns no card; the host may shorten "
            "the deadlines.",
        ),
    ),
}


def host_text(ruleset: Ruleset, text: str) -> str:
    """``text`` (one of ``HOST_TEXTS``) in the reader's language, in the
    ruleset's players' word for the host where it declares one
    (``HOST_CONTEXT``: 法官 in a werewolf18 game read in Chinese), else in
    the site's (主持人)."""
    if ruleset.HOST_CONTEXT:
        shown = pgettext(ruleset.HOST_CONTEXT, text)
        if shown != text:
            return shown
    return _(text)


def joined(parts: list[str] | tuple[str, ...]) -> str:
    """A list as the reader's language writes it: "Ann, Bob" in English and
    Russian, "Ann、Bob" in Chinese (the enumeration comma 顿号)."""
    return ("、" if (get_language() or "").startswith("zh") else ", ").join(parts)


def role_name(ruleset: Ruleset, role: str | None) -> str:
    """The display name of a role id (with the document's own name)."""
    if not role:
        return _("unknown")
    spec = ruleset.ROLES.get(role)
    if spec is None:
        return role
    own = spec.name.get(ruleset.language)
    shown = _name(spec.name, role)
    return f"{shown} ({own})" if own and own != shown else shown


def card_name(ruleset: Ruleset, role: str | None, team: str | None) -> str:
    """A revealed card: the role's display name (``role_name``), with the
    team where the card names it (``Role.card_team``: the forum's plain
    criminal is a «Маф» or a «Ман», FORUM-014)."""
    spec = ruleset.ROLES.get(role or "")
    if spec is None or not spec.card_team or not team:
        return role_name(ruleset, role)
    return _("%(role)s, team %(team)s") % {"role": role_name(ruleset, role), "team": team_name(ruleset, team)}


def team_name(ruleset: Ruleset, team: str | None) -> str:
    """The display name of a team id."""
    if not team:
        return ""
    spec = ruleset.TEAMS.get(team)
    return _name(spec.name, team) if spec else team


def team_title(ruleset: Ruleset, team: str) -> str:
    """The title of a team room."""
    return _("Team room: %(team)s") % {"team": team_name(ruleset, team)}


def shared_cabinet_title(ruleset: Ruleset, key: str) -> str:
    """The title of a cabinet shared by several roles (the cop's), or of a
    room the ruleset names (``Ruleset.ROOM_NAMES``)."""
    if key in ruleset.ROOM_NAMES:
        return _name(ruleset.ROOM_NAMES[key], key)
    return _("Shared cabinet: %(role)s") % {"role": role_name(ruleset, key)}


def ability_name(ruleset: Ruleset, ability: str) -> str:
    """The display name of an ability id."""
    spec = ruleset.ABILITIES.get(ability)
    return _name(spec.name, ability) if spec else ability
