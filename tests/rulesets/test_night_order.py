"""``Ruleset.canonical_order``: night choices sorted by their owner, players
in seat order, then teams by id, then unknown names; stable, so the
choices of one owner keep their order (a later one replaces an earlier
one: piter A-22, werewolf18's knife, cosmo COSMO-019)."""

from __future__ import annotations

import rulesets
from rulesets.core import Action
from rulesets.core.votes import tally


def test_choices_are_sorted_by_seat_then_team_then_unknown_names() -> None:
    """Seat order first, teams after the players by id, unknown owners last
    by name; each owner's choices in the order handed in."""
    ruleset = rulesets.get("classic")
    state = ruleset.new_game(ruleset.draw_seats(["A", "B", "C", "D", "E", "F"], ruleset.composition(6), 1))
    handed = [
        Action("kill", team="mafia", target="A"),
        Action("heal", "Zed", target="A"),
        Action("check", "C", target="B"),
        Action("heal", "A", target="B"),
        Action("check", "C", target="D"),
        Action("kill", team="alpha", target="A"),
        Action("heal", "Bob", target="A"),
    ]
    ordered = ruleset.canonical_order(state, handed)
    assert ordered == [handed[3], handed[2], handed[4], handed[5], handed[0], handed[6], handed[1]]


def test_an_owner_of_the_ruleset_s_own_choice_key_keeps_its_place() -> None:
    """Werewolf18's knife belongs to the wolf group whoever hands it in
    (``choice_key``): knives by different werewolves sort as the group's,
    after every player, in the order handed in."""
    ruleset = rulesets.get("werewolf18")
    names = [f"P{i + 1}" for i in range(18)]
    state = ruleset.new_game(ruleset.draw_seats(names, ruleset.composition(18), 3))
    wolves = [p.name for p in state.players.values() if p.role == "werewolf"]
    seer = next(p.name for p in state.players.values() if p.role == "seer")
    handed = [
        Action("kill", wolves[-1], target=seer),
        Action("check", seer, target=wolves[0]),
        Action("kill", wolves[0], target=wolves[-1]),
    ]
    assert ruleset.canonical_order(state, handed) == [handed[1], handed[0], handed[2]]


def test_tally_counts_plain_and_weighted_ballots() -> None:
    """Abstentions count for nobody; a plain ballot weighs 1, a weighted one
    its weight (the werewolf18 sheriff's 1.5, WW18-047); first-vote order."""
    votes = {"a": "x", "b": None, "c": "y", "d": "x"}
    assert tally(votes) == {"x": 2, "y": 1}
    assert all(type(n) is int for n in tally(votes).values())
    assert tally(votes, {}) == {"x": 2, "y": 1}
    assert tally(votes, {"d": 1.5}) == {"x": 2.5, "y": 1}
    assert list(tally({"a": "y", "b": "x", "c": "y"})) == ["y", "x"]


def test_under_target_limit_keeps_the_players_chosen_fewer_times_than_the_limit() -> None:
    """A ``per_target_limit`` (werewolf18's guard WW18-030, forum FORUM-049):
    a name stays while its ``<ability>:<name>`` counter is under the limit,
    in the given order; other abilities' counters do not count."""
    from rulesets.core.base import under_target_limit

    names = ["A", "B", "C", "D"]
    assert under_target_limit({}, "guard", names, 1) == names
    assert under_target_limit({"heal:B": 3, "uses:guard": 2}, "guard", names, 1) == names
    assert under_target_limit({"guard:B": 1, "guard:D": 0}, "guard", names, 1) == ["A", "C", "D"]
    assert under_target_limit({"guard:B": 1}, "guard", names, 2) == names
    assert under_target_limit({}, "guard", names, 0) == []
