"""A train offered for between two railroads (``bga``, R25; the rules text's 步骤5: "其他连通铁路公司：
双方总裁同意，价格自由协商，资金转入卖方公司金库").

The buyer's president sends ``train <name> from <seller> <price>`` in step 6 (buy_train.py); when the seller has another
president the offer goes on the stack above the operating round, and the seller's president — the one who must act
now, so the bot pings him — answers ``accept`` (the train and the money move, the price into the seller's treasury)
or ``decline`` (both railroads stay as they were; the buyer goes on with his step and may not offer for that train
again this turn). A missed deadline declines (game.py's ``timeout_move``). The offer is public: 18RG hides nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Event, GameError, IllegalMove, Move
from games.core.flow import Step, need

from ..moves import Accept, BuyTrain, Decline
from ..state import OperatingF, RGState, TrainOfferF
from ..when import refusal
from .buy_train import check_trade, trade


def round_frame(state: RGState) -> OperatingF:
    """The operating round the offer sits on."""
    found = next((f for f in reversed(state.stack) if isinstance(f, OperatingF)), None)
    assert found is not None, "a train offer sits on an operating round"
    return found


def offered(frame: TrainOfferF) -> BuyTrain:
    """The purchase the offer stands for."""
    return BuyTrain(frame.train, frame.seller, frame.price)


def acceptable(state: RGState, frame: TrainOfferF) -> bool:
    """Whether the trade may still be done (nothing moves while the offer waits, so it may)."""
    try:
        check_trade(state, round_frame(state), frame.buyer, frame.frm, offered(frame))
    except IllegalMove:
        return False
    return True


class TrainOfferStep(Step[RGState, TrainOfferF]):
    """The seller's president answers the offer (see the module notes)."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Accept, Decline)

    def refuse(self, state: RGState, frame: TrainOfferF, seat: int, move: Move) -> GameError:
        """A move of another round says when it is played (when.py)."""
        return refusal(state, move)

    def actors(self, state: RGState, frame: TrainOfferF) -> frozenset[int]:
        return frozenset() if state.finished else frozenset({frame.to})

    def entity(self, state: RGState, frame: TrainOfferF, seat: int) -> str | None:
        return frame.seller

    def legal(self, state: RGState, frame: TrainOfferF, seat: int) -> list[Move]:
        return [Accept(), Decline()] if acceptable(state, frame) else [Decline()]

    def apply(self, state: RGState, frame: TrainOfferF, seat: int, move: Any, events: list[Event]) -> None:
        operating = round_frame(state)
        params = {"corp": frame.buyer, "train": frame.train, "price": frame.price, "seller": frame.seller,
                  "seat": seat}
        if isinstance(move, Accept):
            need(acceptable(state, frame), "error.offer_gone")
            state.stack.pop()
            events.append(Event("offer_accepted", params))
            trade(state, operating, frame.buyer, frame.frm, offered(frame), events)
            return
        state.stack.pop()
        operating.declined.append(f"{frame.seller} {frame.train}")
        events.append(Event("offer_declined", params))
