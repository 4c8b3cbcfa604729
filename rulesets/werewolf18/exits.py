"""Exits (出局) and what follows each one: digest §9 and the red card.

``Exits`` is the one home of every departure in a step. It takes a player
out, hands out last words, runs the victory check, takes the village's
skills after the elder, fires the hunter's last shot and passes the badge,
in that order (WW18-016, WW18-050, WW18-028, WW18-031, WW18-049). When a
camp wins it raises ``GameEnded`` and every remaining settlement stops
(WW18-051).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rulesets.core import Action, Outcome, PlayerState
from rulesets.core.declarations import MESSAGES as CORE_MESSAGES
from rulesets.core.said import said

from . import victory
from .common import has_skills, may_hold_badge, sheriff
from .roles import MESSAGES

# EXIT_ORDER: what follows one exit, in order (digest §9).
EXIT_ORDER: tuple[tuple[str, str, str], ...] = (
    ("exit", "WW18-075", "the player leaves the game (vote, poison, shot, knife, sacrifice, skill loss)"),
    ("last_words", "WW18-016", "one of the game's four last-words rights, if any is left"),
    ("victory", "WW18-050", "the victory check; a winner stops everything (WW18-051)"),
    ("skill_loss", "WW18-028", "the elder out by vote, poison or shot: the village loses its skills"),
    ("last_shot", "WW18-031", "a hunter with his skills fires his shot order"),
    ("badge", "WW18-048", "a sheriff's badge goes to his successor, after the shot (WW18-049)"),
)

# The cause a lover's sacrifice spares → its trace code (the announcement's is
# ``werewolf18.sacrifice_<cause>``, WW18-037).
SACRIFICE_CODES = {"knife": "knifed", "poison": "poisoned", "vote": "voted"}

# Cause → (rule id, words for the host's trace).
CAUSES: dict[str, tuple[str, str]] = {
    "knife": ("WW18-060", said("werewolf18.knifed_out")),
    "poison": ("WW18-063", said("werewolf18.poisoned_out")),
    "vote": ("WW18-007", said("werewolf18.voted_out")),
    "shot": ("WW18-031", said("werewolf18.shot_hunter")),
    "sacrifice": ("WW18-037", said("werewolf18.out_sacrifice_admired_player")),
    "skill_loss": ("WW18-035", said("werewolf18.out_because_revealed_idiot_lost")),
}

LAST_WORDS = 4  # 遗言数量等于4 (WW18-016)


def _badge_reason(successor: PlayerState) -> str | None:
    """Why ``successor`` may not take the badge now (WW18-048, WW18-034), or None."""
    if not successor.alive:
        return "target_not_alive"
    return None if may_hold_badge(successor) else "revealed_idiot"


def _message(reason: str) -> str:
    """The sentence a player reads for a rejection ``reason`` of this ruleset."""
    return MESSAGES.get(reason) or CORE_MESSAGES[reason]


class GameEnded(Exception):
    """A camp has won: all remaining settlement stops (WW18-051, WW18-064)."""


@dataclass(slots=True)
class Orders:
    """The conditional orders of one step (A17), by the acting player's name.

    ``shots``: hunter → ``shoot``; ``badges``: sheriff → ``pass_badge``;
    ``dumb``: idiot → ``play_dumb``. ``used`` holds the names whose order
    took effect, so that the rest can be traced as ignored.
    """

    shots: dict[str, Action] = field(default_factory=dict)
    badges: dict[str, Action] = field(default_factory=dict)
    dumb: dict[str, Action] = field(default_factory=dict)
    used: set[tuple[str, str]] = field(default_factory=set)

    @classmethod
    def from_actions(cls, actions: list[Action]) -> Orders:
        """Sort accepted actions into orders (other abilities are skipped)."""
        orders = cls()
        books = {"shoot": orders.shots, "pass_badge": orders.badges, "play_dumb": orders.dumb}
        for action in actions:
            if action.ability in books and action.actor:
                books[action.ability][action.actor] = action
        return orders

    def take(self, book: dict[str, Action], name: str) -> Action | None:
        """The order of ``name`` in ``book``, marked as used."""
        action = book.get(name)
        if action is not None:
            self.used.add((action.ability, name))
        return action

    def unused(self) -> list[Action]:
        """Orders whose condition never happened in this step."""
        everything = [*self.shots.values(), *self.badges.values(), *self.dumb.values()]
        return [a for a in everything if (a.ability, a.actor) not in self.used]


class Exits:
    """Departures of one step, with their consequences (digest §9)."""

    __slots__ = ("outcome", "state", "orders", "rng", "night", "defeated", "checked", "first_change")

    def __init__(self, outcome: Outcome, orders: Orders, rng: random.Random, night: bool) -> None:
        self.outcome = outcome
        self.state = outcome.state
        self.orders = orders
        self.rng = rng
        self.night = night
        # The camps defeated after the latest victory check; None before the first.
        self.defeated: set[str] | None = None
        # True once a victory check has followed every change of the step so far.
        self.checked = False
        # The step's first change, until its victory check: the player leaving
        # (None for a surrender) and the surrender as it stood before.
        self.first_change: tuple[PlayerState | None, object] | None = None

    def before_change(self, leaving: PlayerState | None = None) -> None:
        """Called just before the step takes ``leaving`` out of the game (or,
        without him, defeats the wolves by surrender): the victory check
        that follows tells a new defeat from the camps defeated before."""
        if self.defeated is None and self.first_change is None:
            self.first_change = (leaving, self.state.memory.get("surrendered"))
        self.checked = False

    def leave(self, name: str, cause: str) -> None:
        """``name`` leaves for ``cause`` (a key of ``CAUSES``), then §9 runs.

        A player leaves only once (WW18-009): a second exit does nothing.
        Raises ``GameEnded`` when the victory check finds a winner.
        """
        player = self.state.players[name]
        if not player.alive:
            return
        rule, words = CAUSES[cause]
        self.before_change(player)
        self.outcome.remove(name)
        self.outcome.note("exit", "effect", said("werewolf18.leaves_game", player=name, why=words, rule=rule))
        self._announce_exit(name, cause)
        self._last_words(name)
        self.check_victory()
        if player.role == "elder" and cause in ("vote", "poison", "shot"):
            self._skill_loss(name)
        if player.role == "hunter":
            self._last_shot(name)
        if sheriff(self.state) == name:
            self.pass_badge(name)

    def red_card(self, name: str) -> None:
        """A red card (罚下): out with no last words, shot or sacrifice; a
        sheriff's badge goes at random (WW18-013, WW18-014, WW18-069)."""
        if not self.state.players[name].alive:
            self.outcome.note("cards", "void", said("werewolf18.already_out_red_card_removes", player=name))
            return
        self.before_change(self.state.players[name])
        self.outcome.remove(name)
        self.outcome.note("cards", "effect", said("werewolf18.sent_off_red_card_with", player=name))
        self.outcome.announce("red_card", said("werewolf18.was_sent_off_with_red", player=name), name)
        self.check_victory()
        if sheriff(self.state) == name:
            self._random_badge(name, said("werewolf18.red_carded_sheriff_badge_goes"))

    def check_victory(self) -> None:
        """Run the victory check; raise ``GameEnded`` on a winner (WW18-050).

        A new defeat is traced for the host only: it is never published (WW18-004).
        """
        flags = victory.group_flags(self.state)
        defeated = victory.defeated_of(flags, self.state.memory.get("surrendered"))
        before = self.defeated
        if before is None:
            # The step's first change alone parts the state now from the state before.
            if self.first_change is None:
                before = defeated
            else:
                leaving, surrendered = self.first_change
                group = None if leaving is None else victory.group_of(leaving)
                before = victory.defeated_of(victory.with_member_in(flags, group), surrendered)
                self.first_change = None
        for camp in sorted(defeated - before):
            self.outcome.note("victory", "info", said("werewolf18.camp_defeated_unannounced_players_stay", team=camp))
        self.defeated = defeated
        won = victory.winner(self.state, defeated)
        if won is None:
            self.checked = True
            return
        self.state.winner = won
        self.outcome.note("victory", "effect", said("werewolf18.only_camp_undefeated_wins_settlement", team=won))
        raise GameEnded(won)

    def pass_badge(self, holder: str) -> None:
        """The badge of ``holder`` goes to his ``pass_badge`` target if that
        one may hold it, else at random (WW18-048, WW18-071, A15).

        The order was valid when handed in, but its target may have left
        earlier in this very step (the hunter-sheriff's own shot comes first,
        WW18-049). 殉职 says «须选择一名未出局的角色来继任警长» (WW18-048): such
        an order is rejected with its reason (digest §6) and the badge goes
        at random, as for a missing pass.
        """
        order = self.orders.take(self.orders.badges, holder)
        if order is None:
            self._random_badge(holder, said("werewolf18.no_successor_named_so_badge"))
            return
        target = str(order.target)
        reason = _badge_reason(self.state.players[target])
        if reason is None:
            self.outcome.note(
                "badge", "effect", said("werewolf18.sheriff_passes_badge", player=holder, player2=target), order
            )
            self._crown(target)
            return
        self.outcome.reject(order, reason, _message(reason), step="badge")
        self._random_badge(holder, said("werewolf18.can_no_longer_hold_so", player=target))

    def _random_badge(self, holder: str, why: str) -> None:
        eligible = [p.name for p in self.state.alive() if p.name != holder and may_hold_badge(p)]
        if not eligible:
            self.state.memory["sheriff"] = None
            self.outcome.note("badge", "void", said("werewolf18.sheriff_but_nobody_may_hold", player=holder, why=why))
            return
        target = self.rng.choice(eligible)
        self.outcome.note("badge", "effect", said("werewolf18.sheriff_goes", player=holder, why=why, player2=target))
        self._crown(target)

    def _crown(self, name: str) -> None:
        """``name`` becomes sheriff and is told (WW18-046)."""
        self.state.memory["sheriff"] = name
        self.outcome.tell(name, name, "sheriff")
        self.outcome.announce("sheriff", said("werewolf18.now_sheriff", player=name), name)

    def sacrifice(self, lover: str, admired: str, cause: str, step: str, action: Action | None = None) -> None:
        """献身: ``lover`` leaves instead of ``admired``, who would have left
        for ``cause`` (``knife``, ``poison``, ``vote``), and it is announced
        in the document's words (WW18-037). ``step`` names the ORDER step."""
        text = said(f"werewolf18.would_be_{SACRIFICE_CODES[cause]}", player=admired, player2=lover)
        self.outcome.note(step, "saved", text, action, lover)
        self.outcome.announce(
            "sacrifice", said(f"werewolf18.sacrifice_{cause}", player=admired, player2=lover), lover, "lover"
        )
        self.leave(lover, "sacrifice")

    def _announce_exit(self, name: str, cause: str) -> None:
        """Public line: names only, never identities or who did what (WW18-074)."""
        if self.night:
            self.outcome.announce("killed", said("werewolf18.left_game_during_night", player=name), name)
        elif cause == "vote":
            self.outcome.announce("eliminated", said("werewolf18.was_voted_out", player=name), name)
        elif cause == "shot":
            self.outcome.announce("shot", said("werewolf18.was_shot_left_game", player=name), name)
        elif cause != "sacrifice":
            self.outcome.announce("out", said("werewolf18.left_game", player=name), name)

    def _last_words(self, name: str) -> None:
        """The first four exits (red cards excepted) get last words (WW18-016)."""
        given = self.state.memory.get("last_words", 0)
        if given >= LAST_WORDS:
            self.outcome.note("last_words", "info", said("werewolf18.gets_no_last_words_all", player=name))
            return
        self.state.memory["last_words"] = given + 1
        self.outcome.tell(name, name, "last_words")
        self.outcome.note("last_words", "effect", said("werewolf18.may_leave_last_words", player=name, n=given + 1))

    def _skill_loss(self, elder: str) -> None:
        """Every village player loses his skills; a revealed idiot leaves (WW18-028, WW18-035)."""
        if self.state.memory.get("skills_lost"):
            return
        self.state.memory["skills_lost"] = True
        self.outcome.note("skill_loss", "effect", said("werewolf18.elder_left_every_village_player", player=elder))
        for player in self.state.alive():
            if player.team == "village" and player.counters.get("revealed"):
                self.leave(player.name, "skill_loss")

    def _last_shot(self, hunter: str) -> None:
        """The hunter's shot order fires at once (WW18-031, WW18-062); an
        order at a player who already left in this step is rejected."""
        order = self.orders.take(self.orders.shots, hunter)
        if order is None:
            self.outcome.note("last_shot", "info", said("werewolf18.hunter_gave_no_shot_order", player=hunter))
            return
        target = str(order.target)
        if not has_skills(self.state, self.state.players[hunter]):
            self.outcome.note("last_shot", "void", said("werewolf18.hunter_has_lost_skills_no", player=hunter), order)
        elif not self.state.players[target].alive:
            # The order was valid when handed in, but its target left earlier
            # in this step: «对其开枪» needs «一名其他角色» still in the game
            # (WW18-031), so the order is rejected (digest §6) and nobody is shot.
            self.outcome.reject(order, "target_not_alive", _message("target_not_alive"), step="last_shot")
        else:
            self.outcome.note(
                "last_shot",
                "effect",
                said("werewolf18.hunter_shoots_who_leaves_once", player=hunter, player2=target),
                order,
            )
            self.leave(target, "shot")
