"""The round sequence: auction → stock round → operating rounds (18rg.md §1, §7; the rules text's 游戏整体循环).

Each round hands over to the next where it ends, so the sequence reads one way down the modules: the auction
(auction.py) and every set's end (operating/round.py) open a stock round here with :func:`start_stock_round`;
the stock round ends in stock.py (``end_stock_round``: sold-out companies rise, priority moves) and opens the
operating rounds (operating/round.py: ``start_operating_round``, ``end_operating_round``, ``end_of_set``),
whose last one ends the set (ending.py's settlements), where the game may end. This module imports none of
them.
"""

from __future__ import annotations

from games.core import Event

from .holdings import JEWELER, pay
from .state import RGState, StockF


def start_stock_round(state: RGState, events: list[Event]) -> None:
    """A new stock round, the priority holder first. Money banked on Y6 Local Jeweler goes to its owner."""
    state.round = "stock"
    state.or_num = 0
    jeweler = state.privates.get("Y6")
    if state.jeweler and jeweler is not None and isinstance(jeweler.owner, int) and not jeweler.closed:
        pay(state, JEWELER, jeweler.owner, state.jeweler)
        events.append(Event("jeweler_paid", {"seat": jeweler.owner, "amount": state.jeweler}))
        state.jeweler = 0
    events.append(Event("stock_round", {"turn": state.turn, "seat": state.order[0]}))
    state.stack.append(StockF(current=state.order[0], sold=[[] for _ in range(state.players)]))
