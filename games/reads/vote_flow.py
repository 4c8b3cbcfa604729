"""The vote flow of a game day: for every candidate, the votes on him over
the day's time, each ballot and each change a step, worked out by the very
count the vote thread shows (``Ruleset.vote_count``, ``revote_count``)
called again after every ballot in casting order. Nothing here writes.

``vote_flow(game, day_phase)`` gives a ``VoteFlow``: its rounds as the
ruleset's ``DayProcedure`` declares them (the day's vote, or the election
it holds, ``DayProcedure.election_day``, werewolf18's sheriff, WW18-006;
the re-vote among the tied, PITER-017, COSMO-013), each with its
candidates, its steps, its final tally (the one the vote thread shows,
``Phase.votes``), the weights of the ballots that do not weigh 1
(werewolf18's sheriff, 1.5, WW18-047) and a drawing (``FlowChart``) the
include ``games/includes/vote_flow.html`` renders as inline SVG.

Unlike the vote thread, which reads the count stored on ``Phase.votes``,
this runs the ruleset's count on a page view, once per ballot (pure
Python, no query). A past day is replayed on the game's state of now with
that day's living: where something else the count reads has changed
since (a werewolf18 badge passed on), the steps may end elsewhere than the
stored tally; ``FlowRound.drawn`` says so and the final tally shown stays
the stored one.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext as _

from rulesets.core import Ballot, GameState, Ruleset
from rulesets.core.day import LISTED, NOMINATE, VoteCount, VoteRow

from ..models import Event, Game, Phase, Vote
from ..names import localized
from .day import VoteView, day_window, vote_view
from .game import revote_label, ruleset_of, state_of
from .rules import rule_link

# The kinds of a round (``FlowRound.kind``) and of a step (``FlowStep.kind``).
VOTE, REVOTE, ELECTION = "vote", "revote", "election"
CHANGE = "change"

# The drawing's size in SVG user units; it scales to the width it is given.
WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 40, 24, 16, 36
# Line colours (distinct for the common colour blindnesses) and dash patterns,
# so two lines differ by more than their colour.
COLOURS = ("#0b5cad", "#b3420e", "#1d7a3a", "#7a2e8e", "#8a6d00", "#a0144f", "#00707a", "#4d4d4d")
DASHES = ("", "6 3", "2 3", "8 3 2 3")


@dataclass(frozen=True)
class FlowStep:
    """One ballot of a round, as the count took it. ``at``: when it was
    cast (aware UTC); ``local``: that moment in the game's time zone,
    ``YYYY-MM-DD HH:MM``; ``voter``: the game nickname; ``kind``:
    ``nominate`` (``choice`` named a candidate), ``vote``, ``change`` (the
    voter's second or later ballot of the round), ``revote``, or
    ``listed`` (the host put the candidates in ``choice`` to the vote,
    CLASSIC-011; ``voter`` is "");
    ``choice``: what the ballot says (a nickname, a re-vote word as
    players read it, or None for an abstention); ``before``/``after``:
    whom the count had the voter's weight on before and after it (None:
    nobody), so "from whom to whom"; ``counted``: False when the count
    left the ballot aside (a change the law voids, WW18-068; a name that
    is no candidate); ``totals``: the running totals after it, as
    (target, weight) in the round's candidate order, zeros left out."""

    at: datetime
    local: str
    voter: str
    kind: str
    choice: str | None
    before: str | None
    after: str | None
    counted: bool
    totals: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class FlowLine:
    """One candidate's line in the drawing: ``path`` an SVG path (a step
    line), ``colour`` and ``dash`` its stroke, ``end`` the final point
    (x, y) where the final tally is marked, ``final`` his final total."""

    candidate: str
    path: str
    colour: str
    dash: str
    end: tuple[float, float]
    final: float


@dataclass(frozen=True)
class FlowChart:
    """The drawing of a round in SVG user units (``WIDTH`` × ``HEIGHT``):
    ``lines`` one per candidate; ``y_ticks`` (y, label) of the weight
    axis; ``x_ticks`` (x, label) of the steps (``0`` before any ballot);
    ``left``, ``right``, ``top``, ``bottom`` the plot's edges."""

    width: int
    height: int
    lines: tuple[FlowLine, ...]
    y_ticks: tuple[tuple[float, str], ...]
    x_ticks: tuple[tuple[float, str], ...]
    left: float
    right: float
    top: float
    bottom: float


@dataclass(frozen=True)
class FlowRound:
    """One vote of the day: ``kind`` ``vote``, ``revote`` or ``election``;
    ``title`` as the reader's language words it; ``rule`` the rule id it
    follows; ``candidates`` everyone the round's totals ever named, the
    day's candidates first; ``steps`` in casting order; ``final`` the
    final tally (the vote thread's ``VoteCount`` rows: target, weight,
    voters); ``abstained``/``not_voted`` nicknames of the final tally;
    ``weights`` voter → weight of each ballot not weighing 1;
    ``notes`` the count's public remarks, worded; ``drawn`` False where
    the steps replayed from today's state of the game do not end on the
    tally the vote thread showed (the final tally shown is the latter);
    ``dom_id`` an id unique on a page; ``chart`` the drawing;
    ``rule_link`` the rule's place on the ruleset's rules page ("" when
    ``rule`` is no rule the ruleset's texts hold)."""

    kind: str
    title: str
    rule: str
    candidates: tuple[str, ...]
    steps: tuple[FlowStep, ...]
    final: tuple[VoteRow, ...]
    abstained: tuple[str, ...]
    not_voted: tuple[str, ...]
    weights: dict[str, float]
    notes: tuple[str, ...]
    tied: tuple[str, ...]
    drawn: bool
    dom_id: str
    chart: FlowChart = field(repr=False, compare=False)
    rule_link: str = ""


@dataclass(frozen=True)
class VoteFlow:
    """The vote flow of one day phase: ``day`` the game day, ``vote_round``
    its lynch vote (``Phase.vote_round``, CLASSIC-066), ``time_zone`` the
    game's (the steps' ``local`` times are in it), ``rounds`` as the day
    procedure declares them, the main vote first."""

    day: int
    vote_round: int
    time_zone: str
    rounds: tuple[FlowRound, ...]


def vote_flow(game: Game, day_phase: Phase, now: datetime | None = None) -> VoteFlow:
    """The ``VoteFlow`` of ``day_phase`` (a day ``Phase`` of ``game``, a
    game whose roles were drawn): its ballots cast until ``now`` (aware;
    default the clock while the game runs, every ballot once it is over:
    a finished game's ballots are all in its past) replayed in casting order through the ruleset's
    public count, the same the vote thread shows; nominations are steps
    of the main vote (PITER-010, COSMO-007), and so is the host's list of
    candidates, from the moment he published it (CLASSIC-011). The re-vote
    is a round once it runs or has been cast (PITER-017, COSMO-013); the
    day a ruleset declares an election (``DayProcedure.election_day``) its
    main round is that election (werewolf18's sheriff, WW18-045). A phase
    still open is replayed on the game's state; a past one on that state
    with the living of its day (read from its stored count). Ballots are public in every ruleset (the
    vote thread lists them as cast), so nothing here is hidden from a
    reader of the vote thread. Raises ``ValueError`` for a phase that is
    no day, ``FlowError`` before the roles are drawn."""
    if day_phase.kind != Phase.Kind.DAY:
        raise ValueError("the vote flow is drawn for a day phase")
    if now is None and game.is_running:
        now = timezone.now()
    # Its stored count as of now, read with the ballots (the caller's copy may be older).
    day_phase.refresh_from_db(fields=["votes", "candidates", "resolved_at"])
    ruleset = ruleset_of(game)
    cast = _timed_ballots(game, day_phase, now)
    listed = [Ballot("", name, LISTED) for name in day_phase.candidates] if ruleset.DAY.host_candidates else []
    ballots = listed + [b for b, _at in cast]
    view = vote_view(game, day_phase, ballots)
    state = state_of(game)
    if day_phase.resolved_at is not None or not game.is_running:
        state = _day_state(state, view, day_phase.number)
    procedure = ruleset.day_procedure(state)
    zone = ZoneInfo(game.timezone)
    key = f"vf-{day_phase.pk}"
    election = procedure.election_day == day_phase.number
    main_cast = [(b, at) for b, at in cast if b.round != "revote"]
    listed_at = _listing_moment(game, day_phase, now) if listed else None
    if listed_at is not None:
        # The host's list is a step of its own, at the moment he published it (CLASSIC-011).
        marker = Ballot("", ", ".join(day_phase.candidates), LISTED)
        main_cast = sorted([*main_cast, (marker, listed_at)], key=lambda entry: entry[1])
    main = _round(
        ruleset,
        state,
        zone,
        kind=ELECTION if election else VOTE,
        title=localized(procedure.election_name) if election else _("Vote"),
        rule=procedure.election_rule if election else procedure.rule,
        listed=[] if listed_at is not None else listed,
        listing=listed,
        cast=main_cast,
        count=lambda prefix: ruleset.vote_count(state, prefix),
        stored=view.count,
        first=[*ruleset.nominees(state, ballots), *(view.candidates or ())],
        dom_id=f"{key}-main",
    )
    rounds = [main]
    revote = [(b, at) for b, at in cast if b.round == "revote"]
    tied = view.revote
    if tied and (revote or _revote_runs(game, day_phase, ballots, view, now)):
        labelled = [revote_label(ruleset, state, w) for w in ruleset.revote_choices(state, tied)]
        rounds.append(
            _round(
                ruleset,
                state,
                zone,
                kind=REVOTE,
                title=_("Re-vote"),
                rule=procedure.rule,
                listed=[b for b in ballots if b.round != "revote"],
                listing=[],
                cast=revote,
                count=lambda prefix: ruleset.revote_count(state, prefix, tied),
                stored=view.revote_count,
                first=labelled,
                dom_id=f"{key}-revote",
            )
        )
    return VoteFlow(day_phase.number, day_phase.vote_round, game.timezone, tuple(rounds))


def _timed_ballots(game: Game, phase: Phase, now: datetime | None) -> list[tuple[Ballot, datetime]]:
    """The phase's vote posts cast until ``now`` (every one when None) as
    the ruleset reads them (``ballots_of``), each with its moment (aware
    UTC), in casting order."""
    votes = Vote.objects.filter(game=game, day=phase.number, vote_round=phase.vote_round)
    if now is not None:
        votes = votes.filter(created_at__lte=now)
    rows = votes.order_by("created_at", "id").values_list(
        "voter__nickname", "target__nickname", "word", "round", "created_at"
    )
    return [
        (Ballot(voter, target if target is not None else word or None, kind), at)
        for voter, target, word, kind, at in rows
    ]


def _day_state(state: GameState, view: VoteView, day: int) -> GameState:
    """``state`` as it read day ``day``: a copy with that day's living (those
    its stored count and voters name) in the game and the rest out, the
    game day set to ``day`` (a day step about to resolve)."""
    count = view.count
    living = set(view.voters) | set(view.nominators) | set(count.abstained) | set(count.not_voted)
    living |= {voter for row in count.rows for voter in row.voters}
    day_state = state.copy()
    for name, player in day_state.players.items():
        player.alive = name in living
    day_state.day, day_state.phase = day, "day"
    return day_state


def _listing_moment(game: Game, phase: Phase, now: datetime | None) -> datetime | None:
    """When the host published the candidates of ``phase`` (the public
    ``candidates_put`` event of its day naming them, CLASSIC-011) until
    ``now`` (ever when None), or None (then they count from the start)."""
    events = Event.objects.filter(
        game=game, kind="candidates_put", audience=Event.Audience.PUBLIC, data__day=phase.number
    ).order_by("created_at", "id")
    if now is not None:
        events = events.filter(created_at__lte=now)
    return next((e.created_at for e in events if e.data.get("names") == phase.candidates), None)


def _revote_runs(game: Game, phase: Phase, ballots: list[Ballot], view: VoteView, now: datetime | None) -> bool:
    """True when the phase's re-vote is open now (``day_window``), or the
    phase was resolved after a tie that went to a re-vote nobody cast (no
    tie pick handed in: piter's Ghost, PITER-093)."""
    if phase.resolved_at is None:
        return bool(day_window(game, phase, now or timezone.now(), ballots=ballots, votes=view).revote)
    pick = ruleset_of(game).day_procedure(state_of(game)).tie_pick
    return view.revote_count is not None and not (pick and phase.actions.filter(ability=pick).exists())


def _position(count: VoteCount, voter: str) -> str | None:
    """Whom ``count`` has ``voter``'s weight on, or None."""
    for row in count.rows:
        if voter in row.voters:
            return row.target
    return None


def _round(
    ruleset: Ruleset,
    state: GameState,
    zone: ZoneInfo,
    *,
    kind: str,
    title: str,
    rule: str,
    listed: list[Ballot],
    listing: list[Ballot],
    cast: list[tuple[Ballot, datetime]],
    count: Any,
    stored: VoteCount | None,
    first: list[str],
    dom_id: str,
) -> FlowRound:
    """One round replayed: ``listed`` the ballots before its first (the
    host's candidates, the day's earlier ballots), ``cast`` its own in
    casting order (a ``LISTED`` entry there: the host publishes
    ``listing``, his candidates, CLASSIC-011), ``count`` the ruleset's count of a prefix of ballots,
    ``stored`` the final tally the vote thread shows (None: the replay's
    last), ``first`` the candidates to put first."""

    def label(target: str | None) -> str | None:
        return revote_label(ruleset, state, target) if target is not None else None

    prefix = list(listed)
    previous = count(prefix)
    totals_seen: list[tuple[tuple[str, float], ...]] = [_totals(previous, label)]
    steps: list[FlowStep] = []
    voted: set[str] = set()
    for ballot, at in cast:
        if ballot.round == LISTED:
            prefix[:0] = listing  # the vote thread reads the host's list first (``ballots_of``)
        else:
            prefix.append(ballot)
        current = count(prefix)
        before, after = label(_position(previous, ballot.voter)), label(_position(current, ballot.voter))
        choice = label(ballot.choice)
        if ballot.round == LISTED:
            step_kind, counted, before, after = LISTED, True, None, None
        elif ballot.round == NOMINATE:
            step_kind, counted = NOMINATE, ballot.choice in ruleset.nominees(state, prefix)
            before, after = None, choice
        else:
            step_kind = CHANGE if ballot.voter in voted else ballot.round
            voted.add(ballot.voter)
            abstains = ballot.choice is None and ballot.voter in current.abstained
            counted = abstains or (after == choice and after is not None)
            if counted and step_kind == CHANGE and before == after:
                counted = False  # the law keeps the first ballot (never / accelerated)
        totals = _totals(current, label)
        steps.append(
            FlowStep(
                at,
                at.astimezone(zone).strftime("%Y-%m-%d %H:%M"),
                ballot.voter,
                step_kind,
                choice,
                before,
                after,
                counted,
                totals,
            )
        )
        totals_seen.append(totals)
        previous = current
    final = stored if stored is not None else previous
    rows = tuple(VoteRow(label(row.target) or "", row.weight, row.voters) for row in final.rows)
    drawn = dict(totals_seen[-1]) == {row.target: row.weight for row in rows if row.weight}
    candidates = _candidates(first, totals_seen, rows)
    place = {name: i for i, name in enumerate(candidates)}
    steps = [replace(s, totals=tuple(sorted(s.totals, key=lambda t: place[t[0]]))) for s in steps]
    notes = tuple(f"{_(ruleset.message(code))} {nick}".strip() for code, nick in final.notes)
    return FlowRound(
        kind=kind,
        title=title,
        rule=rule,
        rule_link=rule_link(ruleset, rule) if rule else "",
        candidates=candidates,
        steps=tuple(steps),
        final=rows,
        abstained=tuple(final.abstained),
        not_voted=tuple(final.not_voted),
        weights=_weights(final),
        notes=notes,
        tied=tuple(label(t) or "" for t in final.tied),
        drawn=drawn,
        dom_id=dom_id,
        chart=_chart(candidates, totals_seen, rows),
    )


def _totals(count: VoteCount, label: Any) -> tuple[tuple[str, float], ...]:
    """The count's rows as (target as read, weight), zeros left out."""
    return tuple((label(row.target), row.weight) for row in count.rows if row.weight)


def _candidates(
    first: list[str], seen: list[tuple[tuple[str, float], ...]], rows: tuple[VoteRow, ...]
) -> tuple[str, ...]:
    """``first``, then every target the running totals or the final tally
    name, each once, in order of appearance."""
    order: list[str] = []
    for name in [*first, *(t for totals in seen for t, _w in totals), *(row.target for row in rows)]:
        if name and name not in order:
            order.append(name)
    return tuple(order)


def _weights(count: VoteCount) -> dict[str, float]:
    """Voter → weight of his ballot where the count weighs it other than 1
    (werewolf18's sheriff, WW18-047): the count's ``weights``; for a count
    stored before it kept them, the voter a public note names in a row
    weighing more than its voters."""
    if count.weights:
        return dict(count.weights)
    noted = {nick for _code, nick in count.notes if nick}
    weights: dict[str, float] = {}
    for row in count.rows:
        surplus = row.weight - len(row.voters)
        holders = [v for v in row.voters if v in noted]
        if surplus and len(holders) == 1:
            weights[holders[0]] = 1 + surplus
    return weights


def _number(value: float) -> str:
    """A weight as read: ``3``, ``1.5``."""
    return f"{value:g}"


def _chart(
    candidates: tuple[str, ...], seen: list[tuple[tuple[str, float], ...]], rows: tuple[VoteRow, ...]
) -> FlowChart:
    """The step lines of the running totals ``seen`` (before any ballot,
    then after each), one per candidate, in SVG user units."""
    left, right, top, bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    steps = max(len(seen) - 1, 1)
    peak = max([1.0, *(w for totals in seen for _t, w in totals), *(row.weight for row in rows)])
    top_value = float(int(peak) + (0 if peak == int(peak) else 1))

    def x(i: int) -> float:
        return round(left + (right - left) * i / steps, 1)

    def y(value: float) -> float:
        return round(bottom - (bottom - top) * value / top_value, 1)

    lines = []
    for n, name in enumerate(candidates):
        values = [dict(totals).get(name, 0.0) for totals in seen]
        parts = [f"M{x(0)} {y(values[0])}"]
        for i in range(1, len(values)):
            parts.append(f"H{x(i)}")
            if values[i] != values[i - 1]:
                parts.append(f"V{y(values[i])}")
        if len(values) == 1:
            parts.append(f"H{x(1)}")
        final = values[-1]
        lines.append(
            FlowLine(
                name,
                " ".join(parts),
                COLOURS[n % len(COLOURS)],
                DASHES[(n // len(COLOURS) + n) % len(DASHES)],
                (x(max(len(values) - 1, 1)), y(final)),
                final,
            )
        )
    tick_step = max(1, int(top_value) // 5)
    y_ticks = tuple((y(v), _number(v)) for v in range(0, int(top_value) + 1, tick_step))
    every = max(1, (len(seen) - 1) // 8)
    x_ticks = tuple((x(i), str(i)) for i in range(0, len(seen), every))
    return FlowChart(WIDTH, HEIGHT, tuple(lines), y_ticks, x_ticks, left, right, top, bottom)
