"""Forms: every request is parsed by a Django form; invalid input comes
back with the form kept and a sentence saying what is wrong.

One module per family: ``game`` (announcing a game, its settings),
``options`` (the ruleset's house rules), ``play`` (the player's forms),
``host`` (the host's tools), ``account`` (an account's own settings).
"""

from .account import MailPreferenceForm, ProfileSettingForm, TimeZoneForm
from .game import TIMEZONES, GameCreateForm, GameSettingsForm, LanguageSelect, character_too_long, reminder_field
from .host import (
    CandidatesForm,
    CohostForm,
    CompositionForm,
    ExtendForm,
    PenaltyForm,
    ProxyVoteForm,
    RegisterNicknameForm,
    ReminderForm,
    ReplaceForm,
    ResolveNowForm,
    ResultsForm,
)
from .options import HouseRulesForm, StrictJSONField, form_options, option_errors, option_field
from .play import ActionForm, ApplyForm, LastWordsForm, NominateForm, PostForm, SeenForm, VoteForm

__all__ = [
    "character_too_long",
    "StrictJSONField",
    "TIMEZONES",
    "ActionForm",
    "ApplyForm",
    "CandidatesForm",
    "CohostForm",
    "CompositionForm",
    "ExtendForm",
    "GameCreateForm",
    "GameSettingsForm",
    "HouseRulesForm",
    "LanguageSelect",
    "LastWordsForm",
    "MailPreferenceForm",
    "NominateForm",
    "PenaltyForm",
    "ProxyVoteForm",
    "PostForm",
    "ProfileSettingForm",
    "SeenForm",
    "RegisterNicknameForm",
    "ReminderForm",
    "ReplaceForm",
    "ResolveNowForm",
    "ResultsForm",
    "TimeZoneForm",
    "VoteForm",
    "form_options",
    "option_errors",
    "option_field",
    "reminder_field",
]
