"""The day (白天): ballots, surrender, cards, the count and the vote exit.

Digest §8: ballots and actions are checked against the state at the start
of the day; a surrender comes first, then the cards (red cards before the
vote exit, WW18-015), then the count. Day 1 elects the sheriff (WW18-006);
from day 2 the sole most-voted player still in the game is voted out
(WW18-007, WW18-008), unless the idiot plays dumb (WW18-032) or the lover
sacrifices himself (WW18-037, WW18-040).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulesets.core import Action, DayProcedure, GameState, Outcome, PhaseInput, RulesError
from rulesets.core.day import ONCE
from rulesets.core.said import said
from rulesets.core.votes import leaders, tally

from .cards import give_card, parse_cards
from .common import has_skills, revealed, sacrificing_lover, sheriff
from .exits import Exits, GameEnded, Orders
from .steps import apply_cards, apply_surrender, note_unused_orders

# The day resolution order (digest §8).
DAY_ORDER: tuple[tuple[str, str, str], ...] = (
    # WW18-065 / WW18-068: one vote and one change; none when accelerated.
    ("ballots", "WW18-065", "ballots in casting order: a vote, one change, nothing more"),
    # WW18-017: a unanimous surrender defeats the wolves.
    ("surrender", "WW18-017", "a surrender sent by every werewolf, in or out"),
    # WW18-015 / WW18-069 / WW18-067: cards, then the automatic yellow for not voting.
    ("cards", "WW18-015", "cards before the vote exit; a yellow card for not voting"),
    # WW18-047: the count, the sheriff's ballot weighing 1.5 from day 2.
    ("count", "WW18-047", "the count; the sheriff's vote counts 1.5"),
    # WW18-006 / WW18-045: day 1 elects the first to reach the top.
    ("sheriff_election", "WW18-045", "day 1: the first to reach the highest total becomes sheriff"),
    # WW18-032 / WW18-040: the idiot's reveal comes before the sacrifice.
    ("play_dumb", "WW18-032", "the idiot about to be voted out may reveal and stay"),
    # WW18-037: the lover leaves instead of his admired player.
    ("sacrifice", "WW18-037", "the lover leaves instead of his admired player"),
    # WW18-007 / WW18-008: the sole leader still in the game leaves.
    ("vote_exit", "WW18-007", "the sole most-voted player still in the game leaves; a tie removes nobody"),
)

SHERIFF_WEIGHT = 1.5  # 带队: 警长投出的票计为1.5票 (WW18-047)
# 潜水 (判罚依据 5 (1), 玩家须知 2): «在未加快进程的单个讨论日不足五帖、或连续三个
# 讨论日均不足十帖» is a yellow card.
POSTS_A_DAY = 5
POSTS_THREE_DAYS = 10
THIN_DAYS = 3


@dataclass(slots=True)
class Ballots:
    """Accepted ballots: ``final`` voter → target (None = abstain), in first
    casting order, and ``log``, every accepted entry in time order."""

    final: dict[str, str | None] = field(default_factory=dict)
    log: list[tuple[str, str | None]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What became of one ballot as cast: ``kind`` ``vote`` or ``change``
    when accepted, else "" and the refusal's ``reason`` code."""

    voter: str
    target: str | None
    kind: str
    reason: str | None


def ballot_reason(state: GameState, voter: str | None, target: str | None) -> str | None:
    """Why a ballot is refused, or None (WW18-010, WW18-011, WW18-034).

    Raises ``RulesError`` for a player who is not in the game's list.
    """
    _known(state, voter, target)
    return _seated_ballot_reason(state, voter, target)


def _seated_ballot_reason(state: GameState, voter: str | None, target: str | None) -> str | None:
    """``ballot_reason`` of names already known to be seated (``revealed`` read inline)."""
    if voter is None:
        return "not_your_ability"
    player = state.players[voter]
    if not player.alive:
        return "actor_not_alive"
    if player.counters.get("revealed"):
        return "revealed_idiot"
    if target is None:
        return None
    chosen = state.players[target]
    if not chosen.alive:
        return "target_not_alive"
    return "revealed_idiot" if chosen.counters.get("revealed") else None


def ballot_entries(step: PhaseInput, state: GameState) -> list[tuple[str, str | None]]:
    """Ballots in time order: ``vote_log`` if given, else ``votes`` in key
    order, then ``vote`` actions. Raises ``RulesError`` if malformed."""
    raw: Any = step.extra.get("vote_log")
    if raw is None:
        entries = list((step.votes or {}).items())
    elif isinstance(raw, list) and all(isinstance(e, dict) and set(e) == {"voter", "target"} for e in raw):
        entries = [(e["voter"], e["target"]) for e in raw]
    else:
        raise RulesError("vote_log must be a list of {voter, target}")
    entries += [(str(a.actor), a.target) for a in step.actions if a.ability == "vote"]  # type: ignore[misc]
    players = state.players
    for voter, target in entries:
        if voter not in players or (target is not None and target not in players):
            _known(state, voter, target)  # raises for the first name not seated
    return entries


def _known(state: GameState, *names: str | None) -> None:
    """Raise ``RulesError`` for a name that is not seated in the game."""
    for name in names:
        if name is not None and name not in state.players:
            raise RulesError(f"unknown player {name!r} in the ballots")


def accepted_ballots(state: GameState, entries: list[tuple[str, str | None]]) -> tuple[Ballots, list[Verdict]]:
    """The one count of the day's ballots, shared by the public count on the
    site (``Werewolf18.vote_count``) and the day's resolution: each entry of
    ``entries`` (voter, target or None, in time order, every name seated)
    checked against the state at the start of the day. A voter's first
    ballot is his vote (投票), the second his change (改票), a third is
    refused (WW18-065); when the game is accelerated, every change is void
    (所有改票作废, WW18-068), whenever it was cast. Returns the accepted
    ``Ballots`` and a ``Verdict`` per entry, in order."""
    players = state.players
    ballots = Ballots()
    final, log = ballots.final, ballots.log
    verdicts: list[Verdict] = []
    cast: dict[str, int] = {}
    accelerated = state.option("accelerated")
    for voter, target in entries:
        # ``_seated_ballot_reason``, its usual answer found inline: a living voter
        # and target, neither a revealed idiot (WW18-010, WW18-011, WW18-034).
        chosen = None if target is None else players[target]
        if (
            voter is not None
            and players[voter].alive
            and "revealed" not in players[voter].counters
            and (chosen is None or (chosen.alive and "revealed" not in chosen.counters))
        ):
            reason = None
        else:
            reason = _seated_ballot_reason(state, voter, target)
        earlier = cast.get(voter, 0)
        if reason is None and earlier >= 1 and accelerated:
            reason = "accelerated"
        elif reason is None and earlier >= 2:
            reason = "no_more_changes"
        if reason is not None:
            verdicts.append(Verdict(voter, target, "", reason))
            continue
        cast[voter] = earlier + 1
        final[voter] = target
        log.append((voter, target))
        verdicts.append(Verdict(voter, target, "vote" if earlier == 0 else "change", None))
    return ballots, verdicts


def ballot_weights(state: GameState, day_number: int) -> dict[str, float]:
    """Voter → weight of his ballot on game day ``day_number``: the sheriff's
    counts 1.5 from day 2 on (带队, WW18-047), everybody else's 1."""
    holder = sheriff(state)
    return {holder: SHERIFF_WEIGHT} if holder and day_number >= 2 else {}


def collect_ballots(outcome: Outcome, step: PhaseInput, message: Callable[[str], str]) -> Ballots:
    """Check every ballot against the state at the start of the day
    (``accepted_ballots``): a third ballot, or any change when accelerated,
    is rejected (WW18-065, WW18-068); the others are noted."""
    ballots, verdicts = accepted_ballots(outcome.state, ballot_entries(step, outcome.state))
    for verdict in verdicts:
        voter, target = verdict.voter, verdict.target
        action = Action("vote", voter, None, target)
        if verdict.reason is not None:
            outcome.reject(action, verdict.reason, message(verdict.reason), step="ballots")
            continue
        kind = verdict.kind
        outcome.note(
            "ballots",
            "info",
            said(f"werewolf18.casts_{kind}", player=voter, player2=target)
            if target
            else said(f"werewolf18.casts_{kind}_nobody", player=voter),
            action,
        )
    return ballots


def first_to_top(log: list[tuple[str, str | None]], candidates: list[str], top: float) -> str:
    """Of ``candidates`` tied at ``top``, the one holding that total since the
    earliest ballot (最先获得投票数最多, WW18-045)."""
    running: dict[str, int] = {}
    current: dict[str, str | None] = {}
    reached: dict[str, int] = {}
    for index, (voter, target) in enumerate(log):
        previous = current.get(voter)
        if previous is not None:
            running[previous] -= 1
        current[voter] = target
        if target is not None:
            running[target] = running.get(target, 0) + 1
            if running[target] - 1 < top <= running[target]:
                reached[target] = index
    return min(candidates, key=lambda name: reached.get(name, len(log)))


class Day:
    """One day's resolution on ``outcome.state`` (mutated in place)."""

    __slots__ = ("outcome", "state", "actions", "ballots", "orders", "exits", "sheriff", "weights", "posts")

    def __init__(
        self,
        outcome: Outcome,
        actions: list[Action],
        ballots: Ballots,
        rng: random.Random,
        posts: dict[str, int] | None = None,
    ) -> None:
        self.posts = posts
        self.outcome = outcome
        self.state = outcome.state
        self.actions = actions
        self.ballots = ballots
        self.orders = Orders.from_actions(actions)
        self.exits = Exits(outcome, self.orders, rng, night=False)
        self.sheriff = sheriff(self.state)
        # The weights of the day's ballots as the day began: a sheriff red-carded
        # today still cast 1.5 (WW18-047, WW18-015).
        self.weights = ballot_weights(self.state, self.state.day)

    def run(self, cards: list[tuple[str, str]]) -> bool:
        """Resolve the day (DAY_ORDER); a victory stops it (WW18-051). True when a
        victory check followed the day's last exit (``Exits.checked``)."""
        try:
            apply_surrender(self.exits, self.actions)
            apply_cards(self.exits, cards)
            self._post_cards()
            self._no_vote_cards()
            totals = self._count()
            if self.state.day == 1:
                self._elect(totals)
            else:
                self._vote_exit(totals)
        except GameEnded:
            return False
        note_unused_orders(self.exits, self.orders)
        return self.exits.checked

    def _post_cards(self) -> None:
        """潜水: on a day that is not accelerated, a yellow card for each player
        in the game with fewer than 5 posts in the day's public threads, or
        with fewer than 10 on each of three discussion days running
        («连续三个讨论日均不足十帖», each day of the three under ten; a day
        already carded for fewer than five starts the run afresh). The run
        is ``counters["thin_days"]``; nothing without a ``posts`` field."""
        posts = self.posts
        if posts is None or self.state.option("accelerated"):
            return
        for name, player in list(self.state.players.items()):
            if not player.alive:
                continue
            written = int(posts.get(name, 0))
            if written < POSTS_A_DAY:
                player.counters.pop("thin_days", None)
                self.outcome.note("cards", "info", said("werewolf18.too_few_posts_yellow", player=name, n=written))
                give_card(self.exits, name, "yellow")
                continue
            if written >= POSTS_THREE_DAYS:
                player.counters.pop("thin_days", None)
                continue
            run = player.bump("thin_days")
            if run >= THIN_DAYS:
                player.counters.pop("thin_days", None)
                self.outcome.note("cards", "info", said("werewolf18.thin_posts_yellow", player=name, n=THIN_DAYS))
                give_card(self.exits, name, "yellow")

    def _no_vote_cards(self) -> None:
        """A yellow card for each player who could vote and did not (WW18-067, A7)."""
        if self.state.option("accelerated"):
            return
        # Who could vote (in the game, no revealed idiot, WW18-034) and did not; a
        # card only ever takes out its own holder, so the list stays true as it runs.
        players, final = self.state.players, self.ballots.final
        missing = [
            name
            for name, p in players.items()
            if p.alive and name not in final and ("revealed" not in p.counters or not p.counters["revealed"])
        ]
        for name in missing:
            if players[name].alive:
                self.outcome.note("cards", "info", said("werewolf18.did_not_vote_automatic_yellow", player=name))
                give_card(self.exits, name, "yellow")

    def _count(self) -> dict[str, float]:
        """Totals of the final ballots; the sheriff's weighs 1.5 from day 2 (WW18-047)."""
        totals = tally(self.ballots.final, self.weights)
        shown = ", ".join([f"{name} {total:g}" for name, total in totals.items()]) or "no votes"
        self.outcome.announce("votes", said("werewolf18.vote_count", rows=shown))
        counted = said("werewolf18.day_count", n=self.state.day, rows=shown) if totals else None
        self.outcome.note("count", "info", counted or said("werewolf18.day_count_no_votes", n=self.state.day))
        return totals

    def _elect(self, totals: dict[str, float]) -> None:
        """Day 1: the first to reach the highest total becomes sheriff (WW18-006, WW18-045, A12)."""
        top = leaders(totals)
        if not top or totals[top[0]] <= 0:
            self.outcome.note("sheriff_election", "void", said("werewolf18.nobody_got_vote_no_sheriff"))
            return
        chosen = first_to_top(self.ballots.log, top, totals[top[0]])
        if not self.state.players[chosen].alive:
            self.outcome.note("sheriff_election", "void", said("werewolf18.was_carded_out_today_no", player=chosen))
            return
        self.state.memory["sheriff"] = chosen
        self.outcome.tell(chosen, chosen, "sheriff")
        self.outcome.announce("sheriff", said("werewolf18.elected_sheriff", player=chosen), chosen)
        self.outcome.note(
            "sheriff_election", "effect", said("werewolf18.first_reached_top_total_sheriff", player=chosen)
        )

    def _vote_exit(self, totals: dict[str, float]) -> None:
        """The sole leader still in the game is voted out (WW18-007, WW18-008)."""
        top = leaders(totals)
        if not top:
            # Nobody voted for anybody: no tie to announce (WW18-007).
            self.outcome.note("vote_exit", "void", said("werewolf18.tie_nobody_leaves"))
            self.outcome.announce("no_elimination", said("werewolf18.nobody_voted_nobody_leaves"))
        elif len(top) != 1:
            self.outcome.note("vote_exit", "void", said("werewolf18.tie_nobody_leaves"))
            self.outcome.announce("no_elimination", said("werewolf18.vote_tied_nobody_leaves"))
        elif not self.state.players[top[0]].alive:
            self.outcome.note("vote_exit", "void", said("werewolf18.was_carded_out_today_nobody", player=top[0]))
            self.outcome.announce("no_elimination", said("werewolf18.nobody_leaves_vote_today"))
        else:
            self._voted_out(top[0])

    def _voted_out(self, name: str) -> None:
        """The idiot's reveal, else the lover's sacrifice, else the exit (WW18-040)."""
        player = self.state.players[name]
        order = self.orders.dumb.get(name)
        if order is not None and player.role == "idiot" and has_skills(self.state, player) and not revealed(player):
            self._reveal(name)
            return
        lover = sacrificing_lover(self.state, name, set())
        if lover is not None:
            self.exits.sacrifice(lover.name, name, "vote", "sacrifice")
            return
        self.outcome.note("vote_exit", "effect", said("werewolf18.has_most_votes_voted_out", player=name))
        self.exits.leave(name, "vote")

    def _reveal(self, name: str) -> None:
        """装傻: the idiot stays, is announced, and hands over the badge (WW18-032, WW18-033, WW18-034)."""
        order = self.orders.take(self.orders.dumb, name)
        idiot = self.state.players[name]
        idiot.counters["revealed"] = True
        idiot.bump("uses:play_dumb")
        self.outcome.note(
            "play_dumb", "saved", said("werewolf18.idiot_plays_dumb_stays_game", player=name), order, name
        )
        self.outcome.announce("revealed", said("werewolf18.revealed_idiot_stays_game", player=name), name, "idiot")
        if sheriff(self.state) == name:
            self.exits.pass_badge(name)


def resolve_day(
    outcome: Outcome, step: PhaseInput, actions: list[Action], rng: random.Random, message: Callable[[str], str]
) -> bool:
    """Resolve one day on ``outcome`` from its accepted ``actions`` and its
    ballots; True when a victory check followed its last exit
    (``Exits.checked``). Raises ``RulesError`` for malformed ``cards`` or
    ``vote_log``."""
    cards = parse_cards(step.extra.get("cards"), outcome.state)
    posts = parse_posts(step.extra.get("posts"), outcome.state)
    ballots = collect_ballots(outcome, step, message)
    return Day(outcome, actions, ballots, rng, posts).run(cards)


def parse_posts(raw: Any, state: GameState) -> dict[str, int] | None:
    """The ``posts`` field (nickname → posts written today, 潜水), or None
    when absent. Raises ``RulesError`` when it is not a mapping of seated
    players to whole numbers of at least 0."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise RulesError("posts must map players to their number of posts")
    for name, n in raw.items():
        if name not in state.players:
            raise RulesError(f"unknown player {name!r} in posts")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RulesError(f"posts of {name!r} must be a whole number of at least 0")
    return dict(raw)


# The day procedure (``Ruleset.DAY``): «投票对象：X / 投票理由：…» or «投票对象：弃权»;
# one change quoting the original, none in the last hour (WW18-065, WW18-066).
PROCEDURE = DayProcedure(
    change=ONCE,
    abstain=True,
    no_change_after="no_vote_change",
    votes_until="vote",
    ballot_text={"ru": "Голос: {choice}", "zh": "投票对象：{choice}", "en": "Vote: {choice}"},
    abstain_word={"ru": "воздерживаюсь", "zh": "弃权", "en": "abstain"},
    reason_text={"ru": "Причина: {reason}", "zh": "投票理由：{reason}", "en": "Reason: {reason}"},
    # «改票时必须引用原投票帖，并明确说明改票对象和改票理由» (WW18-065).
    change_text={"ru": "Меняю голос: {choice}", "zh": "改票对象：{choice}", "en": "Vote changed to: {choice}"},
    change_reason_text={
        "ru": "Причина смены: {reason}",
        "zh": "改票理由：{reason}",
        "en": "Reason for the change: {reason}",
    },
    reason_required=True,
    # 玩家须知 9 导演代投: the host posts a proxy vote until 30 minutes before the close.
    proxy_until="proxy_vote",
    # «第一天白天,获得投票最多的角色将成为警长» (WW18-006): day 1's vote elects the sheriff (WW18-045).
    election_day=1,
    election_rule="WW18-045",
    election_name={"ru": "Выборы шерифа", "zh": "警长竞选", "en": "Sheriff election"},
    rule="WW18-065",
    law={
        "ru": "Один голос у каждого, воздержаться можно (воздержавшийся тоже пишет пост с голосом); проголосовав,"
        " можно один раз изменить голос, процитировав прежний; в последний час дня голос менять нельзя.",
        "zh": "每人一票，允许弃权（弃权也需发投票帖）；投票后只有一次改票机会，须引用原投票；白天结束前一小时不得改票。",
        "en": "One vote each, abstention allowed; one change, quoting the original vote; no change in the"
        " last hour of the day.",
    },
)
