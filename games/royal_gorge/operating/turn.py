"""A railroad's turn (the frame): which step blocks, the steps skipped when they offer nothing, the next
railroad and the end of the round, and the flow step that takes the moves (see the package notes)."""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Event, GameError, Move
from games.core.flow import Step, need

from ..content import content
from ..moves import (
    Bankrupt,
    Boost,
    BuyPrivate,
    BuyTrain,
    Dividend,
    GhostTown,
    Lay,
    Lease,
    Pass,
    PayDebt,
    Run,
    Sell,
    Ship,
    Steel,
    Token,
)
from ..state import OperatingF, RGState
from ..when import refusal
from .buy_train import can_buy_train, do_buy_train, must_buy
from .common import next_step, operating
from .company import can_buy_private, do_buy_private, turn_ability
from .debt import do_pay_debt
from .dividend import dividend, do_ghost, do_ship
from .emergency import do_bankrupt, do_sell
from .lease import do_lease
from .legal import legal_moves
from .round import begin_turn, end_operating_round
from .route import do_boost, do_run, route_available
from .token import can_token, do_token
from .track import do_lay, do_steel


def blocking(state: RGState, frame: OperatingF) -> bool:
    """Whether the railroad operating now has something to do (or pass) in its current step."""
    corp = operating(state, frame)
    step = frame.step
    if step == "track":
        return frame.laid < content().rules.operating.track_actions
    if step == "token":
        return can_token(state, corp.id)
    if step == "route":
        return bool(corp.trains) and route_available(state, corp.id)
    if step == "dividend":
        return frame.ran and bool(frame.routes)
    if step == "lease":
        return frame.lease_due > 0
    if step == "train":
        return must_buy(state, corp.id) or can_buy_train(state, corp.id)
    if step == "company":
        return can_buy_private(state, corp.id) or turn_ability(state, frame, corp.id)
    return False


def progress(state: RGState, frame: OperatingF, events: list[Event]) -> None:
    """Skip the steps with nothing to do; at the end of a turn, the next railroad; at the end, the next
    round."""
    while not state.finished:
        if frame.index >= len(frame.order):
            end_operating_round(state, frame, events)
            return
        if frame.step == "done":
            operating(state, frame).operated = True
            frame.index += 1
            begin_turn(state, frame, events)
            continue
        if blocking(state, frame):
            return
        if frame.step == "dividend":
            dividend(state, frame, "withhold", events)
            continue
        next_step(frame)


class OperatingStep(Step[RGState, OperatingF]):
    """A railroad's turn, run by its president (see the module notes)."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Lay, Steel, Token, Run, Boost, Ship, GhostTown, Dividend, Lease,
                                                 BuyTrain, BuyPrivate, PayDebt, Bankrupt, Sell, Pass)

    def refuse(self, state: RGState, frame: OperatingF, seat: int, move: Move) -> GameError:
        """A move of another round says when it is played (when.py)."""
        return refusal(state, move)

    def actors(self, state: RGState, frame: OperatingF) -> frozenset[int]:
        if frame.index >= len(frame.order) or state.finished:
            return frozenset()
        seat = state.corps[frame.order[frame.index]].president
        return frozenset({seat}) if seat >= 0 else frozenset()

    def entity(self, state: RGState, frame: OperatingF, seat: int) -> str | None:
        return frame.order[frame.index] if frame.index < len(frame.order) else None

    def advance(self, state: RGState, frame: OperatingF, events: list[Event]) -> bool:
        if state.finished:
            return False
        if frame.index >= len(frame.order) or frame.step == "done" or not blocking(state, frame):
            size = len(state.stack)
            before = (frame.index, frame.step)
            progress(state, frame, events)
            return len(state.stack) != size or (frame.index, frame.step) != before or state.stack[-1] is not frame
        return False

    def apply(self, state: RGState, frame: OperatingF, seat: int, move: Any, events: list[Event]) -> None:
        corp = frame.order[frame.index]
        if isinstance(move, Lay):
            do_lay(state, frame, corp, move, events)
        elif isinstance(move, Steel):
            do_steel(state, frame, move)
        elif isinstance(move, Token):
            do_token(state, frame, corp, move, events)
        elif isinstance(move, Run):
            do_run(state, frame, corp, move, events)
        elif isinstance(move, Boost):
            do_boost(state, frame, corp, move)
        elif isinstance(move, Ship):
            do_ship(state, frame, corp, move, events)
        elif isinstance(move, GhostTown):
            do_ghost(state, frame, corp, events)
        elif isinstance(move, Dividend):
            need(frame.step == "dividend", "error.not_step", step=frame.step)
            dividend(state, frame, move.kind, events)
        elif isinstance(move, Lease):
            do_lease(state, frame, corp, seat, move, events)
        elif isinstance(move, BuyTrain):
            do_buy_train(state, frame, corp, seat, move, events)
        elif isinstance(move, BuyPrivate):
            do_buy_private(state, frame, corp, move, events)
        elif isinstance(move, PayDebt):
            do_pay_debt(state, frame, corp, move, events)
        elif isinstance(move, Bankrupt):
            do_bankrupt(state, frame, corp, seat, events)
            return
        elif isinstance(move, Sell):
            do_sell(state, frame, corp, seat, move, events)
        else:
            self.pass_(state, frame, corp, events)
        progress(state, frame, events)

    def pass_(self, state: RGState, frame: OperatingF, corp: str, events: list[Event]) -> None:
        need(frame.step in ("track", "token", "train", "company"), "error.cannot_pass", step=frame.step)
        if frame.step == "train":
            need(not must_buy(state, corp), "error.must_buy")
        events.append(Event("step_passed", {"corp": corp, "step": frame.step}))
        next_step(frame)

    def legal(self, state: RGState, frame: OperatingF, seat: int) -> list[Move]:
        return legal_moves(state, frame, seat)
