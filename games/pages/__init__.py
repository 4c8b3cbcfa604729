"""What each page shows: the context its template needs, one module per
page family (``phase_bar``, ``lobby``, ``game``, ``thread``, ``vote``,
``cabinet``, ``dashboard``, ``profile``, ``stats``, ``replay``, ``activity``,
``rules``).

These functions ask ``access`` which rooms and posts the reader may see
and read through ``games.reads`` (re-exported by ``flow``). They never
write: ``flow`` runs every change, and the reader's place in a room moves
by a POST: a running game's page reports what it showed by its live
channel's ask (``games.live.mark_seen``), a finished game's by its own
``room_seen``."""
