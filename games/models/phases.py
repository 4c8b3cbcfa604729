"""A game's phases, their deadlines, the choices and votes handed in, and each deadline's resolution."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import models
from django.utils import timezone as dj_tz
from django.utils.translation import gettext_lazy as _

from .game import Game, Player, public_id
from .rooms import Post


class Phase(models.Model):
    """A phase of a game, as the ruleset's ``next_phase`` orders them: a
    day or a night (``number`` counts days and nights separately from 1,
    FORUM-008), the setup step (werewolf18, number 0), or an opening night
    that is not a step (cosmo's acquaintance night COSMO-005, number 0).
    ``vote_round``: which lynch vote of its day a day phase holds, from 1;
    a ruleset whose next step repeats the day («линчевать нескольких»,
    classic CLASSIC-066) opens further rounds of the same day number, in
    the same day and vote threads."""

    class Kind(models.TextChoices):
        SETUP = "setup", _("Setup")
        DAY = "day", _("Day")
        NIGHT = "night", _("Night")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=5, choices=Kind.choices)
    vote_round = models.PositiveSmallIntegerField(default=1)
    # The nicknames the host put to this day's vote, in his order (CLASSIC-011).
    candidates = models.JSONField(default=list, blank=True)
    # The choices that may be handed in during this phase (``flow.store_slots``):
    # [{"ability", "candidates", "actor", "team", "targets"}], computed by the
    # ruleset when the phase opens and after each change of the game's state,
    # so a page view never runs the rules engine; None: not computed yet.
    slots = models.JSONField(null=True, blank=True)
    # Each living player's own abilities apart from the votes, as the cabinet
    # lists those he cannot hand in now (``flow.idle_abilities``): {nickname:
    # [[ability id, the rules' reason id for refusing it in this phase, or
    # ""]]}, stored with ``slots``; None: not computed yet.
    idle = models.JSONField(null=True, blank=True)
    # What the rules make of a day phase's ballots, as its vote thread shows
    # it (``flow.store_votes``): the count, the candidates, who may nominate
    # and vote and for whom, the re-vote; stored after each ballot and each
    # change of the game's state, so a page view never runs the rules engine;
    # None: not a day, or not computed yet.
    votes = models.JSONField(null=True, blank=True)
    opened_at = models.DateTimeField(default=dj_tz.now)
    locked_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number", "-kind", "vote_round"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number", "kind", "vote_round"], name="one_phase_per_kind_and_round"
            )
        ]

    def __str__(self) -> str:
        if self.vote_round > 1:
            return _("%(kind)s %(number)d, vote %(round)d") % {
                "kind": self.get_kind_display(),
                "number": self.number,
                "round": self.vote_round,
            }
        return f"{self.get_kind_display()} {self.number}"

    @property
    def key(self) -> str:
        """The phase as a form names it: ``"day-1"``, ``"night-3"``, a
        further lynch vote of a day ``"day-2.2"``."""
        suffix = f".{self.vote_round}" if self.vote_round > 1 else ""
        return f"{self.kind}-{self.number}{suffix}"


class DeadlineQuerySet(models.QuerySet["Deadline"]):
    """Filters over deadlines."""

    def due(self, now: datetime) -> DeadlineQuerySet:
        """Unprocessed deadlines whose time has come (``now`` aware) and that
        do not wait for a retry, oldest first."""
        waiting = models.Q(retry_at__gt=now)
        return self.filter(done_at__isnull=True, due_at__lte=now).exclude(waiting).order_by("due_at", "id")

    def waiting_retry(self, now: datetime) -> DeadlineQuerySet:
        """Unprocessed deadlines whose resolution failed and whose next retry
        is after ``now``: their game's later deadlines wait too."""
        return self.filter(done_at__isnull=True, retry_at__gt=now)

    def failing(self) -> DeadlineQuerySet:
        """Unprocessed deadlines whose last attempt failed, oldest first."""
        return self.filter(done_at__isnull=True, failed_at__isnull=False).order_by("due_at", "id")


class Deadline(models.Model):
    """A deadline of a phase: ``kind`` is a schedule entry id of the ruleset
    (``day_actions``, ``vote``, ``night``); ``due_at`` is aware UTC.
    ``done_at`` is set, in the same transaction as its effects, when it fired.

    When firing raises (a rules engine error, bad house rules), the game's
    writes are rolled back and the failure is kept here: ``error`` (the
    exception's text), ``attempts`` (failed tries so far), ``failed_at`` and
    ``retry_at`` (aware UTC; the tick leaves the game alone until then).
    A later successful try clears ``failed_at``, ``error`` and ``retry_at``.
    """

    # Retries back off exponentially: 1, 2, 4 … minutes, never more than an hour.
    RETRY_FIRST = timedelta(minutes=1)
    RETRY_MAX = timedelta(hours=1)

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="deadlines")
    kind = models.CharField(max_length=30)
    due_at = models.DateTimeField(db_index=True)
    resolves = models.BooleanField(default=False)
    done_at = models.DateTimeField(null=True, blank=True)
    lateness_seconds = models.FloatField(null=True, blank=True)
    attempts = models.PositiveIntegerField(_("failed attempts"), default=0)
    failed_at = models.DateTimeField(_("last failure"), null=True, blank=True)
    retry_at = models.DateTimeField(_("next retry"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)

    objects = DeadlineQuerySet.as_manager()

    class Meta:
        ordering = ["due_at"]
        constraints = [models.UniqueConstraint(fields=["phase", "kind"], name="one_deadline_per_kind")]
        indexes = [models.Index(fields=["done_at", "due_at"], name="deadline_due_idx")]

    def __str__(self) -> str:
        return f"{self.kind} at {self.due_at:%Y-%m-%d %H:%M} UTC"

    def fail(self, error: str, now: datetime) -> None:
        """Record a failed attempt at ``now`` (aware) with the ``error`` text
        and schedule the next one: ``RETRY_FIRST`` doubled per earlier
        failure, capped at ``RETRY_MAX``. Saves the failure fields only (the
        caller's savepoint rolled back everything else)."""
        self.attempts += 1
        backoff = min(self.RETRY_FIRST * 2 ** min(self.attempts - 1, 16), self.RETRY_MAX)
        self.failed_at, self.retry_at, self.error = now, now + backoff, error
        self.save(update_fields=["attempts", "failed_at", "retry_at", "error"])

    def clear_failure(self) -> list[str]:
        """Forget a failure once the deadline fired; returns the fields to save."""
        self.failed_at, self.retry_at, self.error = None, None, ""
        return ["failed_at", "retry_at", "error"]


class Action(models.Model):
    """A choice handed in for a phase: by a seat (``actor``) or for a team
    (``team``, any member may hand it in; ``actor`` then says who did).
    Changeable until the deadline: one row per (phase, who, ability)."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="actions")
    # Addresses the choice in its cabinet's links; a global id would let a
    # player count everyone's choices between two of his own.
    public_id = models.SlugField(max_length=20, unique=True, default=public_id)
    actor = models.ForeignKey(Player, null=True, on_delete=models.CASCADE, related_name="actions")
    team = models.CharField(max_length=40, blank=True)
    ability = models.CharField(max_length=40)
    targets = models.JSONField(default=list)
    submitted_at = models.DateTimeField(default=dj_tz.now)
    updated_at = models.DateTimeField(default=dj_tz.now)

    class Meta:
        ordering = ["submitted_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "actor", "ability"], condition=models.Q(team=""), name="one_choice_per_actor"
            ),
            models.UniqueConstraint(
                fields=["phase", "team", "ability"], condition=~models.Q(team=""), name="one_choice_per_team"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.ability} {self.targets}"


class Resolution(models.Model):
    """The ruleset's outcome of one resolving deadline; its one-to-one link
    makes a deadline resolve exactly once. ``results`` is the draft or
    published results post text; ``outcome`` the trace, announcements,
    feedback and rejections as JSON."""

    deadline = models.OneToOneField(Deadline, on_delete=models.PROTECT, related_name="resolution")
    outcome = models.JSONField(default=dict)
    results = models.TextField(blank=True)
    published_post = models.OneToOneField(Post, null=True, blank=True, on_delete=models.SET_NULL)
    # A day's results are also posted in that day's thread (kept in step
    # with the vote thread's post when the host corrects it).
    day_copy = models.OneToOneField(
        Post, null=True, blank=True, on_delete=models.SET_NULL, related_name="results_copy_of"
    )
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=dj_tz.now)
    # When the draft was e-mailed to the host (a game whose results wait
    # for him), or found not to be wanted (no address, opted out): set in
    # the transaction that sends it, so it goes out once (``games.mailing``).
    host_mailed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"resolution of deadline {self.deadline_id}"


class Vote(models.Model):
    """One vote post as cast, in casting order. Which of a voter's ballots
    counts is the ruleset's vote law (``DayProcedure.change``): the first
    (forum FORUM-019, piter, cosmo), the last (classic), the last of at most
    two (werewolf18 WW18-065). ``target`` None with ``word`` empty is an
    explicit abstention where the law allows one (werewolf18 «弃权»);
    ``word`` holds a re-vote word (cosmo ``jail``/``spare``); ``round`` is
    ``vote``, ``revote`` or ``nominate`` (a candidate named, PITER-010,
    COSMO-007: ``target`` is the candidate); ``vote_round`` is the lynch
    vote of the day it belongs to (``Phase.vote_round``, CLASSIC-066)."""

    class Round(models.TextChoices):
        VOTE = "vote", _("Vote")
        REVOTE = "revote", _("Re-vote")
        NOMINATE = "nominate", _("Nomination")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="votes")
    day = models.PositiveSmallIntegerField()
    round = models.CharField(max_length=10, choices=Round.choices, default=Round.VOTE)
    vote_round = models.PositiveSmallIntegerField(default=1)
    voter = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="votes_cast")
    target = models.ForeignKey(Player, null=True, on_delete=models.CASCADE, related_name="votes_received")
    word = models.CharField(max_length=20, blank=True)
    post = models.OneToOneField(Post, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=dj_tz.now)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["game", "day", "created_at"], name="votes_of_a_day")]

    def __str__(self) -> str:
        return f"vote {self.pk}, day {self.day}"

    @property
    def choice(self) -> str | None:
        """The ballot's choice as the ruleset reads it: a nickname, a re-vote
        word, or None for an abstention (needs ``target`` loaded)."""
        if self.target_id:
            return self.target.nickname
        return self.word or None
