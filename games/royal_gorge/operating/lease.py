"""Step 5, ``lease`` (18rg.md §5, G3 Hanging Bridge Lease): a G3 holder that ran through the Royal Gorge (E13) pays
RG 10 % of that route, from its treasury or its president's cash."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..holdings import pay
from ..moves import Lease
from ..state import OperatingF, RGState
from .common import next_step


def do_lease(state: RGState, frame: OperatingF, corp: str, seat: int, move: Lease, events: list[Event]) -> None:
    """``lease``: pay RG the G3 lease due, from the treasury or the president's cash."""
    need(frame.step == "lease", "error.not_step", step=frame.step)
    payer: int | str = corp if move.payer == "treasury" else seat
    cash = state.corps[corp].cash if isinstance(payer, str) else state.cash[payer]
    need(cash >= frame.lease_due, "error.cash", cost=frame.lease_due, cash=cash)
    pay(state, payer, "RG", frame.lease_due)
    events.append(Event("lease_paid", {"corp": corp, "amount": frame.lease_due}))
    frame.lease_due = 0
    next_step(frame)
