"""The English templates of the classic ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop, templates

TEXTS = templates(
    "classic",
    {
        "has_votes_majority_leaves": gettext_noop(
            "%(player)s has %(n)s of %(m)s votes, a majority, and leaves (CLASSIC-012)."
        ),
        "has_deciding_votes_leaves_game": gettext_noop(
            "%(player)s has %(n)s deciding votes and leaves the game (CLASSIC-044)."
        ),
        "classic_game_has_no_re": gettext_noop(
            "The classic game has no re-vote; the revote ballots are ignored (B-3)."
        ),
        "nobody_has_majority_voters_nobody": gettext_noop(
            "Nobody has a majority of the %(n)s voters: nobody is lynched (CLASSIC-013)."
        ),
        "no_survivor_has_two_deciding": gettext_noop(
            "No survivor has two of the deciding votes: the game is a draw (CLASSIC-044)."
        ),
        "mafia_chose_tonight_victim_shared": gettext_noop(
            "The mafia chose %(player)s as tonight's victim (CLASSIC-020); the shared kill is never voided (CLASSIC-035)."
        ),
        "was_killed_mafia_leaves_game": gettext_noop(
            "%(player)s was killed by the mafia and leaves the game (CLASSIC-020, CLASSIC-022)."
        ),
        "putana_occupied_their_action_tonight": gettext_noop(
            "Putana %(player)s occupied %(player2)s: their action tonight is void and they may not vote tomorrow (CLASSIC-035)."
        ),
        "mafia_named_no_victim_nobody": gettext_noop(
            "The mafia named no victim: nobody is killed (CLASSIC-023, B-12)."
        ),
        "mafia_notes_differ_or_one": gettext_noop(
            "The mafia's notes differ or one is missing: the mafia missed and nobody is killed (CLASSIC-062); %(player)s wrote %(player2)s."
        ),
        "no_mafioso_wrote_name_nobody": gettext_noop("No mafioso wrote a name: nobody is killed (CLASSIC-062, B-9)."),
        "commissar_checked_learns": gettext_noop(
            "Commissar %(player)s checked %(player2)s and learns: %(team)s (CLASSIC-037)."
        ),
        "survives_night_doctor_heal_saved": gettext_noop(
            "%(player)s survives the night: the doctor's heal saved them (CLASSIC-032)."
        ),
        "putana_was_herself_occupied_so": gettext_noop(
            "Putana %(player)s was herself occupied, so her visit to %(player2)s is void (CLASSIC-035)."
        ),
        "every_mafioso_note_names_mafia": gettext_noop(
            "Every mafioso's note names %(player)s: the mafia's victim (%(rule)s)."
        ),
        "doctor_was_occupied_putana_heal": gettext_noop(
            "Doctor %(player)s was occupied by the putana: the heal of %(player2)s is void (CLASSIC-035)."
        ),
        "commissar_was_occupied_putana_check": gettext_noop(
            "Commissar %(player)s was occupied by the putana: the check of %(player2)s is void (CLASSIC-035)."
        ),
        "doctor_healed_whom_nobody_attacked": gettext_noop(
            "Doctor %(player)s healed %(player2)s, whom nobody attacked (CLASSIC-032)."
        ),
        "refused": gettext_noop("%(who)s's %(ability)s of %(player)s is refused (%(rule)s): %(message)s"),
        "game_waits_deciding_vote_this": gettext_noop(
            "The game waits for the deciding vote: this night is void (CLASSIC-044, B-6)."
        ),
        "one_mafioso_one_honest_player": gettext_noop(
            "One mafioso and one honest player remain: the lot gives the win to %(team)s (CLASSIC-043, CLASSIC-045)."
        ),
        "team_wins": gettext_noop("The %(team)s team wins (%(rule)s)."),
        "game_ends_draw": gettext_noop("The game ends in a draw (CLASSIC-043)."),
        "first_night_no_host": gettext_noop(
            "First night: the mafia (%(names)s) open their eyes while the count runs from five to ten (CLASSIC-060); nobody is killed."
        ),
        "first_night_meet": gettext_noop(
            "First night: the mafia (%(names)s) meet each other and the host (CLASSIC-007); nobody is killed."
        ),
        "doctor_wakes": gettext_noop(
            "Doctor %(player)s wakes in turn to meet the host; abilities start on the second night (CLASSIC-008, CLASSIC-009)."
        ),
        "putana_wakes": gettext_noop(
            "Putana %(player)s wakes in turn to meet the host; abilities start on the second night (CLASSIC-008, CLASSIC-009)."
        ),
        "commissar_wakes": gettext_noop(
            "Commissar %(player)s wakes in turn to meet the host; abilities start on the second night (CLASSIC-008, CLASSIC-009)."
        ),
        "doctor_healed_saved": gettext_noop(
            "Doctor %(player)s healed %(player2)s: the mafia's kill on %(player2)s is saved (CLASSIC-032)."
        ),
        "one_against_one": gettext_noop(
            "One against one: %(player)s and %(player2)s hold the deciding vote next day (CLASSIC-044)."
        ),
        "one_against_one_voter": gettext_noop(
            "One against one: %(player)s and %(player2)s and %(player3)s, the last honest player to leave, hold the deciding vote next day (CLASSIC-044)."
        ),
        "refused_nobody": gettext_noop("%(who)s's %(ability)s of nobody is refused (%(rule)s): %(message)s"),
        "team_refused": gettext_noop(
            "the %(team)s team's %(ability)s of %(player)s is refused (%(rule)s): %(message)s"
        ),
        "team_refused_nobody": gettext_noop(
            "the %(team)s team's %(ability)s of nobody is refused (%(rule)s): %(message)s"
        ),
        # The public results post (``Outcome.announce``).
        "votes": gettext_noop("Votes: %(rows)s."),
        "nobody_reached_majority": gettext_noop("Nobody reached a majority: nobody leaves today."),
        "nobody_reached_majority_of": gettext_noop(
            "Nobody reached a majority of the %(n)s players entitled to vote (at least %(m)s votes;"
            " the most a single player got: %(rows)s): nobody leaves today."
        ),
        "voted_out_card_shown": gettext_noop("%(player)s was voted out. The card shows: %(role)s."),
        "voted_out_card_hidden": gettext_noop("%(player)s was voted out. The card stays hidden (CLASSIC-065)."),
        "first_night_passes": gettext_noop("The first night passes: nobody was killed."),
        "nobody_killed_tonight": gettext_noop("Nobody was killed tonight."),
        "killed_card_shown": gettext_noop("%(player)s was killed tonight. Their card: %(role)s."),
        "killed_card_hidden": gettext_noop("%(player)s was killed tonight. Their card stays hidden (CLASSIC-065)."),
        "note_honest": gettext_noop("A note reads: «честный»."),
        "note": gettext_noop("A note reads: «%(player)s»."),
        "note_blank": gettext_noop("A note is blank."),
        "dispute_lot": gettext_noop("One mafioso and one honest player remain: the lot decides the game."),
        "deciding_vote": gettext_noop(
            "One mafioso and one honest player remain: %(player)s and %(player2)s will vote to decide the game."
        ),
        "deciding_vote_voter": gettext_noop(
            "One mafioso and one honest player remain: %(player)s and %(player2)s and %(player3)s, the last honest player to leave, will vote to decide the game."
        ),
    },
)

# What each ability does and when its result arrives, in the document's
# words, shown in the cabinet (``Declarations.ability_help``): the code
# ``ability.<ability>`` (``ability.<team>.<ability>`` for a team's own).
ABILITY_HELP = templates(
    "classic",
    {
        "ability.kill": gettext_noop(
            "The mafia agrees on one honest player to kill tonight; he leaves the game in the morning unless the Doctor heals him. It is announced in the night's results at the night deadline."
        ),
        "ability.heal": gettext_noop(
            "You heal one player tonight: if he is the mafia's victim, he survives. Not the same player two nights in a row, and yourself only once a game; it takes effect with the night's results at the night deadline."
        ),
        "ability.visit": gettext_noop(
            "You visit another player tonight: his own night action is void and he may not vote the next day. Not the same player two nights in a row; it takes effect when the night is resolved at its deadline."
        ),
        "ability.check": gettext_noop(
            "You check another player tonight and learn his team, mafia or honest. The answer comes to this cabinet when the night is resolved at its deadline."
        ),
        "ability.vote": gettext_noop(
            "Your vote for the player you want out of the game. The count and who leaves are announced at the vote deadline."
        ),
    },
)
