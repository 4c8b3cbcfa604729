"""What a seat may hand in is computed by the ruleset when the phase opens
and after each change of the game's state, and stored on the phase
(``Phase.slots``): viewing a page never runs the rules engine."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps
from django.urls import reverse

import rulesets
from games import flow
from games.models import Phase

from . import test_views_cabinet
from .channel import channel_url
from .pages import client_as

fill_stored_rows = importlib.import_module("games.migrations.0018_fill_stored_rows").fill_stored_rows

pytestmark = pytest.mark.django_db

# Night 1 of the forum game after "Plain Three" was voted out.
night = test_views_cabinet.night


@pytest.fixture
def engine_calls(monkeypatch) -> list[str]:
    """Every call of the forum's ruleset that works out what a seat may do
    (``action_slots``, by phase kind) or why it may not (``actor_reason``,
    ``abilities_of``: by method name)."""
    ruleset = type(rulesets.get("forum"))
    calls: list[str] = []
    original = ruleset.action_slots

    def counting(self, state, phase):
        calls.append(phase)
        return original(self, state, phase)

    def counted(name):
        method = getattr(ruleset, name)

        def wrapper(self, *args, **kwargs):
            calls.append(name)
            return method(self, *args, **kwargs)

        return wrapper

    monkeypatch.setattr(ruleset, "action_slots", counting)
    for name in ("actor_reason", "abilities_of", *VOTE_RULES):
        monkeypatch.setattr(ruleset, name, counted(name))
    return calls


# What the rules make of a day's ballots (stored on ``Phase.votes``).
VOTE_RULES = (
    "vote_count",
    "vote_choices",
    "nominees",
    "nomination_open_to",
    "may_vote",
    "vote_change_refusal",
    "revote_needed",
    "revote_choices",
    "day_warnings",
)


def test_pages_read_the_stored_choices_without_running_the_engine(night, engine_calls) -> None:
    """The cop's cabinet shows his night shot with its targets, and neither
    it, the game page nor the day thread asks the ruleset what may be
    handed in, nor why an ability may not (the idle abilities are stored
    with the choices, ``Phase.idle``)."""
    game, seats = night
    phase = flow.current_phase(game)
    assert phase.slots  # stored when the night opened
    cop = client_as("carol")
    cabinet = cop.get(reverse("cabinet", args=[game.slug])).content.decode()
    room = game.rooms.get(kind="day", day=1)
    cop.get(reverse("game", args=[game.slug]))
    cop.get(reverse("room", args=[game.slug, room.public_id]))
    host = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert "Clyde" in host  # the dashboard lists who has not acted, from the stored choices
    assert engine_calls == []
    stored = [row for row in phase.slots if row["actor"] == "Clyde"]
    assert stored and all(f'value="{name}"' in cabinet for name in stored[0]["candidates"])


def test_a_penalty_stores_the_choices_again(night, engine_calls) -> None:
    """A modkill changes who may be chosen: the removed player leaves every
    stored list of targets at once (FORUM-153)."""
    game, seats = night
    before = {row["ability"]: row["candidates"] for row in flow.current_phase(game).slots if row["actor"] == "Clyde"}
    assert any("Plain One" in c for c in before.values())
    flow.penalty_apply(game=game, kind="disqualify", target="Plain One")
    assert engine_calls  # computed by the change, not by a later page view
    phase = Phase.objects.get(pk=flow.current_phase(game).pk)
    after = [row for row in phase.slots if row["actor"] == "Clyde"]
    assert after and all("Plain One" not in row["candidates"] for row in after)
    slots = flow.open_slots(game, seats["Clyde"])
    assert slots and all("Plain One" not in slot.candidates for slot in slots)


def test_a_phase_stored_before_its_choices_were_kept_shows_them_without_writing(night, engine_calls) -> None:
    """A phase without stored choices (opened by an earlier version of the
    site) shows them worked out from the rules, and a view never writes:
    the migration that came with the stored rows fills them once."""
    game, seats = night
    phase = flow.current_phase(game)
    expected = flow.open_slots(game, seats["Clyde"])
    Phase.objects.filter(pk=phase.pk).update(slots=None)
    assert flow.open_slots(game, seats["Clyde"]) == expected and expected
    assert Phase.objects.get(pk=phase.pk).slots is None
    fill_stored_rows(django_apps, None)
    engine_calls.clear()
    assert flow.open_slots(game, seats["Clyde"]) == expected
    assert engine_calls == [] and Phase.objects.get(pk=phase.pk).slots is not None


def test_the_idle_abilities_are_stored_with_the_choices(night) -> None:
    """The cabinet's "not now" list comes from ``Phase.idle``, stored when
    the phase opened: the cop's shot is open at night, so not listed; a
    phase stored before the list was kept shows the same list, worked out
    without writing."""
    game, seats = night
    phase = flow.current_phase(game)
    assert "Clyde" in phase.idle and all(reason == "" or isinstance(reason, str) for _a, reason in phase.idle["Clyde"])
    listed = dict(flow.idle_abilities(game, seats["Clyde"]))
    assert "shoot" not in listed
    Phase.objects.filter(pk=phase.pk).update(idle=None)
    again = dict(flow.idle_abilities(game, seats["Clyde"], phase=Phase.objects.get(pk=phase.pk)))
    assert again == listed and Phase.objects.get(pk=phase.pk).idle is None


def test_the_vote_thread_reads_the_stored_count_and_choices(forum_game, engine_calls) -> None:
    """The day's ballots are counted when cast (``Phase.votes``): the vote
    thread, its live count and the host's dashboard show the count and
    offer the vote without asking the rules again (FORUM-014: the leader
    of the count is eliminated)."""
    game, seats = forum_game
    for voter in ("Doc", "Plain One", "Plain Two"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Bonnie"])
    assert any(call in VOTE_RULES for call in engine_calls)  # counted when cast
    engine_calls.clear()
    vote_room = game.rooms.get(kind="vote", day=1)
    citizen = client_as("bob")  # the Don has not voted: he gets the vote form
    page = citizen.get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    live = citizen.get(channel_url(game, vote_room)).content.decode()
    host = client_as("alice").get(reverse("host", args=[game.slug])).content.decode()
    assert engine_calls == []
    assert 'name="target"' in page and "Bonnie" in live and "Bonnie" in host
    stored = flow.current_phase(game).votes
    assert stored["count"]["rows"][0][:2] == ["Bonnie", 3]


def test_a_day_stored_before_its_votes_were_kept_is_counted_without_writing(forum_game, engine_calls) -> None:
    """A day phase without a stored count (opened by an earlier version of
    the site) shows the count worked out from its ballots on a view, which
    writes nothing; the migration that came with the stored count fills it
    once, and views then read it."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Doc"], target=seats["Bonnie"])
    phase = flow.current_phase(game)
    Phase.objects.filter(pk=phase.pk).update(votes=None)
    engine_calls.clear()
    url = reverse("room", args=[game.slug, game.rooms.get(kind="vote", day=1).public_id])
    first = client_as("carol").get(url).content.decode()
    assert engine_calls.count("vote_count") == 1 and Phase.objects.get(pk=phase.pk).votes is None
    fill_stored_rows(django_apps, None)
    engine_calls.clear()
    second = client_as("carol").get(url).content.decode()
    assert engine_calls.count("vote_count") == 0
    assert "Bonnie" in first and "Bonnie" in second
