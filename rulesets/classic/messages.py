"""The English templates of the classic ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop as N_
from rulesets.core.said import templates

TEXTS = templates(
    "classic",
    {
        "has_votes_majority_leaves": N_("%(player)s has %(n)s of %(m)s votes, a majority, and leaves (CLASSIC-012)."),
        "has_deciding_votes_leaves_game": N_("%(player)s has %(n)s deciding votes and leaves the game (CLASSIC-044)."),
        "classic_game_has_no_re": N_("The classic game has no re-vote; the revote ballots are ignored (B-3)."),
        "nobody_has_majority_voters_nobody": N_(
            "Nobody has a majority of the %(n)s voters: nobody is lynched (CLASSIC-013)."
        ),
        "no_survivor_has_two_deciding": N_(
            "No survivor has two of the deciding votes: the game is a draw (CLASSIC-044)."
        ),
        "mafia_chose_tonight_victim_shared": N_(
            "The mafia chose %(player)s as tonight's victim (CLASSIC-020); the shared kill is never voided (CLASSIC-035)."
        ),
        "was_killed_mafia_leaves_game": N_(
            "%(player)s was killed by the mafia and leaves the game (CLASSIC-020, CLASSIC-022)."
        ),
        "putana_occupied_their_action_tonight": N_(
            "Putana %(player)s occupied %(player2)s: their action tonight is void and they may not vote tomorrow (CLASSIC-035)."
        ),
        "mafia_named_no_victim_nobody": N_("The mafia named no victim: nobody is killed (CLASSIC-023, B-12)."),
        "mafia_notes_differ_or_one": N_(
            "The mafia's notes differ or one is missing: the mafia missed and nobody is killed (CLASSIC-062); %(player)s wrote %(player2)s."
        ),
        "no_mafioso_wrote_name_nobody": N_("No mafioso wrote a name: nobody is killed (CLASSIC-062, B-9)."),
        "commissar_checked_learns": N_("Commissar %(player)s checked %(player2)s and learns: %(team)s (CLASSIC-037)."),
        "survives_night_doctor_heal_saved": N_(
            "%(player)s survives the night: the doctor's heal saved them (CLASSIC-032)."
        ),
        "putana_was_herself_occupied_so": N_(
            "Putana %(player)s was herself occupied, so her visit to %(player2)s is void (CLASSIC-035)."
        ),
        "every_mafioso_note_names_mafia": N_("Every mafioso's note names %(player)s: the mafia's victim (%(rule)s)."),
        "doctor_was_occupied_putana_heal": N_(
            "Doctor %(player)s was occupied by the putana: the heal of %(player2)s is void (CLASSIC-035)."
        ),
        "commissar_was_occupied_putana_check": N_(
            "Commissar %(player)s was occupied by the putana: the check of %(player2)s is void (CLASSIC-035)."
        ),
        "doctor_healed_whom_nobody_attacked": N_(
            "Doctor %(player)s healed %(player2)s, whom nobody attacked (CLASSIC-032)."
        ),
        "refused": N_("%(who)s's %(ability)s of %(player)s is refused (%(rule)s): %(message)s"),
        "game_waits_deciding_vote_this": N_(
            "The game waits for the deciding vote: this night is void (CLASSIC-044, B-6)."
        ),
        "one_mafioso_one_honest_player": N_(
            "One mafioso and one honest player remain: the lot gives the win to %(team)s (CLASSIC-043, CLASSIC-045)."
        ),
        "team_wins": N_("The %(team)s team wins (%(rule)s)."),
        "game_ends_draw": N_("The game ends in a draw (CLASSIC-043)."),
        "first_night_no_host": N_(
            "First night: the mafia (%(names)s) open their eyes while the count runs from five to ten (CLASSIC-060); nobody is killed."
        ),
        "first_night_meet": N_(
            "First night: the mafia (%(names)s) meet each other and the host (CLASSIC-007); nobody is killed."
        ),
        "doctor_wakes": N_(
            "Doctor %(player)s wakes in turn to meet the host; abilities start on the second night (CLASSIC-008, CLASSIC-009)."
        ),
        "putana_wakes": N_(
            "Putana %(player)s wakes in turn to meet the host; abilities start on the second night (CLASSIC-008, CLASSIC-009)."
        ),
        "commissar_wakes": N_(
            "Commissar %(player)s wakes in turn to meet the host; abilities start on the second night (CLASSIC-008, CLASSIC-009)."
        ),
        "doctor_healed_saved": N_(
            "Doctor %(player)s healed %(player2)s: the mafia's kill on %(player2)s is saved (CLASSIC-032)."
        ),
        "one_against_one": N_(
            "One against one: %(player)s and %(player2)s hold the deciding vote next day (CLASSIC-044)."
        ),
        "one_against_one_voter": N_(
            "One against one: %(player)s and %(player2)s and %(player3)s, the last honest player to leave, hold the deciding vote next day (CLASSIC-044)."
        ),
        "refused_nobody": N_("%(who)s's %(ability)s of nobody is refused (%(rule)s): %(message)s"),
        "team_refused": N_("the %(team)s team's %(ability)s of %(player)s is refused (%(rule)s): %(message)s"),
        "team_refused_nobody": N_("the %(team)s team's %(ability)s of nobody is refused (%(rule)s): %(message)s"),
    },
)
