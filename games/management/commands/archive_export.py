"""``manage.py archive_export SLUG [-o FILE]``: a finished game's archive
(``docs/archive.md``) as JSON, to standard output or a file."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game
from games.reads.archive import ArchiveRefused, game_archive


class Command(BaseCommand):
    help = "Write a finished game's archive (JSON, docs/archive.md) to standard output or a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "slug",
            help="The game's slug (as in /g/<slug>/). A slug that begins with '-' (games made before such slugs "
            "were no longer given) goes after '--': archive_export -- -AbC.",
        )
        parser.add_argument("-o", "--output", help="Write to this file instead of standard output.")

    def handle(self, *args, slug: str, output: str | None = None, **options) -> None:
        game = Game.objects.filter(slug=slug).select_related("host").first()
        if game is None:
            raise CommandError(f"No game has the slug {slug}.")
        try:
            data = game_archive(game)
        except ArchiveRefused as exc:
            raise CommandError(f"{exc} The game {slug} is {game.status}.") from exc
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stderr.write(f"Wrote the archive of {slug} to {output}.")
        else:
            self.stdout.write(text, ending="")
