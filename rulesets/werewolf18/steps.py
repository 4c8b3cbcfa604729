"""Steps shared by the day and the night: surrender, cards, ignored orders."""

from __future__ import annotations

from rulesets.core import Action
from rulesets.core.said import said

from .cards import give_card
from .exits import Exits, Orders


def apply_surrender(exits: Exits, actions: list[Action]) -> None:
    """投降: the wolves are defeated when every werewolf of the game, in or
    out, sent ``surrender`` in this step (WW18-017, WW18-012, A14).

    Raises ``GameEnded`` when the defeat leaves one camp standing.
    """
    sent = {a.actor for a in actions if a.ability == "surrender"}
    if not sent:
        return
    wolves = [p.name for p in exits.state.players.values() if p.role == "werewolf"]
    missing = [name for name in wolves if name not in sent]
    for action in actions:
        if action.ability == "surrender":
            result = "void" if missing else "effect"
            exits.outcome.note("surrender", result, _surrender_text(str(action.actor), missing), action)
    if missing:
        return
    exits.before_change()
    exits.state.memory["surrendered"] = True
    exits.check_victory()


def _surrender_text(actor: str, missing: list[str]) -> str:
    if missing:
        return said("werewolf18.agrees_surrender_but_did_not", player=actor, names=", ".join(missing))
    return said("werewolf18.agrees_surrender_every_werewolf_agreed", player=actor)


def apply_cards(exits: Exits, cards: list[tuple[str, str]]) -> None:
    """The directors' cards of the step, in order (WW18-069, WW18-015)."""
    for name, colour in cards:
        give_card(exits, name, colour)


def note_unused_orders(exits: Exits, orders: Orders) -> None:
    """Trace conditional orders whose condition did not happen (A17)."""
    for action in orders.unused():
        exits.outcome.note(
            "orders",
            "void",
            said("werewolf18.order_ignored_condition_did_not", player=action.actor, ability=action.ability),
            action,
        )
