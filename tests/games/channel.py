"""Helpers for the tests that read a page's live parts through its live
channel (``games.live``): the address a page's ``#live`` element asks,
the channel asked as the page's script asks it (``ask``, ``settled``: a
page that showed its reader new posts reports them by its first ask), an
address made by hand (what a script or a stranger could ask), and the
phase bar as the channel sends it."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.test import Client
from django.urls import reverse

from games.models import Game, Room

LIVE = re.compile(r'<div id="live" hidden hx-(?:get|post)="([^"]+)"')
ASKS_BY = re.compile(r'<div id="live" hidden hx-(get|post)="')
PHASE_BAR = re.compile(r'<div class="phase-bar" id="phase-bar" hx-swap-oob="true">.*', re.S)


def channel_of(html: str) -> str:
    """The address the page's (or an answer's) live channel asks next;
    fails the test when the page has none."""
    found = LIVE.search(html)
    assert found, "no live channel"
    return found.group(1).replace("&amp;", "&")


def ask(client: Client, html: str):
    """Ask the live channel of ``html`` (a page or a channel's answer) as
    the page's script does: by its element's method (a POST reports posts
    seen). The answer, or None when ``html`` has no channel."""
    found = ASKS_BY.search(html)
    if found is None:
        return None
    if found.group(1) == "post":
        return client.post(channel_of(html), HTTP_HX_REQUEST="true")
    return client.get(channel_of(html), HTTP_HX_REQUEST="true")


def settled(client: Client, url: str) -> str:
    """Open the page ``url`` and, when its channel reports posts seen (a
    POST: the reader had not seen them), ask it once as the browser's first
    ask does; the address the channel asks next (by GET)."""
    html = client.get(url).content.decode()
    found = ASKS_BY.search(html)
    if found is not None and found.group(1) == "post":
        answer = ask(client, html)
        assert answer.status_code == 200
        html = answer.content.decode()
    found = ASKS_BY.search(html)
    assert found and found.group(1) == "get", "no live channel asking by GET"
    return channel_of(html)


def channel_url(game: Game, room: Room | None = None, **query: object) -> str:
    """The live channel's address for ``room`` (None: a page without a
    thread, as the game page or the cabinet) with ``query`` (``a``: the
    last post number shown, ``f``, ``s``, ``c``, ``b``, ``h``…), without
    a page's sealed version or ticket: it always gets the full answer,
    after the access check."""
    params = {"r": room.public_id} if room is not None else {}
    params.update({k: str(v) for k, v in query.items()})
    url = reverse("live", args=[game.slug])
    return f"{url}?{urlencode(params)}" if params else url


def phase_bar(client: Client, game: Game) -> str:
    """The phase bar as ``client`` reads it: the channel's first answer for
    a page without a thread, whose only part is the bar (out of band)."""
    response = client.get(channel_url(game))
    assert response.status_code == 200, response.status_code
    found = PHASE_BAR.search(response.content.decode())
    assert found, "no phase bar in the channel's answer"
    return found.group(0)
