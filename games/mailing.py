"""E-mail the site sends by itself, from the deadline tick (``games.tasks``):

- a reminder to each seat that still has to vote, or to hand in a choice it
  still can (``flow.open_slots``; not a standing order,
  ``flow.slots_to_hand_in``), ``Game.reminder_minutes`` before the
  deadline closing it; once per (deadline, seat) (``Reminder``);
- the results draft to the host when a deadline resolved a phase of a game
  whose results wait for him (``Game.autopublish`` off), once per
  resolution (``Resolution.host_mailed_at``).

Each mail goes to one account's own address, in that account's language
(``AccountLanguage``); a player's mail names his game nickname, never his
account, and nothing of anybody else's role. An account turns either kind
off on its settings page (``MailPreference``). Links are absolute, from
``settings.SITE_URL``.

Exactly once: the marker row (or field) is written in the transaction that
sends the mail, and committed only after the mail went out. A second worker
trying the same reminder waits on the unique row and then finds it taken; a
mail that fails to send rolls its marker back and is tried again on the
next pass; a crash between sending and committing is the one case that
sends a mail twice. One game's failure is logged and the others go on.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import flow, languages, page_cache
from .models import Deadline, Game, MailPreference, Phase, Player, Reminder, Resolution, Room, Vote
from .names import ability_name

log = logging.getLogger(__name__)


@dataclass
class Pending:
    """What ``seat`` still has to do before ``deadline``: vote, and/or hand
    in the choices of ``abilities`` (ability ids); ``also``: the later
    deadlines this reminder stands for."""

    seat: Player
    deadline: Deadline
    vote: bool = False
    abilities: list[str] = field(default_factory=list)
    # Later deadlines of the same game this mail stands for (``one_per_seat``).
    also: list[Deadline] = field(default_factory=list)


def absolute(path: str) -> str:
    """``path`` (from ``reverse``) as a full address on the site."""
    return settings.SITE_URL + path


def one_line(subject: str) -> str:
    """A subject on one line (a game's title could hold a line break,
    which a mail header refuses)."""
    return " ".join(subject.split())


def language_of(user_id: Any) -> str:
    """The language mail to this account is written in: its own choice,
    else the site's default."""
    return languages.supported(languages.account_language(user_id)) or settings.LANGUAGE_CODE


def send_due(now: datetime | None = None) -> int:
    """Send every reminder and results draft due at ``now`` (aware; default
    the clock). Returns how many mails went out."""
    now = now or timezone.now()
    connection = get_connection(fail_silently=False)
    sent = 0
    for game, deadlines in _games_to_remind(now).items():
        try:
            pending = [p for deadline in deadlines for p in pending_reminders(game, deadline, now)]
        except Exception:  # noqa: BLE001 (one game's failure must never stop the others)
            log.exception("reminders of game %s failed", game.pk)
            continue
        for item in one_per_seat(pending):
            sent += _send_isolated(_remind, item, now, connection)
    drafts = Resolution.objects.filter(
        host_mailed_at__isnull=True, published_at__isnull=True, deadline__phase__game__autopublish=False
    ).select_related("deadline__phase__game__host")
    for resolution in drafts.order_by("id"):
        sent += _send_isolated(_mail_draft, resolution, now, connection)
    return sent


def one_per_seat(pending: list[Pending]) -> list[Pending]:
    """At most one reminder per seat and pass: a seat with several
    deadlines due for a reminder at once gets one mail, dated by the
    earliest (``pending`` is in deadline order) and listing all it has to
    do; the later deadlines are marked reminded with it (``Pending.also``),
    so no deadline ever brings a second mail."""
    first: dict[int, Pending] = {}
    for item in pending:
        kept = first.setdefault(item.seat.pk, item)
        if kept is not item:
            kept.also.append(item.deadline)
            kept.vote = kept.vote or item.vote
            kept.abilities += [a for a in item.abilities if a not in kept.abilities]
    return list(first.values())


def _send_isolated(send: Any, item: Any, now: datetime, connection: Any) -> int:
    """``send(item, now, connection)`` in its own transaction; a failure
    (the mail server refusing, a bug) is logged and rolls back its marker,
    so the mail is tried again on the next pass. Returns mails sent."""
    try:
        with transaction.atomic():
            return int(send(item, now, connection))
    except Exception:  # noqa: BLE001 (one mail's failure must never stop the others)
        log.exception("sending %r failed", item)
        return 0


def reminder_lead(game: Game, deadline: Deadline, previous: datetime) -> timedelta:
    """How long before ``deadline`` its reminder goes out: the game's
    ``reminder_minutes``, but never more than half the window the deadline
    closes (from ``previous``, the phase's previous deadline or its
    opening, aware): on a fast schedule, whose windows last minutes, the
    reminder comes inside the window it is about, not for every deadline
    of the cycle at once."""
    window = deadline.due_at - previous
    return min(timedelta(minutes=game.reminder_minutes), max(window, timedelta(0)) / 2)


def _games_to_remind(now: datetime) -> dict[Game, list[Deadline]]:
    """Running games with reminders on and a deadline of their open phase
    whose reminder time (``due_at`` minus ``reminder_lead``) has come, with
    those deadlines."""
    upcoming = list(
        Deadline.objects.filter(
            done_at__isnull=True,
            due_at__gt=now,
            due_at__lte=now + timedelta(minutes=Game.REMINDER_MAX_MINUTES),
            phase__resolved_at__isnull=True,
            phase__game__status=Game.Status.RUNNING,
            phase__game__reminder_minutes__gt=0,
        )
        .select_related("phase__game")
        .order_by("phase__game_id", "due_at", "id")
    )
    earlier: dict[int, list[datetime]] = {}
    for phase_id, due_at in Deadline.objects.filter(phase_id__in={d.phase_id for d in upcoming}).values_list(
        "phase_id", "due_at"
    ):
        earlier.setdefault(phase_id, []).append(due_at)
    games: dict[Game, list[Deadline]] = {}
    for deadline in upcoming:
        game = deadline.phase.game
        before = [due for due in earlier.get(deadline.phase_id, []) if due < deadline.due_at]
        previous = max([deadline.phase.opened_at, *before])
        if deadline.due_at - reminder_lead(game, deadline, previous) <= now:
            games.setdefault(game, []).append(deadline)
    return games


def pending_reminders(game: Game, deadline: Deadline, now: datetime) -> list[Pending]:
    """The seats of ``game`` to remind of ``deadline`` now: seated, with an
    address, wanting reminders, not yet reminded of it, and still having to
    vote (a vote closing at this deadline, open to them, not cast in this
    round) or to hand in a choice closing at it (``flow.open_slots``, not
    handed in)."""
    phase = deadline.phase
    current = flow.current_phase(game)
    if current is None or current.pk != phase.pk:
        return []
    reminded = Reminder.objects.filter(deadline=deadline).values("player_id")
    seats = [
        seat
        for seat in game.players.seated().exclude(pk__in=reminded).select_related("user").order_by("id")
        if seat.user.email
    ]
    unwanted = set(
        MailPreference.objects.filter(user_id__in=[s.user_id for s in seats], reminders=False).values_list(
            "user_id", flat=True
        )
    )
    seats = [s for s in seats if s.user_id not in unwanted]
    if not seats:
        return []
    voters = _voters_to_remind(game, phase, deadline, seats, now)
    ruleset = flow.ruleset_of(game)
    first = flow.choice_deadline(phase)
    handed = list(phase.actions.values_list("actor_id", "team", "ability"))
    pending = []
    for seat in seats:
        abilities = []
        for slot in flow.slots_to_hand_in(game, flow.open_slots(game, seat)):
            closes = ruleset.choice_closes(slot.ability, phase.kind) or (first.kind if first else "")
            if closes != deadline.kind:
                continue
            if slot.team:
                done = any(team == slot.team and ability == slot.ability for _a, team, ability in handed)
            else:
                done = any(actor == seat.pk and not team and ability == slot.ability for actor, team, ability in handed)
            if not done and slot.ability not in abilities:
                abilities.append(slot.ability)
        if seat.pk in voters or abilities:
            pending.append(Pending(seat, deadline, vote=seat.pk in voters, abilities=abilities))
    return pending


def _voters_to_remind(game: Game, phase: Phase, deadline: Deadline, seats: list[Player], now: datetime) -> set[int]:
    """Ids of ``seats`` who may vote now in a vote (or re-vote) closing at
    ``deadline`` and have cast no ballot in it."""
    if phase.kind != Phase.Kind.DAY:
        return set()
    ballots = flow.ballots_of(game, phase.number, phase.vote_round)
    window = flow.day_window(game, phase, now, ballots)
    procedure = flow.ruleset_of(game).day_procedure(flow.state_of(game))
    if window.revote:
        closes, round_ = procedure.revote_until, Vote.Round.REVOTE
    elif window.votes:
        first = phase.deadlines.filter(resolves=True).order_by("due_at").first()
        closes, round_ = procedure.votes_until or (first.kind if first else ""), Vote.Round.VOTE
    else:
        return set()
    if closes != deadline.kind:
        return set()
    cast = {b.voter for b in ballots if b.round == round_}
    return {
        seat.pk for seat in seats if seat.nickname not in cast and flow.ballot_open(game, seat, phase, ballots, window)
    }


def _remind(item: Pending, now: datetime, connection: Any) -> bool:
    """Claim and send one reminder (call inside a transaction). False when
    another worker has sent it already."""
    _reminder, created = Reminder.objects.get_or_create(
        deadline=item.deadline, player=item.seat, defaults={"sent_at": now}
    )
    if not created:
        return False
    for later in item.also:
        Reminder.objects.get_or_create(deadline=later, player=item.seat, defaults={"sent_at": now})
    game, seat = item.deadline.phase.game, item.seat
    with translation.override(language_of(seat.user_id)):
        subject, body = reminder_text(game, item)
    EmailMessage(subject, body, to=[seat.user.email], connection=connection).send()
    return True


def reminder_text(game: Game, item: Pending) -> tuple[str, str]:
    """The subject and text of a reminder, in the active language."""
    ruleset = flow.ruleset_of(game)
    when = flow.local_deadline(game, item.deadline.due_at)
    names = {"nickname": item.seat.nickname, "game": game.title, "when": when}
    subject = one_line(_("Reminder for %(nickname)s in “%(game)s”: until %(when)s") % names)
    lines = [
        _("Hello, %(nickname)s!") % names,
        "",
        _("In the game “%(game)s” you still have something to do before %(when)s:") % names,
    ]
    if item.vote:
        room = Room.objects.filter(game=game, kind=Room.Kind.VOTE, day=item.deadline.phase.number).first()
        path = reverse("room", args=[game.slug, room.public_id]) if room else reverse("game", args=[game.slug])
        lines += ["", _("- vote in the vote thread: %(url)s") % {"url": absolute(path)}]
    if item.abilities:
        lines.append("")
        lines += [
            _("- hand in your choice: %(ability)s") % {"ability": ability_name(ruleset, a)} for a in item.abilities
        ]
        lines.append(_("  in your cabinet: %(url)s") % {"url": absolute(reverse("cabinet", args=[game.slug]))})
    lines += [
        "",
        _("The host of the game sends these reminders %(minutes)d minutes before a deadline.")
        % {"minutes": game.reminder_minutes},
        _("You can turn them off for your account: %(url)s") % {"url": absolute(reverse("mail_settings"))},
    ]
    return subject, "\n".join(lines) + "\n"


def _mail_draft(resolution: Resolution, now: datetime, connection: Any) -> bool:
    """Claim a results draft and e-mail it to the host (call inside a
    transaction); claimed without a mail when the host has no address or
    does not want drafts. False when it was not sent."""
    claimed = Resolution.objects.filter(pk=resolution.pk, host_mailed_at__isnull=True).update(host_mailed_at=now)
    if not claimed:
        return False
    game = resolution.deadline.phase.game
    page_cache.game_changed(game.pk)
    host = game.host
    if not host.email or not MailPreference.of(host.pk).drafts:
        return False
    with translation.override(language_of(host.pk)):
        subject, body = draft_text(game, resolution)
    EmailMessage(subject, body, to=[host.email], connection=connection).send()
    return True


def draft_text(game: Game, resolution: Resolution) -> tuple[str, str]:
    """The subject and text of a results draft mailed to the host, in the
    active language."""
    phase = resolution.deadline.phase
    names = {
        "phase": str(phase),
        "game": game.title,
        "when": flow.local_deadline(game, resolution.deadline.due_at),
    }
    subject = one_line(_("Results draft of %(phase)s in “%(game)s”") % names)
    lines = [
        _("The deadline of %(when)s resolved %(phase)s of “%(game)s”. The results wait for you to publish them:")
        % names,
        "",
        resolution.results.strip(),
        "",
        _("Correct and publish them on your dashboard: %(url)s")
        % {"url": absolute(reverse("host", args=[game.slug]) + "#results")},
        _("You can turn these e-mails off for your account: %(url)s") % {"url": absolute(reverse("mail_settings"))},
    ]
    return subject, "\n".join(lines) + "\n"
