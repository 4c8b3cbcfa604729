"""Every ruleset is a game the site runs to its end: hosted, drawn, started,
its phases opened in the order the ruleset gives (werewolf18's setup step,
piter's and classic's first night, cosmo's acquaintance night), choices and
votes handed in through ``games.flow`` in each day's windows (piter's and
cosmo's nominations, the re-vote of a tie), every deadline fired by the same
``resolve_due`` the Celery tick runs, until a side wins."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

import rulesets
from games import flow
from games.models import Deadline, Game, Phase, Room, Vote
from tests.conftest import PASSWORD

from .test_vote_laws import dealt_game

START = datetime(2026, 3, 2, 7, 0, tzinfo=UTC)
TABLES = [("forum", "two_sided", 9), ("forum", "three_sided", 15), ("piter", "", 10), ("classic", "", 9)]
TABLES += [("cosmo", "", 10), ("werewolf18", "", 18)]


def hosted_game(host, make_user, ruleset_id: str, variant: str, n: int, seed: int) -> Game:
    """A game of ``n`` seats with the ruleset's proposed composition, drawn
    with ``seed`` and started at ``START``."""
    # In English: the tests read what the game posts.
    game = flow.game_create(
        host=host, title=f"{ruleset_id} {variant}", ruleset_id=ruleset_id, variant=variant, language="en"
    )
    flow.signup_open(game=game)
    for i in range(n):
        flow.nickname_register(game=game, user=make_user(f"{ruleset_id}{variant}{i}"), nickname=f"Seat {i + 1}")
    game.refresh_from_db()
    game.seed = seed
    game.save(update_fields=["seed"])
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game, now=START)
    game.refresh_from_db()
    return game


def hand_in_choices(game: Game, rng: random.Random, now: datetime) -> None:
    """Each living seat hands in a random legal choice for most of its slots."""
    for seat in game.players.seated().filter(alive=True):
        for slot in flow.open_slots(game, seat):
            if rng.random() > 0.85 or not slot.candidates:
                continue
            count = max(slot.targets, 1)
            pool = [c for c in slot.candidates if count == 1 or c != slot.actor]
            if len(pool) < count:
                continue
            targets = rng.sample(pool, count) if slot.targets else []
            try:
                flow.action_submit(
                    game=game,
                    seat=seat,
                    ability=slot.ability,
                    targets=targets,
                    team=slot.actor is None,
                    now=now,
                )
            except flow.FlowError:
                pass  # a choice the rules refuse now (a team's choice already made, a conflict)


def take_part_in_the_day(game: Game, phase: Phase, rng: random.Random, now: datetime, seen: set[str]) -> None:
    """Nominate, vote or re-vote as the day's window allows at ``now``."""
    window = flow.day_window(game, phase, now)
    ruleset, state = flow.ruleset_of(game), flow.state_of(game)
    living = list(game.players.seated().filter(alive=True))
    if window.nominations:
        seen.add("nominations")
        for seat in rng.sample(living, min(3, len(living))):
            try:
                flow.nominate(game=game, seat=seat, target=rng.choice(living), now=now)
            except flow.FlowError:
                pass  # a silenced player, or a candidate already named
    if window.revote:
        seen.add("revote")
        choices = ruleset.revote_choices(state, window.revote)
        for seat in living:
            choice = rng.choice(choices)
            target = game.players.filter(nickname=choice).first()
            try:
                flow.vote_cast(game=game, seat=seat, target=target, word="" if target else choice, now=now)
            except flow.FlowError:
                pass  # a silenced voter
        return
    if window.votes:
        ballots = flow.ballots_of(game, phase.number)
        for seat in living:
            choices = ruleset.vote_choices(state, seat.nickname, ballots)
            if not choices:
                continue
            # Most of the town follows two suspects, so days end in majorities.
            pick = rng.choice(choices[:2] if rng.random() < 0.7 else choices)
            try:
                flow.vote_cast(game=game, seat=seat, target=game.players.get(nickname=pick), now=now)
            except flow.FlowError:
                pass  # a silenced voter, or a ballot the law refuses


def play_to_the_end(game: Game, rng: random.Random, max_phases: int = 60) -> tuple[list[str], set[str]]:
    """Play until the game ends; returns the phases opened (``kind-number``)
    and the day windows met."""
    opened: list[str] = []
    seen: set[str] = set()
    for _ in range(max_phases):
        game.refresh_from_db()
        phase = flow.current_phase(game)
        if phase is None or not game.is_running:
            break
        opened.append(phase.key)
        now = phase.opened_at + timedelta(seconds=1)
        hand_in_choices(game, rng, now)
        for deadline in list(phase.deadlines.order_by("due_at")):
            deadline.refresh_from_db()
            if deadline.done_at is not None:
                continue
            if phase.kind == Phase.Kind.DAY:
                take_part_in_the_day(game, phase, rng, now, seen)
            flow.resolve_due(now=deadline.due_at)
            now = deadline.due_at + timedelta(seconds=1)
            phase.refresh_from_db()
            if phase.resolved_at:
                break
    game.refresh_from_db()
    return opened, seen


@pytest.mark.parametrize(("ruleset_id", "variant", "n"), TABLES, ids=[f"{r}-{v or n}" for r, v, n in TABLES])
def test_a_game_of_every_ruleset_runs_to_its_winner(personas, make_user, ruleset_id, variant, n) -> None:
    ruleset = rulesets.get(ruleset_id)
    game = hosted_game(personas["alice"], make_user, ruleset_id, variant, n, seed=11)
    opened, seen = play_to_the_end(game, random.Random(5))
    assert game.status == Game.Status.FINISHED, opened
    assert game.winner
    first = opened[0]
    if ruleset.OPENING:
        assert first == "night-0" and opened[1] == f"{ruleset.FIRST_PHASE}-1"
    else:
        assert first == f"{ruleset.FIRST_PHASE}-{0 if ruleset.FIRST_PHASE == 'setup' else 1}"
    # Every deadline fired exactly once, and each resolved phase once.
    assert not Deadline.objects.filter(phase__game=game, done_at__isnull=True).exists()
    assert game.phases.filter(resolved_at__isnull=True).count() == 0
    if ruleset.day_procedure(flow.state_of(game)).nominations_until:
        assert "nominations" in seen
        assert Vote.objects.filter(game=game, round=Vote.Round.NOMINATE).exists()
    # The final post is in the last day thread.
    last_day = Room.objects.filter(game=game, kind=Room.Kind.DAY).order_by("-day").first()
    assert last_day.posts.filter(by_host=True).exists()


def test_piter_opens_by_night_and_numbers_its_first_day_one(personas, make_user) -> None:
    """PITER-003: the acquaintance night comes first; the day after it is day 1."""
    game = hosted_game(personas["alice"], make_user, "piter", "", 10, seed=3)
    assert flow.current_phase(game).key == "night-1"
    flow.resolve_due(now=flow.current_phase(game).deadlines.order_by("-due_at").first().due_at)
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-1"
    assert Room.objects.filter(game=game, kind=Room.Kind.DAY, day=1).exists()


def test_werewolf18_deals_in_a_setup_step_before_day_one(personas, make_user) -> None:
    """WW18 §6: the mixed-blood names whom he supports at step 0, before day 1."""
    game = hosted_game(personas["alice"], make_user, "werewolf18", "", 18, seed=3)
    phase = flow.current_phase(game)
    assert phase.key == "setup-0"
    blood = game.players.get(role="mixed_blood")
    slots = flow.open_slots(game, blood)
    assert [s.ability for s in slots] == ["support"]
    other = game.players.exclude(pk=blood.pk).first()
    flow.action_submit(game=game, seat=blood, ability="support", targets=[other.nickname], now=phase.opened_at)
    flow.resolve_due(now=phase.deadlines.get().due_at)
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-1"
    blood.refresh_from_db()
    assert blood.team == other.team


def test_cosmo_opens_with_an_acquaintance_night_that_is_not_a_step(personas, make_user) -> None:
    """COSMO-005: a night without actions, then day 1; the engine never saw it."""
    game = hosted_game(personas["alice"], make_user, "cosmo", "", 10, seed=3)
    night = flow.current_phase(game)
    assert night.key == "night-0"
    assert [d.kind for d in night.deadlines.all()] == ["acquaintance"]
    assert not flow.open_slots(game, game.players.seated().first())
    due = night.deadlines.get().due_at
    assert due - START == timedelta(hours=24)  # acquaintance_hours = 24, cosmo §2
    flow.resolve_due(now=due)
    game.refresh_from_db()
    day = flow.current_phase(game)
    assert day.key == "day-1"
    assert flow.state_of(game).steps_played == 0
    vote = day.deadlines.get(kind="vote")
    assert vote.due_at > due  # offsets count from the day's start, in hours


def piter_evening(personas, make_user, seed: int = 3):
    """A piter game at its first evening: night 1 resolved, day 1 open."""
    game = hosted_game(personas["alice"], make_user, "piter", "", 10, seed=seed)
    flow.resolve_due(now=flow.current_phase(game).deadlines.order_by("-due_at").first().due_at)
    game.refresh_from_db()
    day = flow.current_phase(game)
    deadlines = {d.kind: d.due_at for d in day.deadlines.all()}
    return game, day, deadlines


def test_piter_nominations_defence_and_the_vote_keep_their_windows(personas, make_user) -> None:
    """PITER-010..012: nominations in their window, one each; votes only
    after the defence posts and only for a candidate."""
    game, day, at = piter_evening(personas, make_user)
    seats = list(game.players.seated().filter(alive=True))
    early = at["nominations_open"] - timedelta(minutes=1)
    with pytest.raises(flow.FlowError, match="Nominations open at"):
        flow.nominate(game=game, seat=seats[0], target=seats[1], now=early)
    during = at["nominations_open"] + timedelta(minutes=1)
    flow.resolve_due(now=during)
    flow.nominate(game=game, seat=seats[0], target=seats[1], now=during)
    with pytest.raises(flow.FlowError, match="already named a candidate"):
        flow.nominate(game=game, seat=seats[0], target=seats[2], now=during)
    with pytest.raises(flow.FlowError, match="already a candidate"):
        flow.nominate(game=game, seat=seats[2], target=seats[1], now=during)
    flow.nominate(game=game, seat=seats[2], target=seats[3], now=during)
    with pytest.raises(flow.FlowError, match="Voting opens at"):
        flow.vote_cast(game=game, seat=seats[4], target=seats[1], now=during)
    voting = at["defence_close"] + timedelta(minutes=1)
    flow.resolve_due(now=voting)
    with pytest.raises(flow.FlowError, match="Nominations closed at"):
        flow.nominate(game=game, seat=seats[5], target=seats[6], now=voting)
    with pytest.raises(flow.FlowError, match="one of today's candidates"):
        flow.vote_cast(game=game, seat=seats[4], target=seats[6], now=voting)
    flow.vote_cast(game=game, seat=seats[4], target=seats[1], now=voting)
    count = flow.ruleset_of(game).vote_count(flow.state_of(game), flow.ballots_of(game, day.number))
    # PITER-015: every other living player counts against the last nominee.
    assert count.rows[0].target == seats[3].nickname
    assert ("counted_against_last", seats[3].nickname) in count.notes


def test_a_piter_tie_is_revoted_before_the_day_resolves(personas, make_user) -> None:
    """PITER-017: at the vote's deadline a tie is not resolved; after the
    tied players' extra minute the re-vote among them runs until its own
    deadline, which executes."""
    game, day, at = piter_evening(personas, make_user)
    seats = list(game.players.seated().filter(alive=True))
    during = at["nominations_open"] + timedelta(minutes=1)
    flow.resolve_due(now=during)
    a, b = seats[0], seats[1]
    flow.nominate(game=game, seat=seats[2], target=a, now=during)
    flow.nominate(game=game, seat=seats[3], target=b, now=during)
    voting = at["defence_close"] + timedelta(minutes=1)
    flow.resolve_due(now=voting)
    # Half for a; the rest vote b or default to the last nominee, b: a tie needs equal halves.
    for i, seat in enumerate(seats):
        flow.vote_cast(game=game, seat=seat, target=a if i % 2 == 0 else b, now=voting)
    flow.resolve_due(now=at["day_deadline"])
    day.refresh_from_db()
    assert day.resolved_at is None
    window = flow.day_window(game, day, at["day_deadline"] + timedelta(minutes=1))
    assert set(window.tie) == {a.nickname, b.nickname} and window.speech and not window.revote
    vote_room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    assert vote_room.posts.filter(by_host=True, body__startswith="Tie between").exists()
    flow.resolve_due(now=at["revote_speech_close"])
    later = at["revote_speech_close"] + timedelta(minutes=2)
    assert set(flow.day_window(game, day, later).revote) == {a.nickname, b.nickname}
    for seat in seats:
        flow.vote_cast(game=game, seat=seat, target=a, now=later)
    flow.resolve_due(now=at["revote_deadline"])
    day.refresh_from_db()
    a.refresh_from_db()
    assert day.resolved_at is not None and not a.alive


def test_a_piter_day_without_a_tie_skips_the_revote(personas, make_user) -> None:
    game, day, at = piter_evening(personas, make_user)
    seats = list(game.players.seated().filter(alive=True))
    during = at["nominations_open"] + timedelta(minutes=1)
    flow.resolve_due(now=during)
    flow.nominate(game=game, seat=seats[2], target=seats[0], now=during)
    flow.resolve_due(now=at["day_deadline"])
    day.refresh_from_db()
    seats[0].refresh_from_db()
    assert day.resolved_at is not None and not seats[0].alive  # a lone nominee gets every vote (PITER-015)


def client_as(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


@override_settings(MAFIA_WEB_RULESETS=["forum", "piter", "classic", "cosmo", "werewolf18"])
def test_a_piter_player_nominates_and_votes_in_the_browser(personas, make_user) -> None:
    """The vote thread offers a nomination form in its window, lists the
    candidates, then offers a vote among them only."""
    game, day, at = piter_evening(personas, make_user)
    seats = list(game.players.seated().filter(alive=True))
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number)
    url = reverse("room", args=[game.slug, room.public_id])
    client = client_as(seats[0].user)
    # The page reads the clock: bring the evening to now, nominations open.
    shift = timezone.now() - at["nominations_open"] - timedelta(minutes=1)
    for deadline in day.deadlines.all():
        Deadline.objects.filter(pk=deadline.pk).update(due_at=deadline.due_at + shift)
    at = {kind: due + shift for kind, due in at.items()}
    flow.resolve_due(now=at["nominations_open"])
    page = client.get(url).content.decode()
    assert "Nominate" in page and "nobody has been named yet" in page
    response = client.post(
        reverse("nominate", args=[game.slug, room.public_id]), {"target": seats[1].public_id, "confirm": "on"}
    )
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert f"Candidates:</strong> {seats[1].nickname}" in page
    for deadline in day.deadlines.filter(done_at__isnull=True):  # the defence posts are over
        Deadline.objects.filter(pk=deadline.pk).update(due_at=deadline.due_at - timedelta(hours=3, minutes=5))
    flow.resolve_due(now=timezone.now())
    page = client_as(seats[2].user).get(url).content.decode()
    assert f'value="{seats[1].public_id}"' in page and f'value="{seats[3].public_id}"' not in page


@override_settings(MAFIA_WEB_RULESETS=["forum", "piter", "classic", "cosmo", "werewolf18"])
def test_the_host_may_open_a_forum_game_by_night(personas, make_user) -> None:
    """A house choice on "Host a game": the forum opens by day (FORUM-008)
    unless the host picks a night, as a game carried over would."""
    client = client_as(personas["alice"])
    page = client.get(reverse("game_new")).content.decode()
    assert 'name="opens_with"' in page and '<option value="day" selected>' in page
    form = {e.id: e.time for e in rulesets.get("forum").SCHEDULE}
    data = {**form, "title": "Night town", "ruleset": "forum", "timezone": "Europe/Moscow", "schedule": "standard"}
    data.update(fast_scale="1", signup_limit="20", post_minimum="0", autokills="automatic", opens_with="night")
    data["autopublish"] = "on"
    assert client.post(reverse("game_new"), data).status_code == 302
    game = Game.objects.get(title="Night town")
    flow.signup_open(game=game)
    for i in range(9):
        flow.nickname_register(game=game, user=make_user(f"nt{i}"), nickname=f"Owl {i}")
    game.refresh_from_db()
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    flow.game_start(game=game, now=START)
    assert flow.current_phase(game).key == "night-1"
    flow.resolve_due(now=flow.current_phase(game).deadlines.order_by("-due_at").first().due_at)
    game.refresh_from_db()
    assert flow.current_phase(game).key == "day-1"
    # The night's results open day 1's thread, not a day 2 that does not exist.
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=1)
    assert day_room.posts.filter(by_host=True).exists()


WEREWOLF = {"Wolf": "werewolf", "Seer": "seer", "Witch": "witch", "Hunter": "hunter", "Vil A": "villager"}
WEREWOLF["Vil B"] = "villager"


def werewolf_night(personas, make_user):
    """A small werewolf18 table dealt by hand, at night 1 (after the set-up
    step and day 1's sheriff election, where nobody voted)."""
    game, _seats, _accounts = dealt_game(personas["alice"], make_user, "werewolf18", WEREWOLF, now=START, fast=True)
    for _ in range(2):
        game.refresh_from_db()
        flow.resolve_due(now=flow.current_phase(game).deadlines.order_by("-due_at").first().due_at)
    game.refresh_from_db()
    night = flow.current_phase(game)
    assert night.key == "night-1"
    return game, night, {d.kind: d.due_at for d in night.deadlines.all()}


def test_the_werewolf18_witch_learns_the_knife_and_answers_by_her_own_deadline(personas, make_user) -> None:
    """WW18-071: the knives close an hour after the day; the witch, told
    whom they knifed (WW18-023), answers within the next half hour."""
    game, night, at = werewolf_night(personas, make_user)
    seats = {p.nickname: p for p in game.players.all()}
    flow.action_submit(game=game, seat=seats["Wolf"], ability="kill", targets=["Vil A"], team=True, now=night.opened_at)
    flow.resolve_due(now=at["night_actions"])
    witch_cabinet = flow.cabinet_of(seats["Witch"])
    assert witch_cabinet.posts.filter(by_host=True, body__contains="Vil A").exists()
    assert not flow.cabinet_of(seats["Seer"]).posts.filter(body__contains="Vil A").exists()
    later = at["night_actions"] + timedelta(minutes=1)
    with pytest.raises(flow.FlowError, match="Too late"):
        flow.action_submit(game=game, seat=seats["Wolf"], ability="kill", targets=["Vil B"], team=True, now=later)
    assert [s.ability for s in flow.open_slots(game, seats["Witch"])] == ["save", "poison"]
    assert not [s for s in flow.open_slots(game, seats["Seer"]) if s.ability == "check"]
    flow.action_submit(game=game, seat=seats["Witch"], ability="save", targets=["Vil A"], now=later)
    flow.resolve_due(now=at["witch"])
    seats["Vil A"].refresh_from_db()
    assert seats["Vil A"].alive  # saved by the antidote (WW18-025)
    assert flow.current_phase(game).key == "day-2"


def test_the_werewolf18_hunter_hands_in_his_shot_after_the_vote_closes(personas, make_user) -> None:
    """WW18-071: the exit orders are due 30 minutes after the vote's close."""
    game, night, at = werewolf_night(personas, make_user)
    flow.resolve_due(now=at["witch"])
    game.refresh_from_db()
    day = flow.current_phase(game)
    due = {d.kind: d.due_at for d in day.deadlines.all()}
    seats = {p.nickname: p for p in game.players.all()}
    # Each writes four posts and his vote, the day's five: day 1's silence
    # already cost two yellow cards, a third would send him off (潜水, WW18-067).
    day_room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=day.number)
    for name in ("Seer", "Witch", "Wolf", "Vil A", "Vil B", "Hunter"):
        for n in range(4):
            flow.post_create(room=day_room, seat=seats[name], body=f"Post {n}", now=day.opened_at)
    for voter in ("Seer", "Witch", "Wolf", "Vil A", "Vil B"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Hunter"], now=day.opened_at)
    flow.vote_cast(game=game, seat=seats["Hunter"], target=seats["Wolf"], now=day.opened_at)
    flow.resolve_due(now=due["vote"])
    # §2 «The count is published» at the close, so the hunter knows he is out
    # (in the game's language, the document's Chinese by default).
    closed = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=day.number).posts.order_by("-number").first()
    assert closed.by_host and "投票已截止" in closed.body and "Hunter — 5" in closed.body
    after_vote = due["vote"] + timedelta(minutes=5)
    with pytest.raises(flow.FlowError, match="vote closed"):
        flow.vote_cast(game=game, seat=seats["Hunter"], target=seats["Wolf"], now=after_vote)
    flow.action_submit(game=game, seat=seats["Hunter"], ability="shoot", targets=["Wolf"], now=after_vote)
    flow.resolve_due(now=due["exit_orders"])
    game.refresh_from_db()
    seats["Wolf"].refresh_from_db()
    seats["Hunter"].refresh_from_db()
    assert not seats["Hunter"].alive and not seats["Wolf"].alive
    assert game.status == Game.Status.FINISHED and game.winner == "village"


def test_a_piter_host_warns_and_the_third_warning_removes(personas, make_user) -> None:
    """PITER-110/111: the host's penalty form lists the document's offences;
    the third warning removes the player and shows his card."""
    game, _day, _at = piter_evening(personas, make_user)
    target = game.players.seated().filter(alive=True).first()
    page = client_as(game.host).get(reverse("host", args=[game.slug])).content.decode()
    assert 'value="warning:insult"' in page and "Warning: insult" in page
    for _ in range(2):
        flow.penalty_apply(game=game, kind="warning:insult", target=target.nickname)
        target.refresh_from_db()
        assert target.alive
    flow.penalty_apply(game=game, kind="warning:obscene_language", target=target.nickname)
    target.refresh_from_db()
    assert not target.alive


def piter_nominations(personas, make_user, extra_minutes: bool, prefix: str = "pd") -> tuple[Game, list, Room, dict]:
    """A 10-seat piter game (``extra_minutes`` as given, PITER-122) on day 1
    with nominations open: ``Seat 1`` has nominated ``Seat 2``. Returns the
    game, its living seats (in seat order), the day thread and the day's
    deadlines by kind."""
    game = flow.game_create(
        host=personas["alice"], title="Evening", ruleset_id="piter", options={"extra_minutes": extra_minutes}
    )
    flow.signup_open(game=game)
    for i in range(10):
        flow.nickname_register(game=game, user=make_user(f"{prefix}{extra_minutes}{i}"), nickname=f"Seat {i + 1}")
    game.refresh_from_db()
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    flow.game_start(game=game, now=START)
    flow.resolve_due(now=flow.current_phase(game).deadlines.order_by("-due_at").first().due_at)
    game.refresh_from_db()
    day = flow.current_phase(game)
    at = {d.kind: d.due_at for d in day.deadlines.all()}
    seats = list(game.players.seated().filter(alive=True))
    room = Room.objects.get(game=game, kind=Room.Kind.DAY, day=day.number)
    flow.resolve_due(now=at["nominations_open"])
    flow.nominate(game=game, seat=seats[0], target=seats[1], now=at["nominations_open"])
    return game, seats, room, at


@pytest.mark.parametrize("extra_minutes", [False, True])
def test_in_piter_defence_window_only_candidates_post_once(personas, make_user, extra_minutes) -> None:
    """PITER-011: one defence post per nominee; PITER-122: with the
    ``extra_minutes`` option, one more, once a game."""
    game, seats, room, at = piter_nominations(personas, make_user, extra_minutes)
    flow.post_create(room=room, seat=seats[2], body="Before the defence anyone talks.", now=at["nominations_open"])
    defence = at["nominations_close"] + timedelta(minutes=1)
    flow.resolve_due(now=at["nominations_close"])
    with pytest.raises(flow.FlowError, match="Only today's candidates speak now"):
        flow.post_create(room=room, seat=seats[2], body="Me too!", now=defence)
    flow.post_create(room=room, seat=seats[1], body="I am a plain citizen.", now=defence)
    if extra_minutes:
        flow.post_create(room=room, seat=seats[1], body="One more minute, please.", now=defence)
    with pytest.raises(flow.FlowError, match="given your defence post"):
        flow.post_create(room=room, seat=seats[1], body="And another thing.", now=defence)
    after = at["defence_close"] + timedelta(minutes=1)
    flow.post_create(room=room, seat=seats[2], body="Now everybody talks again.", now=after)


def test_the_witchs_cabinet_names_her_own_later_deadline(personas, make_user) -> None:
    """WW18-071: the knives close at 23:00, the witch's potions, open from
    then, at 23:30."""
    game, night, at = werewolf_night(personas, make_user)
    flow.resolve_due(now=at["night_actions"])
    witch = game.players.get(nickname="Witch")
    page = client_as(witch.user).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert f"This choice closes at {flow.local_deadline(game, at['witch'])}." in page
    seer = game.players.get(nickname="Seer")
    page = client_as(seer.user).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "This choice closes at" not in page


def test_werewolf18_cards_are_given_by_the_host_and_counted_when_the_phase_resolves(personas, make_user) -> None:
    """WW18-069: the directors' cards, from the host's penalty form; a red
    card removes the player when the phase resolves."""
    game, night, at = werewolf_night(personas, make_user)
    page = client_as(game.host).get(reverse("host", args=[game.slug])).content.decode()
    assert 'value="card:red"' in page and 'value="card:blue"' in page
    response = client_as(game.host).post(
        reverse("host_penalty", args=[game.slug]), {"kind": "card:red", "target": "Vil B"}
    )
    assert response.status_code == 302
    assert game.players.get(nickname="Vil B").alive  # counted at the night's end, not at once
    flow.resolve_due(now=at["witch"])
    assert not game.players.get(nickname="Vil B").alive


def test_a_card_in_the_werewolf18_setup_step_is_refused(personas, make_user) -> None:
    game = hosted_game(personas["alice"], make_user, "werewolf18", "", 18, seed=3)
    target = game.players.seated().first().nickname
    with pytest.raises(flow.FlowError, match="during a day or a night"):
        flow.penalty_apply(game=game, kind="card:yellow", target=target)
