"""The game's append-only event log, and what an account keeps across games: its language and time zone, its mail settings and the reminders sent to it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone as dj_tz
from django.utils.translation import gettext_lazy as _

from .game import Game, Player
from .phases import Deadline


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


class ProfileSetting(models.Model):
    """Whether an account's public profile (its finished games whose
    accounts were revealed, ``games.reads.profiles``) is hidden: a hidden
    profile answers 404 to everyone but its owner. An account without a
    row shows its profile (``ProfileSetting.of``). Set on its own
    settings page."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile_setting")
    hidden = models.BooleanField(_("hide my profile"), default=False)

    def __str__(self) -> str:
        return f"{self.user_id}: hidden={self.hidden}"

    @classmethod
    def of(cls, user_id: Any) -> ProfileSetting:
        """The account's setting (an unsaved shown profile when it has none)."""
        return cls.objects.filter(user_id=user_id).first() or cls(user_id=user_id)
