"""What each page shows: the context its template needs, one module per
page family (``phase_bar``, ``lobby``, ``game``, ``thread``, ``vote``,
``cabinet``, ``dashboard``).

The read side: these functions ask ``access`` which rooms and posts the
reader may see and read through ``flow``'s queries. They write nothing
themselves: a view records what the reader has seen (``unread.seen``)
and ``flow`` runs every change. The one write a page may still cause is
``flow``'s own: a phase opened before its choices and count were stored
gets them stored on its first view (``flow.store_slots``,
``flow.vote_view``)."""
