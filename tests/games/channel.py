"""Helpers for the tests that read a page's live parts through its live
channel (``games.live``): the address a page's ``#live`` element asks,
an address made by hand (what a script or a stranger could ask), and the
phase bar as the channel sends it."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.test import Client
from django.urls import reverse

from games.models import Game, Room

LIVE = re.compile(r'<div id="live" hidden hx-get="([^"]+)"')
PHASE_BAR = re.compile(r'<div class="phase-bar" id="phase-bar" hx-swap-oob="true">.*', re.S)


def channel_of(html: str) -> str:
    """The address the page's (or an answer's) live channel asks next;
    fails the test when the page has none."""
    found = LIVE.search(html)
    assert found, "no live channel"
    return found.group(1).replace("&amp;", "&")


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
