"""The round sequence: auction → stock round → operating rounds (18rg.md §1, §7; the rules text's 游戏整体循环).

:func:`start_stock_round` and :func:`end_stock_round` frame a stock round; :func:`start_operating_round`
opens an operating round: privates pay their income, the railroads line up by share price and the first
one lays its home station. What a railroad does in its turn is future work (:class:`OperatingStep` takes no
move yet).
"""

from __future__ import annotations

from typing import ClassVar

from games.core import Event, Move
from games.core.flow import Step, close

from .content import content
from .holdings import BANK, move_price, operating_order, pay, price_at
from .state import OperatingF, RGState, StockF


def start_stock_round(state: RGState, events: list[Event]) -> None:
    """A new stock round, the priority holder first. Money banked on Y6 Local Jeweler goes to its owner."""
    state.round = "stock"
    state.or_num = 0
    jeweler = state.privates.get("Y6")
    if state.jeweler and jeweler is not None and isinstance(jeweler.owner, int) and not jeweler.closed:
        pay(state, BANK, jeweler.owner, state.jeweler)
        events.append(Event("jeweler_paid", {"seat": jeweler.owner, "amount": state.jeweler}))
        state.jeweler = 0
    events.append(Event("stock_round", {"turn": state.turn, "seat": state.order[0]}))
    state.stack.append(StockF(current=state.order[0], sold=[[] for _ in range(state.players)]))


def end_stock_round(state: RGState, frame: StockF, events: list[Event]) -> None:
    """Sold-out companies rise a space; priority goes to the player after the last one to act; the
    operating rounds begin."""
    close(state, frame)
    for corp in sorted(state.corps.values(), key=lambda c: (-c.col, c.arrived)):
        if corp.col >= 0 and sum(corp.held) == 100:
            before = corp.col
            if move_price(state, corp.id, content().market.movement.sold_out):
                events.append(Event("sold_out", {"corp": corp.id, "from": price_at(before),
                                                  "to": price_at(corp.col)}))
    if frame.last >= 0:
        at = (state.order.index(frame.last) + 1) % state.players
        state.order = state.order[at:] + state.order[:at]
    events.append(Event("priority", {"seat": state.order[0]}))
    start_operating_round(state, 1, events)


def start_operating_round(state: RGState, number: int, events: list[Event]) -> None:
    """Operating round ``number`` of the set: privates pay, railroads in order of share price."""
    state.round = "operating"
    state.or_num = number
    state.ors_in_set = content().phases[state.phase].operating_rounds
    events.append(Event("operating_round", {"turn": state.turn, "number": number}))
    for private in state.privates.values():
        if private.owner is not None and not private.closed and private.revenue > 0:
            pay(state, BANK, private.owner, private.revenue)
            events.append(Event("private_income", {"private": private.id, "amount": private.revenue,
                                                   "owner": private.owner}))
    frame = OperatingF(order=operating_order(state))
    state.stack.append(frame)
    start_operating(state, frame, events)


def start_operating(state: RGState, frame: OperatingF, events: list[Event]) -> None:
    """The railroad whose turn begins lays its home station if it has none yet."""
    if frame.index >= len(frame.order):
        return
    corp = state.corps[frame.order[frame.index]]
    home = content().railroads[corp.id].home
    if home not in corp.tokens:
        corp.tokens.append(home)
        events.append(Event("home_token", {"corp": corp.id, "hex": home}))


class OperatingStep(Step[RGState, OperatingF]):
    """A railroad's turn, run by its president. No move is taken yet (operating rounds are future work)."""

    accepts: ClassVar[tuple[type[Move], ...]] = ()

    def actors(self, state: RGState, frame: OperatingF) -> frozenset[int]:
        if frame.index >= len(frame.order):
            return frozenset()
        seat = state.corps[frame.order[frame.index]].president
        return frozenset({seat}) if seat >= 0 else frozenset()

    def legal(self, state: RGState, frame: OperatingF, seat: int) -> list[Move]:
        return []

    def entity(self, state: RGState, frame: OperatingF, seat: int) -> str | None:
        return frame.order[frame.index] if frame.index < len(frame.order) else None
