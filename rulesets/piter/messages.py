"""The English templates of the piter ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop, templates

TEXTS = templates(
    "piter",
    {
        "nominated_order": gettext_noop("Nominated, in order: %(names)s (PITER-010)."),
        "votes": gettext_noop("Votes: %(rows)s (PITER-016)."),
        "tie_between_one_more_minute": gettext_noop(
            "Tie between %(names)s: one more minute each, then a re-vote (PITER-017)."
        ),
        "re_vote_ties_again_nobody": gettext_noop(
            "The re-vote ties again: nobody is executed («ночь без жертв», PITER-018)."
        ),
        "nobody_was_nominated_no_vote": gettext_noop("Nobody was nominated: no vote and no execution (PITER-020)."),
        "mafia_all_voted_one_candidate": gettext_noop(
            "The mafia all voted for one candidate: technical defeat of the mafia (PITER-094)."
        ),
        "has_most_votes_executed": gettext_noop("%(player)s has the most votes (%(n)s) and is executed (PITER-016)."),
        "tie_ghost_takes_from_table": gettext_noop(
            "Tie: the Ghost %(player)s takes %(player2)s from the table (PITER-093)."
        ),
        "ignored_nominations": gettext_noop(
            "Ignored nominations (out of the game or repeated): %(names)s (PITER-010)."
        ),
        "ghost_names_counts_only_tie": gettext_noop(
            "The Ghost %(player)s names %(player2)s; it counts only on a tie (PITER-093)."
        ),
        "no_valid_vote_from_counted": gettext_noop(
            "No valid vote from %(names)s: counted against %(player)s (PITER-015)."
        ),
        "no_tie_ghost_pick_not": gettext_noop("No tie: the Ghost %(player)s's pick is not used (PITER-093)."),
        "no_tie_re_vote_not": gettext_noop("No tie: the re-vote is not held (PITER-017)."),
        "no_ghost_can_be_left": gettext_noop(
            "No Ghost can be left today: the pick of %(player)s is ignored (PITER-092)."
        ),
        "leaves_table_night_sentence": gettext_noop("%(player)s leaves the table by the night's sentence (PITER-050)."),
        "werewolf_turns_mafioso_joins_clan": gettext_noop(
            "Werewolf %(player)s turns mafioso and joins the clan: a shooting mafioso left the table (PITER-061)."
        ),
        "komsomolets_takes_over_left_table": gettext_noop(
            "Komsomolets %(player)s takes over as %(role)s: %(player2)s left the table (PITER-060)."
        ),
        "gets_warning": gettext_noop("%(player)s gets warning %(n)s of %(m)s for %(offence)s (PITER-110)."),
        "takes_their_extra_minute_game": gettext_noop("%(player)s takes their extra minute of the game (PITER-122)."),
        "has_warnings_removed_from_game": gettext_noop(
            "%(player)s has %(n)s warnings and is removed from the game (PITER-111)."
        ),
        "clan_meets": gettext_noop("The clan meets: %(names)s (PITER-003, PITER-046)."),
        "there_are_mafia_town": gettext_noop("There are %(rows)s mafia in the town."),
        "was_blocked_bureaucrat_void": gettext_noop(
            "%(role)s %(player)s was blocked by the bureaucrat: the %(ability)s on %(player2)s is void (PITER-070)."
        ),
        "mirror_chose_nothing_was_aimed": gettext_noop(
            "Mirror %(player)s chose %(player2)s; nothing was aimed at it (PITER-048)."
        ),
        "will_leave_table_after_next": gettext_noop("%(player)s will leave the table after the next vote (PITER-050)."),
        "discredited_stays_silent_tomorrow": gettext_noop(
            "%(player)s is discredited and stays silent tomorrow (PITER-021)."
        ),
        "ghost_can_be_left_from": gettext_noop("A Ghost can be left from %(names)s (PITER-090, PITER-091)."),
        "made_no_valid_night_move": gettext_noop(
            "%(role)s %(player)s made no valid night move and leaves the table (PITER-031)."
        ),
        "n50_50_with_no_ghost": gettext_noop(
            "50/50 with no Ghost: the non-consolidated vote rule holds today (PITER-091)."
        ),
        "bureaucrat_blocked_night_turn_void": gettext_noop(
            "Bureaucrat %(player)s blocked %(player2)s: %(player2)s's night turn is void (PITER-044)."
        ),
        "nominated_nobody": gettext_noop("Nominated, in order: nobody (PITER-010)."),
        "clan_meets_nobody": gettext_noop("The clan meets: nobody (PITER-003, PITER-046)."),
        "clan_chose": gettext_noop("The clan chose %(player)s: kill marked (%(rule)s)."),
        "chose_kill": gettext_noop("%(role)s %(player)s chose %(player2)s: kill marked (%(rule)s)."),
        "chose_heal": gettext_noop("%(role)s %(player)s chose %(player2)s: heal marked (%(rule)s)."),
        "chose_discredit": gettext_noop("%(role)s %(player)s chose %(player2)s: discredit marked (%(rule)s)."),
        "chose_sentence": gettext_noop("%(role)s %(player)s chose %(player2)s: sentence marked (%(rule)s)."),
        "compared_same": gettext_noop("Journalist %(player)s compared %(player2)s and %(player3)s: same (%(rule)s)."),
        "compared_different": gettext_noop(
            "Journalist %(player)s compared %(player2)s and %(player3)s: different (%(rule)s)."
        ),
        "reflected_kill": gettext_noop("Mirror %(player)s reflected the kill by %(who)s onto %(player2)s (PITER-048)."),
        "reflected_heal": gettext_noop("Mirror %(player)s reflected the heal by %(who)s onto %(player2)s (PITER-048)."),
        "reflected_discredit": gettext_noop(
            "Mirror %(player)s reflected the discredit by %(who)s onto %(player2)s (PITER-048)."
        ),
        "reflected_sentence": gettext_noop(
            "Mirror %(player)s reflected the sentence by %(who)s onto %(player2)s (PITER-048)."
        ),
        "healed_clan_shot": gettext_noop(
            "Doctor %(player)s healed %(player2)s: the mafia's shot (PITER-040) on %(player2)s is saved (PITER-051)."
        ),
        "healed_maniac_kill": gettext_noop(
            "Doctor %(player)s healed %(player2)s: the maniac's kill (PITER-047) on %(player2)s is saved (PITER-051)."
        ),
        "healed_oper_kill": gettext_noop(
            "Doctor %(player)s healed %(player2)s: the oper's kill (PITER-049) on %(player2)s is saved (PITER-051)."
        ),
        "dies_clan_shot": gettext_noop("%(player)s dies from the mafia's shot (PITER-040)."),
        "dies_maniac_kill": gettext_noop("%(player)s dies from the maniac's kill (PITER-047)."),
        "dies_oper_kill": gettext_noop("%(player)s dies from the oper's kill (PITER-049)."),
        "was_blocked_bureaucrat_void_two": gettext_noop(
            "%(role)s %(player)s was blocked by the bureaucrat: the %(ability)s on %(player2)s and %(player3)s is void (PITER-070)."
        ),
        # The public results post (``Outcome.announce``): players read it,
        # so it cites no rule id (the host's trace above does).
        "nominees": gettext_noop("Nominated, in order: %(names)s."),
        "tally": gettext_noop("Votes: %(rows)s."),
        "tie_vote_repeated": gettext_noop("Tie between %(names)s: the vote is repeated."),
        "re_vote_tied_again_nobody_executed": gettext_noop("The re-vote tied again: nobody is executed today."),
        "nobody_nominated_nobody_executed": gettext_noop("Nobody was nominated: nobody is executed today."),
        "mafia_voted_together_loses": gettext_noop("The mafia voted together: the mafia loses on a technicality."),
        "leaves_table_technicality": gettext_noop("%(player)s leaves the table."),
        "is_executed": gettext_noop("%(player)s is executed."),
        "is_executed_ghost_chose": gettext_noop("%(player)s is executed: the Ghost chose them in the tie."),
        "becomes_host": gettext_noop("%(player)s becomes the host."),
        "leaves_table_sentence": gettext_noop("%(player)s leaves the table by the judge's sentence."),
        "gets_warning_of": gettext_noop("%(player)s gets a warning (%(n)s of %(m)s)."),
        "removed_after_warnings": gettext_noop("%(player)s is removed from the game after %(n)s warnings."),
        "left_table_this_night": gettext_noop("%(player)s left the table this night."),
        "is_silent_today": gettext_noop("%(player)s is silent today."),
        "ghost_may_stay": gettext_noop("A Ghost may stay at the table, one of: %(names)s."),
        "mafia_may_not_all_vote_one": gettext_noop("The mafia may not all vote for one candidate today."),
        "their_card": gettext_noop("%(clause)s Their card: %(role)s."),
    },
)

# What each ability does and when its result arrives, in the document's
# words, shown in the cabinet (``Declarations.ability_help``): the code
# ``ability.<ability>`` (``ability.<team>.<ability>`` for a team's own).
ABILITY_HELP = templates(
    "piter",
    {
        "ability.mafia.kill": gettext_noop(
            "The clan points together at one player, who is killed tonight unless the Doctor heals him. Who left the table is announced with the night's results at the night deadline."
        ),
        "ability.kill": gettext_noop(
            "You point at one player, who is killed tonight unless the Doctor heals him. From the second night on you must act, or you leave the table; the result is announced with the night's results at the night deadline."
        ),
        "ability.discredit": gettext_noop(
            "You discredit one player: he is silenced for the next day. Not the same player two nights in a row; it takes effect with the night's results at the night deadline."
        ),
        "ability.block": gettext_noop(
            "You block one player: he cannot act in his night turn tonight. Not the same player two nights in a row; it works when the night is resolved at its deadline."
        ),
        "ability.reflect": gettext_noop(
            "You name a player: everything aimed at you tonight (kills, heals, discredit, the Judge's sentence) passes on to him. It takes effect when the night is resolved at its deadline."
        ),
        "ability.execute": gettext_noop(
            "You sentence one player: he leaves the table after the next day's vote, in addition to whoever is executed; the Doctor's heal does not save him. The sentence is carried out with that vote's results."
        ),
        "ability.heal": gettext_noop(
            "You heal one player, yourself included, but not the same player two nights in a row: he stays in the game despite a kill by the Mafia, the Oper or the Maniac. It takes effect with the night's results at the night deadline."
        ),
        "ability.compare": gettext_noop(
            "You name two other players and learn whether they are the same or different (any comparison with the Maniac gives different, with the Mirror the same). The answer comes to this cabinet with the night's results at the night deadline."
        ),
        "ability.ghost_pick": gettext_noop(
            "When a Ghost stays at the table and the votes split evenly, the Ghost names which of the tied players leaves the table. It counts when the day's vote is resolved."
        ),
    },
)
