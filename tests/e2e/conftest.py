"""Browser tests: Playwright drives Debian's Chromium against pytest-django's
live server. CI installs Chromium at /usr/bin/chromium; a machine without it
fails these tests with a clear message instead of skipping them."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

# Sync Playwright runs an event loop in the test thread; the ORM calls the
# tests make there (and the live server's) are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "e2e"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium (Playwright's own builds are not installed)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Browser tests need Chromium at {CHROMIUM}: install it (apt-get install chromium) "
            "or point CHROMIUM_PATH at a Chromium binary.",
            pytrace=False,
        )
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    }


FOLDERS: list[Path] = []


def pytest_terminal_summary(terminalreporter) -> None:
    """Name the screenshot folders at the end of the run, captured or not."""
    for folder in FOLDERS:
        terminalreporter.write_line(f"e2e screenshots: {folder}")


@pytest.fixture
def screenshots():
    """A callable ``shot(page, name)`` saving numbered full-page screenshots
    into a fresh ``test-artifacts/e2e/<UTC timestamp>/`` folder (printed)."""
    folder = ARTIFACTS / datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    FOLDERS.append(folder)
    counter = iter(range(1, 1000))

    def shot(page, name: str) -> Path:
        path = folder / f"{next(counter):02d}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    shot.folder = folder  # type: ignore[attr-defined]
    return shot


@pytest.fixture
def seat_table(transactional_db, live_server, browser, new_context, screenshots):
    """``seat_table(ruleset, roles, variant="", options=None, language="en")``:
    the accounts exist, the host announces the game on "Host a game" (the
    game's posts in ``language``) and deals ``roles`` (nickname → role, or
    (role, team)); the game is started. Returns the ``Table``."""
    from django.contrib.auth import get_user_model

    from .test_every_ruleset import ACCOUNTS, Table
    from .test_forum_game import PASSWORD

    for username in ["alice", *ACCOUNTS]:
        get_user_model().objects.create_user(username=username, password=PASSWORD)

    def seat(ruleset: str, roles: dict, variant: str = "", options: dict | None = None, language: str = "en"):
        table = Table(new_context, live_server.url, ruleset, roles, screenshots, variant, options, language)
        table.announce()
        return table

    return seat
