"""The embedded default runs unattended: the worker's supervisor restarts a
dead worker (so honcho never stops the web server with it), and the
filesystem broker never shows a consumer half a message."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kombu import Connection

from mafia_site import broker

ROOT = Path(__file__).resolve().parents[2]
# A child that dies the first time it runs and stays up the second time.
FLAKY_CHILD = (
    "import pathlib, sys, time; p = pathlib.Path(sys.argv[1]); n = int(p.read_text()) if p.exists() else 0; "
    "p.write_text(str(n + 1)); sys.exit(3) if n == 0 else time.sleep(120)"
)


def _wait_for(predicate, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_the_supervisor_restarts_a_worker_that_died_and_stops_on_sigterm(tmp_path) -> None:
    runs = tmp_path / "runs"
    supervisor = subprocess.Popen(
        [sys.executable, "-m", "mafia_site.supervise", sys.executable, "-c", FLAKY_CHILD, str(runs)],
        cwd=ROOT,
        env={**os.environ, "MAFIA_VAR_DIR": str(tmp_path)},
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert _wait_for(lambda: runs.exists() and runs.read_text() == "2"), "the dead child was not restarted"
        assert "exit=3" in (tmp_path / "worker-restarts.log").read_text()
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=20) == 0
    finally:
        supervisor.kill()
    assert "exited with 3; restarting" in supervisor.stderr.read()
    assert runs.read_text() == "2", "the supervisor started the child again after SIGTERM"


def test_a_message_being_written_is_invisible_to_consumers(tmp_path, monkeypatch) -> None:
    """kombu's own filesystem channel creates ``<name>.msg`` and then writes
    into it; a consumer listing the folder in between read an empty file and
    the worker died on JSONDecodeError. Ours shows no message file until the
    message is whole."""
    queue_dir = tmp_path / "queue"
    for sub in ("queue", "processed", "control"):
        (tmp_path / sub).mkdir()
    seen_while_writing: list[list[str]] = []
    real_dumps = broker.dumps

    def dumps_and_look(payload):
        seen_while_writing.append([n for n in os.listdir(queue_dir) if n.endswith(".msg")])
        return real_dumps(payload)

    monkeypatch.setattr(broker, "dumps", dumps_and_look)
    options = {
        "data_folder_in": str(queue_dir),
        "data_folder_out": str(queue_dir),
        "processed_folder": str(tmp_path / "processed"),
        "control_folder": str(tmp_path / "control"),
    }
    with Connection("filesystem://", transport=broker.Transport, transport_options=options) as conn:
        queue = conn.SimpleQueue("tick")
        queue.put({"n": 1})
        queue.put({"n": 2})
        received = []
        for _ in range(2):
            message = queue.get(timeout=2)
            message.ack()
            received.append(message.payload)
    # While the first message was written no message file existed; while the
    # second was, only the first one, complete.
    assert [len(names) for names in seen_while_writing] == [0, 1]
    assert sorted(m["n"] for m in received) == [1, 2]
    assert not [n for n in os.listdir(queue_dir) if n.startswith(".incoming-")]
