"""Reads of a game day: its ballots as the ruleset reads them, the vote
thread's window now (nominations, votes, re-vote), whether a seat may
cast a ballot, and the day's stored count (``VoteView``). Nothing here
writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from rulesets.core import Ballot
from rulesets.core.day import LAST_COUNTS, LISTED, NEVER, VoteCount, VoteRow

from ..clock import local_deadline
from ..compiled import Compiled
from ..models import Deadline, Game, Phase, Player, Post, Room, Vote
from .choices import vote_rows

if TYPE_CHECKING:
    from ..flow.read_model import GameRead
from .game import ruleset_of, state_of

# A lynch vote's vote posts as ``ballots_of`` reads them, compiled once per process.
_VOTES = Compiled(
    lambda game_id, day, vote_round: (
        Vote.objects.filter(game_id=game_id, day=day, vote_round=vote_round)
        .order_by("created_at", "id")
        .values_list("voter__nickname", "target__nickname", "word", "round")
    )
)


def ballots_of(game: Game, day: int, vote_round: int = 1, read: GameRead | None = None) -> list[Ballot]:
    """Every vote post of lynch vote ``vote_round`` (``Phase.vote_round``)
    of game day ``day`` as the ruleset reads them (``rulesets.core.Ballot``),
    nominations and re-votes included, in casting order, after the
    candidates the host put to the vote (``LISTED``, CLASSIC-011).
    ``read``: the game as a resolution read it, votes included."""
    if read is not None and (day, vote_round) in read.votes:
        votes: Any = read.votes[(day, vote_round)]
    else:
        votes = _VOTES.run(game.pk, day, vote_round)
    # The nicknames alone, not the seats (``Vote.choice`` read from the row).
    ballots = [
        Ballot(voter, target if target is not None else word or None, kind) for voter, target, word, kind in votes
    ]
    if ruleset_of(game).DAY.host_candidates:
        if read is not None:
            listed: Any = [
                p.candidates
                for p in read.phases
                if p.kind == Phase.Kind.DAY and p.number == day and p.vote_round == vote_round
            ]
        else:
            listed = game.phases.filter(kind=Phase.Kind.DAY, number=day, vote_round=vote_round).values_list(
                "candidates", flat=True
            )
        ballots[:0] = [Ballot("", name, LISTED) for names in listed for name in names]
    return ballots


def day_ballots(game: Game, day: int, phase: Phase | None = None) -> list[Ballot]:
    """``ballots_of`` the vote thread of day ``day`` shows: the open
    phase's lynch vote when ``phase`` is that day, else the day's last
    one (CLASSIC-066), as ``stored_ballots`` gives them."""
    return stored_ballots(game, day, day_phase(game, day, phase))


def stored_ballots(game: Game, day: int, phase: Phase | None) -> list[Ballot]:
    """``day_ballots`` given the day phase they belong to (``day_phase``;
    None: day ``day`` has none): the ballots stored with its count
    (``Phase.votes``, written with every ballot in the ballot's own turn,
    ``flow.phases.store_votes``), without a query; read as
    ``ballots_of`` does for a phase stored before its count kept them."""
    if phase is not None and phase.votes is not None and "ballots" in phase.votes:
        return [Ballot(voter, choice, kind) for voter, choice, kind in phase.votes["ballots"]]
    return ballots_of(game, day, phase.vote_round if phase is not None else 1)


@dataclass(frozen=True)
class DayWindow:
    """What the vote thread takes now, from the ruleset's ``DayProcedure``
    and the day's deadlines: ``nominations`` (candidates may be named),
    ``votes`` (votes are taken), ``revote`` (the tied players while a
    re-vote runs, else ()); ``opens_at``: the deadline (aware UTC) after
    which votes (or the re-vote) open when they are not open yet, else
    None. After a tie: ``tie`` the tied players, ``speech`` while they give
    their extra defence post before the re-vote
    (``DayProcedure.revote_speech_until``, PITER-017), ``pickers`` the
    players who may decide the tie instead of a re-vote
    (``Ruleset.tie_pickers``, piter's Ghost, PITER-093) while their window
    runs, and after it when they picked (``picked``; ``revote`` is then ());
    () once it closed without a pick (then the re-vote runs)."""

    nominations: bool = False
    votes: bool = False
    revote: tuple[str, ...] = ()
    opens_at: datetime | None = None
    tie: tuple[str, ...] = ()
    speech: bool = False
    pickers: tuple[str, ...] = ()
    picked: bool = False


def passed(deadlines: dict[str, Deadline], entry_id: str, now: datetime) -> bool:
    """True when the deadline ``entry_id`` of the phase has fired or is due."""
    deadline = deadlines.get(entry_id)
    return deadline is not None and (deadline.done_at is not None or now >= deadline.due_at)


def day_window(
    game: Game,
    phase: Phase | None,
    now: datetime | None = None,
    ballots: list[Ballot] | None = None,
    votes: VoteView | None = None,
) -> DayWindow:
    """The vote thread's window now (``now`` aware; default the clock):
    closed outside an open day; nominations between the declared deadlines
    (PITER-010, COSMO-007); votes after ``votes_from`` and until the vote's
    deadline (PITER-011); then, on a tie, the re-vote (PITER-017, COSMO-013).
    ``ballots``: the day's, when the caller has read them already;
    ``votes``: the phase's stored ``VoteView`` (its re-vote read there,
    not worked out by the rules), for a page."""
    if phase is None or phase.kind != Phase.Kind.DAY or phase.resolved_at or not game.is_running:
        return DayWindow()
    now = now or timezone.now()
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    deadlines = {d.kind: d for d in phase.deadlines.all()}
    resolving = [d for d in sorted(deadlines.values(), key=lambda d: d.due_at) if d.resolves]
    vote_closes = resolving[0] if resolving else None
    if procedure.revote_until and vote_closes is not None and vote_closes.kind != procedure.revote_until:
        if passed(deadlines, vote_closes.kind, now):
            if votes is not None:
                tied = votes.revote
            else:
                if ballots is None:
                    ballots = ballots_of(game, phase.number, phase.vote_round)
                tied = tuple(ruleset.revote_needed(state, ballots))
            pickers = ruleset.tie_pickers(state) if tied else []
            picking = _tie_pick_state(ruleset, phase, procedure, deadlines, now) if pickers else ""
            return _tie_window(pickers if picking else [], tied, deadlines, procedure, now, picking == "picked")
    nominations = bool(procedure.nominations_until) and (
        not procedure.nominations_from or passed(deadlines, procedure.nominations_from, now)
    )
    nominations = nominations and not passed(deadlines, procedure.nominations_until, now)
    votes_open = not procedure.votes_from or passed(deadlines, procedure.votes_from, now)
    votes_open = votes_open and not (procedure.votes_until and passed(deadlines, procedure.votes_until, now))
    waiting = procedure.votes_from and not passed(deadlines, procedure.votes_from, now)
    opens_at = deadlines[procedure.votes_from].due_at if waiting else None
    return DayWindow(nominations=nominations, votes=votes_open, opens_at=opens_at)


def _tie_pick_state(ruleset: Any, phase: Phase, procedure: Any, deadlines: dict[str, Deadline], now: datetime) -> str:
    """Where the tie pick (``DayProcedure.tie_pick``, piter's Ghost,
    PITER-093) stands after a tie: "open" until its window closes
    (``Ruleset.choice_closes``: the tied players' extra defence,
    ``revote_speech_until``); then "picked" when a pick was handed in (it
    names one of the tied, ``_refuse_tie_pick``), else "" (no pick: the
    re-vote decides, PITER-017)."""
    closes = ruleset.choice_closes(procedure.tie_pick, phase.kind)
    if closes and closes in deadlines and not passed(deadlines, closes, now):
        return "open"
    return "picked" if phase.actions.filter(ability=procedure.tie_pick).exists() else ""


def _tie_window(
    pickers: list[str],
    tied: tuple[str, ...],
    deadlines: dict[str, Deadline],
    procedure: Any,
    now: datetime,
    picked: bool = False,
) -> DayWindow:
    """The window after a tie among ``tied`` (``day_window``): the tied
    players' extra defence post until ``revote_speech_until`` (PITER-017),
    then the re-vote. ``pickers``: the players who may still decide the
    tie (piter's Ghost, PITER-093), during their window or, ``picked``,
    after it when they did: no re-vote then; [] once their window closed
    without a pick, and the re-vote runs as on any tied day."""
    speech_until = deadlines.get(procedure.revote_speech_until) if procedure.revote_speech_until else None
    speech = bool(tied) and speech_until is not None and not passed(deadlines, speech_until.kind, now)
    if picked:
        return DayWindow(tie=tied, pickers=tuple(pickers), picked=True)
    if pickers:
        return DayWindow(tie=tied, speech=speech, pickers=tuple(pickers))
    if speech:
        return DayWindow(tie=tied, speech=True, opens_at=speech_until.due_at if speech_until else None)
    return DayWindow(revote=tied, tie=tied)


def ballot_open(
    game: Game,
    seat: Player | None,
    phase: Phase | None,
    ballots: list[Ballot],
    window: DayWindow | None = None,
    votes: VoteView | None = None,
) -> bool:
    """True when ``seat`` may post a vote now: a voter today
    (``Ruleset.may_vote``: a living player, or classic's last honest player
    out in the deciding vote), today's votes (or re-vote) open, and the vote
    law leaves him a ballot (none cast yet; one change left where a vote may
    change once; always where the last counts). The change deadline itself
    is checked when he votes. ``window``: today's ``day_window``, when the
    caller has it; ``votes``: the phase's stored ``VoteView`` (who may vote
    and whether a vote may change read there), for a page."""
    if seat is None or phase is None or phase.kind != Phase.Kind.DAY:
        return False
    ruleset, state = ruleset_of(game), state_of(game)
    if not (seat.nickname in votes.voters if votes is not None else ruleset.may_vote(state, seat.nickname)):
        return False
    window = window or day_window(game, phase, ballots=ballots, votes=votes)
    if not (window.votes or window.revote):
        return False
    procedure = ruleset.day_procedure(state)
    round_ = Vote.Round.REVOTE if window.revote else Vote.Round.VOTE
    cast = sum(1 for b in ballots if b.voter == seat.nickname and b.round == round_)
    if cast and (votes.change_refused if votes is not None else ruleset.vote_change_refusal(state)):
        return False
    limit = {NEVER: 1, LAST_COUNTS: None}.get(procedure.change, 2)
    return limit is None or cast < limit


@dataclass(frozen=True)
class VoteView:
    """A day phase's stored ``Phase.votes`` (``vote_rows``), read back:
    ``count`` a ``VoteCount``, the other fields as ``vote_rows`` says."""

    count: VoteCount
    candidates: list[str] | None
    nominators: list[str]
    voters: list[str]
    choices: dict[str, list[str]]
    change_refused: bool
    revote: tuple[str, ...]
    revote_choices: list[str]
    warnings: list[tuple[str, str]]
    revote_count: VoteCount | None = None

    @classmethod
    def of(cls, stored: dict[str, Any]) -> VoteView:
        """The view of a stored ``Phase.votes``."""
        revote_count = stored.get("revote_count")
        return cls(
            count=_count_of(stored["count"]),
            revote_count=_count_of(revote_count) if revote_count else None,
            candidates=stored["candidates"],
            nominators=stored["nominators"],
            voters=stored["voters"],
            choices=stored["choices"],
            change_refused=stored["change_refused"],
            revote=tuple(stored["revote"]),
            revote_choices=stored["revote_choices"],
            warnings=[tuple(w) for w in stored["warnings"]],
        )


def _count_of(count: dict[str, Any]) -> VoteCount:
    """A stored count (``Phase.votes``) read back as a ``VoteCount``."""
    return VoteCount(
        rows=[VoteRow(target, weight, tuple(voters)) for target, weight, voters in count["rows"]],
        abstained=list(count["abstained"]),
        not_voted=list(count["not_voted"]),
        notes=[tuple(note) for note in count["notes"]],
        tied=tuple(count["tied"]),
        weights=dict(count.get("weights", {})),
    )


def vote_view(game: Game, phase: Phase | None, ballots: list[Ballot]) -> VoteView:
    """The stored ``VoteView`` of the day ``phase`` (``day_phase``); worked
    out from ``ballots`` (the day's) where no day phase holds them, or for a
    phase opened before these were kept (a page never writes)."""
    if phase is not None and phase.kind == Phase.Kind.DAY and game.state and phase.votes is not None:
        return VoteView.of(phase.votes)
    return VoteView.of(vote_rows(ruleset_of(game), state_of(game), Phase.Kind.DAY, ballots))


def day_phase(game: Game, day: int, phase: Phase | None) -> Phase | None:
    """The day phase whose ballots the vote thread of day ``day`` shows
    (``day_ballots``): the open ``phase`` when it is that day, else the
    day's last lynch vote."""
    if phase is not None and phase.kind == Phase.Kind.DAY and phase.number == day:
        return phase
    return game.phases.filter(kind=Phase.Kind.DAY, number=day).order_by("-vote_round").first()


def public_posts(game: Game, day: int) -> dict[str, int]:
    """Nickname → posts each living player wrote in the public threads of
    game day ``day`` (its discussion and its vote thread, as the host's
    dashboard counts them against the post minimum); 0 for one who wrote
    none. Read by a ruleset whose day cards too few posts (werewolf18's
    潜水, ``Ruleset.POSTS_COUNTED``)."""
    written = dict(
        Post.objects.filter(
            room__game=game,
            author__isnull=False,
            game_day=day,
            room__kind__in=[Room.Kind.DAY, Room.Kind.VOTE],
        )
        .values("author__nickname")
        .annotate(n=Count("id"))
        .values_list("author__nickname", "n")
    )
    return {nick: written.get(nick, 0) for nick in game.players.alive().values_list("nickname", flat=True)}


def day_post_refusal(
    game: Game, room: Any, seat: Player | None, phase: Phase | None, now: datetime | None = None
) -> str | None:
    """Why the living ``seat`` may not post in its day thread ``room`` now,
    as a sentence, or None: the thread waits for its delayed opening
    (WW18-072), the ruleset silences the player today (piter's putana,
    PITER-021), or in the defence window only today's candidates speak, one
    post each (PITER-011; a second one where ``Ruleset.defence_extra_post``
    grants it, PITER-122). The same checks ``flow.post_create`` makes when
    the post is sent. ``phase``: the open phase as the page read it (its
    ``opening_due`` annotation read when present); ``now`` aware, default
    the clock. Queries only in a ruleset with a defence window."""
    if seat is None or not seat.alive or room.kind != "day" or not game.is_running:
        return None
    if phase is None or phase.kind != Phase.Kind.DAY or phase.number != room.day:
        return None
    now = now or timezone.now()
    opening_due = getattr(phase, "opening_due", None)
    if phase.opened_at > now and opening_due is not None and now < opening_due:
        return _("The day opens at %(when)s.") % {"when": local_deadline(game, opening_due)}
    ruleset, state = ruleset_of(game), state_of(game)
    refusal = ruleset.speech_refusal(state, seat.nickname)
    if refusal:
        return _(ruleset.message(refusal))
    procedure = ruleset.day_procedure(state)
    if not procedure.defence_until:
        return None
    deadlines = {d.kind: d for d in phase.deadlines.all()}
    if not passed(deadlines, procedure.defence_from, now) or passed(deadlines, procedure.defence_until, now):
        return None
    until = local_deadline(game, deadlines[procedure.defence_until].due_at)
    if seat.nickname not in ruleset.nominees(state, ballots_of(game, phase.number, phase.vote_round)):
        return _("Only today's candidates speak now, one defence post each, until %(when)s.") % {"when": until}
    opened = deadlines[procedure.defence_from].due_at
    if room.posts.filter(author=seat, created_at__gte=opened).exists():
        if ruleset.defence_extra_post(state, seat.nickname) is None:
            return _("You have given your defence post; the vote opens at %(when)s.") % {"when": until}
    return None
