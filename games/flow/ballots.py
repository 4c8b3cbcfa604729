"""The day's ballots: a vote post under the ruleset's vote law, a
nomination, and the host's list of candidates."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from rulesets.core import DayProcedure
from rulesets.core.day import LAST_COUNTS, NEVER

from .. import languages
from ..clock import local_deadline
from ..errors import FlowError
from ..models import Event, Game, Phase, Player, Room, Vote
from ..names import localized
from ..reads.day import ballots_of, day_window
from ..reads.game import current_phase, revote_label, ruleset_of, state_of
from .nominations import record_nomination, refuse_nomination
from .posting import RESENT_WITHIN, refuse_before_opening, write_post
from .records import refuse_if_late
from .turn import Turn, transition


def _refuse_ballot(
    game: Game, seat: Player, target: Player | None, abstain: bool, choices: list[str], word: str = ""
) -> DayProcedure:
    """Raise FlowError when the ruleset's day procedure refuses this ballot's
    choice (see ``DayProcedure``); ``choices``: the nicknames (or re-vote
    words) it may name; ``word``: a re-vote word instead of a player.
    Returns the procedure."""
    ruleset, state = ruleset_of(game), state_of(game)
    procedure = ruleset.day_procedure(state)
    refusal = ruleset.ballot_refusal(state, seat.nickname) if seat.nickname in state.alive_names() else None
    if not ruleset.may_vote(state, seat.nickname) and not refusal:
        raise FlowError(_("You are out of the game and cannot vote."))
    if refusal:
        raise FlowError(_(ruleset.message(refusal)))
    if word:
        if word not in choices:
            shown = "; ".join(revote_label(ruleset, state, c) for c in choices)
            raise FlowError(_("A re-vote may say only: %(choices)s.") % {"choices": shown})
        return procedure
    if abstain:
        if not procedure.abstain:
            raise FlowError(_("This game has no abstention: name a player (%(rule)s).") % {"rule": procedure.rule})
        return procedure
    if target is None or target.game_id != game.id or target.nickname not in choices:
        if procedure.nominations_until or len(choices) < len(state.alive_names()) - 1:
            raise FlowError(
                _("You can vote only for one of today's candidates: %(names)s.") % {"names": ", ".join(choices) or "—"}
            )
        raise FlowError(_("You can vote only for a player still in the game."))
    return procedure


def _refuse_change(game: Game, phase: Phase, procedure: DayProcedure, earlier: list[Vote], now: datetime) -> None:
    """Raise FlowError when the vote law forbids another ballot from a voter
    who already cast ``earlier`` ones today: no change where the ruleset
    refuses them all today (``Ruleset.vote_change_refusal``, werewolf18's
    accelerated game, WW18-068), never changed (FORUM-019),
    changed once at most and not after the ``no_change_after`` deadline
    (WW18-065, WW18-066), or changed freely (classic)."""
    if not earlier or procedure.change == LAST_COUNTS:
        return
    ruleset = ruleset_of(game)
    refusal = ruleset.vote_change_refusal(state_of(game))
    if refusal:
        raise FlowError(_(ruleset.message(refusal)))
    if procedure.change == NEVER:
        raise FlowError(
            _("You have already voted today; a vote cannot be changed (%(rule)s).") % {"rule": procedure.rule}
        )
    if len(earlier) >= 2:
        raise FlowError(_("You have already changed your vote once today (%(rule)s).") % {"rule": procedure.rule})
    if procedure.no_change_after:
        stop = phase.deadlines.filter(kind=procedure.no_change_after).first()
        if stop is not None and (stop.done_at or now >= stop.due_at):
            raise FlowError(
                _("Votes may no longer be changed: changes closed at %(when)s.")
                % {"when": local_deadline(game, stop.due_at)}
            )


def _ballot_text(procedure: DayProcedure, target: Player | None, reason: str = "", change: bool = False) -> str:
    """A vote post's words in the active language, as the day procedure
    words them (werewolf18 «投票对象：X» and «投票理由：…», or «投票对象：弃权»;
    a ``change`` «改票对象：X» and «改票理由：…», WW18-065): the name, or the
    abstention; the reason on its own line where the procedure has one and
    the voter gave it, an abstention's too («投票对象：弃权 / 投票理由：…»)."""
    if target is None:
        choice = localized(procedure.abstain_word) if procedure.abstain_word else _("abstains")
    else:
        choice = target.nickname
    wording = procedure.change_text if change and procedure.change_text else procedure.ballot_text
    text = localized(wording).format(choice=choice) if wording else choice
    reason_wording = procedure.change_reason_text if change and procedure.change_reason_text else procedure.reason_text
    if reason_wording and reason.strip():
        text += "\n" + localized(reason_wording).format(reason=reason.strip())
    return text


def _ballot_body(choice: str, earlier: list[Vote]) -> str:
    """The vote post's text: the choice, quoting the vote it changes."""
    if not earlier or earlier[-1].post is None:
        return choice
    original = earlier[-1].post
    return f"[quote=#{original.number}]{original.body}[/quote]\n{choice}"


def _open_day(game: Game, now: datetime) -> Phase:
    """The open day for a vote post or a nomination, or FlowError: late
    (with the deadline it missed) or no day open."""
    day = game.phases.filter(kind=Phase.Kind.DAY).order_by("-number", "-vote_round").first()
    phase = current_phase(game)
    if day is not None and phase != day:
        closed = day.deadlines.filter(resolution__isnull=False).first()
        refuse_if_late(game, closed, now, _("The vote closed at %(when)s; your vote was not counted."))
    if phase is None or phase != day:
        raise FlowError(_("Voting is open only during the day."))
    refuse_before_opening(game, phase, now)
    return phase


@transition
def vote_cast(
    turn: Turn,
    *,
    seat: Player,
    target: Player | None = None,
    abstain: bool = False,
    word: str = "",
    reason: str = "",
) -> Vote:
    """A vote post in today's vote thread naming ``target`` (or an explicit
    abstention where the ruleset allows one; or, in a re-vote whose ballots
    are words, ``word``, cosmo's ``jail``/``spare``), under the ruleset's
    vote law (``Ruleset.day_procedure``): the day's windows (``day_window``),
    whether and how a vote may change, who may be named. The post is
    worded as the procedure words it, with ``reason`` where it has one
    (werewolf18 «投票对象：X / 投票理由：…», ``_ballot_text``). A change quotes
    the vote it replaces. Raises FlowError when late (with the deadline),
    out of the game, or refused by the law. Called as ``vote_cast(game=…,
    seat=…, …)`` (``transition``): the vote's time is taken under the game
    lock."""
    return _cast(turn, seat, target, abstain, word, reason)


@transition
def proxy_vote_cast(turn: Turn, *, seat: Player, target: Player | None = None, abstain: bool = False) -> Vote:
    """The host posts in today's vote thread the vote ``seat`` asked him to
    cast for him, naming ``target`` or abstaining (导演代投, 玩家须知 9: «代投必须
    明确指定投票对象»), where the ruleset's day has proxy votes
    (``DayProcedure.proxy_until``): until that deadline (werewolf18: 30
    minutes before the vote closes; a later request is void), under the
    player's own vote law (a proxy change counts as his one change and
    keeps to the change deadline, «如需代投改票，需在投票截止前1个小时»).
    The post is the host's, headed with the player it is cast for. Raises
    FlowError as ``vote_cast`` does, for a game without proxy votes, or
    after the proxy deadline (with it). Called as ``proxy_vote_cast(game=…,
    seat=…, target=…)`` (``transition``)."""
    game, now, ruleset, state = turn.game, turn.now, turn.ruleset, turn.state
    until = ruleset.day_procedure(state).proxy_until
    if not until:
        raise FlowError(_("The rules of this game have no proxy votes: each player votes himself."))
    phase = _open_day(game, now)
    deadline = phase.deadlines.filter(kind=until).first()
    if deadline is not None and (deadline.done_at or now >= deadline.due_at):
        raise FlowError(
            _("Proxy votes closed at %(when)s; a vote asked for later is void.")
            % {"when": local_deadline(game, deadline.due_at)}
        )
    if target is None and not abstain:
        raise FlowError(_("A proxy vote names the player chosen, or the abstention."))
    return _cast(turn, seat, target, abstain, "", "", proxy=True)


def _cast(
    turn: Turn, seat: Player, target: Player | None, abstain: bool, word: str, reason: str, proxy: bool = False
) -> Vote:
    """``vote_cast``'s work (and ``proxy_vote_cast``'s, posted by the host
    with the voter named: ``proxy``)."""
    game, now, ruleset, state = turn.game, turn.now, turn.ruleset, turn.state
    phase = _open_day(game, now)
    round_, choices = _ballot_round(turn, phase, seat)
    procedure = _refuse_ballot(game, seat, target, abstain and not word, choices, word)
    earlier = list(
        Vote.objects.filter(
            game=game, day=phase.number, vote_round=phase.vote_round, voter=seat, round=round_
        ).select_related("post")
    )
    resent = _resent_ballot(earlier, target, word, now)
    if resent is not None:
        return resent
    _refuse_change(game, phase, procedure, earlier, now)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    with languages.in_game_language(game):
        shown = revote_label(ruleset, state, word) if word else _ballot_text(procedure, target, reason, bool(earlier))
        if proxy:
            shown = (
                _("[b]Proxy vote for %(name)s[/b] (cast by the host at the player's request)") % {"name": seat.nickname}
                + "\n"
                + shown
            )
    post = write_post(turn, room, seat, _ballot_body(shown, earlier), by_host=proxy)
    choice = word or (target.nickname if target is not None else _("abstains"))
    vote = Vote.objects.create(
        game=game,
        day=phase.number,
        vote_round=phase.vote_round,
        round=round_,
        voter=seat,
        target=target if not word else None,
        word=word,
        post=post,
        created_at=now,
    )
    turn.log(
        "vote_cast",
        {
            "day": phase.number,
            "round": round_,
            "voter": seat.nickname,
            "target": choice if target or word else None,
            **({"proxy": True} if proxy else {}),
        },
        Event.Audience.PUBLIC,
    )
    turn.ballots_changed(phase)
    return vote


def _resent_ballot(earlier: list[Vote], target: Player | None, word: str, now: datetime) -> Vote | None:
    """The voter's last ballot of this round when the one sent now repeats
    it (the same player, abstention or re-vote word) within
    ``RESENT_WITHIN``: the same form sent twice (a double click, a reload,
    the host's proxy vote posted twice), which casts nothing more and
    spends no change; else None."""
    if not earlier:
        return None
    last = earlier[-1]
    same = last.word == word and (last.target_id if not word else None) == (
        target.pk if target is not None and not word else None
    )
    return last if same and now - last.created_at <= RESENT_WITHIN else None


def _ballot_round(turn: Turn, phase: Phase, seat: Player) -> tuple[str, list[str]]:
    """The round a ballot of ``seat`` goes to now (the re-vote once it runs,
    PITER-017, COSMO-013; else the vote) and what it may name; raises
    FlowError when that round closed (with its deadline) or the vote is
    not open yet (with its opening)."""
    game, now, ruleset, state = turn.game, turn.now, turn.ruleset, turn.state
    window = day_window(game, phase, now)
    procedure = ruleset.day_procedure(state)
    if window.tie and window.picked:
        raise FlowError(
            _("The vote is not repeated: %(names)s has chosen which of %(tied)s leaves the table (%(rule)s).")
            % {"names": ", ".join(window.pickers), "tied": ", ".join(window.tie), "rule": procedure.tie_pick_rule}
        )
    if window.tie and window.pickers:
        closes = phase.deadlines.filter(kind=ruleset.choice_closes(procedure.tie_pick, phase.kind)).first()
        raise FlowError(
            _(
                "%(names)s chooses which of %(tied)s leaves the table until %(when)s (%(rule)s); if he does not,"
                " the re-vote opens then."
            )
            % {
                "names": ", ".join(window.pickers),
                "tied": ", ".join(window.tie),
                "when": local_deadline(game, closes.due_at) if closes else "—",
                "rule": procedure.tie_pick_rule,
            }
        )
    if window.tie and window.speech:
        raise FlowError(
            _("The re-vote opens at %(when)s, after the tied players' extra defence posts.")
            % {"when": local_deadline(game, window.opens_at)}
        )
    if window.revote:
        revote_deadline = phase.deadlines.filter(kind=ruleset.day_procedure(state).revote_until).first()
        refuse_if_late(game, revote_deadline, now, _("The re-vote closed at %(when)s; your vote was not counted."))
        return Vote.Round.REVOTE, ruleset.revote_choices(state, window.revote)
    until = ruleset.day_procedure(state).votes_until
    closes = (
        phase.deadlines.filter(kind=until).first()
        if until
        else phase.deadlines.filter(resolves=True).order_by("due_at").first()
    )
    refuse_if_late(game, closes, now, _("The vote closed at %(when)s; your vote was not counted."))
    if not window.votes:
        raise FlowError(
            _("Voting opens at %(when)s, after the nominations and the defence posts.")
            % {"when": local_deadline(game, window.opens_at)}
        )
    return Vote.Round.VOTE, ruleset.vote_choices(state, seat.nickname, ballots_of(game, phase.number, phase.vote_round))


@transition
def nominate(turn: Turn, *, seat: Player, target: Player) -> Vote:
    """A nomination post in today's vote thread naming ``target`` as a
    candidate, in the window the ruleset declares (piter «выдвижение»
    PITER-010, cosmo «Кандидат:» COSMO-007). Raises FlowError outside the
    window (with its deadline), for a player out of the game or silenced,
    a second nomination, or a candidate already named or out of the game.
    Called as ``nominate(game=…, seat=…, target=…)`` (``transition``)."""
    game, now = turn.game, turn.now
    phase = _open_day(game, now)
    refuse_nomination(turn, phase, seat, target)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    with languages.in_game_language(game):
        body = _("Candidate: %(name)s") % {"name": target.nickname}
    post = write_post(turn, room, seat, body)
    return record_nomination(turn, phase, seat, target, post)


@transition
def candidates_put(turn: Turn, *, names: list[str]) -> Phase:
    """The host puts ``names`` (nicknames of living players, in his order)
    to today's vote («выносит на голосование», CLASSIC-011), once per lynch
    vote, where the ruleset's day allows it (``DayProcedure.host_candidates``):
    only they may be voted for from then on, and a standing ballot for
    anyone else no longer counts. The list is posted in the vote thread.
    Raises FlowError outside an open day's vote, for a second list, or for
    a name not in the game. Called as ``candidates_put(game=…, names=…)``
    (``transition``)."""
    game, now, ruleset, state = turn.game, turn.now, turn.ruleset, turn.state
    phase = _open_day(game, now)
    procedure = ruleset.day_procedure(state)
    if not procedure.host_candidates:
        raise FlowError(_("In this game the players vote for anyone still in the game."))
    if phase.candidates:
        raise FlowError(_("The candidates of this vote are already published."))
    window = day_window(game, phase, now)
    if not window.votes:
        raise FlowError(_("The vote is not open."))
    alive = state.alive_names()
    chosen = list(dict.fromkeys(names))
    if not chosen or any(n not in alive for n in chosen):
        raise FlowError(_("Put to the vote only players still in the game."))
    phase.candidates = chosen
    phase.save(update_fields=["candidates"])
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=phase.number)
    with languages.in_game_language(game):
        text = _("The host puts to the vote: %(names)s. Only they may be voted for (%(rule)s).") % {
            "names": ", ".join(chosen),
            "rule": procedure.host_candidates,
        }
    turn.post(room, text, phase.number, when=now)
    turn.log("candidates_put", {"day": phase.number, "names": chosen}, Event.Audience.PUBLIC)
    turn.ballots_changed(phase)
    return phase
