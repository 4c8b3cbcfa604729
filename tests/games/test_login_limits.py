"""Login limits count wrong passwords only (docs/security.md, "Login limits"): players
behind one address are not locked out by each other's typos, an account
under attack is locked, and so is an address spraying wrong passwords.
Each test uses an address and account names of its own, so the shared
cache of parallel test runs never mixes their counts."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from ..conftest import PASSWORD


@pytest.fixture
def address() -> str:
    """A private address nobody else in the test run uses."""
    n = uuid.uuid4().int
    return f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}"


@pytest.fixture
def accounts(db):
    """``accounts(n)``: n fresh accounts with the test password."""

    def make(n: int) -> list[str]:
        names = [f"rl-{uuid.uuid4().hex[:12]}" for _ in range(n)]
        for name in names:
            get_user_model().objects.create_user(username=name, password=PASSWORD)
        return names

    return make


def _login(address: str, login: str, password: str):
    client = Client(REMOTE_ADDR=address)
    return client.post(reverse("account_login"), {"login": login, "password": password})


def test_correct_passwords_behind_one_address_are_never_refused_after_typos(address, accounts) -> None:
    names = accounts(24)
    for name in names[:12]:
        assert _login(address, name, "wrong-password").status_code == 200
    logged_in = [_login(address, name, PASSWORD).status_code for name in names[12:]]
    assert logged_in == [302] * 12


def test_an_account_is_locked_after_five_wrong_passwords_with_a_clear_message(address, accounts) -> None:
    (name,) = accounts(1)
    for _ in range(5):
        _login(address, name, "wrong-password")
    response = _login("10.250.0.1", name, PASSWORD)
    assert response.status_code == 200
    assert "Too many failed login attempts" in response.content.decode()


def test_an_address_spraying_wrong_passwords_is_refused(address, accounts) -> None:
    names = accounts(31)
    for name in names[:30]:
        _login(address, name, "wrong-password")
    response = _login(address, names[30], "wrong-password")
    assert "Too many failed login attempts" in response.content.decode()
