"""The site served by uvicorn (``mafia_site.asgi``) with the live streams
on (``settings.LIVE_STREAM``), for tests that read a stream as a browser
does: a separate process on the test database, so the data the test
writes must be committed (``transaction=True``), and the notices it
sends reach the process as they reach a deployed one."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

from benchmarks.bench import free_port, stop

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def asgi_server(live_stream: bool = True, **settings: str) -> Iterator[str]:
    """Run the site under uvicorn on the current test database until the
    block ends, with ``LIVE_STREAM`` on unless ``live_stream`` is False
    and the environment variables ``settings`` (``LIVE_STREAMS_PER_BROWSER="2"``);
    its base URL (``http://127.0.0.1:<port>``). Fails the test when it
    does not answer within 30 s."""
    port = free_port()
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "LIVE_STREAM": "1" if live_stream else "0",
        "DJANGO_SETTINGS_MODULE": "mafia_site.settings_test",
        **settings,
    }
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "mafia_site.asgi:application", "--port", str(port), "--no-access-log"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    log.seek(0)
                    raise AssertionError(f"uvicorn did not start: {log.read().decode()[-2000:]}") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)
        log.close()
