"""Keep a process running: ``python -m mafia_site.supervise CMD ARG…``.

The embedded default runs its Celery worker under this supervisor
(``Procfile.dev``): honcho stops every process of the site as soon as one
exits, so a worker that dies must be restarted here instead of taking the
web server down with it. Each restart waits 1, 2, 4 … up to 30 seconds
(back to 1 after a run of a minute or more), is logged on standard error
and appended as one line to ``<MAFIA_VAR_DIR>/worker-restarts.log`` (UTC
time, exit code), which ``scripts/soak`` counts. SIGTERM or SIGINT stops
the child and the supervisor.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

BACKOFF_MAX_SECONDS = 30.0
STEADY_SECONDS = 60.0


def restart_log() -> Path:
    """The file restarts are appended to, in the site's var directory."""
    var = Path(os.environ.get("MAFIA_VAR_DIR") or Path(__file__).resolve().parent.parent / "var")
    var.mkdir(parents=True, exist_ok=True)
    return var / "worker-restarts.log"


def supervise(command: list[str]) -> int:
    """Run ``command`` until told to stop, restarting it whenever it exits.
    Returns the exit status for the supervisor itself (0 when stopped)."""
    stopping = False
    child: subprocess.Popen | None = None

    def stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    delay = 1.0
    while not stopping:
        started = time.monotonic()
        child = subprocess.Popen(command)  # noqa: S603 - the command line comes from the Procfile
        code = child.wait()
        if stopping:
            break
        if time.monotonic() - started >= STEADY_SECONDS:
            delay = 1.0
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        with restart_log().open("a") as log:
            log.write(f"{stamp} exit={code} restart_in={delay:g}s\n")
        print(f"supervise: {command[0]} exited with {code}; restarting in {delay:g} s", file=sys.stderr, flush=True)
        time.sleep(delay)
        delay = min(delay * 2, BACKOFF_MAX_SECONDS)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python -m mafia_site.supervise CMD [ARG…]")
    sys.exit(supervise(sys.argv[1:]))
