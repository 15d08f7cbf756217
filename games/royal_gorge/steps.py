"""The turn structure of 18 Royal Gorge as flow steps (games.core.flow): auction, stock and operating rounds."""

from __future__ import annotations

from typing import Any

from games.core.flow import Flow, Step

from .auction import AuctionStep
from .operating import OperatingStep
from .operating.offer import TrainOfferStep
from .state import AuctionF, OperatingF, RGState, StockF, TrainOfferF
from .stock import StockStep

STEPS: dict[type, Step[RGState, Any]] = {
    AuctionF: AuctionStep(),
    StockF: StockStep(),
    OperatingF: OperatingStep(),
    TrainOfferF: TrainOfferStep(),
}

FLOW: Flow[RGState] = Flow(STEPS)
