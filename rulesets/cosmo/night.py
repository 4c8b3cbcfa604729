"""Night resolution of КосмоМафия (digest §6): mark, then resolve.

All of the night's actions are collected first (validated by the ruleset),
then the steps of ``ORDER`` run one after the other on a ``Night`` of marks:
blocks, protections, frames, attacks and saves. Deaths are decided only
after every save (N7), and information (N8) is given last, also to players
who die tonight (COSMO-020).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesets.core import Action, GameState, Outcome
from rulesets.core.said import said
from rulesets.core.votes import sole_leader, tally

from .powers import is_promoted
from .roles import CHIEFS, MAFIA_MEMBERS, SEEN_AS_CITIZEN, VISITS

# Night resolution order (digest §6, A4): modifiers before what they modify,
# deaths after every save.
ORDER: tuple[tuple[str, str, str], ...] = (
    ("promote", "COSMO-027", "N0: a sergeant whose chief left before this night takes the chief's abilities"),
    ("convert", "COSMO-054", "N0: with every mafia member gone, each turncoat becomes a mafioso"),
    ("block", "COSMO-037", "N1: the putana's target does nothing tonight"),
    ("protect", "COSMO-044", "N2: every visitor of the bodyguard's player fails"),
    ("frame", "COSMO-050", "N3: the framed player is checked as a mafioso tonight"),
    ("silence", "COSMO-047", "N4: the boss's target neither speaks nor votes next day"),
    ("mafia_kill", "COSMO-018", "N5: a majority of the mafia members taking part marks one attack"),
    ("kill", "COSMO-058", "N5: the maniac's and the sheriff's kills mark one attack each"),
    ("heal", "COSMO-033", "N6: the doctor cancels one attack on his target"),
    ("treat", "COSMO-056", "N6: the plague doctor cancels one attack, or makes one if none came"),
    ("deaths", "COSMO-020", "N7: every player with an attack left dies"),
    ("putana_death", "COSMO-038", "N7: a putana whose target died dies with him"),
    ("check", "COSMO-025", "N8: the checker (and his sergeant, if woken: COSMO-037) learn the role as seen"),
    ("spy", "COSMO-043", "N8: the journalist learns which roles visited his player"),
    ("contact", "COSMO-040", "N9: the medium's contact has no engine effect"),
)


@dataclass(slots=True)
class Night:
    """The marks of one night.

    ``present``: names in the game at nightfall; ``blocked``: blocked player →
    the putana; ``guards``: protected player → the bodyguard; ``attacks``:
    target → sources still standing (``"mafia"`` or a killer's name);
    ``attacked``: targets any killer came to (before saves);
    ``poisoned``: the plague doctor's uncancellable victims;
    ``saved``: players an attack was cancelled on; ``promoted``: whether
    the sergeant was already promoted at nightfall.
    """

    state: GameState
    actions: list[Action]
    present: set[str] = field(default_factory=set)
    blocked: dict[str, str] = field(default_factory=dict)
    guards: dict[str, str] = field(default_factory=dict)
    repelled_visits: set[str] = field(default_factory=set)
    framed: set[str] = field(default_factory=set)
    attacks: dict[str, list[str]] = field(default_factory=dict)
    attacked: set[str] = field(default_factory=set)
    poisoned: set[str] = field(default_factory=set)
    saved: set[str] = field(default_factory=set)
    promoted: bool = False

    def using(self, ability: str) -> list[Action]:
        """The accepted actions of ``ability``, in hand-in order."""
        return [a for a in self.actions if a.ability == ability]

    def role(self, name: str) -> str:
        """The current role id of ``name``."""
        return self.state.players[name].role

    def guard_of(self, action: Action) -> str | None:
        """The bodyguard who repels ``action``, or None (COSMO-044).

        The protected player's own actions on himself and the bodyguard's
        own action are not visits of "another player".
        """
        target = action.targets()[0] if action.targets() else None
        if target is None or target == action.actor:
            return None
        guard = self.guards.get(target)
        return guard if guard is not None and guard != action.actor else None

    def was_blocked(self, outcome: Outcome, step: str, action: Action, what: str) -> bool:
        """Trace and return True when the putana blocked the actor (COSMO-037)."""
        putana = self.blocked.get(action.actor or "")
        if putana is None:
            return False
        text = said("cosmo.was_blocked_putana_does_nothing", player=action.actor, player2=putana, what=what)
        outcome.note(step, "blocked", text, action, putana)
        return True

    def stopped(self, outcome: Outcome, step: str, action: Action, what: str) -> bool:
        """Trace and return True when ``action`` is blocked or repelled."""
        if self.was_blocked(outcome, step, action, what):
            return True
        guard = self.guard_of(action)
        if guard is None:
            return False
        text = said("cosmo.was_protected_bodyguard_fails", player=action.target, player2=guard, what=what)
        outcome.note(step, "void", text, action, guard)
        return True


def resolve(outcome: Outcome, actions: list[Action]) -> None:
    """Resolve the night's accepted ``actions`` in ``ORDER`` (N1–N9) on
    ``outcome``; N0 ran before validation (see ``open_night``)."""
    state = outcome.state
    night = Night(state, actions, present=set(state.alive_names()), promoted=is_promoted(state))
    for apply in (
        _blocks,
        _protection,
        _frames,
        _silences,
        _mafia_kill,
        _kills,
        _heals,
        _treats,
        _deaths,
        _checks,
        _spies,
        _contacts,
    ):
        apply(night, outcome)


def _blocks(night: Night, outcome: Outcome) -> None:
    """N1 (COSMO-037): the putana's target is blocked unless protected.

    A visit that blocks another putana, or the bodyguard of the visited
    player, settles before the visit it affects, whatever the order the
    choices were handed in («Ведущий не будит ночью этого игрока»: a
    blocked putana visits nobody, a blocked bodyguard protects nobody).
    Putanas who visit each other in a ring are settled in seat order, the
    document giving no wake order between them (A4). A putana who visits
    the bodyguard blocks him: he cannot protect himself.
    """
    guards = {str(a.actor): str(a.target) for a in night.using("protect")}
    pending = night.using("block")
    while pending:
        action = next((a for a in pending if not _waits(a, pending, guards)), pending[0])
        pending.remove(action)
        _settle_visit(night, outcome, action, guards)


def _waits(action: Action, pending: list[Action], guards: dict[str, str]) -> bool:
    """True while another pending visit may block this putana or the
    bodyguard of her target."""
    target = str(action.target)
    watched = {str(action.actor)} | {g for g, ward in guards.items() if ward == target and g != action.actor}
    return any(other is not action and other.target in watched for other in pending)


def _settle_visit(night: Night, outcome: Outcome, action: Action, guards: dict[str, str]) -> None:
    """One putana's visit: blocked, repelled by an unblocked bodyguard, or made."""
    target = str(action.target)
    if night.was_blocked(outcome, "block", action, said("cosmo.her_visit")):
        return
    guard = next(
        (g for g, ward in guards.items() if ward == target and g != action.actor and g not in night.blocked), None
    )
    if guard is not None:
        night.repelled_visits.add(str(action.actor))
        text = said("cosmo.was_protected_bodyguard_putana_visit", player=target, player2=guard, player3=action.actor)
        outcome.note("block", "void", text, action, guard)
        return
    night.blocked[target] = str(action.actor)
    outcome.note("block", "effect", said("cosmo.putana_blocked_tonight", player=action.actor, player2=target), action)


def _protection(night: Night, outcome: Outcome) -> None:
    """N2 (COSMO-044, COSMO-045): a bodyguard not blocked protects his player."""
    for action in night.using("protect"):
        if night.stopped(outcome, "protect", action, said("cosmo.protection")):
            continue
        night.guards[str(action.target)] = str(action.actor)
        text = said("cosmo.bodyguard_protected_every_other_visitor", player=action.actor, player2=action.target)
        outcome.note("protect", "effect", text, action)


def _frames(night: Night, outcome: Outcome) -> None:
    """N3 (COSMO-050, COSMO-051): the framed player is checked as a mafioso tonight."""
    for action in night.using("frame"):
        if night.stopped(outcome, "frame", action, said("cosmo.frame")):
            continue
        night.framed.add(str(action.target))
        text = said("cosmo.intriguer_framed_checked_mafioso_tonight", player=action.actor, player2=action.target)
        outcome.note("frame", "effect", text, action)


def _silences(night: Night, outcome: Outcome) -> None:
    """N4 (COSMO-047, COSMO-048): the target is silenced for the next day step."""
    silenced: list[str] = night.state.memory.setdefault("silenced", [])
    for action in night.using("silence"):
        if night.stopped(outcome, "silence", action, said("cosmo.silence")):
            continue
        target = str(action.target)
        if target not in silenced:
            silenced.append(target)
        text = said("cosmo.mafia_boss_silenced_no_speech", player=action.actor, player2=target)
        outcome.note("silence", "effect", text, action)


def _attack(night: Night, target: str, source: str) -> None:
    night.attacks.setdefault(target, []).append(source)
    night.attacked.add(target)


def _mafia_kill(night: Night, outcome: Outcome) -> None:
    """N5 (COSMO-018, COSMO-041): more than half of the mafia members taking
    part (present, not blocked) must name one target; the lunatic never counts."""
    members = [n for n in sorted(night.present) if night.role(n) in MAFIA_MEMBERS and n not in night.blocked]
    votes: dict[str, str | None] = {}
    for action in night.using("kill_vote"):
        if night.was_blocked(outcome, "mafia_kill", action, said("cosmo.kill_vote")):
            continue
        if action.actor not in members:
            text = said("cosmo.vote_not_counted_only_mafia", player=action.actor, player2=action.target)
            outcome.note("mafia_kill", "void", text, action)
            continue
        votes[str(action.actor)] = str(action.target)
        outcome.note("mafia_kill", "info", said("cosmo.votes_kill", player=action.actor, player2=action.target), action)
    if votes:
        _mafia_decision(night, outcome, members, votes)


def _mafia_decision(night: Night, outcome: Outcome, members: list[str], votes: dict[str, str | None]) -> None:
    totals = tally(votes)
    target = sole_leader(totals)
    if target is None or totals[target] * 2 <= len(members):
        text = said("cosmo.no_player_got_votes_more", n=len(members))
        outcome.note("mafia_kill", "void", text)
        return
    guard = night.guards.get(target)
    if guard is not None:
        text = said("cosmo.mafia_chose_protected_bodyguard_kill", player=target, player2=guard)
        outcome.note("mafia_kill", "void", text, by=guard)
        return
    _attack(night, target, "mafia")
    outcome.note("mafia_kill", "effect", said("cosmo.mafia_attacks_majority_members", player=target))


def _kills(night: Night, outcome: Outcome) -> None:
    """N5 (COSMO-028, COSMO-058): each individual kill is one attack."""
    for action in night.using("kill"):
        if night.stopped(outcome, "kill", action, said("cosmo.kill")):
            continue
        _attack(night, str(action.target), str(action.actor))
        rule = "COSMO-058" if night.role(str(action.actor)) == "maniac" else "COSMO-028"
        outcome.note(
            "kill",
            "effect",
            said(
                "cosmo.attacks",
                player=action.actor,
                role=night.role(str(action.actor)),
                player2=action.target,
                rule=rule,
            ),
            action,
        )


def _heals(night: Night, outcome: Outcome) -> None:
    """N6 (COSMO-033, COSMO-034): a heal cancels one attack, not a second one."""
    for action in night.using("heal"):
        if night.stopped(outcome, "heal", action, said("cosmo.heal")):
            continue
        target = str(action.target)
        if not night.attacks.get(target):
            outcome.note(
                "heal",
                "info",
                said("cosmo.doctor_visited_whom_nobody_attacked", player=action.actor, player2=target),
                action,
            )
            continue
        night.attacks[target].pop(0)
        night.saved.add(target)
        left = len(night.attacks[target])
        outcome.note(
            "heal",
            "saved",
            said("cosmo.doctor_saved_more", player=action.actor, player2=target, n=left)
            if left
            else said("cosmo.doctor_saved", player=action.actor, player2=target),
            action,
            action.actor,
        )


def _treats(night: Night, outcome: Outcome) -> None:
    """N6 (COSMO-055, COSMO-056): cancel one attack, or kill if no killer came."""
    for action in night.using("treat"):
        if night.stopped(outcome, "treat", action, said("cosmo.treatment")):
            continue
        target = str(action.target)
        if target not in night.attacked:
            night.poisoned.add(target)
            text = said("cosmo.no_killer_came_plague_doctor", player=target, player2=action.actor)
            outcome.note("treat", "effect", text, action)
        elif night.attacks.get(target):
            night.attacks[target].pop(0)
            night.saved.add(target)
            text = said("cosmo.plague_doctor_saved_from_one", player=action.actor, player2=target)
            outcome.note("treat", "saved", text, action, action.actor)
        else:
            outcome.note("treat", "info", said("cosmo.was_already_saved_treatment_changes", player=target), action)


def _deaths(night: Night, outcome: Outcome) -> None:
    """N7 (COSMO-020, COSMO-038, COSMO-039): attacks left kill; a putana
    dies with her target (A13: even when healed herself)."""
    dying = [n for n in night.state.players if night.attacks.get(n) or n in night.poisoned]
    for name in dying:
        text = said("cosmo.dies_tonight_acted_tonight_out", player=name)
        outcome.note("deaths", "effect", text)
    _putanas_follow(night, outcome, dying)
    for name in dying:
        outcome.remove(name)
    _morning_post(night, outcome, dying)


def _putanas_follow(night: Night, outcome: Outcome, dying: list[str]) -> None:
    """Add to ``dying`` every putana whose visit took place and whose target dies.

    One pass is enough: a putana visited by another putana is blocked, so
    her own visit never took place and cannot kill her in turn.
    """
    for action in night.using("block"):
        putana = str(action.actor)
        if action.target in dying and putana not in dying and _visited(night, action):
            dying.append(putana)
            text = said("cosmo.putana_dies_with_her_target", player=putana, player2=action.target)
            outcome.note("putana_death", "effect", text, action)


def _morning_post(night: Night, outcome: Outcome, dying: list[str]) -> None:
    """§2 morning post: who was killed (no role, no killer), who was saved,
    who is silenced today."""
    for name in dying:
        outcome.announce("killed", said("cosmo.killed_tonight", player=name), name, None)
    for name in night.state.players:
        if name in night.saved and name not in dying:
            outcome.announce("saved", said("cosmo.attacked_and_saved", player=name), name, None)
    for name in night.state.memory.get("silenced", []):
        outcome.announce("silenced", said("cosmo.is_silenced_today", player=name), name, None)


def _visited(night: Night, action: Action) -> bool:
    return action.actor not in night.blocked and action.actor not in night.repelled_visits


def seen_role(night: Night, target: str) -> str:
    """The role a check shows (COSMO-050, 053, 059; A5: the frame wins)."""
    if target in night.framed:
        return "mafioso"
    role = night.role(target)
    return "citizen" if role in SEEN_AS_CITIZEN else role


def _checks(night: Night, outcome: Outcome) -> None:
    """N8 (COSMO-025, COSMO-026): a check result, ``None`` when it failed
    (A9); copied to an unpromoted sergeant present when a chief checked,
    unless the putana visited the sergeant tonight (COSMO-037)."""
    for action in night.using("check"):
        target = str(action.target)
        if night.stopped(outcome, "check", action, said("cosmo.check")):
            result = None
        else:
            result = seen_role(night, target)
            outcome.note(
                "check", "effect", said("cosmo.checked_sees", player=action.actor, player2=target, role=result), action
            )
        outcome.tell(str(action.actor), target, result)
        if night.role(str(action.actor)) in CHIEFS:
            for sergeant in _sergeants(night):
                putana = night.blocked.get(sergeant)
                if putana is not None:
                    text = said(
                        "cosmo.sergeant_was_blocked_putana_not", player=sergeant, player2=putana, player3=target
                    )
                    outcome.note("check", "blocked", text, action, putana)
                    continue
                outcome.tell(sergeant, target, result)
                outcome.note(
                    "check", "info", said("cosmo.sergeant_sees_check", player=sergeant, player2=target), action
                )


def _sergeants(night: Night) -> list[str]:
    """The unpromoted sergeants present tonight, who wake with their chief:
    «Ночью просыпается вместе с ними и видит результаты проверки»
    (COSMO-026). The caller skips the putana's target, whom the host does not
    wake («Ведущий не будит ночью этого игрока», COSMO-037)."""
    if night.promoted:
        return []
    return [n for n in night.state.players if n in night.present and night.role(n) == "sergeant"]


def _visitors(night: Night, action: Action) -> list[str]:
    target = action.targets()[0]
    return sorted(
        {
            night.role(str(a.actor))
            for a in night.actions
            if a.ability in VISITS
            and a.actor != action.actor
            and a.actor not in night.blocked
            and target in a.targets()
        }
    )


def _spies(night: Night, outcome: Outcome) -> None:
    """N8 (COSMO-043, A10): the roles of the unblocked visitors, sorted, once each."""
    for action in night.using("spy"):
        target = str(action.target)
        if night.stopped(outcome, "spy", action, said("cosmo.spying")):
            outcome.tell(str(action.actor), target, None)
            continue
        visitors = _visitors(night, action)
        outcome.tell(str(action.actor), target, visitors)
        listed = ", ".join(visitors)
        outcome.note(
            "spy",
            "effect",
            said("cosmo.journalist_learns_who_visited", player=action.actor, player2=target, roles=listed)
            if visitors
            else said("cosmo.journalist_learns_nobody", player=action.actor, player2=target),
            action,
        )
        spied = (
            said("cosmo.visited_tonight_by", player=target, roles=listed)
            if visitors
            else said("cosmo.visited_tonight_by_nobody", player=target)
        )
        outcome.announce("spied", spied, target, None)


def _contacts(night: Night, outcome: Outcome) -> None:
    """N9 (COSMO-040): the medium talks by signs; nothing changes."""
    for action in night.using("contact"):
        if night.stopped(outcome, "contact", action, said("cosmo.contact")):
            continue
        text = said("cosmo.medium_contacts_who_out_no", player=action.actor, player2=action.target)
        outcome.note("contact", "info", text, action)
