"""Money, shares, the stock market and presidencies: the bookkeeping every round shares.

Money moves only through :func:`pay` (seats, companies and the bank, which is unlimited: its ledger may go
below 0), shares only through :func:`transfer`, share prices only through :func:`move_price`, so the
invariants (money conserved, 100 % per company) hold by construction.
"""

from __future__ import annotations

from .content import content
from .state import TREASURY, Corp, RGState

BANK = "bank"
#: Y6 Local Jeweler's card: money banked there until the next stock round.
JEWELER = "jeweler"
#: The president's certificate: 20 % of a railroad, 10 % of a metal company.
PRESIDENT_PERCENT = {"rail": 20, "metal": 10}
#: Most of a company that may lie in the open market after a sale (metals: all of it).
MARKET_LIMIT = {"rail": 50, "metal": 100}


def market_limit(state: RGState, kind: str) -> int:
    """The most of a company (%) the open market may hold after a sale: "卖出后该公司银行池股份不可超过总股份50%"
    — railroads 50; the metals 50 under ``bga`` (the text names every company), all of it under ``18xx`` (R22)."""
    if kind == "metal":
        return content().rules.stock.metal_market_limit.get(state.ruleset)
    return MARKET_LIMIT[kind]


def sale_moves_price(state: RGState, kind: str) -> bool:
    """Whether a president's sale moves the price ("若你是该公司总裁，每卖出1股，公司股价向左移动1格"): railroads
    always; the metals under ``bga`` only (R22)."""
    return kind == "rail" or content().rules.stock.metal_sale_moves_price.get(state.ruleset)


# ---- money -------------------------------------------------------------------------------------------------
def _add(state: RGState, who: int | str, amount: int) -> None:
    if isinstance(who, int):
        state.cash[who] += amount
    elif who == BANK:
        state.bank += amount
    elif who == JEWELER:
        state.jeweler += amount
    else:
        state.corps[who].cash += amount


def pay(state: RGState, payer: int | str, payee: int | str, amount: int) -> None:
    """``payer`` gives ``amount`` to ``payee``: a seat, a company id or :data:`BANK`."""
    _add(state, payer, -amount)
    _add(state, payee, amount)


def total_money(state: RGState) -> int:
    return (sum(state.cash) + sum(c.cash for c in state.corps.values()) + state.bank + state.debt_cash
            + state.jeweler)


# ---- the market --------------------------------------------------------------------------------------------
def price_at(col: int) -> int:
    return content().market.row[0].prices[col]


def last_col() -> int:
    return len(content().market.row[0].prices) - 1


def col_of(price: int) -> int | None:
    prices = content().market.row[0].prices
    return prices.index(price) if price in prices else None


def price(state: RGState, corp: str) -> int:
    """The share price now (0 before a railroad is parred)."""
    col = state.corps[corp].col
    return price_at(col) if col >= 0 else 0


def place(state: RGState, corp: Corp, col: int) -> None:
    """Put ``corp`` on market column ``col``; arriving on a new space puts it behind those already there."""
    if col != corp.col:
        state.arrivals += 1
        corp.arrived = state.arrivals
        corp.col = col


def move_price(state: RGState, corp: str, steps: int) -> int:
    """Move a share price ``steps`` spaces (right when positive), stopping at the ends; the steps made."""
    c = state.corps[corp]
    target = max(0, min(last_col(), c.col + steps))
    made = target - c.col
    place(state, c, target)
    return made


def operating_order(state: RGState) -> list[str]:
    """Floated railroads, highest price first; on a tie, the one that reached that space first."""
    rails = [c for c in state.corps.values() if c.kind == "rail" and c.floated]
    return [c.id for c in sorted(rails, key=lambda c: (-c.col, c.arrived))]


# ---- shares ------------------------------------------------------------------------------------------------
def holding(state: RGState, corp: str, where: int | str) -> int:
    c = state.corps[corp]
    if isinstance(where, int):
        return c.held[where]
    return c.treasury if where == TREASURY else c.market


def transfer(state: RGState, corp: str, src: int | str, dst: int | str, percent: int) -> None:
    """Move ``percent`` of ``corp`` from ``src`` to ``dst`` (a seat, :data:`TREASURY` or :data:`MARKET`)."""
    c = state.corps[corp]
    for where, delta in ((src, -percent), (dst, percent)):
        if isinstance(where, int):
            c.held[where] += delta
        elif where == TREASURY:
            c.treasury += delta
        else:
            c.market += delta
    assert min(c.treasury, c.market, *c.held) >= 0, f"{corp}: negative holding"


def settle_president(state: RGState, corp: str) -> int | None:
    """Re-decide ``corp``'s president after shares moved; the new president's seat if it changed.

    18xx.games' rule: the president stays while nobody holds more; otherwise the largest holder with at
    least a president's certificate takes over, the one sitting soonest after the old president on a tie.
    A metal company whose shares are all in the market has no president.
    """
    c = state.corps[corp]
    top = max(c.held)
    need = PRESIDENT_PERCENT[c.kind]
    leaders = [s for s in state.order if c.held[s] == top] if top >= need else []
    if not leaders:
        if c.kind == "metal" and c.president >= 0:
            c.president = -1
        return None
    if c.president in leaders:
        return None
    old = c.president
    if old < 0:
        c.president = leaders[0]
    else:
        n = len(state.order)
        at = state.order.index(old)
        c.president = min(leaders, key=lambda s: (state.order.index(s) - at) % n)
    return c.president


def certificates(state: RGState, seat: int) -> int:
    """Certificates counted against the limit: each share certificate (a railroad president's 20 % is
    one) and each private — every one under the rules text ("个人全部股票+私卡"), under 18xx.games each
    that is a certificate (B4 Gold Miner is not)."""
    c = content()
    every = c.rules.cert_privates.get(state.ruleset) == "all"
    count = 0
    for corp in state.corps.values():
        percent = corp.held[seat]
        if percent:
            count += percent // 10 - (1 if corp.kind == "rail" and corp.president == seat else 0)
    for private in state.privates.values():
        if private.owner == seat and not private.closed and (every or c.privates[private.id].cert):
            count += 1
    return count


def cert_limit(state: RGState) -> int:
    return content().cert_limit(state.players, state.ruleset)


def max_holding(state: RGState) -> int:
    """Most of one company (%) a player may hold: 60, or 70 with two players."""
    return content().max_holding(state.players, state.ruleset)


def net_worth(state: RGState, seat: int) -> int:
    """Cash, shares at market price and (18xx.games only) privates at face value; company treasuries do
    not count (rules 计分: "仅统计玩家个人资产…1. 个人持有现金 2. 全部个人持股总市值")."""
    return sum(worth_parts(state, seat).values())


def worth_parts(state: RGState, seat: int) -> dict[str, int]:
    """A player's net worth in its three parts: cash, shares at market price, privates at face value
    (0 under the rules text, which counts cash and shares only)."""
    c = content()
    shares = sum(corp.held[seat] // 10 * price_at(corp.col) for corp in state.corps.values()
                 if corp.held[seat] and corp.col >= 0)
    counted = c.rules.end.worth_privates.get(state.ruleset)
    privates = sum(c.privates[p.id].value for p in state.privates.values()
                   if counted and p.owner == seat and not p.closed)
    return {"cash": state.cash[seat], "shares": shares, "privates": privates}


def owned_privates(state: RGState, seat: int) -> list[str]:
    return [p.id for p in state.privates.values() if p.owner == seat and not p.closed]
