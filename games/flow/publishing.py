"""Publishing results: the results post in its thread (and a day's copy in
its day thread), the host's correction of it, the results that waited for
a delayed opening, and last words joining the morning report."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from .. import languages, markup
from ..errors import FlowError
from ..models import Deadline, Event, Phase, Post, Resolution, Room
from ..reads.game import OPENS, current_day
from .read_model import GameRead
from .turn import Turn, game_turn


def publish_waiting(turn: Turn, phase: Phase, when: datetime) -> None:
    """At a phase's delayed opening (``OPENS``), publish the results that
    waited for it: the morning report (WW18-072); the host of a game
    without automatic publication publishes his draft himself."""
    game = turn.game
    turn.log("phase_opened_now", {"phase": str(phase)}, Event.Audience.PUBLIC)
    if not game.autopublish:
        return
    waiting = Resolution.objects.filter(
        deadline__phase__game=game, published_post__isnull=True, deadline__phase__resolved_at__isnull=False
    ).select_related("deadline__phase")
    for resolution in waiting.order_by("id"):
        text = resolution.results.strip()
        if not text:
            raise FlowError(_("The results post is empty."))
        publish_or_correct(turn, resolution, text, when)


def publish_last_words(turn: Turn, deadline: Deadline) -> None:
    """At the ``LAST_WORDS_DUE`` deadline the last words it closes join the
    morning report (WW18-072: the report gives the exits, the sheriff, then
    the last words): they are added to the results draft that waits for the
    next thread's opening (``OPENS``), published with it; with no such draft
    they are posted in the latest day thread at once. A holder who sent none
    has given them up (WW18-016, §2 «遗言»)."""
    game = turn.game
    holders = list(
        game.players.seated().filter(last_words_until=deadline, last_words_used=False).order_by("left_at_day", "id")
    )
    if not holders:
        return
    parts = []
    for seat in holders:
        if seat.last_words:
            parts.append(_("Last words of %(nick)s:") % {"nick": seat.nickname} + f"\n[quote]{seat.last_words}[/quote]")
        else:
            parts.append(_("%(nick)s left no last words.") % {"nick": seat.nickname})
        seat.last_words_used = True
        seat.save(update_fields=["last_words_used"])
    text = "\n\n".join(parts)
    names = {"players": [s.nickname for s in holders]}
    report = None
    if Deadline.objects.filter(phase__game=game, kind=OPENS, done_at__isnull=True).exists():
        report = (
            Resolution.objects.filter(
                deadline__phase__game=game, published_post__isnull=True, deadline__phase__resolved_at__isnull=False
            )
            .order_by("-id")
            .first()
        )
    if report is not None:
        report.results = f"{report.results}\n\n{text}"
        report.save(update_fields=["results"])
        turn.log("last_words_in_report", names)
        return
    room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first() or Room.objects.get(
        game=game, kind=Room.Kind.GRAVEYARD
    )
    turn.post(room, text, current_day(game), deadline.due_at)
    turn.log("last_words_published", names, Event.Audience.PUBLIC)


def _results_room(read: GameRead, resolution: Resolution) -> Room:
    """Where a resolution's results are posted, found in ``read`` (the
    game's rooms and phases): a day's in its vote thread; a night's (or the
    setup step's) open the day thread that follows it (FORUM-031), else the
    last day thread; a game that ended before any day posts them in the
    graveyard thread."""
    phase = resolution.deadline.phase
    votes = read.of_kind(Room.Kind.VOTE, phase.number) if phase.kind == Phase.Kind.DAY else []
    if votes:
        return votes[0]
    later = [p for p in read.phases if p.kind == Phase.Kind.DAY and p.opened_at >= phase.opened_at and p.pk != phase.pk]
    following = min(later, key=lambda p: (p.opened_at, p.pk)) if later else None
    days = read.of_kind(Room.Kind.DAY, following.number) if following else []
    return (days[0] if days else None) or read.latest_day_room() or read.graveyard()


def results_publish(*, resolution: Resolution, text: str, now: datetime | None = None) -> Post:
    """Publish a draft results post (as the host), or correct a published
    one, in a turn of the game (``game_turn``); a correction is logged with
    the old and new text. A day's results go to its vote thread and, as a
    copy kept in step, to its day thread. Idempotent: the resolution is
    read again under the game's lock, so a second click with the same text
    changes nothing. Raises FlowError for an empty text."""
    text = text.strip()
    if not text:
        raise FlowError(_("The results post is empty."))
    with game_turn(resolution.deadline.phase.game, now) as turn:
        resolution.refresh_from_db()
        if resolution.published_post_id and resolution.published_post.body == text:
            return resolution.published_post
        return publish_or_correct(turn, resolution, text, turn.now)


def publish_or_correct(turn: Turn, resolution: Resolution, text: str, now: datetime) -> Post:
    """``results_publish`` in the caller's turn: the first publication of
    ``text`` (stripped, not empty), or a correction of the published post
    and its day copy."""
    if resolution.published_post_id:
        post = resolution.published_post
        old = post.body
        post.body, post.body_html, post.edited_at = (
            text,
            markup.render(text, languages.game_language(post.room.game)),
            now,
        )
        post.save(update_fields=["body", "body_html", "edited_at"])
        if resolution.day_copy_id:
            copy = resolution.day_copy
            copy.body, copy.body_html, copy.edited_at = text, post.body_html, now
            copy.save(update_fields=["body", "body_html", "edited_at"])
        resolution.results = text
        resolution.save(update_fields=["results"])
        turn.log("results_corrected", {"old": old, "new": text}, Event.Audience.PUBLIC)
        return post
    post = publish_results(turn, resolution, text, now)
    resolution.save(update_fields=["results", "published_post", "published_at", "day_copy"])
    turn.log("results_published", {"phase": str(resolution.deadline.phase)}, Event.Audience.PUBLIC)
    return post


def publish_results(turn: Turn, resolution: Resolution, text: str, now: datetime) -> Post:
    """The first publication of ``text`` (stripped, not empty) as
    ``resolution``'s results: the host posts (``_results_room``, and a
    day's copy in its day thread, found in the turn's read of the game's
    rooms), set on ``resolution`` for the caller to save."""
    read = turn.read
    post = turn.post(_results_room(read, resolution), text, resolution.deadline.phase.number, now)
    resolution.results, resolution.published_post, resolution.published_at = text, post, now
    phase = resolution.deadline.phase
    day_rooms = read.of_kind(Room.Kind.DAY, phase.number)
    day_room = day_rooms[0] if day_rooms else None
    if phase.kind == Phase.Kind.DAY and day_room is not None and day_room.pk != post.room_id:
        # The day thread shows its own day's results too, not only the vote thread.
        resolution.day_copy = turn.post(day_room, text, phase.number, now)
    return post
