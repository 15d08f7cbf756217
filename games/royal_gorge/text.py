"""Words for 18 Royal Gorge: names, move labels, prompts and the text summary (en and zh)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.core import Game, Move

from .auction import min_bid
from .content import content
from .holdings import price_at
from .moves import (
    Accept,
    Bankrupt,
    Bid,
    Boost,
    Buy,
    BuyPrivate,
    BuyTrain,
    Decline,
    Dividend,
    GhostTown,
    Lay,
    Lease,
    Par,
    Pass,
    PayDebt,
    Run,
    Sell,
    Ship,
    Steel,
    Token,
)
from .operating.buy_train import needs_consent
from .state import AuctionF, OperatingF, RGState, StockF, TrainOfferF
from .steps import FLOW
from .stock import buy_cost, may_sell

if TYPE_CHECKING:
    from .view import RGView


def corp_name(corp: str, lang: str) -> str:
    """``"RG"`` → "RG (Denver & Rio Grande Western)"; the symbol is what players say."""
    c = content()
    found = c.railroads.get(corp) or c.metals.get(corp)
    return f"{corp} ({found.name(lang)})" if found else corp


def private_name(private: str, lang: str) -> str:
    found = content().privates.get(private)
    return f"{private} {found.name(lang)}" if found else private


#: A round (when.py) as a time a move is played in (``when``) and as the round played now (``now``), en and zh.
ROUND_WORDS = {
    "auction": (("in the private auction", "在私卡拍卖中"), ("the private auction", "私卡拍卖")),
    "stock": (("in a stock round", "在股票轮中"), ("a stock round", "股票轮")),
    "operating": (("in an operating round, by the president of the railroad operating",
                   "在运营轮中由正在运营的铁路公司总裁"), ("an operating round", "运营轮")),
    "offer": (("by the president of a railroad a train is offered for", "由被出价购买火车的铁路公司总裁"),
              ("a train offer waiting for its answer", "等待答复的火车出价")),
}


def param_text(name: str, value: Any, lang: str) -> str | None:
    if name in ("private", "lot") and isinstance(value, str):
        return private_name(value, lang)
    if name == "corp" and isinstance(value, str):
        return corp_name(value, lang)
    if name == "owner" and isinstance(value, str):
        return corp_name(value, lang)
    if name == "phase" and isinstance(value, str) and value in content().phases:
        return content().phases[value].name(lang)
    if name in ("seller", "payee") and isinstance(value, str):
        return corp_name(value, lang)
    if name == "step" and isinstance(value, str) and value in STEP_NAMES:
        return STEP_NAMES[value][1 if lang.startswith("zh") else 0]
    if name == "payer" and isinstance(value, str):
        return {"treasury": ("treasury", "公司金库"), "president": ("president", "总裁")}.get(value, (value, value))[
            1 if lang.startswith("zh") else 0]
    if name == "reason" and isinstance(value, str) and value in ("stock_market", "final_train", "bankrupt"):
        return {"stock_market": ("the red zone", "红色区域"), "final_train": ("the 6x2", "6x2 火车"),
                "bankrupt": ("a bankruptcy", "破产")}[value][1 if lang.startswith("zh") else 0]
    if name in ("when", "now") and isinstance(value, str) and value in ROUND_WORDS:
        return ROUND_WORDS[value][name == "now"][1 if lang.startswith("zh") else 0]
    if name == "source" and isinstance(value, str):
        return {"treasury": ("the treasury", "金库"), "market": ("the market", "市场")}[value][
            1 if lang.startswith("zh") else 0]
    return None


def token_label(game: Game[RGState, Move], path: Sequence[str], token: str, lang: str) -> str:
    """A notation token that does not end a move, in words, for menus and completion: the verb ("Lay or
    upgrade track…"), then what the token names: a private, a company, a hex (with its town), a tile, a
    rotation, a train, a count, ``with``/``from``/``market``/``treasury``. Unknown tokens stay as typed."""
    from .moves import VERBS, corporation_ids, private_ids, tile_ids, train_ids

    c = content()
    if not path:
        verb = VERBS.get(token)
        return game.text(f"token.{verb}", None, lang) if verb and game.catalog.has(f"token.{verb}") else token
    verb = VERBS.get(path[0], path[0])
    if token in ("with", "from", "market", "treasury"):
        return game.text(f"token.{token}", None, lang)
    if token in private_ids():
        return private_name(private_ids()[token], lang)
    if token in corporation_ids():
        return corp_name(corporation_ids()[token], lang)
    if verb == "lay" and len(path) == 2 and token in tile_ids():
        return game.text("token.tile", {"tile": tile_ids()[token]}, lang)
    if verb == "lay" and len(path) == 3 and token[:1] == "r" and token[1:].isdigit():
        return game.text("token.rotation", {"rotation": token[1:]}, lang)
    if token.upper() in c.hexes:
        town = c.hexes[token.upper()].name(lang)
        shown = token.upper() if town == token.upper() else f"{token.upper()} {town}"
        return game.text("token.hex", {"hex": shown}, lang)
    if token in train_ids():
        return game.text("token.train_name", {"train": train_ids()[token]}, lang)
    if token.isdigit():
        return game.text("token.count", {"count": token}, lang)
    return token


def move_label(game: Game[RGState, Move], state: RGState, seat: int, move: Move, lang: str) -> str:
    """What a move does, in words: "Bid $45 for Y3 Coal Creek Mines", "以 $70 开办 RG …"."""
    params: dict[str, Any]
    if isinstance(move, Bid):
        key, params = "bid", {"private": move.private, "price": move.price}
    elif isinstance(move, Par):
        key = "par"
        params = {"corp": move.corp, "price": move.price,
                  "cost": content().railroad_rules.par_cash_multiple * move.price}
    elif isinstance(move, Buy):
        cost = buy_cost(state, move) if state.corps.get(move.corp) and state.corps[move.corp].col >= 0 else 0
        key = "buy_with" if move.using else ("buy_market" if move.market else "buy_treasury")
        params = {"corp": move.corp, "count": move.count, "cost": cost, "private": move.using}
    elif isinstance(move, Sell):
        corp = state.corps.get(move.corp)
        each = price_at(corp.col) if corp is not None and corp.col >= 0 else 0
        key, params = "sell", {"corp": move.corp, "count": move.count, "cost": each * move.count}
    elif isinstance(move, Pass):
        top = FLOW.top(state)
        if isinstance(top, AuctionF) and top.lots:
            key, params = "pass_lot", {"private": top.lots[0]}
        elif isinstance(top, StockF) and top.acted:
            key, params = "done", {}
        elif isinstance(top, OperatingF):
            key, params = "pass_step", {"step": top.step}
        else:
            key, params = "pass", {}
    elif isinstance(move, Accept | Decline):
        top = FLOW.top(state)
        if not isinstance(top, TrainOfferF):
            return str(move)
        key = "accept" if isinstance(move, Accept) else "decline"
        params = {"corp": top.buyer, "seller": top.seller, "train": top.train, "price": top.price}
    else:
        found = operating_label(state, move)
        if found is None:
            return str(move)
        key, params = found
    return game.text(f"label.{key}", params, lang)


STEP_NAMES = {"track": ("track", "铺轨"), "token": ("token", "车站"), "route": ("run", "运行"),
              "dividend": ("dividend", "分红"), "lease": ("lease", "租金"), "train": ("trains", "购车"),
              "company": ("privates", "私卡"), "done": ("done", "完成")}


def operating_label(state: RGState, move: Move) -> tuple[str, dict[str, Any]] | None:
    """The label key and parameters of an operating-round move."""
    from .operating import lay_cost, next_token_cost

    top = FLOW.top(state)
    corp = top.order[top.index] if isinstance(top, OperatingF) and top.index < len(top.order) else ""
    if isinstance(move, Lay):
        cost = lay_cost(state, top, corp, move) if isinstance(top, OperatingF) and corp else 0
        return "lay", {"tile": move.tile, "hex": move.hex, "rotation": move.rotation, "cost": cost}
    if isinstance(move, Steel):
        return "steel", {"column": move.column, "price": move.price}
    if isinstance(move, Token):
        return "token", {"hex": move.hex, "cost": (next_token_cost(state, corp) or 0) if corp else 0}
    if isinstance(move, Run):
        if not move.routes:
            return "run_none", {}
        return "run", {"routes": str(move).removeprefix("run ")}
    if isinstance(move, Boost):
        return "boost", {"train": move.train, "count": move.count, "private": move.source}
    if isinstance(move, Ship):
        return "ship", {"hex": move.hex, "amount": 130 if move.using else content().rules.gold.ship_revenue}
    if isinstance(move, GhostTown):
        return "ghost", {}
    if isinstance(move, Dividend):
        amount = top.revenue + top.extra if isinstance(top, OperatingF) else 0
        return move.kind, {"amount": amount}
    if isinstance(move, Lease):
        return "lease", {"amount": top.lease_due if isinstance(top, OperatingF) else 0, "payer": move.payer}
    if isinstance(move, BuyTrain):
        if move.seller:
            top = FLOW.top(state)
            buyer = top.order[top.index] if isinstance(top, OperatingF) and top.index < len(top.order) else ""
            consent = bool(buyer) and move.seller in state.corps and needs_consent(state, buyer, move.seller)
            key = "train_offer" if consent else "train_from"  # R25: an offer the seller's president answers
            return key, {"train": move.train, "seller": move.seller, "price": move.price}
        return "train", {"train": move.train, "price": content().trains[move.train].price}
    if isinstance(move, BuyPrivate):
        return "private", {"private": move.private, "price": move.price}
    if isinstance(move, PayDebt):
        return "pay_debt", {"price": price_at(state.debt_col)}
    if isinstance(move, Bankrupt):
        return "bankrupt", {}
    return None


def prompt(game: Game[RGState, Move], state: RGState, seat: int, lang: str) -> str | None:
    """What is asked of ``seat`` now."""
    if seat not in FLOW.to_act(state):
        return None
    top = FLOW.top(state)
    if isinstance(top, AuctionF) and top.lots:
        key = "raise" if top.high >= 0 else "bid"
        return game.text(f"prompt.{key}", {"private": top.lots[0], "price": min_bid(top), "high": top.price,
                                           **face_value(top.lots[0])}, lang)
    if isinstance(top, StockF):
        return stock_prompt(game, top.acted, may_sell(state, top, seat), lang)
    if isinstance(top, TrainOfferF):
        return game.text("prompt.train_offer", {"corp": top.buyer, "seller": top.seller, "train": top.train,
                                                "price": top.price}, lang)
    if isinstance(top, OperatingF) and top.index < len(top.order):
        from .operating import must_buy

        corp = top.order[top.index]
        step = top.step
        if step == "train" and must_buy(state, corp):
            step = "train_forced"
        if step in ("track", "token", "route", "dividend", "lease", "train", "train_forced", "company"):
            return game.text(f"prompt.operate_{step}", {"corp": corp}, lang)
        return game.text("prompt.operate", {"corp": corp}, lang)
    return None


def face_value(private: str) -> dict[str, int]:
    """A private's face value and income (privates.toml), which a bidder weighs (``face``, ``income``)."""
    found = content().privates.get(private)
    return {"face": found.value, "income": found.revenue} if found else {"face": 0, "income": 0}


def stock_prompt(game: Game[RGState, Move], acted: bool, sales: bool, lang: str) -> str:
    """A stock turn's prompt: selling is offered only when the seat may sell (stock round 1 under ``18xx``,
    rules.toml ``first_round_sales``, or nothing held: no)."""
    if acted:
        return game.text("prompt.stock_more" if sales else "prompt.stock_more_buy", {}, lang)
    return game.text("prompt.stock" if sales else "prompt.stock_buy", {}, lang)


def summarize(game: Game[RGState, Move], view: RGView, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The view in a few lines: the round, each player (by ``names`` when given), each started company with its
    last run, the privates."""
    zh = lang.startswith("zh")
    lines = []
    if view.auction is not None:
        a = view.auction
        lines.append(game.text("summary.auction", {"private": a.lot, "price": a.min_bid, "high": a.price,
                                                   "seat": a.bidder, "left": len(a.lots), **face_value(a.lot)},
                               lang, names))
    elif view.stock is not None:
        lines.append(game.text("summary.stock", {"turn": view.turn, "seat": view.stock.current}, lang, names))
    elif view.operating_now is not None:
        lines.append(game.text("summary.operating", {"turn": view.turn, "number": view.or_num,
                                                     "corp": view.operating_now}, lang))
    if view.train_offer is not None:  # R25: public, and waiting for the seller's president
        o = view.train_offer
        lines.append(game.text("prompt.train_offer", {"corp": o.buyer, "seller": o.seller, "train": o.train,
                                                      "price": o.price}, lang))
    for seat in view.order:
        p = view.seats[seat]
        shares = ", ".join(f"{c} {pct}%" + ("*" if c in p.president_of else "") for c, pct in p.shares.items())
        lines.append(game.text("summary.player", {
            "seat": seat, "cash": p.cash, "shares": shares or ("无" if zh else "none"),
            "privates": ", ".join(p.privates) or ("无" if zh else "none"), "certs": p.certificates,
            "limit": view.cert_limit, "worth": p.net_worth}, lang, names))
    for corp in view.corps:
        if corp.price is None:
            continue
        key = "corp" if corp.last_revenue is None else "corp_paid" if corp.last_paid else "corp_withheld"
        lines.append(game.text(f"summary.{key}", {
            "corp": corp.id, "price": corp.price, "cash": corp.cash, "treasury": corp.treasury,
            "market": corp.market, "seat": corp.president if corp.president is not None else "-",
            "run": corp.last_revenue}, lang, names))
    return lines
