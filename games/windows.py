"""The windows of a game day as a person reads them: which window a
deadline closes (nominations, defence, the vote, the re-vote, the night…)
and which one opens after it.

A deadline (``Deadline.kind``, a ``ScheduleEntry.id`` of the game's
ruleset) closes the window that began at the previous deadline (or at the
phase's opening). The rulesets name their deadlines inconsistently for
this purpose (piter names a deadline after what begins at it, «Выдвижение»
at 16:00; cosmo after what ends, «Обсуждение и кандидаты»), so the window
names are kept here, per ruleset and deadline, translated by the site.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# (ruleset id, deadline kind) → the window that deadline closes.
_BY_RULESET: dict[tuple[str, str], Promise] = {
    # piter §2: 10:00 free discussion; 16:00 «Выдвижение» (PITER-010);
    # 18:00 «Минуты монолога» (PITER-011); 19:00 «Голосование» (PITER-012..016);
    # 20:00 the count; 21:00 «Переголосование» on a tie (PITER-017).
    ("piter", "nominations_open"): _("discussion"),
    ("piter", "nominations_close"): _("nominations"),
    ("piter", "defence_close"): _("defence"),
    ("piter", "day_deadline"): _("the vote"),
    # PITER-017: the tied players' extra minute of monologue before the re-vote.
    ("piter", "revote_speech_close"): _("the extra speech of the tied players"),
    ("piter", "revote_deadline"): _("the re-vote"),
    ("piter", "night_deadline"): _("the night"),
    # cosmo §2: «Ночь знакомств» (COSMO-005), «Обсуждение и кандидаты»
    # (COSMO-007), «Голосование» (COSMO-012), «Повторное голосование» (COSMO-013).
    ("cosmo", "acquaintance"): _("the acquaintance night"),
    ("cosmo", "discussion"): _("discussion and nominations"),
    ("cosmo", "revote"): _("the re-vote"),
    # forum: day choices lock at 14:00 (FORUM-012), the vote at 21:00.
    ("forum", "day_actions"): _("day choices"),
    # werewolf18 (WW18-071, WW18-072): «设置», vote changes, «代投», «投票»,
    # the exits' orders, the night's «夜间行动», «女巫», «遗言».
    ("werewolf18", "setup"): _("set-up choices"),
    ("werewolf18", "no_vote_change"): _("discussion and vote changes"),
    ("werewolf18", "proxy_vote"): _("proxy votes"),
    ("werewolf18", "exit_orders"): _("exit orders"),
    ("werewolf18", "night_actions"): _("night actions"),
    ("werewolf18", "witch"): _("the witch's answer"),
    ("werewolf18", "last_words"): _("last words"),
    # classic: the deciding vote (CLASSIC-044).
    ("classic", "deciding_vote"): _("the deciding vote"),
}

# Deadline kind → window, for every ruleset that does not name it above.
_BY_KIND: dict[str, Promise] = {
    "vote": _("the vote"),
    "revote": _("the re-vote"),
    "night": _("the night"),
}

_BY_PHASE: dict[str, Promise] = {
    "day": _("the day"),
    "night": _("the night"),
    "setup": _("set-up choices"),
}


def window_name(ruleset_id: str, kind: str, phase_kind: str = "") -> str:
    """The name (translated, lower case) of the window the deadline ``kind``
    of ruleset ``ruleset_id`` closes; a further lynch vote (classic
    ``vote_2``…, CLASSIC-066) is "the vote". Falls back to the phase's name
    (``phase_kind``: ``day``, ``night`` or ``setup``), then to ``kind``."""
    found = _BY_RULESET.get((ruleset_id, kind)) or _BY_KIND.get(kind)
    if found is None and kind.startswith("vote_"):
        found = _BY_KIND["vote"]
    if found is None:
        found = _BY_PHASE.get(phase_kind)
    return str(found) if found is not None else kind


def first_window(ruleset, phase_kind: str) -> str:
    """The name of the first window of a ``phase_kind`` phase of ``ruleset``
    (a ``rulesets.core.Ruleset``): the one its first ``SCHEDULE`` deadline
    (the opening entry aside) closes."""
    for entry in ruleset.SCHEDULE:
        if entry.closes == phase_kind and entry.id != ruleset.OPENING:
            return window_name(ruleset.id, entry.id, phase_kind)
    return window_name(ruleset.id, "", phase_kind)
