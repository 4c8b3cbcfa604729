"""A ruleset's forum day as data: what a vote post may say, whether it may
change, and the public vote count.

The web app reads these declarations instead of knowing any document's vote
law: it offers the choices ``DayProcedure`` allows, refuses a change the law
forbids, and shows the count ``Ruleset.vote_count`` gives over public
information only (a hidden modifier such as the forum Bouncer or Prosecutor
shows only in the results).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# How a vote may be changed (``DayProcedure.change``).
NEVER = "never"  # the first vote stands (FORUM-019, PITER §2, COSMO §2)
LAST_COUNTS = "last_counts"  # changed freely until the deadline (classic §2)
ONCE = "once"  # one change, quoting the original (werewolf18 «改票», WW18-065)
CHANGE_LAWS = (NEVER, LAST_COUNTS, ONCE)


@dataclass(frozen=True)
class DayProcedure:
    """How votes are cast on one game day of a ruleset.

    ``abstain``: an explicit abstention is a valid vote (werewolf18
    «投票对象：弃权»); ``self_vote``: a player may name himself (the forum
    accepts it and applies its autokill, FORUM-160); ``change``: one of
    ``CHANGE_LAWS``; ``no_change_after``: the schedule entry id after whose
    deadline no change is accepted (werewolf18's last hour), or "";
    ``revote_words``: what a re-vote ballot says instead of a name (cosmo's
    «посадить всех» / «пощадить всех» as ``jail``/``spare``), empty when the
    re-vote names the tied players; ``rule``: the rule id the vote thread
    cites; ``law``: the sentence the vote thread shows, by language code;
    ``last_post``: the rule id giving a player who left one last post in
    his day thread (forum FORUM-020), "" where the dead only read.

    The day's windows, each named by the id of the ``ScheduleEntry`` whose
    deadline opens or closes it ("" where the document has none):
    ``nominations_from``/``nominations_until``: players name candidates
    between these deadlines, one nomination each, and votes may then name
    only the candidates (piter «выдвижение» PITER-010, cosmo «Кандидат»
    COSMO-007/008); no nominations when ``nominations_until`` is "".
    ``votes_from``: no vote before this deadline (piter's defence posts
    come first, PITER-011). ``votes_until``: the deadline closing the
    vote when it is not the day's first resolving one (werewolf18's vote
    closes at 22:00, the exit orders resolve the day at 22:30, WW18-071).
    ``ballot_abilities``: the ability ids a vote-thread post carries (the
    vote, the re-vote), never handed in from a cabinet.
    ``defence_from``/``defence_until``: between these deadlines only
    today's candidates post in the day thread, one post each (piter's
    «минута монолога», PITER-011; ``Ruleset.defence_extra_post`` grants a
    second). ``revote_until``: when the day's first
    resolving deadline finds a tie (``Ruleset.revote_needed``), the day is
    not resolved then: a re-vote among the tied (or in ``revote_words``)
    runs until this deadline, which resolves the day (PITER-017, COSMO-013).
    ``ballot_text``: the vote post's wording by language code, ``{choice}``
    the name (or the abstention's ``abstain_word``), {} for the name alone
    (werewolf18 «投票对象：X»); ``reason_text``: where the vote post gives
    its reason, that line's wording with ``{reason}`` (werewolf18
    «投票理由：…»), and the vote form asks for it.
    ``revote_speech_until``: after a tie, until this deadline the tied
    players give one more defence post each in the day thread and nobody
    else posts there; the re-vote opens after it (piter «получают по
    дополнительной минуте монолога и голосование повторяется», PITER-017);
    "" where the re-vote opens at once. ``tie_pick``: the ability id of a
    player who, when one holds it (``Ruleset.tie_pickers``), decides a tie
    instead of a re-vote, from the tie until the deadline its ruleset
    closes it at (``Ruleset.choice_closes``); without a pick by then the
    re-vote runs as on any tied day (the engine counts it). Citing
    ``tie_pick_rule`` (piter's Ghost «Призрак» ``ghost_pick``, PITER-093);
    "" where a tie always goes to the re-vote.
    ``nomination_words``: the words that make a line of a living player's
    day-thread post a nomination, «WORD: NAME» (cosmo «Кандидат: NAME»,
    COSMO-007); () where only the vote thread's form nominates.
    ``change_text`` and ``change_reason_text``: the same two lines of a
    vote post that changes an earlier vote, where the document words a
    change apart (werewolf18 «改票对象：X» / «改票理由：…», WW18-065); {}
    where a change is worded as a vote. ``reason_required``: the vote form
    refuses a ballot without its reason line (werewolf18 «明确说明投票对象和
    投票理由»), even an abstention.
    ``proxy_until``: the schedule entry id until whose deadline the host
    may post a vote on behalf of a player who asked him (werewolf18's
    导演代投, 玩家须知 9: «导演至少在投票截至的30分钟前…发出代投信息»), under
    the same vote law as the player's own; "" where the document has none.
    ``host_candidates``: the rule id letting the host put players to the
    vote once a lynch vote, after which only they may be voted for and
    standing ballots for anyone else no longer count (classic «выносит на
    голосование», CLASSIC-011); "" where only players nominate.
    ``election_day``: the game day whose vote elects an office holder
    instead of voting a player out (werewolf18's day 1 elects the sheriff,
    WW18-006, WW18-045), 0 where every day's vote is a lynch;
    ``election_rule``: the rule id it cites; ``election_name``: its name by
    language code (the day's vote flow is drawn as that election).
    """

    change: str = NEVER
    abstain: bool = False
    self_vote: bool = True
    no_change_after: str = ""
    revote_words: tuple[str, ...] = ()
    rule: str = ""
    law: dict[str, str] = field(default_factory=dict)
    last_post: str = ""
    nominations_from: str = ""
    nominations_until: str = ""
    votes_from: str = ""
    votes_until: str = ""
    defence_from: str = ""
    defence_until: str = ""
    ballot_abilities: tuple[str, ...] = ("vote", "revote")
    revote_until: str = ""
    revote_speech_until: str = ""
    tie_pick: str = ""
    tie_pick_rule: str = ""
    host_candidates: str = ""
    nomination_words: tuple[str, ...] = ()
    ballot_text: dict[str, str] = field(default_factory=dict)
    abstain_word: dict[str, str] = field(default_factory=dict)
    reason_text: dict[str, str] = field(default_factory=dict)
    change_text: dict[str, str] = field(default_factory=dict)
    change_reason_text: dict[str, str] = field(default_factory=dict)
    reason_required: bool = False
    proxy_until: str = ""
    election_day: int = 0
    election_rule: str = ""
    election_name: dict[str, str] = field(default_factory=dict)


# The ``round`` of a nomination ballot (``Ballot.round``).
NOMINATE = "nominate"
# The ``round`` of a candidate the host put to the vote (``voter`` is "",
# ``DayProcedure.host_candidates``, CLASSIC-011).
LISTED = "listed"


def listed(ballots: Iterable[Ballot], living: Sequence[str]) -> list[str]:
    """The living players the host put to the vote (``LISTED`` ballots),
    in his order; [] when he put nobody (CLASSIC-011)."""
    return [b.choice for b in ballots if b.round == LISTED and b.choice in living]


def nominees(ballots: Iterable[Ballot], living: Sequence[str]) -> list[str]:
    """The candidates named by ``ballots`` of round ``nominate`` (in casting
    order), each once at its first place, only the ``living`` ones
    (PITER-010, PITER-019, COSMO-007)."""
    found: list[str] = []
    for ballot in ballots:
        if ballot.round == NOMINATE and ballot.choice in living and ballot.choice not in found:
            found.append(ballot.choice)
    return found


@dataclass(frozen=True)
class Ballot:
    """One vote post as cast, in casting order: ``choice`` is a nickname,
    None for an explicit abstention, or one of ``revote_words``;
    ``round`` is ``vote``, ``revote`` or ``nominate`` (``choice`` then
    names the candidate)."""

    voter: str
    choice: str | None
    round: str = "vote"


@dataclass(frozen=True)
class VoteRow:
    """One line of the public vote count: ``target`` (a nickname or a
    re-vote word), its total ``weight`` (a werewolf18 sheriff's ballot
    weighs 1.5) and the ``voters`` naming it, in casting order."""

    target: str
    weight: float
    voters: tuple[str, ...]


@dataclass
class VoteCount:
    """The public vote count of one day: ``rows`` by weight, highest first
    (ties in first-vote order); ``abstained`` and ``not_voted`` nicknames;
    ``notes``: public remarks as (code, nickname or "") pairs the web app
    words (``sheriff_weight``, ``counted_against_last``); ``tied``: the
    leaders when more than one leads (a re-vote or the document's tie rule
    follows); ``weights``: voter → the weight of his counted ballot where
    it is not 1 (werewolf18's sheriff, 1.5, WW18-047)."""

    rows: list[VoteRow] = field(default_factory=list)
    abstained: list[str] = field(default_factory=list)
    not_voted: list[str] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    tied: tuple[str, ...] = ()
    weights: dict[str, float] = field(default_factory=dict)

    @property
    def total(self) -> float:
        """The sum of every row's weight."""
        return sum(row.weight for row in self.rows)


def standing(ballots: Iterable[Ballot], change: str, round: str = "vote") -> dict[str, str | None]:
    """The ballot that counts for each voter of ``round`` under the change
    law ``change``: the first one (``never``) or the last one (otherwise).
    Voter → choice, in the order of each voter's first ballot."""
    result: dict[str, str | None] = {}
    for ballot in ballots:
        if ballot.round != round:
            continue
        if ballot.voter in result and change == NEVER:
            continue
        result[ballot.voter] = ballot.choice
    return result


def count(
    standing_votes: dict[str, str | None],
    living: Sequence[str],
    weights: dict[str, float] | None = None,
) -> VoteCount:
    """A ``VoteCount`` of ``standing_votes`` (voter → choice) among the
    ``living`` nicknames; ``weights`` gives a voter's weight (default 1)."""
    rows: dict[str, list[str]] = {}
    result = VoteCount()
    for voter, choice in standing_votes.items():
        if choice is None:
            result.abstained.append(voter)
        else:
            rows.setdefault(choice, []).append(voter)
    weights = weights or {}
    result.rows = [
        VoteRow(target, sum(weights.get(v, 1) for v in voters), tuple(voters)) for target, voters in rows.items()
    ]
    result.rows.sort(key=lambda row: -row.weight)
    result.weights = {
        v: weights[v] for v, choice in standing_votes.items() if choice is not None and weights.get(v, 1) != 1
    }
    result.not_voted = [name for name in living if name not in standing_votes]
    if len(result.rows) > 1 and result.rows[0].weight == result.rows[1].weight:
        top = result.rows[0].weight
        result.tied = tuple(row.target for row in result.rows if row.weight == top)
    return result
