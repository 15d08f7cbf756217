"""The turn structure as a table: which step of the flow kernel handles which frame.

The frames (:mod:`games.landlords.state`) sit on ``state.stack``, the active one on top; every
step here blocks the frames under it. :data:`FLOW` dispatches moves to them
(:class:`games.core.flow.Flow`), and after every move ends the game when it is over (rules §1.2,
§1.5, §11.12), starts the next player's turn when the stack is empty (§2) and pays a debt as soon
as the debtor has raised the money (§10.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.flow import Flow, Step

from .auction import SEALED, BidStep, OfficeStep
from .deals import OfferStep
from .debt import DebtStep, PleaStep
from .prosperity import VOTE
from .state import (
    AwayF,
    BidF,
    ChallengeF,
    DebtF,
    DeclareF,
    LandlordsState,
    LotF,
    OfferF,
    OfficeF,
    PleaF,
    RideF,
    SealedF,
    TurnF,
    VoteF,
)
from .tax import CHALLENGE, DeclareStep
from .turn import AwayStep, LotStep, RideStep, TurnStep, end_checks, next_turn

STEPS: dict[type, Step[LandlordsState, Any]] = {
    TurnF: TurnStep(),
    LotF: LotStep(),
    BidF: BidStep(),
    OfficeF: OfficeStep(),
    SealedF: SEALED,
    AwayF: AwayStep(),
    RideF: RideStep(),
    DeclareF: DeclareStep(),
    ChallengeF: CHALLENGE,
    OfferF: OfferStep(),
    DebtF: DebtStep(),
    PleaF: PleaStep(),
    VoteF: VOTE,
}


def frames(state: LandlordsState) -> Sequence[Any]:
    """The open frames; none once the game has ended."""
    return () if state.end is not None else state.stack


FLOW: Flow[LandlordsState] = Flow(STEPS, frames=frames, checks=end_checks, empty=next_turn)
