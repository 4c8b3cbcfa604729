"""The English templates of the piter ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop as N_
from rulesets.core.said import templates

TEXTS = templates(
    "piter",
    {
        "nominated_order": N_("Nominated, in order: %(names)s (PITER-010)."),
        "votes": N_("Votes: %(rows)s (PITER-016)."),
        "tie_between_one_more_minute": N_("Tie between %(names)s: one more minute each, then a re-vote (PITER-017)."),
        "re_vote_ties_again_nobody": N_("The re-vote ties again: nobody is executed («ночь без жертв», PITER-018)."),
        "nobody_was_nominated_no_vote": N_("Nobody was nominated: no vote and no execution (PITER-020)."),
        "mafia_all_voted_one_candidate": N_(
            "The mafia all voted for one candidate: technical defeat of the mafia (PITER-094)."
        ),
        "has_most_votes_executed": N_("%(player)s has the most votes (%(n)s) and is executed (PITER-016)."),
        "tie_ghost_takes_from_table": N_("Tie: the Ghost %(player)s takes %(player2)s from the table (PITER-093)."),
        "ignored_nominations": N_("Ignored nominations (out of the game or repeated): %(names)s (PITER-010)."),
        "ghost_names_counts_only_tie": N_(
            "The Ghost %(player)s names %(player2)s; it counts only on a tie (PITER-093)."
        ),
        "no_valid_vote_from_counted": N_("No valid vote from %(names)s: counted against %(player)s (PITER-015)."),
        "no_tie_ghost_pick_not": N_("No tie: the Ghost %(player)s's pick is not used (PITER-093)."),
        "no_tie_re_vote_not": N_("No tie: the re-vote is not held (PITER-017)."),
        "no_ghost_can_be_left": N_("No Ghost can be left today: the pick of %(player)s is ignored (PITER-092)."),
        "leaves_table_night_sentence": N_("%(player)s leaves the table by the night's sentence (PITER-050)."),
        "werewolf_turns_mafioso_joins_clan": N_(
            "Werewolf %(player)s turns mafioso and joins the clan: a shooting mafioso left the table (PITER-061)."
        ),
        "komsomolets_takes_over_left_table": N_(
            "Komsomolets %(player)s takes over as %(role)s: %(player2)s left the table (PITER-060)."
        ),
        "gets_warning": N_("%(player)s gets warning %(n)s of %(m)s for %(offence)s (PITER-110)."),
        "takes_their_extra_minute_game": N_("%(player)s takes their extra minute of the game (PITER-122)."),
        "has_warnings_removed_from_game": N_("%(player)s has %(n)s warnings and is removed from the game (PITER-111)."),
        "clan_meets": N_("The clan meets: %(names)s (PITER-003, PITER-046)."),
        "there_are_mafia_town": N_("There are %(rows)s mafia in the town (PITER-004)."),
        "was_blocked_bureaucrat_void": N_(
            "%(role)s %(player)s was blocked by the bureaucrat: the %(ability)s on %(player2)s is void (PITER-070)."
        ),
        "mirror_chose_nothing_was_aimed": N_(
            "Mirror %(player)s chose %(player2)s; nothing was aimed at it (PITER-048)."
        ),
        "will_leave_table_after_next": N_("%(player)s will leave the table after the next vote (PITER-050)."),
        "discredited_stays_silent_tomorrow": N_("%(player)s is discredited and stays silent tomorrow (PITER-021)."),
        "ghost_can_be_left_from": N_("A Ghost can be left from %(names)s (PITER-090, PITER-091)."),
        "made_no_valid_night_move": N_(
            "%(role)s %(player)s made no valid night move and leaves the table (PITER-031)."
        ),
        "n50_50_with_no_ghost": N_("50/50 with no Ghost: the non-consolidated vote rule holds today (PITER-091)."),
        "bureaucrat_blocked_night_turn_void": N_(
            "Bureaucrat %(player)s blocked %(player2)s: %(player2)s's night turn is void (PITER-044)."
        ),
        "nominated_nobody": N_("Nominated, in order: nobody (PITER-010)."),
        "clan_meets_nobody": N_("The clan meets: nobody (PITER-003, PITER-046)."),
        "clan_chose": N_("The clan chose %(player)s: kill marked (%(rule)s)."),
        "chose_kill": N_("%(role)s %(player)s chose %(player2)s: kill marked (%(rule)s)."),
        "chose_heal": N_("%(role)s %(player)s chose %(player2)s: heal marked (%(rule)s)."),
        "chose_discredit": N_("%(role)s %(player)s chose %(player2)s: discredit marked (%(rule)s)."),
        "chose_sentence": N_("%(role)s %(player)s chose %(player2)s: sentence marked (%(rule)s)."),
        "compared_same": N_("Journalist %(player)s compared %(player2)s and %(player3)s: same (%(rule)s)."),
        "compared_different": N_("Journalist %(player)s compared %(player2)s and %(player3)s: different (%(rule)s)."),
        "reflected_kill": N_("Mirror %(player)s reflected the kill by %(who)s onto %(player2)s (PITER-048)."),
        "reflected_heal": N_("Mirror %(player)s reflected the heal by %(who)s onto %(player2)s (PITER-048)."),
        "reflected_discredit": N_("Mirror %(player)s reflected the discredit by %(who)s onto %(player2)s (PITER-048)."),
        "reflected_sentence": N_("Mirror %(player)s reflected the sentence by %(who)s onto %(player2)s (PITER-048)."),
        "healed_clan_shot": N_(
            "Doctor %(player)s healed %(player2)s: the mafia's shot (PITER-040) on %(player2)s is saved (PITER-051)."
        ),
        "healed_maniac_kill": N_(
            "Doctor %(player)s healed %(player2)s: the maniac's kill (PITER-047) on %(player2)s is saved (PITER-051)."
        ),
        "healed_oper_kill": N_(
            "Doctor %(player)s healed %(player2)s: the oper's kill (PITER-049) on %(player2)s is saved (PITER-051)."
        ),
        "dies_clan_shot": N_("%(player)s dies from the mafia's shot (PITER-040)."),
        "dies_maniac_kill": N_("%(player)s dies from the maniac's kill (PITER-047)."),
        "dies_oper_kill": N_("%(player)s dies from the oper's kill (PITER-049)."),
        "was_blocked_bureaucrat_void_two": N_(
            "%(role)s %(player)s was blocked by the bureaucrat: the %(ability)s on %(player2)s and %(player3)s is void (PITER-070)."
        ),
    },
)
