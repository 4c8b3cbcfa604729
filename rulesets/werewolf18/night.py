"""The night (游戏日夜晚): choices (1)-(6), then knife and poison settlement.

Choices are made in the document's order by players in the game who still
have their skills (WW18-059); the 双吞 test is made once before settlement
(A4); each knife then settles on its own, the wolves' first (WW18-061), and
the poison last (WW18-063). Every exit goes through ``Exits`` so that a
hunter shoots at once (WW18-062) and a victory stops everything (WW18-064).
"""

from __future__ import annotations

import random

from rulesets.core import Action, Outcome, PhaseInput, PlayerState
from rulesets.core.model import TraceResult
from rulesets.core.said import said

from .cards import parse_cards
from .common import has_skills, sacrificing_lover, werewolf_in_game
from .exits import SACRIFICE_CODES, Exits, GameEnded, Orders
from .steps import apply_cards, apply_surrender, note_unused_orders
from .victory import wolves_defeated

# The night resolution order, document steps (1)-(8) and what precedes them.
ORDER: tuple[tuple[str, str, str], ...] = (
    # WW18-017 / A14: a unanimous surrender defeats the wolves before their knife.
    ("surrender", "WW18-017", "a surrender sent by every werewolf, in or out, defeats the wolves"),
    # WW18-069: the directors' cards; a red card removes the player now.
    ("cards", "WW18-069", "the directors' cards; three blues make a yellow, three yellows a red"),
    # WW18-029: (1) 守卫.
    ("guard", "WW18-029", "(1) the guard makes tonight's knives on his target ineffective"),
    # WW18-022 / WW18-021 / WW18-043: (2) 预言家.
    ("check", "WW18-022", "(2) the seer learns a camp; the rioter shows as village"),
    # WW18-036: (3) 情痴.
    ("admire", "WW18-036", "(3) the lover names his admired player, once a game"),
    # WW18-019 / WW18-020: (4) 狼人.
    ("kill", "WW18-019", "(4) the wolf group knifes one player"),
    # WW18-044: (5) 白狼.
    ("bite", "WW18-044", "(5) the white wolf knifes one player"),
    # WW18-023 / WW18-024 / WW18-026: (6) 女巫.
    ("witch", "WW18-023", "(6) the witch is told who was knifed, then may save and poison"),
    # WW18-026 / A4: 双吞, decided once before settlement.
    ("double_swallow", "WW18-026", "a witch knifed out tonight: her potions do nothing"),
    # WW18-060 / WW18-061 / WW18-062: (7) 指杀结算.
    ("knife_settlement", "WW18-060", "(7) each knife: guard, elder, antidote, sacrifice, exit"),
    # WW18-063: (8) 毒药结算.
    ("poison_settlement", "WW18-063", "(8) the poison settles after every knife"),
)


class Night:
    """One night's resolution on ``outcome.state`` (mutated in place)."""

    __slots__ = (
        "outcome",
        "state",
        "actions",
        "orders",
        "exits",
        "guarded",
        "knives",
        "saves",
        "poisons",
        "hit",
        "swallowed",
        "by_ability",
        "lovers",
    )

    def __init__(self, outcome: Outcome, actions: list[Action], rng: random.Random) -> None:
        self.outcome = outcome
        self.state = outcome.state
        self.actions = actions
        self.orders = Orders.from_actions(actions)
        self.exits = Exits(outcome, self.orders, rng, night=True)
        self.guarded: dict[str, str] = {}
        self.knives: list[Action] = []
        self.saves: list[Action] = []
        self.poisons: list[Action] = []
        self.hit: set[str] = set()
        self.swallowed: set[str] = set()
        # The accepted actions by ability, in order; the lovers' seats (``sacrificing_lover``).
        self.by_ability: dict[str, list[Action]] = {}
        for action in actions:
            self.by_ability.setdefault(action.ability, []).append(action)
        self.lovers: list[PlayerState] | None = None  # found when first asked (``_lovers``)

    def run(self, cards: list[tuple[str, str]]) -> bool:
        """Resolve the night (ORDER); a victory stops it (WW18-064). True when a
        victory check followed the night's last exit (``Exits.checked``)."""
        try:
            apply_surrender(self.exits, self.actions)
            apply_cards(self.exits, cards)
            for ability in ("guard", "check", "admire"):
                for action in self._live(ability):
                    getattr(self, f"_{ability}")(action)
            self._knives()
            self._witches()
            self._double_swallow()
            for knife in self.knives:
                self._settle_knife(knife)
            for poison in self.poisons:
                self._settle_poison(poison)
        except GameEnded:
            return False
        note_unused_orders(self.exits, self.orders)
        return self.exits.checked

    def _lovers(self) -> list[PlayerState]:
        """The seats holding the lover's role, in or out (roles do not change by night)."""
        if self.lovers is None:
            self.lovers = [p for p in self.state.players.values() if p.role == "lover"]
        return self.lovers

    def _live(self, ability: str) -> list[Action]:
        """Accepted ``ability`` actions whose actor is still in the game with
        his skills (WW18-059); the others are traced as void."""
        live = []
        for action in [a for a in self.by_ability.get(ability, ()) if a.actor]:
            player = self.state.players[action.actor or ""]
            if player.alive and has_skills(self.state, player):
                live.append(action)
            else:
                self.outcome.note(
                    ability,
                    "void",
                    said("werewolf18.out_or_without_skills_no", player=action.actor, ability=ability),
                    action,
                )
        return live

    def _guard(self, action: Action) -> None:
        target = str(action.target)
        self.guarded[target] = str(action.actor)
        self._count(action)
        self.outcome.note(
            "guard",
            "effect",
            said("werewolf18.guard_shields_from_tonight_knives", player=action.actor, player2=target),
            action,
        )

    def _check(self, action: Action) -> None:
        target = self.state.players[str(action.target)]
        seen = "village" if target.role == "rioter" else target.team
        self.outcome.tell(str(action.actor), target.name, seen)
        rule = "WW18-021" if target.role == "rioter" else "WW18-022"
        self.outcome.note(
            "check",
            "info",
            said("werewolf18.seer_checks_camp", player=action.actor, player2=target.name, team=seen, rule=rule),
            action,
        )

    def _admire(self, action: Action) -> None:
        lover = self.state.players[str(action.actor)]
        lover.counters["admired"] = str(action.target)
        self._count(action)
        self.outcome.note(
            "admire",
            "effect",
            said("werewolf18.lover_admires_from_now", player=lover.name, player2=action.target),
            action,
        )

    def _knives(self) -> None:
        """(4) the wolves' knife, then (5) the white wolf's (WW18-061)."""
        for action in self.by_ability.get("kill", ()):
            if wolves_defeated(self.state) or not werewolf_in_game(self.state):
                self.outcome.note("kill", "void", said("werewolf18.wolves_are_defeated_or_gone"), action)
                continue
            self.knives.append(action)
            self.outcome.note("kill", "info", said("werewolf18.wolves_knife", player=action.target), action)
        for action in self._live("bite"):
            self.knives.append(action)
            self.outcome.note(
                "bite", "info", said("werewolf18.white_wolf_knifes", player=action.actor, player2=action.target), action
            )

    def _witches(self) -> None:
        """(6) 通灵 while she held the antidote, then her potions (WW18-023..026)."""
        for witch in self.state.with_role("witch"):
            if not has_skills(self.state, witch):
                continue
            if not witch.counters.get("uses:save"):
                for target in dict.fromkeys(str(k.target) for k in self.knives):
                    self.outcome.tell(witch.name, target, "attacked")
                    self.outcome.note(
                        "witch", "info", said("werewolf18.witch_told_was_knifed", player=witch.name, player2=target)
                    )
        for action in self._live("save"):
            self._count(action)
            self.saves.append(action)
            text = said("werewolf18.witch_uses_her_antidote_spent", player=action.actor, player2=action.target)
            self.outcome.note("witch", "info", text, action)
        for action in self._live("poison"):
            self._count(action)
            self.poisons.append(action)
            self.hit.add(str(action.target))  # A5: the poison's object, even if 双吞 voids it
            text = said("werewolf18.witch_poisons_settles_last", player=action.actor, player2=action.target)
            self.outcome.note("witch", "info", text, action)

    def _effective(self, target: str) -> int:
        """How many of tonight's knives on ``target`` are effective (一)."""
        return 0 if target in self.guarded else sum(1 for k in self.knives if k.target == target)

    def _double_swallow(self) -> None:
        """双吞: decide once which witches are knifed out tonight (WW18-026, A4)."""
        for name in dict.fromkeys(str(k.target) for k in self.knives):
            if self._effective(name):
                self.hit.add(name)
        for witch in self.state.with_role("witch"):
            knives = self._effective(witch.name)
            absorbed = knives == 1 and sacrificing_lover(self.state, witch.name, self.hit, self._lovers()) is not None
            if knives and not absorbed:
                self.swallowed.add(witch.name)
                self.outcome.note(
                    "double_swallow",
                    "info",
                    said("werewolf18.witch_knifed_out_tonight_her", player=witch.name),
                )

    def _settle_knife(self, knife: Action) -> None:
        """(7) one knife on its target, sub-steps 一 to 五 (WW18-060)."""
        target = self.state.players[str(knife.target)]
        stopped = self._stop_knife(target)
        if stopped is None:
            self._exit(target.name, "knife", knife)
            return
        result, by, text = stopped
        self.outcome.note("knife_settlement", result, text, knife, by)

    def _stop_knife(self, target: PlayerState) -> tuple[TraceResult, str | None, str] | None:
        """Sub-steps (0) 一 二 三: why a knife does not remove ``target``, as
        (result, by whom, trace text), or None. Marks the elder's first knife."""
        if not target.alive:
            return "void", None, said("werewolf18.already_out", player=target.name)
        if target.name in self.guarded:
            guard = self.guarded[target.name]
            return "blocked", guard, said("werewolf18.guard_makes_knife_ineffective", player=guard, player2=target.name)
        if target.role == "elder" and not target.counters.get("knifed"):
            target.bump("knifed")
            return "saved", target.name, said("werewolf18.elder_survives_first_effective_knife", player=target.name)
        for save in self.saves:
            if save.target == target.name and save.actor not in self.swallowed:
                return (
                    "saved",
                    save.actor,
                    said("werewolf18.witch_antidote_keeps_game", player=save.actor, player2=target.name),
                )
        return None

    def _settle_poison(self, poison: Action) -> None:
        """(8) the poison, unless its witch was knifed out tonight (WW18-026, WW18-063)."""
        target = str(poison.target)
        if poison.actor in self.swallowed:
            self.outcome.note(
                "poison_settlement",
                "void",
                said("werewolf18.witch_was_knifed_out_her", player=poison.actor, player2=target),
                poison,
            )
        elif not self.state.players[target].alive:
            self.outcome.note("poison_settlement", "void", said("werewolf18.already_out", player=target), poison)
        else:
            self._exit(target, "poison", poison)

    def _exit(self, target: str, cause: str, action: Action) -> None:
        """四 the lover's sacrifice (WW18-037, WW18-039), else 五 the exit."""
        step = "poison_settlement" if cause == "poison" else "knife_settlement"
        lover = sacrificing_lover(self.state, target, self.hit, self._lovers())
        if lover is not None:
            self.exits.sacrifice(lover.name, target, cause, step, action)
            return
        self.outcome.note(step, "effect", said(f"werewolf18.is_{SACRIFICE_CODES[cause]}", player=target), action)
        self.exits.leave(target, cause)

    def _count(self, action: Action) -> None:
        """Spend one use of a limited skill (WW18-025, WW18-030, WW18-036)."""
        owner = self.state.players[str(action.actor)]
        owner.bump(f"uses:{action.ability}")
        owner.bump(f"{action.ability}:{action.target}")


def resolve_night(outcome: Outcome, step: PhaseInput, actions: list[Action], rng: random.Random) -> bool:
    """Resolve one night on ``outcome`` from its accepted ``actions``; True
    when a victory check followed its last exit (``Exits.checked``).

    Raises ``RulesError`` for a malformed ``cards`` field.
    """
    cards = parse_cards(step.extra.get("cards"), outcome.state)
    return Night(outcome, actions, rng).run(cards)
