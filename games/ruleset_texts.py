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
    gettext_noop("The player protected, and the game day he is protected for (FORUM-125)."),
    gettext_noop("Sides among mafia, maniacs, town (the cops) that may hide one of their own once (FORUM-126)."),
    gettext_noop("The carrier: the first gun or team to shoot this player gets a basement (FORUM-128..131)."),
    gettext_noop("The host brings in the rarely used roles; no rule changes."),
)


# Refusals, notes and house-rule help of the other rulesets offered on the site
# (their ``MESSAGES`` and ``OPTIONS`` help), and the base class's newer ones.
OTHER_RULESETS = (
    # rulesets.piter
    gettext_noop("Choose two different players to compare (PITER-055)."),
    gettext_noop("No shooting mafioso is left in the game, so the clan cannot shoot (PITER-041)."),
    gettext_noop("Only one choice counts for this turn, and this one is not it (A-22)."),
    gettext_noop("Only the tied nominees can be chosen now (PITER-017, PITER-093)."),
    gettext_noop("PITER-101: the setup table seats a judge where it has an oper."),
    gettext_noop("PITER-101: the setup table seats a mirror where it has a maniac."),
    gettext_noop("PITER-101: the setup table seats a putana where it has a bureaucrat."),
    gettext_noop("PITER-120: the first player executed on day 1 becomes the host."),
    gettext_noop("PITER-121: players who leave do not reveal their cards."),
    gettext_noop("PITER-122: each nominee may take one extra defence post, once per game."),
    gettext_noop("That player is out of the game (PITER-032)."),
    gettext_noop("The first night is the mafia's acquaintance night: nobody acts (PITER-003)."),
    gettext_noop("The mafia shoots as a clan: hand in the clan's choice, not your own (PITER-040)."),
    gettext_noop("This ability cannot be used in this part of the game day (PITER-001)."),
    gettext_noop("This ability needs a different number of players (PITER-055)."),
    gettext_noop("This game is played without extra minutes (PITER-122)."),
    gettext_noop("Whoever has not voted is counted against the last nominee (PITER-015):"),
    gettext_noop("You are out of the game and can no longer act or vote (PITER-019)."),
    gettext_noop("You can only vote for a nominated player (PITER-012)."),
    gettext_noop("You cannot choose yourself (PITER-058)."),
    gettext_noop("You chose that player last night; choose someone else (PITER-043, PITER-045, PITER-053)."),
    gettext_noop("You have already taken your extra minute this game (PITER-122)."),
    gettext_noop("You were discredited last night and stay silent all day (PITER-021)."),
    gettext_noop("Your role has no such ability (PITER-032)."),
    # rulesets.classic
    gettext_noop("2 or 3 lynch votes a day (0: one); implies the blind game (CLASSIC-066)."),
    gettext_noop("A later choice of yours replaced this one."),
    gettext_noop("How long the deciding vote of last_honest_vote stays open (CLASSIC-044)."),
    gettext_noop("Local time the day's vote closes (classic.md §2)."),
    gettext_noop("Local time the night is resolved and the morning post goes up (classic.md §2)."),
    gettext_noop("Night kills by anonymous notes; only mafiosi and honest residents (CLASSIC-060 to CLASSIC-064)."),
    gettext_noop("Players who leave do not reveal their cards (CLASSIC-065)."),
    gettext_noop("That player is not a candidate in this vote."),
    gettext_noop("The first night is only for meeting the host: nobody acts before the second night."),
    gettext_noop("The game waits for the deciding vote: nobody acts tonight."),
    gettext_noop("The mafia may only choose an honest resident."),
    gettext_noop("The mafia's victim is a shared choice: hand it in for the mafia, not on your own."),
    gettext_noop(
        "When set, the day lasts this many hours per living player instead of closing at the day deadline (CLASSIC-010)."
    ),
    gettext_noop(
        "With several lynches a day, each further vote closes this long after the previous one (CLASSIC-066)."
    ),
    gettext_noop("Without a host every mafioso writes his own note: hand in the name yourself."),
    gettext_noop("You are out of the game and can no longer take part."),
    gettext_noop("You chose that player last night; choose somebody else tonight."),
    gettext_noop("You have already healed yourself once in this game."),
    gettext_noop("You spent the night with the putana and may not vote today."),
    gettext_noop("What decides a game of one mafioso against one honest player (CLASSIC-043 to CLASSIC-045)."),
    # rulesets.cosmo
    gettext_noop("In the re-vote, choose either to jail all the tied candidates or to spare them all."),
    gettext_noop("Jail them all («посадить всех»)"),
    gettext_noop("Refuse a deal whose counts do not fit the setup table (COSMO-003, §9)."),
    gettext_noop("Spare them all («пощадить всех»)"),
    gettext_noop("The mafia chooses its victim only through its members' own kill votes."),
    gettext_noop("You are silenced today: you may neither post nor vote (COSMO-047)."),
    gettext_noop("You can only contact a player who is out of the game."),
    gettext_noop("You can only vote for one of today's candidates."),
    gettext_noop("You cannot abstain: vote for one of the candidates."),
    gettext_noop("You have already used the judge's power; it works once a game."),
    gettext_noop("You may either check or kill tonight, not both."),
    gettext_noop("Your role has no such ability, or not yet."),
    # rulesets.werewolf18
    gettext_noop("A revealed idiot can neither vote nor be voted for, nor hold the badge."),
    gettext_noop("Because the elder has left the game, you have lost your skills."),
    gettext_noop("No werewolf is left in the game to knife."),
    gettext_noop("That player has already been the target of this skill once in this game."),
    gettext_noop("The game is accelerated: vote changes are not allowed."),
    gettext_noop("The sheriff's vote counts 1.5 (WW18-047):"),
    gettext_noop("WW18-001: the players must be exactly the deal of the document."),
    gettext_noop("WW18-068: no vote changes, and not voting earns no yellow card."),
    gettext_noop("You have already used this skill as many times as the rules allow."),
    gettext_noop("You have already used your one vote change today."),
    gettext_noop("You must choose another player."),
    gettext_noop("Your camp has been defeated and has lost its kill."),
    # rulesets.core.base.MESSAGES
    gettext_noop("You have already named a candidate today."),
)


# The one-line summary of each role on its role card (``Role.summary``;
# those that only cite the rules are left as they are).
ROLE_SUMMARIES = (
    # rulesets.forum
    gettext_noop("leads a criminal team (FORUM-033)"),
    gettext_noop("plain criminal (FORUM-021)"),
    gettext_noop("shoots every night (FORUM-037)"),
    gettext_noop("takes over once the Cop is out (FORUM-040)"),
    gettext_noop("chooses once; shoots for whoever shot him (FORUM-056..082)"),
    # rulesets.piter
    gettext_noop("PITER-040: shoots with the clan at night."),
    gettext_noop("PITER-042: silences a player for the next day."),
    gettext_noop("PITER-044: blocks a player's night turn."),
    gettext_noop("PITER-047: a solo neutral who kills."),
    gettext_noop("PITER-048: a solo neutral who passes everything aimed at it on to another player."),
    gettext_noop("PITER-049: the town's night killer."),
    gettext_noop("PITER-050: sentences a player, who leaves after the next vote."),
    gettext_noop("PITER-051: saves a player from the night's kills; may heal himself."),
    gettext_noop("PITER-055: learns whether two players are the same or different."),
    gettext_noop("PITER-059: no night function."),
    gettext_noop("PITER-060: takes over the first functional town role to leave."),
    gettext_noop("PITER-061: turns mafioso when a mafioso leaves."),
    # rulesets.classic
    gettext_noop("Black card. Takes part in the mafia's nightly choice of a victim (CLASSIC-030)."),
    gettext_noop("Red card. No night action; discusses and votes by day (CLASSIC-031)."),
    gettext_noop(
        "High red card. Heals one player a night, not the same one two nights running, himself once (CLASSIC-032 to CLASSIC-034)."
    ),
    gettext_noop(
        "High red card. Occupies one other player a night: their action is void and they lose the next day's vote (CLASSIC-035, CLASSIC-036)."
    ),
    gettext_noop("High red card. Checks one other player a night and learns their team (CLASSIC-037)."),
    # rulesets.cosmo
    gettext_noop("No ability (COSMO-024)."),
    gettext_noop("Learns one player's role a night (COSMO-025)."),
    gettext_noop(
        "Sees his chief's checks; takes the chief's abilities the night after the chief leaves (COSMO-026, COSMO-027)."
    ),
    gettext_noop("Checks or kills, one of the two a night (COSMO-029)."),
    gettext_noop("Once a game, replaces the day vote (COSMO-030..032)."),
    gettext_noop("Saves from one attack (COSMO-033..036)."),
    gettext_noop("Blocks a player and dies with him (COSMO-037..039)."),
    gettext_noop("Talks by signs with a player who is out (COSMO-040)."),
    gettext_noop("Votes with the mafia, never counted (COSMO-041, 042)."),
    gettext_noop("Learns which roles visited a player (COSMO-043)."),
    gettext_noop("Every visitor of the protected player fails (COSMO-044, COSMO-045)."),
    gettext_noop("Votes for the victim (COSMO-046)."),
    gettext_noop("Votes and silences a player for the next day (COSMO-047..049)."),
    gettext_noop("Votes and frames a player for tonight's checks (COSMO-050..052)."),
    gettext_noop("Becomes a mafioso the night after the last mafia member leaves (COSMO-053, COSMO-054)."),
    gettext_noop("Saves an attacked player, kills an unattacked one (COSMO-055..057)."),
    gettext_noop("Kills one player a night (COSMO-058)."),
    gettext_noop("Votes with the mafia, checked as a citizen (COSMO-059, 060)."),
)
