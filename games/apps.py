"""App configuration."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app."""

    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connects the login hook that restores the account's language, and
        the signals that tell the kept pages a game changed (``page_cache``)."""
        from . import languages, page_cache  # noqa: F401

        page_cache._connect()
