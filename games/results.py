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
from .names import ability_name, card_name, host_text, joined, localized, role_name, team_name
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
            _("[b]Your abilities:[/b] %(list)s") % {"list": joined([ability_name(ruleset, a) for a in spec.abilities])}
        )
    if spec and spec.summary:
        lines.append(role_summary(ruleset, role))
    return "\n".join(lines)


# Rule ids cited in a ruleset's text, in any language's punctuation: one id
# (FORUM-037, B-13, FORUM-083..086), a list of them ("CLASSIC-035, B-13",
# "FORUM-034; FORUM-036", "CLASSIC-035、CLASSIC-036", "CLASSIC-032 — CLASSIC-034",
# "CLASSIC-032 至 CLASSIC-034"), in brackets ("(PITER-017)", "（WW18-022）"),
# as a heading ("PITER-040: "), last in a bracket after other words
# ("(2 held, WW18-069)") or alone.
_RULE_ID = r"[A-Z][A-Z0-9]*-\d+[a-z]?(?:\.\.\d+)?"
_RULE_LIST = rf"{_RULE_ID}(?:\s*(?:[,;、/—–]|\.\.|至)\s*{_RULE_ID})*"
RULE_IDS = re.compile(
    rf"\s*[(（]\s*{_RULE_LIST}\s*[)）]|\s*[,，;；]\s*{_RULE_LIST}(?=\s*[)）])"
    rf"|^\s*{_RULE_LIST}\s*(?:[:：]\s*|$)|\s*\b{_RULE_LIST}",
    re.MULTILINE,
)


def without_rule_ids(text: str) -> str:
    """``text`` as a player reads it: the rule ids it cites taken out (they
    are the host's, in the trace: "Tie between Ann, Bob: the vote is
    repeated (PITER-017)." → "… is repeated."), with the spaces they leave."""
    text = RULE_IDS.sub("", text)
    return re.sub(r"[ \t]+([.,;:。，；：])", r"\1", text).strip()


def role_summary(ruleset: Ruleset, role: str | None) -> str:
    """What the role does, in the reader's language, without the rule ids
    the declaration cites (those are for the host's trace, not for players);
    "" for a role without one."""
    spec = ruleset.ROLES.get(role or "")
    if spec is None or not spec.summary:
        return ""
    return without_rule_ids(_(spec.summary))


def ability_help(ruleset: Ruleset, ability: str, team: str = "") -> str:
    """What an ability does and when its result arrives, in the reader's
    language (``Ruleset.ability_help``, without rule ids); "" when the
    ruleset explains none."""
    text = ruleset.ability_help(ability, team)
    return without_rule_ids(_(text)) if text else ""


def abilities_explained(ruleset: Ruleset, role: str | None, team: str | None) -> list[tuple[str, str]]:
    """The cabinet's list of what a seat of ``role`` in ``team`` may do:
    ``(ability name, explanation)`` in the reader's language, for each of
    ``Ruleset.role_abilities``."""
    shown = []
    for ability, own in ruleset.role_abilities(role or "", team or ""):
        spec = ruleset.TEAM_ABILITIES[own] if own else ruleset.ABILITIES.get(ability)
        name = localized(spec.name, ability) if spec else ability
        shown.append((name, ability_help(ruleset, ability, own)))
    return shown


def names_text(names: list[str] | tuple[str, ...]) -> str:
    """Nicknames as a reader writes them in the active language: "Ann",
    "Ann and Bob", "Ann, Bob and Cid" (the journalist's two players,
    PITER-055)."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": joined(names[:-1]), "last": names[-1]}


def feedback_text(ruleset: Ruleset, item: Feedback) -> str:
    """A private result as the host writes it in the cabinet."""
    result: Any = item.result
    if isinstance(result, list):
        shown = joined([role_name(ruleset, r) for r in result]) or _("nobody")
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
    about = names_text(item.about) if isinstance(item.about, (list, tuple)) else item.about
    # A check names whom it is about, also when that is the reader himself
    # (the cosmo sergeant's copy of his chief's check on him, COSMO-026).
    if about and (item.about != item.to or result in ruleset.ROLES or result in ruleset.TEAMS):
        return _("[b]Result:[/b] %(about)s — %(result)s") % {"about": about, "result": without_rule_ids(shown)}
    return _("[b]Result:[/b] %(result)s") % {"result": without_rule_ids(shown)}


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
    ``Said`` code, in the reader's language, without the rule ids it cites:
    those are the host's; a plain English ``text`` only from before the
    codes, see ``engine_sentence``). ``team``: the player's team, named
    with a card that names it (``card_name``, FORUM-014)."""
    template = ANNOUNCEMENT_TEXT.get(kind)
    if template and player:
        return _(template) % {"player": player, "role": card_name(ruleset, role, team) if role else _("not revealed")}
    if kind == "winner":
        return ""
    if kind in PLAIN_TEXT:
        return _(PLAIN_TEXT[kind])
    if isinstance(text, Said):
        return without_rule_ids(said_text(ruleset, text))
    return without_rule_ids(engine_sentence(text, player))


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
    return "\n".join(line for line in lines if line) or host_text(ruleset, "The host applied a penalty.")


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
