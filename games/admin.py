"""Django admin: games, seats (nickname → account, admins only), the log."""

from django.contrib import admin

from .models import Deadline, Event, Game, Phase, Player, Post, Room, Vote


class PlayerInline(admin.TabularInline):
    """Seats of a game: the admin binds nicknames to accounts here."""

    model = Player
    fields = ("nickname", "user", "status", "role", "team", "alive")
    readonly_fields = ("role", "team", "alive")
    autocomplete_fields = ("user",)
    extra = 1


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games and their seats."""

    list_display = ("title", "ruleset", "variant", "status", "host", "created_at")
    list_filter = ("status", "ruleset")
    search_fields = ("title",)
    inlines = [PlayerInline]
    readonly_fields = ("slug", "seed", "state", "composition", "winner", "started_at", "finished_at")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """Seats: which account plays which nickname."""

    list_display = ("nickname", "game", "user", "status", "role", "alive")
    list_filter = ("status", "alive")
    search_fields = ("nickname", "user__username", "game__title")
    autocomplete_fields = ("user", "game")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """The append-only log (read-only)."""

    list_display = ("game", "kind", "audience", "created_at")
    list_filter = ("kind", "audience")

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


admin.site.register([Phase, Deadline, Room, Post, Vote])
