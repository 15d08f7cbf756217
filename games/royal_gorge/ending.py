"""The end of an OR set and of the game (18rg.md §8, §10, §12; the rules text's 双运营轮结束全局自动结算 and
游戏结束触发条件).

End of a set, in the order of the ruleset (rules.toml ``set_end``): CF&I pays out all its cash and starts
again with $50, the steel market refills; Victor pays the gold dividend and the gold track resets; the next
train is exported; (``bga``) the DEBT marker moves (operating/round.py's ``end_of_set`` runs them in that order;
the settlements are here). The game ends:

* at once when a player goes bankrupt;
* after the current set when a railroad's price enters the red zone (``bga``: any company's);
* one set after the current one when the first 6x2 leaves the depot (with ``shorter_game_end``, a 6x2
  *bought* ends it after the current set).

A red zone reached after a 6x2 brings the end forward to the current set and names the end (``stock_market``,
as 18xx.games records it). At the end CF&I and Victor pay once more (not after a bankruptcy), unpaid debt
moves RG's and SF's prices left (§9), and players rank by net worth.
"""

from __future__ import annotations

from games.core import Event

from .content import content
from .holdings import BANK, move_price, pay, price_at
from .state import RGState

DEBT = "debt"


def trigger(state: RGState, reason: str, timing: str, events: list[Event], extra: int = 0) -> None:
    """Something that ends the game happened: the game ends after set ``state.turn + extra``. A trigger that
    brings an end already set forward names the end (18xx.games' ``game_end_reason``: the red zone after a
    6x2 export is ``stock_market``); one that would end it later changes nothing."""
    if reason == "bankrupt":
        state.end_reason, state.end_timing = reason, timing
        return
    final = state.turn + extra
    if not state.end_reason or final < state.final_turn:
        state.end_reason, state.end_timing = reason, timing
        state.final_turn = final
        events.append(Event("end_triggered", {"reason": reason, "turn": final}))


def red_zone(state: RGState, corp: str, events: list[Event]) -> None:
    """A price entering the red zone ends the game after this set (18xx.games: railroads only)."""
    c = state.corps[corp]
    if c.col < 0 or content().market.row[0].zones[c.col] != "endgame":
        return
    if c.kind != "rail" and content().rules.end.red_zone_who.get(state.ruleset) == "railroad":
        return
    trigger(state, "stock_market", "full_or", events)


def metal_payout(state: RGState, metal: str, events: list[Event], keep: int = 0) -> None:
    """CF&I or Victor pays out all its cash but ``keep``, a tenth per share (the B4 Gold Miner's owner is paid
    for two phantom Victor shares by the bank); the rest goes to the bank; the price moves right ⌊paid ÷
    price⌋ spaces, at most 3."""
    corp = state.corps[metal]
    revenue = corp.cash - keep
    per_share = revenue // 10
    miner = state.privates.get("B4")
    for seat in range(state.players):
        shares = corp.held[seat] // 10
        if metal == "VGC" and miner is not None and miner.owner == seat and not miner.closed:
            pay(state, BANK, metal, per_share * 2)
            shares += 2
        if shares * per_share:
            pay(state, metal, seat, shares * per_share)
    if corp.cash > keep:
        pay(state, metal, BANK, corp.cash - keep)
    events.append(Event("metal_payout", {"corp": metal, "amount": revenue, "per_share": per_share}))
    before = corp.col
    times = min(revenue // price_at(corp.col), content().market.movement.payout_max) if corp.col >= 0 else 0
    if times and move_price(state, metal, times):
        events.append(Event("price_up", {"corp": metal, "from": price_at(before), "to": price_at(corp.col)}))
        red_zone(state, metal, events)


def cfi_payout(state: RGState, events: list[Event], final: bool = False) -> None:
    """CF&I's payout. ``bga``: it keeps its $50 base and pays out the rest (rules 双运营轮结束全局自动结算 2:
    "分红后保留$50基础资金，剩余返还银行"); ``18xx``: it pays out all its cash and the bank resets it to $50
    (not after the ``final`` payout at the game's end)."""
    base = content().steel.cash_reset
    if content().rules.metals.cfi_base.get(state.ruleset) == "kept":
        metal_payout(state, "CF&I", events, keep=min(base, state.corps["CF&I"].cash))
    else:
        metal_payout(state, "CF&I", events)
        if not final:
            pay(state, BANK, "CF&I", base)


def gold_dividend(state: RGState) -> int:
    """What VGC pays now: the lowest uncovered slot of the gold track, the last slot once all are covered
    (possible under the rules text only, which has no limit per set)."""
    dividends = content().rules.gold.dividends
    return dividends[min(state.gold_shipped, len(dividends) - 1)]


def reset_gold(state: RGState) -> None:
    state.gold_shipped = 0
    set_vgc_cash(state)


def set_vgc_cash(state: RGState) -> None:
    """Victor's cash is always the current gold dividend (the bank makes up the difference)."""
    pay(state, BANK, "VGC", gold_dividend(state) - state.corps["VGC"].cash)


def refill_steel(state: RGState) -> None:
    c = content()
    state.steel = {colour: {col.id: sorted(col.cubes, reverse=True) for col in c.steel.column if col.colour == colour}
                   for colour in ("yellow", "green", "brown", "gray")}


def debt_move(state: RGState, events: list[Event]) -> None:
    """The DEBT marker moves one space right (its cash follows its price)."""
    before = state.debt_col
    state.debt_col = min(state.debt_col + 1, len(content().market.row[0].prices) - 1)
    if state.debt_col != before:
        new = price_at(state.debt_col)
        state.bank -= new - state.debt_cash
        state.debt_cash = new
        events.append(Event("debt_up", {"from": price_at(before), "to": new}))


def finish(state: RGState, events: list[Event], normal: bool = True, paid: bool = False) -> None:
    """The game is over: the metals pay once more (unless a bankruptcy or an admin ended it, or the set's
    settlement just ``paid`` them: R26), unpaid debt lowers RG's and SF's prices, and nobody acts any more."""
    if normal and not paid:
        cfi_payout(state, events, final=True)
        metal_payout(state, "VGC", events)
    penalties = content().rules.debt.penalty
    for corp_id, owed in sorted(state.debt.items()):
        corp = state.corps.get(corp_id)
        steps = penalties.get(corp_id, (0,))[min(owed, len(penalties.get(corp_id, (0,))) - 1)]
        if corp is None or not corp.floated or not steps:
            continue
        before = corp.col
        move_price(state, corp_id, -steps)
        events.append(Event("debt_penalty", {"corp": corp_id, "owed": owed, "from": price_at(before),
                                             "to": price_at(corp.col)}))
    state.debt.clear()
    state.creditor.clear()
    state.finished = True
    if normal:  # a bankruptcy or an admin's end leaves the railroad that was operating on the table
        state.stack.clear()
    events.append(Event("game_over", {"reason": state.end_reason or "manual"}))


def force_finish(state: RGState, events: list[Event]) -> None:
    """An admin ends the game now (18xx.games' "end game"): no more payouts; unpaid debt still lowers
    RG's and SF's prices; players rank by net worth as it then stands."""
    if state.finished:
        return
    state.end_reason = state.end_reason if state.end_reason == "bankrupt" else "manually_ended"
    finish(state, events, normal=False)
