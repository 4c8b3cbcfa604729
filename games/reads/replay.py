"""The replay of a game: every resolved phase in order with each choice
handed in, who made it on whom and what the rules engine made of it (its
trace in the reader's language), the exits, the seats with their roles,
the replacements, the cards and penalties, and the outcome.

``replay(game, reader)`` reads; it decides nothing about who may see it
(``games.access.can_see_replay`` does, before it is called). Everything in
it is in the active language: build it inside the reader's language.
A running game's replay holds the phases resolved so far.

Rule ids stay in the trace lines (the replay shows the host's view); each
is a ``Piece`` with its ``rule`` set, which the page shows as an
abbreviation explained by the line's step, linked to the rule's text on
the ruleset's rules page (``reads.rules.rule_link``) when the ruleset's
texts hold it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from rulesets.core import Ruleset

from .. import results, trace_texts
from ..clock import local_time
from ..models import Action, Event, Game, Phase, Player, Resolution, Room
from ..names import ability_name, localized, role_name, team_name
from .game import PENALTY_EVENTS, ruleset_of
from .rules import rule_link
from .vote_flow import vote_flow

# One rule id as the engines cite them (FORUM-037, B-13, FORUM-083..086).
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-\d+[a-z]?(?:\.\.\d+)?")


@dataclass(frozen=True)
class Piece:
    """A stretch of a sentence: plain ``text``, or, with ``rule`` set, a
    rule id (``text`` is the id), ``note``, what the page shows when the
    reader points at it, and ``link``, the rule's place on the ruleset's
    rules page (``/rules/forum/#FORUM-052``; "" when the ruleset's texts
    do not hold it: an ambiguity's id such as B-13)."""

    text: str
    rule: str = ""
    note: str = ""
    link: str = ""


@dataclass(frozen=True)
class Line:
    """One line of the engine's trace in the reader's language: ``step``
    and ``result`` as the engine names them (ids, for styling),
    ``step_word`` and ``result_word`` in words, ``text`` the sentence and
    ``pieces`` the same sentence cut around its rule ids; ``english`` when
    the line was stored without a code and is shown as written."""

    step: str
    result: str
    step_word: str
    result_word: str
    text: str
    pieces: tuple[Piece, ...]
    english: bool = False


@dataclass(frozen=True)
class Choice:
    """A choice handed in: ``who`` (game nickname of the seat that handed
    it in; "" when the engine acted on its own, a standing order), its
    ``role`` (the seat's role name at the end of the game), ``team`` (the
    team's name for a team's choice, else ""), ``ability`` (its name),
    ``targets`` (nicknames) and ``outcome``, the trace lines about it."""

    who: str
    role: str
    team: str
    ability: str
    targets: tuple[str, ...]
    outcome: tuple[Line, ...]


@dataclass(frozen=True)
class Exit:
    """A player leaving the game in a phase: ``nickname``, ``how`` (the
    sentence of the results or the trace that says it), ``role`` and
    ``team`` (names)."""

    nickname: str
    how: str
    role: str
    team: str


@dataclass(frozen=True)
class PhaseReplay:
    """One resolved phase. ``key`` is ``Phase.key`` (``day-2``,
    ``night-1``, ``day-2.2`` for a further lynch vote); ``kind`` ``day``,
    ``night`` or ``setup``; ``title`` in words ("Night 1"). ``choices``:
    every choice of the phase with its outcome; ``lines``: the trace lines
    about no choice (the vote, autokills, the victory check); ``exits``.

    For a day: ``voted_out`` (nicknames the vote eliminated), ``anchor``
    (the id of the vote-flow section, ``vote-flow-day-N``, with ``-R`` for
    a further lynch vote R of the day), ``vote_room`` (the vote thread's
    public id, "" when it has none), ``results_post`` (the number of the
    published results post in it, 0 when none) and ``results_html`` (that
    post's sanitised HTML: the final public vote count and the exits).
    ``vote_flow``: the day's ``games.reads.vote_flow.VoteFlow``, its
    ballots replayed through the public count (None for a night)."""

    key: str
    kind: str
    number: int
    vote_round: int
    title: str
    choices: tuple[Choice, ...]
    lines: tuple[Line, ...]
    exits: tuple[Exit, ...]
    voted_out: tuple[str, ...] = ()
    anchor: str = ""
    vote_room: str = ""
    results_post: int = 0
    results_html: str = ""
    vote_flow: Any = None


@dataclass(frozen=True)
class Seat:
    """A seat at the end: ``nickname``, final ``role`` and ``team``
    (names), ``original_role``/``original_team`` as dealt when the rules
    converted the seat (else ""), ``alive``, ``left_in`` (the title of the
    phase it left in, "" when alive or unknown), ``account`` (the main
    username, only where the game reveals accounts, else "") and ``mine``
    (the reader's own seat)."""

    nickname: str
    role: str
    team: str
    original_role: str
    original_team: str
    alive: bool
    left_in: str
    account: str
    mine: bool


@dataclass(frozen=True)
class Replacement:
    """A replacement: ``nickname`` (the seat), ``when`` (local time of
    the game, as its pages show times), ``phase`` (the title of the phase
    running then), ``old_account`` and ``new_account`` (usernames, only
    where the game reveals accounts, else "")."""

    nickname: str
    when: str
    phase: str
    old_account: str
    new_account: str


@dataclass(frozen=True)
class Penalty:
    """A card or penalty: ``nickname``, ``what`` (the penalty's name, or
    the sentence of the rules' card), ``phase`` (its phase's title),
    ``by_host`` (the host gave it; else the rules did) and ``lines`` (the
    trace of its effect)."""

    nickname: str
    what: str
    phase: str
    by_host: bool
    lines: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Replay:
    """The whole replay: ``finished`` (the game is over), ``winner`` (the
    winning side's name, "draw" spelt out, "" while running), ``seats``,
    ``replacements``, ``penalties``, ``phases`` (resolved, in the order
    played) and ``accounts`` (the game reveals its accounts)."""

    finished: bool
    winner: str
    accounts: bool
    seats: tuple[Seat, ...]
    replacements: tuple[Replacement, ...]
    penalties: tuple[Penalty, ...]
    phases: tuple[PhaseReplay, ...] = field(default_factory=tuple)


def replay(game: Game, reader: Any) -> Replay:
    """The replay of ``game`` for ``reader`` (an account, possibly
    anonymous; it only marks the reader's own seat), in the active
    language. Reads the phases, their choices and resolutions, the seats
    and the log: about ten queries whatever the game's length. Raises
    ``GameBroken`` when the game's ruleset is not on this site."""
    ruleset = ruleset_of(game)
    accounts = game.status == Game.Status.FINISHED and game.reveal_accounts
    players = list(game.players.seated().select_related("user") if accounts else game.players.seated())
    every = list(game.phases.order_by("opened_at", "id"))
    phases = [p for p in every if p.resolved_at is not None]
    events = list(game.events.filter(kind__in=[*PENALTY_EVENTS, "player_replaced"]).order_by("id"))
    titles = _phase_titles(every)
    built = _phases(game, ruleset, phases, {p.nickname: p for p in players})
    penalties = _penalties(ruleset, events, every, titles, built)
    built, left = _with_penalty_exits(ruleset, built, events, every, {p.nickname: p for p in players})
    reader_id = getattr(reader, "pk", None) if getattr(reader, "is_authenticated", False) else None
    return Replay(
        finished=game.status == Game.Status.FINISHED,
        winner=_winner(ruleset, game),
        accounts=accounts,
        seats=tuple(_seats(ruleset, players, left, accounts, reader_id)),
        replacements=tuple(_replacements(game, events, every, titles, accounts)),
        penalties=tuple(penalties),
        phases=tuple(built),
    )


def _winner(ruleset: Ruleset, game: Game) -> str:
    """The winning side in words; "" while the game runs."""
    if game.status != Game.Status.FINISHED or not game.winner:
        return ""
    return _("a draw") if game.winner == "draw" else team_name(ruleset, game.winner)


def line_of(ruleset: Ruleset, shown: trace_texts.TraceLine) -> Line:
    """A trace line (``trace_texts.trace_lines``) cut around its rule ids,
    each explained by the ruleset's title and the line's step and linked
    to its text where the ruleset holds it."""
    title = localized(ruleset.title, ruleset.id)
    pieces: list[Piece] = []
    at = 0
    for match in RULE_ID.finditer(shown.text):
        if match.start() > at:
            pieces.append(Piece(shown.text[at : match.start()]))
        note = _("Rule %(rule)s of %(rules)s, applied at the step “%(step)s”.") % {
            "rule": match.group(),
            "rules": title,
            "step": shown.step_word,
        }
        pieces.append(Piece(match.group(), rule=match.group(), note=note, link=rule_link(ruleset, match.group())))
        at = match.end()
    if at < len(shown.text):
        pieces.append(Piece(shown.text[at:]))
    return Line(shown.step, shown.result, shown.step_word, shown.result_word, shown.text, tuple(pieces), shown.english)


def lines_of(ruleset: Ruleset, trace: list[dict[str, Any]]) -> list[Line]:
    """A stored trace as replay lines, in the reader's language."""
    return [line_of(ruleset, shown) for shown in trace_texts.trace_lines(ruleset, trace)]


def _phase_titles(phases: list[Phase]) -> dict[int, str]:
    """Phase id → its title in words."""
    return {p.pk: str(p) for p in phases}


def _phase_at(phases: list[Phase], when: datetime) -> Phase | None:
    """The phase running at ``when``: the last opened by then."""
    running = [p for p in phases if p.opened_at <= when]
    return running[-1] if running else None


def _phases(game: Game, ruleset: Ruleset, phases: list[Phase], seats: Mapping[str, Player]) -> list[PhaseReplay]:
    """Each resolved phase with its choices, trace lines and exits."""
    actions: dict[int, list[Action]] = {}
    for action in Action.objects.filter(phase__in=phases).select_related("actor").order_by("submitted_at", "id"):
        actions.setdefault(action.phase_id, []).append(action)
    resolutions: dict[int, list[Resolution]] = {}
    for res in (
        Resolution.objects.filter(deadline__phase__in=phases)
        .select_related("deadline", "published_post__room")
        .order_by("created_at", "id")
    ):
        resolutions.setdefault(res.deadline.phase_id, []).append(res)
    vote_rooms = dict(Room.objects.filter(game=game, kind=Room.Kind.VOTE).values_list("day", "public_id"))
    built = []
    for phase in phases:
        trace = [t for r in resolutions.get(phase.pk, []) for t in r.outcome.get("trace", [])]
        announcements = [a for r in resolutions.get(phase.pk, []) for a in r.outcome.get("announcements", [])]
        out = [name for r in resolutions.get(phase.pk, []) for name in r.outcome.get("out", [])]
        choices, loose = _choices(ruleset, actions.get(phase.pk, []), trace, seats)
        exits = _exits(ruleset, out, announcements, seats)
        item = PhaseReplay(
            key=phase.key,
            kind=phase.kind,
            number=phase.number,
            vote_round=phase.vote_round,
            title=str(phase),
            choices=tuple(choices),
            lines=tuple(lines_of(ruleset, loose)),
            exits=tuple(exits),
        )
        if phase.kind == Phase.Kind.DAY:
            published = [r.published_post for r in resolutions.get(phase.pk, []) if r.published_post]
            post = published[-1] if published else None
            suffix = f"-{phase.vote_round}" if phase.vote_round > 1 else ""
            item = replace(
                item,
                voted_out=tuple(a.get("player") for a in announcements if a.get("kind") in ruleset.VOTE_EXITS),
                anchor=f"vote-flow-day-{phase.number}{suffix}",
                vote_room=vote_rooms.get(phase.number, ""),
                results_post=post.number if post and post.room.kind == Room.Kind.VOTE else 0,
                results_html=post.body_html if post else "",
                vote_flow=vote_flow(game, phase),
            )
        built.append(item)
    return built


def role_of_choice(ruleset: Ruleset, seat: Player, ability: str) -> str:
    """The role id under which ``seat`` made a choice of ``ability``: its
    role as dealt when the rules converted it later and only the dealt role
    holds that ability (a choice made before the conversion), else its
    role at the end."""
    dealt, final = seat.dealt_role, seat.role
    if dealt and dealt != final and dealt in ruleset.ROLES and final in ruleset.ROLES:
        if ability in ruleset.ROLES[dealt].abilities and ability not in ruleset.ROLES[final].abilities:
            return dealt
    return final


def _action_key(data: Mapping[str, Any]) -> tuple[str, str, str]:
    """(actor nickname, team id, ability) of a choice as the trace stores
    it; a team's choice by the team alone (also when the trace names the
    member who handed it in)."""
    team = str(data.get("team") or "")
    return ("" if team else str(data.get("actor") or ""), team, str(data.get("ability") or ""))


def _choices(
    ruleset: Ruleset, actions: list[Action], trace: list[dict[str, Any]], seats: Mapping[str, Player]
) -> tuple[list[Choice], list[dict[str, Any]]]:
    """The phase's choices, each with the trace lines about it (the trace
    names the choice it handles), and the trace lines about none. A choice
    the trace names that nobody handed in (the engine's own, a standing
    order) is listed too, by the trace's words."""
    about: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    loose: list[dict[str, Any]] = []
    named: dict[tuple[str, str, str], Mapping[str, Any]] = {}
    for entry in trace:
        data = entry.get("action")
        if isinstance(data, Mapping) and data.get("ability"):
            key = _action_key(data)
            about.setdefault(key, []).append(entry)
            named.setdefault(key, data)
        else:
            loose.append(entry)
    rows: list[tuple[str, str, str, tuple[str, ...], tuple[str, str, str]]] = []
    for action in actions:
        who = action.actor.nickname if action.actor else ""
        key = ("", action.team, action.ability) if action.team else (who, "", action.ability)
        rows.append((who, action.team, action.ability, tuple(str(t) for t in action.targets), key))
    handed = {row[4] for row in rows}
    for key, data in named.items():
        if key not in handed:
            target = data.get("target")
            targets = tuple(str(t) for t in (target if isinstance(target, list) else [target] if target else []))
            rows.append((key[0], key[1], key[2], targets, key))
    choices = []
    for who, team, ability, targets, key in rows:
        seat = seats.get(who)
        choices.append(
            Choice(
                who=who,
                role=role_name(ruleset, role_of_choice(ruleset, seat, ability)) if seat and seat.role else "",
                team=team_name(ruleset, team) if team else "",
                ability=ability_name(ruleset, ability),
                targets=targets,
                outcome=tuple(lines_of(ruleset, about.get(key, []))),
            )
        )
    return choices, loose


def _exits(
    ruleset: Ruleset, out: list[str], announcements: list[dict[str, Any]], seats: Mapping[str, Player]
) -> list[Exit]:
    """Who left in the phase (the resolution's ``out``), how (the results'
    sentence about them, without rule ids), with their role and team."""
    said = {}
    for entry in announcements:
        name = entry.get("player")
        if name and name not in said:
            text = trace_texts.stored_text(ruleset, entry) or str(entry.get("text", ""))
            said[name] = results.without_rule_ids(text)
    exits = []
    for name in dict.fromkeys(out):
        seat = seats.get(name)
        exits.append(
            Exit(
                nickname=name,
                how=said.get(name) or _("left the game"),
                role=role_name(ruleset, seat.role) if seat else "",
                team=team_name(ruleset, seat.team) if seat else "",
            )
        )
    return exits


def _penalty_phase(event: Event, phases: list[Phase]) -> Phase | None:
    """The phase a penalty of the log belongs to: the one it names (a
    deferred card), else the one running when it was given."""
    named = str(event.data.get("phase", ""))
    return next((p for p in phases if p.key == named), None) or _phase_at(phases, event.created_at)


def _with_penalty_exits(
    ruleset: Ruleset, built: list[PhaseReplay], events: list[Event], phases: list[Phase], seats: Mapping[str, Player]
) -> tuple[list[PhaseReplay], dict[str, str]]:
    """``built`` with each player a penalty removed (a modkill: out of the
    game, and no resolution's exit) among the exits of the penalty's phase
    (``phases``: every phase of the game, the open one too); and nickname
    → the title of the phase each player left in."""
    left = {e.nickname: p.title for p in built for e in p.exits}
    gone = set(left)
    added: dict[str, list[Exit]] = {}
    for event in events:
        target = str(event.data.get("target", ""))
        seat = seats.get(target)
        if event.kind not in PENALTY_EVENTS or seat is None or seat.alive or target in gone:
            continue
        phase = _penalty_phase(event, phases)
        if phase is None:
            continue
        what = localized(ruleset.PENALTIES.get(str(event.data.get("kind", "")), {}), "")
        how = _("removed by the host: %(penalty)s") % {"penalty": what} if what else _("removed by the host")
        exit_ = Exit(target, how, role_name(ruleset, seat.role), team_name(ruleset, seat.team))
        added.setdefault(phase.key, []).append(exit_)
        gone.add(target)
        left[target] = str(phase)
    return [replace(p, exits=(*p.exits, *added[p.key])) if p.key in added else p for p in built], left


def _penalties(
    ruleset: Ruleset, events: list[Event], phases: list[Phase], titles: dict[int, str], built: list[PhaseReplay]
) -> list[Penalty]:
    """The host's cards and penalties (the log) and the cards the rules
    gave (the trace's ``cards`` lines), in order."""
    penalties: list[tuple[datetime, Penalty]] = []
    for event in events:
        if event.kind not in PENALTY_EVENTS:
            continue
        data = event.data
        kind, target = str(data.get("kind", "")), str(data.get("target", ""))
        phase = _penalty_phase(event, phases)
        title = titles.get(phase.pk, "") if phase else ""
        what = localized(ruleset.PENALTIES.get(kind, {}), kind)
        lines = tuple(lines_of(ruleset, data.get("trace", [])))
        penalties.append((event.created_at, Penalty(target, what, title, True, lines)))
    ordered = [p for _when, p in sorted(penalties, key=lambda pair: pair[0])]
    for phase in built:
        for line in [*phase.lines, *(line for c in phase.choices for line in c.outcome)]:
            if line.step == "cards":
                ordered.append(Penalty(_named_in(line.text, phase), line.text, phase.title, False, (line,)))
    return ordered


def _named_in(text: str, phase: PhaseReplay) -> str:
    """The nickname a card's sentence is about: the first of the phase's
    exits or choosers it names, else ""."""
    names = [e.nickname for e in phase.exits] + [c.who for c in phase.choices] + list(phase.voted_out)
    return next((name for name in names if name and name in text), "")


def _seats(
    ruleset: Ruleset,
    players: list[Player],
    left: dict[str, str],
    accounts: bool,
    reader_id: int | None,
) -> Iterable[Seat]:
    """Every seat, its role and team at the end and as dealt
    (``Player.dealt_role``/``dealt_team``) where they differ."""
    for p in players:
        role, team = (p.dealt_role or p.role), (p.dealt_team or p.team)
        converted = (role, team) != (p.role, p.team)
        yield Seat(
            nickname=p.nickname,
            role=role_name(ruleset, p.role),
            team=team_name(ruleset, p.team),
            original_role=role_name(ruleset, role) if converted else "",
            original_team=team_name(ruleset, team) if converted else "",
            alive=p.alive,
            left_in="" if p.alive else left.get(p.nickname, ""),
            account=p.user.get_username() if accounts else "",
            mine=reader_id is not None and p.user_id == reader_id,
        )


def _replacements(
    game: Game, events: list[Event], phases: list[Phase], titles: dict[int, str], accounts: bool
) -> Iterable[Replacement]:
    """The replacements from the log, with the accounts where revealed."""
    replaced = [e for e in events if e.kind == "player_replaced"]
    names: dict[int, str] = {}
    if accounts and replaced:
        ids = {e.data.get(k) for e in replaced for k in ("old_user", "new_user")}
        users = get_user_model().objects.filter(pk__in=[i for i in ids if i])
        names = {u.pk: u.get_username() for u in users}
    for event in replaced:
        phase = _phase_at(phases, event.created_at)
        yield Replacement(
            nickname=str(event.data.get("nickname", "")),
            when=local_time(game, event.created_at),
            phase=titles.get(phase.pk, "") if phase else "",
            old_account=names.get(event.data.get("old_user") or 0, ""),
            new_account=names.get(event.data.get("new_user") or 0, ""),
        )
