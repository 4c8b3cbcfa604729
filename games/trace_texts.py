"""The host's resolution trace in the host's language.

The rules engines write their trace (``Outcome.note``) in English, one
sentence per line, naming the rule ids. ``SENTENCES`` lists every sentence
the engines write, marked for translation, its variable parts as named
placeholders; ``trace_lines`` turns a stored trace into lines in the
reader's language, as ``games.results.engine_sentence`` does for the
results posts. A placeholder's name says what it holds, and so how it is
shown (``_KINDS``; a trailing digit tells several of one kind apart):

- ``player``: a player's name; ``names``: names joined by ", "; ``rows``:
  a vote count ("Ann 2, Bob 1"); ``rule``: rule ids (no parentheses);
  ``n``, ``m``: numbers; ``offence``: an offence id (PITER-110) — all
  shown as written;
- ``who``: a player or a team (``team:mafia``, ``player:Ann``, ``mafia``),
  ``whos`` several of them; ``team``/``teams``, ``role``/``roles`` (an id
  or the declared English name), ``ability``/``abilities``: ids, shown by
  their declared names in the reader's language;
- ``why``: a clause the engine builds apart (why a player left, why a
  badge goes at random), itself one of ``FRAGMENTS``;
- ``reason``: a refusal's reason id, shown as the sentence the player
  reads (``Ruleset.message``); ``message``: that sentence itself;
- ``guard``: who protected a player in the forum game (``GUARDS``);
  ``what``: the move a cosmo putana or bodyguard stopped (``MOVES``).

A line that is a refusal's own sentence (``Outcome.reject``) is one of the
rulesets' ``MESSAGES``, translated through ``games/ruleset_texts.py``. A
line no entry matches stays in English (``TraceLine.english``); the rule
ids stay in every line: the trace is the host's view, where they belong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rulesets
from rulesets.core import Ruleset
from rulesets.core.base import MESSAGES as CORE_MESSAGES

from .results import ability_name, localized, team_name

# ORDER step ids of every ruleset (``Ruleset.ORDER``, ``DAY_ORDER``,
# ``EXIT_ORDER`` and the steps the engines name when they note) → the word
# the trace shows. A step not listed is shown as it is.
STEPS: dict[str, str] = {
    "acquaintance": gettext_noop("acquaintance"),
    "admire": gettext_noop("admiration"),
    "admission": gettext_noop("admission to the vote"),
    "apply": gettext_noop("effects applied"),
    "autokill": gettext_noop("autokill"),
    "badge": gettext_noop("sheriff's badge"),
    "ballots": gettext_noop("ballots"),
    "bite": gettext_noop("bite"),
    "block": gettext_noop("block"),
    "cards": gettext_noop("cards"),
    "check": gettext_noop("check"),
    "clan_shot": gettext_noop("clan's shot"),
    "coin": gettext_noop("coin toss"),
    "compare": gettext_noop("comparison"),
    "contact": gettext_noop("contact"),
    "conversions": gettext_noop("conversions"),
    "convert": gettext_noop("conversion"),
    "count": gettext_noop("vote count"),
    "day_effects": gettext_noop("next day's effects"),
    "deaths": gettext_noop("deaths"),
    "discredit": gettext_noop("discredit"),
    "double_swallow": gettext_noop("double swallow"),
    "eliminate": gettext_noop("elimination"),
    "end": gettext_noop("end of the game"),
    "exit": gettext_noop("exit"),
    "extra_minute": gettext_noop("extra minute"),
    "frame": gettext_noop("frame"),
    "ghost": gettext_noop("the Ghost"),
    "guard": gettext_noop("guard"),
    "heal": gettext_noop("heal"),
    "jail": gettext_noop("jail"),
    "kamikaze": gettext_noop("the Kamikaze"),
    "kill": gettext_noop("kill"),
    "knife_settlement": gettext_noop("knife settlement"),
    "last_shot": gettext_noop("last shot"),
    "last_words": gettext_noop("last words"),
    "mafia_kill": gettext_noop("mafia's kill"),
    "maniac_kill": gettext_noop("maniac's kill"),
    "meet": gettext_noop("meeting"),
    "morning": gettext_noop("morning"),
    "nominations": gettext_noop("nominations"),
    "oper_kill": gettext_noop("oper's kill"),
    "orders": gettext_noop("orders"),
    "penalty": gettext_noop("penalty"),
    "play_dumb": gettext_noop("playing dumb"),
    "poison": gettext_noop("poison"),
    "poison_settlement": gettext_noop("poison settlement"),
    "promote": gettext_noop("promotion"),
    "protect": gettext_noop("protection"),
    "putana_death": gettext_noop("putana's death"),
    "reflect": gettext_noop("reflection"),
    "refusals": gettext_noop("moves not made"),
    "revote": gettext_noop("re-vote"),
    "sacrifice": gettext_noop("sacrifice"),
    "save": gettext_noop("antidote"),
    "sentence": gettext_noop("sentence"),
    "sheriff_election": gettext_noop("sheriff election"),
    "shots": gettext_noop("shots"),
    "silence": gettext_noop("silence"),
    "skill_loss": gettext_noop("loss of skills"),
    "skips": gettext_noop("skipped moves"),
    "spy": gettext_noop("spying"),
    "support": gettext_noop("support"),
    "surrender": gettext_noop("surrender"),
    "treat": gettext_noop("treatment"),
    "validate": gettext_noop("validation"),
    "verdict": gettext_noop("verdict"),
    "victory": gettext_noop("victory check"),
    "visit": gettext_noop("visit"),
    "vote": gettext_noop("vote"),
    "vote_exit": gettext_noop("exit by vote"),
    "warnings": gettext_noop("warnings"),
    "witch": gettext_noop("witch"),
}

# ``TraceEntry.result`` → its word.
RESULTS: dict[str, str] = {
    "effect": gettext_noop("takes effect"),
    "blocked": gettext_noop("blocked"),
    "saved": gettext_noop("saved"),
    "void": gettext_noop("void"),
    "rejected": gettext_noop("refused"),
    "info": gettext_noop("note"),
}

# Who protected a player in the forum game (FORUM-052, FORUM-125, FORUM-126, FORUM-139).
GUARDS: dict[str, str] = {
    "the Doctor": gettext_noop("the Doctor"),
    "the basement": gettext_noop("the basement"),
    "the Bonus": gettext_noop("the Bonus"),
    "the Cop": gettext_noop("the Cop"),
}

# The moves a cosmo putana blocks or a bodyguard repels (COSMO-037, COSMO-044).
MOVES: dict[str, str] = {
    "her visit": gettext_noop("her visit"),
    "the protection": gettext_noop("the protection"),
    "the frame": gettext_noop("the frame"),
    "the silence": gettext_noop("the silence"),
    "the kill vote": gettext_noop("the kill vote"),
    "the kill": gettext_noop("the kill"),
    "the heal": gettext_noop("the heal"),
    "the treatment": gettext_noop("the treatment"),
    "the check": gettext_noop("the check"),
    "the spying": gettext_noop("the spying"),
    "the contact": gettext_noop("the contact"),
}

SENTENCES: tuple[str, ...] = (
    # rulesets.core.base
    gettext_noop("The host disqualifies %(player)s: he leaves the game."),
    gettext_noop("%(who)s's earlier %(ability)s is replaced by a later one."),
    # rulesets.forum.effects and rulesets.werewolf18.exits (the reason is one of FRAGMENTS)
    gettext_noop("%(player)s leaves the game: %(why)s."),
    gettext_noop("%(player)s leaves the game: %(why)s (%(rule)s)."),
    # rulesets.forum.day
    gettext_noop("%(who)s chose %(player)s for %(ability)s (%(rule)s)."),
    gettext_noop("The Keymaster admits %(player)s: the Bouncer's block is cancelled (FORUM-122)."),
    gettext_noop("The Keymaster admitted %(player)s, whom nobody blocked (FORUM-123)."),
    gettext_noop("The Bum %(player)s votes for %(player2)s as %(who)s orders (FORUM-119)."),
    gettext_noop("%(player)s's vote is not counted: the Bouncer kept him out (FORUM-050)."),
    gettext_noop("The Prosecutor adds a vote against %(player)s (FORUM-115, FORUM-116)."),
    gettext_noop("%(player)s is protected at this vote and is passed over (FORUM-015, FORUM-016, FORUM-125)."),
    gettext_noop("No single leader: nobody is voted out (FORUM-017)."),
    gettext_noop("%(player)s has the most votes (%(n)s) and leaves (FORUM-014)."),
    gettext_noop("%(player)s (%(role)s) skipped a move: %(n)s of %(m)s allowed (FORUM-160)."),
    gettext_noop("%(player)s did not vote (FORUM-163), but the host excused him: no autokill."),
    gettext_noop("%(player)s voted against himself (FORUM-164), but the host excused him: no autokill."),
    gettext_noop("%(player)s skipped a move past the limit (FORUM-160), but the host excused him: no autokill."),
    gettext_noop("%(player)s did not vote (FORUM-163) and leaves by autokill."),
    gettext_noop("%(player)s voted against himself (FORUM-164) and leaves by autokill."),
    gettext_noop("%(player)s skipped a move past the limit (FORUM-160) and leaves by autokill."),
    gettext_noop("Kamikaze %(player)s left by day: he may take a victim tonight (FORUM-089)."),
    gettext_noop("%(player)s carried the walking basement away: nobody gets it (FORUM-131)."),
    # rulesets.forum.effects
    gettext_noop("%(player)s is now %(role)s of %(team)s (FORUM-031, FORUM-062)."),
    gettext_noop("Nobody holds the Bum %(player)s's vote: he votes himself (FORUM-152)."),
    gettext_noop("The Cop left: %(player)s learns she is the Cop's Lover (FORUM-114)."),
    # rulesets.forum.validate
    gettext_noop("%(who)s's %(ability)s is refused: %(reason)s (%(rule)s)."),
    # rulesets.forum.penalties
    gettext_noop("The host takes away %(player)s's next day move (FORUM-154, FORUM-159)."),
    gettext_noop("The host takes away %(player)s's next night move (FORUM-154, FORUM-159)."),
    gettext_noop("The host takes away %(team)s's next night shot (FORUM-156, FORUM-159)."),
    gettext_noop("The host demotes %(player)s to a plain %(role)s (FORUM-153, FORUM-159)."),
    gettext_noop("The host disqualifies %(player)s: he leaves the game (FORUM-153, FORUM-156)."),
    # rulesets.forum.judge
    gettext_noop(
        "%(team)s takes the Snitch %(player)s's deal: he lives and they learn the Child %(names)s (FORUM-117)."
    ),
    gettext_noop(
        "%(team)s takes the Snitch %(player)s's deal: he lives and they learn the Child (none in play) (FORUM-117)."
    ),
    gettext_noop("%(who)s shot %(player)s: lethal (%(rule)s)."),
    gettext_noop("%(who)s shot %(player)s, but %(guard)s saved him (%(rule)s; %(rule2)s)."),
    gettext_noop(
        "%(who)s shot the Tin Woodman %(player)s: he is immortal off duty and will fire for %(who)s next night"
        " (FORUM-059, FORUM-061)."
    ),
    gettext_noop("%(who)s shot the Child %(player)s (FORUM-043, FORUM-044, FORUM-140..149)."),
    gettext_noop("The Cop and %(teams)s hit the multifunctional Child %(player)s: it dies (FORUM-149)."),
    gettext_noop("%(team)s hit the Child %(player)s: it joins %(team)s (FORUM-043, FORUM-054)."),
    gettext_noop("The Cop's shot at the Child %(player)s makes it a %(role)s (%(rule)s)."),
    gettext_noop("%(who)s shot the Bum %(player)s (FORUM-119, FORUM-120, FORUM-150..152)."),
    gettext_noop("Both criminal shooters hit the Bum %(player)s: nobody gets his vote (FORUM-150)."),
    gettext_noop("%(who)s hit the Bum %(player)s and takes his vote for tomorrow (%(rule)s)."),
    gettext_noop("%(who)s shot the Cop %(player)s without effect (FORUM-060, FORUM-112)."),
    gettext_noop(
        "%(player)s fired the Sniper's gun at the Cop %(player2)s: the Cop lives, %(player)s becomes a plain citizen"
        " (FORUM-084, FORUM-078)."
    ),
    gettext_noop("%(player)s hit %(player2)s and should die, but %(guard)s saves him (%(rule)s)."),
    gettext_noop("%(player)s hit %(player2)s: %(player2)s lives, %(player)s dies (%(rule)s)."),
    gettext_noop(
        "The Cop %(player)s and the TW on duty for %(team)s shot each other with no Don alive: only the TW dies"
        " (FORUM-069)."
    ),
    gettext_noop(
        "The Cop %(player)s shot %(player2)s of %(team)s while %(team)s shot him: %(team)s's shot fails and they"
        " learn the Cop (FORUM-035, FORUM-135)."
    ),
    gettext_noop("The TW on duty for %(team)s cannot kill its Don %(player)s (FORUM-060)."),
    gettext_noop(
        "%(player)s fired the Sniper's gun at the Don %(player2)s: the Don lives, %(player)s joins %(team)s"
        " (FORUM-085, FORUM-055, FORUM-127)."
    ),
    gettext_noop("%(who)s shot %(player)s, but the Cop's shot saves him (FORUM-023, FORUM-039, FORUM-139)."),
    gettext_noop("The TW cannot kill %(player)s, of the side he fires for (FORUM-060)."),
    gettext_noop("The Cop's shot at %(player)s is a check: the Cop missed (FORUM-025, FORUM-027, FORUM-038)."),
    gettext_noop("The Zombie drags the plain citizen %(player)s to his side (FORUM-102, FORUM-105)."),
    gettext_noop("The revenge shot at %(player)s misses: it works only on criminals (FORUM-112)."),
    # rulesets.forum.night
    gettext_noop("Tin Woodman %(player)s fires for %(who)s tonight (FORUM-059)."),
    gettext_noop("%(who)s's shot is void: the Tin Woodman chose %(player)s (FORUM-057)."),
    gettext_noop("Tin Woodman %(player)s blocks %(player2)s's gun tonight (FORUM-057)."),
    gettext_noop(
        "Tin Woodman %(player)s chose %(player2)s: no gun fired by that player, the choice is wasted (FORUM-058)."
    ),
    gettext_noop("Doctor %(player)s heals %(player2)s tonight (FORUM-052)."),
    gettext_noop("%(who)s hides %(player)s in the basement (FORUM-126, FORUM-129)."),
    gettext_noop("%(who)s hides %(player)s in the walking basement (FORUM-126, FORUM-129)."),
    gettext_noop("%(player)s holds the Bonus for game day %(n)s (FORUM-125)."),
    gettext_noop("Werewolf %(player)s bit %(player2)s, protected by %(guard)s: the Werewolf dies (FORUM-094)."),
    gettext_noop("Werewolf %(player)s bit %(player2)s and takes the role %(role)s; %(player2)s leaves (FORUM-092)."),
    gettext_noop("Vampire %(player)s bit %(player2)s of %(team)s and joins that team (FORUM-098)."),
    gettext_noop(
        "Vampire %(player)s bit the Child %(player2)s, but the Cop's shot took that role: the Vampire plays on as a"
        " citizen (FORUM-099)."
    ),
    gettext_noop(
        "Vampire %(player)s bit %(player2)s and takes the role %(role)s; %(player2)s becomes a plain citizen"
        " (FORUM-097, FORUM-100)."
    ),
    gettext_noop("Vampire %(player)s bit the neutral %(player2)s: nothing changes (ambiguity 21)."),
    gettext_noop("The walking basement goes to %(who)s, the first to shoot its carrier (FORUM-129)."),
    gettext_noop("Kamikaze %(player)s survives: his choice lapses (FORUM-088)."),
    gettext_noop("Kamikaze %(player)s leaves without taking anyone (FORUM-087)."),
    gettext_noop("Kamikaze %(player)s takes %(player2)s, but %(guard)s protects him (ambiguity 22)."),
    gettext_noop("Kamikaze %(player)s takes %(player2)s out of the game (FORUM-087, FORUM-089)."),
    gettext_noop("%(player)s would be autokilled for skip number %(n)s (FORUM-160), but the host excused him."),
    gettext_noop(
        "%(player)s would be autokilled for the %(role)s did not bite on the first night (FORUM-095, FORUM-096),"
        " but the host excused him."
    ),
    gettext_noop("%(player)s is autokilled: skip number %(n)s (FORUM-160)."),
    gettext_noop("%(player)s is autokilled: the %(role)s did not bite on the first night (FORUM-095, FORUM-096)."),
    gettext_noop("Kamikaze %(player)s left by night autokill: he may take a victim next night (FORUM-087)."),
    # rulesets.classic.day
    gettext_noop("The classic game has no re-vote; the revote ballots are ignored (B-3)."),
    gettext_noop("Nobody has a majority of the %(n)s voters: nobody is lynched (CLASSIC-013)."),
    gettext_noop("No survivor has two of the deciding votes: the game is a draw (CLASSIC-044)."),
    gettext_noop("%(player)s has %(n)s deciding votes and leaves the game (CLASSIC-044)."),
    gettext_noop("%(player)s has %(n)s of %(m)s votes, a majority, and leaves (CLASSIC-012)."),
    # rulesets.classic.night
    gettext_noop(
        "First night: the mafia (%(names)s) open their eyes while the count runs from five to ten (CLASSIC-060);"
        " nobody is killed."
    ),
    gettext_noop("First night: the mafia (%(names)s) meet each other and the host (CLASSIC-007); nobody is killed."),
    gettext_noop(
        "Doctor %(player)s wakes in turn to meet the host; abilities start on the second night"
        " (CLASSIC-008, CLASSIC-009)."
    ),
    gettext_noop(
        "Putana %(player)s wakes in turn to meet the host; abilities start on the second night"
        " (CLASSIC-008, CLASSIC-009)."
    ),
    gettext_noop(
        "Commissar %(player)s wakes in turn to meet the host; abilities start on the second night"
        " (CLASSIC-008, CLASSIC-009)."
    ),
    gettext_noop(
        "The mafia chose %(player)s as tonight's victim (CLASSIC-020); the shared kill is never voided (CLASSIC-035)."
    ),
    gettext_noop("%(player)s was killed by the mafia and leaves the game (CLASSIC-020, CLASSIC-022)."),
    gettext_noop(
        "Putana %(player)s occupied %(player2)s: their action tonight is void and they may not vote tomorrow"
        " (CLASSIC-035)."
    ),
    gettext_noop("The mafia named no victim: nobody is killed (CLASSIC-023, B-12)."),
    gettext_noop(
        "The mafia's notes differ or one is missing: the mafia missed and nobody is killed (CLASSIC-062);"
        " %(player)s wrote %(player2)s."
    ),
    gettext_noop("No mafioso wrote a name: nobody is killed (CLASSIC-062, B-9)."),
    gettext_noop("Commissar %(player)s checked %(player2)s and learns: %(team)s (CLASSIC-037)."),
    gettext_noop("%(player)s survives the night: the doctor's heal saved them (CLASSIC-032)."),
    gettext_noop("Putana %(player)s was herself occupied, so her visit to %(player2)s is void (CLASSIC-035)."),
    gettext_noop("Every mafioso's note names %(player)s: the mafia's victim (%(rule)s)."),
    gettext_noop("Doctor %(player)s was occupied by the putana: the heal of %(player2)s is void (CLASSIC-035)."),
    gettext_noop("Commissar %(player)s was occupied by the putana: the check of %(player2)s is void (CLASSIC-035)."),
    gettext_noop("Doctor %(player)s healed %(player2)s: the mafia's kill on %(player2)s is saved (CLASSIC-032)."),
    gettext_noop("Doctor %(player)s healed %(player2)s, whom nobody attacked (CLASSIC-032)."),
    # rulesets.classic.ruleset
    gettext_noop("%(who)s's %(ability)s of %(player)s is refused (%(rule)s): %(message)s"),
    gettext_noop("%(who)s's %(ability)s of nobody is refused (%(rule)s): %(message)s"),
    gettext_noop("the %(team)s team's %(ability)s of %(player)s is refused (%(rule)s): %(message)s"),
    gettext_noop("the %(team)s team's %(ability)s of nobody is refused (%(rule)s): %(message)s"),
    gettext_noop("The game waits for the deciding vote: this night is void (CLASSIC-044, B-6)."),
    # rulesets.classic.victory
    gettext_noop("One against one: %(player)s and %(player2)s hold the deciding vote next day (CLASSIC-044)."),
    gettext_noop(
        "One against one: %(player)s and %(player2)s and %(player3)s, the last honest player to leave, hold the"
        " deciding vote next day (CLASSIC-044)."
    ),
    gettext_noop(
        "One mafioso and one honest player remain: the lot gives the win to %(team)s (CLASSIC-043, CLASSIC-045)."
    ),
    gettext_noop("The %(team)s team wins (%(rule)s)."),
    gettext_noop("The game ends in a draw (CLASSIC-043)."),
    # rulesets.cosmo (the ruleset and its day)
    gettext_noop("The day's vote was already cancelled by the judge %(player)s (COSMO-030)."),
    gettext_noop("%(player)s is jailed with the most votes (%(n)s); the role %(role)s is revealed (COSMO-002)."),
    gettext_noop(
        "%(player)s is jailed with every candidate tied for the most votes (COSMO-013); the role %(role)s is"
        " revealed (COSMO-002)."
    ),
    gettext_noop(
        "%(player)s is jailed by the judge %(player2)s's verdict (COSMO-030); the role %(role)s is revealed"
        " (COSMO-002)."
    ),
    gettext_noop("The judge %(player)s cancels the day's vote (COSMO-030)."),
    gettext_noop("The judge %(player)s jails nobody today (COSMO-031)."),
    gettext_noop("%(names)s tie for the most votes; re-vote: %(n)s jail, %(m)s spare (COSMO-013)."),
    gettext_noop("The re-vote ties: the coin says jail (COSMO-014)."),
    gettext_noop("The re-vote ties: the coin says spare (COSMO-014)."),
    gettext_noop("The silence of %(names)s ends with this day (COSMO-047)."),
    gettext_noop("%(player)s votes to jail %(player2)s (COSMO-008)."),
    gettext_noop("No valid vote was cast: nobody is jailed (COSMO-012)."),
    gettext_noop("%(names)s are spared (COSMO-013)."),
    # rulesets.cosmo.night and rulesets.cosmo.powers
    gettext_noop("%(player)s was blocked by the putana %(player2)s: %(what)s does nothing (COSMO-037)."),
    gettext_noop("%(player)s was protected by the bodyguard %(player2)s: %(what)s fails (COSMO-044)."),
    gettext_noop(
        "%(player)s was protected by the bodyguard %(player2)s: the putana %(player3)s's visit fails (COSMO-044)."
    ),
    gettext_noop("The putana %(player)s blocked %(player2)s for tonight (COSMO-037)."),
    gettext_noop("The bodyguard %(player)s protected %(player2)s: every other visitor fails (COSMO-044)."),
    gettext_noop("The intriguer %(player)s framed %(player2)s: checked as a mafioso tonight (COSMO-050)."),
    gettext_noop("The mafia boss %(player)s silenced %(player2)s: no speech and no vote next day (COSMO-047)."),
    gettext_noop("%(player)s's vote for %(player2)s is not counted: only mafia members' votes count (COSMO-041)."),
    gettext_noop("%(player)s votes to kill %(player2)s (COSMO-046)."),
    gettext_noop(
        "No player got the votes of more than half of the %(n)s mafia members: the mafia does nothing tonight"
        " (COSMO-018)."
    ),
    gettext_noop("The mafia chose %(player)s, protected by the bodyguard %(player2)s: the kill fails (COSMO-044)."),
    gettext_noop("The mafia attacks %(player)s by a majority of its members (COSMO-018)."),
    gettext_noop("%(player)s (%(role)s) attacks %(player2)s (%(rule)s)."),
    gettext_noop("The doctor %(player)s visited %(player2)s, whom nobody attacked (COSMO-033)."),
    gettext_noop("The doctor %(player)s saved %(player2)s from one attack (COSMO-033)."),
    gettext_noop(
        "The doctor %(player)s saved %(player2)s from one attack (COSMO-033); %(n)s more attack(s) remain, from"
        " which no doctor saves (COSMO-034)."
    ),
    gettext_noop("No killer came to %(player)s: the plague doctor %(player2)s's medicine kills him (COSMO-056)."),
    gettext_noop("The plague doctor %(player)s saved %(player2)s from one attack (COSMO-055)."),
    gettext_noop("%(player)s was already saved; the treatment changes nothing (COSMO-055)."),
    gettext_noop("%(player)s dies tonight; he acted tonight and is out from the morning post (COSMO-020)."),
    gettext_noop("The putana %(player)s dies with her target %(player2)s (COSMO-038)."),
    gettext_noop("%(player)s checked %(player2)s and sees %(role)s (COSMO-025)."),
    gettext_noop(
        "The sergeant %(player)s was blocked by the putana %(player2)s: he is not woken and does not see the check"
        " of %(player3)s (COSMO-037, COSMO-026)."
    ),
    gettext_noop("The sergeant %(player)s sees the check of %(player2)s (COSMO-026)."),
    gettext_noop("The journalist %(player)s learns who visited %(player2)s: %(roles)s (COSMO-043)."),
    gettext_noop("The journalist %(player)s learns who visited %(player2)s: nobody (COSMO-043)."),
    gettext_noop("The medium %(player)s contacts %(player2)s, who is out; no game effect (COSMO-040)."),
    gettext_noop("The sergeant %(player)s takes his departed chief's abilities: %(abilities)s (COSMO-027)."),
    gettext_noop("Every mafia member is gone: the turncoat %(player)s becomes a mafioso (COSMO-054)."),
    # rulesets.piter.day
    gettext_noop("Nominated, in order: %(names)s (PITER-010)."),
    gettext_noop("Nominated, in order: nobody (PITER-010)."),
    gettext_noop("Ignored nominations (out of the game or repeated): %(names)s (PITER-010)."),
    gettext_noop("The Ghost %(player)s names %(player2)s; it counts only on a tie (PITER-093)."),
    gettext_noop("No Ghost can be left today: the pick of %(player)s is ignored (PITER-092)."),
    gettext_noop("No valid vote from %(names)s: counted against %(player)s (PITER-015)."),
    gettext_noop("Votes: %(rows)s (PITER-016)."),
    gettext_noop("No tie: the Ghost %(player)s's pick is not used (PITER-093)."),
    gettext_noop("No tie: the re-vote is not held (PITER-017)."),
    gettext_noop("Tie between %(names)s: one more minute each, then a re-vote (PITER-017)."),
    gettext_noop("The re-vote ties again: nobody is executed («ночь без жертв», PITER-018)."),
    gettext_noop("Nobody was nominated: no vote and no execution (PITER-020)."),
    gettext_noop("The mafia all voted for one candidate: technical defeat of the mafia (PITER-094)."),
    gettext_noop("%(player)s has the most votes (%(n)s) and is executed (PITER-016)."),
    gettext_noop("Tie: the Ghost %(player)s takes %(player2)s from the table (PITER-093)."),
    gettext_noop("%(player)s leaves the table by the night's sentence (PITER-050)."),
    # rulesets.piter.departures and rulesets.piter.discipline
    gettext_noop(
        "Werewolf %(player)s turns mafioso and joins the clan: a shooting mafioso left the table (PITER-061)."
    ),
    gettext_noop("Komsomolets %(player)s takes over as %(role)s: %(player2)s left the table (PITER-060)."),
    gettext_noop("%(player)s gets warning %(n)s of %(m)s for %(offence)s (PITER-110)."),
    gettext_noop("%(player)s has %(n)s warnings and is removed from the game (PITER-111)."),
    gettext_noop("%(player)s takes their extra minute of the game (PITER-122)."),
    # rulesets.piter.night
    gettext_noop("The clan meets: %(names)s (PITER-003, PITER-046)."),
    gettext_noop("The clan meets: nobody (PITER-003, PITER-046)."),
    gettext_noop("The clan chose %(player)s: kill marked (%(rule)s)."),
    gettext_noop("%(role)s %(player)s chose %(player2)s: kill marked (%(rule)s)."),
    gettext_noop("%(role)s %(player)s chose %(player2)s: heal marked (%(rule)s)."),
    gettext_noop("%(role)s %(player)s chose %(player2)s: discredit marked (%(rule)s)."),
    gettext_noop("%(role)s %(player)s chose %(player2)s: sentence marked (%(rule)s)."),
    gettext_noop("Bureaucrat %(player)s blocked %(player2)s: %(player2)s's night turn is void (PITER-044)."),
    gettext_noop("Journalist %(player)s compared %(player2)s and %(player3)s: same (%(rule)s)."),
    gettext_noop("Journalist %(player)s compared %(player2)s and %(player3)s: different (%(rule)s)."),
    gettext_noop(
        "%(role)s %(player)s was blocked by the bureaucrat: the %(ability)s on %(player2)s is void (PITER-070)."
    ),
    gettext_noop(
        "%(role)s %(player)s was blocked by the bureaucrat: the %(ability)s on %(player2)s and %(player3)s is void"
        " (PITER-070)."
    ),
    gettext_noop("Mirror %(player)s reflected the kill by %(who)s onto %(player2)s (PITER-048)."),
    gettext_noop("Mirror %(player)s reflected the heal by %(who)s onto %(player2)s (PITER-048)."),
    gettext_noop("Mirror %(player)s reflected the discredit by %(who)s onto %(player2)s (PITER-048)."),
    gettext_noop("Mirror %(player)s reflected the sentence by %(who)s onto %(player2)s (PITER-048)."),
    gettext_noop("Mirror %(player)s chose %(player2)s; nothing was aimed at it (PITER-048)."),
    gettext_noop("%(player)s will leave the table after the next vote (PITER-050)."),
    gettext_noop("%(player)s is discredited and stays silent tomorrow (PITER-021)."),
    gettext_noop("A Ghost can be left from %(names)s (PITER-090, PITER-091)."),
    gettext_noop(
        "Doctor %(player)s healed %(player2)s: the mafia's shot (PITER-040) on %(player2)s is saved (PITER-051)."
    ),
    gettext_noop(
        "Doctor %(player)s healed %(player2)s: the maniac's kill (PITER-047) on %(player2)s is saved (PITER-051)."
    ),
    gettext_noop(
        "Doctor %(player)s healed %(player2)s: the oper's kill (PITER-049) on %(player2)s is saved (PITER-051)."
    ),
    gettext_noop("%(player)s dies from the mafia's shot (PITER-040)."),
    gettext_noop("%(player)s dies from the maniac's kill (PITER-047)."),
    gettext_noop("%(player)s dies from the oper's kill (PITER-049)."),
    gettext_noop("%(role)s %(player)s made no valid night move and leaves the table (PITER-031)."),
    gettext_noop("50/50 with no Ghost: the non-consolidated vote rule holds today (PITER-091)."),
    # rulesets.werewolf18.cards
    gettext_noop("%(player)s: green card, no violation (WW18-069)."),
    gettext_noop("%(player)s gets a blue card (%(n)s held, WW18-069)."),
    gettext_noop("%(player)s gets a yellow card (%(n)s held, WW18-069)."),
    gettext_noop("%(player)s: three blue cards make one yellow card (WW18-069)."),
    gettext_noop("%(player)s: three yellow cards make one red card (WW18-069)."),
    # rulesets.werewolf18.day
    gettext_noop("%(player)s casts a vote for %(player2)s (WW18-065)."),
    gettext_noop("%(player)s casts a change for %(player2)s (WW18-065)."),
    gettext_noop("%(player)s casts a vote for nobody (abstains) (WW18-065)."),
    gettext_noop("%(player)s casts a change for nobody (abstains) (WW18-065)."),
    gettext_noop("Day %(n)s count: %(rows)s (WW18-047)."),
    gettext_noop("Day %(n)s count: no votes (WW18-047)."),
    gettext_noop("%(player)s first reached the top total and is sheriff (WW18-045)."),
    gettext_noop("%(player)s has the most votes and is voted out (WW18-007)."),
    gettext_noop("Idiot %(player)s plays dumb and stays in the game (WW18-032)."),
    gettext_noop("Nobody got a vote: no sheriff (WW18-045)."),
    gettext_noop("%(player)s was carded out today: no sheriff (A12)."),
    gettext_noop("A tie (or no votes): nobody leaves (WW18-008)."),
    gettext_noop("%(player)s did not vote: an automatic yellow card (WW18-067)."),
    gettext_noop("%(player)s was carded out today: nobody leaves (WW18-008)."),
    # rulesets.werewolf18.exits
    gettext_noop("%(player)s is sent off by a red card, with no last words or shot (WW18-013)."),
    gettext_noop("The host sends %(player)s off at once with a red card (WW18-075)."),
    gettext_noop("%(player)s is already out; the red card removes nobody (WW18-009)."),
    gettext_noop("The %(team)s camp is defeated, unannounced; its players stay (WW18-004)."),
    gettext_noop("Only the %(team)s camp is undefeated: it wins, settlement stops (WW18-050)."),
    gettext_noop("Sheriff %(player)s passes the badge to %(player2)s (WW18-048)."),
    gettext_noop("Sheriff %(player)s: %(why)s, but nobody may hold it (WW18-048)."),
    gettext_noop("Sheriff %(player)s: %(why)s; it goes to %(player2)s."),
    gettext_noop("%(player)s would be knifed out, but lover %(player2)s leaves in their place (WW18-037)."),
    gettext_noop("%(player)s would be poisoned, but lover %(player2)s leaves in their place (WW18-037)."),
    gettext_noop("%(player)s would be voted out, but lover %(player2)s leaves in their place (WW18-037)."),
    gettext_noop("%(player)s gets no last words: all four are given (WW18-016)."),
    gettext_noop("%(player)s may leave last words (%(n)s of 4, WW18-016)."),
    gettext_noop("Elder %(player)s left: every village player loses all skills (WW18-028)."),
    gettext_noop("Hunter %(player)s gave no shot order: he gave it up (WW18-071)."),
    gettext_noop("Hunter %(player)s has lost his skills: no shot (WW18-028)."),
    gettext_noop("Hunter %(player)s shoots %(player2)s, who leaves at once (WW18-031)."),
    # rulesets.werewolf18.night
    gettext_noop("%(player)s is out or without skills: no %(ability)s (WW18-059)."),
    gettext_noop("Guard %(player)s shields %(player2)s from tonight's knives (WW18-029)."),
    gettext_noop("Seer %(player)s checks %(player2)s: camp %(team)s (%(rule)s)."),
    gettext_noop("Lover %(player)s admires %(player2)s from now on (WW18-036)."),
    gettext_noop("The wolves are defeated or gone: no knife (WW18-020)."),
    gettext_noop("The wolves knife %(player)s (WW18-019)."),
    gettext_noop("White wolf %(player)s knifes %(player2)s (WW18-044)."),
    gettext_noop("Witch %(player)s is told %(player2)s was knifed (WW18-023)."),
    gettext_noop("Witch %(player)s uses her antidote on %(player2)s; it is spent (WW18-025)."),
    gettext_noop("Witch %(player)s poisons %(player2)s; it settles last (WW18-026)."),
    gettext_noop("Witch %(player)s is knifed out tonight: her potions do nothing (WW18-026)."),
    gettext_noop("%(player)s is already out (WW18-009)."),
    gettext_noop("Guard %(player)s makes the knife on %(player2)s ineffective (WW18-029)."),
    gettext_noop("Elder %(player)s survives his first effective knife (WW18-027)."),
    gettext_noop("Witch %(player)s's antidote keeps %(player2)s in the game (WW18-024)."),
    gettext_noop("Witch %(player)s was knifed out: her poison on %(player2)s does nothing (WW18-026)."),
    gettext_noop("%(player)s is knifed out (WW18-060/WW18-063)."),
    gettext_noop("%(player)s is poisoned (WW18-060/WW18-063)."),
    # rulesets.werewolf18.setup and rulesets.werewolf18.steps
    gettext_noop("Mixed-blood %(player)s supports %(player2)s and joins %(team)s (WW18-042)."),
    gettext_noop("Mixed-blood %(player)s named nobody and stays in %(team)s (WW18-003)."),
    gettext_noop("%(player)s agrees to surrender, but %(names)s did not: no surrender (WW18-017)."),
    gettext_noop(
        "%(player)s agrees to surrender; every werewolf agreed, so the wolves are defeated, unannounced (WW18-017)."
    ),
    gettext_noop("%(player)s's %(ability)s order is ignored: its condition did not happen (A17)."),
)

# The clauses an engine builds apart and puts in a sentence above as ``%(why)s``.
FRAGMENTS: tuple[str, ...] = (
    # why a player leaves the forum game (rulesets.forum.judge, rulesets.forum.night)
    gettext_noop("shot by %(whos)s (%(rule)s)"),
    gettext_noop("the Cop and a team hit the multifunctional Child (FORUM-149)"),
    gettext_noop("hit %(player)s and dies himself (%(rule)s)"),
    gettext_noop("the Werewolf's victim %(player)s was protected by %(guard)s (FORUM-094)"),
    gettext_noop("bitten by the Werewolf, who takes the role %(role)s (FORUM-092, FORUM-093)"),
    gettext_noop("taken by the Kamikaze %(player)s (FORUM-087)"),
    gettext_noop("autokill: skip number %(n)s (FORUM-160)"),
    gettext_noop("autokill: the %(role)s did not bite on the first night (FORUM-095, FORUM-096)"),
    # why a player leaves the werewolf18 game (rulesets.werewolf18.exits.CAUSES)
    gettext_noop("knifed out"),
    gettext_noop("poisoned out"),
    gettext_noop("voted out"),
    gettext_noop("shot by the hunter"),
    gettext_noop("out by sacrifice for the admired player"),
    gettext_noop("out because the revealed idiot lost his skill (冤死)"),
    # why a werewolf18 sheriff's badge goes at random (rulesets.werewolf18.exits)
    gettext_noop("a red-carded sheriff's badge goes at random (WW18-014)"),
    gettext_noop("no successor named, so the badge goes at random (WW18-071)"),
    gettext_noop("%(player)s can no longer hold it, so the badge goes at random (WW18-048)"),
)


@dataclass(frozen=True)
class Matched:
    """A trace text found in the catalogue: its ``msgid`` and the values of
    its placeholders as the engine wrote them (a ``why`` as a ``Matched``
    fragment)."""

    msgid: str
    values: dict[str, Any]


@dataclass(frozen=True)
class TraceLine:
    """One trace line as the dashboard shows it: ``result`` is the engine's
    result id (for the line's style), ``step_word`` and ``result_word`` the
    step and the result in the reader's language, ``text`` the sentence;
    ``english`` when no catalogue entry matched and ``text`` is the engine's
    English."""

    step: str
    result: str
    step_word: str
    result_word: str
    text: str
    english: bool


PLACEHOLDER = re.compile(r"%\((\w+)\)s")
NAME = ".+?"
NUMBER = r"\d+(?:\.\d+)?"


def kind_of(name: str) -> str:
    """The kind of a placeholder: its name without a trailing number
    (``player2`` → ``player``)."""
    return name.rstrip("0123456789")


def _alternatives(words: set[str]) -> str:
    """A pattern matching any of ``words``, the longest first."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))) + ")"


@cache
def _declared() -> dict[str, str]:
    """The patterns of the kinds whose values the rulesets declare: every
    ruleset's role ids and English role names (as written and in lower
    case), team ids, ability ids."""
    roles: set[str] = set()
    teams: set[str] = set()
    abilities: set[str] = set()
    for rid in rulesets.ids():
        ruleset = rulesets.get(rid)
        for role, spec in ruleset.ROLES.items():
            english = spec.name.get("en", role)
            roles |= {role, english, english.lower()}
        teams |= set(ruleset.TEAMS)
        abilities |= set(ruleset.ABILITIES)
    role, team, ability = _alternatives(roles), _alternatives(teams), _alternatives(abilities)
    return {
        "role": role,
        "roles": f"{role}(?:, {role})*",
        "team": team,
        "teams": f"{team}(?:, {team})*",
        "ability": ability,
        "abilities": f"{ability}(?:, {ability})*",
    }


# Placeholder kind → its pattern (the declared kinds come from ``_declared``).
_KINDS: dict[str, str] = {
    "player": NAME,
    "names": NAME,
    "rows": NAME,
    "rule": r"[^()]+?",
    "offence": r"\w+",
    "n": NUMBER,
    "m": NUMBER,
    "who": NAME,
    "whos": NAME,
    "why": NAME,
    "reason": r"\w+",
    "message": NAME,
    "guard": _alternatives(set(GUARDS)),
    "what": _alternatives(set(MOVES)),
}


@dataclass(frozen=True)
class _Entry:
    """A compiled catalogue entry: ``anchor`` is its longest literal part,
    looked for before the pattern is tried."""

    msgid: str
    pattern: re.Pattern[str]
    anchor: str
    literal: int


def _compile(msgid: str) -> _Entry:
    """``msgid`` as a pattern matching the engine's sentence: each
    placeholder a named group of its kind's pattern, a repeated one a
    back-reference. Raises ``KeyError`` for a placeholder of no kind."""
    declared = _declared()
    parts: list[str] = []
    literals: list[str] = []
    seen: set[str] = set()
    at = 0
    for found in PLACEHOLDER.finditer(msgid):
        literals.append(msgid[at : found.start()])
        parts.append(re.escape(literals[-1]))
        name = found.group(1)
        if name in seen:
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            kind = kind_of(name)
            parts.append(f"(?P<{name}>{declared[kind] if kind in declared else _KINDS[kind]})")
        at = found.end()
    literals.append(msgid[at:])
    parts.append(re.escape(literals[-1]))
    return _Entry(msgid, re.compile("".join(parts)), max(literals, key=len), sum(map(len, literals)))


@cache
def _catalogue() -> tuple[tuple[_Entry, ...], tuple[_Entry, ...]]:
    """``SENTENCES`` and ``FRAGMENTS`` compiled once, each tried with the
    most literal text first, so that "nobody" is found before a name."""

    def compiled(msgids: tuple[str, ...]) -> tuple[_Entry, ...]:
        return tuple(sorted((_compile(m) for m in msgids), key=lambda e: -e.literal))

    return compiled(SENTENCES), compiled(FRAGMENTS)


@cache
def _messages() -> frozenset[str]:
    """Every sentence a player reads for a refusal, of every ruleset
    (``Ruleset.MESSAGES`` and the base class's)."""
    found = set(CORE_MESSAGES.values())
    for rid in rulesets.ids():
        found |= set(rulesets.get(rid).MESSAGES.values())
    return frozenset(found)


def _find(text: str, entries: tuple[_Entry, ...]) -> Matched | None:
    """The first of ``entries`` whose pattern ``text`` fits, its ``why``
    found among the fragments and its ``message`` a refusal's sentence."""
    fragments = _catalogue()[1]
    for entry in entries:
        if entry.anchor not in text:
            continue
        found = entry.pattern.fullmatch(text)
        if found is None:
            continue
        values: dict[str, Any] = found.groupdict()
        for name, value in values.items():
            kind = kind_of(name)
            if kind == "why":
                values[name] = _find(value, fragments)
                if values[name] is None:
                    break
            elif kind == "message" and value not in _messages():
                break
        else:
            return Matched(entry.msgid, values)
    return None


@lru_cache(maxsize=16384)
def match(text: str) -> Matched | None:
    """The catalogue entry of a trace ``text`` with its values, or None
    when no entry (nor a refusal's message) matches it."""
    if text in _messages():
        return Matched(text, {})
    return _find(text, _catalogue()[0])


@cache
def _english_roles(ruleset_id: str) -> dict[str, str]:
    """English role name in lower case → role id, of one ruleset."""
    roles = rulesets.get(ruleset_id).ROLES
    return {spec.name.get("en", role).lower(): role for role, spec in roles.items()}


def _role(ruleset: Ruleset, value: str) -> str:
    """A role id or English role name by its declared name in the reader's language."""
    spec = ruleset.ROLES.get(value) or ruleset.ROLES.get(_english_roles(ruleset.id).get(value.lower(), ""))
    return localized(spec.name, value) if spec else value


def _who(ruleset: Ruleset, value: str) -> str:
    """A player's name as it is; a team (``team:X``, or its id) by its name."""
    if value.startswith("player:"):
        return value[len("player:") :]
    team = value.removeprefix("team:")
    return team_name(ruleset, team) if team in ruleset.TEAMS else value


def _listed(word: Any, ruleset: Ruleset, value: str) -> str:
    """Each part of a list joined by ", " shown by ``word``."""
    return ", ".join(word(ruleset, part) for part in value.split(", "))


def _shown(ruleset: Ruleset, name: str, value: Any) -> str:
    """A placeholder's value as the reader reads it (see the module doc)."""
    kind = kind_of(name)
    if kind == "why":
        return render(ruleset, value)
    if kind == "who":
        return _who(ruleset, value)
    if kind == "whos":
        return _listed(_who, ruleset, value)
    if kind in ("team", "teams"):
        return _listed(team_name, ruleset, value)
    if kind in ("role", "roles"):
        return _listed(_role, ruleset, value)
    if kind in ("ability", "abilities"):
        return _listed(ability_name, ruleset, value)
    if kind == "reason":
        return _(ruleset.message(value)).rstrip(".。")
    if kind == "message":
        return _(value)
    if kind == "guard":
        return _(GUARDS[value])
    if kind == "what":
        return _(MOVES[value])
    return str(value)


def render(ruleset: Ruleset, found: Matched) -> str:
    """A matched trace text in the reader's language."""
    if not found.values:
        return _(found.msgid)
    return _(found.msgid) % {name: _shown(ruleset, name, value) for name, value in found.values.items()}


def trace_text(ruleset: Ruleset, text: str) -> str | None:
    """``text``, a sentence of ``ruleset``'s trace, in the reader's
    language; None when the catalogue lacks it."""
    found = match(text)
    return None if found is None else render(ruleset, found)


def trace_lines(ruleset: Ruleset, trace: list[dict[str, Any]]) -> list[TraceLine]:
    """A stored trace (``TraceEntry.to_dict()`` items) as the host reads
    it: each line's step, result and sentence in the reader's language, or
    the engine's English sentence when the catalogue lacks it."""
    lines = []
    for entry in trace:
        step, result, text = str(entry.get("step", "")), str(entry.get("result", "")), str(entry.get("text", ""))
        shown = trace_text(ruleset, text)
        lines.append(
            TraceLine(
                step=step,
                result=result,
                step_word=_(STEPS[step]) if step in STEPS else step,
                result_word=_(RESULTS[result]) if result in RESULTS else result,
                text=text if shown is None else shown,
                english=shown is None,
            )
        )
    return lines
