"""What a web process loads: the Celery application stays out of gunicorn's
workers (the web never sends a task; Celery and its transports would cost
every worker some 20 MiB of the 80 MiB it may use), while ``celery -A
mafia_site`` still finds the application and its deadline tick."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_web_worker_does_not_load_celery() -> None:
    """The WSGI application with every URL's view imported leaves Celery,
    kombu and the tasks module unloaded."""
    code = (
        "import sys\n"
        "from mafia_site.wsgi import application\n"
        "from django.urls import get_resolver\n"
        "get_resolver().url_patterns\n"
        "import games.views.host_dashboard, games.views.host_signup, games.views.host_tools\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'celery', 'kombu', 'billiard'}),"
        " 'games.tasks' in sys.modules)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "mafia_site.settings", "DJANGO_SECRET_KEY": "x"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[] False", done.stderr


def test_the_worker_finds_the_application_and_its_tick() -> None:
    """``celery -A mafia_site`` resolves this package's ``celery`` module,
    and the tick is registered under the name beat sends."""
    from celery.app.utils import find_app

    import games.tasks

    app = find_app("mafia_site")
    assert app.main == "mafia_site"
    assert games.tasks.tick.app is app
    assert "games.tasks.tick" in app.tasks
