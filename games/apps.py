"""App configuration."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app."""

    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connects the login hook that restores the account's language
        (``games.languages``)."""
        from . import languages  # noqa: F401
