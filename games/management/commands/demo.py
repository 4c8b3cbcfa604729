"""``manage.py demo``: demo accounts and a running game of every ruleset on a
fast schedule (forum two- and three-sided, piter, classic, cosmo, werewolf18).

Idempotent: accounts that exist keep their password, and a running demo
game is reused. ``--reset`` restores the demo passwords and replaces the
demo games with fresh ones. Everything goes through ``games.flow``, as a
host's clicks would.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

import rulesets
from games import flow
from games.models import Game, Resolution

# Game nicknames; none equals an account name (a nickname must not reveal one).
CHARACTERS = [
    "Keeper Ada",
    "Captain Flint",
    "Widow Marsh",
    "Doctor Quill",
    "Brother Tobias",
    "Miss Lark",
    "Old Barnaby",
    "Signora Vale",
    "Inspector Hale",
    "Cook Perpetua",
    "Young Finch",
    "Professor Dunmore",
    "Madame Roux",
    "Sailor Ned",
    "Lady Ashcombe",
    "Tinker Rosh",
    "Nurse Elsie",
    "Father Grey",
]
PLAYERS = len(CHARACTERS)


@dataclass(frozen=True)
class DemoTable:
    """One demo game: its title, ruleset, variant, number of seats and theme."""

    title: str
    ruleset: str
    variant: str
    seats: int
    theme: str


THEME = (
    "A storm has cut the lighthouse inn off from the mainland: the guests, one keeper's "
    "logbook, and somebody among them is not who they claim to be."
)
SMALLEST_TABLE = 10  # seats of a demo table where the rules allow fewer


def _named(names: dict[str, str], language: str, fallback: str) -> str:
    return names.get(language) or names.get("en") or fallback


def demo_tables() -> list[DemoTable]:
    """One table per ruleset offered on the site and per variant it
    declares, so a newcomer sees every document's day. Each seats the
    smallest count from ``SMALLEST_TABLE`` up that the rules deal for that
    variant (``Ruleset.default_variant``), titled in the document's language."""
    tables = []
    for ruleset_id in settings.MAFIA_WEB_RULESETS:
        ruleset = rulesets.get(ruleset_id)
        lowest = min(max(ruleset.MIN_PLAYERS, SMALLEST_TABLE), ruleset.MAX_PLAYERS)
        for variant in ruleset.VARIANTS or (None,):
            seats = next(n for n in range(lowest, ruleset.MAX_PLAYERS + 1) if ruleset.default_variant(n) == variant)
            title = _named(ruleset.title, ruleset.language, ruleset.id)
            if variant:
                title += f" · {_named(ruleset.VARIANT_NAMES.get(variant, {}), ruleset.language, variant)}"
            tables.append(DemoTable(f"Demo: {title}", ruleset.id, variant or "", seats, THEME))
    return tables


TABLES = demo_tables()
# The first table (the first ruleset offered, the forum by default), which
# ``manage.py soak`` plays.
DEMO_TITLE = TABLES[0].title
# The forum's cycle scaled by 0.5 lasts 6 minutes (choices lock after 2,
# the vote closes after 4, the night after 6); every table's schedule is
# scaled to the same length.
FAST_SCALE = 0.5
FORUM_CYCLE_MINUTES = 12
# Whatever the scale, no window of a demo game (to nominate, to defend, to
# vote, to re-vote, a night) is shorter than this: a person must have time
# to read the page and act.
MIN_WINDOW_MINUTES = 2.0


def schedule_windows(ruleset_id: str) -> list[float]:
    """The lengths, in fast minutes (``ScheduleEntry.fast_minutes``), of the
    windows of a ruleset's cycle: from the day's start to its first deadline
    and between consecutive deadlines; the opening entry (``Ruleset.OPENING``,
    timed from the deal) and an entry ``relative`` to its phase's opening
    count as windows of their own. Zero-length gaps (two deadlines at once)
    are no window."""
    ruleset = rulesets.get(ruleset_id)
    windows: list[float] = []
    offsets = [0.0]
    for entry in ruleset.SCHEDULE:
        if entry.id == ruleset.OPENING or entry.relative:
            windows.append(float(entry.fast_minutes))
        else:
            offsets.append(float(entry.fast_minutes))
    offsets.sort()
    windows += [b - a for a, b in zip(offsets, offsets[1:], strict=False) if b > a]
    return [w for w in windows if w > 0]


def table_scale(table: DemoTable, fast_scale: float) -> float:
    """The ``fast_scale`` that gives ``table`` the forum demo's cycle scaled by
    ``fast_scale / FAST_SCALE``, raised where needed so that its shortest
    window lasts ``MIN_WINDOW_MINUTES`` (real minutes)."""
    longest = max(e.fast_minutes for e in rulesets.get(table.ruleset).SCHEDULE)
    shortest = min(schedule_windows(table.ruleset))
    return max(fast_scale * FORUM_CYCLE_MINUTES / longest, MIN_WINDOW_MINUTES / shortest)


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    what: str
    superuser: bool = False


ACCOUNTS = [
    DemoAccount("admin", "demo-admin", "site admin (superuser)", superuser=True),
    DemoAccount("host", "demo-host", "host of the demo games"),
    *(DemoAccount(f"player{i}", f"demo-player{i}", f"plays “{CHARACTERS[i - 1]}”") for i in range(1, PLAYERS + 1)),
]


class Command(BaseCommand):
    help = "Create demo accounts and a running game of every ruleset on a fast schedule (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--reset", action="store_true", help="Restore the demo passwords and replace the demo games with new ones."
        )
        parser.add_argument(
            "--fast-scale",
            type=float,
            default=None,
            help=(
                f"Scale of the demo schedules (default {FAST_SCALE}: a forum day and night last 6 minutes; "
                f"no window is ever shorter than {MIN_WINDOW_MINUTES:g} minutes). Given, it also rescales the "
                "running demo games, their open phase's deadlines included."
            ),
        )
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off (the demo passwords are public)."
        )

    def handle(
        self, *args, reset: bool = False, force: bool = False, fast_scale: float | None = None, **options
    ) -> None:
        if not settings.DEBUG and not force:
            raise CommandError("The demo accounts have public passwords: run with DJANGO_DEBUG=1, or pass --force.")
        if fast_scale is not None and fast_scale <= 0:
            raise CommandError("--fast-scale must be a positive number.")
        with transaction.atomic():
            users = {account.username: self._account(account, reset) for account in ACCOUNTS}
            games = [self._game(users, table, reset, fast_scale) for table in TABLES]
        self._report(users, games)

    def _account(self, account: DemoAccount, reset: bool):
        """The account, created with its demo password if missing."""
        user, created = get_user_model().objects.get_or_create(username=account.username)
        if created or reset:
            user.set_password(account.password)
            user.is_superuser = user.is_staff = account.superuser
            user.is_active = True
            user.save()
        return user

    def _game(self, users: dict, table: DemoTable, reset: bool, fast_scale: float | None) -> tuple[Game, bool]:
        """The table's running demo game, or a new one started through
        ``games.flow``. A running game is rescaled (``flow.fast_scale_set``)
        when ``fast_scale`` is given, or when a window of its schedule is
        shorter than ``MIN_WINDOW_MINUTES`` (a demo started before the minimum)."""
        demo_games = Game.objects.filter(host=users["host"], title=table.title)
        if reset:
            # Resolutions protect a played game's history; a demo's may go.
            Resolution.objects.filter(deadline__phase__game__in=demo_games).delete()
            demo_games.delete()
        running = demo_games.filter(status=Game.Status.RUNNING).first()
        if running is not None:
            wanted = table_scale(table, FAST_SCALE if fast_scale is None else fast_scale)
            too_short = min(schedule_windows(table.ruleset)) * running.fast_scale < MIN_WINDOW_MINUTES - 1e-9
            if (fast_scale is not None or too_short) and abs(running.fast_scale - wanted) > 1e-9:
                try:
                    flow.fast_scale_set(game=running, scale=wanted)
                except flow.FlowError as exc:
                    raise CommandError(f"The demo game {table.title} could not be rescaled: {exc}") from exc
                running.refresh_from_db()
            return running, False
        return self._start_game(
            users, table, table_scale(table, FAST_SCALE if fast_scale is None else fast_scale)
        ), True

    def _start_game(self, users: dict, table: DemoTable, scale: float) -> Game:
        ruleset = rulesets.get(table.ruleset)
        characters = CHARACTERS[: table.seats]
        options: dict = {"post_minimum": ruleset.POST_MINIMUM}
        if ruleset.AUTOKILLS:
            # Most demo seats have nobody behind them: their autokills
            # (FORUM-163) wait for the host instead of ending the game.
            options["autokills"] = "host_confirms"
        try:
            game = flow.game_create(
                host=users["host"],
                title=table.title,
                ruleset_id=table.ruleset,
                variant=table.variant,
                theme=table.theme,
                characters=characters,
                fast=True,
                fast_scale=scale,
                autopublish=True,
                signup_limit=len(characters),
                options=options,
            )
            flow.signup_open(game=game)
            for number, nickname in enumerate(characters, start=1):
                flow.nickname_register(game=game, user=users[f"player{number}"], nickname=nickname)
            flow.roles_draw(game=game, composition=flow.proposed_composition(game))
            flow.game_start(game=game)
        except flow.FlowError as exc:
            raise CommandError(f"The demo game {table.title} could not be started: {exc}") from exc
        return game

    def _report(self, users: dict, games: list[tuple[Game, bool]]) -> None:
        base = f"http://127.0.0.1:{os.environ.get('PORT', '8000')}"
        out = self.stdout.write
        for game, created in games:
            label = game.ruleset + (f", {game.variant}" if game.variant else "")
            verb = "Started" if created else "Reusing"
            out(self.style.SUCCESS(f"{verb} “{game.title}” ({label}, {game.players.count()} players, fast)."))
            out(f"    {base}/g/{game.slug}/  each cycle: {self._schedule(game)}")
        out("")
        out(f"  {'login':<10} {'password':<16} who")
        for account in ACCOUNTS:
            user = users[account.username]
            password = account.password if user.check_password(account.password) else "(changed; demo --reset)"
            out(f"  {account.username:<10} {password:<16} {account.what}")
        out("")
        out(f"  Open {base}/ and log in as “host” to run the games, or as a player to play.")
        out(f"  Django admin: {base}/admin/ (login “admin”).")
        out("  Autokills (forum FORUM-163) wait for the host's confirmation in the demo games,")
        out("  so they go on while you watch. `manage.py demo --reset` starts them afresh.")

    def _schedule(self, game: Game) -> str:
        """The fast deadlines of a game's cycle in words (minutes from the day's start)."""
        entries = flow.ruleset_of(game).SCHEDULE
        return ", ".join(
            f"{entry.name.get('en', entry.id)} {entry.fast_minutes * game.fast_scale:.3g} min" for entry in entries
        )
