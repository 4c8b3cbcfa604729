"""Loading an archive (``games.reads.archive``, ``docs/archive.md``) into
this site as a finished game: its accounts, seats, rooms, posts, phases
and deadlines, ballots, night choices and resolutions, in one transaction.

A new game is not a write to a running one, so this bypasses ``Turn``:
nothing of the game exists before, and the game is finished once written
(a deadline it left pending fires nothing: the tick leaves a finished
game alone).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import rulesets

from .. import languages, markup
from ..errors import FlowError
from ..models import Action, Deadline, Event, Game, Phase, Player, Post, Resolution, Room, Vote
from ..reads.archive import schema_errors


class ArchiveInvalid(FlowError):
    """The file is no archive this site can load: ``problems`` lists why,
    one line each (schema errors, dangling names, a slug in use)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def _when(value: str | None) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError as exc:
        raise ArchiveInvalid([_("Not an ISO 8601 time: %(value)s") % {"value": value}]) from exc
    if moment.tzinfo is None:
        raise ArchiveInvalid([_("A time without its UTC offset: %(value)s") % {"value": value}])
    return moment


def _account(username: str):
    """The account of ``username``: the site's own where one has that name,
    else a new one that cannot log in until an admin sets a password."""
    model = get_user_model()
    user = model.objects.filter(**{model.USERNAME_FIELD: username}).first()
    if user is None:
        user = model(**{model.USERNAME_FIELD: username})
        user.set_unusable_password()
        user.save()
    return user


def _placeholder(slug: str, number: int):
    """An anonymous, inactive account holding an archived seat whose account
    the game did not reveal: ``archived-<slug>-<n>``."""
    model = get_user_model()
    name = f"archived-{slug}-{number}"
    while model.objects.filter(**{model.USERNAME_FIELD: name}).exists():
        # A game imported under this slug before, since deleted.
        name = f"archived-{slug}-{number}-{secrets.token_hex(3)}"
    user = model(**{model.USERNAME_FIELD: name}, is_active=False)
    user.set_unusable_password()
    user.save()
    return user


def archive_import(data: Any, slug: str | None = None) -> Game:
    """Load the archive ``data`` (parsed JSON) as a finished game under
    ``slug`` (default: the archive's own). Accounts: the revealed ones by
    name (the site's account of that name, or a new one without a usable
    password), an inactive placeholder per seat otherwise; the host by
    name. Raises ``ArchiveInvalid`` (with every schema error, or the
    first inconsistency found) and then writes nothing."""
    problems = schema_errors(data)
    if problems:
        raise ArchiveInvalid(problems)
    slug = slug or data["game"]["slug"]
    if Game.objects.filter(slug=slug).exists():
        raise ArchiveInvalid([_("A game with the slug %(slug)s exists already: choose another one.") % {"slug": slug}])
    if data["game"]["ruleset"] not in rulesets.ids():
        raise ArchiveInvalid([_("This site has no ruleset %(id)s.") % {"id": data["game"]["ruleset"]}])
    if languages.valid_zone(data["game"]["time_zone"]) is None:
        raise ArchiveInvalid([_("Unknown time zone: %(zone)s") % {"zone": data["game"]["time_zone"]}])
    try:
        with transaction.atomic():
            return _Loader(data, slug).load()
    except KeyError as exc:
        raise ArchiveInvalid([_("The archive names something it does not hold: %(name)s") % {"name": exc}]) from exc
    except IntegrityError as exc:
        raise ArchiveInvalid([_("The archive contradicts itself: %(error)s") % {"error": exc}]) from exc


class _Loader:
    """One archive's load, inside the caller's transaction."""

    def __init__(self, data: dict[str, Any], slug: str) -> None:
        self.data, self.slug = data, slug
        self.seats: dict[str, Player] = {}
        self.rooms: dict[str, Room] = {}
        self.phases: dict[str, Phase] = {}
        self.deadlines: dict[tuple[str, str], Deadline] = {}
        self.posts: dict[tuple[str, int], Post] = {}

    def load(self) -> Game:
        self.game = self._game()
        self._seats()
        self._rooms()
        self._posts()
        self._phases()
        self._seat_deadlines()
        self._votes()
        self._actions()
        self._resolutions()
        return self.game

    def _game(self) -> Game:
        g, outcome = self.data["game"], self.data["outcome"]
        schedule = g["schedule"]
        return Game.objects.create(
            slug=self.slug,
            title=g["title"],
            theme=g["theme"],
            characters=g["characters"],
            host=_account(g["host"]),
            ruleset=g["ruleset"],
            variant=g["variant"],
            options=g["options"],
            timezone=g["time_zone"],
            fast=schedule["fast"],
            fast_scale=schedule["fast_scale"],
            deadlines=schedule["deadlines"],
            signup_limit=g["signup_limit"],
            autopublish=g["autopublish"],
            reminder_minutes=g["reminder_minutes"],
            reveal_accounts=g["reveal_accounts"],
            language=g["language"],
            edit_minutes=g["edit_minutes"],
            status=Game.Status.FINISHED,
            seed=g["seed"],
            composition=g["composition"],
            state=g["state"],
            winner=outcome["winner"],
            created_at=_when(g["created_at"]),
            started_at=_when(g["started_at"]),
            finished_at=_when(outcome["finished_at"]),
        )

    def _seats(self) -> None:
        reveal = self.game.reveal_accounts
        taken: set[str] = set()
        for number, row in enumerate(self.data["players"], start=1):
            # As the site's rule: a declined application leaves its nickname free.
            if row["status"] != Player.Status.DECLINED:
                if row["nickname"].lower() in taken:
                    raise ArchiveInvalid([_("Two seats share the nickname %(nick)s.") % {"nick": row["nickname"]}])
                taken.add(row["nickname"].lower())
            account = row.get("account") if reveal else None
            user = _account(account) if account else _placeholder(self.slug, number)
            seat = Player.objects.create(
                game=self.game,
                user=user,
                nickname=row["nickname"],
                status=row["status"],
                role=row["role"],
                team=row["team"],
                dealt_role=row["original_role"],
                dealt_team=row["original_team"],
                alive=row["alive"],
                left_at_day=row["exit_day"],
                revealed_role=row["revealed_role"],
                last_words=row["last_words"],
                last_words_used=row["last_words_used"],
                acceleration_asked=row["acceleration_asked"],
                joined_at=_when(row["joined_at"]),
            )
            # The archive names seats by nickname: the seat that holds it
            # on the site, rather than a declined application of that name.
            if row["status"] != Player.Status.DECLINED or row["nickname"] not in self.seats:
                self.seats[row["nickname"]] = seat
        self._replacements(reveal)

    def _replacements(self, reveal: bool) -> None:
        """The replacements as the host's log keeps them (``player_replaced``)."""
        extra = len(self.data["players"])
        for row in self.data["players"]:
            seat = self.seats[row["nickname"]]
            holders = []
            for item in row["replacements"]:
                if reveal and item.get("previous_account") and item.get("account"):
                    holders.append((_account(item["previous_account"]), _account(item["account"])))
                else:
                    extra += 1
                    holders.append((_placeholder(self.slug, extra), seat.user))
                old, new = holders[-1]
                Event(
                    game=self.game,
                    kind="player_replaced",
                    data={"nickname": seat.nickname, "old_user": old.pk, "new_user": new.pk},
                    created_at=_when(item["at"]),
                ).save()

    def _rooms(self) -> None:
        for row in self.data["rooms"]:
            room = Room.objects.create(
                game=self.game,
                kind=row["kind"],
                day=row["day"],
                key=self.seats[row["seat"]].public_id if row["seat"] else row["key"],
                title=row["title"],
                created_at=_when(row["created_at"]),
            )
            room.members.set([self.seats[n] for n in row["members"]])
            self.rooms[row["id"]] = room

    def _posts(self) -> None:
        posts = []
        for row in self.data["posts"]:
            post = Post(
                room=self.rooms[row["room"]],
                number=row["number"],
                author=self.seats[row["author"]] if row["author"] else None,
                by_host=row["by_host"],
                game_day=row["day"],
                body=row["text"],
                body_html=markup.render(row["text"], languages.game_language(self.game)),
                created_at=_when(row["created_at"]),
                edited_at=_when(row["edited_at"]),
                original_body=row["original_text"],
            )
            key = (row["room"], row["number"])
            if key in self.posts:
                raise ArchiveInvalid([_("Two posts share the number %(number)s in one room.") % {"number": key[1]}])
            self.posts[key] = post
            posts.append(post)
        Post.objects.bulk_create(posts)

    def _post(self, ref: dict[str, Any] | None) -> Post | None:
        return None if ref is None else self.posts[(ref["room"], ref["number"])]

    def _phases(self) -> None:
        for row in self.data["phases"]:
            phase = Phase.objects.create(
                game=self.game,
                number=row["number"],
                kind=row["kind"],
                vote_round=row["vote_round"],
                candidates=row["candidates"],
                slots=row["slots"],
                idle=row["idle"],
                votes=row["vote_count"],
                opened_at=_when(row["opens"]),
                locked_at=_when(row["locked"]),
                resolved_at=_when(row["closes"]),
            )
            self.phases[row["id"]] = phase
            for item in row["deadlines"]:
                self.deadlines[(row["id"], item["kind"])] = Deadline.objects.create(
                    phase=phase,
                    kind=item["kind"],
                    due_at=_when(item["due"]),
                    # One left pending fires nothing in a finished game
                    # (the tick only marks it done).
                    done_at=_when(item["done"]),
                    resolves=item["resolves"],
                    lateness_seconds=item["lateness_seconds"],
                )

    def _deadline(self, ref: dict[str, str]) -> Deadline:
        return self.deadlines[(ref["phase"], ref["kind"])]

    def _seat_deadlines(self) -> None:
        for row in self.data["players"]:
            if row["last_words_until"]:
                seat = self.seats[row["nickname"]]
                seat.last_words_until = self._deadline(row["last_words_until"])
                seat.save(update_fields=["last_words_until"])

    def _votes(self) -> None:
        Vote.objects.bulk_create(
            Vote(
                game=self.game,
                day=row["day"],
                round=row["round"],
                vote_round=row["vote_round"],
                voter=self.seats[row["voter"]],
                target=self.seats[row["target"]] if row["target"] else None,
                word=row["word"],
                post=self._post(row["post"]),
                created_at=_when(row["time"]),
            )
            for row in self.data["votes"]
        )

    def _actions(self) -> None:
        Action.objects.bulk_create(
            Action(
                phase=self.phases[row["phase"]],
                actor=self.seats[row["actor"]] if row["actor"] else None,
                team=row["team"],
                ability=row["ability"],
                targets=row["targets"],
                submitted_at=_when(row["submitted_at"]),
                updated_at=_when(row["updated_at"]),
            )
            for row in self.data["actions"]
        )

    def _resolutions(self) -> None:
        for row in self.data["resolutions"]:
            Resolution.objects.create(
                deadline=self._deadline(row["deadline"]),
                outcome=row["outcome"],
                results=row["results"],
                published_post=self._post(row["published_post"]),
                day_copy=self._post(row["day_copy"]),
                published_at=_when(row["published_at"]),
                created_at=_when(row["created_at"]),
                host_mailed_at=_when(row["created_at"]),
            )
