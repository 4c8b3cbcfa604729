"""Django admin: games, seats (nickname → account, admins only), the log,
and deadlines (with those whose resolution failed).

The admin is where site staff read a game's hidden information (roles,
accounts, the host's log); the game pages give staff nothing more than
any other account. Each time a staff account opens one of these objects,
the game's log records it, and a staff account seated in a game sees none
of that game's hidden information here: the lists leave it out and its
pages answer 403.

What the rules read is read-only here or changed through the game's flow,
as the site's own forms change it (seats: ``SeatForm``; house rules:
``GameAdminForm``); the rows only the flow writes (phases, rooms, posts,
ballots) are shown, never edited (``ReadOnlyGameAdmin``)."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import rulesets

from . import flow, page_cache
from .forms import StrictJSONField, character_too_long
from .models import Deadline, Event, Game, Phase, Player, Post, Room, Vote

# The seat's fields the rules' state mirrors or the game's flow sets: never
# edited in the admin (``games.flow`` changes them).
SEAT_READ_ONLY = (
    "status",
    "role",
    "team",
    "alive",
    "left_at_day",
    "revealed_role",
    "last_words_used",
    "last_words_until",
    "last_words",
    "acceleration_asked",
    "public_id",
    "joined_at",
)


class SeatForm(forms.ModelForm):
    """A seat in the admin: its account and, before the draw, its game
    nickname. Checked as the site's own forms are (``flow.seat_change_refusal``
    for a seat, ``flow.register_refusal`` for a new one) and saved through
    ``flow.seat_change`` / ``flow.nickname_register`` (``GameAdmin`` and
    ``PlayerAdmin`` do), never written directly."""

    class Meta:
        model = Player
        fields = ("nickname", "user")

    def validate_unique(self) -> None:
        """The flow's checks stand for the table's (see ``clean``)."""

    def clean(self) -> dict:
        data = super().clean()
        user = data.get("user")
        game = getattr(self.instance, "game", None) if self.instance.game_id else None
        if user is None or game is None or self.errors:
            return data
        if self.instance.pk is None:
            refusal = flow.register_refusal(game, user=user, nickname=data.get("nickname", ""))
        else:
            seat = Player.objects.get(pk=self.instance.pk)
            nickname = data.get("nickname", seat.nickname)
            refusal = flow.seat_change_refusal(game, seat, user=user, nickname=nickname)
        if refusal:
            raise forms.ValidationError(refusal)
        return data


def seat_save(request: HttpRequest, form: SeatForm) -> None:
    """Save one seat form through the game's flow: a new seat is registered
    (``flow.nickname_register``), a changed one goes through
    ``flow.seat_change`` (after the draw a new account is a replacement).
    A refusal met under the game's lock is shown as a message."""
    game = form.instance.game
    data = form.cleaned_data
    try:
        if form.instance.pk is None:
            form.instance = flow.nickname_register(game=game, user=data["user"], nickname=data["nickname"])
        else:
            seat = Player.objects.get(pk=form.instance.pk)
            flow.seat_change(game=game, player=seat, user=data["user"], nickname=data.get("nickname", seat.nickname))
    except flow.FlowError as exc:
        messages.error(request, str(exc))


class PlayerInline(admin.TabularInline):
    """Seats of a game: the admin binds nicknames to accounts here (before
    the draw; afterwards a new account is a replacement and the nickname
    stays, since the rules' state knows the seat by it)."""

    model = Player
    form = SeatForm
    fields = ("nickname", "user", "status", "role", "team", "alive")
    autocomplete_fields = ("user",)
    extra = 1

    def get_readonly_fields(self, request: HttpRequest, obj: Game | None = None) -> tuple[str, ...]:
        """The nickname too once the roles are drawn."""
        drawn = obj is not None and bool(obj.state)
        return ("status", "role", "team", "alive") + (("nickname",) if drawn else ())

    def get_extra(self, request: HttpRequest, obj: Game | None = None, **kwargs) -> int:
        return 0 if obj is not None and obj.state else 1

    def has_add_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        """Seats are added before the draw only."""
        return super().has_add_permission(request, obj) and not (obj is not None and obj.state)

    def has_delete_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        """Seats are deleted before the draw only."""
        return super().has_delete_permission(request, obj) and not (obj is not None and obj.state)


def _seated_games(request: HttpRequest) -> QuerySet[Player]:
    """The games in which the staff account of ``request`` holds a seat."""
    return Player.objects.filter(user_id=request.user.pk).exclude(status=Player.Status.DECLINED).values("game_id")


class GameVersionAdmin(admin.ModelAdmin):
    """An admin whose saves and deletions move the version of the game the
    row belongs to (``page_cache.game_changed``): an admin's edit is not a
    transition of the game (``games.flow``), so it tells the kept pages
    and the live channel itself."""

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
    (a game whose ruleset id is unknown cannot be read, ``GameBroken``),
    changed once the roles are drawn only to repair an unknown id; its
    JSON is refused with a sentence where the database could not keep it
    (``StrictJSONField``); its house rules are checked by the ruleset as
    the host's forms check them (``flow.options_set_refusal``) and saved
    through ``flow.options_set`` (``GameAdmin.save_model``), the options
    the host sets on the dashboard (``WEB_OPTIONS``) left as they are."""

    ruleset = forms.ChoiceField(label=_("ruleset"), choices=ruleset_choices)
    options = StrictJSONField(label=_("house rules"), required=False)
    characters = StrictJSONField(label=_("characters"), required=False)
    deadlines = StrictJSONField(label=_("deadlines"), required=False)

    class Meta:
        model = Game
        fields = ("ruleset", "options", "characters", "deadlines")

    def clean_ruleset(self) -> str:
        ruleset = self.cleaned_data["ruleset"]
        game = self.instance
        if game.pk and game.state and ruleset != game.ruleset and flow.game_fault(game) is None:
            raise forms.ValidationError(_("The roles are drawn: the game's ruleset cannot change."))
        return ruleset

    def clean_characters(self) -> list:
        characters = self.cleaned_data.get("characters") or []
        if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
            raise forms.ValidationError(_("Give the characters as a list of names."))
        too_long = [c for c in characters if len(c.strip()) > flow.NICKNAME_MAX]
        if too_long:
            raise forms.ValidationError(character_too_long(too_long[0]))
        return [c.strip() for c in characters if c.strip()]

    def clean_deadlines(self) -> dict:
        deadlines = self.cleaned_data.get("deadlines") or {}
        if not isinstance(deadlines, dict) or not all(isinstance(v, str) for v in deadlines.values()):
            raise forms.ValidationError(_("Give the deadlines as an object of schedule entries and times."))
        return deadlines

    def clean_options(self) -> dict:
        options = self.cleaned_data.get("options")
        if options in (None, ""):
            options = {}
        if not isinstance(options, dict):
            raise forms.ValidationError(_("Give the house rules as an object of option ids and values."))
        game = self.instance
        if not game.pk:
            chosen = self.cleaned_data.get("ruleset")
            rules = {k: v for k, v in options.items() if k not in flow.WEB_OPTIONS}
            problems = rulesets.get(chosen).validate_options(rules, ()) if chosen else []
            if problems:
                raise forms.ValidationError([p.message for p in problems])
            return options
        web = {k: v for k, v in options.items() if k in flow.WEB_OPTIONS}
        kept = {k: v for k, v in game.options.items() if k in flow.WEB_OPTIONS}
        changed = sorted(k for k in set(web) | set(kept) if web.get(k) != kept.get(k))
        if changed:
            raise forms.ValidationError(
                _("“%(key)s” is set by the host on the dashboard: leave it as it is.") % {"key": changed[0]}
            )
        rules = {k: v for k, v in options.items() if k not in flow.WEB_OPTIONS}
        if rules != {k: v for k, v in game.options.items() if k not in flow.WEB_OPTIONS}:
            if flow.game_fault(game) is not None:
                raise forms.ValidationError(_("Repair the game's ruleset before its house rules."))
            problems = flow.options_set_refusal(game, rules)
            if problems:
                raise forms.ValidationError(problems)
        return options


@admin.register(Game)
class GameAdmin(HiddenGameDataAdmin):
    """Games and their seats."""

    form = GameAdminForm
    game_path = "pk"
    list_display = ("title", "ruleset", "variant", "status", "host", "created_at", "deadline_failing")
    list_filter = ("status", "ruleset")
    search_fields = ("title",)
    inlines = [PlayerInline]
    readonly_fields = ("slug", "status", "seed", "state", "composition", "winner", "started_at", "finished_at")

    def get_readonly_fields(self, request: HttpRequest, obj: Game | None = None) -> tuple[str, ...]:
        """The variant too once the roles are drawn (the rules' state holds it)."""
        drawn = obj is not None and bool(obj.state)
        return tuple(self.readonly_fields) + (("variant",) if drawn else ())

    def save_model(self, request: HttpRequest, obj: Game, form: GameAdminForm, change: bool) -> None:
        """Changed house rules go through ``flow.options_set`` (the host's
        own path); the other fields are saved as they are."""
        rules_changed = change and "options" in form.changed_data
        if rules_changed:
            stored = Game.objects.get(pk=obj.pk)
            obj.options = stored.options
        super().save_model(request, obj, form, change)
        if rules_changed:
            rules = {k: v for k, v in form.cleaned_data["options"].items() if k not in flow.WEB_OPTIONS}
            try:
                flow.options_set(game=obj, options=rules)
            except flow.FlowError as exc:
                messages.error(request, str(exc))

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        """Seats are saved through the game's flow (``seat_save``); a seat
        is deleted before the draw only (``PlayerInline``)."""
        if formset.model is not Player:
            super().save_formset(request, form, formset, change)
            return
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for seat_form in formset.forms:
            if seat_form in formset.deleted_forms:
                if seat_form.instance.pk is not None and not form.instance.state:
                    formset.deleted_objects.append(seat_form.instance)
                    seat_form.instance.delete()
                continue
            if not seat_form.has_changed():
                continue
            new = seat_form.instance.pk is None
            seat_save(request, seat_form)
            if new:
                formset.new_objects.append(seat_form.instance)
            else:
                formset.changed_objects.append((seat_form.instance, seat_form.changed_data))

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

    form = SeatForm
    list_display = ("nickname", "game", "user", "status", "role", "alive")
    list_filter = ("status", "alive")
    search_fields = ("nickname", "user__username", "game__title")
    autocomplete_fields = ("user",)
    fields = ("game", "nickname", "user", *SEAT_READ_ONLY)

    def get_readonly_fields(self, request: HttpRequest, obj: Player | None = None) -> tuple[str, ...]:
        """The game and what the flow sets; the nickname too once the roles are drawn."""
        drawn = obj is not None and bool(obj.game.state)
        return ("game", *SEAT_READ_ONLY) + (("nickname",) if drawn else ())

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Seats are added on their game's page (or by sign-up)."""
        return False

    def save_model(self, request: HttpRequest, obj: Player, form: SeatForm, change: bool) -> None:
        """Through the game's flow (``seat_save``)."""
        seat_save(request, form)
        page_cache.game_changed(obj.game_id)


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
    readonly_fields = (
        "phase",
        "kind",
        "resolves",
        "attempts",
        "failed_at",
        "retry_at",
        "error",
        "done_at",
        "lateness_seconds",
    )
    actions = ["retry_now"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        """Deadlines are opened by the game's phases."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        """A deadline is never deleted here: its phase would never end."""
        return False

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


class ReadOnlyGameAdmin(GameVersionAdmin):
    """Rows the game's flow alone writes (phases and their stored rows,
    rooms and their members, posts, ballots): shown, never edited here,
    since an edit would bypass the rules (a ballot pointing at another
    game's seat, a room's members out of step with the roles). Posts may
    be deleted (moderation)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return self.model is Post and super().has_delete_permission(request, obj)


admin.site.register([Phase, Room, Post, Vote], ReadOnlyGameAdmin)
