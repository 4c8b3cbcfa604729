"""The sentences the rules engines declare in English only
(``Ruleset.MESSAGES``: why a choice is refused, the host's autokill
warnings, vote count notes; and the help of each house rule), marked here
so that the catalogues translate them; the pages pass them through
``gettext``. ``tests/games/test_translations.py`` fails when a ruleset
offered in the browser (``MAFIA_WEB_RULESETS``) has a text this list lacks."""

from django.utils.translation import gettext_noop

MESSAGES = (
    # rulesets.core.base.MESSAGES
    gettext_noop("You are out of the game and can no longer act."),
    gettext_noop("That player is out of the game."),
    gettext_noop("Your role has no such ability."),
    gettext_noop("This ability cannot be used in this phase."),
    gettext_noop("You cannot choose yourself."),
    gettext_noop("This ability may only target yourself."),
    gettext_noop("You have already chosen that player as many times as the rules allow."),
    gettext_noop("You have already used this ability as many times as the rules allow."),
    gettext_noop("There is no such player in this game."),
    gettext_noop("This ability needs a different number of targets."),
    gettext_noop("The game is over."),
    gettext_noop("That player is still in the game."),
    gettext_noop("There is no such team in this game."),
    gettext_noop("Only a living member of that team may hand in its choice."),
    # rulesets.forum.roles.MESSAGES
    gettext_noop("No vote: autokill at the deadline (FORUM-163)."),
    gettext_noop("Voted for self: autokill (FORUM-160)."),
    gettext_noop("This choice belongs to the other phase of the game day."),
    gettext_noop("This move is not open to you now."),
    gettext_noop("You have already chosen that player twice this game (the limit)."),
    gettext_noop("You have already used this once-per-game move."),
    gettext_noop("The bite is allowed only on the first night."),
    gettext_noop("You shot the Tin Woodman last night, so he moves for you tonight and you skip this move."),
    gettext_noop("The one you would act for is out of the game, so this shot is annulled."),
    gettext_noop("You may hide only a player of your own side."),
    gettext_noop("You have already handed in this move in this phase."),
    gettext_noop("This move needs exactly one player."),
    gettext_noop("The host has taken this move away as a penalty."),
    gettext_noop("The deadline had passed; a late choice is not accepted."),
)

OPTION_HELP = (
    # rulesets.forum.roles.OPTIONS
    gettext_noop("The Cop who hits the Child takes it into the Cop's room (FORUM-045, FORUM-149)."),
    gettext_noop('{"player": NAME, "day": N}: NAME is protected for game day N (FORUM-125).'),
    gettext_noop("Sides among mafia, maniacs, town (the cops) that may hide one of their own once (FORUM-126)."),
    gettext_noop('{"carrier": NAME}: the first gun or team to shoot NAME gets a basement (FORUM-128..131).'),
    gettext_noop("The host brings in the rarely used roles; no rule changes."),
)
