"""A cosmo day as its players see it: the judge's verdict (COSMO-030,
COSMO-031), what the results post says of a jailing, the night's
countdown, the sergeant's copy of a check, nominations by post
(COSMO-007) and the re-vote's count (COSMO-013)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override as translation_override

from games import flow
from games.models import Phase, Room
from rulesets.core.said import said

from .test_day_posts import tie_the_cosmo_vote
from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)
ROLES = {"Ann": "mafioso", "Bea": "judge", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen", "Fay": "citizen"}


def _day(personas, make_user, roles=None, start=START):
    """A cosmo game of six past its acquaintance night, day 1 open
    (``start``: when the game started; the acquaintance night lasts 24 hours)."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "cosmo", roles or ROLES, now=start, language="en")
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    game.refresh_from_db()
    return game, seats, accounts, flow.current_phase(game)


def _vote_room(game, day):
    return Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)


def test_the_judge_may_jail_nobody_and_nothing_is_preselected_cosmo_031(personas, make_user) -> None:
    """COSMO-031 «Можно решить никого не сажать»: the verdict form offers
    "nobody" beside the players and preselects none of them."""
    game, seats, accounts, day = _day(personas, make_user, start=timezone.now() - timedelta(hours=25))
    judge = client_as(accounts["Bea"])
    page = judge.get(reverse("cabinet", args=[game.slug])).content.decode()
    at = page.index('value="judge_verdict"')
    form = page[page.rindex("<form", 0, at) : page.index("</form>", at)]
    assert "Nobody" in form
    assert re.findall(r'<option value="([^"]*)" selected', form) == [""]
    response = judge.post(
        reverse("cabinet", args=[game.slug]), {"ability": "judge_verdict", "target0": "nobody:", "confirm": "on"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    results = "\n".join(_vote_room(game, day).posts.values_list("body", flat=True))
    assert "Nobody is jailed today." in results


def test_the_verdict_is_public_final_and_closes_the_vote_cosmo_030(personas, make_user) -> None:
    """COSMO-030 «отменить дневное голосование и единолично решить»: the
    verdict is posted in the vote thread when given, cannot be withdrawn,
    and the vote closes with it: a later vote is refused with a sentence."""
    game, seats, accounts, day = _day(personas, make_user)
    at = day.opened_at + timedelta(hours=1)
    flow.action_submit(game=game, seat=seats["Bea"], ability="judge_verdict", targets=["Ann"], now=at)
    game.refresh_from_db()
    bodies = list(_vote_room(game, day).posts.values_list("body", flat=True))
    assert any("Bea" in b and "judge" in b.lower() and "Ann" in b for b in bodies)
    day.refresh_from_db()
    assert day.resolved_at is not None
    assert not seats["Ann"].__class__.objects.get(pk=seats["Ann"].pk).alive
    action = day.actions.get(ability="judge_verdict")
    try:
        flow.action_withdraw(game=game, seat=seats["Bea"], action_id=action.public_id, now=at)
    except flow.FlowError as exc:
        assert str(exc)
    else:
        raise AssertionError("the verdict was withdrawn")
    assert day.actions.filter(ability="judge_verdict").exists()
    try:
        flow.vote_cast(
            game=game, seat=seats["Dot"], target=seats["Cid"], now=day.deadlines.get(kind="discussion").due_at
        )
    except flow.FlowError as exc:
        assert "closed" in str(exc)
    else:
        raise AssertionError("a vote was taken after the verdict")
    assert game.phases.filter(kind=Phase.Kind.NIGHT).exists()


def _results(game, day) -> str:
    return "\n".join(_vote_room(game, day).posts.filter(author__isnull=True).values_list("body", flat=True))


def test_a_jailing_says_whether_the_vote_or_the_judge_jailed_cosmo_030(personas, make_user) -> None:
    """COSMO-030, COSMO-002: after the judge cancelled the vote the results
    say his verdict jailed the player (never "by the vote"), and a jailing
    by the vote says «посажен» by the vote, not an execution."""
    game, seats, accounts, day = _day(personas, make_user)
    flow.action_submit(game=game, seat=seats["Bea"], ability="judge_verdict", targets=["Cid"], now=day.opened_at)
    text = _results(game, day)
    assert "Cid is jailed by the verdict of the judge Bea; the day's vote was cancelled. Role: Citizen." in text
    assert "by the vote" not in text.replace("the day's vote was cancelled", "")
    assert "eliminated" not in text
    with translation_override("ru"):
        from games.results import announcement_line

        line = announcement_line(
            flow.ruleset_of(game),
            "jailed",
            said("cosmo.jailed_by_vote", player="Ann", role="mafioso", n="4"),
            "Ann",
            "mafioso",
        )
    assert "казн" not in line and "посажен" in line


def test_the_nights_countdown_is_the_nights_deadline_after_a_day_without_a_tie_cosmo_013(personas, make_user) -> None:
    """COSMO-013: the re-vote deadline of a day without a tie is never held;
    the night's countdown shows the night's own deadline, not it."""
    roles = {**ROLES, "Eve": "mafioso"}
    game, seats, accounts, day = _day(personas, make_user, roles, start=timezone.now() - timedelta(hours=24 + 48 + 1))
    discussion = day.deadlines.get(kind="discussion").due_at
    flow.nominate(game=game, seat=seats["Cid"], target=seats["Ann"], now=day.opened_at + timedelta(minutes=1))
    for voter in ("Bea", "Cid", "Dot"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Ann"], now=discussion + timedelta(minutes=1))
    flow.resolve_due(now=day.deadlines.get(kind="vote").due_at)
    game.refresh_from_db()
    night = flow.current_phase(game)
    assert night.kind == "night"
    page = client_as(accounts["Dot"]).get(reverse("game", args=[game.slug])).content.decode()
    revote = flow.local_deadline(game, day.deadlines.get(kind="revote").due_at)
    assert flow.local_deadline(game, night.deadlines.get(kind="night").due_at) in page
    assert revote not in page


def test_the_sergeants_copy_of_a_check_on_himself_names_him_cosmo_026(personas, make_user) -> None:
    """COSMO-026: the sergeant sees his chief's check results; the copy of
    a check on the sergeant himself (framed: «Мафиози») names whom it is about."""
    roles = {
        "Ann": "intriguer",
        "Bea": "commissar",
        "Sam": "sergeant",
        "Dot": "citizen",
        "Eve": "citizen",
        "Fay": "citizen",
    }
    game, seats, accounts, day = _day(personas, make_user, roles)
    flow.resolve_due(now=day.deadlines.get(kind="revote").due_at)
    game.refresh_from_db()
    night = flow.current_phase(game)
    assert night.kind == "night"
    at = night.opened_at + timedelta(minutes=1)
    flow.action_submit(game=game, seat=seats["Bea"], ability="check", targets=["Sam"], now=at)
    flow.action_submit(game=game, seat=seats["Ann"], ability="frame", targets=["Sam"], now=at)
    flow.resolve_due(now=night.deadlines.get(kind="night").due_at)
    cabinet = flow.cabinet_of(seats["Sam"])
    bodies = list(cabinet.posts.values_list("body", flat=True))
    assert any("Sam — Mafioso" in b for b in bodies), bodies


def test_a_post_saying_kandidat_nominates_cosmo_007(personas, make_user) -> None:
    """COSMO-007, §2 «A post that says Кандидат: NAME nominates NAME»: the
    day-thread post nominates; a quoted one does not; a second nomination
    of the same player is refused with a sentence and the post with it."""
    game, seats, accounts, day = _day(personas, make_user)
    room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=day.number)
    at = day.opened_at + timedelta(minutes=5)
    flow.post_create(room=room, seat=seats["Cid"], body="[quote=Dot]Кандидат: Eve[/quote]\nНе согласен.", now=at)
    flow.post_create(room=room, seat=seats["Dot"], body="Я думаю, это мафия.\nКандидат: ann", now=at)
    try:
        flow.post_create(room=room, seat=seats["Eve"], body="Кандидат: Ann", now=at)
    except flow.FlowError as exc:
        assert "already a candidate" in str(exc)
    else:
        raise AssertionError("a second nomination of Ann was taken")
    discussion = day.deadlines.get(kind="discussion").due_at
    flow.vote_cast(game=game, seat=seats["Bea"], target=seats["Ann"], now=discussion + timedelta(minutes=1))
    try:
        flow.vote_cast(game=game, seat=seats["Fay"], target=seats["Eve"], now=discussion + timedelta(minutes=1))
    except flow.FlowError as exc:
        assert "today's candidates: Ann" in str(exc)
    else:
        raise AssertionError("a vote for a player nobody nominated was taken")


def test_the_results_give_the_revotes_count_cosmo_013(personas, make_user) -> None:
    """COSMO-013: the results post gives the re-vote's count, jail against spare."""
    game, seats, accounts, day = _day(personas, make_user)
    vote = tie_the_cosmo_vote(game, seats, day)
    for voter, word in (("Bea", "jail"), ("Cid", "jail"), ("Dot", "spare")):
        flow.vote_cast(game=game, seat=seats[voter], word=word, now=vote + timedelta(minutes=1))
    flow.resolve_due(now=day.deadlines.get(kind="revote").due_at)
    text = _results(game, day)
    assert "Re-vote on Ann, Dot: 2 to jail them all, 1 to spare them all." in text or (
        "Re-vote on Dot, Ann: 2 to jail them all, 1 to spare them all." in text
    )
