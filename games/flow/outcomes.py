"""A phase's resolution: the input the engine reads, the outcome stored
with the seats, rooms and private results it changes, the next phase
opened, the game finished; and what happens at the deadlines before it
(interim results, the vote closed, a re-vote opened)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from rulesets.core import Action as RulesAction
from rulesets.core import Ballot, GameState, Outcome, PhaseInput, Ruleset
from rulesets.core.said import Said

from .. import languages, results
from ..clock import local_deadline
from ..errors import FlowError
from ..models import Deadline, Event, Game, Phase, Resolution, Room
from ..names import ability_name, joined, role_name, team_name
from ..reads.day import ballots_of, public_posts
from ..reads.game import deferred_penalties, excused_today, revote_label, ruleset_of, state_of
from ..trace_texts import said_text
from .phases import delayed_opening, open_phase, sync_players, sync_rooms
from .publishing import publish_results

if TYPE_CHECKING:
    from .turn import Turn


def lock_entries(ruleset: Ruleset, phase: Phase) -> set[str]:
    """The schedule entries closing some choice of ``phase`` (each ability
    of its kind, ``Ruleset.choice_closes``)."""
    return {ruleset.choice_closes(a.id, phase.kind) for a in ruleset.ABILITIES.values() if a.phase == phase.kind}


def interim_feedback(turn: Turn, phase: Phase, deadline: Deadline) -> None:
    """Hand out the private results due at a deadline before the phase
    resolves (``Ruleset.interim_feedback``: the witch learns the knife)."""
    state = state_of(turn.game)
    items = turn.ruleset.interim_feedback(state, _phase_input(turn, phase, state), deadline.kind)
    if items:
        hand_feedback(turn, Outcome(state, feedback=list(items)))


def vote_closed(turn: Turn, phase: Phase, deadline: Deadline) -> None:
    """Where the vote closes before the day resolves (``DayProcedure.votes_until``:
    werewolf18's vote at 22:00, the exit orders until 22:30, WW18-071),
    the final public count goes up in the vote thread at once, so a player
    voted out knows it while his after-vote order is still open (§2 «The
    count is published»)."""
    game, ruleset = turn.game, turn.ruleset
    state = state_of(game)
    if phase.kind != Phase.Kind.DAY or deadline.kind != ruleset.day_procedure(state).votes_until:
        return
    count = ruleset.vote_count(state, ballots_of(game, phase.number, phase.vote_round))
    resolves = phase.deadlines.filter(resolves=True, done_at__isnull=True).order_by("due_at").first()
    lines = [_("[b]The vote is closed.[/b]"), *results.tally_lines(count)]
    if resolves is not None:
        lines.append(
            _("The results follow at %(when)s, after the orders due then.")
            % {"when": local_deadline(game, resolves.due_at)}
        )
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    turn.post(room, "\n".join(lines), phase.number, deadline.due_at)
    turn.log("vote_closed", {"phase": str(phase)}, Event.Audience.PUBLIC)


def revote_opened(turn: Turn, phase: Phase, deadline: Deadline) -> bool:
    """At the vote's deadline of a day with a re-vote window, a tie is not
    resolved: the re-vote opens among the tied until the ``revote_until``
    deadline, announced in the vote thread (PITER-017, COSMO-013). Returns
    True when it opened (the day stays unresolved)."""
    game, ruleset = turn.game, turn.ruleset
    state = state_of(game)
    procedure = ruleset.day_procedure(state)
    if phase.kind != Phase.Kind.DAY or not procedure.revote_until or deadline.kind == procedure.revote_until:
        return False
    until = phase.deadlines.filter(kind=procedure.revote_until, done_at__isnull=True).first()
    if until is None:
        return False
    finals = [a.id for a in ruleset.ABILITIES.values() if a.final and a.phase == phase.kind]
    if finals and phase.actions.filter(ability__in=finals).exists():
        return False  # the vote was cancelled (cosmo's judge, COSMO-030): nothing to re-vote
    tied = ruleset.revote_needed(state, ballots_of(game, phase.number, phase.vote_round))
    if not tied:
        return False
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    text = _tie_notice(turn, phase, tied, until)
    turn.post(room, text, phase.number, deadline.due_at)
    turn.log("revote_opened", {"phase": str(phase), "tied": list(tied)}, Event.Audience.PUBLIC)
    return True


def _tie_notice(turn: Turn, phase: Phase, tied: tuple[str, ...] | list[str], until: Deadline) -> str:
    """The vote thread's notice of a tie, in the active language: the tied
    players' extra defence post until ``revote_speech_until`` where the day
    has one (PITER-017), then either the re-vote until ``until`` with what
    it may say, or, where a player may decide the tie (``tie_pickers``,
    piter's Ghost, PITER-093), his choice until its window closes
    (``Ruleset.choice_closes``) and the re-vote until ``until`` should he
    make none."""
    game, ruleset, state = turn.game, turn.ruleset, turn.state
    procedure = ruleset.day_procedure(state)
    names, when = joined(list(tied)), local_deadline(game, until.due_at)
    pickers = ruleset.tie_pickers(state)
    closes = (
        phase.deadlines.filter(kind=ruleset.choice_closes(procedure.tie_pick, phase.kind)).first() if pickers else None
    )
    if pickers and closes is not None:
        # The pickers choose first; without a pick the tied are re-voted (PITER-093, PITER-017).
        lines = [
            _(
                "Tie between %(tied)s: %(pickers)s chooses which of them leaves the table, until %(pick_when)s"
                " (%(rule)s); if he does not, the vote is repeated among them until %(when)s."
            )
            % {
                "tied": names,
                "pickers": joined(list(pickers)),
                "pick_when": local_deadline(game, closes.due_at),
                "when": when,
                "rule": procedure.tie_pick_rule,
            }
        ]
    else:
        choices = [revote_label(ruleset, state, c) for c in ruleset.revote_choices(state, tied)]
        lines = [
            _("Tie between %(tied)s: the vote is repeated until %(when)s. A re-vote may say: %(choices)s.")
            % {"tied": names, "when": when, "choices": "; ".join(choices)}
        ]
    speech = (
        phase.deadlines.filter(kind=procedure.revote_speech_until).first() if procedure.revote_speech_until else None
    )
    if speech is not None:
        lines.append(
            _(
                "Until %(when)s only %(tied)s post in the day thread, one more defence post each; the re-vote opens then."
            )
            % {"tied": names, "when": local_deadline(game, speech.due_at)}
            if not pickers
            else _("Until %(when)s only %(tied)s post in the day thread, one more defence post each.")
            % {"tied": names, "when": local_deadline(game, speech.due_at)}
        )
    # The rule the pick follows is the host's, in the trace; players read the sentence.
    return results.without_rule_ids("\n".join(lines))


def _phase_input(turn: Turn, phase: Phase, state: GameState, ballots: list[Ballot] | None = None) -> PhaseInput:
    """The choices and votes handed in during ``phase``, as the engine reads
    them (``ballots``: the day's, when the caller has read them already;
    the phase's choices from the turn's read where the tick read them for
    its claim)."""
    game = turn.game
    actions = []
    if phase.pk in turn.read.actions:
        rows: Any = turn.read.actions[phase.pk]
    else:
        rows = phase.actions.order_by("updated_at", "id").values_list("ability", "team", "targets", "actor__nickname")
    ruleset = ruleset_of(game)
    for ability, team, targets, actor in rows:
        target: Any = targets[0] if len(targets) == 1 else (list(targets) or None)
        if team and ruleset.team_choice_refusal(state, team, ability, actor) is not None:
            # Handed in by a member who may not make it (piter's bureaucrat,
            # PITER-040): the engine refuses it with the reason, by name.
            actions.append(RulesAction(ability, actor=actor, team=team, target=target))
        elif team:
            actions.append(RulesAction(ability, team=team, target=target))
        else:
            actions.append(RulesAction(ability, actor=actor, target=target))
    step = PhaseInput(phase.kind, actions)  # type: ignore[arg-type]
    if phase.kind == Phase.Kind.DAY:
        fields = ruleset.day_votes(
            state, ballots_of(game, phase.number, phase.vote_round) if ballots is None else ballots
        )
        step.votes = fields.get("votes")
        step.revote = fields.get("revote")
        step.nominations = fields.get("nominations")
        step.extra.update(fields.get("extra", {}))
    if phase.kind == Phase.Kind.DAY and ruleset.POSTS_COUNTED:
        step.extra.update(ruleset.post_fields(public_posts(game, phase.number), phase.kind))
    if ruleset.DEFERRED_PENALTIES:
        step.extra.update(ruleset.penalty_fields(deferred_penalties(game, phase), phase.kind))
    if ruleset.AUTOKILLS:
        step.extra["excused"] = excused_today(game, phase.number)
    return step


def resolve_phase(turn: Turn, phase: Phase, when: datetime, resolution: Resolution) -> Outcome:
    """Resolve ``phase`` as of ``when`` (its deadline, aware) with the
    ruleset, store the outcome in ``resolution`` (the deadline's, unsaved),
    publish or draft the results, move the dead and open the next phase,
    which really opens at the turn's ``now`` (see ``open_phase`` for a
    catch-up after an outage).

    It reads the game once (``Turn.read_locked``: the read the tick made
    for all the games it claimed at once, else a new one: the rooms,
    locked, with their members and last post numbers, the phases, the
    seats, the votes and choices) and writes in bulk: the seats in one
    update, the rooms' members only where they differ, the posts and
    events at the end (``Turn.batched``), the resolution once: about a
    dozen queries whatever the number of seats. Inside a claim of the tick
    (``Turn.claim``) its rows are left to the claim."""
    game, ruleset = turn.game, turn.ruleset
    state = state_of(game)
    read = turn.read_locked()
    ballots = ballots_of(game, phase.number, phase.vote_round, read) if phase.kind == Phase.Kind.DAY else None
    count = ruleset.vote_count(state, ballots) if ballots is not None else None
    roles_before = {name: p.role for name, p in state.players.items() if p.alive}
    outcome = ruleset.resolve(state, _phase_input(turn, phase, state, ballots))
    claim = turn.claim
    game.state = outcome.state.to_dict()
    phase.resolved_at = when
    phase.locked_at = phase.locked_at or when
    if claim is not None:
        # Written with the claim's others: nothing below reads them back.
        claim.games.append(game)
        claim.phases.append(phase)
    else:
        game.save(update_fields=["state"])
        phase.save(update_fields=["resolved_at", "locked_at"])
    sync_players(turn, outcome.state, phase.number, revealed_roles(outcome))
    sync_rooms(turn, outcome.state)
    resolution.outcome = results.outcome_json(outcome)
    resolution.results = results.results_text(ruleset, game, phase, outcome, count)
    with turn.batched(last=read.last, write=False) as batch:
        hand_feedback(turn, outcome)
        hand_notices(turn, outcome, roles_before)
        hand_cards(turn, outcome, phase)
        turn.log("phase_resolved", {"phase": str(phase), "trace": resolution.outcome["trace"]})
        opens = _open_next(turn, phase, outcome, when) if outcome.state.winner is None else None
        if game.autopublish and opens is None:
            text = resolution.results.strip()
            if not text:
                raise FlowError(_("The results post is empty."))
            publish_results(turn, resolution, text, when)
            turn.log("results_published", {"phase": str(phase)}, Event.Audience.PUBLIC)
        if outcome.state.winner is not None:
            finish(turn, outcome.state, when)
    if claim is not None:
        claim.take(batch, resolution)
        return outcome
    batch.write_posts()
    resolution.save()
    batch.write_events()
    return outcome


def _open_next(turn: Turn, phase: Phase, outcome: Outcome, when: datetime) -> datetime | None:
    """Open the phase that follows ``phase``'s resolution at ``when``
    (really at the turn's ``now``): another lynch vote of the same day
    (CLASSIC-066), or the next phase, waiting for its delayed opening where
    the ruleset has one (WW18-072); grant the last words the outcome gives.
    Returns when the next phase opens if it waits, else None."""
    ruleset = turn.ruleset
    kind = ruleset.next_phase(outcome.state)
    opens = None
    if kind == phase.kind == Phase.Kind.DAY:
        # Another lynch vote of the same day (CLASSIC-066), in its threads.
        open_phase(turn, phase.number, kind, when, state=outcome.state, vote_round=phase.vote_round + 1)
    else:
        opens = delayed_opening(turn.game, ruleset, kind, when)
        if opens is not None and opens <= turn.now:
            opens = None  # caught up after an outage: it opens now
        open_phase(turn, turn.read.next_number(kind), kind, opens or when, state=outcome.state)
    grant_last_words(turn, outcome, when)
    return opens


def grant_last_words(turn: Turn, outcome: Outcome, when: datetime) -> None:
    """The players the resolution gives last words (``Ruleset.last_words_given``)
    may send them from their cabinet until the next ``LAST_WORDS_DUE``
    deadline after ``when``; each is told when (WW18-016, §2)."""
    game, ruleset = turn.game, turn.ruleset
    names = ruleset.last_words_given(outcome)
    if not names or not ruleset.LAST_WORDS_DUE:
        return
    due = (
        Deadline.objects.filter(phase__game=game, kind=ruleset.LAST_WORDS_DUE, done_at__isnull=True, due_at__gt=when)
        .order_by("due_at")
        .first()
    )
    if due is None:
        return
    for seat in game.players.seated().filter(nickname__in=names, last_words_used=False):
        seat.last_words_until = due
        seat.save(update_fields=["last_words_until"])
        turn.cabinet_post(
            seat,
            _("Send your last words from this cabinet until %(when)s; after that they are given up.")
            % {"when": local_deadline(game, due.due_at)},
        )


def revealed_roles(outcome: Outcome) -> dict[str, str]:
    """The roles the results reveal publicly, nickname → role (the document
    hides some, such as the Werewolf's victim); ``sync_players`` records them."""
    return {line.player: line.role for line in outcome.announcements if line.player and line.role}


def hand_cards(turn: Turn, outcome: Outcome, phase: Phase) -> None:
    """Each discipline card the resolution gave (the trace lines of its
    ``cards`` step naming a ``player``: werewolf18's «黄牌» for not voting,
    WW18-067, the directors' cards and their upgrades, WW18-069) reaches
    that player's own cabinet with its reason, in the game's language, so
    nobody learns of his cards only when the red one is announced."""
    seats = {p.nickname: p for p in turn.read.seats}
    lines: dict[str, list[str]] = {}
    for entry in outcome.trace:
        said = entry.said
        if entry.step != "cards" or not isinstance(said, Said):
            continue
        name = said.params.get("player")
        if name in seats:
            lines.setdefault(name, []).append(results.without_rule_ids(said_text(turn.ruleset, said)))
    if not lines:
        return
    with languages.in_game_language(turn.game):
        for name, said_lines in lines.items():
            body = _("Discipline cards at the end of %(phase)s:") % {"phase": phase} + "\n" + "\n".join(said_lines)
            turn.cabinet_post(seats[name], body)
            turn.log("private_result", {"to": name, "cards": said_lines}, Event.Audience.PLAYER, seats[name])


def hand_feedback(turn: Turn, outcome: Outcome) -> None:
    """Private results go to the seat's cabinet, and also to the cabinet the
    ruleset makes it share (the cop's assistant reads the cop's checks),
    found in the turn's read of the game's seats, rooms and members. The
    posts and events are written together (``Turn.batched``)."""
    if not outcome.feedback:
        return
    ruleset, read = turn.ruleset, turn.read
    seats = {p.nickname: p for p in read.seats}
    personal = {seat.public_id for seat in seats.values()}
    # Every cabinet each recipient reads: its own first, then the shared
    # ones (another seat's own cabinet never).
    recipients = {seats[item.to].pk: seats[item.to] for item in outcome.feedback if item.to in seats}
    cabinets: dict[int, list[Room]] = {pk: [] for pk in recipients}
    for room in read.of_kind(Room.Kind.CABINET):
        for player_id in read.members[room.pk] & recipients.keys():
            own = room.key == recipients[player_id].public_id
            if own or room.key not in personal:
                cabinets[player_id].insert(0 if own else len(cabinets[player_id]), room)
    day = read.current_day()
    with turn.batched():
        for item in outcome.feedback:
            seat = seats.get(item.to)
            if seat is None:
                continue
            body = results.feedback_text(ruleset, item)
            for room in cabinets[seat.pk]:
                turn.post(room, body, day)
            turn.log("private_result", item.to_dict(), Event.Audience.PLAYER, seat)


def hand_notices(turn: Turn, outcome: Outcome, roles_before: dict[str, str]) -> None:
    """Post in a seat's own cabinet what the resolution changed for him
    beyond his feedback: a new role the rules gave a player still in the
    game (piter's komsomolets inheriting a function, PITER-060, or the
    werewolf turned mafioso, PITER-061), with what it does and the rules
    it must know (``role_notes``); and the ruleset's ``private_notices``
    (why a piter player left for refusing his turn, PITER-031)."""
    ruleset, read, state = turn.ruleset, turn.read, outcome.state
    own = {room.key: room for room in read.of_kind(Room.Kind.CABINET)}
    seats = {p.nickname: p for p in read.seats}
    notices: list[tuple[str, str]] = []
    for name, before in roles_before.items():
        player = state.players.get(name)
        if player is None or not player.alive or player.role == before:
            continue
        lines = [
            _("[b]Your role has changed:[/b] you are now %(role)s (%(team)s).")
            % {"role": role_name(ruleset, player.role), "team": team_name(ruleset, player.team)}
        ]
        summary = results.role_summary(ruleset, player.role)
        if summary:
            lines.append(summary)
        abilities = [ability_name(ruleset, a) for a in ruleset.abilities_of(state, name)]
        if abilities:
            lines.append(_("From the next night you hand in: %(abilities)s.") % {"abilities": joined(abilities)})
        lines += [results.without_rule_ids(_(ruleset.message(key))) for key in ruleset.role_notes(state, name)]
        notices.append((name, "\n".join(lines)))
    notices += [
        (name, results.without_rule_ids(_(ruleset.message(key)))) for name, key in ruleset.private_notices(outcome)
    ]
    day = read.current_day()
    for name, text in notices:
        seat = seats.get(name)
        room = own.get(seat.public_id) if seat is not None else None
        if room is not None:
            turn.post(room, text, day)


def finish(turn: Turn, state: GameState, when: datetime) -> None:
    """The game ends with ``state``'s winner at ``when``: its pending
    deadlines are closed and the final post goes up in the last day thread
    (else the graveyard), found in the turn's read of the game's rooms."""
    game, read = turn.game, turn.read
    game.status, game.winner, game.finished_at = Game.Status.FINISHED, state.winner or "", when
    game.save(update_fields=["status", "winner", "finished_at"])
    Deadline.objects.filter(phase__game=game, done_at__isnull=True).update(done_at=when)
    text = results.final_text(ruleset_of(game), game, state)
    room = read.latest_day_room() or read.graveyard()
    turn.post(room, text, read.current_day(), when)
    turn.log("game_finished", {"winner": game.winner}, Event.Audience.PUBLIC)
