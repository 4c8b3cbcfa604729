"""App configuration."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app."""

    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
