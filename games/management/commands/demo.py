"""``manage.py demo``: demo accounts and a running forum game on a fast schedule.

Idempotent: accounts that exist keep their password, and a running demo
game is reused. ``--reset`` restores the demo passwords and replaces the
demo games with a fresh one. Everything goes through ``games.flow``, as a
host's clicks would.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games import flow
from games.models import Game, Resolution

DEMO_TITLE = "Demo: Night at the Lighthouse Inn"
DEMO_THEME = (
    "A storm has cut the lighthouse inn off from the mainland. Twelve guests, "
    "one keeper's logbook, and somebody among them is not who they claim to be."
)
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
]
RULESET = "forum"
VARIANT = "two_sided"  # FORUM-001: the variant for fewer than 15 players
# 0.5 × the forum ruleset's fast minutes (4/8/12): choices lock after 2
# minutes, the vote closes after 4, the night after 6.
FAST_SCALE = 0.5


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    what: str
    superuser: bool = False


ACCOUNTS = [
    DemoAccount("admin", "demo-admin", "site admin (superuser)", superuser=True),
    DemoAccount("host", "demo-host", "host of the demo game"),
    *(DemoAccount(f"player{i}", f"demo-player{i}", f"plays “{CHARACTERS[i - 1]}”") for i in range(1, 13)),
]


class Command(BaseCommand):
    help = "Create demo accounts and a running forum game on a fast schedule (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--reset", action="store_true", help="Restore the demo passwords and replace the demo game with a new one."
        )
        parser.add_argument(
            "--fast-scale",
            type=float,
            default=FAST_SCALE,
            help=f"Scale of the ruleset's fast schedule for a new demo game (default {FAST_SCALE}: a 6-minute day).",
        )
        parser.add_argument(
            "--force", action="store_true", help="Run even with DEBUG off (the demo passwords are public)."
        )

    def handle(
        self, *args, reset: bool = False, force: bool = False, fast_scale: float = FAST_SCALE, **options
    ) -> None:
        if not settings.DEBUG and not force:
            raise CommandError("The demo accounts have public passwords: run with DJANGO_DEBUG=1, or pass --force.")
        if fast_scale <= 0:
            raise CommandError("--fast-scale must be a positive number.")
        with transaction.atomic():
            users = {account.username: self._account(account, reset) for account in ACCOUNTS}
            game, created = self._game(users, reset, fast_scale)
        self._report(users, game, created)

    def _account(self, account: DemoAccount, reset: bool):
        """The account, created with its demo password if missing."""
        user, created = get_user_model().objects.get_or_create(username=account.username)
        if created or reset:
            user.set_password(account.password)
            user.is_superuser = user.is_staff = account.superuser
            user.is_active = True
            user.save()
        return user

    def _game(self, users: dict, reset: bool, fast_scale: float) -> tuple[Game, bool]:
        """The running demo game, or a new one started through ``games.flow``."""
        demo_games = Game.objects.filter(host=users["host"], title=DEMO_TITLE)
        if reset:
            # Resolutions protect a played game's history; a demo's may go.
            Resolution.objects.filter(deadline__phase__game__in=demo_games).delete()
            demo_games.delete()
        running = demo_games.filter(status=Game.Status.RUNNING).first()
        if running is not None:
            return running, False
        return self._start_game(users, fast_scale), True

    def _start_game(self, users: dict, fast_scale: float) -> Game:
        try:
            game = flow.game_create(
                host=users["host"],
                title=DEMO_TITLE,
                ruleset_id=RULESET,
                variant=VARIANT,
                theme=DEMO_THEME,
                characters=CHARACTERS,
                fast=True,
                fast_scale=fast_scale,
                autopublish=True,
                signup_limit=len(CHARACTERS),
                # Most demo seats have nobody behind them: their autokills
                # (FORUM-163) wait for the host instead of ending the game.
                options={"autokills": "host_confirms", "post_minimum": 5},
            )
            flow.signup_open(game=game)
            for number, nickname in enumerate(CHARACTERS, start=1):
                flow.nickname_register(game=game, user=users[f"player{number}"], nickname=nickname)
            flow.roles_draw(game=game, composition=flow.proposed_composition(game))
            flow.game_start(game=game)
        except flow.FlowError as exc:
            raise CommandError(f"The demo game could not be started: {exc}") from exc
        return game

    def _report(self, users: dict, game: Game, created: bool) -> None:
        base = f"http://127.0.0.1:{os.environ.get('PORT', '8000')}"
        out = self.stdout.write
        out(
            self.style.SUCCESS(
                ("Started" if created else "Reusing") + f" the demo game “{game.title}” ({game.ruleset}, fast)."
            )
        )
        out("")
        out(f"  {'login':<10} {'password':<16} who")
        for account in ACCOUNTS:
            user = users[account.username]
            password = account.password if user.check_password(account.password) else "(changed; demo --reset)"
            out(f"  {account.username:<10} {password:<16} {account.what}")
        out("")
        out(f"  Open {base}/ and log in as “host” to run the game, or as a player to play.")
        out(f"  Django admin: {base}/admin/ (login “admin”).")
        out(f"  Each game day, counted from its start: {self._schedule(game)}.")
        out("  Autokills for not voting (FORUM-163) wait for the host's confirmation in the demo game,")
        out("  so it goes on while you watch. `manage.py demo --reset` starts the demo game afresh.")

    def _schedule(self, game: Game) -> str:
        """The fast deadlines of a game day in words (minutes from the day's start)."""
        entries = flow.ruleset_of(game).SCHEDULE
        return ", ".join(
            f"{entry.name.get('en', entry.id)} after {entry.fast_minutes * game.fast_scale:g} min" for entry in entries
        )
