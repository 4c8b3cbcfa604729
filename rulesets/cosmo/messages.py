"""The English templates of the cosmo ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop, templates

TEXTS = templates(
    "cosmo",
    {
        "day_vote_was_already_cancelled": gettext_noop(
            "The day's vote was already cancelled by the judge %(player)s (COSMO-030)."
        ),
        "judge_cancels_day_vote": gettext_noop("The judge %(player)s cancels the day's vote (COSMO-030)."),
        "tie_most_votes_re_vote": gettext_noop(
            "%(names)s tie for the most votes; re-vote: %(n)s jail, %(m)s spare (COSMO-013)."
        ),
        "re_vote_tied_coin_says": gettext_noop("The re-vote tied; the coin says: %(rows)s."),
        "silence_ends_with_this_day": gettext_noop("The silence of %(names)s ends with this day (COSMO-047)."),
        "judge_jails_nobody_today": gettext_noop("The judge %(player)s jails nobody today (COSMO-031)."),
        "votes_jail": gettext_noop("%(player)s votes to jail %(player2)s (COSMO-008)."),
        "no_valid_vote_was_cast": gettext_noop("No valid vote was cast: nobody is jailed (COSMO-012)."),
        "are_spared": gettext_noop("%(rows)s are spared."),
        "are_spared_2": gettext_noop("%(names)s are spared (COSMO-013)."),
        "was_blocked_putana_does_nothing": gettext_noop(
            "%(player)s was blocked by the putana %(player2)s: %(what)s does nothing (COSMO-037)."
        ),
        "was_protected_bodyguard_fails": gettext_noop(
            "%(player)s was protected by the bodyguard %(player2)s: %(what)s fails (COSMO-044)."
        ),
        "her_visit": gettext_noop("her visit"),
        "was_protected_bodyguard_putana_visit": gettext_noop(
            "%(player)s was protected by the bodyguard %(player2)s: the putana %(player3)s's visit fails (COSMO-044)."
        ),
        "putana_blocked_tonight": gettext_noop("The putana %(player)s blocked %(player2)s for tonight (COSMO-037)."),
        "bodyguard_protected_every_other_visitor": gettext_noop(
            "The bodyguard %(player)s protected %(player2)s: every other visitor fails (COSMO-044)."
        ),
        "intriguer_framed_checked_mafioso_tonight": gettext_noop(
            "The intriguer %(player)s framed %(player2)s: checked as a mafioso tonight (COSMO-050)."
        ),
        "mafia_boss_silenced_no_speech": gettext_noop(
            "The mafia boss %(player)s silenced %(player2)s: no speech and no vote next day (COSMO-047)."
        ),
        "no_player_got_votes_more": gettext_noop(
            "No player got the votes of more than half of the %(n)s mafia members: the mafia does nothing tonight (COSMO-018)."
        ),
        "mafia_chose_protected_bodyguard_kill": gettext_noop(
            "The mafia chose %(player)s, protected by the bodyguard %(player2)s: the kill fails (COSMO-044)."
        ),
        "mafia_attacks_majority_members": gettext_noop(
            "The mafia attacks %(player)s by a majority of its members (COSMO-018)."
        ),
        "dies_tonight_acted_tonight_out": gettext_noop(
            "%(player)s dies tonight; he acted tonight and is out from the morning post (COSMO-020)."
        ),
        "medium_contacts_who_out_no": gettext_noop(
            "The medium %(player)s contacts %(player2)s, who is out; no game effect (COSMO-040)."
        ),
        "protection": gettext_noop("the protection"),
        "frame": gettext_noop("the frame"),
        "silence": gettext_noop("the silence"),
        "kill_vote": gettext_noop("the kill vote"),
        "vote_not_counted_only_mafia": gettext_noop(
            "%(player)s's vote for %(player2)s is not counted: only mafia members' votes count (COSMO-041)."
        ),
        "votes_kill": gettext_noop("%(player)s votes to kill %(player2)s (COSMO-046)."),
        "kill": gettext_noop("the kill"),
        "attacks": gettext_noop("%(player)s (%(role)s) attacks %(player2)s (%(rule)s)."),
        "heal": gettext_noop("the heal"),
        "treatment": gettext_noop("the treatment"),
        "no_killer_came_plague_doctor": gettext_noop(
            "No killer came to %(player)s: the plague doctor %(player2)s's medicine kills him (COSMO-056)."
        ),
        "putana_dies_with_her_target": gettext_noop(
            "The putana %(player)s dies with her target %(player2)s (COSMO-038)."
        ),
        "check": gettext_noop("the check"),
        "spying": gettext_noop("the spying"),
        "journalist_learns_who_visited": gettext_noop(
            "The journalist %(player)s learns who visited %(player2)s: %(roles)s (COSMO-043)."
        ),
        "contact": gettext_noop("the contact"),
        "doctor_visited_whom_nobody_attacked": gettext_noop(
            "The doctor %(player)s visited %(player2)s, whom nobody attacked (COSMO-033)."
        ),
        "plague_doctor_saved_from_one": gettext_noop(
            "The plague doctor %(player)s saved %(player2)s from one attack (COSMO-055)."
        ),
        "checked_sees": gettext_noop("%(player)s checked %(player2)s and sees %(role)s (COSMO-025)."),
        "was_already_saved_treatment_changes": gettext_noop(
            "%(player)s was already saved; the treatment changes nothing (COSMO-055)."
        ),
        "sergeant_was_blocked_putana_not": gettext_noop(
            "The sergeant %(player)s was blocked by the putana %(player2)s: he is not woken and does not see the check of %(player3)s (COSMO-037, COSMO-026)."
        ),
        "sergeant_sees_check": gettext_noop("The sergeant %(player)s sees the check of %(player2)s (COSMO-026)."),
        "sergeant_takes_departed_chief_abilities": gettext_noop(
            "The sergeant %(player)s takes his departed chief's abilities: %(abilities)s (COSMO-027)."
        ),
        "every_mafia_member_gone_turncoat": gettext_noop(
            "Every mafia member is gone: the turncoat %(player)s becomes a mafioso (COSMO-054)."
        ),
        "jailed_most_votes": gettext_noop(
            "%(player)s is jailed with the most votes (%(n)s); the role %(role)s is revealed (COSMO-002)."
        ),
        "jailed_tied": gettext_noop(
            "%(player)s is jailed with every candidate tied for the most votes (COSMO-013); the role %(role)s is revealed (COSMO-002)."
        ),
        "jailed_verdict": gettext_noop(
            "%(player)s is jailed by the judge %(player2)s's verdict (COSMO-030); the role %(role)s is revealed (COSMO-002)."
        ),
        "coin_jail": gettext_noop("The re-vote ties: the coin says jail (COSMO-014)."),
        "coin_spare": gettext_noop("The re-vote ties: the coin says spare (COSMO-014)."),
        "doctor_saved": gettext_noop("The doctor %(player)s saved %(player2)s from one attack (COSMO-033)."),
        "doctor_saved_more": gettext_noop(
            "The doctor %(player)s saved %(player2)s from one attack (COSMO-033); %(n)s more attack(s) remain, from which no doctor saves (COSMO-034)."
        ),
        "journalist_learns_nobody": gettext_noop(
            "The journalist %(player)s learns who visited %(player2)s: nobody (COSMO-043)."
        ),
        # The public results post (``Outcome.announce``).
        "is_jailed_role": gettext_noop("%(player)s is jailed; role: %(role)s."),
        "jailed_by_vote": gettext_noop(
            "%(player)s is jailed by the vote, with the most votes (%(n)s). Role: %(role)s."
        ),
        "jailed_by_revote": gettext_noop(
            "%(player)s is jailed: the re-vote jails every candidate tied for the most votes. Role: %(role)s."
        ),
        "jailed_by_coin": gettext_noop(
            "%(player)s is jailed: the re-vote tied and the coin jails every tied candidate. Role: %(role)s."
        ),
        "jailed_by_verdict": gettext_noop(
            "%(player)s is jailed by the verdict of the judge %(player2)s; the day's vote was cancelled. Role: %(role)s."
        ),
        "revote_count": gettext_noop("Re-vote on %(names)s: %(n)s to jail them all, %(m)s to spare them all."),
        "reveals_judge_card": gettext_noop("%(player)s reveals the judge's card: the day's vote is cancelled."),
        "nobody_jailed_today": gettext_noop("Nobody is jailed today."),
        "killed_tonight": gettext_noop("%(player)s was killed tonight."),
        "attacked_and_saved": gettext_noop("%(player)s was attacked tonight and saved."),
        "is_silenced_today": gettext_noop("%(player)s is silenced today."),
        "visited_tonight_by": gettext_noop("%(player)s was visited tonight by: %(roles)s."),
        "visited_tonight_by_nobody": gettext_noop("%(player)s was visited tonight by: nobody."),
    },
)

# What each ability does and when its result arrives, in the document's
# words, shown in the cabinet (``Declarations.ability_help``): the code
# ``ability.<ability>`` (``ability.<team>.<ability>`` for a team's own).
ABILITY_HELP = templates(
    "cosmo",
    {
        "ability.check": gettext_noop(
            "You learn one player's role tonight (the Sheriff: instead of killing). The answer comes to this cabinet when the night is resolved at its deadline."
        ),
        "ability.kill": gettext_noop(
            "You kill one player tonight (the Sheriff: instead of checking). Those killed at night still act that night and leave at the next day; it is announced when the night is resolved at its deadline."
        ),
        "ability.kill_vote": gettext_noop(
            "You vote with the mafia for tonight's victim (the Lunatic's vote is not counted). The victim is announced when the night is resolved at its deadline."
        ),
        "ability.heal": gettext_noop(
            "You save one other player from a kill attempt tonight, though not from a second death the same night; you may choose the same player every night. It takes effect when the night is resolved at its deadline."
        ),
        "ability.treat": gettext_noop(
            "You treat one other player tonight: if someone attacks him, you cancel one attack; if nobody does, your treatment kills him. It takes effect when the night is resolved at its deadline."
        ),
        "ability.block": gettext_noop(
            "The player you choose cannot use his abilities tonight; if he is killed tonight, you die with him, unless the Doctor saves him. It takes effect when the night is resolved at its deadline."
        ),
        "ability.protect": gettext_noop(
            "Nobody can use an ability on the player you protect tonight; you cannot protect yourself. It takes effect when the night is resolved at its deadline."
        ),
        "ability.silence": gettext_noop(
            "The player you choose, yourself included, keeps silent the next day: he may neither speak nor vote. It takes effect with the night's results at the night deadline."
        ),
        "ability.frame": gettext_noop(
            "You frame one player: if he is checked tonight, the check shows him as a mafioso. It takes effect when the night is resolved at its deadline."
        ),
        "ability.spy": gettext_noop(
            "You learn which roles visited the player you choose tonight; the answer comes to this cabinet, and the visits are made public, when the night is resolved at its deadline."
        ),
        "ability.contact": gettext_noop(
            "You point at a player who is out of the game and talk with him by signs; nothing in the game changes. It happens when the night is resolved at its deadline."
        ),
        "ability.judge_verdict": gettext_noop(
            "Once a game you cancel the day's vote and decide alone whom to jail: one player, or nobody. It takes effect when the day is resolved at the vote deadline."
        ),
        "ability.vote": gettext_noop(
            "One vote that cannot be changed, for the candidate you want jailed; candidates vote too. The count comes at the vote deadline, and a tie goes to a re-vote."
        ),
        "ability.revote": gettext_noop(
            "In the re-vote of a tie you choose: jail all the tied players, or spare them all; a tied re-vote is settled by a coin. It is counted at the re-vote deadline."
        ),
    },
)
