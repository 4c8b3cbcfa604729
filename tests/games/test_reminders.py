"""E-mail reminders and results drafts (``games.mailing``), on the forum
game of ``tests/conftest.py`` and the real database: a seat that still has
to vote or hand in a choice is mailed once, ``Game.reminder_minutes``
before the deadline closing it, in its account's language, at its own
address; the host of a game whose results wait gets each draft; the
settings page changes the logged-in account's own preference only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.mail import EmailMessage
from django.urls import reverse

from games import flow, mailing, tasks
from games.models import AccountLanguage, Deadline, Game, MailPreference, Player, Reminder, Resolution, Room

from .pages import client_as, kill_mafioso
from .test_views_host import NEW_GAME

pytestmark = pytest.mark.django_db

LATE = "Plain One"  # p3, a citizen: nothing to do by day but vote


@pytest.fixture
def game(forum_game) -> Game:
    """The forum game, every account with its own address."""
    game, _seats = forum_game
    for user in get_user_model().objects.all():
        user.email = f"{user.username}@mail.example"
        user.save(update_fields=["email"])
    game.refresh_from_db()
    return game


def seats(game: Game) -> dict[str, Player]:
    return {p.nickname: p for p in Player.objects.filter(game=game).select_related("user")}


def vote_deadline(game: Game) -> Deadline:
    return Deadline.objects.get(phase__game=game, phase__number=1, kind="vote")


def everyone_votes_but(game: Game, *late: str, target: str = "Plain Three", other: str = "Doc") -> None:
    """Every living seat but ``late`` votes for ``target`` (who votes for ``other``)."""
    by_name = seats(game)
    for nick, seat in by_name.items():
        if nick not in late and seat.alive:
            flow.vote_cast(game=game, seat=seat, target=by_name[other if nick == target else target])


def mails_to(username: str) -> list[EmailMessage]:
    return [m for m in mail.outbox if m.to == [f"{username}@mail.example"]]


def reminder_time(game: Game) -> tuple:
    """The vote's deadline and the moment its reminders are due."""
    deadline = vote_deadline(game)
    return deadline, deadline.due_at - timedelta(minutes=game.reminder_minutes)


# ---------------------------------------------------------------- reminders


def test_a_player_who_has_not_voted_is_reminded_once_at_the_right_time(game) -> None:
    """Not before the window, then one mail at his own address naming the
    game and his nickname with a link to the vote thread; a second and a
    third pass (the tick runs again) send nothing more; the voters get none."""
    everyone_votes_but(game, LATE)
    deadline, due = reminder_time(game)
    assert game.reminder_minutes == 90

    mailing.send_due(due - timedelta(seconds=1))
    assert not [m for m in mail.outbox if "vote" in m.body]

    mailing.send_due(due)
    mailing.send_due(due + timedelta(minutes=1))
    mailing.send_due(deadline.due_at - timedelta(seconds=1))

    votes = [m for m in mail.outbox if "vote thread" in m.body]
    assert [m.to for m in votes] == [["p3@mail.example"]]
    reminder = votes[0]
    assert "Test town" in reminder.subject and LATE in reminder.subject
    assert flow.local_deadline(game, deadline.due_at) in reminder.subject
    room = Room.objects.get(game=game, kind=Room.Kind.VOTE, day=1)
    link = f"{settings.SITE_URL}/g/{game.slug}/r/{room.public_id}/"
    assert link in reminder.body
    # The main account's name appears nowhere; the link's random slug and
    # room id are taken out first, as they may hold the letters "p3" by chance.
    assert "p3" not in reminder.subject + reminder.body.replace(link, "")
    assert reminder.cc == [] and reminder.bcc == []
    assert Reminder.objects.filter(deadline=deadline).count() == 1


def test_a_player_who_voted_gets_no_reminder(game) -> None:
    everyone_votes_but(game)
    deadline, due = reminder_time(game)
    mailing.send_due(due + timedelta(minutes=5))
    assert not [m for m in mail.outbox if "vote thread" in m.body]
    assert not Reminder.objects.filter(deadline=deadline).exists()


def test_reminders_are_sent_by_the_tick_once_even_when_it_runs_twice(game, monkeypatch) -> None:
    """The Celery tick sends them (at most every MAFIA_MAIL_EVERY_SECONDS per
    worker); two ticks, or two workers after one another, send one mail."""
    everyone_votes_but(game, LATE)
    _deadline, due = reminder_time(game)
    monkeypatch.setattr(mailing.timezone, "now", lambda: due + timedelta(seconds=30))
    monkeypatch.setattr(tasks, "_mailed_at", None)
    monkeypatch.setattr(settings, "MAFIA_MAIL_EVERY_SECONDS", 0)
    tasks.tick()
    tasks.tick()
    assert len(mails_to("p3")) == 1


def test_a_seat_already_reminded_by_another_worker_is_not_mailed_again(game) -> None:
    """The unique (deadline, seat) row a concurrent worker committed first
    wins: this pass finds it and sends nothing."""
    everyone_votes_but(game, LATE)
    deadline, due = reminder_time(game)
    Reminder.objects.create(deadline=deadline, player=seats(game)[LATE])
    mailing.send_due(due)
    assert mails_to("p3") == []


def test_a_reminder_that_fails_to_send_is_tried_again(game, monkeypatch) -> None:
    """The mail server refuses: the marker is rolled back with the mail,
    and the next pass sends it."""
    everyone_votes_but(game, LATE)
    deadline, due = reminder_time(game)
    real_send = EmailMessage.send

    def refuse(self, fail_silently=False):
        raise OSError("mail server down")

    monkeypatch.setattr(EmailMessage, "send", refuse)
    assert mailing.send_due(due) == 0
    assert not Reminder.objects.filter(deadline=deadline).exists()

    monkeypatch.setattr(EmailMessage, "send", real_send)
    assert mailing.send_due(due + timedelta(seconds=15)) == 1
    assert len(mails_to("p3")) == 1


def test_one_games_failure_does_not_hold_up_anothers(game, personas, make_user, monkeypatch) -> None:
    """Reading the older game's seats raises; the newer game's late voter is
    still reminded."""
    other = flow.game_create(host=personas["alice"], title="Other town", ruleset_id="forum", variant="two_sided")
    flow.signup_open(game=other)
    for i in range(7):
        user = make_user(f"o{i}")
        user.email = f"o{i}@mail.example"
        user.save(update_fields=["email"])
        flow.nickname_register(game=other, user=user, nickname=f"Other {i}")
    flow.roles_draw(game=other, composition=flow.proposed_composition(other))
    flow.game_start(game=other)
    everyone_votes_but(game, LATE)
    everyone_votes_but(other, "Other 0", target="Other 1", other="Other 2")
    real = flow.open_slots

    def broken(g, seat):
        if g.pk == game.pk:
            raise RuntimeError("a bug in this game")
        return real(g, seat)

    monkeypatch.setattr(flow, "open_slots", broken)
    _d, due = reminder_time(game)
    _d, other_due = reminder_time(other)
    mailing.send_due(max(due, other_due))
    assert mails_to("p3") == []
    assert len(mails_to("o0")) == 1


def test_an_opted_out_player_gets_no_reminder(game) -> None:
    everyone_votes_but(game, LATE)
    MailPreference.objects.create(user=seats(game)[LATE].user, reminders=False)
    _deadline, due = reminder_time(game)
    mailing.send_due(due)
    assert mails_to("p3") == []


def test_a_dead_player_gets_no_reminder(game) -> None:
    """Mafia Two, modkilled on day 1, can neither vote nor act."""
    kill_mafioso(game)
    everyone_votes_but(game, "Mafia Two")
    _deadline, due = reminder_time(game)
    mailing.send_due(due)
    assert mails_to("p1") == []


def test_a_game_with_reminders_off_sends_none(game) -> None:
    flow.reminders_set(game=game, minutes=0)
    everyone_votes_but(game, LATE)
    deadline, _due = reminder_time(game)
    mailing.send_due(deadline.due_at - timedelta(minutes=1))
    assert mail.outbox == []


def test_the_reminder_is_in_the_accounts_language(game) -> None:
    AccountLanguage.objects.create(user=seats(game)[LATE].user, language="ru")
    everyone_votes_but(game, LATE)
    _deadline, due = reminder_time(game)
    mailing.send_due(due)
    [reminder] = mails_to("p3")
    assert reminder.subject.startswith("Напоминание") and LATE in reminder.subject
    assert "проголосуйте" in reminder.body and "vote thread" not in reminder.body


def test_a_choice_not_handed_in_is_reminded_before_its_own_deadline(game) -> None:
    """The cop has a night check to hand in: reminded before the night's
    deadline with a link to the cabinet; once handed in, no more."""
    everyone_votes_but(game)
    flow.resolve_due(vote_deadline(game).due_at)
    game.refresh_from_db()
    night = Deadline.objects.get(phase__game=game, phase__kind="night", phase__number=1, kind="night")
    clyde = seats(game)["Clyde"]
    assert flow.open_slots(game, clyde)
    # The night lasts an hour (21:00 to 22:00): its reminder comes halfway
    # through, not 90 minutes ahead, before the night opened.
    mailing.send_due(night.due_at - timedelta(minutes=31))
    assert mails_to("carol") == []
    mailing.send_due(night.due_at - timedelta(minutes=30))
    [reminder] = mails_to("carol")
    assert f"{settings.SITE_URL}/g/{game.slug}/cabinet/" in reminder.body
    assert "Clyde" in reminder.subject
    assert mails_to("p3") == []  # a citizen has nothing to hand in at night


# ---------------------------------------------------------------- results drafts


def test_the_host_gets_the_results_draft_when_a_deadline_fires_and_results_wait(game) -> None:
    game.autopublish = False
    game.save(update_fields=["autopublish"])
    everyone_votes_but(game)
    deadline = vote_deadline(game)
    flow.resolve_due(deadline.due_at)
    resolution = Resolution.objects.get(deadline=deadline)
    assert resolution.published_post is None

    mailing.send_due(deadline.due_at + timedelta(seconds=1))
    mailing.send_due(deadline.due_at + timedelta(seconds=20))

    [draft] = mails_to("alice")
    assert "Test town" in draft.subject
    assert resolution.results.strip() in draft.body
    assert f"{settings.SITE_URL}/g/{game.slug}/host/#results" in draft.body
    assert all(m.to == ["alice@mail.example"] for m in mail.outbox if resolution.results.strip() in m.body)


def test_no_draft_is_mailed_when_results_publish_themselves(game) -> None:
    everyone_votes_but(game)
    deadline = vote_deadline(game)
    flow.resolve_due(deadline.due_at)
    mailing.send_due(deadline.due_at + timedelta(seconds=1))
    assert mails_to("alice") == []


# ---------------------------------------------------------------- settings


def test_the_settings_page_requires_login(game) -> None:
    url = reverse("mail_settings")
    answer = client_as("anon").get(url)
    assert answer.status_code == 302 and reverse("account_login") in answer["Location"]
    answer = client_as("anon").post(url, {"reminders": ""})
    assert answer.status_code == 302 and not MailPreference.objects.exists()


def test_the_settings_page_changes_only_ones_own_preference(game) -> None:
    carol = get_user_model().objects.get(username="carol")
    MailPreference.objects.create(user=carol, reminders=True, drafts=True)
    client = client_as("citizen")
    page = client.get(reverse("mail_settings"))
    assert page.status_code == 200 and "p3@mail.example" in page.content.decode()

    answer = client.post(reverse("mail_settings"), {"drafts": "on", "user": carol.pk})

    assert answer.status_code == 302
    mine = MailPreference.objects.get(user__username="p3")
    assert not mine.reminders and mine.drafts
    carol_pref = MailPreference.objects.get(user=carol)
    assert carol_pref.reminders and carol_pref.drafts
    assert MailPreference.objects.count() == 2


def test_the_account_menu_links_to_the_settings_page(game) -> None:
    page = client_as("citizen").get(reverse("home")).content.decode()
    assert f'href="{reverse("mail_settings")}"' in page


# ---------------------------------------------------------------- the host's setting


def test_the_host_sets_the_reminder_when_creating_the_game(personas) -> None:
    """ "Host a game" offers the reminder (90 minutes unless changed); 0 turns it off."""
    host = client_as("alice")
    assert 'name="reminder_minutes" value="90"' in host.get(reverse("game_new")).content.decode()
    for title, typed in (("Quiet town", "0"), ("Default town", "")):
        data = {**NEW_GAME, "title": title, "reminder_minutes": typed}
        assert host.post(reverse("game_new"), data).status_code == 302
    assert Game.objects.get(title="Quiet town").reminder_minutes == 0
    assert Game.objects.get(title="Default town").reminder_minutes == 90


def test_the_host_changes_the_reminder_on_the_dashboard(game) -> None:
    host = client_as("alice")
    page = host.get(reverse("host", args=[game.slug])).content.decode()
    assert f'action="{reverse("host_reminders", args=[game.slug])}"' in page
    answer = host.post(reverse("host_reminders", args=[game.slug]), {"reminder_minutes": "30"})
    assert answer.status_code == 302
    game.refresh_from_db()
    assert game.reminder_minutes == 30
    host.post(reverse("host_reminders", args=[game.slug]), {"reminder_minutes": "-5"})
    game.refresh_from_db()
    assert game.reminder_minutes == 30
    stranger = client_as("citizen").post(reverse("host_reminders", args=[game.slug]), {"reminder_minutes": "0"})
    assert stranger.status_code == 404
    game.refresh_from_db()
    assert game.reminder_minutes == 30
