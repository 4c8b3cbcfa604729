"""The processes of a running site, read from Linux's ``/proc``.

``scripts/faults``, ``scripts/soak`` and the supervision tests use these to
find the web server, the Celery worker and beat under their supervisor, to
tell whether any of them outlived it, and to read their resident memory.
Linux only (``/proc``); every function reads a snapshot and never raises
for a process that ends while it is being read (it is left out).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class Proc:
    """One process: ``pid``, its parent's ``ppid``, its ``state`` letter
    (``R``, ``S``, ``Z`` for a zombie …), its command line as one string and
    its resident memory in KiB (0 for a zombie)."""

    pid: int
    ppid: int
    state: str
    cmdline: str
    rss_kib: int

    @property
    def role(self) -> str:
        """``web``, ``worker``, ``beat``, ``supervisord`` or ``other``, from the command line."""
        return role_of(self.cmdline)


def role_of(cmdline: str) -> str:
    """The site's role a command line plays (see :attr:`Proc.role`)."""
    if "supervisord" in cmdline:
        return "supervisord"
    if " beat" in cmdline and "celery" in cmdline:
        return "beat"
    if " worker" in cmdline and "celery" in cmdline:
        return "worker"
    if "runserver" in cmdline or "gunicorn" in cmdline:
        return "web"
    return "other"


def read(pid: int) -> Proc | None:
    """The process ``pid``, or None when there is none (any more)."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
        raw = (PROC / str(pid) / "cmdline").read_bytes()
        status = (PROC / str(pid) / "status").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    # The command name in parentheses may hold spaces: the fields follow the last ")".
    fields = stat[stat.rindex(")") + 2 :].split()
    rss = 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    return Proc(
        pid=pid,
        ppid=int(fields[1]),
        state=fields[0],
        cmdline=raw.replace(b"\0", b" ").decode(errors="replace").strip(),
        rss_kib=rss,
    )


def all_processes() -> list[Proc]:
    """Every process of the machine that can be read."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            proc = read(int(entry.name))
            if proc is not None:
                found.append(proc)
    return found


def descendants(pid: int) -> list[Proc]:
    """The living (not zombie) children of ``pid``, their children and so on."""
    procs = all_processes()
    by_parent: dict[int, list[Proc]] = {}
    for proc in procs:
        by_parent.setdefault(proc.ppid, []).append(proc)
    found: list[Proc] = []
    todo = [pid]
    while todo:
        for child in by_parent.get(todo.pop(), []):
            if child.state != "Z":
                found.append(child)
            todo.append(child.pid)
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    proc = read(pid)
    return proc is not None and proc.state != "Z"
