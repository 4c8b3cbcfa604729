"""The game's data: games, seats, phases, deadlines, rooms, posts, votes,
choices handed in, resolutions and the append-only event log.

Players are seats (``Player``): posts, votes and actions point at the seat,
never at the account, so a game nickname is never linked to an account
except for admins and the game's host.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models.functions import Lower
from django.utils import timezone as dj_tz
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from . import live


def public_id() -> str:
    """An opaque random slug used in URLs instead of database ids."""
    return secrets.token_urlsafe(9)


class Game(models.Model):
    """A game announced by a host (Ведущий).

    ``state`` is the ruleset's ``GameState.to_dict()`` once roles are drawn;
    ``options`` are the house rules (some secret to the host, such as the
    Bonus player); ``deadlines`` maps schedule entry id → local ``"HH:MM"``
    in ``timezone`` (an IANA name); a ``fast`` game instead uses each
    entry's ``fast_minutes`` multiplied by ``fast_scale``.
    """

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        SIGNUP = "signup", _("Sign-up open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(max_length=20, unique=True, default=public_id)
    title = models.CharField(_("title"), max_length=200)
    theme = models.TextField(_("theme"), blank=True)
    characters = models.JSONField(_("characters"), default=list, blank=True)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hosted_games")
    cohosts = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="cohosted_games", verbose_name=_("co-hosts")
    )
    ruleset = models.CharField(max_length=30, default="forum")
    variant = models.CharField(max_length=30, blank=True)
    options = models.JSONField(default=dict, blank=True)
    timezone = models.CharField(max_length=64, default="Europe/Moscow")
    fast = models.BooleanField(_("fast schedule"), default=False)
    fast_scale = models.FloatField(default=1.0)
    deadlines = models.JSONField(default=dict, blank=True)
    signup_limit = models.PositiveSmallIntegerField(_("sign-up limit"), default=20)
    autopublish = models.BooleanField(_("publish results automatically"), default=True)
    # E-mail reminders to players who still have to vote or hand in a
    # choice, this many minutes before the deadline closing it (0: none).
    reminder_minutes = models.PositiveSmallIntegerField(_("reminder, minutes before a deadline"), default=90)
    REMINDER_MAX_MINUTES = 24 * 60
    reveal_accounts = models.BooleanField(_("reveal accounts after the game"), default=False)
    # The language the game writes its own posts in (results, role cards,
    # announcements, vote posts): one of ``settings.LANGUAGES``; "" for the
    # ruleset's document language (``games.languages.game_language``).
    language = models.CharField(_("game language"), max_length=10, blank=True, default="")
    # Minutes during which a post may be edited by its author; 0: no edits.
    edit_minutes = models.PositiveSmallIntegerField(_("post edit window (minutes)"), default=5)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(default=0)
    composition = models.JSONField(default=dict, blank=True)
    state = models.JSONField(null=True, blank=True)
    winner = models.CharField(max_length=30, blank=True)
    created_at = models.DateTimeField(default=dj_tz.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.title

    @cached_property
    def cohost_ids(self) -> frozenset[int]:
        """Account ids of the co-hosts (one query, cached on this instance)."""
        return frozenset(self.cohosts.values_list("id", flat=True))

    @property
    def is_running(self) -> bool:
        """True between the start and the victory."""
        return self.status == self.Status.RUNNING


class PlayerQuerySet(models.QuerySet["Player"]):
    """Filters over seats."""

    def seated(self) -> PlayerQuerySet:
        """Seats in the game (accepted, not replaced away)."""
        return self.filter(status=Player.Status.SEATED)

    def alive(self) -> PlayerQuerySet:
        """Seated players still in the game."""
        return self.seated().filter(alive=True)


class Player(models.Model):
    """A seat: one game nickname, bound to one account at a time.

    ``role``/``team`` mirror the ruleset state (ids from the ruleset's
    declarations). A replacement (замена) rebinds ``user``; the role, posts,
    votes and history stay with the seat.
    """

    class Status(models.TextChoices):
        APPLIED = "applied", _("Applied")
        SEATED = "seated", _("Seated")
        DECLINED = "declined", _("Declined")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    nickname = models.CharField(_("game nickname"), max_length=60)
    public_id = models.SlugField(max_length=20, unique=True, default=public_id)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.APPLIED)
    role = models.CharField(max_length=40, blank=True)
    team = models.CharField(max_length=40, blank=True)
    alive = models.BooleanField(default=True)
    left_at_day = models.PositiveSmallIntegerField(null=True, blank=True)
    revealed_role = models.CharField(max_length=40, blank=True)
    last_words_used = models.BooleanField(default=False)
    # Last words sent from the cabinet (``Ruleset.LAST_WORDS_DUE``,
    # werewolf18 WW18-016): the deadline closing the seat's right, where it
    # holds one, and the text sent so far; ``last_words_used`` once posted.
    last_words_until = models.ForeignKey(
        "Deadline", null=True, blank=True, on_delete=models.SET_NULL, related_name="last_words_of"
    )
    last_words = models.TextField(blank=True)
    # The seat asks for the game's acceleration (``Ruleset.ACCELERATION``, WW18-068).
    acceleration_asked = models.BooleanField(default=False)
    joined_at = models.DateTimeField(default=dj_tz.now)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_account"),
            models.UniqueConstraint("game", Lower("nickname"), name="unique_nickname_per_game"),
        ]

    def __str__(self) -> str:
        return self.nickname


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


class Room(models.Model):
    """A thread: public (sign-up, introductions, day, vote, graveyard,
    results) or private (a team room, a cabinet). Private rooms list their
    ``members``; who may read or post is decided in ``games.access``.
    """

    class Kind(models.TextChoices):
        SIGNUP = "signup", _("Sign-up")
        INTRO = "intro", _("Introductions")
        DAY = "day", _("Day thread")
        VOTE = "vote", _("Vote thread")
        GRAVEYARD = "graveyard", _("Graveyard")
        TEAM = "team", _("Team room")
        CABINET = "cabinet", _("Cabinet")

    PUBLIC = (Kind.SIGNUP, Kind.INTRO, Kind.DAY, Kind.VOTE, Kind.GRAVEYARD)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rooms")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    public_id = models.SlugField(max_length=20, unique=True, default=public_id)
    day = models.PositiveSmallIntegerField(null=True, blank=True)
    key = models.CharField(max_length=60, blank=True)
    title = models.CharField(max_length=200)
    members = models.ManyToManyField(Player, blank=True, related_name="rooms")
    created_at = models.DateTimeField(default=dj_tz.now)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "kind", "day", "key"], name="unique_room")]

    def __str__(self) -> str:
        return self.title

    @property
    def is_public(self) -> bool:
        """True for threads everyone may read."""
        return self.kind in self.PUBLIC


class PostManager(models.Manager["Post"]):
    """Creates posts numbered in their room."""

    def create(self, **fields: Any) -> Post:
        """A post numbered next in its room (1, 2, 3 …, as forums number
        them, ``#12``). The room row is locked while the number is taken, so
        concurrent posters never share one; a global id would let readers
        of a public thread count the posts of private rooms in its gaps."""
        room = fields["room"]
        with transaction.atomic():
            Room.objects.select_for_update().filter(pk=room.pk).values_list("pk", flat=True).first()
            last = self.filter(room=room).aggregate(last=models.Max("number"))["last"] or 0
            fields["number"] = last + 1
            post = super().create(**fields)
        transaction.on_commit(lambda: live.post_committed(room.public_id, post.number))
        return post

    def create_many(self, posts: list[Post], last: dict[int, int] | None = None) -> list[Post]:
        """Save ``posts`` (unsaved, each with its ``room`` set), numbered
        next in their rooms in list order, in one INSERT. ``last``: the last
        post number of rooms the caller's transaction holds locked since it
        read them (0 for a room it created), kept up to date here; the
        other rooms are locked and their last numbers read here (two more
        queries). Returns ``posts``."""
        if not posts:
            return posts
        rooms = {post.room_id: post.room for post in posts}
        last = {} if last is None else last
        unknown = [pk for pk in rooms if pk not in last]
        with transaction.atomic(savepoint=False):
            if unknown:
                list(
                    Room.objects.select_for_update().filter(pk__in=unknown).order_by("pk").values_list("pk", flat=True)
                )
                found = dict(
                    self.filter(room_id__in=unknown)
                    .order_by()
                    .values("room_id")
                    .annotate(last=models.Max("number"))
                    .values_list("room_id", "last")
                )
                last.update({pk: found.get(pk) or 0 for pk in unknown})
            for post in posts:
                post.number = last[post.room_id] = last[post.room_id] + 1
            self.bulk_create(posts)
        numbers = {rooms[post.room_id].public_id: post.number for post in posts}
        transaction.on_commit(lambda: live.posts_committed(numbers))
        return posts


class Post(models.Model):
    """A post in a room. ``number`` counts the posts of its room from 1 (the
    ``#12`` of forums; addresses and links use it, never the global id).
    ``author`` is a seat, or None for the host's or the system's posts
    (``by_host``). ``body_html`` is the sanitised rendering of ``body``
    (see ``games.markup``)."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="posts")
    number = models.PositiveIntegerField(default=0)
    author = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="posts")
    by_host = models.BooleanField(default=False)
    game_day = models.PositiveSmallIntegerField(default=0)
    body = models.TextField()
    body_html = models.TextField()
    created_at = models.DateTimeField(default=dj_tz.now)
    edited_at = models.DateTimeField(null=True, blank=True)
    # The body as first posted, kept for the host once the post is edited.
    original_body = models.TextField(blank=True)

    objects = PostManager()

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["room", "id"], name="post_room_idx")]
        constraints = [models.UniqueConstraint(fields=["room", "number"], name="one_post_number_per_room")]

    def __str__(self) -> str:
        return f"post #{self.number} in {self.room_id}"


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


class Event(models.Model):
    """The game's append-only log. ``audience`` says who may read it:
    ``public``, ``host`` (the host and admins), or ``player`` (that seat,
    plus the host)."""

    class Audience(models.TextChoices):
        PUBLIC = "public", _("Everyone")
        HOST = "host", _("Host")
        PLAYER = "player", _("One player")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=40)
    audience = models.CharField(max_length=10, choices=Audience.choices, default=Audience.HOST)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="events")
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=dj_tz.now)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Insert only: the log is append-only."""
        if self.pk is not None:
            raise ValueError("events are append-only")
        super().save(*args, **kwargs)


class AccountLanguage(models.Model):
    """The interface language an account chose with the language switcher
    (one of ``settings.LANGUAGES``) and the time zone it reads times in;
    applied on every page while it is logged in, on any device
    (``games.middleware.AccountLanguageMiddleware``)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="interface_language")
    language = models.CharField(_("language"), max_length=10, blank=True)
    # The IANA zone the account reads times in; "" for each game's own zone.
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.language}"


class MailPreference(models.Model):
    """What an account wants by e-mail; an account without a row wants
    everything (``MailPreference.of``). Set on its own settings page."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_preference")
    reminders = models.BooleanField(_("remind me of my vote and my choices before a deadline"), default=True)
    drafts = models.BooleanField(_("send me the results drafts of the games I host"), default=True)

    def __str__(self) -> str:
        return f"{self.user_id}: reminders={self.reminders} drafts={self.drafts}"

    @classmethod
    def of(cls, user_id: Any) -> MailPreference:
        """The account's preference (unsaved defaults when it has none)."""
        return cls.objects.filter(user_id=user_id).first() or cls(user_id=user_id)


class Reminder(models.Model):
    """A reminder e-mailed to a seat before a deadline. The row is written
    in the transaction that sends the mail, and one (deadline, seat) holds
    one row, so a seat is reminded once per deadline, whichever worker
    gets there first (``games.mailing``)."""

    deadline = models.ForeignKey(Deadline, on_delete=models.CASCADE, related_name="reminders")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reminders")
    sent_at = models.DateTimeField(default=dj_tz.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deadline", "player"], name="one_reminder_per_deadline")]

    def __str__(self) -> str:
        return f"reminder of deadline {self.deadline_id} to seat {self.player_id}"


class ReadMark(models.Model):
    """How far an account has read a room: ``number`` is the highest post
    number it has seen there (a page viewed, a post of its own). One row
    per reader and room, moved forward only; what is unread is counted from
    the room's post numbers (``games.unread``). The row ties an account to
    a room, so it is read by ``games.unread`` alone and never shown."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="read_marks")
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="read_marks")
    number = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "room"], name="one_read_mark_per_reader_and_room")]

    def __str__(self) -> str:
        return f"{self.user_id} read {self.room_id} to #{self.number}"
