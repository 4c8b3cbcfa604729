"""Processing due deadlines, each exactly once: the tick claims games with
a due deadline (row locks, SKIP LOCKED), fires each in its own savepoint
so one game's failure never holds up another, and writes a claim's
resolutions together."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import languages, page_cache
from ..models import Deadline, Event, Game, Phase, Resolution
from ..reads.game import OPENS, first_phase, ruleset_of
from .claim import Claim, ClaimUnwritten
from .outcomes import interim_feedback, lock_entries, resolve_phase, revote_opened, vote_closed
from .phases import next_number, open_phase
from .publishing import publish_last_words, publish_waiting
from .read_model import GameRead
from .records import log_event
from .turn import Turn

log = logging.getLogger(__name__)


# How many games one transaction of ``resolve_due`` claims at most.
CLAIM_BATCH = 10


def resolve_due(now: datetime | None = None, limit: int | None = 100, crowded: Callable[[], None] | None = None) -> int:
    """Process every due deadline, oldest first, each exactly once (row lock
    with SKIP LOCKED, plus the one-to-one ``Resolution``). A deadline whose
    resolution raises is set aside (``_fire_isolated``) and the other games
    go on. ``limit``: at most this many games claimed (a game with several
    due deadlines counts once per deadline); None: claims go on until
    nothing is due. ``crowded``: called once when the first claim took a
    full ``CLAIM_BATCH`` (more is likely due), before its games are
    resolved, so the caller can ask another worker to claim alongside
    (the claims skip each other's games). Returns how many deadlines this
    call fired (failures not counted). Called by the Celery tick, a
    management command and the tests."""
    count = claimed = 0
    while limit is None or claimed < limit:
        most = CLAIM_BATCH if limit is None else limit - claimed
        try:
            processed = _process_some(now, most, crowded if claimed == 0 else None)
        except ClaimUnwritten:
            # Nothing of the claim was kept: its games again, each written
            # as it resolves, so a game whose writes fail is set aside alone.
            log.exception("writing a claim's resolutions together failed; claiming again game by game")
            processed = _process_some(now, most, together=False)
        if processed is None:
            break
        games, fired = processed
        claimed += games
        count += fired
    return count


def _process_some(
    now: datetime | None, most: int, crowded: Callable[[], None] | None = None, together: bool = True
) -> tuple[int, int] | None:
    """Claim up to ``CLAIM_BATCH`` (and ``most``) games with a due deadline,
    those whose deadline has waited longest first (``_claim``), and fire
    the oldest due deadline of each, in one transaction.

    The game rows are locked first (SKIP LOCKED: games another worker is
    busy with are left alone), so two ticks never work on the same game and
    a game's deadlines fire in order (the next one in the next claim). A
    game whose failed deadline waits for its retry is not claimed, so its
    later deadlines wait behind it. Each deadline fires in its own
    savepoint (``_fire_isolated``), at ``now`` or, when None, the moment
    its turn comes. Once their rows are locked, the claimed games' due
    deadlines are read in one query and what their resolutions read in
    seven (``GameRead.of_games``). With ``together``, the resolutions'
    own rows (their deadlines, games, phases, posts, resolutions and
    events) are written for all the claimed games at once after the last
    one (``Claim``); when that raises, the transaction is rolled back and
    ``ClaimUnwritten`` raised. ``crowded`` is called when the claim is a
    full ``CLAIM_BATCH``. Returns None when nothing is due, else the games
    claimed and the deadlines fired."""
    at = now or timezone.now()
    with transaction.atomic():
        games = _claim(at, min(most, CLAIM_BATCH))
        if not games:
            return None
        if crowded is not None and len(games) == CLAIM_BATCH:
            crowded()
        oldest = _oldest_due(games, at)
        resolving = [
            d.phase for d in oldest.values() if d.resolves and d.phase.game.is_running and not d.phase.resolved_at
        ]
        reads = GameRead.of_games(resolving) if resolving else {}
        fired = 0
        claim = Claim() if together else None
        for game in games:
            deadline = oldest.get(game.pk)
            if deadline is None:
                continue  # done by another worker between the two reads
            # The claim holds the game's lock: its turn takes none.
            turn = Turn(game, now or timezone.now(), claim=claim, _read=reads.get(game.pk))
            if _fire_isolated(deadline, turn) is None:
                fired += 1
        # Every claimed game changed (a deadline done, or failed and set aside).
        page_cache.game_changed(*games)
        if claim is not None:
            try:
                claim.write()
            except Exception as exc:
                raise ClaimUnwritten from exc
        return len(games), fired


# How many due deadlines a claim looks at, oldest first, for the games it
# locks: enough for some twenty workers claiming the same burst at once
# (one more finds them all taken and waits for the next tick).
CANDIDATES = 200


def _claim(at: datetime, most: int) -> list[Game]:
    """Lock up to ``most`` games with a deadline due at ``at`` and none
    waiting for its retry, those whose deadline has waited longest first
    (after an outage or a burst, a deadline due at 21:00 is not overtaken
    by one due later; then by id); games another worker holds are skipped
    (SKIP LOCKED). One query: the games among those of the ``CANDIDATES``
    oldest due deadlines (read from the deadlines' index, the games
    waiting for a retry left out), each ordered by its oldest due one."""
    waiting = Deadline.objects.waiting_retry(at).values("phase__game_id")
    held = Phase.objects.filter(game_id__in=waiting).values("id")
    oldest = Deadline.objects.due(at).exclude(phase_id__in=held).order_by("due_at").values("phase_id")
    candidates = Phase.objects.filter(pk__in=oldest[:CANDIDATES]).values("game_id")
    first_due = Deadline.objects.due(at).filter(phase__game=OuterRef("pk")).order_by("due_at").values("due_at")[:1]
    return list(
        Game.objects.select_for_update(skip_locked=True)
        .filter(pk__in=candidates)
        .exclude(pk__in=waiting)
        .annotate(first_due=Subquery(first_due))
        .order_by("first_due", "id")[:most]
    )


def _oldest_due(games: list[Game], at: datetime) -> dict[int, Deadline]:
    """The oldest deadline due at ``at`` of each of the claimed ``games``
    (locked by the caller), by game id, in one query; each deadline's
    ``phase.game`` is the row just locked, as it is now."""
    oldest: dict[int, Deadline] = {}
    for deadline in Deadline.objects.due(at).filter(phase__game__in=games).select_related("phase"):
        oldest.setdefault(deadline.phase.game_id, deadline)
    by_id = {game.pk: game for game in games}
    for deadline in oldest.values():
        deadline.phase.game = by_id[deadline.phase.game_id]
    return oldest


def _fire_isolated(deadline: Deadline, turn: Turn) -> str | None:
    """Fire ``deadline`` in the game's ``turn``, in a savepoint of the
    caller's transaction (which holds the game lock). Whatever its
    resolution raises (a rules engine error on bad house rules, a bug)
    rolls back this game's writes only (and takes back its part of the
    turn's claim); the failure is recorded on the deadline with its retry
    time (``Deadline.fail``), logged for the host, and its text returned,
    so the caller goes on with other games. Returns None when the deadline
    fired."""
    claim, now = turn.claim, turn.now
    mark = claim.mark() if claim is not None else ()
    try:
        with transaction.atomic(), languages.in_game_language(deadline.phase.game):
            _fire(deadline, turn)
    except Exception as exc:  # noqa: BLE001 (one game's failure must never stop the others)
        if claim is not None:
            claim.undo(mark)
        log.exception("deadline %s of game %s failed", deadline.pk, deadline.phase.game_id)
        error = f"{type(exc).__name__}: {exc}"
        # The savepoint undid the writes, not the fields set on this object.
        deadline.done_at = deadline.lateness_seconds = None
        deadline.fail(error, now)
        log_event(
            deadline.phase.game,
            "deadline_failed",
            {
                "phase": str(deadline.phase),
                "deadline": deadline.kind,
                "error": error,
                "attempts": deadline.attempts,
                "retry_at": deadline.retry_at.isoformat(),
            },
        )
        return error
    return None


def _fire(deadline: Deadline, turn: Turn) -> None:
    """Process ``deadline`` at the turn's ``now``: the last words it closes,
    the delayed opening of its phase, the opening step, a re-vote, a lock
    of the choices with its interim results, or the phase's resolution."""
    phase, game, now = deadline.phase, deadline.phase.game, turn.now
    deadline.done_at = now
    deadline.lateness_seconds = (now - deadline.due_at).total_seconds()
    fields = ["done_at", "lateness_seconds"]
    if deadline.failed_at:
        turn.log("deadline_recovered", {"phase": str(phase), "deadline": deadline.kind})
        fields += deadline.clear_failure()
    ruleset = ruleset_of(game)
    claim = turn.claim
    if claim is not None and deadline.resolves and game.is_running and not phase.resolved_at:
        # A phase's resolution (or re-vote): nothing it does reads this
        # deadline's own row, written with the claim's others.
        claim.deadlines.append(deadline)
        claim.fields.update(fields)
    else:
        deadline.save(update_fields=fields)
    if game.is_running and ruleset.LAST_WORDS_DUE and deadline.kind == ruleset.LAST_WORDS_DUE:
        publish_last_words(turn, deadline)
        turn.forget_read()  # posted since it was read: the resolution reads afresh
    if not game.is_running or phase.resolved_at:
        return
    if deadline.kind == OPENS:
        publish_waiting(turn, phase, deadline.due_at)
        return
    if phase.number == 0 and deadline.kind == ruleset.OPENING:
        phase.resolved_at = phase.locked_at = deadline.due_at
        phase.save(update_fields=["resolved_at", "locked_at"])
        first = first_phase(game)
        open_phase(turn, next_number(game, first), first, deadline.due_at)
        return
    if deadline.resolves and revote_opened(turn, phase, deadline):
        return
    if not deadline.resolves:
        interim_feedback(turn, phase, deadline)
        vote_closed(turn, phase, deadline)
        closing = lock_entries(ruleset, phase)
        if deadline.kind in closing:
            # Choices close here; the phase locks once none is left open.
            if not phase.deadlines.filter(kind__in=closing, done_at__isnull=True).exists():
                phase.locked_at = now
                phase.save(update_fields=["locked_at"])
            turn.log("choices_locked", {"phase": str(phase), "deadline": deadline.kind}, Event.Audience.PUBLIC)
        return
    # Saved with its outcome at the end of the resolution; its one-to-one
    # link to the deadline refuses a second one in this same transaction.
    resolve_phase(turn, phase, deadline.due_at, Resolution(deadline=deadline))


def failure_text(phase: Phase, error: str) -> str:
    return _(
        "The resolution of %(phase)s failed and nothing of it was kept: %(error)s. "
        "It will be retried; fix the cause, then use “Retry now”."
    ) % {"phase": phase, "error": error}


def fire_due_of(turn: Turn) -> str | None:
    """Fire the due deadlines of the turn's game in order, at the turn's
    ``now`` (the turn holds the game lock), until none is left or one
    fails; returns the failure's text."""
    for _i in range(100):
        deadline = Deadline.objects.due(turn.now).filter(phase__game=turn.game).select_related("phase").first()
        if deadline is None:
            return None
        deadline.phase.game = turn.game  # the row the turn locked, as the turn keeps it
        turn.forget_read()  # each deadline reads the game as the one before left it
        error = _fire_isolated(deadline, turn)
        if error:
            return error
    return None
