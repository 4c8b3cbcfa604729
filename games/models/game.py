"""Games and their seats (``Player``: a seat, never the account, holds the game nickname)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone as dj_tz
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _


def public_id() -> str:
    """An opaque random slug used in URLs instead of database ids: 12
    characters of the URL-safe alphabet, never beginning with "-" (a
    command line would read such a slug as an option: ``manage.py
    archive_export SLUG``)."""
    while True:
        value = secrets.token_urlsafe(9)
        if not value.startswith("-"):
            return value


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


# The game setting (``Game.options``) opening the replay of a running game
# to the players out of it (``access.can_see_replay``); off by default.
REPLAY_FOR_THE_DEAD = "replay_for_the_dead"


def replay_open_to_the_dead(game: Game) -> bool:
    """True when the host opened ``game``'s replay to the players out of
    it while it runs (``REPLAY_FOR_THE_DEAD``)."""
    return bool(game.options.get(REPLAY_FOR_THE_DEAD))


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
    # The role and team dealt at the draw (``role``/``team`` follow the
    # rules' later changes, a mixed-blood's side, a recruit); "" for a seat
    # dealt before they were kept.
    dealt_role = models.CharField(max_length=40, blank=True)
    dealt_team = models.CharField(max_length=40, blank=True)
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
            # A declined application leaves its nickname free for another account.
            models.UniqueConstraint(
                "game",
                Lower("nickname"),
                condition=~models.Q(status="declined"),
                name="unique_nickname_per_game",
            ),
        ]

    def __str__(self) -> str:
        return self.nickname


class GameVersion(models.Model):
    """The version of a game's kept pages and of its pages' live channel
    (``games.page_cache``, ``games.live``): a counter moved by every write to the game, in
    the transaction of that write, so the database alone says which kept
    page is still true. A row of its own, so no save of a ``Game`` loaded
    earlier can write an older number back; a game without a row is at
    version 0."""

    game = models.OneToOneField(Game, primary_key=True, on_delete=models.CASCADE, related_name="+")
    number = models.BigIntegerField(default=0)
    # Moved with ``number`` by every write but a turn that only posted or
    # edited posts: the live channel of a page that shows no thread's
    # latest posts (the cabinet, the game page) waits on this one.
    state = models.BigIntegerField(default=0)

    def __str__(self) -> str:
        return f"game {self.game_id} at version {self.number}"
