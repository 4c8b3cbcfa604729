"""A thread: its pages of posts with the post form, a post's permalink,
editing one's own post and its read mark. New and edited posts reach an
open thread through the page's live channel (``games.views.live``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import access, flow, live, page_cache, unread
from ..forms import PostForm, SeenForm
from ..models import Player, Post, Room
from ..pages import thread as pages
from . import activity


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


def _post(
    request: HttpRequest, room: Room, seat: Player | None, form: PostForm, refusal: str | None
) -> tuple[Post | None, int]:
    """Post the posted ``form`` in ``room`` (``flow.post_create``); the post
    and 200, or None and the page's status with the reason on the form: a
    post from a stale page (the poster died, the thread closed) gets the
    page, the reason and the typed text with a 403, not a bare 403; one
    over the flood limit a 429."""
    if refusal is not None:
        form.add_error(None, refusal if refusal != "login" else _("Log in to post."))
        return None, 403
    if not form.is_valid():
        return None, 200
    if _flood_limited(seat.public_id if seat else f"u{request.user.pk}"):
        form.add_error(None, _("You are posting too fast; wait a minute. Your text is kept below."))
        return None, 429
    try:
        post = flow.post_create(room=room, seat=seat, body=form.cleaned_data["body"], by_host=seat is None)
    except flow.FlowError as exc:
        form.add_error(None, str(exc))
        return None, 200
    unread.posted(room, request.user, post, seat, access.is_host(request.user, room.game))
    return post, 200


@require_http_methods(["GET", "POST"])
@page_cache.kept_page
def room_page(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """A thread: its posts (paginated), the post form when allowed, and in
    a vote thread the vote form and the live vote count; with ``?by=`` a
    player's public id, only that player's posts (``activity.room_iso``)."""
    poll_since = live.clock()  # before the posts are read: later edits reach the page
    game = access.game_for_reader(request.user, slug, room_id)
    page_cache.framed(request, game)
    room, seat = access.room_for_reader(request.user, game, room_id)
    if request.method == "GET" and request.GET.get("by"):
        return activity.room_iso(request, room, seat, request.GET["by"])
    refusal = access.post_refusal(request.user, room, seat) if request.user.is_authenticated else "login"
    form = PostForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        post, status = _post(request, room, seat, form, refusal)
        if post is not None:
            # The poster lands on the page of their own post.
            return HttpResponseRedirect(reverse("post_link", args=[slug, room_id, post.number]))
    ctx = pages.room_page(request, game, room, seat, form, refusal, poll_since=poll_since)
    return render(request, "games/room.html", ctx, status=status)


@require_GET
def post_link(request: HttpRequest, slug: str, room_id: str, number: int) -> HttpResponse:
    """The permalink of post ``#number`` of a room: the thread's page that
    holds it, scrolled to it. Raises Http404 like the thread itself for
    readers who may not see the room, and for a number the room lacks."""
    game = access.game_for_reader(request.user, slug, room_id)
    room, _seat = access.room_for_reader(request.user, game, room_id)
    page = pages.page_of(room, number)
    return HttpResponseRedirect(f"{reverse('room', args=[slug, room_id])}?page={page}#p{number}")


def _edit(request: HttpRequest, post: Post, form: PostForm, refusal: str | None) -> tuple[str | None, int]:
    """Edit ``post`` with the posted ``form`` (``flow.post_edit``) unless
    ``refusal`` says why not. The refusal and the page's status: 302 when
    edited, 403 with the reason on the form when refused, 400 for an
    invalid form."""
    if not form.is_valid():
        return refusal, 400
    if refusal is None:
        try:
            flow.post_edit(post=post, body=form.cleaned_data["body"])
        except flow.FlowError as exc:
            refusal = str(exc)
        else:
            messages.success(request, _("Your post is edited."))
            return None, 302
    form.add_error(None, refusal)
    return refusal, 403


@login_required
@require_http_methods(["GET", "POST"])
def post_edit(request: HttpRequest, slug: str, room_id: str, number: int) -> HttpResponse:
    """Edit post ``#number`` of a room, for its author only (a player's
    post: its seat; a host's post: the host), within the game's edit window
    (``flow.post_edit``). A refused edit (late, a vote post, the thread
    closed to its author) comes back with the reason and the text kept."""
    game = access.game_for_reader(request.user, slug, room_id)
    room, seat = access.room_for_reader(request.user, game, room_id)
    post = access.post_for_author(request.user, room, seat, number)
    form = PostForm(request.POST if request.method == "POST" else None, initial={"body": post.body})
    refusal = flow.edit_refusal(post) or access.post_refusal(request.user, room, seat)
    status = 200
    if request.method == "POST":
        refusal, status = _edit(request, post, form, refusal)
        if status == 302:
            return HttpResponseRedirect(reverse("post_link", args=[slug, room_id, post.number]))
    ctx = pages.post_edit_page(request, game, room, seat, post, form, refusal)
    return render(request, "games/post_edit.html", ctx, status=status)


@require_POST
@login_required
def room_seen(request: HttpRequest, slug: str, room_id: str) -> HttpResponse:
    """The reader has seen the room up to post ``number``: a finished
    game's page reports it by its own POST once shown, any page by its
    "Mark as read" button without JavaScript (a running game's page with
    JavaScript reports it by its live channel's ask; a GET never writes), and his read mark
    moves forward to it, never past the room's last post. Raises Http404
    for a room the reader may not read; a bad number changes nothing.
    Answers 204 to the page's script, else goes back to the thread."""
    game = access.game_for_reader(request.user, slug, room_id)
    room, _seat = access.room_for_reader(request.user, game, room_id)
    form = SeenForm(request.POST)
    if form.is_valid():
        unread.seen_up_to(room, request.user, form.cleaned_data["number"])
    if request.htmx:
        return HttpResponse(status=204)
    return HttpResponseRedirect(reverse("room", args=[slug, room_id]))
