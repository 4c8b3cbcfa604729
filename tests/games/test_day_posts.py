"""What the vote thread and the results say, read as players read them:
re-vote words in the document's own words (cosmo «посадить всех»,
COSMO-013), the host's candidate list never shown as somebody's ballot
(CLASSIC-011), and a day's vote count given once in its results."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.urls import reverse

from games import flow
from games.models import Room

from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)
COSMO = {"Ann": "mafioso", "Bea": "citizen", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen", "Fay": "citizen"}


def tie_the_cosmo_vote(game, seats, day) -> datetime:
    """COSMO-013: on cosmo's day ``day``, Bea nominates Ann and Cid Dot, and
    the vote ties 3–3 (Ann, Dot); the vote's deadline is fired, so the
    re-vote runs. Returns that deadline (aware, UTC)."""
    at = day.opened_at + timedelta(minutes=1)
    flow.nominate(game=game, seat=seats["Bea"], target=seats["Ann"], now=at)
    flow.nominate(game=game, seat=seats["Cid"], target=seats["Dot"], now=at)
    discussion = day.deadlines.get(kind="discussion").due_at
    for voter, target in (
        ("Ann", "Dot"),
        ("Bea", "Ann"),
        ("Cid", "Ann"),
        ("Dot", "Ann"),
        ("Eve", "Dot"),
        ("Fay", "Dot"),
    ):
        flow.vote_cast(game=game, seat=seats[voter], target=seats[target], now=discussion + timedelta(minutes=1))
    vote = day.deadlines.get(kind="vote").due_at
    flow.resolve_due(now=vote)
    return vote


def test_a_cosmo_revote_reads_in_the_documents_words(personas, make_user) -> None:
    """COSMO-013: after a tie the re-vote says «посадить всех» or «пощадить
    всех»: the tie notice, the re-vote post and the ballots line show those
    words, never the ids ``jail``/``spare``."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "cosmo", COSMO, now=START, language="en")
    opening = flow.current_phase(game)
    flow.resolve_due(now=opening.deadlines.get().due_at)
    game.refresh_from_db()
    day = flow.current_phase(game)
    vote = tie_the_cosmo_vote(game, seats, day)
    flow.vote_cast(game=game, seat=seats["Bea"], word="jail", now=vote + timedelta(minutes=1))
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    page = client_as(accounts["Cid"]).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "Jail them all («посадить всех»); Spare them all («пощадить всех»)" in page
    assert "re-vote: Jail them all («посадить всех»)" in page
    bodies = list(room.posts.filter(author=seats["Bea"]).values_list("body", flat=True))
    assert bodies[-1] == "Jail them all («посадить всех»)"
    assert ": jail" not in page and "jail;" not in page


def test_the_hosts_candidate_list_is_not_shown_as_a_ballot(personas, make_user) -> None:
    """CLASSIC-011: the ballots line lists the players' vote posts only."""
    roles = {"Ann": "mafioso", "Bea": "citizen", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen", "Fay": "citizen"}
    game, seats, accounts = dealt_game(personas["alice"], make_user, "classic", roles, now=START)
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    day = flow.current_phase(game)
    at = day.opened_at + timedelta(minutes=1)
    flow.candidates_put(game=game, names=["Ann", "Bea"], now=at)
    flow.vote_cast(game=game, seat=seats["Cid"], target=seats["Ann"], now=at)
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    page = client_as(accounts["Dot"]).get(reverse("room", args=[game.slug, room.public_id])).content.decode()
    assert "Cid → Ann" in page
    assert " → Bea" not in page and '<p class="muted"> → ' not in page


def test_a_werewolf18_day_gives_its_vote_count_once(personas, make_user) -> None:
    """WW18 §2 «The count is published»: once, as the site's public count."""
    import random

    from .test_every_ruleset import hosted_game, play_to_the_end  # noqa: PLC0415

    game = hosted_game(personas["alice"], make_user, "werewolf18", "", 18, seed=4)
    play_to_the_end(game, random.Random(2), max_phases=6)
    texts = [t for t in Room.objects.filter(game=game, kind=Room.Kind.VOTE).values_list("posts__body", flat=True) if t]
    results = [t for t in texts if "Results of the vote" in t]
    assert results
    assert all(t.count("Vote count") == 1 for t in results)


def test_cosmos_coin_and_spare_read_in_the_readers_language() -> None:
    """COSMO-013, COSMO-014: the coin's side and the spared are told in the
    reader's language, the side in the document's words (the engine says
    them as codes, ``cosmo.re_vote_tied_coin_says`` and ``cosmo.are_spared``)."""
    from django.utils import translation

    import rulesets
    from games.results import announcement_line
    from rulesets.core.said import said

    cosmo = rulesets.get("cosmo")
    with translation.override("ru"):
        coin = announcement_line(cosmo, "coin", said("cosmo.re_vote_tied_coin_says", rows="jail"), None, None)
        spared = announcement_line(cosmo, "no_elimination", said("cosmo.are_spared", rows="Ann, Bea"), None, None)
    assert "посадить всех" in coin.lower() and "coin" not in coin and "jail" not in coin
    assert spared.startswith("Ann, Bea ") and "spared" not in spared
    with translation.override("en"):
        coin = announcement_line(cosmo, "coin", said("cosmo.re_vote_tied_coin_says", rows="spare"), None, None)
    assert coin == "The re-vote tied; the coin says: Spare them all («пощадить всех»)."


def test_piters_first_morning_counts_the_mafia_in_the_readers_language() -> None:
    """PITER-004: the first morning post gives the number of mafia, in the
    game's language and without the rule id a player has no use for."""
    from django.utils import translation

    import rulesets
    from games.results import announcement_line
    from rulesets.core.said import said

    piter = rulesets.get("piter")
    with translation.override("ru"):
        line = announcement_line(piter, "mafia_count", said("piter.there_are_mafia_town", rows=3), None, None)
    assert "3" in line and "mafia" not in line and "PITER" not in line
