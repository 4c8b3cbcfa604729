"""Django admin: games, seats (nickname → account, admins only), the log,
and deadlines (with those whose resolution failed).

The admin is where site staff read a game's hidden information (roles,
accounts, the host's log); the game pages give staff nothing more than
any other account. Each time a staff account opens one of these objects,
the game's log records it, and a staff account seated in a game sees none
of that game's hidden information here: the lists leave it out and its
pages answer 403."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import rulesets

from . import page_cache
from .models import Deadline, Event, Game, Phase, Player, Post, Room, Vote


class PlayerInline(admin.TabularInline):
    """Seats of a game: the admin binds nicknames to accounts here."""

    model = Player
    fields = ("nickname", "user", "status", "role", "team", "alive")
    readonly_fields = ("role", "team", "alive")
    autocomplete_fields = ("user",)
    extra = 1


def _seated_games(request: HttpRequest) -> QuerySet[Player]:
    """The games in which the staff account of ``request`` holds a seat."""
    return Player.objects.filter(user_id=request.user.pk).exclude(status=Player.Status.DECLINED).values("game_id")


class GameVersionAdmin(admin.ModelAdmin):
    """An admin whose saves and deletions move the version of the game the
    row belongs to (``page_cache.game_changed``): an admin's edit is not a
    transition of the game (``games.flow``), so it tells the kept pages
    and the live poll itself."""

    def save_model(self, request: HttpRequest, obj, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        page_cache.game_changed(page_cache.game_of(obj))

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        page_cache.game_changed(page_cache.game_of(form.instance))

    def delete_model(self, request: HttpRequest, obj) -> None:
        game = page_cache.game_of(obj)
        super().delete_model(request, obj)
        page_cache.game_changed(game)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        games = [page_cache.game_of(obj) for obj in queryset]
        super().delete_queryset(request, queryset)
        page_cache.game_changed(*games)


class HiddenGameDataAdmin(GameVersionAdmin):
    """An admin of objects holding a game's hidden information, found
    through ``game_path`` (the lookup from the object to its game)."""

    game_path = "game"

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        """Leaves out the games in which the staff account is seated."""
        return super().get_queryset(request).exclude(**{f"{self.game_path}__in": _seated_games(request)})

    def _game_of(self, obj) -> Game:
        return obj if self.game_path == "pk" else getattr(obj, self.game_path)

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context=None):
        """Refuses a staff account seated in the object's game; otherwise
        logs the opening in the game's log (``admin_opened``)."""
        obj = self.model._default_manager.filter(pk=object_id).first() if object_id.isdigit() else None
        if obj is not None:
            game = self._game_of(obj)
            if _seated_games(request).filter(game_id=game.pk).exists():
                raise PermissionDenied(_("You hold a seat in this game: its hidden information is not for you."))
            Event.objects.create(
                game=game,
                kind="admin_opened",
                audience=Event.Audience.HOST,
                data={"admin": request.user.get_username(), "object": self.model._meta.model_name, "id": obj.pk},
            )
            page_cache.game_changed(game.pk)
        return super().change_view(request, object_id, form_url, extra_context)


def ruleset_choices() -> list[tuple[str, str]]:
    """The registered rulesets (``rulesets.ids()``), as (id, id) choices,
    read afresh each time a form is built (a ruleset may be registered
    after start-up)."""
    return [(r, r) for r in rulesets.ids()]


class GameAdminForm(forms.ModelForm):
    """A game in the admin: its ruleset is one of the registered rulesets
    (a game whose ruleset id is unknown cannot be read, ``GameBroken``)."""

    ruleset = forms.ChoiceField(label=_("ruleset"), choices=ruleset_choices)

    class Meta:
        model = Game
        fields = ("ruleset",)


@admin.register(Game)
class GameAdmin(HiddenGameDataAdmin):
    """Games and their seats."""

    form = GameAdminForm
    game_path = "pk"
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
class PlayerAdmin(HiddenGameDataAdmin):
    """Seats: which account plays which nickname."""

    list_display = ("nickname", "game", "user", "status", "role", "alive")
    list_filter = ("status", "alive")
    search_fields = ("nickname", "user__username", "game__title")
    autocomplete_fields = ("user", "game")


@admin.register(Event)
class EventAdmin(HiddenGameDataAdmin):
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
class DeadlineAdmin(GameVersionAdmin):
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
        failing = queryset.failing()
        games = set(failing.values_list("phase__game_id", flat=True))
        count = failing.update(retry_at=timezone.now())
        page_cache.game_changed(*games)
        messages.success(request, _("%(n)d deadline(s) will be retried at the next tick.") % {"n": count})


admin.site.register([Phase, Room, Post, Vote], GameVersionAdmin)
