"""Discipline cards (判罚制度): blue, yellow, red (WW18-069).

The directors judge every violation but one; the engine counts the cards
they give (``cards`` step field), turns three blues into a yellow and three
yellows into a red, and gives the automatic yellow for not voting on a day
that is not accelerated (WW18-067).
"""

from __future__ import annotations

from typing import Any

from rulesets.core import GameState, RulesError
from rulesets.core.said import said

from .exits import Exits

COLOURS = ("green", "blue", "yellow", "red")
UPGRADE = 3  # 三张蓝牌升级为一张黄牌, 三张黄牌升级为一张红牌


def parse_cards(raw: Any, state: GameState) -> list[tuple[str, str]]:
    """The ``cards`` field as (player, colour) pairs, in order.

    Raises ``RulesError`` when it is not a list of
    ``{"player": NAME, "card": COLOUR}`` naming players of the game.
    """
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RulesError("cards must be a list of {player, card}")
    cards = []
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"player", "card"}:
            raise RulesError(f"a card needs exactly a player and a card: {item!r}")
        if item["player"] not in state.players:
            raise RulesError(f"unknown player {item['player']!r} in cards")
        if item["card"] not in COLOURS:
            raise RulesError(f"unknown card {item['card']!r}; one of {', '.join(COLOURS)}")
        cards.append((item["player"], item["card"]))
    return cards


def give_card(exits: Exits, name: str, colour: str) -> None:
    """Record one card for ``name``; a third blue or yellow upgrades (WW18-069).

    A red card removes the player (``Exits.red_card``); it may raise
    ``GameEnded``. The directors' option to defeat the camp as well is
    never taken by the engine (WW18-070).
    """
    if colour == "red":
        exits.red_card(name)
        return
    if colour == "green":
        exits.outcome.note("cards", "info", said("werewolf18.green_card_no_violation", player=name))
        return
    player = exits.state.players[name]
    held = player.bump(f"cards:{colour}")
    exits.outcome.note("cards", "effect", said(f"werewolf18.{colour}_card", player=name, n=held))
    if held >= UPGRADE:
        player.counters[f"cards:{colour}"] = 0
        upgrade = "yellow" if colour == "blue" else "red"
        exits.outcome.note("cards", "effect", said(f"werewolf18.three_{colour}_cards", player=name))
        give_card(exits, name, upgrade)


# The directors' cards (判罚制度, WW18-069), counted at the phase's end.
# The host's removal is the red card at once: the document knows no other
# way out (WW18-075), and an identity is never published (WW18-074).
PENALTIES = {
    "disqualify": {
        "ru": "Красная карточка сразу (удаление)",
        "zh": "红牌罚下（立即出局）",
        "en": "Red card at once (removed now)",
    },
    "card:blue": {"ru": "Синяя карточка", "zh": "蓝牌", "en": "Blue card"},
    "card:yellow": {"ru": "Жёлтая карточка", "zh": "黄牌", "en": "Yellow card"},
    "card:red": {"ru": "Красная карточка", "zh": "红牌", "en": "Red card"},
}
