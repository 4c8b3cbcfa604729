"""Shared fixtures: personas and a running forum game.

Personas (FORUM roles fixed by the composition below, not drawn at random):
- ``alice`` hosts the game: she sees every role, choice and trace;
- ``bob`` plays ``Bonnie``, the mafia's Don: he sees the mafia's room;
- ``carol`` plays ``Clyde``, the cop: she sees the cop's cabinet;
- ``dave`` is a stranger with an account and no seat: public threads only;
- ``erin`` is a site admin (staff).
The other seats are plain citizens and mafiosi played by ``p1``…
"""

from __future__ import annotations

import os

import pytest
from django.utils import translation

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "correct-horse-battery"


@pytest.fixture(autouse=True, scope="session")
def _jinja2_pages_recorded():
    """The test client records the pages Jinja2 renders (``response.templates``,
    ``response.context``), as Django's test set-up does for its own engine's:
    a page served whole from the kept pages renders none."""
    from django.template.backends import jinja2 as backend
    from django.test import signals

    original = backend.Template.render

    def render(self, context=None, request=None):
        context = {} if context is None else context
        html = original(self, context, request)
        signals.template_rendered.send(sender=self, template=self, context=context)
        return html

    backend.Template.render = render
    yield
    backend.Template.render = original


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """After each test, no language stays active in this thread: a page the
    test client renders activates its reader's language (the locale
    middleware) and leaves it, which would change the next test's messages."""
    yield
    translation.deactivate()


@pytest.fixture
def make_user(django_user_model):
    """Create an account: ``make_user("name", staff=False)``."""

    def make(username: str, staff: bool = False):
        return django_user_model.objects.create_user(username=username, password=PASSWORD, is_staff=staff)

    return make


@pytest.fixture
def personas(db, make_user):
    """The accounts of the personas (see module doc)."""
    return {name: make_user(name, staff=name == "erin") for name in ("alice", "bob", "carol", "dave", "erin")}


@pytest.fixture
def seated_game(personas, make_user):
    """alice's forum game in sign-up with S0…S5 seated (accounts
    ``acct0``…``acct5``) and the multifunctional Child on."""
    from games import flow

    game = flow.game_create(host=personas["alice"], title="Rules town", ruleset_id="forum")
    flow.signup_open(game=game)
    for i in range(6):
        flow.nickname_register(game=game, user=make_user(f"acct{i}"), nickname=f"S{i}")
    flow.options_set(game=game, options={"multifunctional_child": True})
    game.refresh_from_db()
    return game


SEATS = [
    ("bob", "Bonnie", "don"),
    ("carol", "Clyde", "cop"),
    ("p1", "Mafia Two", "mafioso"),
    ("p2", "Doc", "doctor"),
    ("p3", "Plain One", "citizen"),
    ("p4", "Plain Two", "citizen"),
    ("p5", "Plain Three", "citizen"),
]


@pytest.fixture
def forum_game(personas, make_user):
    """A running two-sided forum game of 7 seats on the standard schedule
    (Europe/Moscow), day 1 open. Returns ``(game, seats by nickname)``."""
    from games import flow
    from games.models import Player

    game = flow.game_create(host=personas["alice"], title="Test town", ruleset_id="forum", variant="two_sided")
    flow.signup_open(game=game)
    users = {**personas}
    for username, nickname, _role in SEATS:
        user = users.get(username) or make_user(username)
        flow.nickname_register(game=game, user=user, nickname=nickname)
    game.refresh_from_db()
    composition: dict[str, int] = {}
    for _u, _n, role in SEATS:
        composition[role] = composition.get(role, 0) + 1
    game.seed = seed_for_seating(
        flow.ruleset_of(game), [n for _u, n, _r in SEATS], composition, [r for _u, _n, r in SEATS]
    )
    game.save(update_fields=["seed"])
    flow.roles_draw(game=game, composition=composition)
    game.refresh_from_db()
    flow.game_start(game=game)
    game.refresh_from_db()
    return game, {p.nickname: p for p in Player.objects.filter(game=game)}


def seed_for_seating(ruleset, names: list[str], composition: dict[str, int], roles: list[str]) -> int:
    """The first seed whose blind draw deals ``roles`` to ``names`` in order,
    so the personas hold known roles through the real draw."""
    for seed in range(200_000):
        if [r for _n, r in ruleset.draw_roles(names, composition, seed)] == roles:
            return seed
    raise AssertionError("no seed deals that seating")


def pytest_terminal_summary(terminalreporter) -> None:
    """Print how many scenario steps the site could not express, by reason
    (``tests/games/test_scenario_parity.py``: ``UNEXPRESSED``), when that
    test ran: counted and shown, never skipped in silence; with how many
    scenarios played through and how many of them handed a choice in at a
    moment after its phase opened (``TALLY``)."""
    import sys

    parity = sys.modules.get("tests.games.test_scenario_parity")
    if parity is None:
        return
    counts, tally = parity.UNEXPRESSED, parity.TALLY
    terminalreporter.write_sep("-", "scenario parity")
    terminalreporter.write_line(
        f"played: {tally['played']}; with moments: {tally['with moments']}"
        f" ({tally['choices at moments']} choices handed in after their phase opened);"
        f" unexpressible: {sum(counts.values())}"
    )
    terminalreporter.write_line("steps the site cannot express:")
    if not counts:
        terminalreporter.write_line("none")
    for reason, n in sorted(counts.items()):
        terminalreporter.write_line(f"{n} × {reason}")
