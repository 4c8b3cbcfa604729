"""The English templates of the werewolf18 ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop, templates

TEXTS = templates(
    "werewolf18",
    {
        "green_card_no_violation": gettext_noop("%(player)s: green card, no violation (WW18-069)."),
        "vote_count": gettext_noop("Vote count: %(rows)s."),
        "day_count": gettext_noop("Day %(n)s count: %(rows)s (WW18-047)."),
        "elected_sheriff": gettext_noop("%(player)s is elected sheriff."),
        "first_reached_top_total_sheriff": gettext_noop(
            "%(player)s first reached the top total and is sheriff (WW18-045)."
        ),
        "has_most_votes_voted_out": gettext_noop("%(player)s has the most votes and is voted out (WW18-007)."),
        "idiot_plays_dumb_stays_game": gettext_noop("Idiot %(player)s plays dumb and stays in the game (WW18-032)."),
        "revealed_idiot_stays_game": gettext_noop("%(player)s is revealed as the idiot and stays in the game."),
        "nobody_got_vote_no_sheriff": gettext_noop("Nobody got a vote: no sheriff (WW18-045)."),
        "was_carded_out_today_no": gettext_noop("%(player)s was carded out today: no sheriff (A12)."),
        "tie_nobody_leaves": gettext_noop("A tie (or no votes): nobody leaves (WW18-008)."),
        "vote_tied_nobody_leaves": gettext_noop("The vote is tied: nobody leaves."),
        "nobody_voted_nobody_leaves": gettext_noop("Nobody voted for anybody: nobody leaves."),
        "voted_out": gettext_noop("voted out"),
        "too_few_posts_yellow": gettext_noop(
            "%(player)s wrote %(n)s posts today, fewer than five: an automatic yellow card (潜水)."
        ),
        "thin_posts_yellow": gettext_noop(
            "%(player)s wrote fewer than ten posts on each of %(n)s discussion days running:"
            " an automatic yellow card (潜水)."
        ),
        "did_not_vote_automatic_yellow": gettext_noop("%(player)s did not vote: an automatic yellow card (WW18-067)."),
        "was_carded_out_today_nobody": gettext_noop("%(player)s was carded out today: nobody leaves (WW18-008)."),
        "nobody_leaves_vote_today": gettext_noop("Nobody leaves by vote today."),
        "host_sends_off_once_with": gettext_noop("The host sends %(player)s off at once with a red card (WW18-075)."),
        "knifed_out": gettext_noop("knifed out"),
        "poisoned_out": gettext_noop("poisoned out"),
        "shot_hunter": gettext_noop("shot by the hunter"),
        "out_sacrifice_admired_player": gettext_noop("out by sacrifice for the admired player"),
        "out_because_revealed_idiot_lost": gettext_noop("out because the revealed idiot lost his skill (冤死)"),
        "leaves_game": gettext_noop("%(player)s leaves the game: %(why)s (%(rule)s)."),
        "sent_off_red_card_with": gettext_noop(
            "%(player)s is sent off by a red card, with no last words or shot (WW18-013)."
        ),
        "was_sent_off_with_red": gettext_noop("%(player)s was sent off with a red card."),
        "only_camp_undefeated_wins_settlement": gettext_noop(
            "Only the %(team)s camp is undefeated: it wins, settlement stops (WW18-050)."
        ),
        "can_no_longer_hold_so": gettext_noop(
            "%(player)s can no longer hold it, so the badge goes at random (WW18-048)"
        ),
        "sheriff_goes": gettext_noop("Sheriff %(player)s: %(why)s; it goes to %(player2)s."),
        "now_sheriff": gettext_noop("%(player)s is now the sheriff."),
        "may_leave_last_words": gettext_noop("%(player)s may leave last words (%(n)s of 4, WW18-016)."),
        "elder_left_every_village_player": gettext_noop(
            "Elder %(player)s left: every village player loses all skills (WW18-028)."
        ),
        "already_out_red_card_removes": gettext_noop(
            "%(player)s is already out; the red card removes nobody (WW18-009)."
        ),
        "red_carded_sheriff_badge_goes": gettext_noop("a red-carded sheriff's badge goes at random (WW18-014)"),
        "camp_defeated_unannounced_players_stay": gettext_noop(
            "The %(team)s camp is defeated, unannounced; its players stay (WW18-004)."
        ),
        "no_successor_named_so_badge": gettext_noop("no successor named, so the badge goes at random (WW18-071)"),
        "sheriff_passes_badge": gettext_noop("Sheriff %(player)s passes the badge to %(player2)s (WW18-048)."),
        "sheriff_but_nobody_may_hold": gettext_noop("Sheriff %(player)s: %(why)s, but nobody may hold it (WW18-048)."),
        "left_game_during_night": gettext_noop("%(player)s left the game during the night."),
        "gets_no_last_words_all": gettext_noop("%(player)s gets no last words: all four are given (WW18-016)."),
        "hunter_gave_no_shot_order": gettext_noop("Hunter %(player)s gave no shot order: he gave it up (WW18-071)."),
        "hunter_has_lost_skills_no": gettext_noop("Hunter %(player)s has lost his skills: no shot (WW18-028)."),
        "was_voted_out": gettext_noop("%(player)s was voted out."),
        "hunter_shoots_who_leaves_once": gettext_noop(
            "Hunter %(player)s shoots %(player2)s, who leaves at once (WW18-031)."
        ),
        "was_shot_left_game": gettext_noop("%(player)s was shot and left the game."),
        "left_game": gettext_noop("%(player)s left the game."),
        "guard_shields_from_tonight_knives": gettext_noop(
            "Guard %(player)s shields %(player2)s from tonight's knives (WW18-029)."
        ),
        "seer_checks_camp": gettext_noop("Seer %(player)s checks %(player2)s: camp %(team)s (%(rule)s)."),
        "lover_admires_from_now": gettext_noop("Lover %(player)s admires %(player2)s from now on (WW18-036)."),
        "witch_uses_her_antidote_spent": gettext_noop(
            "Witch %(player)s uses her antidote on %(player2)s; it is spent (WW18-025)."
        ),
        "witch_poisons_settles_last": gettext_noop("Witch %(player)s poisons %(player2)s; it settles last (WW18-026)."),
        "wolves_knife": gettext_noop("The wolves knife %(player)s (WW18-019)."),
        "white_wolf_knifes": gettext_noop("White wolf %(player)s knifes %(player2)s (WW18-044)."),
        "already_out": gettext_noop("%(player)s is already out (WW18-009)."),
        "guard_makes_knife_ineffective": gettext_noop(
            "Guard %(player)s makes the knife on %(player2)s ineffective (WW18-029)."
        ),
        "elder_survives_first_effective_knife": gettext_noop(
            "Elder %(player)s survives his first effective knife (WW18-027)."
        ),
        "witch_was_knifed_out_her": gettext_noop(
            "Witch %(player)s was knifed out: her poison on %(player2)s does nothing (WW18-026)."
        ),
        "out_or_without_skills_no": gettext_noop("%(player)s is out or without skills: no %(ability)s (WW18-059)."),
        "wolves_are_defeated_or_gone": gettext_noop("The wolves are defeated or gone: no knife (WW18-020)."),
        "witch_knifed_out_tonight_her": gettext_noop(
            "Witch %(player)s is knifed out tonight: her potions do nothing (WW18-026)."
        ),
        "witch_antidote_keeps_game": gettext_noop(
            "Witch %(player)s's antidote keeps %(player2)s in the game (WW18-024)."
        ),
        "witch_told_was_knifed": gettext_noop("Witch %(player)s is told %(player2)s was knifed (WW18-023)."),
        "mixed_blood_supports_joins": gettext_noop(
            "Mixed-blood %(player)s supports %(player2)s and joins %(team)s (WW18-042)."
        ),
        "mixed_blood_named_nobody_stays": gettext_noop(
            "Mixed-blood %(player)s named nobody and stays in %(team)s (WW18-003)."
        ),
        "agrees_surrender_every_werewolf_agreed": gettext_noop(
            "%(player)s agrees to surrender; every werewolf agreed, so the wolves are defeated, unannounced (WW18-017)."
        ),
        "agrees_surrender_but_did_not": gettext_noop(
            "%(player)s agrees to surrender, but %(names)s did not: no surrender (WW18-017)."
        ),
        "order_ignored_condition_did_not": gettext_noop(
            "%(player)s's %(ability)s order is ignored: its condition did not happen (A17)."
        ),
        "blue_card": gettext_noop("%(player)s gets a blue card (%(n)s held, WW18-069)."),
        "yellow_card": gettext_noop("%(player)s gets a yellow card (%(n)s held, WW18-069)."),
        "three_blue_cards": gettext_noop("%(player)s: three blue cards make one yellow card (WW18-069)."),
        "three_yellow_cards": gettext_noop("%(player)s: three yellow cards make one red card (WW18-069)."),
        "casts_vote": gettext_noop("%(player)s casts a vote for %(player2)s (WW18-065)."),
        "casts_change": gettext_noop("%(player)s casts a change for %(player2)s (WW18-065)."),
        "casts_vote_nobody": gettext_noop("%(player)s casts a vote for nobody (abstains) (WW18-065)."),
        "casts_change_nobody": gettext_noop("%(player)s casts a change for nobody (abstains) (WW18-065)."),
        "day_count_no_votes": gettext_noop("Day %(n)s count: no votes (WW18-047)."),
        "would_be_knifed": gettext_noop(
            "%(player)s would be knifed out, but lover %(player2)s leaves in their place (WW18-037)."
        ),
        "would_be_poisoned": gettext_noop(
            "%(player)s would be poisoned, but lover %(player2)s leaves in their place (WW18-037)."
        ),
        "would_be_voted": gettext_noop(
            "%(player)s would be voted out, but lover %(player2)s leaves in their place (WW18-037)."
        ),
        "is_knifed": gettext_noop("%(player)s is knifed out (WW18-060/WW18-063)."),
        "is_poisoned": gettext_noop("%(player)s is poisoned (WW18-060/WW18-063)."),
        # The public results post (``Outcome.announce``).
        "sacrifice_knife": gettext_noop(
            "%(player)s was knifed out, and the lover %(player2)s, who loved them deeply, left the game in their place!"
        ),
        "sacrifice_poison": gettext_noop(
            "%(player)s was poisoned, and the lover %(player2)s, who loved them deeply, left the game in their place!"
        ),
        "sacrifice_vote": gettext_noop(
            "%(player)s was voted out, and the lover %(player2)s, who loved them deeply, left the game in their place!"
        ),
    },
)

# What each ability does and when its result arrives, in the document's
# words, shown in the cabinet (``Declarations.ability_help``): the code
# ``ability.<ability>`` (``ability.<team>.<ability>`` for a team's own).
ABILITY_HELP = templates(
    "werewolf18",
    {
        "ability.support": gettext_noop(
            "At the start of the game you must choose another player and join his camp for the rest of the game. It takes effect when the deal step is settled, before day 1."
        ),
        "ability.guard": gettext_noop(
            "Each night you choose one player, yourself included: that night's knives on him are ineffective. Each player can be your target once a game; hand it in by the night's skill deadline, and the night's exits are published in the next morning report."
        ),
        "ability.check": gettext_noop(
            "Each night you check one player and learn his camp (the rioter shows as the village). The answer comes to this cabinet when the night is settled at its deadline."
        ),
        "ability.admire": gettext_noop(
            "Once a game, at night, you name the player you admire and share a private room with him; if he would leave by vote, knife or poison, you leave instead. It takes effect when the night is settled at its deadline."
        ),
        "ability.kill": gettext_noop(
            "Each night the wolf group knifes one player together, by the night's skill deadline. The witch is told whom; the exits are published in the next morning report."
        ),
        "ability.bite": gettext_noop(
            "Each night you knife one player of your own, settled after the wolves' knife. The exits are published in the next morning report."
        ),
        "ability.save": gettext_noop(
            "While you hold the antidote, this cabinet tells you at the night's skill deadline whom the wolves and the white wolf knifed; you then have until your own deadline, half an hour later, to save someone other than yourself. Once a game, and with the antidote gone you are no longer told the knives; it fails if you are knifed out that night."
        ),
        "ability.poison": gettext_noop(
            "Once a game you poison one player, who leaves by the end of the night unless you are knifed out that night. Hand it in by your own deadline, half an hour after the knives; the exits are published in the next morning report."
        ),
        "ability.shoot": gettext_noop(
            "When you leave the game other than by a red card, you shoot another player, who leaves at once. After a vote exit, hand it in within half an hour of the vote's close, or you have given it up; the exit is published with the results."
        ),
        "ability.play_dumb": gettext_noop(
            "When you are about to be voted out, you may reveal yourself and stay in the game; it is announced, and afterwards you can neither vote nor be voted for. Hand it in within half an hour of the vote's close."
        ),
        "ability.pass_badge": gettext_noop(
            "When you, the sheriff, leave the game other than by a red card, you name a successor still in the game. Hand it in within half an hour of the vote's close; otherwise the badge goes to a random player."
        ),
        "ability.surrender": gettext_noop(
            "Every member of the wolf group, in or out of the game, is asked whether to surrender; when all agree, the wolves are defeated. Your answer counts when the night is settled at its deadline."
        ),
        "ability.vote": gettext_noop(
            "One vote in the vote thread, with one change and abstention allowed, but no change in the last hour; the sheriff's vote counts 1.5. The count is published when the vote closes; on day 1 the most-voted player becomes sheriff."
        ),
    },
)
