"""The Prosperity rules: the vote, adoption, and the public buying the local utilities (§11)."""

from __future__ import annotations

from games.core import Event, Move
from games.core.flow import Window, need

from .money import forgive
from .moves import Vote
from .state import PROSPERITY, DebtF, LandlordsState, VoteF


def votes_needed(state: LandlordsState) -> int:
    """The proposer and two others — everyone when fewer than three are left (§11.1, R11)."""
    return min(3, len(state.active()))


def call_vote(state: LandlordsState, seat: int, events: list[Event]) -> None:
    """Propose combining into Prosperity (§11.1): the others vote, all at once."""
    state.vote_called.append(seat)
    events.append(Event("vote_called", {"seat": seat}))
    VOTE.open(state, VoteF(seat, pending=state.others(seat), yes=[seat]), events)


def adopt(state: LandlordsState, events: list[Event]) -> None:
    """Switch to the Prosperity rules (§11.1); the jail is no longer used (§11.10)."""
    state.mode = PROSPERITY
    events.append(Event("prosperity_adopted", {}))
    for seat, player in enumerate(state.seats):
        if player.in_jail:
            player.in_jail = False
            events.append(Event("freed", {"seat": seat}))


class VoteStep(Window[LandlordsState, VoteF]):
    """The others vote yes or no; the vote closes as soon as its outcome is certain (§11.1)."""

    accepts = (Vote,)

    def legal(self, state: LandlordsState, frame: VoteF, seat: int) -> list[Move]:
        return [Vote(True), Vote(False)]

    def apply(self, state: LandlordsState, frame: VoteF, seat: int, move: Vote,
              events: list[Event]) -> None:
        need(seat in frame.pending, "error.vote")
        (frame.yes if move.yes else frame.no).append(seat)
        events.append(Event("vote_cast", {"seat": seat, "yes": move.yes}))
        self.answered(state, frame, seat, events)

    def decided(self, state: LandlordsState, frame: VoteF) -> bool:
        """Enough yes votes, or too few left to reach them (R11)."""
        wanted = votes_needed(state)
        return len(frame.yes) >= wanted or len(frame.yes) + len(frame.pending) < wanted

    def resolve(self, state: LandlordsState, frame: VoteF, events: list[Event]) -> None:
        wanted = votes_needed(state)
        if len(frame.yes) < wanted:
            events.append(Event("vote_failed", {"yes": len(frame.yes), "needed": wanted}))
            return
        adopt(state, events)
        below = state.stack[-1] if state.stack else None
        if isinstance(below, DebtF) and below.debtor == frame.proposer:
            forgive(state, below, events)  # §10.4: combining into Prosperity frees the debtor (R11)


VOTE = VoteStep()
