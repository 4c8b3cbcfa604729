"""The windows of a game day as a person reads them: which window a
deadline closes (nominations, defence, the vote, the re-vote, the night…)
and which one opens after it.

A deadline (``Deadline.kind``, a ``ScheduleEntry.id`` of the game's
ruleset) closes the window that began at the previous deadline (or at the
phase's opening). Each ruleset declares the names of its windows
(``Ruleset.WINDOWS``, read through ``Ruleset.window_closed_by``, in English
and marked for translation); the site translates them and falls back to
the phase's name.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulesets.core import Ruleset

_BY_PHASE: dict[str, Promise] = {
    "day": _("the day"),
    "night": _("the night"),
    "setup": _("set-up choices"),
}


def window_name(ruleset: Ruleset, kind: str, phase_kind: str = "") -> str:
    """The name (translated, lower case) of the window the deadline ``kind``
    of ``ruleset`` (a ``rulesets.core.Ruleset``) closes, as the ruleset
    declares it (PITER-010..PITER-017, COSMO-007..COSMO-013, WW18-071); a
    further lynch vote (classic ``vote_2``…, CLASSIC-066) is "the vote".
    Falls back to the phase's name (``phase_kind``: ``day``, ``night`` or
    ``setup``), then to ``kind``."""
    declared = ruleset.window_closed_by(kind)
    if declared:
        return gettext(declared)
    found = _BY_PHASE.get(phase_kind)
    return str(found) if found is not None else kind


def first_window(ruleset: Ruleset, phase_kind: str) -> str:
    """The name of the first window of a ``phase_kind`` phase of ``ruleset``
    (a ``rulesets.core.Ruleset``): the one its first ``SCHEDULE`` deadline
    (the opening entry aside) closes."""
    for entry in ruleset.SCHEDULE:
        if entry.closes == phase_kind and entry.id != ruleset.OPENING:
            return window_name(ruleset, entry.id, phase_kind)
    return window_name(ruleset, "", phase_kind)
