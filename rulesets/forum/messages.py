"""The English templates of the forum ruleset's message codes (see
``rulesets.core.said``), marked for translation."""

from rulesets.core.said import gettext_noop, templates

TEXTS = templates(
    "forum",
    {
        "has_most_votes_leaves": gettext_noop("%(player)s has the most votes (%(n)s) and leaves (FORUM-014)."),
        "skipped_move_allowed": gettext_noop(
            "%(player)s (%(role)s) skipped a move: %(n)s of %(m)s allowed (FORUM-160)."
        ),
        "chose": gettext_noop("%(who)s chose %(player)s for %(ability)s (%(rule)s)."),
        "prosecutor_adds_vote_against": gettext_noop(
            "The Prosecutor adds a vote against %(player)s (FORUM-115, FORUM-116)."
        ),
        "protected_this_vote_passed_over": gettext_noop(
            "%(player)s is protected at this vote and is passed over (FORUM-015, FORUM-016, FORUM-125)."
        ),
        "no_single_leader_nobody_voted": gettext_noop("No single leader: nobody is voted out (FORUM-017)."),
        "keymaster_admits_bouncer_block_cancelled": gettext_noop(
            "The Keymaster admits %(player)s: the Bouncer's block is cancelled (FORUM-122)."
        ),
        "keymaster_admitted_whom_nobody_blocked": gettext_noop(
            "The Keymaster admitted %(player)s, whom nobody blocked (FORUM-123)."
        ),
        "bum_votes_orders": gettext_noop("The Bum %(player)s votes for %(player2)s as %(who)s orders (FORUM-119)."),
        "vote_not_counted_bouncer_kept": gettext_noop(
            "%(player)s's vote is not counted: the Bouncer kept him out (FORUM-050)."
        ),
        "kamikaze_left_day_may_take": gettext_noop(
            "Kamikaze %(player)s left by day: he may take a victim tonight (FORUM-089)."
        ),
        "carried_walking_basement_away_nobody": gettext_noop(
            "%(player)s carried the walking basement away: nobody gets it (FORUM-131)."
        ),
        "leaves_game": gettext_noop("%(player)s leaves the game: %(why)s."),
        "now": gettext_noop("%(player)s is now %(role)s of %(team)s (FORUM-031, FORUM-062)."),
        "cop_left_learns_she_cop": gettext_noop("The Cop left: %(player)s learns she is the Cop's Lover (FORUM-114)."),
        "nobody_holds_bum_vote_votes": gettext_noop(
            "Nobody holds the Bum %(player)s's vote: he votes himself (FORUM-152)."
        ),
        "doctor": gettext_noop("the Doctor"),
        "basement": gettext_noop("the basement"),
        "bonus": gettext_noop("the Bonus"),
        "takes_snitch_deal_lives_they": gettext_noop(
            "%(team)s takes the Snitch %(player)s's deal: he lives and they learn the Child %(names)s (FORUM-117)."
        ),
        "cop_shot_child_makes": gettext_noop("The Cop's shot at the Child %(player)s makes it a %(role)s (%(rule)s)."),
        "hit_bum_takes_vote_tomorrow": gettext_noop(
            "%(who)s hit the Bum %(player)s and takes his vote for tomorrow (%(rule)s)."
        ),
        "hit_dies_himself": gettext_noop("hit %(player)s and dies himself (%(rule)s)"),
        "shot": gettext_noop("shot by %(whos)s (%(rule)s)"),
        "shot_but_saved_him": gettext_noop("%(who)s shot %(player)s, but %(guard)s saved him (%(rule)s; %(rule2)s)."),
        "shot_child": gettext_noop("%(who)s shot the Child %(player)s (FORUM-043, FORUM-044, FORUM-140..149)."),
        "cop_team_hit_multifunctional_child": gettext_noop(
            "the Cop and a team hit the multifunctional Child (FORUM-149)"
        ),
        "cop_hit_multifunctional_child_dies": gettext_noop(
            "The Cop and %(teams)s hit the multifunctional Child %(player)s: it dies (FORUM-149)."
        ),
        "shot_bum": gettext_noop("%(who)s shot the Bum %(player)s (FORUM-119, FORUM-120, FORUM-150..152)."),
        "hit_should_die_but_saves": gettext_noop(
            "%(player)s hit %(player2)s and should die, but %(guard)s saves him (%(rule)s)."
        ),
        "tw_cannot_kill_side_fires": gettext_noop(
            "The TW cannot kill %(player)s, of the side he fires for (FORUM-060)."
        ),
        "cop_shot_check_cop_missed": gettext_noop(
            "The Cop's shot at %(player)s is a check: the Cop missed (FORUM-025, FORUM-027, FORUM-038)."
        ),
        "zombie_drags_plain_citizen_side": gettext_noop(
            "The Zombie drags the plain citizen %(player)s to his side (FORUM-102, FORUM-105)."
        ),
        "revenge_shot_misses_works_only": gettext_noop(
            "The revenge shot at %(player)s misses: it works only on criminals (FORUM-112)."
        ),
        "shot_lethal": gettext_noop("%(who)s shot %(player)s: lethal (%(rule)s)."),
        "cop_tw_duty_shot_each": gettext_noop(
            "The Cop %(player)s and the TW on duty for %(team)s shot each other with no Don alive: only the TW dies (FORUM-069)."
        ),
        "shot_but_cop_shot_saves": gettext_noop(
            "%(who)s shot %(player)s, but the Cop's shot saves him (FORUM-023, FORUM-039, FORUM-139)."
        ),
        "cop": gettext_noop("the Cop"),
        "both_criminal_shooters_hit_bum": gettext_noop(
            "Both criminal shooters hit the Bum %(player)s: nobody gets his vote (FORUM-150)."
        ),
        "shot_cop_without_effect": gettext_noop(
            "%(who)s shot the Cop %(player)s without effect (FORUM-060, FORUM-112)."
        ),
        "tw_duty_cannot_kill_don": gettext_noop(
            "The TW on duty for %(team)s cannot kill its Don %(player)s (FORUM-060)."
        ),
        "tin_woodman_fires_tonight": gettext_noop("Tin Woodman %(player)s fires for %(who)s tonight (FORUM-059)."),
        "bitten_werewolf_who_takes_role": gettext_noop(
            "bitten by the Werewolf, who takes the role %(role)s (FORUM-092, FORUM-093)"
        ),
        "taken_kamikaze": gettext_noop("taken by the Kamikaze %(player)s (FORUM-087)"),
        "kamikaze_takes_out_game": gettext_noop(
            "Kamikaze %(player)s takes %(player2)s out of the game (FORUM-087, FORUM-089)."
        ),
        "kamikaze_autokilled_takes_nobody": gettext_noop(
            "The Kamikaze %(player)s is autokilled tonight without a choice: he takes nobody (FORUM-088;"
            " only a Kamikaze voted out chooses later, FORUM-089)."
        ),
        "holds_bonus_game_day": gettext_noop("%(player)s holds the Bonus for game day %(n)s (FORUM-125)."),
        "werewolf_victim_was_protected": gettext_noop(
            "the Werewolf's victim %(player)s was protected by %(guard)s (FORUM-094)"
        ),
        "werewolf_bit_protected_werewolf_dies": gettext_noop(
            "Werewolf %(player)s bit %(player2)s, protected by %(guard)s: the Werewolf dies (FORUM-094)."
        ),
        "vampire_bit_joins_that_team": gettext_noop(
            "Vampire %(player)s bit %(player2)s of %(team)s and joins that team (FORUM-098)."
        ),
        "walking_basement_goes_first_shoot": gettext_noop(
            "The walking basement goes to %(who)s, the first to shoot its carrier (FORUM-129)."
        ),
        "kamikaze_leaves_without_taking_anyone": gettext_noop(
            "Kamikaze %(player)s leaves without taking anyone (FORUM-087)."
        ),
        "kamikaze_takes_but_protects_him": gettext_noop(
            "Kamikaze %(player)s takes %(player2)s, but %(guard)s protects him (ambiguity 22)."
        ),
        "shot_void_tin_woodman_chose": gettext_noop(
            "%(who)s's shot is void: the Tin Woodman chose %(player)s (FORUM-057)."
        ),
        "tin_woodman_blocks_gun_tonight": gettext_noop(
            "Tin Woodman %(player)s blocks %(player2)s's gun tonight (FORUM-057)."
        ),
        "tin_woodman_chose_no_gun": gettext_noop(
            "Tin Woodman %(player)s chose %(player2)s: no gun fired by that player, the choice is wasted (FORUM-058)."
        ),
        "doctor_heals_tonight": gettext_noop("Doctor %(player)s heals %(player2)s tonight (FORUM-052)."),
        "vampire_bit_child_but_cop": gettext_noop(
            "Vampire %(player)s bit the Child %(player2)s, but the Cop's shot took that role: the Vampire plays on as a citizen (FORUM-099)."
        ),
        "vampire_bit_neutral_nothing_changes": gettext_noop(
            "Vampire %(player)s bit the neutral %(player2)s: nothing changes (ambiguity 21)."
        ),
        "kamikaze_survives_choice_lapses": gettext_noop("Kamikaze %(player)s survives: his choice lapses (FORUM-088)."),
        "host_takes_away_next_night": gettext_noop(
            "The host takes away %(team)s's next night shot (FORUM-156, FORUM-159)."
        ),
        "host_demotes_plain": gettext_noop("The host demotes %(player)s to a plain %(role)s (FORUM-153, FORUM-159)."),
        "host_disqualifies_leaves_game": gettext_noop(
            "The host disqualifies %(player)s: he leaves the game (FORUM-153, FORUM-156)."
        ),
        "refused": gettext_noop("%(who)s's %(ability)s is refused: %(reason)s (%(rule)s)."),
        "hit_child_joins": gettext_noop("%(team)s hit the Child %(player)s: it joins %(team)s (FORUM-043, FORUM-054)."),
        "fired_sniper_gun_cop_cop": gettext_noop(
            "%(player)s fired the Sniper's gun at the Cop %(player2)s: the Cop lives, %(player)s becomes a plain citizen (FORUM-084, FORUM-078)."
        ),
        "hit_lives_dies": gettext_noop("%(player)s hit %(player2)s: %(player2)s lives, %(player)s dies (%(rule)s)."),
        "fired_sniper_gun_don_don": gettext_noop(
            "%(player)s fired the Sniper's gun at the Don %(player2)s: the Don lives, %(player)s joins %(team)s (FORUM-085, FORUM-055, FORUM-127)."
        ),
        "shot_tin_woodman_immortal_off": gettext_noop(
            "%(who)s shot the Tin Woodman %(player)s: he is immortal off duty and will fire for %(who)s next night (FORUM-059, FORUM-061)."
        ),
        "cop_shot_while_shot_him": gettext_noop(
            "The Cop %(player)s shot %(player2)s of %(team)s while %(team)s shot him: %(team)s's shot fails and they learn the Cop (FORUM-035, FORUM-135)."
        ),
        "werewolf_bit_takes_role_leaves": gettext_noop(
            "Werewolf %(player)s bit %(player2)s and takes the role %(role)s; %(player2)s leaves (FORUM-092)."
        ),
        "vampire_bit_takes_role_becomes": gettext_noop(
            "Vampire %(player)s bit %(player2)s and takes the role %(role)s; %(player2)s becomes a plain citizen (FORUM-097, FORUM-100)."
        ),
        "excused_no_vote": gettext_noop("%(player)s did not vote (FORUM-163), but the host excused him: no autokill."),
        "excused_self_vote": gettext_noop(
            "%(player)s voted against himself (FORUM-164), but the host excused him: no autokill."
        ),
        "excused_past_limit": gettext_noop(
            "%(player)s skipped a move past the limit (FORUM-160), but the host excused him: no autokill."
        ),
        "autokill_no_vote": gettext_noop("%(player)s did not vote (FORUM-163) and leaves by autokill."),
        "autokill_self_vote": gettext_noop("%(player)s voted against himself (FORUM-164) and leaves by autokill."),
        "autokill_past_limit": gettext_noop(
            "%(player)s skipped a move past the limit (FORUM-160) and leaves by autokill."
        ),
        "would_be_autokilled_skip": gettext_noop(
            "%(player)s would be autokilled for skip number %(n)s (FORUM-160), but the host excused him."
        ),
        "would_be_autokilled_no_bite": gettext_noop(
            "%(player)s would be autokilled for the %(role)s did not bite on the first night (FORUM-095, FORUM-096), but the host excused him."
        ),
        "autokill_skip": gettext_noop("autokill: skip number %(n)s (FORUM-160)"),
        "autokill_no_bite": gettext_noop(
            "autokill: the %(role)s did not bite on the first night (FORUM-095, FORUM-096)"
        ),
        "autokilled_skip": gettext_noop("%(player)s is autokilled: skip number %(n)s (FORUM-160)."),
        "autokilled_no_bite": gettext_noop(
            "%(player)s is autokilled: the %(role)s did not bite on the first night (FORUM-095, FORUM-096)."
        ),
        "next_day_move": gettext_noop("The host takes away %(player)s's next day move (FORUM-154, FORUM-159)."),
        "next_night_move": gettext_noop("The host takes away %(player)s's next night move (FORUM-154, FORUM-159)."),
        "hides_basement": gettext_noop("%(who)s hides %(player)s in the basement (FORUM-126, FORUM-129)."),
        "hides_walking_basement": gettext_noop(
            "%(who)s hides %(player)s in the walking basement (FORUM-126, FORUM-129)."
        ),
        "snitch_deal_no_child": gettext_noop(
            "%(team)s takes the Snitch %(player)s's deal: he lives and they learn the Child (none in play) (FORUM-117)."
        ),
        # The public results post (``Outcome.announce``).
        "keymaster_in_vain": gettext_noop("The Keymaster unlocked the back door in vain (FORUM-123)."),
        "vote_tied_nobody_leaves": gettext_noop("The vote was tied: nobody leaves (FORUM-017)."),
        "voted_out_card_revealed": gettext_noop(
            "%(player)s was voted out; the card is revealed (FORUM-014, FORUM-047)."
        ),
        "leaves_by_autokill": gettext_noop("%(player)s leaves the game by autokill."),
        "killed_tonight": gettext_noop("%(player)s was killed tonight."),
        "demoted_by_host": gettext_noop("%(player)s was demoted by the host (FORUM-153)."),
        "found_their_child": gettext_noop("The %(team)s found their Child (FORUM-066)."),
        "sniper_became_criminal": gettext_noop("The Sniper became a member of a criminal team (FORUM-085)."),
        "attacked_but_saved": gettext_noop(
            "The %(team)s attacked %(player)s, but %(guard)s foiled the attack (FORUM-180)."
        ),
        "cop_missed_announced": gettext_noop("The Cop missed (FORUM-038)."),
        "kamikaze_choice_was": gettext_noop("The Kamikaze's choice was %(player)s (FORUM-089)."),
    },
)

# What each ability does and when its result arrives, in the document's
# words, shown in the cabinet (``Declarations.ability_help``): the code
# ``ability.<ability>`` (``ability.<team>.<ability>`` for a team's own).
ABILITY_HELP = templates(
    "forum",
    {
        "ability.kill": gettext_noop(
            "Your team chooses one living player to shoot tonight. The shot kills unless the Doctor, the Cop or the basement saves him; who left the game is announced in the night's results at the night deadline."
        ),
        "ability.deal": gettext_noop(
            "Instead of shooting the player your team names, it invites him to a deal: if he is the Snitch, he stays alive and your team learns who its Child of the Mafia is. The answer comes to your team's room when the night is resolved at its deadline."
        ),
        "ability.deal.no_snitch": gettext_noop(
            "No Snitch is in play in this game (he is one of the rarely used roles, which this game does not use): a deal is a plain kill of the player your team names."
        ),
        "ability.hide": gettext_noop(
            "Once a game your side hides one of its own in the basement for the night: he survives any shot that night, though not a change of team. It takes effect when the night is resolved at its deadline."
        ),
        "ability.shoot": gettext_noop(
            "You shoot one player tonight; what the shot does depends on your role and on his (the Cop's hit on a citizen is only a check, announced as a miss). The results come at the night deadline: who left, in the night's results; what you learned, in this cabinet."
        ),
        "ability.heal": gettext_noop(
            "You heal one player tonight, yourself included: if he is shot, he does not die (a heal saves from death only, not from a change of team). Each player at most twice a game; it takes effect when the night is resolved at its deadline."
        ),
        "ability.choose": gettext_noop(
            "You name one player tonight, and it takes effect when the night is resolved at its deadline. The Tin Woodman's choice of a player with a gun blocks that player's move, and the Woodman shoots for him the next night (once a game); the Kamikaze's choice is the one he takes with him if he is killed."
        ),
        "ability.bite": gettext_noop(
            "On the first night only, you bite one player and take his role: the Werewolf's victim leaves the game, the Vampire's bitten citizen becomes a plain citizen, and a bitten criminal takes the Vampire into his team. Skipping it removes you from the game; your new role comes to this cabinet when the night is resolved."
        ),
        "ability.protect": gettext_noop(
            "Every day, by the day roles' deadline, you name one player, yourself included, who cannot be voted out that day; each player at most twice a game. It counts when the day's vote is resolved at the vote deadline."
        ),
        "ability.block": gettext_noop(
            "Every day, by the day roles' deadline, you name one player whose vote will not be counted that day; the same player at most twice a game. It counts when the vote is resolved at its deadline, unless the Keymaster lets him in by the back door."
        ),
        "ability.admit": gettext_noop(
            "Every day, by the day roles' deadline, you let one player, yourself included, in by the back door: if the Bouncer blocked him, his vote counts after all; otherwise nothing happens. The same player at most twice a game; it is told with the vote's results."
        ),
        "ability.extra_vote": gettext_noop(
            "From this cabinet you add one more vote, besides your own in the vote thread, against the player you take for a criminal: the same one or another. It is counted at the vote deadline."
        ),
        "ability.direct_vote": gettext_noop(
            "When your gun or your team took the Bum's vote at night, you tell here whom the Bum votes for at the next day's vote. It is counted at the vote deadline."
        ),
        "ability.vote": gettext_noop(
            "Your vote for the player you want out of the game: one post with one nickname in the vote thread. The count and who leaves are announced at the vote deadline."
        ),
    },
)
