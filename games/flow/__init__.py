"""Every transition of a game, one keyword-only function each, grouped by
the game's life; the read side is ``games.reads``.

Layers inside, each importing only those above it in this list:
``turn`` (the game's lock, host posts and events written together),
``read_model`` and ``claim`` (what a deadline's resolution reads once and
writes in bulk), ``phases`` (opening a phase, the seats and rooms kept in
step with the rules' state, the phase's stored rows), then the stages of
the game: ``setup`` (sign-up, co-hosts, house rules, the draw, the start),
``posting``, ``ballots`` (votes, nominations, the host's candidates),
``choices`` (night choices, last words, acceleration), ``publishing`` and
``outcomes`` (a phase's resolution and its results), ``tick`` (the due
deadlines), ``host_tools`` and ``public_choices`` (a choice made in
public that closes the day: cosmo's judge).

The names below are the package's public interface: callers write
``flow.vote_cast(...)``; the read functions are re-exported from
``games.reads`` for them.
"""

from ..clock import local_clock, local_deadline, local_time, utc_offset
from ..errors import FlowError, GameBroken, ResolutionFailed
from ..models.game import replay_open_to_the_dead
from ..reads.choices import (
    ability_deadline,
    ability_opens,
    choice_deadline,
    idle_abilities,
    open_slots,
    seat_choices,
    slots_to_hand_in,
)
from ..reads.day import (
    DayWindow,
    VoteView,
    ballot_open,
    ballots_of,
    day_ballots,
    day_phase,
    day_post_refusal,
    day_window,
    stored_ballots,
    vote_view,
)
from ..reads.game import (
    OPENS,
    WEB_OPTIONS,
    acceleration_open,
    cabinet_of,
    current_day,
    current_phase,
    dead_read_team_room,
    deadlines_seen,
    deferred_penalties,
    edit_refusal,
    edit_until,
    excused_today,
    first_phase,
    game_fault,
    penalties_seen,
    proposed_composition,
    revote_label,
    ruleset_of,
    state_of,
)
from .ballots import candidates_put, nominate, proxy_vote_cast, vote_cast
from .choices import acceleration_ask, action_withdraw, last_words_send
from .host_tools import (
    autokill_decide,
    deadline_extend,
    deadline_retry,
    fast_scale_set,
    penalty_apply,
    phase_resolve_now,
    player_modkill,
    player_replace,
    reminders_set,
    seat_change,
    seat_change_refusal,
)
from .phases import store_slots, store_votes
from .posting import post_create, post_edit
from .public_choices import action_submit
from .publishing import results_publish
from .records import game_lock, log_event, random_seed
from .setup import (
    NICKNAME_MAX,
    cohost_add,
    cohost_remove,
    game_announce,
    game_create,
    game_settings_set,
    game_start,
    nickname_register,
    options_set,
    options_set_refusal,
    register_refusal,
    roles_deal,
    roles_draw,
    signup_accept_all,
    signup_apply,
    signup_decide,
    signup_open,
)
from .tick import resolve_due

__all__ = [
    "OPENS",
    "WEB_OPTIONS",
    "NICKNAME_MAX",
    "Turn",
    "game_turn",
    "transition",
    "DayWindow",
    "FlowError",
    "GameBroken",
    "ResolutionFailed",
    "VoteView",
    "ability_deadline",
    "ability_opens",
    "acceleration_ask",
    "acceleration_open",
    "action_submit",
    "action_withdraw",
    "autokill_decide",
    "ballot_open",
    "ballots_of",
    "cabinet_of",
    "candidates_put",
    "choice_deadline",
    "cohost_add",
    "cohost_remove",
    "current_day",
    "current_phase",
    "day_ballots",
    "day_phase",
    "day_window",
    "day_post_refusal",
    "dead_read_team_room",
    "replay_open_to_the_dead",
    "deadline_extend",
    "fast_scale_set",
    "deadline_retry",
    "deferred_penalties",
    "edit_refusal",
    "edit_until",
    "excused_today",
    "first_phase",
    "game_fault",
    "deadlines_seen",
    "penalties_seen",
    "game_announce",
    "game_create",
    "game_lock",
    "game_settings_set",
    "game_start",
    "idle_abilities",
    "last_words_send",
    "local_clock",
    "local_deadline",
    "local_time",
    "log_event",
    "nickname_register",
    "nominate",
    "open_slots",
    "seat_choices",
    "slots_to_hand_in",
    "options_set",
    "options_set_refusal",
    "penalty_apply",
    "phase_resolve_now",
    "player_modkill",
    "player_replace",
    "post_create",
    "post_edit",
    "proposed_composition",
    "random_seed",
    "reminders_set",
    "seat_change",
    "seat_change_refusal",
    "register_refusal",
    "resolve_due",
    "results_publish",
    "revote_label",
    "roles_deal",
    "roles_draw",
    "ruleset_of",
    "signup_accept_all",
    "signup_apply",
    "signup_decide",
    "signup_open",
    "state_of",
    "store_slots",
    "store_votes",
    "utc_offset",
    "vote_cast",
    "proxy_vote_cast",
    "stored_ballots",
    "vote_view",
]
