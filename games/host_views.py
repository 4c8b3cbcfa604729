"""The host's pages (Ведущий): sign-up, the draw, the dashboard and its
tools. Every view goes through ``access.game_for_host`` (the host or an
admin); anyone else gets a 404."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rulesets.core import day as day_rules

from . import access, event_log, flow, languages, page_cache, trace_texts, unread
from .forms import (
    CandidatesForm,
    CohostForm,
    CompositionForm,
    ExtendForm,
    GameSettingsForm,
    HouseRulesForm,
    PenaltyForm,
    RegisterNicknameForm,
    ReminderForm,
    ReplaceForm,
    ResolveNowForm,
    ResultsForm,
)
from .models import Action, Deadline, Event, Game, Player, Post, Resolution, Room
from .results import ability_name, role_name, team_name
from .views import form_errors, game_context


def _back(slug: str, anchor: str = "") -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("host", args=[slug]) + (f"#{anchor}" if anchor else ""))


def _run(request: HttpRequest, success: str, fn: Any, **kwargs: Any) -> bool:
    """Call a flow function; report success or its FlowError as a message."""
    try:
        fn(**kwargs)
    except flow.FlowError as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, success)
    return True


@login_required
@require_GET
@page_cache.kept_page
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    """Every seat's role, team and state; the choices handed in this phase
    and who has not acted; post counts per game day; the vote count; the
    automatic consequences to confirm; results drafts with the ruleset's
    trace in the host's language (``trace_texts``); the event log; an
    alert when a deadline of the game failed, and a note when a catch-up
    shifted the open phase's deadlines.

    What the host acts on comes first and fits two desktop screens (the
    alert, the phase with who has not acted and the vote, the drafts with
    their traces folded); the published results, the tools, the players
    and the event log follow (tests/e2e/test_host_dashboard.py)."""
    return _dashboard(request, access.game_for_host(request.user, slug))


@login_required
@require_GET
@page_cache.kept_page
def live(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: the dashboard's live part alone (choices handed in, who has
    not acted, the vote and the autokills), refreshed while a phase runs."""
    game = access.game_for_host(request.user, slug)
    ctx = game_context(request, game, None)
    seated = list(game.players.seated().select_related("user"))
    ctx.update(_phase_overview(game, ctx["phase"], seated, flow.ruleset_of(game)))
    return render(request, "games/_host_live.html", ctx)


def _dashboard(
    request: HttpRequest,
    game: Game,
    *,
    rules_form: HouseRulesForm | None = None,
    results_form: tuple[int, ResultsForm] | None = None,
    settings_form: GameSettingsForm | None = None,
) -> HttpResponse:
    """The dashboard page; a refused form given here is shown as typed,
    with its errors (status 400), in place of the blank one."""
    ruleset = flow.ruleset_of(game)
    ctx = game_context(request, game, None)
    phase = ctx["phase"]
    seats = list(game.players.select_related("user").order_by("joined_at", "id"))
    seated = [p for p in seats if p.status == Player.Status.SEATED]
    ctx.update(
        ruleset=ruleset,
        applicants=[p for p in seats if p.status == Player.Status.APPLIED],
        seated=[
            {"p": p, "role": role_name(ruleset, p.role) if p.role else "", "team": team_name(ruleset, p.team)}
            for p in seated
        ],
        register_form=RegisterNicknameForm(),
        rules_form=rules_form
        or HouseRulesForm(ruleset=ruleset, seated=[p.nickname for p in seated], current=game.options),
        extend_form=ExtendForm(),
        reminder_form=ReminderForm(initial={"reminder_minutes": game.reminder_minutes}),
        settings_form=settings_form
        or GameSettingsForm(initial={"edit_minutes": game.edit_minutes, "language": languages.game_language(game)}),
        # Edited posts with the text first posted, newest edit first.
        edited_posts=Post.objects.filter(room__game=game, edited_at__isnull=False)
        .exclude(original_body="")
        .select_related("room", "author")
        .order_by("-edited_at")[:50],
        penalty_form=PenaltyForm(ruleset=ruleset),
        candidates_form=_candidates_form(game, ruleset),
        replace_form=ReplaceForm(nicknames=[p.nickname for p in seated]),
    )
    if game.status == Game.Status.SIGNUP and not game.state and len(seated) >= ruleset.MIN_PLAYERS:
        try:
            proposed = flow.proposed_composition(game)
        except flow.FlowError as exc:
            proposed = {}
            ctx["composition_error"] = str(exc)
        ctx["composition_form"] = CompositionForm(ruleset=ruleset, proposed=proposed, players=len(seated))
    ctx.update(_phase_overview(game, phase, seated, ruleset))
    ctx.update(_deadline_notes(game, phase))
    ctx["post_counts"] = _post_counts(game, seated)
    ctx["inbox"] = unread.host_inbox(game)
    drafts = (
        Resolution.objects.filter(deadline__phase__game=game)
        .select_related("deadline__phase", "published_post")
        .order_by("-created_at")
    )
    refused_id, refused_form = results_form or (None, None)
    resolutions = [
        {
            "r": r,
            "form": refused_form if r.id == refused_id else ResultsForm(initial={"text": r.results}),
            "trace": trace_texts.trace_lines(ruleset, r.outcome.get("trace", [])),
            "rejected": r.outcome.get("rejected", []),
        }
        for r in drafts[:20]
    ]
    # The drafts waiting for the host come first on the page; the published
    # results (to correct) further down, each folded.
    ctx["resolutions"] = [item for item in resolutions if not item["r"].published_post_id]
    ctx["published"] = [item for item in resolutions if item["r"].published_post_id]
    log_kind = request.GET.get("log_kind", "")
    ctx["log_kinds"] = event_log.kind_choices(game)
    ctx["log_kind"] = log_kind if log_kind in dict(ctx["log_kinds"]) else ""
    ctx["log_page"], ctx["log_lines"] = event_log.page(game, ctx["log_kind"], request.GET.get("log_page", 1))
    ctx["cohosts"] = list(game.cohosts.order_by("username"))
    ctx["is_main_host"] = game.host_id == request.user.id
    refused = rules_form is not None or results_form is not None or settings_form is not None
    return render(request, "games/host.html", ctx, status=400 if refused else 200)


def _deadline_notes(game: Game, phase: Any) -> dict[str, Any]:
    """The failing deadline (error, attempts, next retry in the game's
    local time) and the catch-up shift of the open phase, if any."""
    ctx: dict[str, Any] = {}
    failing = Deadline.objects.failing().filter(phase__game=game).select_related("phase").first()
    if failing is not None:
        ctx["failing"] = {
            "d": failing,
            "failed": flow.local_deadline(game, failing.failed_at),
            "retry": flow.local_deadline(game, failing.retry_at) if failing.retry_at else "",
        }
    if phase is not None:
        shifted = (
            Event.objects.filter(game=game, kind="schedule_shifted")
            .filter(Q(data__key=phase.key) | Q(data__phase=str(phase)))
            .order_by("-id")
            .first()
        )
        if shifted is not None:
            ctx["shifted_minutes"] = shifted.data["minutes"]
        ctx["resolve_form"] = ResolveNowForm(initial={"phase": phase.key})
    return ctx


def _phase_overview(game: Game, phase: Any, seated: list[Player], ruleset: Any) -> dict[str, Any]:
    """Choices handed in, who still has a choice open, the vote and the
    autokills the rules would apply (FORUM-163) for the host to confirm."""
    if phase is None or not game.state:
        return {}
    state = flow.state_of(game)
    actions = list(Action.objects.filter(phase=phase).select_related("actor"))
    handed = {(a.team or a.actor.nickname, a.ability) for a in actions}
    pending = []
    if phase.slots is None:  # a phase opened before its choices were stored
        flow.store_slots(game, phase)
    # The phase's choices as stored when it opened or last changed
    # (``flow.store_slots``): no rules engine call on a page view.
    for slot in phase.slots or []:
        who = slot["team"] or slot["actor"]
        if (who, slot["ability"]) not in handed:
            pending.append(
                {
                    "who": team_name(ruleset, slot["team"]) if slot["team"] else slot["actor"],
                    "ability": ability_name(ruleset, slot["ability"]),
                }
            )
    ctx: dict[str, Any] = {
        "actions": [
            {
                "who": team_name(ruleset, a.team) if a.team else a.actor.nickname,
                "by": a.actor.nickname if a.actor else "",
                "ability": ability_name(ruleset, a.ability),
                "targets": ", ".join(a.targets),
                "when": flow.local_deadline(game, a.updated_at),
            }
            for a in actions
        ],
        "pending": pending,
    }
    if phase.kind == "day":
        ctx.update(_vote_overview(game, phase, seated, ruleset, state))
    ctx["counters"] = {p.name: p.counters for p in state.players.values() if p.counters}
    return ctx


def _vote_overview(game: Game, phase: Any, seated: list[Player], ruleset: Any, state: Any) -> dict[str, Any]:
    """The day's vote for the host: the ruleset's public count, each living
    player's standing ballot, and what the rules will do at the deadline
    (``Ruleset.day_warnings``) with the host's waive or confirm where the
    ruleset has autokills (``Ruleset.AUTOKILLS``)."""
    ballots = flow.ballots_of(game, phase.number, phase.vote_round)
    # The count and the warnings as stored when the ballots were cast.
    votes = flow.vote_view(game, phase, ballots)
    count = votes.count
    standing = day_rules.standing(ballots, ruleset.day_procedure(state).change)
    warnings = dict(votes.warnings)
    excused = set(flow.excused_today(game, phase.number)) if ruleset.AUTOKILLS else set()
    confirmed = set(game.options.get("confirmed", {}).get(str(phase.number), []))
    rows = [
        {
            "p": p,
            "vote": (standing[p.nickname] or _("abstains")) if p.nickname in standing else "",
            "warning": _(ruleset.message(warnings[p.nickname])) if p.nickname in warnings else "",
            "excused": p.nickname in excused,
            "confirmed": p.nickname in confirmed,
        }
        for p in seated
        if p.alive
    ]
    return {
        "vote_rows": rows,
        "count": count,
        "autokills": ruleset.AUTOKILLS,
        "host_confirms": ruleset.AUTOKILLS and game.options.get("autokills") == "host_confirms",
    }


def _post_counts(game: Game, seated: list[Player]) -> dict[str, Any]:
    """Posts per seat per game day in the public threads (for the post
    minimum the document sets; under it the seat is flagged)."""
    rows = (
        Post.objects.filter(room__game=game, author__isnull=False, room__kind__in=[Room.Kind.DAY, Room.Kind.VOTE])
        .values("author_id", "game_day")
        .annotate(n=Count("id"))
    )
    counts: dict[int, dict[int, int]] = defaultdict(dict)
    days: set[int] = set()
    for row in rows:
        counts[row["author_id"]][row["game_day"]] = row["n"]
        days.add(row["game_day"])
    minimum = int(game.options.get("post_minimum", 0) or 0)
    ordered = sorted(days)
    table = []
    for p in seated:
        cells = [counts[p.id].get(d, 0) for d in ordered]
        table.append(
            {
                "nickname": p.nickname,
                "cells": cells,
                "flag": bool(minimum) and p.alive and any(c < minimum for c in cells),
            }
        )
    return {"days": ordered, "rows": table, "minimum": minimum}


def _seat(game: Game, nickname: str) -> Player:
    return game.players.seated().get(nickname=nickname)


@login_required
@require_POST
def signup_open(request: HttpRequest, slug: str) -> HttpResponse:
    """Open sign-up (and the introductions thread)."""
    game = access.game_for_host(request.user, slug)
    _run(request, _("Sign-up is open."), flow.signup_open, game=game)
    return _back(slug)


@login_required
@require_POST
def signup_accept_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Accept every pending application while seats remain."""
    game = access.game_for_host(request.user, slug)
    try:
        accepted = flow.signup_accept_all(game=game)
    except flow.FlowError as exc:
        messages.error(request, str(exc))
    else:
        left = game.players.filter(status=Player.Status.APPLIED).count()
        text = _("Applications accepted: %(n)d.") % {"n": accepted}
        if left:
            text += " " + _("The game is full; %(left)d still wait.") % {"left": left}
        messages.success(request, text)
    return _back(slug, "signup")


@login_required
@require_POST
def signup_decide(request: HttpRequest, slug: str, player_id: str) -> HttpResponse:
    """Accept or decline an application."""
    game = access.game_for_host(request.user, slug)
    player = game.players.filter(public_id=player_id, status=Player.Status.APPLIED).first()
    if player is None:
        messages.error(request, _("There is no such application."))
    else:
        accept = request.POST.get("decision") == "accept"
        _run(
            request,
            _("Application accepted.") if accept else _("Application declined."),
            flow.signup_decide,
            game=game,
            player=player,
            accept=accept,
        )
    return _back(slug, "signup")


@login_required
@require_POST
def register_nickname(request: HttpRequest, slug: str) -> HttpResponse:
    """Bind a game nickname to an account (admins and the host)."""
    game = access.game_for_host(request.user, slug)
    form = RegisterNicknameForm(request.POST)
    if form.is_valid():
        _run(
            request,
            _("Nickname registered."),
            flow.nickname_register,
            game=game,
            user=form.cleaned_data["username"],
            nickname=form.cleaned_data["nickname"],
        )
    else:
        messages.error(request, form_errors(form))
    return _back(slug, "signup")


@login_required
@require_POST
def house_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """Set the house rules (and the host's secret choices) before the start,
    one widget per declared option. Refused rules come back on the
    dashboard as chosen, each problem in a sentence on its widget."""
    game = access.game_for_host(request.user, slug)
    seated = list(game.players.seated().values_list("nickname", flat=True))
    form = HouseRulesForm(request.POST, ruleset=flow.ruleset_of(game), seated=seated, current=game.options)
    if form.is_valid():
        try:
            flow.options_set(game=game, options=form.house_rules)
        except flow.FlowError as exc:
            messages.error(request, str(exc))  # the game has started: the form is gone from the dashboard
            return _back(slug, "rules")
        else:
            messages.success(request, _("House rules saved."))
            return _back(slug, "rules")
    return _dashboard(request, game, rules_form=form)


@login_required
@require_POST
def game_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Set the post edit window and the game's language (at any time)."""
    game = access.game_for_host(request.user, slug)
    form = GameSettingsForm(request.POST)
    if form.is_valid():
        try:
            flow.game_settings_set(
                game=game,
                edit_minutes=game.edit_minutes
                if form.cleaned_data["edit_minutes"] is None
                else form.cleaned_data["edit_minutes"],
                language=form.cleaned_data["language"],
            )
        except flow.FlowError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Game settings saved."))
            return _back(slug, "settings")
    return _dashboard(request, game, settings_form=form)


@login_required
@require_POST
def draw_roles(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw roles from the (edited) composition."""
    game = access.game_for_host(request.user, slug)
    ruleset = flow.ruleset_of(game)
    n = game.players.seated().count()
    form = CompositionForm(request.POST, ruleset=ruleset, proposed={}, players=n)
    if form.is_valid():
        _run(
            request,
            _("Roles drawn; every player finds theirs in the cabinet."),
            flow.roles_draw,
            game=game,
            composition=form.composition(),
        )
    else:
        messages.error(request, form_errors(form))
    return _back(slug, "draw")


@login_required
@require_POST
def start(request: HttpRequest, slug: str) -> HttpResponse:
    """Start the game: day 1 opens."""
    game = access.game_for_host(request.user, slug)
    _run(request, _("The game has started."), flow.game_start, game=game)
    return _back(slug)


@login_required
@require_POST
def resolve_now(request: HttpRequest, slug: str) -> HttpResponse:
    """Resolve the phase the host saw, now; refused once it is resolved.
    A resolution that fails comes back as a message with its error."""
    game = access.game_for_host(request.user, slug)
    form = ResolveNowForm(request.POST)
    if form.is_valid():
        _run(request, _("The phase was resolved."), flow.phase_resolve_now, game=game, phase=form.cleaned_data["phase"])
    else:
        messages.error(request, _("Reload the dashboard and choose the phase to resolve."))
    return _back(slug)


@login_required
@require_POST
def retry(request: HttpRequest, slug: str) -> HttpResponse:
    """Retry the game's failed deadline now instead of after its backoff."""
    game = access.game_for_host(request.user, slug)
    _run(request, _("The deadline was processed."), flow.deadline_retry, game=game)
    return _back(slug)


def _game_for_main_host(request: HttpRequest, slug: str) -> Game:
    """The game, for its host only (co-hosts do not name co-hosts); Http404 otherwise."""
    game = access.game_for_host(request.user, slug)
    if game.host_id != request.user.id:
        raise Http404
    return game


@login_required
@require_POST
def cohost_add(request: HttpRequest, slug: str) -> HttpResponse:
    """The host names a co-host by account name."""
    game = _game_for_main_host(request, slug)
    form = CohostForm(request.POST)
    if form.is_valid():
        _run(request, _("The co-host was added."), flow.cohost_add, game=game, username=form.cleaned_data["username"])
    else:
        messages.error(request, form_errors(form))
    return _back(slug)


@login_required
@require_POST
def cohost_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """The host withdraws a co-host."""
    game = _game_for_main_host(request, slug)
    _run(request, _("The co-host was removed."), flow.cohost_remove, game=game, user_id=user_id)
    return _back(slug)


@login_required
@require_POST
def extend(request: HttpRequest, slug: str) -> HttpResponse:
    """Extend the open phase's deadlines."""
    game = access.game_for_host(request.user, slug)
    form = ExtendForm(request.POST)
    if form.is_valid():
        _run(
            request,
            _("The deadlines were extended."),
            flow.deadline_extend,
            game=game,
            minutes=form.cleaned_data["minutes"],
        )
    else:
        messages.error(request, _("Extend by between 1 minute and 7 days."))
    return _back(slug)


@login_required
@require_POST
def reminders(request: HttpRequest, slug: str) -> HttpResponse:
    """Change the game's e-mail reminders (minutes before a deadline, 0: none)."""
    game = access.game_for_host(request.user, slug)
    form = ReminderForm(request.POST)
    if form.is_valid():
        minutes = form.cleaned_data["reminder_minutes"]
        _run(
            request,
            _("Reminders are sent %(minutes)d minutes before each deadline.") % {"minutes": minutes}
            if minutes
            else _("Reminders are off."),
            flow.reminders_set,
            game=game,
            minutes=minutes,
        )
    else:
        messages.error(request, form_errors(form))
    return _back(slug, "mail")


@login_required
@require_POST
def excuse(request: HttpRequest, slug: str, player_id: str) -> HttpResponse:
    """Waive, restore, confirm or unconfirm a player's autokill for today."""
    game = access.game_for_host(request.user, slug)
    player = game.players.seated().filter(public_id=player_id).first()
    if player is None:
        messages.error(request, _("There is no such player."))
    else:
        decision = request.POST.get("decision", "")
        _run(
            request,
            _("Your decision on the autokill is recorded."),
            flow.autokill_decide,
            game=game,
            player=player,
            decision=decision,
        )
    return _back(slug, "vote")


def _candidates_form(game: Game, ruleset: Any) -> CandidatesForm | None:
    """The form putting players to today's vote, where the ruleset's day
    lets the host (``DayProcedure.host_candidates``) and he has not yet for
    this lynch vote; None otherwise."""
    if not ruleset.DAY.host_candidates or not game.is_running:
        return None
    phase = flow.current_phase(game)
    if phase is None or phase.kind != "day" or phase.candidates:
        return None
    return CandidatesForm(nicknames=flow.state_of(game).alive_names())


@login_required
@require_POST
def candidates(request: HttpRequest, slug: str) -> HttpResponse:
    """Put players to today's vote (CLASSIC-011): only they may then be
    voted for."""
    game = access.game_for_host(request.user, slug)
    form = CandidatesForm(request.POST, nicknames=flow.state_of(game).alive_names() if game.state else [])
    if form.is_valid():
        _run(
            request,
            _("The candidates are published."),
            flow.candidates_put,
            game=game,
            names=form.cleaned_data["names"],
        )
    else:
        messages.error(request, _("Choose at least one player still in the game."))
    return _back(slug, "tools")


@login_required
@require_POST
def penalty(request: HttpRequest, slug: str) -> HttpResponse:
    """Apply a penalty (a move or shot taken away, demotion, modkill)."""
    game = access.game_for_host(request.user, slug)
    form = PenaltyForm(request.POST, ruleset=flow.ruleset_of(game))
    if form.is_valid():
        _run(
            request,
            _("The penalty was applied."),
            flow.penalty_apply,
            game=game,
            kind=form.cleaned_data["kind"],
            target=form.cleaned_data["target"],
        )
    else:
        messages.error(request, _("Choose a penalty and its target."))
    return _back(slug, "tools")


@login_required
@require_POST
def replace(request: HttpRequest, slug: str) -> HttpResponse:
    """A replacement takes over a seat."""
    game = access.game_for_host(request.user, slug)
    form = ReplaceForm(request.POST, nicknames=list(game.players.seated().values_list("nickname", flat=True)))
    if form.is_valid():
        _run(
            request,
            _("The replacement has taken over the seat."),
            flow.player_replace,
            game=game,
            player=_seat(game, form.cleaned_data["nickname"]),
            new_user=form.cleaned_data["username"],
        )
    else:
        messages.error(request, form_errors(form))
    return _back(slug, "tools")


@login_required
@require_http_methods(["POST"])
def results(request: HttpRequest, slug: str, resolution_id: int) -> HttpResponse:
    """Publish a draft results post, or correct a published one (logged)."""
    game = access.game_for_host(request.user, slug)
    resolution = (
        Resolution.objects.filter(pk=resolution_id, deadline__phase__game=game)
        .select_related("deadline__phase", "published_post")
        .first()
    )
    form = ResultsForm(request.POST)
    if resolution is None:
        messages.error(request, _("There are no such results."))
    elif not form.is_valid():
        return _dashboard(request, game, results_form=(resolution.id, form))
    else:
        verb = "corrected" if resolution.published_post_id else "published"
        _run(
            request,
            _("Results corrected.") if verb == "corrected" else _("Results published."),
            flow.results_publish,
            resolution=resolution,
            text=form.cleaned_data["text"],
        )
    return _back(slug, "results")


@login_required
@require_GET
def accounts(request: HttpRequest, slug: str) -> HttpResponse:
    """Admins and the host: which account plays which nickname."""
    game = access.game_for_host(request.user, slug)
    seats = game.players.select_related("user").filter(~Q(status=Player.Status.DECLINED))
    return render(
        request, "games/accounts.html", {"game": game, "seats": seats, "register_form": RegisterNicknameForm()}
    )
