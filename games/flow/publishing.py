"""Publishing results: the results post in its thread (and a day's copy in
its day thread), the host's correction of it, the results that waited for
a delayed opening, and last words joining the morning report."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from .. import markup
from ..errors import FlowError
from ..models import Deadline, Event, Game, Phase, Post, Resolution, Room
from ..reads.game import OPENS, current_day
from .posting import edit_committed
from .read_model import GameRead
from .records import host_post, log_event
from .turn import game_turn


def publish_waiting(game: Game, phase: Phase, when: datetime) -> None:
    """At a phase's delayed opening (``OPENS``), publish the results that
    waited for it: the morning report (WW18-072); the host of a game
    without automatic publication publishes his draft himself."""
    log_event(game, "phase_opened_now", {"phase": str(phase)}, Event.Audience.PUBLIC)
    if not game.autopublish:
        return
    waiting = Resolution.objects.filter(
        deadline__phase__game=game, published_post__isnull=True, deadline__phase__resolved_at__isnull=False
    ).select_related("deadline__phase")
    for resolution in waiting.order_by("id"):
        text = resolution.results.strip()
        if not text:
            raise FlowError(_("The results post is empty."))
        publish_or_correct(game, resolution, text, when)


def publish_last_words(game: Game, deadline: Deadline) -> None:
    """At the ``LAST_WORDS_DUE`` deadline the last words it closes join the
    morning report (WW18-072: the report gives the exits, the sheriff, then
    the last words): they are added to the results draft that waits for the
    next thread's opening (``OPENS``), published with it; with no such draft
    they are posted in the latest day thread at once. A holder who sent none
    has given them up (WW18-016, §2 «遗言»)."""
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
        log_event(game, "last_words_in_report", names)
        return
    room = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first() or Room.objects.get(
        game=game, kind=Room.Kind.GRAVEYARD
    )
    host_post(room, text, current_day(game), deadline.due_at)
    log_event(game, "last_words_published", names, Event.Audience.PUBLIC)


def _results_room(game: Game, resolution: Resolution, read: GameRead | None = None) -> Room:
    """Where a resolution's results are posted: a day's in its vote thread;
    a night's (or the setup step's) open the day thread that follows it
    (FORUM-031), else the last day thread; a game that ended before any
    day posts them in the graveyard thread. ``read``: the game's rooms and
    phases, when the caller has them."""
    phase = resolution.deadline.phase
    if read is not None:
        votes = read.of_kind(Room.Kind.VOTE, phase.number) if phase.kind == Phase.Kind.DAY else []
        if votes:
            return votes[0]
        later = [
            p for p in read.phases if p.kind == Phase.Kind.DAY and p.opened_at >= phase.opened_at and p.pk != phase.pk
        ]
        following = min(later, key=lambda p: (p.opened_at, p.pk)) if later else None
        days = read.of_kind(Room.Kind.DAY, following.number) if following else []
        return (days[0] if days else None) or read.latest_day_room() or read.graveyard()
    if phase.kind == Phase.Kind.DAY:
        room = Room.objects.filter(game=game, kind=Room.Kind.VOTE, day=phase.number).first()
        if room is not None:
            return room
    following = (
        game.phases.filter(kind=Phase.Kind.DAY, opened_at__gte=phase.opened_at)
        .exclude(pk=phase.pk)
        .order_by("opened_at", "id")
        .first()
    )
    rooms = Room.objects.filter(game=game, kind=Room.Kind.DAY)
    room = rooms.filter(day=following.number).first() if following else None
    room = room or rooms.order_by("-day").first()
    return room or Room.objects.get(game=game, kind=Room.Kind.GRAVEYARD)


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
        return publish_or_correct(turn.game, resolution, text, turn.now)


def publish_or_correct(game: Game, resolution: Resolution, text: str, now: datetime) -> Post:
    """``results_publish`` in the caller's transaction, which holds the
    game's lock: the first publication of ``text`` (stripped, not empty),
    or a correction of the published post and its day copy."""
    if resolution.published_post_id:
        post = resolution.published_post
        old = post.body
        post.body, post.body_html, post.edited_at = text, markup.render(text), now
        post.save(update_fields=["body", "body_html", "edited_at"])
        edit_committed(post)
        if resolution.day_copy_id:
            copy = resolution.day_copy
            copy.body, copy.body_html, copy.edited_at = text, post.body_html, now
            copy.save(update_fields=["body", "body_html", "edited_at"])
            edit_committed(copy)
        resolution.results = text
        resolution.save(update_fields=["results"])
        log_event(game, "results_corrected", {"old": old, "new": text}, Event.Audience.PUBLIC)
        return post
    post = publish_results(game, resolution, text, now)
    resolution.save(update_fields=["results", "published_post", "published_at", "day_copy"])
    log_event(game, "results_published", {"phase": str(resolution.deadline.phase)}, Event.Audience.PUBLIC)
    return post


def publish_results(game: Game, resolution: Resolution, text: str, now: datetime, read: GameRead | None = None) -> Post:
    """The first publication of ``text`` (stripped, not empty) as
    ``resolution``'s results: the host posts (``_results_room``, and a
    day's copy in its day thread), set on ``resolution`` for the caller to
    save. ``read``: the game's rooms and phases, when the caller has them."""
    post = host_post(_results_room(game, resolution, read), text, resolution.deadline.phase.number, now)
    resolution.results, resolution.published_post, resolution.published_at = text, post, now
    phase = resolution.deadline.phase
    if read is not None:
        day_rooms = read.of_kind(Room.Kind.DAY, phase.number)
        day_room = day_rooms[0] if day_rooms else None
    else:
        day_room = Room.objects.filter(game=game, kind=Room.Kind.DAY, day=phase.number).first()
    if phase.kind == Phase.Kind.DAY and day_room is not None and day_room.pk != post.room_id:
        # The day thread shows its own day's results too, not only the vote thread.
        resolution.day_copy = host_post(day_room, text, phase.number, now)
    return post
