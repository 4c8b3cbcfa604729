"""The replay of a game (``games.reads.replay``, the ``replay`` page):
every resolved phase with each choice handed in, who made it with which
role on whom and the rules' trace of it in the reader's language, the
exits, every seat's role and side, the accounts where the game reveals
them; public once the game is over, and while it runs only for the host
and, where the host opened it to them, the players out of the game."""

from __future__ import annotations

import html as html_lib
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

import rulesets
from games import flow, trace_texts
from games.models import Action, Game, Phase, Player, Resolution, Vote
from games.reads.replay import role_of_choice

from .test_every_ruleset import hosted_game, play_to_the_end

RULESETS = [("forum", "two_sided", 9), ("classic", "", 9), ("piter", "", 10)]


def page(game: Game, client: Client | None = None, language: str = "en"):
    """The replay page of ``game`` as ``client`` (anonymous by default) gets it."""
    return (client or Client()).get(reverse("replay", args=[game.slug]), HTTP_ACCEPT_LANGUAGE=language)


def text_of(html: str) -> str:
    """What a reader reads of ``html``: tags dropped, entities unescaped,
    spaces collapsed."""
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", "", html)))


def section_html(html: str, anchor: str) -> str:
    """The HTML of the page's ``<section id="anchor">``, up to the next
    section with an id (a day's vote-flow rounds are sections of their own)."""
    start = html.find(f'<section id="{anchor}"')
    assert start >= 0, anchor
    end = html.find("<section id=", start + 1)
    return html[start : end if end > 0 else None]


def section(html: str, anchor: str) -> str:
    """The text of the page's ``<section id="anchor">``."""
    return text_of(section_html(html, anchor))


def seat_line(html: str, nickname: str) -> str:
    """The text of the seat ``nickname`` in the list of roles."""
    match = re.search(rf"<li[^>]*><strong>{re.escape(nickname)}</strong>(.*?)</li>", html, re.S)
    assert match, nickname
    return text_of(match.group(1))


def finished_game(personas, make_user, ruleset_id: str = "forum", variant: str = "two_sided", n: int = 9) -> Game:
    """A game of ``ruleset_id`` played to its winner."""
    game = hosted_game(personas["alice"], make_user, ruleset_id, variant, n, seed=11)
    play_to_the_end(game, random.Random(5))
    assert game.status == Game.Status.FINISHED
    return game


def running_game(personas, make_user) -> Game:
    """A forum game whose day 1 is resolved (two seats left by autokill)
    and whose night 1 is open."""
    game = hosted_game(personas["alice"], make_user, "forum", "two_sided", 9, seed=11)
    play_to_the_end(game, random.Random(5), max_phases=1)
    assert game.is_running and game.players.filter(alive=False).exists()
    return game


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def trace_for(resolution_trace: list[dict], action: Action) -> list[str]:
    """The English sentences of the trace lines about ``action``."""
    ruleset = flow.ruleset_of(action.phase.game)
    mine = []
    for entry in resolution_trace:
        data = entry.get("action") or {}
        if data.get("ability") != action.ability:
            continue
        if (action.team and data.get("team") == action.team) or (
            not action.team and not data.get("team") and data.get("actor") == action.actor.nickname
        ):
            mine.append(entry)
    with translation.override("en"):
        return [line.text for line in trace_texts.trace_lines(ruleset, mine)]


@pytest.mark.parametrize(("ruleset_id", "variant", "n"), RULESETS, ids=[r for r, _v, _n in RULESETS])
def test_the_replay_shows_each_night_choice_with_its_actor_target_and_outcome(
    personas, make_user, ruleset_id, variant, n
) -> None:
    game = finished_game(personas, make_user, ruleset_id, variant, n)
    html = page(game).content.decode()
    nights = game.phases.filter(kind=Phase.Kind.NIGHT, resolved_at__isnull=False)
    checked = 0
    for night in nights:
        actions = list(Action.objects.filter(phase=night).select_related("actor", "phase__game"))
        if not actions:
            continue
        shown = section(html, night.key)
        trace = [t for r in Resolution.objects.filter(deadline__phase=night) for t in r.outcome.get("trace", [])]
        for action in actions:
            seat = action.actor
            ability = flow.ruleset_of(game).ABILITIES.get(action.ability)
            name = ability.name.get("en", action.ability) if ability else action.ability
            targets = ", ".join(action.targets)
            assert f"{seat.nickname} (" in shown
            assert f"{name} → {targets}" in shown if targets else name in shown
            for sentence in trace_for(trace, action):
                assert sentence in shown
                checked += 1
    assert checked, "no night choice with an outcome was played"


def test_the_replay_shows_each_exit_with_its_role_and_side(personas, make_user) -> None:
    game = finished_game(personas, make_user)
    html = page(game).content.decode()
    ruleset = flow.ruleset_of(game)
    for seat in game.players.filter(alive=False):
        phase = next(
            p
            for p in game.phases.filter(resolved_at__isnull=False)
            if any(seat.nickname in r.outcome.get("out", []) for r in Resolution.objects.filter(deadline__phase=p))
        )
        shown = section(html, phase.key)
        role = ruleset.ROLES[seat.role].name["en"]
        team = ruleset.TEAMS[seat.team].name["en"]
        assert re.search(rf"{seat.nickname} — .*role: {re.escape(role)}.*side: {re.escape(team)}", shown)


def test_the_replay_shows_every_seat_role_and_side_and_the_winner(personas, make_user) -> None:
    game = finished_game(personas, make_user)
    html = page(game).content.decode()
    seats = section(html, "seats")
    ruleset = flow.ruleset_of(game)
    for seat in game.players.seated():
        assert f"{seat.nickname} — {ruleset.ROLES[seat.role].name['en']}" in seats
        assert ruleset.TEAMS[seat.team].name["en"] in seats
    assert f"Winner: {ruleset.TEAMS[game.winner].name['en']}" in section(html, "outcome")


def test_a_day_has_its_vote_flow_with_every_ballot_the_vote_thread_and_the_tally(personas, make_user) -> None:
    """Each day of the replay draws its vote flow (the picture and a step
    table with one row per ballot of the day) beside the published tally."""
    game = finished_game(personas, make_user)
    html = page(game).content.decode()
    assert '<div id="vote-flow-day-1" class="vote-flow">' in html
    shown = section(html, "day-1")
    assert "Vote flow" in shown and "The vote thread of day 1" in shown
    assert "Vote count:" in shown
    raw = section_html(html, "day-1")
    assert 'class="vote-flow-chart"' in raw
    ballots = Vote.objects.filter(game=game, day=1, vote_round=1).select_related("voter")
    table = raw[raw.index('class="list vote-flow-steps"') :]
    table = table[: table.index("</table>")]
    assert table.count("<tr") - 1 == ballots.count() > 0
    for ballot in ballots:
        assert f'<th scope="row">{ballot.voter.nickname}</th>' in table


def test_the_accounts_are_shown_only_where_the_game_reveals_them(personas, make_user) -> None:
    game = finished_game(personas, make_user)
    usernames = [seat.user.username for seat in game.players.seated().select_related("user")]
    hidden = page(game).content.decode()
    assert not any(name in hidden for name in usernames)
    game.reveal_accounts = True
    game.save(update_fields=["reveal_accounts"])
    shown = section(page(game).content.decode(), "seats")
    assert all(name in shown for name in usernames)


def test_everyone_reads_the_replay_once_the_game_is_over(personas, make_user) -> None:
    game = finished_game(personas, make_user)
    living = game.players.seated().filter(alive=True).first()
    assert page(game).status_code == 200
    assert page(game, logged_in(personas["bob"])).status_code == 200
    assert page(game, logged_in(living.user)).status_code == 200
    game_page = Client().get(reverse("game", args=[game.slug])).content.decode()
    assert reverse("replay", args=[game.slug]) in game_page


def test_during_the_game_a_stranger_gets_nothing_of_the_replay(personas, make_user) -> None:
    game = running_game(personas, make_user)
    assert page(game).status_code == 404
    assert page(game, logged_in(personas["bob"])).status_code == 404
    game_page = Client().get(reverse("game", args=[game.slug])).content.decode()
    assert reverse("replay", args=[game.slug]) not in game_page


def test_during_the_game_a_living_player_gets_nothing_of_the_replay(personas, make_user) -> None:
    game = running_game(personas, make_user)
    flow.game_settings_set(game=game, edit_minutes=5, language="en", replay_for_the_dead=True)
    living = game.players.seated().filter(alive=True).first()
    assert page(game, logged_in(living.user)).status_code == 404


def test_during_the_game_a_dead_player_gets_nothing_unless_the_host_opens_it(personas, make_user) -> None:
    game = running_game(personas, make_user)
    dead = game.players.seated().filter(alive=False).first()
    assert page(game, logged_in(dead.user)).status_code == 404
    game_page = logged_in(dead.user).get(reverse("game", args=[game.slug])).content.decode()
    assert reverse("replay", args=[game.slug]) not in game_page


def test_a_dead_player_reads_the_replay_up_to_now_where_the_host_opened_it(personas, make_user) -> None:
    game = running_game(personas, make_user)
    flow.game_settings_set(game=game, edit_minutes=5, language="en", replay_for_the_dead=True)
    night = flow.current_phase(game)
    living = game.players.seated().filter(alive=True)
    doctor = next(p for p in living if p.role == "doctor")
    flow.action_submit(game=game, seat=doctor, ability="heal", targets=[doctor.nickname], now=night.opened_at)
    dead = game.players.seated().filter(alive=False).first()
    response = page(game, logged_in(dead.user))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Day 1" in section(html, "day-1")
    assert 'id="night-1"' not in html  # the open night's choices stay hidden
    game_page = logged_in(dead.user).get(reverse("game", args=[game.slug])).content.decode()
    assert reverse("replay", args=[game.slug]) in game_page


def test_the_host_reads_the_replay_during_the_game(personas, make_user) -> None:
    game = running_game(personas, make_user)
    assert page(game, logged_in(personas["alice"])).status_code == 200


def test_the_host_opens_the_replay_to_the_dead_from_the_game_settings(personas, make_user) -> None:
    game = running_game(personas, make_user)
    host = logged_in(personas["alice"])
    response = host.post(
        reverse("host_settings", args=[game.slug]),
        {"edit_minutes": "5", "language": "en", "replay_for_the_dead": "on"},
    )
    assert response.status_code in (200, 302)
    game.refresh_from_db()
    assert flow.replay_open_to_the_dead(game)
    dead = game.players.seated().filter(alive=False).first()
    assert page(game, logged_in(dead.user)).status_code == 200


@pytest.mark.parametrize("language", ["ru", "zh-hans"])
def test_the_trace_is_shown_in_the_reader_language(personas, make_user, language) -> None:
    game = finished_game(personas, make_user)
    ruleset = flow.ruleset_of(game)
    night = game.phases.get(kind=Phase.Kind.NIGHT, number=1)
    trace = [t for r in Resolution.objects.filter(deadline__phase=night) for t in r.outcome.get("trace", [])]
    with translation.override("en"):
        english = [line.text for line in trace_texts.trace_lines(ruleset, trace)]
    with translation.override(language):
        translated = [line.text for line in trace_texts.trace_lines(ruleset, trace)]
    html = page(game, language=language).content.decode()
    assert {"ru": "Роли и стороны", "zh-hans": "身份与阵营"}[language] in html
    shown = section(html, "night-1")
    assert all(sentence in shown for sentence in translated)
    assert not any(sentence in shown for sentence in set(english) - set(translated))
    assert set(english) != set(translated)


def test_a_replacement_and_a_modkill_are_shown(personas, make_user) -> None:
    game = running_game(personas, make_user)
    living = list(game.players.seated().filter(alive=True))
    flow.player_replace(game=game, player=living[0], new_user=personas["carol"])
    flow.player_modkill(game=game, player=living[1])
    html = page(game, logged_in(personas["alice"])).content.decode()
    assert f"A replacement took over {living[0].nickname}" in section(html, "replacements")
    assert f"{living[1].nickname}: " in section(html, "penalties")
    assert "(out in Night 1)" in seat_line(html, living[1].nickname)
    assert "carol" not in html  # the accounts stay hidden


def test_a_converted_seat_shows_the_role_and_side_it_was_dealt(personas, make_user) -> None:
    """WW18 §6: the mixed-blood joins the side of the player he supports."""
    game = hosted_game(personas["alice"], make_user, "werewolf18", "", 18, seed=3)
    phase = flow.current_phase(game)
    blood = game.players.get(role="mixed_blood")
    dealt_team = blood.team
    other = game.players.exclude(pk=blood.pk).exclude(team=dealt_team).first()
    flow.action_submit(game=game, seat=blood, ability="support", targets=[other.nickname], now=phase.opened_at)
    flow.resolve_due(now=phase.deadlines.get().due_at)
    blood.refresh_from_db()
    assert blood.team != dealt_team
    html = page(game, logged_in(personas["alice"])).content.decode()
    ruleset = flow.ruleset_of(game)
    seats = section(html, "seats")
    assert re.search(
        rf"{blood.nickname} — .*{ruleset.TEAMS[blood.team].name['en']} "
        rf"\(dealt as {ruleset.ROLES['mixed_blood'].name['en']}[^,]*, {ruleset.TEAMS[dealt_team].name['en']}\)",
        seats,
    )


@pytest.mark.parametrize(("ruleset_id", "n"), [("cosmo", 10), ("werewolf18", 18)])
def test_the_replay_of_every_ruleset_shows_each_resolved_phase_in_order(personas, make_user, ruleset_id, n) -> None:
    game = finished_game(personas, make_user, ruleset_id, "", n)
    html = page(game).content.decode()
    resolved = [p.key for p in game.phases.filter(resolved_at__isnull=False).order_by("opened_at", "id")]
    shown = re.findall(r'<section id="((?:day|night|setup)-[0-9.]+)"', html)
    assert shown == resolved


@pytest.mark.parametrize(
    ("ruleset_id", "variant", "n"),
    [("forum", "two_sided", 9), ("piter", "", 10), ("cosmo", "", 10), ("werewolf18", "", 18)],
    ids=["forum", "piter", "cosmo", "werewolf18"],
)
def test_each_day_lists_who_the_vote_put_out_as_the_ruleset_announces_it(
    personas, make_user, ruleset_id, variant, n
) -> None:
    """«Voted out» names the players the day's vote removed, whatever the
    ruleset calls it: eliminated (FORUM-014, WW18-046), executed (PITER-016),
    jailed (COSMO-012, COSMO-030): the day's exits announced with one of the
    ruleset's ``VOTE_EXITS`` kinds."""
    game = finished_game(personas, make_user, ruleset_id, variant, n)
    ruleset = flow.ruleset_of(game)
    html = page(game).content.decode()
    listed = 0
    for day in game.phases.filter(kind=Phase.Kind.DAY, resolved_at__isnull=False):
        announcements = [
            a for r in Resolution.objects.filter(deadline__phase=day) for a in r.outcome.get("announcements", [])
        ]
        out = [a["player"] for a in announcements if a.get("kind") in ruleset.VOTE_EXITS]
        shown = section(html, day.key)
        voted = shown[shown.index("Voted out") : shown.index("Vote flow")]
        if out:
            listed += 1
            assert ", ".join(out) in voted and "Nobody was voted out" not in voted
        else:
            assert "Nobody was voted out" in voted
    assert listed, "no day of the game voted anybody out"


def test_a_choice_made_before_a_conversion_names_the_role_that_held_it() -> None:
    """A seat converted later (PITER-060's Komsomolets taking over as Oper
    and the like) shows, on a choice only its dealt role could make, the
    dealt role; a choice its final role holds shows the final role."""
    ruleset = rulesets.get("piter")
    seat = Player(nickname="Seat 5", dealt_role="judge", role="oper")
    assert role_of_choice(ruleset, seat, "execute") == "judge"
    assert role_of_choice(ruleset, seat, "kill") == "oper"
    assert role_of_choice(ruleset, Player(nickname="Seat 6", role="oper"), "kill") == "oper"
