"""Posts in a game's threads: writing one (with the day's refusals:
silenced players, the defence window, a delayed opening) and editing one
within its window."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from .. import languages, markup
from ..clock import local_deadline
from ..errors import FlowError
from ..models import Deadline, Event, Game, Phase, Player, Post, Room
from ..reads.day import ballots_of, day_window, passed
from ..reads.game import OPENS, current_day, current_phase, edit_refusal
from .nominations import nominate_by_post
from .turn import Turn, game_turn


def post_create(
    *, room: Room, seat: Player | None, body: str, by_host: bool = False, now: datetime | None = None
) -> Post:
    """A post in a thread, in a turn of its game (``game_turn``: the game's
    lock, so a post and a host's change of the state happen one after
    another); access is checked by the caller (games.access). A dead
    player's one last post in their day thread is spent here. A living
    player the ruleset silences today (``Ruleset.speech_refusal``,
    PITER-021, COSMO-047) is refused in the day thread with its reason. A
    living player's day-thread post that names a candidate in the
    document's words nominates him (``nominations.nominate_by_post``,
    cosmo «Кандидат: NAME», COSMO-007). Raises FlowError (an empty or too
    long text, a refusal).

    A double submit (the same text by the same author as the room's last
    post, within ``RESENT_WITHIN`` of it) posts nothing more and returns
    that post."""
    body = body.strip()
    if not body:
        raise FlowError(_("The post is empty."))
    if len(body) > 20000:
        raise FlowError(_("The post is too long (at most 20,000 characters)."))
    with game_turn(room.game, now) as turn:
        # The room's last post, read under the game's lock: no one else
        # numbers a post in the room until the turn ends.
        last = room.posts.order_by("-number").first()
        if _resent(turn, last, seat, body, by_host):
            return last
        phase = current_phase(turn.game)
        post = write_post(turn, room, seat, body, by_host, phase=phase, after=last.number if last else 0)
        turn.posts_only = seat is None or seat.alive
        if seat is not None and not by_host and seat.alive and room.kind == Room.Kind.DAY and turn.game.is_running:
            # «Кандидат: NAME» nominates by post (COSMO-007); a refused one refuses the post.
            if nominate_by_post(turn, phase, seat, post):
                turn.posts_only = False
        return post


# How long after a post the same text from the same author in the same
# room is taken for the same post sent twice (a double click, a reload).
RESENT_WITHIN = timedelta(minutes=5)


def _resent(turn: Turn, last: Post | None, seat: Player | None, body: str, by_host: bool) -> bool:
    """True when the room's ``last`` post (read under the game's lock; None
    in an empty room) is the author's and ``body`` repeats it within
    ``RESENT_WITHIN``."""
    if last is None or last.body != body or turn.now - last.created_at > RESENT_WITHIN:
        return False
    return last.by_host if by_host else (not last.by_host and last.author_id == getattr(seat, "pk", None))


# ``write_post``'s ``phase`` when the caller has not read it.
_UNREAD = object()


def write_post(
    turn: Turn,
    room: Room,
    seat: Player | None,
    body: str,
    by_host: bool = False,
    *,
    phase: Phase | None | object = _UNREAD,
    after: int | None = None,
) -> Post:
    """``post_create``'s work inside the caller's turn (a vote post, a
    nomination): ``body`` stripped and not empty, dated ``turn.now``, filed
    under the current game day. ``phase``: the open phase
    (``current_phase``) when the caller read it in this turn; ``after``:
    the room's last post number when the caller read it in this turn
    (``PostManager.create_after``; None: read here, the room locked)."""
    if phase is _UNREAD:
        phase = current_phase(turn.game)
    # Players post in vote threads only through ``vote_cast`` and
    # ``nominate``, which check the day themselves.
    if not by_host and room.kind == Room.Kind.DAY and turn.game.is_running:
        _refuse_day_post(turn, room, seat, phase)
    fields = {
        "room": room,
        "author": None if by_host else seat,
        "by_host": by_host,
        "body": body,
        "body_html": markup.render(body, languages.game_language(turn.game)),
        # The open phase is the game's latest: its number is the game day.
        "game_day": phase.number if phase is not None else current_day(turn.game),
        "created_at": turn.now,
    }
    post = Post.objects.create(**fields) if after is None else Post.objects.create_after(after, **fields)
    if seat is not None and not by_host and not seat.alive and room.kind == Room.Kind.DAY:
        seat.last_words_used = True
        seat.save(update_fields=["last_words_used"])
    return post


def _refuse_day_post(turn: Turn, room: Room, seat: Player | None, phase: Phase | None) -> None:
    """Raise FlowError when the day thread ``room`` refuses a player's post
    now: before the day's delayed opening, from a player the ruleset
    silences today, or outside the defence window's rules. ``phase``: the
    open phase (``current_phase``)."""
    game = turn.game
    today = phase if phase is not None and phase.kind == Phase.Kind.DAY and phase.number == room.day else None
    refuse_before_opening(game, today, turn.now)
    if seat is not None and seat.alive:
        refusal = turn.ruleset.speech_refusal(turn.state, seat.nickname)
        if refusal:
            raise FlowError(_(turn.ruleset.message(refusal)))
        _refuse_outside_defence(turn, room, seat, today)


def refuse_before_opening(game: Game, phase: Phase | None, now: datetime) -> None:
    """Raise FlowError, with the opening time, while ``phase`` (the open
    one, as the caller read it) waits for its delayed opening
    (``Ruleset.phase_opens``: werewolf18's thread opens on the morning of
    A, WW18-072)."""
    if phase is None or phase.opened_at <= now:
        return
    opening = phase.deadlines.filter(kind=OPENS, done_at__isnull=True).first()
    if opening is not None and now < opening.due_at:
        raise FlowError(_("The day opens at %(when)s.") % {"when": local_deadline(game, opening.due_at)})


def post_edit(*, post: Post, body: str, now: datetime | None = None) -> Post:
    """Replace the text of ``post`` within its edit window, in a turn of its
    game (``game_turn``); who may is checked by the caller
    (``access.may_edit``). The body is rendered and sanitised as a new
    post's is (``games.markup``); the first text is kept for the host
    (``Post.original_body``) and every edit is logged with the text it
    replaced. Raises FlowError (``edit_refusal``, an empty or too long text)."""
    body = body.strip()
    with game_turn(post.room.game, now) as turn:
        post = Post.objects.select_for_update().select_related("room__game").get(pk=post.pk)
        refusal = edit_refusal(post, turn.now)
        if refusal:
            raise FlowError(refusal)
        if not body:
            raise FlowError(_("The post is empty."))
        if len(body) > 20000:
            raise FlowError(_("The post is too long (at most 20,000 characters)."))
        if body == post.body:
            return post
        old = post.body
        post.original_body = post.original_body or old
        post.body, post.body_html, post.edited_at = (
            body,
            markup.render(body, languages.game_language(turn.game)),
            turn.now,
        )
        post.save(update_fields=["body", "body_html", "edited_at", "original_body"])
        turn.posts_only = True
        turn.log(
            "post_edited",
            {"room": post.room.public_id, "number": post.number, "old": old, "new": body},
            player=post.author,
        )
    return post


def _refuse_tie_speech(turn: Turn, room: Room, seat: Player, phase: Phase, deadlines: dict[str, Deadline]) -> None:
    """After a tie, until ``DayProcedure.revote_speech_until``, only the
    tied players post in the day thread, one more defence post each
    before the re-vote (piter «они получают по дополнительной минуте
    монолога», PITER-017). Raises FlowError with the deadline."""
    window = day_window(turn.game, phase, turn.now)
    if not (window.tie and window.speech):
        return
    until = local_deadline(turn.game, deadlines[turn.ruleset.day_procedure(turn.state).revote_speech_until].due_at)
    if seat.nickname not in window.tie:
        raise FlowError(
            _("Only the tied players (%(names)s) speak now, one more defence post each, until %(when)s.")
            % {"names": ", ".join(window.tie), "when": until}
        )
    opened = min(d.due_at for d in deadlines.values() if d.resolves)
    if room.posts.filter(author=seat, created_at__gte=opened).exists():
        raise FlowError(_("You have given your extra defence post; the thread reopens at %(when)s.") % {"when": until})


def _refuse_outside_defence(turn: Turn, room: Room, seat: Player, phase: Phase | None) -> None:
    """In the day's defence window (``DayProcedure.defence_from`` and
    ``defence_until``) only today's candidates post in the day thread, one
    post each; a second one is refused unless the ruleset grants it
    (``Ruleset.defence_extra_post``, which is then spent, under the game's
    lock like every change of the state). PITER-011, PITER-122.
    ``phase``: the open day when ``room`` is its thread, else None."""
    if phase is None:
        return
    game, ruleset, state, now = turn.game, turn.ruleset, turn.state, turn.now
    procedure = ruleset.day_procedure(state)
    if not procedure.defence_until:
        return
    deadlines = {d.kind: d for d in phase.deadlines.all()}
    _refuse_tie_speech(turn, room, seat, phase, deadlines)
    if not passed(deadlines, procedure.defence_from, now) or passed(deadlines, procedure.defence_until, now):
        return
    until = local_deadline(game, deadlines[procedure.defence_until].due_at)
    if seat.nickname not in ruleset.nominees(state, ballots_of(game, phase.number, phase.vote_round)):
        raise FlowError(
            _("Only today's candidates speak now, one defence post each, until %(when)s.") % {"when": until}
        )
    opened = deadlines[procedure.defence_from].due_at
    if room.posts.filter(author=seat, created_at__gte=opened).exists():
        extra = ruleset.defence_extra_post(state, seat.nickname)
        if extra is None:
            raise FlowError(_("You have given your defence post; the vote opens at %(when)s.") % {"when": until})
        turn.set_state(extra)
        turn.log("extra_defence_post", {"nickname": seat.nickname}, Event.Audience.PUBLIC)
