"""Django admin: games, seats (nickname → account, admins only), the log,
and deadlines (with those whose resolution failed)."""

from django.contrib import admin, messages
from django.db.models import Exists, OuterRef, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

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

    list_display = ("title", "ruleset", "variant", "status", "host", "created_at", "deadline_failing")
    list_filter = ("status", "ruleset")
    search_fields = ("title",)
    inlines = [PlayerInline]
    readonly_fields = ("slug", "seed", "state", "composition", "winner", "started_at", "finished_at")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        """Games annotated with whether one of their deadlines is failing."""
        failing = Deadline.objects.failing().filter(phase__game=OuterRef("pk"))
        return super().get_queryset(request).annotate(failing=Exists(failing))

    @admin.display(boolean=True, description=_("deadline failing"), ordering="-failing")
    def deadline_failing(self, obj: Game) -> bool:
        """True while a deadline of the game is failing (see Deadlines, "failed")."""
        return obj.failing


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


class FailedFilter(admin.SimpleListFilter):
    """Deadlines whose resolution failed and waits for a retry."""

    title = _("failed")
    parameter_name = "failed"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("yes", _("Failed, waiting for a retry")), ("no", _("Not failing"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Deadline]) -> QuerySet[Deadline]:
        if self.value() == "yes":
            return queryset.failing()
        if self.value() == "no":
            return queryset.exclude(pk__in=Deadline.objects.failing().values("pk"))
        return queryset


@admin.register(Deadline)
class DeadlineAdmin(admin.ModelAdmin):
    """Deadlines of every game; "failed" lists those whose resolution raised
    (the error, the attempts, the next retry), which may be retried at once."""

    list_display = ("phase", "game", "kind", "due_at", "done_at", "attempts", "retry_at", "error_summary")
    list_filter = (FailedFilter, "kind")
    list_select_related = ("phase__game",)
    search_fields = ("phase__game__title", "error")
    readonly_fields = ("attempts", "failed_at", "retry_at", "error", "done_at", "lateness_seconds")
    actions = ["retry_now"]

    @admin.display(description=_("game"), ordering="phase__game__title")
    def game(self, obj: Deadline) -> Game:
        """The deadline's game."""
        return obj.phase.game

    @admin.display(description=_("error"))
    def error_summary(self, obj: Deadline) -> str:
        """The error's first line, shortened for the list."""
        first = obj.error.splitlines()[0] if obj.error else ""
        return first[:120]

    @admin.action(description=_("Retry the selected failed deadlines at the next tick"))
    def retry_now(self, request: HttpRequest, queryset: QuerySet[Deadline]) -> None:
        """Clear the backoff: the next tick tries the deadlines again."""
        count = queryset.failing().update(retry_at=timezone.now())
        messages.success(request, _("%(n)d deadline(s) will be retried at the next tick.") % {"n": count})


admin.site.register([Phase, Room, Post, Vote])
