"""The vote thread's live part: the ruleset's public count of the day,
the ballots as cast, and the nomination and vote forms the day's window
allows the reader now."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rulesets.core.day import LISTED, NEVER, Ballot

from .. import flow
from ..compiled import Compiled
from ..forms import NominateForm, VoteForm
from ..models import Game, Player, Room
from ..names import localized

# ``vote_context``'s ``phase`` when the caller has not read it.
_UNREAD = object()

# The game's seated players, compiled once per process.
_SEATED = Compiled(lambda game_id: Player.objects.seated().filter(game_id=game_id))


def vote_context(game: Game, room: Room, seat: Player | None, phase: Any = _UNREAD) -> dict[str, Any]:
    """The vote thread's count and forms: the ruleset's public vote count
    (``Ruleset.vote_count``) of the room's day, the ballots as cast, the
    day's candidates where it has nominations, and the forms the day's
    window (``flow.day_window``) and the ruleset's procedure allow now: a
    nomination, a vote, or a re-vote among the tied, nothing preselected;
    a vote that cannot change (``DayProcedure.change`` = ``never``) and a
    nomination ask for a confirmation. ``vote_refusal``: why a voter the
    rules keep from voting today (``Ruleset.ballot_refusal``) gets no form.
    ``phase``: the open phase (``flow.current_phase``) when the caller
    read it; the seated players come with it when the phase bar's query
    read them (``game_context``'s ``seats``), else one query reads them.
    The ballots come stored with the day's count (``flow.stored_ballots``)."""
    ruleset = flow.ruleset_of(game)
    state = flow.state_of(game)
    if phase is _UNREAD:
        phase = flow.current_phase(game)
    # The seats as the phase bar's query read them for this page, else read here.
    seated = getattr(phase, "seated", None)
    if seated is None:
        seated = _SEATED.run(game.pk)
    alive = [p for p in seated if p.alive]
    shown_day = flow.day_phase(game, room.day, phase)
    # The day's ballots and what the rules make of them, as stored when they were cast.
    ballots = flow.stored_ballots(game, room.day, shown_day)
    votes = flow.vote_view(game, shown_day, ballots)
    today = phase is not None and phase.kind == "day" and phase.number == room.day
    procedure = ruleset.day_procedure(state)
    window = flow.day_window(game, phase, ballots=ballots, votes=votes) if today else flow.DayWindow()
    count = votes.count
    words = set(procedure.revote_words)
    shown = [b for b in ballots if b.round != LISTED]
    not_voted = count.not_voted if today and window.votes else []
    candidates = votes.candidates
    if window.revote:
        # While the re-vote runs the block shows the re-vote: its candidates,
        # its ballots and its non-voters (PITER-017, COSMO-013).
        count = votes.revote_count or ruleset.revote_count(state, ballots, window.revote)
        if words:
            # cosmo's «посадить всех» / «пощадить всех» as players read them (COSMO-013).
            count = replace(
                count,
                rows=[
                    replace(row, target=flow.revote_label(ruleset, state, row.target)) if row.target in words else row
                    for row in count.rows
                ],
            )
        shown = [b for b in shown if b.round == "revote"]
        not_voted, candidates = count.not_voted, list(window.revote)
    ctx: dict[str, Any] = {
        "count": count,
        "count_title": _("Re-vote count") if window.revote else _("Vote count"),
        "count_notes": [f"{_(ruleset.message(code))} {nick}".strip() for code, nick in count.notes],
        # The posts as cast (not the host's list, CLASSIC-011), re-vote words as players read them.
        "ballots": [
            Ballot(b.voter, flow.revote_label(ruleset, state, b.choice) if b.choice in words else b.choice, b.round)
            for b in shown
        ],
        "not_voted": not_voted,
        # Each seat's public id by nickname: a voter's name links to his vote history.
        "seat_ids": {p.nickname: p.public_id for p in seated},
        "vote_law": localized(procedure.law),
        "candidates": candidates,
        "revote": window.revote,
        "tie": window.tie,
        "tie_speech": window.speech,
        "tie_pickers": window.pickers,
        "tie_picked": window.picked,
        "tie_rule": procedure.tie_pick_rule,
        "votes_open_at": flow.local_deadline(game, window.opens_at) if window.opens_at else "",
        "vote_form": None,
        "nominate_form": None,
        "vote_refusal": "",
    }
    if seat is not None and seat.alive and window.nominations and seat.nickname in votes.nominators:
        named = set(ctx["candidates"] or ())
        ctx["nominate_form"] = NominateForm(
            candidates=[(p.public_id, p.nickname) for p in alive if p.nickname not in named]
        )
    if today and flow.ballot_open(game, seat, phase, ballots, window, votes):
        refusal = ruleset.ballot_refusal(state, seat.nickname)
        if refusal:
            # The rules take this player's vote today (classic's putana,
            # CLASSIC-035; cosmo's silenced, COSMO-047): say so, offer no form.
            ctx["vote_refusal"] = _(ruleset.message(refusal))
        else:
            ctx["vote_form"] = VoteForm(
                candidates=vote_candidates(game, ruleset, state, seat, ballots, window, votes, alive),
                reason=bool(procedure.reason_text) and not window.revote,
                reason_required=procedure.reason_required,
                final=procedure.change == NEVER,
            )
    return ctx


def vote_candidates(
    game: Game,
    ruleset: Any,
    state: Any,
    seat: Player,
    ballots: list,
    window: flow.DayWindow,
    votes: flow.VoteView | None = None,
    alive: list[Player] | None = None,
) -> list[tuple[str, str]]:
    """(value, label) pairs of a vote form: in a re-vote, its words
    (``VoteForm.WORD`` + word) or the tied players; otherwise the players
    the ruleset lets ``seat`` name (today's candidates where the day has
    nominations), then the abstention where the day procedure allows one.
    ``votes``: the day's stored ``VoteView`` (a page), read instead of
    asking the rules (a vote being posted); ``alive``: the living seats
    in seating order when the caller read them (``Player.objects.alive``)."""
    if window.revote:
        allowed = votes.revote_choices if votes is not None else ruleset.revote_choices(state, window.revote)
        words = set(ruleset.day_procedure(state).revote_words)
        if words:
            return [(VoteForm.WORD + w, _(ruleset.message(f"revote_{w}"))) for w in allowed]
        names = set(allowed)
    elif votes is not None:
        names = set(votes.choices.get(seat.nickname, ()))
    else:
        names = set(ruleset.vote_choices(state, seat.nickname, ballots))
    living = game.players.alive() if alive is None else alive
    choices = [(p.public_id, p.nickname) for p in living if p.nickname in names]
    if ruleset.day_procedure(state).abstain and not window.revote:
        choices.append((VoteForm.ABSTAIN, _("Abstain")))
    return choices


def posted_vote_form(game: Game, room: Room, seat: Player, data: Any) -> VoteForm:
    """A vote post's form bound to ``data``, offering what the rules let
    ``seat`` vote for now (asked of the ruleset, not read from the stored
    count) and a reason where the day procedure asks for one."""
    ruleset, state = flow.ruleset_of(game), flow.state_of(game)
    phase = flow.current_phase(game)
    window = flow.day_window(game, phase)
    ballots = flow.day_ballots(game, room.day, phase)
    procedure = ruleset.day_procedure(state)
    return VoteForm(
        data,
        candidates=vote_candidates(game, ruleset, state, seat, ballots, window),
        reason=bool(procedure.reason_text) and not window.revote,
        reason_required=procedure.reason_required,
        final=procedure.change == NEVER,
    )


def nominate_form(game: Game, data: Any) -> NominateForm:
    """A nomination post's form bound to ``data``: any living player."""
    return NominateForm(data, candidates=[(p.public_id, p.nickname) for p in game.players.alive()])


def count_content(request: HttpRequest, ctx: dict[str, Any]) -> dict[str, Any]:
    """The vote count's content rendered once, and its version (a digest):
    the page's live channel sends the version it shows and gets no count
    back while it holds, so a screen reader announces the count only when
    it changes."""
    content = mark_safe(render_to_string("games/_vote_count_body.html", ctx, request=request))  # noqa: S308 - escaped by the template
    return {"count_content": content, "count_version": hashlib.sha256(content.encode()).hexdigest()[:16]}
