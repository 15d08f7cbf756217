"""Which step handles which frame: the turn structure as a table."""

from __future__ import annotations

from .auction import BidStep, OfficeStep, SealedStep
from .deals import OfferStep
from .debt import DebtStep, PleaStep
from .prosperity import VoteStep
from .state import (
    BidF,
    ChallengeF,
    DebtF,
    DeclareF,
    LotF,
    OfferF,
    OfficeF,
    PleaF,
    RideF,
    SealedF,
    TurnF,
    VoteF,
)
from .step import Step
from .tax import ChallengeStep, DeclareStep
from .turn import LotStep, RideStep, TurnStep

STEPS: dict[type, Step] = {
    TurnF: TurnStep(),
    LotF: LotStep(),
    BidF: BidStep(),
    OfficeF: OfficeStep(),
    SealedF: SealedStep(),
    RideF: RideStep(),
    DeclareF: DeclareStep(),
    ChallengeF: ChallengeStep(),
    OfferF: OfferStep(),
    DebtF: DebtStep(),
    PleaF: PleaStep(),
    VoteF: VoteStep(),
}
