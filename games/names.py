"""The names a person reads for what a ruleset declares: roles, teams,
abilities and rooms, in the reader's language (the declared names by
language code, the document's own and English)."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulesets.core import Ruleset


def localized(names: dict[str, str], fallback: str = "") -> str:
    """A declared text (``{"ru": …, "zh": …, "en": …}``) in the reader's
    language, else English, else ``fallback``."""
    lang = (get_language() or "en")[:2]
    return names.get(lang) or names.get("en") or fallback


_name = localized


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
