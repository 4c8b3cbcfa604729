"""Pages every visitor and player uses: the game list, a game, its threads,
the vote, the cabinet. Thin: parse with a form, ask ``access``, call
``flow``, render. Nicknames only: no account name ever reaches these pages
(except the host's and admins' own views)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import rulesets
from rulesets.core.day import LISTED, Ballot

from . import access, flow, languages, live, page_cache, unread
from .forms import (
    ActionForm,
    ApplyForm,
    GameCreateForm,
    LastWordsForm,
    MailPreferenceForm,
    NominateForm,
    PostForm,
    TimeZoneForm,
    VoteForm,
)
from .models import Action, Deadline, Game, MailPreference, Phase, Player, Post, Resolution, Room, Vote
from .results import ability_name, localized, role_name, role_summary, team_name


def form_errors(form) -> str:
    """Every error of a bound form in one sentence list, for a message."""
    return "; ".join(e for errs in form.errors.values() for e in errs)


@dataclass(frozen=True)
class NextDeadline:
    """The game's next pending deadline as the phase bar shows it:
    ``due_at``, aware UTC."""

    due_at: datetime


def _open_phase(game: Game, seat: Player | None) -> Phase | None:
    """The open phase (``flow.current_phase``) read with what the phase bar
    needs, in one query: ``next_due`` (the game's next pending deadline,
    None without one), ``opening_due`` (the phase's pending delayed opening,
    WW18-072), and for a living ``seat`` whether it voted in this vote
    (``voted``) and whether it or its team handed in a choice
    (``handed``)."""
    pending = Deadline.objects.filter(done_at__isnull=True)
    phases = game.phases.filter(resolved_at__isnull=True).annotate(
        next_due=Subquery(pending.filter(phase__game=game).order_by("due_at").values("due_at")[:1]),
        opening_due=Subquery(pending.filter(phase=OuterRef("pk"), kind=flow.OPENS).values("due_at")[:1]),
    )
    if seat is not None and seat.alive:
        phases = phases.annotate(
            voted=Exists(
                Vote.objects.filter(game=game, day=OuterRef("number"), vote_round=OuterRef("vote_round"), voter=seat)
            ),
            handed=Exists(
                Action.objects.filter(phase=OuterRef("pk")).filter(
                    Q(actor=seat, team="") | Q(team=seat.team, team__gt="")
                )
            ),
        )
    return phases.order_by("-number").first()


def game_context(request: HttpRequest, game: Game, seat: Player | None) -> dict[str, Any]:
    """What every game page shows: the phase, the countdown to the next
    deadline (in the game's time zone) and what the reader still has to do.
    One query for the phase and all of that (``_open_phase``)."""
    phase = _open_phase(game, seat) if game.is_running else None
    deadline = NextDeadline(phase.next_due) if phase and phase.next_due else None
    todo: list[str] = []
    # A phase waiting for its delayed opening (WW18-072: the morning of A).
    opening = phase.opening_due if phase and phase.opened_at > timezone.now() else None
    waiting = opening is not None
    # A kept page shows these as they are until the next deadline or opening.
    page_cache.expires(request, deadline.due_at if deadline else None)
    page_cache.expires(request, opening)
    if seat and seat.alive and phase and not waiting:
        if phase.kind == "day" and not phase.voted:
            todo.append("vote")
        if not phase.handed and flow.open_slots(game, seat, phase):
            todo.append("choice")
    return {
        "game": game,
        "seat": seat,
        "phase": phase,
        "deadline": deadline,
        "deadline_local": flow.local_deadline(game, deadline.due_at) if deadline else "",
        "todo": todo,
        "is_host": access.is_host(request.user, game),
        "opens_at": flow.local_deadline(game, opening) if opening else "",
    }


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Games open for sign-up, running and finished."""
    games = Game.objects.exclude(status=Game.Status.DRAFT).annotate(
        seated=Count("players", filter=Q(players__status="seated"))
    )
    mine = Game.objects.filter(host_id=request.user.id) if request.user.is_authenticated else Game.objects.none()
    if request.user.is_authenticated:
        # The reader's own games are marked: those he plays in, those he hosts.
        cohosting = Game.cohosts.through.objects.filter(game_id=OuterRef("pk"), user_id=request.user.pk)
        playing = Player.objects.filter(game_id=OuterRef("pk"), user_id=request.user.pk, status=Player.Status.SEATED)
        games = games.annotate(playing=Exists(playing), hosting=Q(host_id=request.user.pk) | Exists(cohosting))
    return render(request, "games/home.html", {"games": games[:100], "hosted": mine.filter(status=Game.Status.DRAFT)})


@login_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """The host announces a game: first the ruleset (``?ruleset=``, one of
    ``MAFIA_WEB_RULESETS``), then its form, built from that ruleset's
    declarations (``GameCreateForm``)."""
    offered = [rulesets.get(r) for r in settings.MAFIA_WEB_RULESETS]
    chosen = request.POST.get("ruleset") or request.GET.get("ruleset") or offered[0].id
    if chosen not in settings.MAFIA_WEB_RULESETS:
        raise Http404(_("This ruleset cannot be hosted here."))
    ruleset = rulesets.get(chosen)
    form = GameCreateForm(request.POST or None, ruleset=ruleset)
    if request.method == "POST" and form.is_valid():
        try:
            game = flow.game_create(
                host=request.user, title=form.cleaned_data["title"], ruleset_id=ruleset.id, **form.game_fields()
            )
        except flow.FlowError as exc:
            form.add_error(None, str(exc))
        else:
            return HttpResponseRedirect(reverse("host", args=[game.slug]))
    choices = [(r.id, localized(r.title, r.id)) for r in offered]
    return render(
        request,
        "games/game_new.html",
        {"form": form, "ruleset": ruleset, "ruleset_title": localized(ruleset.title, ruleset.id), "choices": choices},
    )


@login_required
@require_http_methods(["GET", "POST"])
def mail_settings(request: HttpRequest) -> HttpResponse:
    """The logged-in account's e-mail settings: reminders before a deadline
    and the results drafts of the games it hosts (``MailPreference``), and
    the address they go to (changed on allauth's e-mail page)."""
    preference = MailPreference.of(request.user.pk)
    form = MailPreferenceForm(request.POST or None, instance=preference)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your e-mail settings were saved."))
        return HttpResponseRedirect(reverse("mail_settings"))
    return render(request, "games/mail_settings.html", {"form": form, "address": request.user.email})


@require_GET
@page_cache.kept_page
def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A game: its threads, its players (nicknames; roles revealed by the
    results), sign-up, and the reader's own seat."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    ctx = game_context(request, game, seat)
    rooms = Room.objects.filter(game=game)
    if not ctx["is_host"]:
        rooms = rooms.filter(Q(kind__in=Room.PUBLIC) | Q(members=seat) if seat else Q(kind__in=Room.PUBLIC)).distinct()
    # Only the rooms the reader may read are counted (games.access's rule).
    rooms = unread.with_counts(rooms, request.user, seat, ctx["is_host"])
    ruleset = flow.ruleset_of(game)
    show_roles = access.can_see_roles(request.user, game)
    # Accounts are shown on the registry page only, and here to everyone
    # once a finished game reveals them.
    show_accounts = access.accounts_revealed(game)
    players = []
    for p in game.players.seated().select_related("user") if show_accounts else game.players.seated():
        shown = p.role if show_roles else p.revealed_role
        account = p.user.get_username() if show_accounts else ""
        players.append(
            {
                "nickname": p.nickname,
                "alive": p.alive,
                "role": role_name(ruleset, shown) if shown else "",
                "account": account,
            }
        )
    applied = None
    if request.user.is_authenticated and not seat:
        applied = game.players.filter(user=request.user).first()
    taken = set(game.players.exclude(status=Player.Status.DECLINED).values_list("nickname", flat=True))
    ctx.update(
        rooms=_current_day_first(list(rooms.order_by("kind", "day", "id"))),
        players=players,
        applied=applied,
        apply_form=ApplyForm(characters=game.characters, taken=taken) if game.status == Game.Status.SIGNUP else None,
        my_role=role_name(ruleset, seat.role) if seat and seat.role else "",
        my_team=team_name(ruleset, seat.team) if seat and seat.team else "",
        winner=team_name(ruleset, game.winner) if game.winner and game.winner != "draw" else game.winner,
        acceleration=acceleration_context(game, seat),
    )
    return render(request, "games/game.html", ctx)


def _current_day_first(rooms: list[Room]) -> list[Room]:
    """The game's threads with the latest day's day and vote threads first."""
    days = [r.day for r in rooms if r.kind in (Room.Kind.DAY, Room.Kind.VOTE) and r.day]
    current = max(days, default=None)
    return sorted(rooms, key=lambda r: not (r.kind in (Room.Kind.DAY, Room.Kind.VOTE) and r.day == current))


@login_required
@require_POST
def game_apply(request: HttpRequest, slug: str) -> HttpResponse:
    """Apply to a game with a character."""
    game = access.game_for_reader(request.user, slug)
    taken = set(game.players.exclude(status=Player.Status.DECLINED).values_list("nickname", flat=True))
    form = ApplyForm(request.POST, characters=game.characters, taken=taken)
    if form.is_valid():
        try:
            flow.signup_apply(game=game, user=request.user, nickname=form.cleaned_data["nickname"])
            messages.success(request, _("Your application was sent to the host."))
        except flow.FlowError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, form_errors(form))
    return HttpResponseRedirect(reverse("game", args=[slug]))


@dataclass(frozen=True)
class PostPage:
    """One page of a thread: page ``number`` of ``num_pages`` holds the
    posts numbered ``(number - 1) * per_page + 1`` … ``number * per_page``."""

    number: int
    num_pages: int
    object_list: list[Post]

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.num_pages

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def _posts_page(room: Room, page_number: Any, last_number: int | None = None, opening: int | None = None) -> PostPage:
    """The page ``page_number`` of the thread (1-based; ``"last"``, a
    malformed or out-of-range number gives the last page; a missing one
    the page of post ``opening`` when given, else the last page). Posts
    are numbered densely in their room, so a page is a range of numbers
    read through the (room, number) index: the last page of a thread of
    100,000 posts costs what its first page costs (no OFFSET, no COUNT).
    ``last_number`` is the room's last post number when already known."""
    per_page = settings.MAFIA_POSTS_PER_PAGE
    if last_number is None:
        last_number = room.posts.order_by("-number").values_list("number", flat=True).first() or 0
    num_pages = max(1, -(-last_number // per_page))
    try:
        number = int(page_number)
    except (TypeError, ValueError):
        number = (opening - 1) // per_page + 1 if page_number is None and opening else num_pages
    number = min(max(number, 1), num_pages)
    first = (number - 1) * per_page + 1
    posts = room.posts.select_related("author").filter(number__gte=first, number__lt=first + per_page)
    return PostPage(number=number, num_pages=num_pages, object_list=list(posts.order_by("number")))


def _thread_page(request: HttpRequest, room: Room, seat: Player | None, host: bool) -> tuple[PostPage, int | None]:
    """The page of the thread the reader asked for (without a page: the
    page of his first unread post, else the last page) and the number of
    that first unread post; the page's posts are read now."""
    where = unread.position(room, request.user, seat, host)
    page = _posts_page(room, request.GET.get("page"), where.last, where.first_unread)
    if page.object_list:
        unread.seen(room, request.user, page.object_list[-1].number, where)
    return page, where.first_unread


def _thread_links(request: HttpRequest, game: Game, room: Room, seat: Player | None, host: bool) -> dict | None:
    """The ways out of a day or vote thread: that day's other thread, the
    same thread of the day before and after, the graveyard (each with the
    reader's unread count) and the reader's cabinet; None elsewhere. One
    query, whatever the number of the game's rooms: these are public
    threads, read by everyone who reads this one."""
    if room.kind not in (Room.Kind.DAY, Room.Kind.VOTE) or not room.day:
        return None
    near = Room.objects.filter(game=game).filter(
        Q(kind__in=[Room.Kind.DAY, Room.Kind.VOTE], day__in=[room.day - 1, room.day, room.day + 1])
        | Q(kind=Room.Kind.GRAVEYARD)
    )
    found = {(r.kind, r.day): r for r in unread.with_counts(near, request.user, seat, host)}
    other = Room.Kind.VOTE if room.kind == Room.Kind.DAY else Room.Kind.DAY
    graveyard = next((r for (kind, _day), r in found.items() if kind == Room.Kind.GRAVEYARD), None)
    return {
        "other": found.get((other, room.day)),
        "previous": found.get((room.kind, room.day - 1)),
        "next": found.get((room.kind, room.day + 1)),
        "graveyard": graveyard,
        "cabinet": bool(seat and seat.role),
    }


def _mark_editable(request: HttpRequest, game: Game, seat: Player | None, posts: list[Post]) -> None:
    """Set ``post.edit_until`` (the window's end, as the reader reads times)
    on the posts of ``posts`` the reader wrote and may still edit, for their
    "Edit" link; the others get "". Only the reader's posts younger than the
    game's window are looked at further: a player's own posts outside a
    vote thread cost no query; vote posts and the host's results posts are
    looked up once for the page."""
    for post in posts:
        post.edit_until = ""
    if not game.edit_minutes or not request.user.is_authenticated:
        return
    since = timezone.now() - timedelta(minutes=game.edit_minutes)
    recent = [p for p in posts if p.created_at > since]
    if any(p.by_host for p in recent) and access.is_host(request.user, game):
        mine = [p for p in recent if p.by_host or seat is not None and p.author_id == seat.pk]
    else:
        mine = [p for p in recent if not p.by_host and seat is not None and p.author_id == seat.pk]
    if not mine:
        return
    ids = [p.pk for p in mine]
    fixed: set[int] = set()
    if any(p.room.kind == Room.Kind.VOTE for p in mine):
        fixed |= set(Vote.objects.filter(post_id__in=ids).values_list("post_id", flat=True))
    if any(p.by_host for p in mine):
        for published, copy in Resolution.objects.filter(
            Q(published_post_id__in=ids) | Q(day_copy_id__in=ids)
        ).values_list("published_post_id", "day_copy_id"):
            fixed |= {published, copy}
    for post in mine:
        if post.pk not in fixed:
            until = post.created_at + timedelta(minutes=game.edit_minutes)
            post.edit_until = flow.local_time(game, until)
            page_cache.expires(request, until)  # the "Edit" link goes then


def _flood_limited(seat_or_user: str) -> bool:
    """True when this poster exceeded the posts-per-minute limit."""
    key = f"posts:{seat_or_user}"
    count = cache.get_or_set(key, 0, 60)
    if count >= settings.MAFIA_POSTS_PER_MINUTE:
        return True
    try:
        cache.incr(key)
    except ValueError:
        cache.set(key, 1, 60)
    return False


@require_http_methods(["GET", "POST"])
@page_cache.kept_page
def room_page(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """A thread: its posts (paginated), the post form when allowed, and in
    a vote thread the vote form and the live vote count."""
    poll_since = live.clock()  # before the posts are read: later edits reach the page
    game = access.game_for_reader(request.user, slug)
    room, seat = access.room_for_reader(request.user, game, room_id)
    host = access.is_host(request.user, game)
    refusal = access.post_refusal(request.user, room, seat) if request.user.is_authenticated else "login"
    form = PostForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if refusal is not None:
            # A post from a stale page (the poster died, the thread closed):
            # answer with the page, the reason and the typed text, not a bare 403.
            form.add_error(None, refusal if refusal != "login" else _("Log in to post."))
            status = 403
        elif form.is_valid():
            if _flood_limited(seat.public_id if seat else f"u{request.user.pk}"):
                form.add_error(None, _("You are posting too fast; wait a minute. Your text is kept below."))
                status = 429
            else:
                try:
                    post = flow.post_create(room=room, seat=seat, body=form.cleaned_data["body"], by_host=seat is None)
                except flow.FlowError as exc:
                    form.add_error(None, str(exc))
                else:
                    unread.posted(room, request.user, post, seat, host)
                    # The poster lands on the page of their own post.
                    return HttpResponseRedirect(reverse("post_link", args=[slug, room_id, post.number]))
    page, first_unread = _thread_page(request, room, seat, host)
    if refusal is None:
        _mark_editable(request, game, seat, page.object_list)
    ctx = game_context(request, game, seat)
    ctx.update(
        room=room,
        first_unread=first_unread,
        links=_thread_links(request, game, room, seat, host),
        # A private room's readers know each other (the documents' host
        # tells the mafia who its members are): list them on its page.
        members=[] if room.is_public else list(room.members.order_by("nickname").values_list("nickname", "alive")),
        page=page,
        form=form,
        refusal=refusal,
        last_number=page.object_list[-1].number if page.object_list else 0,
        first_number=page.object_list[0].number if page.object_list else 1,
        poll_since=poll_since,
    )
    if room.kind == Room.Kind.VOTE:
        ctx.update(_vote_context(game, room, seat))
        ctx.update(_count_content(request, ctx))
    return render(request, "games/room.html", ctx, status=status)


@require_GET
def post_link(request: HttpRequest, slug: str, room_id: str, number: int) -> HttpResponse:
    """The permalink of post ``#number`` of a room: the thread's page that
    holds it, scrolled to it. Raises Http404 like the thread itself for
    readers who may not see the room, and for a number the room lacks."""
    game = access.game_for_reader(request.user, slug)
    room, _seat = access.room_for_reader(request.user, game, room_id)
    if not room.posts.filter(number=number).exists():
        raise Http404
    page = (number - 1) // settings.MAFIA_POSTS_PER_PAGE + 1
    return HttpResponseRedirect(f"{reverse('room', args=[slug, room_id])}?page={page}#p{number}")


def _poll_number(request: HttpRequest, name: str, default: int) -> int:
    """The whole number ``name`` of a poll's query string, ``default`` when
    it is missing or not a number."""
    try:
        return int(request.GET.get(name, default))
    except ValueError:
        return default


# How much earlier than the poll's ``since`` an edit may be stamped and still
# be sent: an edit is stamped before its transaction commits, and the web
# processes' clocks may differ a little. An edit sent twice replaces the
# same post twice.
EDIT_MARGIN = timedelta(seconds=10)


@require_GET
def room_new_posts(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """htmx: the room's posts after number ``after`` (at most one page),
    and, as out-of-band swaps of the posts already shown, those of numbers
    ``first`` to ``after`` edited since ``since`` (a ``live.clock`` time:
    when the reader's page was last brought up to date); then the next
    poller, carrying the time this poll began. 204 when there is nothing
    new nor edited, from the cache alone when it can tell (``games.live``).
    A poll without ``first`` gets no edits of older posts; one without
    ``since`` gets every edit of the posts it shows."""
    after = _poll_number(request, "after", 0)
    if live.nothing_new(request, slug, room_id, after, _poll_number(request, "since", 0)):
        return HttpResponse(status=204)
    return _new_posts(request, slug, room_id)


@page_cache.kept_page
def _new_posts(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """``room_new_posts`` once the cache could not tell that nothing is new."""
    now = live.clock()
    after = _poll_number(request, "after", 0)
    first = _poll_number(request, "first", after + 1)
    since = _poll_number(request, "since", 0)
    game = access.game_for_reader(request.user, slug)
    room, seat = access.room_for_reader(request.user, game, room_id)
    live.reader_checked(request, slug, room_id)
    posts = list(
        room.posts.select_related("author").filter(number__gt=after).order_by("number")[: settings.MAFIA_POSTS_PER_PAGE]
    )
    edited: list[Post] = []
    if first <= after:
        try:
            edited_after = datetime.fromtimestamp(since / 1000, tz=UTC) - EDIT_MARGIN
        except (OverflowError, OSError, ValueError):  # a ``since`` no clock gives
            edited_after = datetime.min.replace(tzinfo=UTC)
        edited = list(
            room.posts.select_related("author")
            .filter(number__gte=first, number__lte=after, edited_at__gt=edited_after)
            .order_by("number")[: settings.MAFIA_POSTS_PER_PAGE]
        )
    if not posts and not edited and live.last_edit(room_id) <= since:
        return HttpResponse(status=204)
    if posts:
        # The new posts appear on the reader's open page: he has seen them.
        unread.seen(room, request.user, posts[-1].number)
    if access.post_refusal(request.user, room, seat) is None:
        _mark_editable(request, game, seat, posts + edited)
    return render(
        request,
        "games/_posts.html",
        {
            "posts": posts,
            "edited": edited,
            "room": room,
            "game": game,
            "last_number": posts[-1].number if posts else after,
            "first_number": first,
            "poll_since": now,
            "poll": True,
            "is_host": access.is_host(request.user, game),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def post_edit(request: HttpRequest, slug: str, room_id: str, number: int) -> HttpResponse:
    """Edit post ``#number`` of a room, for its author only (a player's
    post: its seat; a host's post: the host), within the game's edit window
    (``flow.post_edit``). A refused edit (late, a vote post, the thread
    closed to its author) comes back with the reason and the text kept."""
    game = access.game_for_reader(request.user, slug)
    room, seat = access.room_for_reader(request.user, game, room_id)
    post = room.posts.select_related("author", "room__game").filter(number=number).first()
    if post is None:
        raise Http404
    if not access.may_edit(request.user, post, seat):
        raise PermissionDenied(_("Only the author of a post may edit it."))
    form = PostForm(request.POST or None, initial={"body": post.body})
    refusal = flow.edit_refusal(post) or access.post_refusal(request.user, room, seat)
    status = 200
    if request.method == "POST" and form.is_valid():
        if refusal is None:
            try:
                flow.post_edit(post=post, body=form.cleaned_data["body"])
            except flow.FlowError as exc:
                refusal = str(exc)
            else:
                messages.success(request, _("Your post is edited."))
                return HttpResponseRedirect(reverse("post_link", args=[slug, room_id, post.number]))
        form.add_error(None, refusal)
        status = 403
    elif request.method == "POST":
        status = 400
    until = flow.edit_until(post)
    ctx = game_context(request, game, seat)
    ctx.update(
        room=room,
        post=post,
        form=form,
        refusal=refusal,
        until=flow.local_time(game, until) if until else "",
    )
    return render(request, "games/post_edit.html", ctx, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def time_zone(request: HttpRequest) -> HttpResponse:
    """The account's time zone setting: every time on the site in the zone
    it chose, with its UTC offset, or in each game's own zone."""
    form = TimeZoneForm(
        request.POST or None, initial={"time_zone": request.session.get(languages.ZONE_SESSION_KEY, "")}
    )
    back = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=False):
        back = ""
    if request.method == "POST" and form.is_valid():
        languages.remember_time_zone(request, form.cleaned_data["time_zone"])
        messages.success(request, _("Your time zone is saved."))
        return HttpResponseRedirect(back or reverse("account_time_zone"))
    return render(request, "games/time_zone.html", {"form": form, "next": back}, status=400 if form.errors else 200)


def _vote_context(game: Game, room: Room, seat: Player | None) -> dict[str, Any]:
    """The vote thread's count and forms: the ruleset's public vote count
    (``Ruleset.vote_count``) of the room's day, the ballots as cast, the
    day's candidates where it has nominations, and the forms the day's
    window (``flow.day_window``) and the ruleset's procedure allow now: a
    nomination, a vote, or a re-vote among the tied."""
    ruleset = flow.ruleset_of(game)
    state = flow.state_of(game)
    phase = flow.current_phase(game)
    ballots = flow.day_ballots(game, room.day, phase)
    today = phase is not None and phase.kind == "day" and phase.number == room.day
    procedure = ruleset.day_procedure(state)
    # What the rules make of the day's ballots, as stored when they were cast.
    votes = flow.vote_view(game, flow.day_phase(game, room.day, phase), ballots)
    window = flow.day_window(game, phase, ballots=ballots, votes=votes) if today else flow.DayWindow()
    count = votes.count
    words = set(procedure.revote_words)
    ctx: dict[str, Any] = {
        "count": count,
        "count_notes": [f"{_(ruleset.message(code))} {nick}".strip() for code, nick in count.notes],
        # The posts as cast (not the host's list, CLASSIC-011), re-vote words as players read them.
        "ballots": [
            Ballot(b.voter, flow.revote_label(ruleset, state, b.choice) if b.choice in words else b.choice, b.round)
            for b in ballots
            if b.round != LISTED
        ],
        "not_voted": count.not_voted if today else [],
        "vote_law": localized(procedure.law),
        "candidates": votes.candidates,
        "revote": window.revote,
        "votes_open_at": flow.local_deadline(game, window.opens_at) if window.opens_at else "",
        "vote_form": None,
        "nominate_form": None,
    }
    if seat is not None and seat.alive and window.nominations:
        if seat.nickname in votes.nominators:
            named = set(ctx["candidates"] or ())
            ctx["nominate_form"] = NominateForm(
                candidates=[(p.public_id, p.nickname) for p in game.players.alive() if p.nickname not in named]
            )
    if today and flow.ballot_open(game, seat, phase, ballots, window, votes):
        ctx["vote_form"] = VoteForm(
            candidates=_vote_candidates(game, ruleset, state, seat, ballots, window, votes),
            reason=bool(procedure.reason_text) and not window.revote,
        )
    return ctx


def _vote_candidates(
    game: Game,
    ruleset: Any,
    state: Any,
    seat: Player,
    ballots: list,
    window: flow.DayWindow,
    votes: flow.VoteView | None = None,
) -> list[tuple[str, str]]:
    """(value, label) pairs of a vote form: in a re-vote, its words
    (``VoteForm.WORD`` + word) or the tied players; otherwise the players
    the ruleset lets ``seat`` name (today's candidates where the day has
    nominations), then the abstention where the day procedure allows one.
    ``votes``: the day's stored ``VoteView`` (a page), read instead of
    asking the rules (a vote being posted)."""
    if window.revote:
        allowed = votes.revote_choices if votes is not None else ruleset.revote_choices(state, window.revote)
        words = set(ruleset.day_procedure(state).revote_words)
        if words:
            return [(VoteForm.WORD + w, _(ruleset.message(f"revote_{w}"))) for w in allowed]
        names = set(allowed)
    elif votes is not None:
        names = set(votes.choices.get(seat.nickname, ()))
    else:
        names = set(ruleset.vote_choices(state, seat.nickname, ballots))
    choices = [(p.public_id, p.nickname) for p in game.players.alive() if p.nickname in names]
    if ruleset.day_procedure(state).abstain and not window.revote:
        choices.append((VoteForm.ABSTAIN, _("Abstain")))
    return choices


@require_GET
@page_cache.kept_page
def vote_count(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """htmx: the live vote count of a vote thread."""
    game = access.game_for_reader(request.user, slug)
    room, seat = access.room_for_reader(request.user, game, room_id)
    if room.kind != Room.Kind.VOTE:
        return HttpResponse(status=404)
    ctx = {"game": game, "room": room, **_vote_context(game, room, seat)}
    ctx.update(_count_content(request, ctx))
    if request.GET.get("v") == ctx["count_version"]:
        return HttpResponse(status=204)  # unchanged: the live region stays quiet
    return render(request, "games/_vote_count_poll.html", ctx)


def _count_content(request: HttpRequest, ctx: dict[str, Any]) -> dict[str, Any]:
    """The vote count's content rendered once, and its version (a digest):
    the poll sends the version it shows and gets nothing back while it
    holds, so a screen reader announces the count only when it changes."""
    content = render_to_string("games/_vote_count_body.html", ctx, request=request)
    return {"count_content": content, "count_version": hashlib.sha256(content.encode()).hexdigest()[:16]}


@login_required
@require_POST
def vote(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """Post a vote (or a re-vote) in today's vote thread, under the
    ruleset's vote law (``Ruleset.day_procedure``); a refused vote says why."""
    game = access.game_for_reader(request.user, slug)
    room, seat = access.room_for_reader(request.user, game, room_id)
    if seat is None or room.kind != Room.Kind.VOTE:
        raise PermissionDenied(_("Only the game's players vote."))
    ruleset, state = flow.ruleset_of(game), flow.state_of(game)
    phase = flow.current_phase(game)
    window = flow.day_window(game, phase)
    ballots = flow.day_ballots(game, room.day, phase)
    form = VoteForm(
        request.POST,
        candidates=_vote_candidates(game, ruleset, state, seat, ballots, window),
        reason=bool(ruleset.day_procedure(state).reason_text) and not window.revote,
    )
    if form.is_valid():
        choice = form.cleaned_data["target"]
        word = choice.removeprefix(VoteForm.WORD) if choice.startswith(VoteForm.WORD) else ""
        target = None if choice == VoteForm.ABSTAIN or word else game.players.alive().get(public_id=choice)
        try:
            flow.vote_cast(
                game=game,
                seat=seat,
                target=target,
                abstain=target is None and not word,
                word=word,
                reason=form.cleaned_data.get("reason", ""),
            )
            if word:
                messages.success(request, _("Your re-vote is counted."))
            elif target is None:
                messages.success(request, _("Your abstention is counted."))
            else:
                messages.success(request, _("Your vote for %(nick)s is counted.") % {"nick": target.nickname})
        except flow.FlowError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, _("Choose a player who is still in the game."))
    return HttpResponseRedirect(reverse("room", args=[slug, room_id]) + "?page=last#bottom")


@login_required
@require_POST
def nominate(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """Name a candidate in today's vote thread, in the window the ruleset
    declares (PITER-010, COSMO-007); a refused nomination says why."""
    game = access.game_for_reader(request.user, slug)
    room, seat = access.room_for_reader(request.user, game, room_id)
    if seat is None or room.kind != Room.Kind.VOTE:
        raise PermissionDenied(_("Only the game's players nominate."))
    form = NominateForm(request.POST, candidates=[(p.public_id, p.nickname) for p in game.players.alive()])
    if form.is_valid():
        target = game.players.alive().get(public_id=form.cleaned_data["target"])
        try:
            flow.nominate(game=game, seat=seat, target=target)
            messages.success(request, _("%(nick)s is a candidate now.") % {"nick": target.nickname})
        except flow.FlowError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, _("Choose a player who is still in the game."))
    return HttpResponseRedirect(reverse("room", args=[slug, room_id]) + "?page=last#bottom")


@login_required
@require_http_methods(["GET", "POST"])
@page_cache.kept_page
def cabinet(request: HttpRequest, slug: str) -> HttpResponse:
    """The player's cabinet: role card, the choices they may hand in now
    (forms built from the ruleset), receipts, and the private thread with
    the host (questions and private results)."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    if seat is None:
        raise PermissionDenied(_("Only the game's players have a cabinet."))
    if not seat.role:
        messages.info(request, _("Roles have not been drawn yet."))
        return HttpResponseRedirect(reverse("game", args=[slug]))
    ruleset = flow.ruleset_of(game)
    room = flow.cabinet_of(seat)
    last_words = _last_words_form(request, game, seat)
    if last_words is not None and last_words.is_bound and not last_words.errors:
        return HttpResponseRedirect(reverse("cabinet", args=[slug]))
    ctx = game_context(request, game, seat)
    phase = ctx["phase"] if game.is_running else flow.current_phase(game)
    slots = flow.open_slots(game, seat, phase)
    # The seat's own and its team's choices of this phase: selected in their
    # forms and listed as receipts.
    mine = (
        list(
            Action.objects.filter(phase=phase)
            .filter(Q(actor=seat, team="") | Q(team=seat.team, team__gt=""))
            .select_related("actor")
        )
        if phase
        else []
    )
    handed_in = {(a.team or "", a.ability): a.targets for a in mine}
    forms = []
    for slot in slots:
        data = request.POST if request.method == "POST" and request.POST.get("ability") == slot.ability else None
        handed = handed_in.get((slot.team or "", slot.ability))
        forms.append(ActionForm(data, slot=slot, ruleset=ruleset, handed=handed, prefix=None))
    if request.method == "POST" and not (last_words is not None and last_words.is_bound):
        action_form = next((f for f in forms if f.is_bound), None)
        if action_form is None:
            messages.error(request, _("That choice is not open to you now."))
        elif action_form.is_valid():
            try:
                flow.action_submit(
                    game=game,
                    seat=seat,
                    ability=action_form.cleaned_data["ability"],
                    targets=action_form.targets(),
                    team=bool(action_form.cleaned_data["team"]),
                )
                messages.success(request, _("Your choice was handed in; you may change it until the deadline."))
                return HttpResponseRedirect(reverse("cabinet", args=[slug]))
            except flow.FlowError as exc:
                action_form.add_error(None, str(exc))
        elif request.POST.get("ability") and not any(f.is_bound for f in forms):
            messages.error(request, _("That choice is not open to you now."))
    deadlines = list(phase.deadlines.all()) if phase else []
    general = flow.choice_deadline(phase, deadlines) if phase else None
    for f in forms:
        # A choice with its own deadline says so (werewolf18's witch, WW18-071).
        own = flow.ability_deadline(game, phase, f.slot.ability, deadlines) if phase else None
        f.deadline = flow.local_deadline(game, own.due_at) if own and general and own.pk != general.pk else ""
    receipts = []
    if phase:
        for a in mine:
            receipts.append(
                {
                    "id": a.public_id,
                    "ability": ability_name(ruleset, a.ability),
                    "targets": ", ".join(a.targets),
                    "when": flow.local_deadline(game, a.updated_at),
                    "phase": str(phase),
                    "by": a.actor.nickname if a.actor else "",
                    "team": a.team,
                }
            )
    # The documents' host tells a team who its members are: each private
    # room the seat reads is listed with its members.
    shared = [
        (r, [m.nickname for m in r.members.all() if m.pk != seat.pk])
        for r in unread.with_counts(
            Room.objects.filter(game=game, members=seat).exclude(pk=room.pk), request.user, seat, False
        ).prefetch_related("members")
    ]
    page, first_unread = _thread_page(request, room, seat, False)
    _mark_editable(request, game, seat, page.object_list)
    ctx.update(
        idle=[(ability_name(ruleset, a), why) for a, why in flow.idle_abilities(game, seat, slots, phase)],
        room=room,
        page=page,
        first_unread=first_unread,
        forms=forms,
        last_words=last_words,
        receipts=receipts,
        role=role_name(ruleset, seat.role),
        role_summary=role_summary(ruleset, seat.role),
        team=team_name(ruleset, seat.team),
        post_form=PostForm(),
        shared_rooms=shared,
        choice_deadline=flow.local_deadline(game, general.due_at) if general else "",
    )
    return render(
        request,
        "games/cabinet.html",
        ctx,
        status=400
        if request.method == "POST" and (any(f.errors for f in forms) or last_words and last_words.errors)
        else 200,
    )


def _last_words_form(request: HttpRequest, game: Game, seat: Player) -> LastWordsForm | None:
    """The cabinet's last-words form of a player out of the game who holds
    the right (``flow.last_words_send``, WW18-016), its deadline as
    ``due``; None for everybody else. A posted form is handed in here: a
    refused one keeps its text and says why (late: with the deadline)."""
    due = seat.last_words_until
    posted = request.method == "POST" and "last_words" in request.POST
    if due is None or seat.alive or (seat.last_words_used and not posted) or not game.is_running:
        return None
    form = LastWordsForm(request.POST if posted else None, initial={"last_words": seat.last_words})
    form.due = flow.local_deadline(game, due.due_at)
    if posted and form.is_valid():
        try:
            flow.last_words_send(game=game, seat=seat, text=form.cleaned_data["last_words"])
            messages.success(request, _("Your last words are kept; you may rewrite them until the deadline."))
        except flow.FlowError as exc:
            form.add_error(None, str(exc))
    return form


@login_required
@require_POST
def accelerate(request: HttpRequest, slug: str) -> HttpResponse:
    """A player in the game asks for the game's acceleration, or withdraws
    his request (``flow.acceleration_ask``, WW18-068)."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    if seat is None:
        raise PermissionDenied(_("Only the game's players may ask for acceleration."))
    ask = request.POST.get("ask") != "0"
    try:
        if flow.acceleration_ask(game=game, seat=seat, ask=ask):
            messages.success(request, _("The game is accelerated."))
        elif ask:
            messages.success(request, _("Your request for acceleration is counted."))
        else:
            messages.success(request, _("Your request for acceleration is withdrawn."))
    except flow.FlowError as exc:
        messages.error(request, str(exc))
    return HttpResponseRedirect(reverse("game", args=[slug]))


def acceleration_context(game: Game, seat: Player | None) -> dict[str, Any] | None:
    """The game page's acceleration box where the ruleset has one
    (``Ruleset.ACCELERATION``): how many of the living asked, whether the
    reader did and may still ask or withdraw; None elsewhere."""
    ruleset = flow.ruleset_of(game)
    if not ruleset.ACCELERATION or not game.is_running:
        return None
    living = game.players.alive()
    return {
        "accelerated": bool(game.options.get(ruleset.ACCELERATION)),
        "asked": living.filter(acceleration_asked=True).count(),
        "alive": living.count(),
        "rule": ruleset.ACCELERATION_RULE,
        "mine": bool(seat and seat.alive and seat.acceleration_asked),
        "may_ask": bool(seat and seat.alive and flow.acceleration_open(game)),
    }


@login_required
@require_POST
def action_withdraw(request: HttpRequest, slug: str, action_id: str) -> HttpResponse:
    """Withdraw a handed-in choice before the deadline."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    if seat is None:
        raise PermissionDenied(_("Only the game's players have choices."))
    try:
        flow.action_withdraw(game=game, seat=seat, action_id=action_id)
        messages.success(request, _("Your choice was withdrawn."))
    except flow.FlowError as exc:
        messages.error(request, str(exc))
    return HttpResponseRedirect(reverse("cabinet", args=[slug]))


@require_GET
@page_cache.kept_page
def game_status(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: the phase bar (phase, countdown, what is left to do)."""
    game = access.game_for_reader(request.user, slug)
    seat = access.seat_of(request.user, game)
    return render(request, "games/_phase_bar.html", game_context(request, game, seat))
