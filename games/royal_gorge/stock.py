"""Stock rounds (the rules text's 股票轮; 18rg.md §1, §4, §4.1, §11).

Players take turns from the priority holder. A turn is: sell (each company's shares in one block), then
buy one share or start one railroad, or pass (R24). A purchase ends the turn; a pass after selling only
ends it.
The round ends once every player has passed in a row (a player with nothing they could do passes by
himself, as on 18xx.games); priority then goes to the player after the last one who bought, started or sold.

* **Start (par)** a railroad whose tranche is open in this phase at one of the phase's par values: buy its
  20 % president's certificate for 2 × par, paid into its treasury. It floats at once.
* **Buy** a 10 % share at the current market price from the railroad's treasury (incremental
  capitalisation: the railroad gets the money) or from the open market (the bank gets it). CF&I and VGC
  shares are all in the market. Not a company you sold this round; at most 60 % of a company (70 % with two
  players) and the certificate limit by ruleset. B6 U.S. Mint Worker buys 1–2 VGC at half price (the total
  rounded up) and closes; G5 Metals Investor buys one CF&I and/or one VGC a round one price step cheaper.
* **Sell** to the open market at the market price, before buying (``18xx``: from the second stock round on;
  ``bga``: from the first, R21): no more than 50 % of a railroad in the market afterwards (metals: ``bga`` 50 %,
  ``18xx`` all of it, R22). A president selling moves the price one space left per 10 % sold (``18xx``: metals
  never move, R22); a railroad's president may drop below 20 % only when another player holds 20 %, who then
  takes over. G5's discounted metal may not be sold off entirely in the same round.
* Whoever holds more of a company than its president becomes president at once.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Event, GameError, IllegalMove, Move
from games.core.flow import Step, close, need

from .content import content
from .ending import red_zone
from .holdings import (
    BANK,
    PRESIDENT_PERCENT,
    cert_limit,
    certificates,
    col_of,
    market_limit,
    max_holding,
    move_price,
    pay,
    place,
    price,
    price_at,
    sale_moves_price,
    settle_president,
    transfer,
)
from .moves import Buy, Par, Pass, Sell
from .operating import paid_units, start_operating_round
from .state import MARKET, TREASURY, RGState, StockF
from .when import refusal

MINT_WORKER = "B6"
METALS_INVESTOR = "G5"


# ---- what may be done --------------------------------------------------------------------------------------
def owns(state: RGState, seat: int, private: str) -> bool:
    found = state.privates.get(private)
    return found is not None and found.owner == seat and not found.closed


def startable(state: RGState, corp: str) -> bool:
    """A railroad's tranche is open in this phase (Yellow: the two oldest, Green: four, Brown: all)."""
    return state.corps[corp].tranche < content().phases[state.phase].tranches


def must_sell(state: RGState, seat: int) -> bool:
    """Over the certificate limit or a holding cap: the player must sell before anything else."""
    cap = max_holding(state)
    return certificates(state, seat) > cert_limit(state) or any(c.held[seat] > cap for c in state.corps.values())


def check_par(state: RGState, frame: StockF, seat: int, move: Par) -> None:
    corp = state.corps.get(move.corp)
    need(corp is not None and corp.kind == "rail", "error.not_in_game", corp=move.corp)
    assert corp is not None
    need(corp.col < 0, "error.already_started", corp=move.corp)
    need(startable(state, move.corp), "error.not_yet", corp=move.corp, phase=state.phase)
    need(not frame.bought, "error.one_buy")
    need(not must_sell(state, seat), "error.must_sell")
    values = content().par_values(state.phase)
    need(move.price in values, "error.par_value", price=move.price, values=", ".join(map(str, values)))
    cost = content().railroad_rules.par_cash_multiple * move.price
    need(state.cash[seat] >= cost, "error.par_cash", cost=cost, cash=state.cash[seat])
    need(certificates(state, seat) < cert_limit(state), "error.cert_limit", limit=cert_limit(state))


def buy_cost(state: RGState, move: Buy) -> int:
    """What ``move`` costs: the market price per share, or what the private's power makes it."""
    each = price(state, move.corp)
    if move.using == MINT_WORKER:
        return -(-each * move.count // content().privates[MINT_WORKER].ability.divisor)  # type: ignore[union-attr]
    if move.using == METALS_INVESTOR:
        return price_at(max(0, state.corps[move.corp].col - 1))
    return each * move.count


def check_buy(state: RGState, frame: StockF, seat: int, move: Buy) -> None:
    corp = state.corps.get(move.corp)
    need(corp is not None, "error.not_in_game", corp=move.corp)
    assert corp is not None
    need(corp.col >= 0, "error.not_started", corp=move.corp)
    need(not frame.bought, "error.one_buy")
    need(not must_sell(state, seat), "error.must_sell")
    need(move.corp not in frame.sold[seat], "error.sold_this_round", corp=move.corp)
    if move.using:
        check_power(state, frame, seat, move)
    else:
        need(move.count == 1, "error.one_share")
    need(move.count >= 1, "error.one_share")
    if move.market:
        need(corp.market >= 10 * move.count, "error.none_in_market", corp=move.corp)
    else:
        need(corp.kind == "rail" and corp.treasury >= 10 * move.count, "error.none_in_treasury", corp=move.corp)
    cost = buy_cost(state, move)
    need(state.cash[seat] >= cost, "error.cash", cost=cost, cash=state.cash[seat])
    cap = max_holding(state)
    need(corp.held[seat] + 10 * move.count <= cap, "error.holding_cap", corp=move.corp, cap=cap)
    need(certificates(state, seat) + move.count <= cert_limit(state), "error.cert_limit", limit=cert_limit(state))


def check_power(state: RGState, frame: StockF, seat: int, move: Buy) -> None:
    """B6 buys 1-2 VGC from the market at half price; G5 one CF&I or VGC a round, one step cheaper."""
    need(move.using in (MINT_WORKER, METALS_INVESTOR), "error.no_power", private=move.using)
    need(owns(state, seat, move.using), "error.not_owner", private=move.using)
    need(move.market, "error.power_market", private=move.using)
    if move.using == MINT_WORKER:
        need(move.corp == "VGC", "error.power_corp", private=move.using, corp=move.corp)
        need(1 <= move.count <= 2, "error.power_count", private=move.using)
    else:
        need(move.corp in content().metals, "error.power_corp", private=move.using, corp=move.corp)
        need(move.count == 1, "error.one_share")
        need(move.corp not in frame.investor, "error.power_used", private=move.using, corp=move.corp)


def check_sell(state: RGState, frame: StockF, seat: int, move: Sell) -> None:
    corp = state.corps.get(move.corp)
    need(corp is not None, "error.not_in_game", corp=move.corp)
    assert corp is not None
    need(move.count >= 1, "error.not_enough_shares", corp=move.corp)
    rules = content().rules.stock
    # The text's sales ("1. 卖出股票") have no round limit; 18xx.games: none in SR1 (R21).
    need(state.turn > 1 or rules.first_round_sales.get(state.ruleset), "error.no_first_round_sales")
    need(not frame.bought, "error.sell_before_buy")
    need(move.corp not in frame.sold_now, "error.sell_in_blocks", corp=move.corp)
    percent = 10 * move.count
    need(corp.held[seat] >= percent, "error.not_enough_shares", corp=move.corp)
    limit = market_limit(state, corp.kind)
    need(corp.market + percent <= limit, "error.market_full", corp=move.corp, limit=limit)
    if corp.kind == "rail" and corp.president == seat and corp.held[seat] - percent < PRESIDENT_PERCENT["rail"]:
        need(any(corp.held[s] >= PRESIDENT_PERCENT["rail"] for s in range(state.players) if s != seat),
             "error.president_cert", corp=move.corp)
    if owns(state, seat, METALS_INVESTOR) and move.corp in frame.investor:
        need(percent < corp.held[seat], "error.investor_hold", corp=move.corp)


def _ok(check: Any, *args: Any) -> bool:
    try:
        check(*args)
    except IllegalMove:
        return False
    return True


def share_moves(state: RGState, frame: StockF, seat: int) -> list[Move]:
    """Every start, buy and sale open to ``seat`` now (passing aside)."""
    out: list[Move] = []
    for corp in state.corps.values():
        if corp.kind == "rail" and corp.col < 0:
            pars = [Par(corp.id, v) for v in content().par_values(state.phase)]
            out += [m for m in pars if _ok(check_par, state, frame, seat, m)]
            continue
        candidates = [Buy(corp.id, 1, True)]
        if corp.kind == "rail":
            candidates.append(Buy(corp.id))
        if corp.id == "VGC" and owns(state, seat, MINT_WORKER):
            candidates += [Buy(corp.id, n, True, MINT_WORKER) for n in (1, 2)]
        if corp.kind == "metal" and owns(state, seat, METALS_INVESTOR):
            candidates.append(Buy(corp.id, 1, True, METALS_INVESTOR))
        out += [m for m in candidates if _ok(check_buy, state, frame, seat, m)]
        sales = [Sell(corp.id, n) for n in range(1, corp.held[seat] // 10 + 1)]
        out += [m for m in sales if _ok(check_sell, state, frame, seat, m)]
    return out


def may_sell(state: RGState, frame: StockF, seat: int) -> bool:
    """Whether ``seat`` may sell a share of something now (stock round 1 under ``18xx``: never)."""
    return any(_ok(check_sell, state, frame, seat, Sell(c.id, 1)) for c in state.corps.values() if c.held[seat])


def may_pass(state: RGState, frame: StockF, seat: int) -> bool:
    """A player over the certificate limit or a cap must sell first (if he can)."""
    return not must_sell(state, seat) or not share_moves(state, frame, seat)


# ---- the step ----------------------------------------------------------------------------------------------
class StockStep(Step[RGState, StockF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Par, Buy, Sell, Pass)

    def refuse(self, state: RGState, frame: StockF, seat: int, move: Move) -> GameError:
        """A move of another round says when it is played (when.py)."""
        return refusal(state, move)

    def actors(self, state: RGState, frame: StockF) -> frozenset[int]:
        return frozenset({frame.current})

    def legal(self, state: RGState, frame: StockF, seat: int) -> list[Move]:
        moves = share_moves(state, frame, seat)
        return [*moves, Pass()] if may_pass(state, frame, seat) else moves

    def apply(self, state: RGState, frame: StockF, seat: int, move: Any, events: list[Event]) -> None:
        if isinstance(move, Par):
            self.par(state, frame, seat, move, events)
        elif isinstance(move, Buy):
            self.buy(state, frame, seat, move, events)
        elif isinstance(move, Sell):
            self.sell(state, frame, seat, move, events)
        else:
            need(may_pass(state, frame, seat), "error.must_sell")
            if frame.acted:
                events.append(Event("turn_done", {"seat": seat}))
            else:
                if seat not in frame.passed:
                    frame.passed.append(seat)
                events.append(Event("stock_passed", {"seat": seat}))
            end_turn(state, frame)

    def par(self, state: RGState, frame: StockF, seat: int, move: Par, events: list[Event]) -> None:
        check_par(state, frame, seat, move)
        corp = state.corps[move.corp]
        col = col_of(move.price)
        assert col is not None
        corp.par_col = col
        place(state, corp, col)
        transfer(state, corp.id, TREASURY, seat, PRESIDENT_PERCENT["rail"])
        pay(state, seat, corp.id, content().railroad_rules.par_cash_multiple * move.price)
        corp.president, corp.floated = seat, True
        events.append(Event("started", {"seat": seat, "corp": corp.id, "price": move.price}))
        acted(frame, seat, bought=True)

    def buy(self, state: RGState, frame: StockF, seat: int, move: Buy, events: list[Event]) -> None:
        check_buy(state, frame, seat, move)
        cost = buy_cost(state, move)
        source = MARKET if move.market else TREASURY
        pay(state, seat, BANK if move.market else move.corp, cost)
        transfer(state, move.corp, source, seat, 10 * move.count)
        events.append(Event("bought", {"seat": seat, "corp": move.corp, "count": move.count, "cost": cost,
                                       "source": source}))
        if move.using == MINT_WORKER:
            private = state.privates[MINT_WORKER]
            private.owner, private.closed = None, True
            events.append(Event("private_closed", {"private": MINT_WORKER}))
        elif move.using == METALS_INVESTOR:
            frame.investor.append(move.corp)
        president(state, move.corp, events)
        acted(frame, seat, bought=True)

    def sell(self, state: RGState, frame: StockF, seat: int, move: Sell, events: list[Event]) -> None:
        check_sell(state, frame, seat, move)
        corp = state.corps[move.corp]
        was_president = corp.president == seat
        each, paid = price(state, move.corp), paid_units(move)
        pay(state, BANK, seat, each * paid)
        transfer(state, move.corp, seat, MARKET, 10 * move.count)
        events.append(Event("sold", {"seat": seat, "corp": move.corp, "count": move.count,
                                     "cost": each * paid}))
        frame.sold[seat].append(move.corp)
        frame.sold_now.append(move.corp)
        president(state, move.corp, events)
        if was_president and sale_moves_price(state, corp.kind):
            before = corp.col
            moved = move_price(state, move.corp, -paid)
            if moved:
                events.append(Event("price_down", {"corp": move.corp, "from": price_at(before),
                                                   "to": price_at(corp.col)}))
        acted(frame, seat)

    def advance(self, state: RGState, frame: StockF, events: list[Event]) -> bool:
        """Players with nothing they could do pass by themselves (a turn with an action just ends); once
        every player has passed in a row the round is over."""
        if len(frame.passed) == state.players:
            end_stock_round(state, frame, events)
            return True
        seat = frame.current
        if share_moves(state, frame, seat):
            return False
        if not frame.acted:
            if seat not in frame.passed:
                frame.passed.append(seat)
            events.append(Event("auto_passed", {"seat": seat, "window": "stock"}))
        end_turn(state, frame)
        return True

    def entity(self, state: RGState, frame: StockF, seat: int) -> str | None:
        return None


def president(state: RGState, corp: str, events: list[Event]) -> None:
    """Re-decide the president after shares moved, and say so when it changed."""
    before = state.corps[corp].president
    settle_president(state, corp)
    after = state.corps[corp].president
    if after != before:
        events.append(Event("president", {"corp": corp, "seat": after}) if after >= 0
                      else Event("no_president", {"corp": corp}))


def acted(frame: StockF, seat: int, bought: bool = False) -> None:
    frame.acted = True
    frame.bought = frame.bought or bought
    frame.last = seat
    frame.passed = [s for s in frame.passed if s != seat]


def end_turn(state: RGState, frame: StockF) -> None:
    """The next player's turn."""
    frame.sold_now, frame.bought, frame.acted = [], False, False
    frame.current = state.order[(state.order.index(frame.current) + 1) % state.players]


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
                red_zone(state, corp.id, events)
    if frame.last >= 0:
        at = (state.order.index(frame.last) + 1) % state.players
        state.order = state.order[at:] + state.order[:at]
    events.append(Event("priority", {"seat": state.order[0]}))
    start_operating_round(state, 1, events)
