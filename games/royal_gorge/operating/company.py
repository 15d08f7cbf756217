"""Step 7, ``company`` (from Green; 18rg.md §5, §7): railroads buy privates from players at half to twice
face value, also at any time of the turn."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..content import content
from ..holdings import pay
from ..moves import BuyPrivate
from ..state import OperatingF, RGState
from .common import owns


def private_prices(private: str) -> tuple[int, int]:
    """The lowest and highest price a railroad may pay for ``private``: half its face value (rounded up) to twice it."""
    value = content().privates[private].value
    return -(-value // 2), value * 2


def purchasable(state: RGState) -> list[str]:
    """Open privates held by players that railroads may buy (privates.toml ``corp_buy``)."""
    c = content()
    return [p.id for p in state.privates.values()
            if not p.closed and isinstance(p.owner, int) and c.privates[p.id].corp_buy]


def can_buy_private(state: RGState, corp: str) -> bool:
    """Whether ``corp`` could buy some private now (from Green, at its lowest price)."""
    if not content().phases[state.phase].corp_buy_privates:
        return False
    lows = [private_prices(p)[0] for p in purchasable(state)]
    return bool(lows) and min(lows) <= state.corps[corp].cash


def turn_ability(state: RGState, frame: OperatingF, corp: str) -> bool:
    """A power still usable in the railroad's own turn (a debt token to repay this turn, B2's conversion):
    18xx.games then asks for a pass at the end of the turn."""
    return (corp in state.debt and not frame.paid_debt) or owns(state, corp, "B2")


def do_buy_private(state: RGState, frame: OperatingF, corp: str, move: BuyPrivate, events: list[Event]) -> None:
    """``buy-private``: the railroad buys a player's private at a price within :func:`private_prices`; G6's coal cubes
    come along, B2 stops paying its income."""
    need(content().phases[state.phase].corp_buy_privates, "error.no_private_buys", phase=state.phase)
    need(move.private in purchasable(state), "error.not_for_sale", private=move.private)
    low, high = private_prices(move.private)
    need(low <= move.price <= high, "error.private_price", low=low, high=high)
    c = state.corps[corp]
    need(c.cash >= move.price, "error.cash", cost=move.price, cash=c.cash)
    private = state.privates[move.private]
    seller = private.owner
    assert isinstance(seller, int)
    pay(state, corp, seller, move.price)
    private.owner = corp
    if move.private == "G6":
        c.coal += private.cubes
        private.cubes = 0
    if move.private == "B2":
        private.revenue = 0
    events.append(Event("private_bought", {"corp": corp, "private": move.private, "price": move.price,
                                           "seat": seller}))
