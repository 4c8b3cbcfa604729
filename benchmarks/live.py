"""The traffic model of ``manage.py bench_live``: readers who behave as the
site's own pages make a browser behave, and players who write.

A reader opens a page, reads it for about ``dwell`` seconds and meanwhile
lets the page's live parts poll as its htmx does: every element of the
page with ``hx-get`` and ``hx-trigger="every Ns"`` is requested every N
seconds; an answer with content replaces the element (``outerHTML``) and,
with it, the address and the timer of its next poll; an element an answer
brings back without ``hx-get`` or ``hx-post`` (a finished game) stops polling; a 204
leaves the element as it was. Where the site pushes (``LIVE_STREAM=1``),
the page's ``#live`` element names a stream (``data-stream``) and polls
nothing: the reader opens it as the page's script does (``listen``), holds
it while he reads, and applies each event as a poll's answer. A page or an answer holding the read mark's
form (``hx-trigger="load"``) posts it, as the page's script does. Nothing
here knows which polls the site has: it reads them off the pages, so the
benchmark measures whatever the templates ask browsers to do.

A writer per game posts every 2–5 s (a random player in a thread he may
write to: the day thread by day, the team's room by night), now and then
votes in the vote thread (by day) or hands in a night choice (by night:
through ``games.flow`` in this process, as no page posts a choice in one
request).
"""

from __future__ import annotations

import http.client
import random
import re
import socket
import threading
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

from django.urls import Resolver404, resolve

from benchmarks.timing import CPU_HEADER, QUERIES_HEADER

EVERY = re.compile(r"every\s+(\d+(?:\.\d+)?)s")
SEEN_NUMBER = re.compile(r'name="number" value="(\d+)"')
STREAM = re.compile(r'data-stream="([^"]+)"')
# Poll kinds named by the view a poll's address resolves to.
POLL_NAMES = {
    "room_new_posts": "poll: new posts",
    "vote_count": "poll: vote count",
    "game_status": "poll: phase bar",
    "host_live": "poll: host live",
    "live": "poll: live channel",
    "live_stream": "stream",
}


@dataclass
class Poll:
    """One polling element of an open page."""

    path: str
    every: float
    due: float
    method: str = "GET"


class _Elements(HTMLParser):
    """The polling elements (by id) and the read mark's form of a page or an
    answer: ``polls`` maps an element's id to ``(path, seconds)`` or to None
    for an element that no longer polls; a poll by ``hx-post`` (the live
    channel reporting posts seen) is sent as a POST."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.polls: dict[str, tuple[str, float, str] | None] = {}
        self.seen: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        trigger = a.get("hx-trigger") or ""
        if tag == "form" and a.get("hx-post") and trigger.startswith("load"):
            self.seen = a["hx-post"]
            return
        ident = a.get("id")
        every = EVERY.search(trigger)
        method = "POST" if a.get("hx-post") else "GET"
        path = a.get("hx-get") or a.get("hx-post")
        if path and every:
            self.polls[ident or path] = (path, float(every.group(1)), method)
        elif ident and ("hx-swap-oob" in a or ident in _POLL_IDS):
            self.polls[ident] = None


# The ids of elements that poll when their game runs (an answer bringing
# one back without hx-get stops it).
_POLL_IDS = {"poller", "vote-count-body", "phase-bar", "phase-live", "live"}


# The start tags ``_Elements`` looks at: those with an htmx attribute or
# one of ``_POLL_IDS``. Only they are parsed: parsing whole pages made the
# client, which shares the machine with the site, cost more than the site.
_TAGS = re.compile(r'<[a-zA-Z][^>]*?(?:\shx-|\sid="(?:' + "|".join(sorted(_POLL_IDS)) + r')")[^>]*>')


def scan(html: str) -> _Elements:
    """The polling elements and read-mark form of ``html``."""
    parser = _Elements()
    parser.feed("".join(_TAGS.findall(html)))
    parser.close()
    return parser


def kind_of(path: str, method: str) -> str:
    """A request's row in the figures: ``poll: …`` by the view it resolves
    to, ``seen`` (the read mark), else the caller's own name."""
    try:
        name = resolve(urlsplit(path).path).url_name
    except Resolver404:
        return "other"
    if name in POLL_NAMES:
        return POLL_NAMES[name]
    if name == "room_seen":
        return "read mark"
    return name or "other"


@dataclass
class Sample:
    """One answered request."""

    kind: str
    status: int
    seconds: float
    cpu_us: int | None
    queries: int | None
    at: float


@dataclass
class Recorder:
    """Every request's figures, from every thread."""

    samples: list[Sample] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, sample: Sample) -> None:
        with self.lock:
            self.samples.append(sample)


@dataclass
class Client:
    """One browser: its cookie, its CSRF secret, one keep-alive connection."""

    port: int
    cookie: str | None
    csrf: str | None
    recorder: Recorder
    conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, kind: str, body: dict[str, str] | None = None, htmx: bool = False
    ) -> tuple[int, str]:
        """Send one request; its status and text (status 0: no answer)."""
        headers = {}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if htmx:
            headers["HX-Request"] = "true"
        data = None
        if method == "POST":
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            if self.csrf:
                headers["X-CSRFToken"] = self.csrf
            data = urlencode(body or {})
        began = time.perf_counter()
        # A kept connection the server closed meanwhile (a threaded
        # worker's keep-alive ends after 2 s) is opened again and the
        # request sent once more, as browsers do; the time counts both.
        for fresh in (self.conn is None, True):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                status = response.status
                cpu, queries = response.getheader(CPU_HEADER), response.getheader(QUERIES_HEADER)
                if response.will_close:
                    self.close()
                break
            except (OSError, http.client.HTTPException):
                self.close()
                status, text, cpu, queries = 0, "", None, None
                if fresh:
                    break
        self.recorder.add(
            Sample(
                kind,
                status,
                time.perf_counter() - began,
                int(cpu) if cpu else None,
                int(queries) if queries else None,
                time.monotonic(),
            )
        )
        return status, text

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


@dataclass
class Reader:
    """One reader of a game: the pages he opens, as ``(kind, path, weight)``."""

    name: str
    cookie: str | None
    csrf: str | None
    pages: list[tuple[str, str, float]]


def _wait(until: float, stop: threading.Event) -> bool:
    """Sleep until the monotonic time ``until``; False when told to stop."""
    left = until - time.monotonic()
    return not (left > 0 and stop.wait(left)) and not stop.is_set()


def read(
    reader: Reader,
    port: int,
    recorder: Recorder,
    stop: threading.Event,
    rng: random.Random,
    dwell: float,
    stream_port: int | None = None,
) -> None:
    """Be ``reader`` until ``stop``: open a page, read it for ``dwell`` ± a
    third, poll its live parts meanwhile, or hold its stream (served on
    ``stream_port``) when it names one; again."""
    client = Client(port, reader.cookie, reader.csrf, recorder)
    kinds, paths, weights = zip(*reader.pages, strict=True)
    # Readers do not all open their pages at the same moment.
    if not _wait(time.monotonic() + rng.uniform(0, min(10.0, dwell)), stop):
        return
    try:
        while not stop.is_set():
            i = rng.choices(range(len(paths)), weights=weights)[0]
            status, text = client.request("GET", paths[i], kinds[i])
            leave = time.monotonic() + rng.uniform(dwell * 2 / 3, dwell * 4 / 3)
            polls: dict[str, Poll] = {}
            _follow(client, text, polls)
            named = STREAM.search(text)
            if named is not None and stream_port is not None:
                listen(client, stream_port, named.group(1).replace("&amp;", "&"), leave, stop, polls)
                if not _wait(leave, stop):
                    return
                continue
            while not stop.is_set():
                due = min((p.due for p in polls.values()), default=leave)
                if due >= leave:
                    if not _wait(leave, stop):
                        return
                    break
                if not _wait(due, stop):
                    return
                key, poll = min(polls.items(), key=lambda kv: kv[1].due)
                poll.due += poll.every
                status, text = client.request(poll.method, poll.path, kind_of(poll.path, poll.method), htmx=True)
                if status == 200:
                    _follow(client, text, polls, answered=key)
    finally:
        client.close()


def listen(client: Client, port: int, path: str, leave: float, stop: threading.Event, polls: dict[str, Poll]) -> None:
    """Hold the page's stream ``path`` (a POST, as ``static/js/site.js``
    opens it) on ``port`` until ``leave`` or ``stop``, applying each event
    as a poll's answer (``_follow``). Recorded as one ``stream`` request,
    timed to its first byte (status 0 when none came while he read); each
    event adds a ``push`` sample (no time). HTTP/1.0, so the answer comes
    unchunked until the server closes it."""
    began = time.perf_counter()
    headers = [f"POST {path} HTTP/1.0", "Host: 127.0.0.1", "Content-Length: 0", "HX-Request: true"]
    if client.cookie:
        headers.append(f"Cookie: {client.cookie}")
    if client.csrf:
        headers.append(f"X-CSRFToken: {client.csrf}")
    status: int | None = None
    sock = None
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        sock.sendall(("\r\n".join(headers) + "\r\n\r\n").encode())
        status = _pump(sock, client, leave, stop, polls, began)
    except OSError:
        pass
    finally:
        if status is None and not stop.is_set():  # not: the run ended first
            client.recorder.add(Sample("stream", 0, time.perf_counter() - began, None, None, time.monotonic()))
        if sock is not None:
            sock.close()


def _pump(
    sock: socket.socket, client: Client, leave: float, stop: threading.Event, polls: dict[str, Poll], began: float
) -> int | None:
    """Read the stream on ``sock`` until ``leave``, ``stop`` or its end;
    its status (None when its head never came)."""
    status, buffer = None, b""
    while not stop.is_set() and time.monotonic() < leave:
        # A timeout rather than select(): a run holds more sockets than
        # select()'s 1,024 descriptors (1,300 readers at 100 games).
        sock.settimeout(max(0.01, min(2.0, leave - time.monotonic())))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        buffer += chunk
        if status is None:
            status, buffer = _status(buffer)
            if status is None:
                continue
            client.recorder.add(Sample("stream", status, time.perf_counter() - began, None, None, time.monotonic()))
        if status != 200:
            break
        events, buffer = _events(buffer)
        for html in events:
            client.recorder.add(Sample("push", 200, 0.0, None, None, time.monotonic()))
            _follow(client, html, polls)
    return status


def _status(buffer: bytes) -> tuple[int | None, bytes]:
    """The status of an HTTP answer whose head ``buffer`` holds whole, and
    the body that follows; (None, ``buffer``) while the head is partial."""
    if b"\r\n\r\n" not in buffer:
        return None, buffer
    top, rest = buffer.split(b"\r\n\r\n", 1)
    return int(top.split(b" ", 2)[1]), rest


def _events(buffer: bytes) -> tuple[list[str], bytes]:
    """The whole server-sent events at the start of ``buffer`` (their data,
    comments left out) and what follows them."""
    events = []
    while b"\n\n" in buffer:
        frame, buffer = buffer.split(b"\n\n", 1)
        lines = frame.decode("utf-8", "replace").split("\n")
        html = "\n".join(line[6:] for line in lines if line.startswith("data: "))
        if html:
            events.append(html)
    return events, buffer


def _follow(client: Client, html: str, polls: dict[str, Poll], answered: str | None = None) -> None:
    """Apply a page or a poll's answer to the page's polls (see the module
    docstring) and post the read mark it asks for."""
    found = scan(html)
    now = time.monotonic()
    if answered is not None and answered not in found.polls and answered in polls:
        # The answer replaced the element that polled; a new one comes in it or none does.
        polls.pop(answered)
    for key, poll in found.polls.items():
        if poll is None:
            polls.pop(key, None)
        else:
            polls[key] = Poll(poll[0], poll[1], now + poll[1], poll[2])
    if found.seen and client.cookie:
        number = SEEN_NUMBER.search(html)
        if number:
            client.request("POST", found.seen, "read mark", {"number": number.group(1)}, htmx=True)


@dataclass
class Writer:
    """The players of one game who write: ``posters`` are ``(client, path)``
    of a thread each may post in; ``voters`` ``(client, path, targets)``;
    ``choose`` hands in one night choice (in this process) and returns True
    when one was handed in; ``slug``: the game's."""

    posters: list[tuple[Client, str]]
    voters: list[tuple[Client, str, list[str]]]
    choose: object = None
    bodies: list[str] = field(default_factory=list)
    slug: str = ""


def write(
    writer: Writer, recorder: Recorder, stop: threading.Event, rng: random.Random, gap: tuple[float, float]
) -> None:
    """Post every ``gap`` seconds (uniform), a vote or a night choice one
    time in seven instead, until ``stop``."""
    if not _wait(time.monotonic() + rng.uniform(*gap), stop):
        return
    while not stop.is_set():
        roll = rng.random()
        if roll < 1 / 7 and writer.voters:
            client, path, targets = rng.choice(writer.voters)
            client.request("POST", path, "vote", {"target": rng.choice(targets), "confirm": "on"})
        elif roll < 1 / 7 and writer.choose is not None:
            began = time.perf_counter()
            done = writer.choose(rng)
            recorder.add(
                Sample(
                    "night choice (flow)",
                    200 if done else 409,
                    time.perf_counter() - began,
                    None,
                    None,
                    time.monotonic(),
                )
            )
        elif writer.posters:
            client, path = rng.choice(writer.posters)
            body = rng.choice(writer.bodies or ["A post."]).format(a=rng.randint(1, 12), b=rng.randint(1, 12))
            client.request("POST", path, "post", {"body": body})
        if not _wait(time.monotonic() + rng.uniform(*gap), stop):
            return
