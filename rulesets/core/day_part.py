"""The day procedure part of ``Ruleset``: the vote law, who may post and
vote, nominations, the public count, re-votes and the private rooms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from . import day as day_rules
from .day import Ballot, DayProcedure, VoteCount
from .declarations import Declarations
from .model import GameState


class DayPart(Declarations):
    """The day procedure. Every hook has a documented default, read from
    ``DAY`` (``DayProcedure``) and the players still in the game.
    """

    # The forum day's vote law (see ``DayProcedure``); ``day_procedure``
    # may vary it by day.
    DAY: ClassVar[DayProcedure] = DayProcedure()
    # Words a ``revote`` ballot may hold instead of a player's name (Cosmo's
    # ``jail``/``spare``); empty where the re-vote names players.
    REVOTE_CHOICES: ClassVar[frozenset[str]] = frozenset()
    # Posts a living player owes each game day in the public threads (the
    # host's dashboard flags those under it); 0 where the document sets none.
    POST_MINIMUM: ClassVar[int] = 0
    # Whether a player out of the game keeps reading his team's room: the
    # document's reading (werewolf18's exited wolves stay in the wolf group,
    # WW18-012; where a document is silent the team may still hear its dead).
    # The host may decide otherwise for one game (``dead_read_team_room``).
    DEAD_READ_TEAM_ROOM: ClassVar[bool] = True
    # Names, by language code, of the private rooms ``team_rooms`` opens
    # under keys that are not team ids (cosmo's commissar-and-sergeant
    # thread, werewolf18's lover with his admired player).
    ROOM_NAMES: ClassVar[dict[str, dict[str, str]]] = {}

    def day_procedure(self, state: GameState) -> DayProcedure:
        """The vote law of the game day ``state`` is in (``DAY`` by default;
        a ruleset whose days differ, such as an election day, overrides)."""
        return self.DAY

    def may_vote(self, state: GameState, name: str) -> bool:
        """True when ``name`` may post a ballot in today's vote thread at
        all (whether it counts is ``ballot_refusal`` and the day's law):
        the players still in the game by default; classic's deciding vote
        gives it to the last honest player out (CLASSIC-044) and only to
        the two survivors besides him."""
        player = state.players.get(name)
        return player is not None and player.alive

    def vote_choices(self, state: GameState, voter: str, ballots: Sequence[Ballot] = ()) -> list[str]:
        """The nicknames ``voter`` may name in a vote post today: the living
        in seat order (himself too where ``self_vote`` allows), or, where
        the day has nominations, the candidates of ``ballots`` in the order
        they were named (PITER-012, COSMO-008), or those the host put to
        the vote (CLASSIC-011)."""
        procedure = self.day_procedure(state)
        pool = self.nominees(state, ballots) if procedure.nominations_until else state.alive_names()
        if procedure.host_candidates:
            pool = day_rules.listed(ballots, pool) or pool
        return [n for n in pool if procedure.self_vote or n != voter]

    def nominees(self, state: GameState, ballots: Sequence[Ballot]) -> list[str]:
        """Today's candidates: the living named by nomination ballots, each
        once at its first place (PITER-010, COSMO-007); [] without any."""
        return day_rules.nominees(ballots, state.alive_names())

    def nomination_open_to(self, state: GameState, nominator: str, ballots: Sequence[Ballot]) -> str | None:
        """Why ``nominator`` may not name a candidate now, as a message code
        (``message``), or None: one nomination per living player
        (PITER-010). A ruleset with silenced players overrides."""
        if any(b.round == day_rules.NOMINATE and b.voter == nominator for b in ballots):
            return "already_nominated"
        return None

    def speech_refusal(self, state: GameState, name: str) -> str | None:
        """Why ``name`` may not post in today's public threads (a message
        code for ``message``), or None. Whether he is alive is the web
        app's check; a ruleset that silences players overrides (piter's
        discredited player PITER-021, cosmo's silenced player COSMO-047)."""
        return None

    def ballot_refusal(self, state: GameState, voter: str) -> str | None:
        """Why the living ``voter`` may not vote today (a message code), or
        None; a ruleset where a silence takes the vote overrides (cosmo)."""
        return None

    def vote_change_refusal(self, state: GameState) -> str | None:
        """Why no vote may be changed today whatever the change law says (a
        message code for ``message``), or None (the default): werewolf18
        refuses every change in an accelerated game (WW18-068)."""
        return None

    def defence_extra_post(self, state: GameState, name: str) -> GameState | None:
        """The state after the candidate ``name`` spends one more defence
        post than the day's one, or None where he has none left (piter's
        extra minute, once a game with the ``extra_minutes`` option,
        PITER-122). None by default."""
        return None

    def revote_needed(self, state: GameState, ballots: Sequence[Ballot]) -> tuple[str, ...]:
        """The tied players when the day's vote must be repeated before the
        day resolves (a ``revote_until`` window), else (). The default reads
        the public count's ``tied``; no re-vote where the day declares none."""
        if not self.day_procedure(state).revote_until:
            return ()
        return self.vote_count(state, ballots).tied

    def tie_pickers(self, state: GameState) -> list[str]:
        """The players who decide today's tie instead of a re-vote: those
        holding the day's ``tie_pick`` ability (``abilities_of``), in seat
        order; [] where the day declares none (piter's Ghost, PITER-093)."""
        ability = self.day_procedure(state).tie_pick
        if not ability:
            return []
        return [name for name in state.players if ability in self.abilities_of(state, name)]

    def revote_count(self, state: GameState, ballots: Sequence[Ballot], tied: Sequence[str]) -> VoteCount:
        """The public count of the re-vote among ``tied`` while it runs:
        each living voter's standing ``revote`` ballot naming one of the
        ``revote_choices``; ``not_voted`` the living without one. A ruleset
        whose non-voters count for someone overrides (piter: the tied player
        nominated last, PITER-017)."""
        procedure = self.day_procedure(state)
        alive = state.alive_names()
        allowed = set(self.revote_choices(state, tied))
        standing = day_rules.standing(ballots, procedure.change, "revote")
        return day_rules.count({v: c for v, c in standing.items() if c in allowed and v in alive}, alive)

    def revote_choices(self, state: GameState, tied: Sequence[str]) -> list[str]:
        """What a re-vote ballot may say: the day's ``revote_words`` (cosmo
        «посадить всех»/«пощадить всех», COSMO-013) or one of ``tied``
        (PITER-017)."""
        words = self.day_procedure(state).revote_words
        return list(words) if words else list(tied)

    def vote_count(self, state: GameState, ballots: Sequence[Ballot]) -> VoteCount:
        """The public vote count of ``ballots`` (in casting order) on the day
        ``state`` is in: each voter's standing ballot under the change law,
        every ballot weighing 1. Public information only: a hidden modifier
        of a vote (a role's extra vote or its removal) shows in the results,
        never here. A ruleset with public weights (a sheriff) overrides."""
        procedure = self.day_procedure(state)
        standing = day_rules.standing(ballots, procedure.change)
        listed = day_rules.listed(ballots, state.alive_names()) if procedure.host_candidates else []
        if listed:
            # CLASSIC-011: a ballot for a player the host did not put to the vote does not count.
            standing = {v: c for v, c in standing.items() if c is None or c in listed}
        return day_rules.count(standing, state.alive_names())

    def day_votes(self, state: GameState, ballots: Sequence[Ballot]) -> dict[str, Any]:
        """The ``PhaseInput`` fields that ``ballots`` (in casting order) give
        the day's resolution: ``votes`` (each voter's standing ballot),
        when a re-vote was cast ``revote``, where the day has nominations
        ``nominations`` (every nomination in casting order, or the host's
        candidates, CLASSIC-011); a ruleset reading the casting
        order itself (werewolf18's ``vote_log``) overrides."""
        procedure = self.day_procedure(state)
        fields: dict[str, Any] = {"votes": day_rules.standing(ballots, procedure.change)}
        revote = day_rules.standing(ballots, procedure.change, "revote")
        if revote:
            fields["revote"] = revote
        if procedure.nominations_until:
            fields["nominations"] = [b.choice for b in ballots if b.round == day_rules.NOMINATE]
        elif procedure.host_candidates and any(b.round == day_rules.LISTED for b in ballots):
            fields["nominations"] = [b.choice for b in ballots if b.round == day_rules.LISTED]
        return fields

    def team_rooms(self, state: GameState) -> dict[str, list[str]]:
        """Private rooms the host opens: room key → the living nicknames in
        it. By default one room per team declared with ``room``; a ruleset
        whose roles share a room of their own (the forum's cop and his
        assistant) adds it under a key that is not a team id. Only the
        members who share the team's group sit in its room (``TEAM_GROUPS``:
        werewolf18's werewolves, not the rioter, WW18-018)."""
        return {team.id: [p.name for p in self.team_group(state, team.id)] for team in self.TEAMS.values() if team.room}
