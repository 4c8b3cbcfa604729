"""A game's rooms (threads, team rooms, cabinets), their posts and each reader's place in them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone as dj_tz
from django.utils.translation import gettext_lazy as _

from .game import Game, Player, public_id


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
        return post

    def create_after(self, after: int, **fields: Any) -> Post:
        """A post numbered ``after`` + 1 in its room, where ``after`` is the
        room's last post number as the caller read it under the game's lock
        (``flow.records.game_lock``, which every writer of a game's posts
        holds): nobody numbers a post in the room meanwhile, so neither the
        room's lock nor its count is needed. Were the number taken all the
        same, the (room, number) constraint refuses the post
        (IntegrityError) rather than number two alike."""
        fields["number"] = after + 1
        return super().create(**fields)

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
