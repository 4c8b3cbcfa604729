"""The English templates of the codes every ruleset shares (see
``rulesets.core.said``), marked for translation."""

from .said import gettext_noop, templates

TEXTS = templates(
    "core",
    {
        # A refused action's trace line: the sentence the player reads (``Outcome.reject``).
        "refusal": "%(message)s",
        "host_disqualifies_leaves_game": gettext_noop("The host disqualifies %(player)s: he leaves the game."),
        "earlier_replaced_later_one": gettext_noop("%(who)s's earlier %(ability)s is replaced by a later one."),
        # The public results post (``Outcome.announce``).
        "removed_by_host": gettext_noop("%(player)s was removed from the game by the host."),
        "game_over_wins": gettext_noop("The game is over: %(team)s wins."),
    },
)
