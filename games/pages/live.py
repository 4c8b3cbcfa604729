"""The live channel's answer (``games.live``): the next ``#live`` element
and, as htmx out-of-band swaps, only the parts of the page that changed."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from .. import live
from ..models import Game, Player, Room
from .dashboard import live_page
from .phase_bar import game_context
from .thread import new_posts
from .vote import count_content, vote_context


def channel_answer(
    request: HttpRequest,
    game: Game,
    game_version: tuple[int, int] | None,
    room: Room | None,
    seat: Player | None,
    *,
    host: bool,
    posts: tuple[int, int, int] | None,
    count: str,
    bar: str,
    now: int,
    steady: bool = False,
    steady_until: datetime | None = None,
    looked: tuple[bool, bool] | None = None,
) -> tuple[str, bool, dict[str, object]]:
    """The channel's answer for a reader whose access the caller checked:
    its HTML (the next ``#live`` element first, then the changed parts),
    whether any part changed, and the next element's context
    (``live.channel``). ``game_version``: read before anything here
    (the next element names it); ``posts``: the page's ``after``, ``first``
    and ``since`` (None: the page shows no latest posts); ``count``: the
    vote count's version the page shows; ``bar``: the phase bar's digest
    it shows (empty: unknown); ``now``: ``live.clock()`` before reading.
    New posts sent to a logged-in reader are reported seen by the next
    element's ask (``live.channel``'s ``seen``). ``steady``: the game's
    ``state`` is still the page's (only posts were written since) and the
    moment its phase bar changes by itself (``steady_until``, None for
    none) has not come: the phase bar and the vote count the page shows
    are still right, and are neither read nor sent. ``looked``: whether
    the room was found, since ``game_version`` was read, with posts after
    ``after`` and with posts edited in the range of ``posts`` (``new_posts``'
    ``looked``; None: not known)."""
    parts: list[str] = []
    if steady:
        shown_bar, until = bar, steady_until
    else:
        bar_ctx = game_context(request, game, seat, seats=room is not None and room.kind == Room.Kind.VOTE)
        bar_html = render_to_string("games/_phase_bar.html", {**bar_ctx, "oob": True}, request)
        shown_bar, until = live.digest(bar_html), bar_ctx["bar_until"]
        if shown_bar != bar:
            parts.append(bar_html)
    seen = None
    if room is not None and posts is not None:
        after, first, _since = posts
        found = new_posts(request, game, room, seat, after=after, first=first, since=_since, looked=looked)
        if found is not None:
            parts.append(render_to_string("games/_live_posts.html", found, request))
            if found["posts"]:
                # Shown on the reader's open page: the next ask reports them seen.
                seen = found["last_number"]
            after = found["last_number"]
        posts = (after, first, now)
    if room is not None and room.kind == Room.Kind.VOTE and not steady:
        # The phase bar read the open phase of a running game, with its deadlines.
        votes = vote_context(game, room, seat, bar_ctx["phase"]) if game.is_running else vote_context(game, room, seat)
        count_ctx: dict[str, Any] = {"game": game, "room": room, **votes}
        count_ctx.update(count_content(request, count_ctx))
        if count_ctx["count_version"] != count:
            parts.append(render_to_string("games/_vote_count_poll.html", {**count_ctx, "oob": True}, request))
        count = count_ctx["count_version"]
    if host:
        parts.append(render_to_string("games/_host_live.html", {**live_page(request, game), "oob": True}, request))
    element = live.channel(
        request,
        game,
        game_version,
        room_id=room.public_id if room is not None else "",
        posts=posts,
        count=count,
        bar=shown_bar,
        host=host,
        until=until,
        seen=seen,
    )
    return render_to_string("games/_live.html", element, request) + "".join(parts), bool(parts), element
