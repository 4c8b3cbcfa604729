"""A nomination's checks and its record, shared by the vote thread's
nomination form (``ballots.nominate``) and a day-thread post that
nominates in the document's own words (cosmo «Кандидат: NAME», COSMO-007;
``DayProcedure.nomination_words``)."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from ..clock import local_deadline
from ..errors import FlowError
from ..models import Event, Phase, Player, Post, Vote
from ..reads.day import ballots_of, day_window, passed
from .turn import Turn

# A quoted passage: a nomination quoted from another post nominates nobody.
_QUOTE = re.compile(r"\[quote[^\]]*\].*?\[/quote\]", re.IGNORECASE | re.DOTALL)


def refuse_nomination(turn: Turn, phase: Phase, seat: Player, target: Player) -> None:
    """Raise FlowError (a sentence) when ``seat`` may not name ``target``
    today in ``phase`` (the open day): outside the window (its deadline
    named), no nominations in this game, a player out of the game or
    silenced, a second nomination, or a candidate already named or out."""
    game, now, ruleset, state = turn.game, turn.now, turn.ruleset, turn.state
    procedure = ruleset.day_procedure(state)
    if not procedure.nominations_until:
        raise FlowError(_("This game has no nominations: vote for any player still in the game."))
    if not day_window(game, phase, now).nominations:
        deadlines = {d.kind: d for d in phase.deadlines.all()}
        if passed(deadlines, procedure.nominations_until, now):
            raise FlowError(
                _("Nominations closed at %(when)s.")
                % {"when": local_deadline(game, deadlines[procedure.nominations_until].due_at)}
            )
        raise FlowError(
            _("Nominations open at %(when)s.")
            % {"when": local_deadline(game, deadlines[procedure.nominations_from].due_at)}
        )
    if not seat.alive:
        raise FlowError(_("You are out of the game and cannot nominate."))
    ballots = ballots_of(game, phase.number, phase.vote_round)
    refusal = ruleset.nomination_open_to(state, seat.nickname, ballots)
    if refusal:
        raise FlowError(_(ruleset.message(refusal)))
    if target.game_id != game.id or target.nickname not in state.alive_names():
        raise FlowError(_("You can nominate only a player still in the game."))
    if target.nickname in ruleset.nominees(state, ballots):
        raise FlowError(_("%(name)s is already a candidate today.") % {"name": target.nickname})


def record_nomination(turn: Turn, phase: Phase, seat: Player, target: Player, post: Post) -> Vote:
    """Record ``seat``'s nomination of ``target`` made by ``post`` (checked
    by ``refuse_nomination``): a ballot of round ``nominate``, logged, the
    day's stored count worked out again."""
    vote = Vote.objects.create(
        game=turn.game,
        day=phase.number,
        vote_round=phase.vote_round,
        round=Vote.Round.NOMINATE,
        voter=seat,
        target=target,
        post=post,
        created_at=turn.now,
    )
    turn.log("nominated", {"day": phase.number, "by": seat.nickname, "target": target.nickname}, Event.Audience.PUBLIC)
    turn.ballots_changed(phase)
    return vote


def named_in_post(turn: Turn, body: str) -> list[str]:
    """The names a day-thread post nominates in the document's words: each
    line (outside quotes) that reads «WORD: NAME» for a word of
    ``DayProcedure.nomination_words`` (cosmo «Кандидат», COSMO-007), in
    order; the word's case and the spaces around the colon do not matter.
    [] in a game without such words."""
    words = turn.ruleset.day_procedure(turn.state).nomination_words
    if not words:
        return []
    alternatives = "|".join(re.escape(w) for w in words)
    pattern = re.compile(rf"^\s*(?:{alternatives})\s*:\s*(.+?)\s*$", re.IGNORECASE | re.MULTILINE)
    return [m.group(1) for m in pattern.finditer(_QUOTE.sub("", body))]


def nominate_by_post(turn: Turn, phase: Phase | None, seat: Player, post: Post) -> list[Vote]:
    """Nominate the players a living ``seat``'s day-thread ``post`` names
    (``named_in_post``) in the open day ``phase``. Raises FlowError (the
    post is then refused with it, its text kept): no day open, a name that
    is no player of the game, or what ``refuse_nomination`` refuses."""
    names = named_in_post(turn, post.body)
    if not names:
        return []
    if phase is None or phase.kind != Phase.Kind.DAY:
        raise FlowError(_("Candidates are named only during the day."))
    seats = {p.nickname.casefold(): p for p in turn.game.players.all()}
    votes = []
    for name in names:
        target = seats.get(name.casefold())
        if target is None:
            raise FlowError(_("There is no player named %(name)s in this game.") % {"name": name})
        refuse_nomination(turn, phase, seat, target)
        votes.append(record_nomination(turn, phase, seat, target, post))
    return votes
