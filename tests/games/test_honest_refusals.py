"""Refusals say what happened: removing an account that is not a co-host
changes nothing and says so, instead of "The co-host was removed."."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse

from games import flow
from games.models import Event

from .pages import client_as


def test_removing_an_account_that_is_no_co_host_says_so(forum_game) -> None:
    game, _seats = forum_game
    flow.cohost_add(game=game, username="dave")
    erin = get_user_model().objects.get(username="erin")
    page = client_as("alice").post(reverse("host_cohost_remove", args=[game.slug, erin.pk]), follow=True)
    html = page.content.decode()
    assert "The co-host was removed." not in html
    assert "That account is not a co-host of this game; nothing was changed." in html
    assert list(game.cohosts.values_list("username", flat=True)) == ["dave"]
    assert not Event.objects.filter(game=game, kind="cohost_removed").exists()
    page = client_as("alice").post(
        reverse("host_cohost_remove", args=[game.slug, get_user_model().objects.get(username="dave").pk]), follow=True
    )
    assert "The co-host was removed." in page.content.decode()
