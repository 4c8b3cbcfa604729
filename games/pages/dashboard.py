"""The host's pages: the dashboard (every seat's role, team and state; the
choices handed in and who has not acted; the vote; the automatic
consequences to confirm; post counts; results drafts with the ruleset's
trace; the tools; the event log), its live part, and the registry of
accounts behind the nicknames."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Count, Q
from django.http import HttpRequest
from django.utils.translation import gettext as _

from rulesets.core import day as day_rules

from .. import event_log, flow, languages, live, trace_texts, unread
from ..compiled import Compiled
from ..forms import (
    CandidatesForm,
    CompositionForm,
    ExtendForm,
    GameSettingsForm,
    HouseRulesForm,
    PenaltyForm,
    ProxyVoteForm,
    RegisterNicknameForm,
    ReminderForm,
    ReplaceForm,
    ResolveNowForm,
    ResultsForm,
)
from ..models import Action, Deadline, Event, Game, Player, Post, Resolution, Room
from ..names import ability_name, role_name, team_name
from ..reads.choices import slot_rows
from .phase_bar import game_context

# The dashboard's queries of one game (or phase), compiled once per process:
# the latest 20 results, newest first; its failing deadline; the phase's
# choices handed in; its seats; the latest 50 posts edited; the schedule's
# shifts (a catch-up's, a few in a game), newest first; the posts per seat
# per game day in the public threads.
_RESOLUTIONS = Compiled(
    lambda game_id: (
        Resolution.objects.filter(deadline__phase__game_id=game_id)
        .select_related("deadline__phase", "published_post")
        .order_by("-created_at")[:20]
    )
)
_FAILING = Compiled(
    lambda game_id: Deadline.objects.failing().filter(phase__game_id=game_id).select_related("phase")[:1]
)
_ACTIONS = Compiled(lambda phase_id: Action.objects.filter(phase_id=phase_id).select_related("actor"))
_SEATS = Compiled(lambda game_id: Player.objects.filter(game_id=game_id).order_by("joined_at", "id"))
_EDITED = Compiled(
    lambda game_id: (
        Post.objects.filter(room__game_id=game_id, edited_at__isnull=False)
        .exclude(original_body="")
        .select_related("room", "author")
        .order_by("-edited_at")[:50]
    )
)
_SHIFTS = Compiled(lambda game_id: Event.objects.filter(game_id=game_id, kind="schedule_shifted").order_by("-id"))
_POST_COUNTS = Compiled(
    lambda game_id: (
        Post.objects.filter(room__game_id=game_id, author__isnull=False, room__kind__in=[Room.Kind.DAY, Room.Kind.VOTE])
        .values("author_id", "game_day")
        .annotate(n=Count("id"))
    )
)


def dashboard_page(
    request: HttpRequest,
    game: Game,
    *,
    rules_form: HouseRulesForm | None = None,
    results_form: tuple[int, ResultsForm] | None = None,
    settings_form: GameSettingsForm | None = None,
) -> dict[str, Any]:
    """The dashboard's context. A refused form given here (the house rules,
    the settings, or a results post as (resolution id, form)) is shown as
    typed, with its errors, in place of the blank one."""
    ruleset = flow.ruleset_of(game)
    ctx = game_context(request, game, None)
    seats = _SEATS.run(game.pk)
    for seat in seats:
        seat.game = game
    seated = [p for p in seats if p.status == Player.Status.SEATED]
    log_counts = event_log.kind_counts(game)
    ctx.update(
        ruleset=ruleset,
        applicants=[p for p in seats if p.status == Player.Status.APPLIED],
        seated=[
            {"p": p, "role": role_name(ruleset, p.role) if p.role else "", "team": team_name(ruleset, p.team)}
            for p in seated
        ],
        # Edited posts with the text first posted, newest edit first.
        edited_posts=_EDITED.run(game.pk),
    )
    # The phase bar read the open phase of a running game (``flow.current_phase``).
    phase = ctx["phase"] if game.is_running else flow.current_phase(game)
    ctx.update(_tool_forms(game, ruleset, seated, phase, log_counts, rules_form, settings_form))
    ctx.update(_composition(game, ruleset, seated))
    ctx.update(_phase_overview(game, ctx["phase"], seated, ruleset))
    ctx.update(_deadline_notes(game, ctx["phase"], log_counts))
    ctx["post_counts"] = _post_counts(game, seated)
    ctx["inbox"] = unread.host_inbox(game)
    ctx.update(_resolutions(game, ruleset, results_form))
    ctx.update(_log(request, game, {p.nickname for p in seats}, log_counts))
    ctx["cohosts"] = list(game.cohosts.order_by("username")) if game.cohost_ids else []
    ctx["is_main_host"] = game.host_id == request.user.id
    ctx.update(live.channel(request, game, live.page_version(request, game), host=True, until=ctx["bar_until"]))
    return ctx


def live_page(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The dashboard's live part alone: the phase bar, the choices handed
    in, who has not acted, the vote and the autokills."""
    ctx = game_context(request, game, None)
    seated = list(game.players.seated())
    ctx.update(_phase_overview(game, ctx["phase"], seated, flow.ruleset_of(game)))
    return ctx


def accounts_page(game: Game) -> dict[str, Any]:
    """The registry: which account plays which nickname (declined
    applications left out), and the form binding a nickname."""
    seats = game.players.select_related("user").filter(~Q(status=Player.Status.DECLINED))
    return {"game": game, "seats": seats, "register_form": RegisterNicknameForm()}


def _tool_forms(
    game: Game,
    ruleset: Any,
    seated: list[Player],
    phase: Any,
    log_counts: dict[str, int],
    rules_form: HouseRulesForm | None,
    settings_form: GameSettingsForm | None,
) -> dict[str, Any]:
    """The dashboard's tools, each a blank form (or the refused one given);
    ``phase``: the open phase (``flow.current_phase``); ``log_counts``: the
    log's events per kind (``event_log.kind_counts``). The nickname
    registry's and the house rules' forms are built before the start only,
    when the page shows them."""
    setting_up = game.status in (Game.Status.DRAFT, Game.Status.SIGNUP)
    return {
        "register_form": RegisterNicknameForm() if setting_up else None,
        "rules_form": rules_form
        or (
            HouseRulesForm(ruleset=ruleset, seated=[p.nickname for p in seated], current=game.options)
            if setting_up
            else None
        ),
        "extend_form": ExtendForm(initial={"seen": flow.deadlines_seen(game, phase)}),
        "reminder_form": ReminderForm(initial={"reminder_minutes": game.reminder_minutes}),
        "settings_form": settings_form
        or GameSettingsForm(
            initial={
                "edit_minutes": game.edit_minutes,
                "language": languages.game_language(game),
                "replay_for_the_dead": flow.replay_open_to_the_dead(game),
            }
        ),
        "penalty_form": PenaltyForm(ruleset=ruleset, initial={"seen": flow.penalties_seen(game, log_counts)}),
        "candidates_form": _candidates_form(game, ruleset, phase),
        "proxy_form": _proxy_form(game, ruleset, phase),
        "replace_form": ReplaceForm(nicknames=[p.nickname for p in seated]),
    }


def _composition(game: Game, ruleset: Any, seated: list[Player]) -> dict[str, Any]:
    """The draw's form with the ruleset's proposed composition, once enough
    players are seated and until the roles are drawn (with the reason when
    the ruleset proposes none)."""
    if game.status != Game.Status.SIGNUP or game.state or len(seated) < ruleset.MIN_PLAYERS:
        return {}
    ctx: dict[str, Any] = {}
    try:
        proposed = flow.proposed_composition(game)
    except flow.FlowError as exc:
        proposed = {}
        ctx["composition_error"] = str(exc)
    ctx["composition_form"] = CompositionForm(ruleset=ruleset, proposed=proposed, players=len(seated))
    return ctx


def _resolutions(game: Game, ruleset: Any, results_form: tuple[int, ResultsForm] | None) -> dict[str, Any]:
    """The latest 20 results: ``resolutions``, the drafts waiting for the
    host (first on the page), and ``published``, those to correct (further
    down, each folded); each with its form, its trace in the host's
    language and the choices the rules rejected."""
    drafts = _RESOLUTIONS.run(game.pk)
    refused_id, refused_form = results_form or (None, None)
    resolutions = [
        {
            "r": r,
            "form": refused_form if r.id == refused_id else ResultsForm(initial={"text": r.results}),
            "trace": trace_texts.trace_lines(ruleset, r.outcome.get("trace", [])),
            "rejected": r.outcome.get("rejected", []),
        }
        for r in drafts
    ]
    return {
        "resolutions": [item for item in resolutions if not item["r"].published_post_id],
        "published": [item for item in resolutions if item["r"].published_post_id],
    }


def _log(request: HttpRequest, game: Game, nicknames: set[str], counts: dict[str, int]) -> dict[str, Any]:
    """The event log's page and kind filter the request asks for
    (``log_kind``, ``log_page``; an unknown kind shows every kind);
    ``nicknames``: every nickname of the game's players; ``counts``: the
    log's events per kind (``event_log.kind_counts``)."""
    log_kind = request.GET.get("log_kind", "")
    kinds = event_log.kind_choices(game, counts)
    log_kind = log_kind if log_kind in dict(kinds) else ""
    log_page, log_lines = event_log.page(game, log_kind, request.GET.get("log_page", 1), nicknames, counts)
    return {"log_kinds": kinds, "log_kind": log_kind, "log_page": log_page, "log_lines": log_lines}


def _deadline_notes(game: Game, phase: Any, log_counts: dict[str, int]) -> dict[str, Any]:
    """The failing deadline (error, attempts, next retry in the game's
    local time) and the catch-up shift of the open phase, if any (read
    only when the log, ``log_counts``, holds a shift)."""
    ctx: dict[str, Any] = {}
    failing = next(iter(_FAILING.run(game.pk)), None)
    if failing is not None:
        ctx["failing"] = {
            "d": failing,
            "failed": flow.local_deadline(game, failing.failed_at),
            "retry": flow.local_deadline(game, failing.retry_at) if failing.retry_at else "",
        }
    if phase is not None:
        # Found by the phase's key, or (a shift logged before keys) its name.
        shifts = _SHIFTS.run(game.pk) if log_counts.get("schedule_shifted") else []
        shifted = next(
            (e for e in shifts if e.data.get("key") == phase.key or e.data.get("phase") == str(phase)),
            None,
        )
        if shifted is not None:
            ctx["shifted_minutes"] = shifted.data["minutes"]
        ctx["resolve_form"] = ResolveNowForm(initial={"phase": phase.key})
    return ctx


def _pending(ruleset: Any, phase: Any, handed: set[tuple[str, str]]) -> list[dict[str, str]]:
    """The phase's stored choices (``Phase.slots``) not handed in yet: who
    (a player, or a team by name) and which ability."""
    pending = []
    for slot in phase.slots or []:
        who = slot["team"] or slot["actor"]
        if (who, slot["ability"]) not in handed:
            pending.append(
                {
                    "who": team_name(ruleset, slot["team"]) if slot["team"] else slot["actor"],
                    "ability": ability_name(ruleset, slot["ability"]),
                }
            )
    return pending


def _phase_overview(game: Game, phase: Any, seated: list[Player], ruleset: Any) -> dict[str, Any]:
    """Choices handed in, who still has a choice open, the vote and the
    autokills the rules would apply (FORUM-163) for the host to confirm."""
    if phase is None or not game.state:
        return {}
    state = flow.state_of(game)
    actions = _ACTIONS.run(phase.pk)
    handed = {(a.team or a.actor.nickname, a.ability) for a in actions}
    if phase.slots is None:  # a phase opened before its choices were stored: worked out, not written
        phase.slots = slot_rows(ruleset, state, phase.kind)
    # The phase's choices as stored when it opened or last changed
    # (``flow.store_slots``): no rules engine call on a page view.
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
        "pending": _pending(ruleset, phase, handed),
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
    # The ballots, the count and the warnings as stored when the ballots were cast.
    ballots = flow.stored_ballots(game, phase.number, phase)
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
    rows = _POST_COUNTS.run(game.pk)
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


def _proxy_form(game: Game, ruleset: Any, phase: Any) -> ProxyVoteForm | None:
    """The form casting a player's vote at his request (导演代投, 玩家须知 9),
    during an open day of a ruleset whose day has proxy votes
    (``DayProcedure.proxy_until``); None otherwise. Its deadline and the
    vote law are checked when it is posted (``flow.proxy_vote_cast``).
    ``phase``: the open phase (``flow.current_phase``)."""
    if not game.is_running or not game.state:
        return None
    state = flow.state_of(game)
    if not ruleset.day_procedure(state).proxy_until:
        return None
    if phase is None or phase.kind != "day":
        return None
    voters = [name for name in state.alive_names() if ruleset.may_vote(state, name)]
    targets = sorted({name for voter in voters for name in ruleset.vote_choices(state, voter)})
    return ProxyVoteForm(voters=voters, targets=targets)


def _candidates_form(game: Game, ruleset: Any, phase: Any) -> CandidatesForm | None:
    """The form putting players to today's vote, where the ruleset's day
    lets the host (``DayProcedure.host_candidates``) and he has not yet for
    this lynch vote; None otherwise. ``phase``: the open phase
    (``flow.current_phase``)."""
    if not ruleset.DAY.host_candidates or not game.is_running:
        return None
    if phase is None or phase.kind != "day" or phase.candidates:
        return None
    return CandidatesForm(nicknames=flow.state_of(game).alive_names())
