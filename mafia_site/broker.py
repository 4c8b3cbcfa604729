"""The embedded default's Celery broker: kombu's filesystem transport with
messages written atomically.

kombu's ``filesystem`` transport creates a message file and only then writes
into it; a consumer listing the folder in between moves and reads an empty
file and the worker dies on ``JSONDecodeError`` (kombu issue #1551; the site
went down that way after 31 minutes). Here a message is written to a hidden
temporary file in the same folder and renamed to its ``.msg`` name once it is
complete: a rename within one file system is atomic, so a consumer sees
either no file or the whole message. Select it with
``CELERY_BROKER_TRANSPORT = "mafia_site.broker:Transport"``.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    """A filesystem channel whose messages appear whole or not at all."""

    def _put(self, queue: str, payload: dict, **kwargs) -> None:
        """Write ``payload`` to ``queue``: a temporary file, then an atomic
        rename to the name consumers look for. Raises ``ChannelError`` when
        the folder cannot be written."""
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        folder = self.data_folder_out
        try:
            # The temporary name starts with a dot and has no ".<queue>.msg"
            # tail, so a consumer listing the folder never picks it up.
            fd, temporary = tempfile.mkstemp(prefix=".incoming-", dir=folder)
            with os.fdopen(fd, "wb") as handle:
                handle.write(str_to_bytes(dumps(payload)))
            os.replace(temporary, os.path.join(folder, name))
        except OSError as exc:
            raise ChannelError(f"Cannot add a message to {folder!r}") from exc


class Transport(filesystem.Transport):
    """kombu's filesystem transport with :class:`Channel`."""

    Channel = Channel
