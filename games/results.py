"""Words for what the rulesets return: role cards, results posts, private
results. Rulesets return structured outcomes; every sentence a person reads
is made here and marked for translation. Role and team names come from the
ruleset's declarations in the document's language and in English.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rulesets.core import Feedback, GameState, Outcome, Ruleset, Said, VoteCount

from .models import Game, Phase
from .names import ability_name, card_name, role_name, team_name
from .trace_texts import said_text


def role_card(ruleset: Ruleset, role: str, team: str) -> str:
    """The private message that tells a player their role."""
    spec = ruleset.ROLES.get(role)
    lines = [
        _("[b]Your role:[/b] %(role)s") % {"role": role_name(ruleset, role)},
        _("[b]Your team:[/b] %(team)s") % {"team": team_name(ruleset, team)},
    ]
    if spec and spec.abilities:
        lines.append(
            _("[b]Your abilities:[/b] %(list)s") % {"list": ", ".join(ability_name(ruleset, a) for a in spec.abilities)}
        )
    if spec and spec.summary:
        lines.append(role_summary(ruleset, role))
    return "\n".join(lines)


# A rule id cited in a ruleset's text: "(FORUM-037)", "(CLASSIC-035, B-13)".
RULE_IDS = re.compile(r"\s*\((?:[A-Z][A-Z0-9]*-\d+[a-z]?(?:,\s*)?)+\)")


def role_summary(ruleset: Ruleset, role: str | None) -> str:
    """What the role does, in the reader's language, without the rule ids
    the declaration cites (those are for the host's trace, not for players);
    "" for a role without one."""
    spec = ruleset.ROLES.get(role or "")
    if spec is None or not spec.summary:
        return ""
    return RULE_IDS.sub("", _(spec.summary)).strip()


def feedback_text(ruleset: Ruleset, item: Feedback) -> str:
    """A private result as the host writes it in the cabinet."""
    result: Any = item.result
    if isinstance(result, list):
        shown = ", ".join(role_name(ruleset, r) for r in result) or _("nobody")
    elif result in ruleset.TEAMS:
        shown = team_name(ruleset, result)
    elif result in ruleset.ROLES:
        shown = role_name(ruleset, result)
    else:
        shown = {
            "same": _("the same team"),
            "different": _("different teams"),
            "attacked": _("attacked tonight"),
            "sheriff": _("you hold the sheriff's badge"),
            "last_words": _("you may leave your last words"),
        }.get(str(result), str(result))
    # A check names whom it is about, also when that is the reader himself
    # (the cosmo sergeant's copy of his chief's check on him, COSMO-026).
    if item.about and (item.about != item.to or result in ruleset.ROLES or result in ruleset.TEAMS):
        return _("[b]Result:[/b] %(about)s — %(result)s") % {"about": item.about, "result": shown}
    return _("[b]Result:[/b] %(result)s") % {"result": shown}


ANNOUNCEMENT_TEXT = {
    "killed": gettext_noop("%(player)s was killed tonight. Role: %(role)s."),
    "eliminated": gettext_noop("%(player)s was eliminated by the vote. Role: %(role)s."),
    "autokill": gettext_noop("%(player)s leaves the game automatically. Role: %(role)s."),
    "left": gettext_noop("%(player)s leaves the game. Role: %(role)s."),
    "disqualified": gettext_noop("%(player)s was removed from the game by the host. Role: %(role)s."),
    "note": gettext_noop("A note reads: «%(player)s»."),
}
# Announcement kinds about nobody, by their text in the reader's language:
# the anonymous notes of a game without a host (CLASSIC-061, CLASSIC-064).
PLAIN_TEXT = {
    "note_honest": gettext_noop("A note reads: «honest»."),
    "note_blank": gettext_noop("A note is blank."),
}


def announcement_line(
    ruleset: Ruleset, kind: str, text: Said | str, player: str | None, role: str | None, team: str | None = None
) -> str:
    """One line of the results post: by its kind where the site words it
    (``ANNOUNCEMENT_TEXT``, ``PLAIN_TEXT``), else what the engine said (a
    ``Said`` code, in the reader's language; a plain English ``text`` only
    from before the codes, see ``engine_sentence``). ``team``: the
    player's team, named with a card that names it (``card_name``,
    FORUM-014)."""
    template = ANNOUNCEMENT_TEXT.get(kind)
    if template and player:
        return _(template) % {"player": player, "role": card_name(ruleset, role, team) if role else _("not revealed")}
    if kind == "winner":
        return ""
    if kind in PLAIN_TEXT:
        return _(PLAIN_TEXT[kind])
    if isinstance(text, Said):
        return said_text(ruleset, text)
    return engine_sentence(text, player)


def engine_sentence(text: str, player: str | None = None) -> str:
    """An announcement stored as plain English, before the engines spoke in
    codes (every engine now announces a ``Said``): in the reader's language
    when the catalogue has it with the player's name as ``%(player)s``; else
    as the engine wrote it."""
    if "%" in text:
        return text
    if player and player in text:
        return _(text.replace(player, "%(player)s")) % {"player": player}
    return _(text)


def tally_lines(count: VoteCount) -> list[str]:
    """The day's final public vote count for the results post: who voted
    for whom, the abstentions, or that no vote was cast at all."""
    if not count.rows and not count.abstained:
        return [_("No votes were cast.")]
    rows = "; ".join(f"{row.target} — {row.weight:g} ({', '.join(row.voters)})" for row in count.rows)
    lines = [_("[b]Vote count:[/b] %(rows)s") % {"rows": rows or "—"}]
    if count.abstained:
        lines.append(_("Abstained: %(names)s") % {"names": ", ".join(count.abstained)})
    return lines


def results_text(ruleset: Ruleset, game: Game, phase: Phase, outcome: Outcome, count: VoteCount | None = None) -> str:
    """The public results post of a phase: for a day, the final public vote
    count (``Ruleset.vote_count``); who left and the roles revealed, never
    who did what (FORUM-031)."""
    tally = []
    if phase.kind == Phase.Kind.DAY:
        head = _("[b]Results of the vote, day %(n)d[/b]") % {"n": phase.number}
        tally = tally_lines(count) if count is not None else []
    else:
        head = _("[b]Results of night %(n)d[/b]") % {"n": phase.number}
    # The engine's own count ("votes") is the public count already given above.
    shown = [a for a in outcome.announcements if not (tally and a.kind == "votes")]
    lines = [announcement_line(ruleset, a.kind, a.said, a.player, a.role, _team(outcome, a.player)) for a in shown]
    lines = [line for line in lines if line]
    if not lines:
        lines = [_("Nobody left the game.")]
    if outcome.state.winner:
        lines.append(winner_line(ruleset, outcome.state.winner))
    return "\n".join([head, *tally, *lines])


def _team(outcome: Outcome, player: str | None) -> str | None:
    """The team of ``player`` in the outcome's state (None for nobody)."""
    seat = outcome.state.players.get(player or "")
    return seat.team if seat is not None else None


def winner_line(ruleset: Ruleset, winner: str) -> str:
    """The sentence announcing the winner."""
    if winner == "draw":
        return _("[b]The game ends in a draw.[/b]")
    return _("[b]The game is over: %(team)s win.[/b]") % {"team": team_name(ruleset, winner)}


def final_text(ruleset: Ruleset, game: Game, state: GameState) -> str:
    """The closing post: the winner and every role revealed."""
    lines = [winner_line(ruleset, state.winner or "draw"), _("[b]Roles:[/b]")]
    for p in state.players.values():
        status = _("alive") if p.alive else _("out")
        lines.append(f"{p.name} — {role_name(ruleset, p.role)}, {team_name(ruleset, p.team)} ({status})")
    return "\n".join(lines)


def modkill_text(ruleset: Ruleset, outcome: Outcome) -> str:
    """The public post of a penalty that removes players: the lines the
    ruleset announces, in the reader's language (a role only where it is
    announced: the forum's modkill reveals it, werewolf18's red card never
    does, WW18-074)."""
    lines = [
        announcement_line(ruleset, a.kind, a.said, a.player, a.role, _team(outcome, a.player))
        for a in outcome.announcements
    ]
    return "\n".join(line for line in lines if line) or _("The host applied a penalty.")


def _with_code(line: dict[str, Any], said: Said | str) -> dict[str, Any]:
    """A trace line or announcement as stored: its English ``text`` and, when
    the engine said it as a code, the code (``said``) the pages render."""
    return line | {"said": said.to_dict()} if isinstance(said, Said) else line


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as stored on a Resolution (the host's view)."""
    return {
        "out": list(outcome.out),
        "trace": [_with_code(t.to_dict(), t.said) for t in outcome.trace],
        "announcements": [_with_code(a.to_dict(), a.said) for a in outcome.announcements],
        "feedback": [f.to_dict() for f in outcome.feedback],
        "rejected": [r.to_dict() | {"message": r.message} for r in outcome.rejected],
        "winner": outcome.state.winner,
    }
