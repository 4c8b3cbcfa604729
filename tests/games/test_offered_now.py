"""Only what is open to the player now is offered: nothing preselected in
a choice list, a confirmation before a ballot that cannot be taken back
(a nomination, a vote that cannot change, a once-a-game ability), and a
sentence instead of a form the player cannot use now."""

from __future__ import annotations

import re
from html import unescape

from django.urls import reverse
from django.utils import timezone

from games import flow
from games.models import Room, Vote

from .pages import client_as as persona_client
from .pages import rooms_of
from .test_every_ruleset import client_as
from .test_vote_laws import dealt_game

PITER = {
    "Ann": "mafioso",
    "Bea": "mafioso",
    "Cid": "citizen",
    "Dot": "citizen",
    "Eve": "citizen",
    "Fay": "citizen",
    "Gus": "citizen",
    "Hal": "doctor",
}


def _first_option(html: str, form_class: str, name: str = "target") -> str:
    """The first <option> of the select ``name`` in the form of class ``form_class``."""
    form = html.split(f'class="{form_class}"', 1)[1].split("</form>", 1)[0]
    select = form.split(f'name="{name}"', 1)[1].split("</select>", 1)[0]
    return re.search(r"<option[^>]*>[^<]*</option>", select).group(0)


def _room(game, kind: str, day: int) -> Room:
    return Room.objects.get(game=game, kind=kind, day=day)


def test_the_forum_vote_form_preselects_nobody_and_asks_for_a_confirmation(forum_game) -> None:
    """FORUM-019 (a vote cannot be changed): the vote form's first entry is
    the empty "— choose —", and a vote sent without ticking the
    confirmation is refused with the reason and not counted."""
    game, seats = forum_game
    vote_room = rooms_of(game)["vote"]
    html = persona_client("bob").get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert _first_option(html, "vote-form") == '<option value="" selected>— choose —</option>'
    assert 'name="confirm"' in html.split('class="vote-form"', 1)[1].split("</form>", 1)[0]
    url = reverse("vote", args=[game.slug, vote_room.public_id])
    refused = persona_client("bob").post(url, {"target": seats["Doc"].public_id}, follow=True).content.decode()
    assert "Tick the box to confirm: this choice cannot be taken back." in refused
    assert not Vote.objects.filter(game=game).exists()
    counted = persona_client("bob").post(url, {"target": seats["Doc"].public_id, "confirm": "on"}, follow=True)
    assert "Your vote for Doc is counted." in counted.content.decode()


def _piter_day(personas, make_user):
    """A piter game past its first night (PITER-003): day 1 open."""
    game, seats, accounts = dealt_game(personas["alice"], make_user, "piter", PITER, now=timezone.now(), language="en")
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    game.refresh_from_db()
    return game, seats, accounts


def test_piter_nomination_is_confirmed_and_preselects_nobody(personas, make_user) -> None:
    """PITER-010: one nomination each; the form offers no preselected name
    and asks for a confirmation; unconfirmed, nobody is nominated."""
    game, seats, accounts = _piter_day(personas, make_user)
    day = flow.current_phase(game)
    flow.resolve_due(now=day.deadlines.get(kind="nominations_open").due_at)
    vote_room = _room(game, Room.Kind.VOTE, 1)
    client = client_as(accounts["Cid"])
    html = client.get(reverse("room", args=[game.slug, vote_room.public_id])).content.decode()
    assert _first_option(html, "nominate-form") == '<option value="" selected>— choose —</option>'
    url = reverse("nominate", args=[game.slug, vote_room.public_id])
    page = client.post(url, {"target": seats["Ann"].public_id}, follow=True).content.decode()
    assert "Tick the box to confirm" in page
    assert not Vote.objects.filter(game=game).exists()
    page = client.post(url, {"target": seats["Ann"].public_id, "confirm": "on"}, follow=True).content.decode()
    assert "Ann is a candidate now." in page


def test_piter_defence_window_shows_a_non_candidate_why_instead_of_the_form(personas, make_user) -> None:
    """PITER-011: in the defence window only today's candidates post; a
    player who was not named reads why, and no post form, before writing."""
    game, seats, accounts = _piter_day(personas, make_user)
    day = flow.current_phase(game)
    flow.resolve_due(now=day.deadlines.get(kind="nominations_open").due_at)
    flow.nominate(
        game=game, seat=seats["Cid"], target=seats["Ann"], now=day.deadlines.get(kind="nominations_open").due_at
    )
    flow.resolve_due(now=day.deadlines.get(kind="nominations_close").due_at)
    day_room = _room(game, Room.Kind.DAY, 1)
    url = reverse("room", args=[game.slug, day_room.public_id])
    html = client_as(accounts["Dot"]).get(url).content.decode()
    assert "Only today's candidates speak now, one defence post each, until" in unescape(html)
    assert 'class="post-form"' not in html
    assert 'class="post-form"' in client_as(accounts["Ann"]).get(url).content.decode()


def test_a_classic_player_the_putana_visited_sees_why_instead_of_the_vote_form(personas, make_user) -> None:
    """CLASSIC-035: the visited player reads that he does not vote today,
    and gets no vote form; the others keep theirs."""
    roles = {"Ann": "mafioso", "Bea": "mafioso", "Cid": "citizen", "Dot": "citizen", "Eve": "citizen"}
    roles |= {"Fay": "citizen", "Gus": "citizen", "Hal": "citizen", "Ivy": "putana"}
    game, seats, accounts = dealt_game(
        personas["alice"], make_user, "classic", roles, now=timezone.now(), language="en"
    )
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)
    game.refresh_from_db()
    night = flow.current_phase(game)
    flow.action_submit(game=game, seat=seats["Ivy"], ability="visit", targets=["Cid"], now=night.opened_at)
    flow.resolve_due(now=night.deadlines.get().due_at)
    game.refresh_from_db()
    day = flow.current_phase(game)
    url = reverse("room", args=[game.slug, _room(game, Room.Kind.VOTE, day.number).public_id])
    html = client_as(accounts["Cid"]).get(url).content.decode()
    assert 'class="vote-form"' not in html
    assert 'class="muted vote-refusal"' in html and "putana" in html.lower()
    assert 'class="vote-form"' in client_as(accounts["Dot"]).get(url).content.decode()


def test_the_cosmo_judge_confirms_his_once_a_game_verdict(personas, make_user) -> None:
    """COSMO-016, COSMO-031: the judge's verdict is used once a game: its
    form preselects nobody and asks for a confirmation; unconfirmed, it is
    not handed in."""
    roles = {"Ann": "mafioso", "Bea": "mafioso", "Cid": "judge", "Dot": "citizen", "Eve": "citizen"}
    roles |= {"Fay": "citizen", "Gus": "citizen", "Hal": "citizen", "Ivy": "commissar", "Jon": "doctor"}
    game, seats, accounts = dealt_game(personas["alice"], make_user, "cosmo", roles, now=timezone.now(), language="en")
    flow.resolve_due(now=flow.current_phase(game).deadlines.get().due_at)  # the acquaintance night
    game.refresh_from_db()
    assert flow.current_phase(game).kind == "day"
    client = client_as(accounts["Cid"])
    html = client.get(reverse("cabinet", args=[game.slug])).content.decode()
    form = next(f for f in html.split("<form") if 'value="judge_verdict"' in f)
    assert 'name="confirm"' in form
    assert re.search(r'<option value="" selected>— choose —</option>', form)
    phase_key = flow.current_phase(game).key
    data = {"ability": "judge_verdict", "phase": phase_key, "target0": "Ann"}
    refused = client.post(reverse("cabinet", args=[game.slug]), data)
    assert refused.status_code == 400
    assert "Tick the box to confirm" in refused.content.decode()
    day = flow.current_phase(game)
    assert not day.actions.exists()
    done = client.post(reverse("cabinet", args=[game.slug]), {**data, "confirm": "on"})
    # Confirmed, the verdict is handed in, public and final: it closes the
    # day's vote, which is resolved at once (COSMO-030).
    assert done.status_code == 302 and day.actions.filter(ability="judge_verdict").exists()


def test_the_cabinet_preselects_no_target(personas, make_user) -> None:
    """A choice form's target list starts with the empty entry, so a
    player never hands in the first name by accident (the piter doctor's
    heal, night 2)."""
    game, _seats, accounts = _piter_day(personas, make_user)
    flow.phase_resolve_now(game=game)
    html = client_as(accounts["Hal"]).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert _first_option(html, "action-form", "target0") == '<option value="" selected>— choose —</option>'


def test_a_choice_sent_after_its_phase_was_resolved_names_the_deadline(personas, make_user) -> None:
    """A cabinet form sent after its phase was resolved is told which
    deadline closed it, in the game's time zone, not that the choice "is
    not open" to the player."""
    game, _seats, accounts = _piter_day(personas, make_user)
    flow.phase_resolve_now(game=game)  # night 2: the doctor heals
    phase = flow.current_phase(game)
    closed = flow.choice_deadline(phase)
    flow.phase_resolve_now(game=game)
    page = client_as(accounts["Hal"]).post(
        reverse("cabinet", args=[game.slug]), {"ability": "heal", "phase": phase.key, "target0": "Ann"}, follow=True
    )
    html = page.content.decode()
    assert "That choice is not open to you now." not in html
    closed.refresh_from_db()
    assert f"Too late: choices for {phase} closed at {flow.local_deadline(game, closed.due_at)}." in html


def test_a_voted_out_team_member_is_offered_no_withdrawal_of_the_teams_kill(forum_game) -> None:
    """FORUM-021: the Don hands in the mafia's kill; a mafioso voted out the
    day before still reads it among the handed-in choices, but is offered
    no "withdraw" (``flow.action_withdraw`` refuses him), while the Don is."""
    from .test_flow import everyone_votes_for

    game, seats = forum_game
    everyone_votes_for(game, seats, "Mafia Two")
    flow.phase_resolve_now(game=game)
    flow.action_submit(game=game, seat=seats["Bonnie"], ability="kill", targets=["Plain One"], team=True)
    out = seats["Mafia Two"].user.username
    page = persona_client(out).get(reverse("cabinet", args=[game.slug])).content.decode()
    receipts = page.split('class="receipts"', 1)[1].split("</ul>", 1)[0]
    assert "Plain One" in receipts and "withdraw" not in receipts
    don = persona_client(seats["Bonnie"].user.username).get(reverse("cabinet", args=[game.slug])).content.decode()
    assert "withdraw" in don.split('class="receipts"', 1)[1].split("</ul>", 1)[0]
