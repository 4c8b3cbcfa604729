"""``manage.py archive_import FILE [--slug NEW]``: load a game's archive
(``docs/archive.md``) as a finished game of this site, in one transaction;
a file that breaks the schema is refused with every error and nothing is
written."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.flow.archive_import import ArchiveInvalid, archive_import


class Command(BaseCommand):
    help = "Load a game's archive (JSON, docs/archive.md) as a finished game; nothing is written if it is refused."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The archive file (JSON).")
        parser.add_argument("--slug", help="The slug to give the game (default: the archive's own).")

    def handle(self, *args, file: str, slug: str | None = None, **options) -> None:
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as exc:
            raise CommandError(f"Cannot read {file} as JSON: {exc}") from exc
        try:
            game = archive_import(data, slug=slug)
        except ArchiveInvalid as exc:
            for problem in exc.problems:
                self.stderr.write(problem)
            raise CommandError(f"The archive {file} was refused; nothing was written.") from exc
        self.stdout.write(self.style.SUCCESS(f"Imported “{game.title}” as /g/{game.slug}/."))
