"""Game flow transitions on the real database: sign-up, draw, votes,
choices, deadlines, results, victory (forum ruleset)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import flow
from games.models import Action, Deadline, Event, Phase, Post, Resolution, Room, Vote

pytestmark = pytest.mark.django_db


def everyone_votes_for(game, seats, target: str, excepted: str = "Plain Two") -> None:
    """Every living seat votes for ``target`` (who votes for ``excepted``)."""
    for nick, seat in seats.items():
        seat.refresh_from_db()
        if seat.alive:
            flow.vote_cast(game=game, seat=seat, target=seats[excepted if nick == target else target])


def test_it_opens_day_one_with_its_threads_and_deadlines(forum_game) -> None:
    """Day 1: a day thread and a vote thread (FORUM-013), and the 14:00 /
    21:00 deadlines in the game's time zone (FORUM-012, FORUM-009)."""
    game, _seats = forum_game
    phase = flow.current_phase(game)
    assert (phase.kind, phase.number) == ("day", 1)
    kinds = set(Room.objects.filter(game=game, day=1).values_list("kind", flat=True))
    assert kinds == {"day", "vote"}
    local = {d.kind: flow.local_deadline(game, d.due_at) for d in phase.deadlines.all()}
    assert local["day_actions"].split(" ")[1] == "14:00" and local["vote"].split(" ")[1] == "21:00"


def test_it_deals_each_role_to_its_cabinet(forum_game) -> None:
    """Every seat learns its role in its cabinet; the mafia gets its room."""
    game, seats = forum_game
    card = flow.cabinet_of(seats["Clyde"]).posts.first()
    assert "cop" in card.body.lower() or "коп" in card.body.lower()
    room = Room.objects.get(game=game, kind="team", key="mafia")
    assert set(room.members.values_list("nickname", flat=True)) == {"Bonnie", "Mafia Two"}


def test_a_vote_is_counted_once_and_cannot_change(forum_game) -> None:
    """One vote per player per day, never changed (FORUM-019)."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Plain One"], target=seats["Bonnie"])
    with pytest.raises(flow.FlowError, match="cannot be changed"):
        flow.vote_cast(game=game, seat=seats["Plain One"], target=seats["Doc"])
    assert Vote.objects.filter(game=game).count() == 1


def test_a_late_vote_is_refused_with_the_deadline_shown(forum_game) -> None:
    """A vote after 21:00 is refused and the message shows the deadline in
    the game's time zone (FORUM-165)."""
    game, seats = forum_game
    deadline = flow.current_phase(game).deadlines.get(kind="vote")
    with pytest.raises(flow.FlowError, match=r"21:00 UTC\+3"):
        flow.vote_cast(
            game=game, seat=seats["Plain One"], target=seats["Bonnie"], now=deadline.due_at + timedelta(minutes=1)
        )


def test_a_night_choice_is_refused_after_its_deadline(forum_game) -> None:
    """A cop's shot after 22:00 is refused with the deadline shown."""
    game, seats = forum_game
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    night = flow.current_phase(game)
    due = night.deadlines.get().due_at
    with pytest.raises(flow.FlowError, match="22:00"):
        flow.action_submit(
            game=game, seat=seats["Clyde"], ability="shoot", targets=["Bonnie"], now=due + timedelta(seconds=5)
        )


def test_a_choice_the_rules_refuse_gets_the_rulesets_reason(forum_game) -> None:
    """The cop may not shoot himself: refused with a sentence."""
    game, seats = forum_game
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    with pytest.raises(flow.FlowError) as err:
        flow.action_submit(game=game, seat=seats["Clyde"], ability="shoot", targets=["Clyde"])
    assert str(err.value).endswith(".")


def test_the_vote_deadline_eliminates_and_opens_the_night(forum_game) -> None:
    """At 21:00 the vote is counted: the leader leaves and his card is
    revealed (FORUM-014); the night opens (FORUM-010)."""
    game, seats = forum_game
    for voter in ("Clyde", "Doc", "Plain One", "Plain Two", "Plain Three"):
        flow.vote_cast(game=game, seat=seats[voter], target=seats["Bonnie"])
    flow.vote_cast(game=game, seat=seats["Bonnie"], target=seats["Doc"])
    flow.vote_cast(game=game, seat=seats["Mafia Two"], target=seats["Doc"])
    vote = flow.current_phase(game).deadlines.get(kind="vote")
    assert flow.resolve_due(vote.due_at + timedelta(seconds=1)) == 2
    seats["Bonnie"].refresh_from_db()
    assert not seats["Bonnie"].alive and seats["Bonnie"].revealed_role == "don"
    assert flow.current_phase(game).kind == "night"
    results = Post.objects.filter(room__kind="vote", by_host=True).last()
    assert "Bonnie" in results.body


def test_a_deadline_fires_once_even_when_processed_twice(forum_game) -> None:
    """Processing the same due deadlines again changes nothing."""
    game, _seats = forum_game
    later = timezone.now() + timedelta(days=2)
    first = flow.resolve_due(later)
    snapshot = (Resolution.objects.count(), Event.objects.count(), Post.objects.count(), Phase.objects.count())
    assert first >= 1
    assert flow.resolve_due(later) == 0
    assert (Resolution.objects.count(), Event.objects.count(), Post.objects.count(), Phase.objects.count()) == snapshot


def test_missed_deadlines_are_caught_up_in_order(forum_game) -> None:
    """After a long outage every missed deadline fires, oldest first, each
    once; nobody votes, so the document's autokills apply (FORUM-163)."""
    game, _seats = forum_game
    flow.resolve_due(timezone.now() + timedelta(days=10))
    done = list(
        Deadline.objects.filter(phase__game=game)
        .exclude(done_at=None)
        .order_by("done_at", "id")
        .values_list("due_at", flat=True)
    )
    assert done == sorted(done)
    assert (
        Resolution.objects.filter(deadline__phase__game=game).count()
        == Deadline.objects.filter(phase__game=game, resolves=True).exclude(done_at=None).count()
    )
    game.refresh_from_db()
    assert game.status == "finished" and game.winner


def test_a_draft_waits_for_the_host_and_a_correction_is_logged(forum_game) -> None:
    """With results held as drafts, nothing is published until the host
    does; a corrected results post is logged."""
    game, seats = forum_game
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    resolution = Resolution.objects.get(deadline__phase__game=game)
    assert resolution.published_post is None and resolution.results
    post = flow.results_publish(resolution=resolution, text=resolution.results)
    flow.results_publish(resolution=resolution, text=resolution.results + "\nCorrected.")
    post.refresh_from_db()
    assert post.body.endswith("Corrected.") and post.edited_at
    assert Event.objects.filter(game=game, kind="results_corrected").exists()


def test_a_replacement_keeps_the_seat(forum_game, make_user) -> None:
    """A new account takes over the nickname; role and votes stay with the seat."""
    game, seats = forum_game
    flow.vote_cast(game=game, seat=seats["Plain One"], target=seats["Bonnie"])
    newcomer = make_user("newcomer")
    flow.player_replace(game=game, player=seats["Plain One"], new_user=newcomer)
    seat = game.players.get(nickname="Plain One")
    assert seat.user == newcomer and seat.role == "citizen" and seat.votes_cast.count() == 1


def test_a_modkill_removes_the_player_and_reveals_the_role(forum_game) -> None:
    """The host's disqualification takes the player out publicly."""
    game, seats = forum_game
    flow.player_modkill(game=game, player=seats["Plain Two"])
    seat = game.players.get(nickname="Plain Two")
    assert not seat.alive and seat.revealed_role == "citizen"
    assert Event.objects.filter(game=game, kind="penalty", audience="public").exists()


def test_victory_ends_the_game_and_reveals_every_role(forum_game) -> None:
    """When a side wins the game finishes and every role is published."""
    game, seats = forum_game
    for nick in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=seats[nick])
    game.refresh_from_db()
    if game.status != "finished":
        flow.resolve_due(timezone.now() + timedelta(days=30))
        game.refresh_from_db()
    assert game.status == "finished"
    final = Post.objects.filter(room__game=game, by_host=True).last()
    assert all(nick in final.body for nick in seats)


def test_a_waived_autokill_does_not_happen(forum_game) -> None:
    """The host waives the autokill of a player who did not vote
    (FORUM-163 made automatic, overridden by the host)."""
    game, seats = forum_game
    everyone_votes_for(game, seats, "Plain Three")
    Vote.objects.filter(voter=seats["Plain One"]).delete()
    flow.autokill_decide(game=game, player=seats["Plain One"], decision="waive")
    flow.phase_resolve_now(game=game)
    assert game.players.get(nickname="Plain One").alive
    assert not game.players.get(nickname="Plain Three").alive


def test_in_a_host_confirms_game_only_confirmed_autokills_happen(forum_game) -> None:
    """With autokills waiting for the host, nobody who did not vote leaves
    unless the host confirmed it."""
    game, seats = forum_game
    game.options = {**game.options, "autokills": "host_confirms"}
    game.save(update_fields=["options"])
    flow.autokill_decide(game=game, player=seats["Plain Two"], decision="confirm")
    flow.phase_resolve_now(game=game)
    alive = set(game.players.alive().values_list("nickname", flat=True))
    assert alive == set(seats) - {"Plain Two"}


def test_a_three_sided_draw_gives_each_criminal_team_its_room(personas, make_user) -> None:
    """In the three-sided game the draw deals one Don to each criminal team
    (FORUM-004), and each team gets its own room."""
    game = flow.game_create(host=personas["alice"], title="Big town", ruleset_id="forum", variant="three_sided")
    flow.signup_open(game=game)
    for i in range(16):
        flow.nickname_register(game=game, user=make_user(f"u{i}"), nickname=f"Guest {i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    rooms = {r.key: set(r.members.values_list("role", flat=True)) for r in Room.objects.filter(game=game, kind="team")}
    assert set(rooms) == {"mafia", "maniacs"}
    assert all("don" in roles for roles in rooms.values())


def test_a_dead_team_member_stays_in_the_team_room(forum_game) -> None:
    """A mafioso voted out keeps reading his team's room (games.access)."""
    game, seats = forum_game
    everyone_votes_for(game, seats, "Mafia Two")
    flow.phase_resolve_now(game=game)
    room = Room.objects.get(game=game, kind="team", key="mafia")
    assert room.members.filter(nickname="Mafia Two", alive=False).exists()


def test_the_host_sets_a_secret_bonus_for_a_seated_player(personas, make_user) -> None:
    """The Bonus (FORUM-125) names a seated nickname and a game day; a name
    that is not seated is refused."""
    game = flow.game_create(host=personas["alice"], title="Bonus town", ruleset_id="forum")
    flow.signup_open(game=game)
    flow.nickname_register(game=game, user=make_user("b1"), nickname="Lucky")
    with pytest.raises(flow.FlowError, match="not a seated nickname"):
        flow.options_set(game=game, options={"bonus": {"player": "Nobody", "day": 2}})
    flow.options_set(game=game, options={"bonus": {"player": "Lucky", "day": 2}})
    game.refresh_from_db()
    assert game.options["bonus"] == {"player": "Lucky", "day": 2}


def test_accounts_are_revealed_after_the_game_only_if_the_game_says_so(forum_game, client, personas) -> None:
    """A finished game shows the account behind each nickname to everyone
    only when its host chose so; before that only the host sees them."""
    game, seats = forum_game
    url = f"/g/{game.slug}/"
    client.force_login(personas["dave"])
    assert b"carol" not in client.get(url).content
    for nick in ("Bonnie", "Mafia Two"):
        flow.player_modkill(game=game, player=seats[nick])
    game.refresh_from_db()
    assert game.status == "finished"
    assert b"carol" not in client.get(url).content
    game.reveal_accounts = True
    game.save(update_fields=["reveal_accounts"])
    assert b"(carol)" in client.get(url).content


def test_a_player_killed_at_night_has_one_post_in_the_next_day_thread(forum_game) -> None:
    """«Мертвые (после смерти) имеют право написать в основной теме только
    1 пост»: killed in night 1, his one post goes to the day 2 thread."""
    from games import access

    game, seats = forum_game
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    flow.action_submit(game=game, seat=seats["Bonnie"], ability="kill", targets=["Plain One"], team=True)
    flow.phase_resolve_now(game=game)
    dead = game.players.get(nickname="Plain One")
    assert not dead.alive
    day2 = Room.objects.get(game=game, kind="day", day=2)
    assert access.post_refusal(dead.user, day2, dead) is None
    flow.post_create(room=day2, seat=dead, body="Avenge me.")
    dead.refresh_from_db()
    assert access.post_refusal(dead.user, day2, dead) is not None


def test_the_cops_check_reaches_the_shared_cabinet(forum_game) -> None:
    """The cop's check lands in his cabinet and in the cabinet he shares
    with the cop's assistant (the cops' room of the forum game)."""
    game, seats = forum_game
    everyone_votes_for(game, seats, "Plain Three")
    flow.phase_resolve_now(game=game)
    flow.action_submit(game=game, seat=seats["Clyde"], ability="shoot", targets=["Plain One"])
    flow.phase_resolve_now(game=game)
    shared = Room.objects.get(game=game, kind="cabinet", key="cop")
    assert "Plain One" in shared.posts.last().body
    assert "Plain One" in flow.cabinet_of(seats["Clyde"]).posts.last().body


def test_a_game_with_house_rules_its_engine_cannot_read_does_not_start(personas, make_user) -> None:
    """House rules saved before they were checked (a Bonus day "soon",
    FORUM-125) stop the start with the option named, instead of breaking
    every resolution afterwards."""
    game = flow.game_create(host=personas["alice"], title="Poisoned town", ruleset_id="forum")
    flow.signup_open(game=game)
    for i in range(7):
        flow.nickname_register(game=game, user=make_user(f"acct{i}"), nickname=f"S{i}")
    flow.roles_draw(game=game, composition=flow.proposed_composition(game))
    game.refresh_from_db()
    poison = {"bonus": {"player": "S0", "day": "soon"}}
    game.options = {**game.options, **poison}
    game.state = {**game.state, "options": {**game.state["options"], **poison}}
    game.save(update_fields=["options", "state"])
    with pytest.raises(flow.FlowError, match=r"\(bonus\) needs \"day\" to be a game day number"):
        flow.game_start(game=game)
    game.refresh_from_db()
    assert game.status == "signup"


def test_a_team_choice_is_withdrawn_only_by_a_living_member_who_may_hand_it_in(forum_game) -> None:
    """Withdrawing is guarded as handing in is: the Don hands in the
    mafia's kill (FORUM-021: each criminal team kills one player a night);
    a mafioso voted out the day before may not take it back — the host
    keeps seeing the team's choice — while the Don still may."""
    game, seats = forum_game
    everyone_votes_for(game, seats, "Mafia Two")
    flow.phase_resolve_now(game=game)
    kill = flow.action_submit(game=game, seat=seats["Bonnie"], ability="kill", targets=["Plain One"], team=True)
    voted_out = game.players.get(nickname="Mafia Two")
    assert not voted_out.alive
    with pytest.raises(flow.FlowError, match="Only a living member of the team"):
        flow.action_withdraw(game=game, seat=voted_out, action_id=kill.public_id)
    assert Action.objects.filter(pk=kill.pk).exists()
    flow.action_withdraw(game=game, seat=seats["Bonnie"], action_id=kill.public_id)
    assert not Action.objects.filter(pk=kill.pk).exists()
