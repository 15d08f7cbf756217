"""Moves of 18 Royal Gorge's private auction and stock rounds, and their notation.

The notation is the one :func:`games.royal_gorge.records.notation` writes for the 18xx.games records:
``bid y3 45``, ``pass``, ``par pav 80``, ``buy pav`` (a treasury share), ``buy pav market`` (from the open
market), ``buy vgc 2 market with b6`` (a private's power sets the price), ``sell vgc 3`` (three 10 %
units). Ids are lower case (:func:`~games.royal_gorge.records.tabula_id`: ``CF&I`` → ``cfi``); moves hold
the content ids (``"CF&I"``, ``"Y3"``).

:func:`read` is the grammar: it reads the words without asking whether the move is legal now (that is
the engine's ``_apply``). Chinese verbs are read too (出价, 放弃, 开办, 买, 卖).
"""

from __future__ import annotations

import functools

from games.core import MalformedMove, Move

from .content import content
from .records import tabula_id

#: Verbs in other words (Chinese, long forms) → the canonical verb.
VERBS = {
    "bid": "bid", "出价": "bid", "竞拍": "bid",
    "pass": "pass", "done": "pass", "放弃": "pass", "过": "pass", "跳过": "pass",
    "par": "par", "start": "par", "开办": "par", "开设": "par",
    "buy": "buy", "买": "buy", "买入": "buy",
    "sell": "sell", "卖": "sell", "卖出": "sell",
}


class Bid(Move, frozen=True, tag="bid"):
    """Bid ``price`` for ``private``, the lot on offer in the auction."""

    private: str
    price: int

    def __str__(self) -> str:
        return f"bid {tabula_id(self.private)} {self.price}"


class Pass(Move, frozen=True, tag="pass"):
    """Pass: leave the lot (auction), pass the stock turn, or end a stock turn after selling."""

    def __str__(self) -> str:
        return "pass"


class Par(Move, frozen=True, tag="par"):
    """Start railroad ``corp`` at par ``price``: buy its 20 % president's certificate for 2 × par."""

    corp: str
    price: int

    def __str__(self) -> str:
        return f"par {tabula_id(self.corp)} {self.price}"


class Buy(Move, frozen=True, tag="buy"):
    """Buy ``count`` shares of ``corp``: from its treasury, or from the open market (``market``);
    ``using`` names a private whose power sets the price (B6 U.S. Mint Worker, G5 Metals Investor)."""

    corp: str
    count: int = 1
    market: bool = False
    using: str = ""

    def __str__(self) -> str:
        text = f"buy {tabula_id(self.corp)}"
        if self.count != 1:
            text += f" {self.count}"
        if self.market:
            text += " market"
        if self.using:
            text += f" with {tabula_id(self.using)}"
        return text


class Sell(Move, frozen=True, tag="sell"):
    """Sell ``count`` 10 % units of ``corp`` to the open market (a president's 20 % certificate is two)."""

    corp: str
    count: int

    def __str__(self) -> str:
        return f"sell {tabula_id(self.corp)} {self.count}"


@functools.cache
def corporation_ids() -> dict[str, str]:
    """Notation id → content id for every railroad and metal company (``cfi`` → ``CF&I``)."""
    c = content()
    return {tabula_id(x): x for x in [*c.railroads, *c.metals]}


@functools.cache
def private_ids() -> dict[str, str]:
    """Notation id → content id for every private in play (``y3`` → ``Y3``)."""
    return {tabula_id(p.id): p.id for p in content().private_list if p.enabled}


def _number(token: str, what: str) -> int:
    text = token.removeprefix("$")
    if not text.isdigit():
        raise MalformedMove("error.number", text=token, what=what)
    return int(text)


def _corp(token: str) -> str:
    found = corporation_ids().get(tabula_id(token))
    if found is None:
        raise MalformedMove("error.no_corp", text=token)
    return found


def read(text: str) -> Move | None:
    """The move ``text`` (normalised: lower case, single blanks) names, or ``None`` if it is not one of
    these verbs. A known verb with wrong arguments raises :class:`MalformedMove` saying what is wrong."""
    words = text.split()
    if not words or words[0] not in VERBS:
        return None
    verb, args = VERBS[words[0]], words[1:]
    if verb == "pass":
        if args:
            raise MalformedMove("error.grammar_pass")
        return Pass()
    if verb == "bid":
        if len(args) != 2:
            raise MalformedMove("error.grammar_bid")
        private = private_ids().get(tabula_id(args[0]))
        if private is None:
            raise MalformedMove("error.no_private", text=args[0])
        return Bid(private, _number(args[1], "price"))
    if verb == "par":
        if len(args) != 2:
            raise MalformedMove("error.grammar_par")
        return Par(_corp(args[0]), _number(args[1], "price"))
    if verb == "sell":
        if len(args) not in (1, 2):
            raise MalformedMove("error.grammar_sell")
        return Sell(_corp(args[0]), _number(args[1], "count") if len(args) == 2 else 1)
    return _read_buy(args)


def _read_buy(args: list[str]) -> Buy:
    """``buy <corp> [<n>] [market] [with <private>]``; a metal company's shares are always in the market."""
    if not args:
        raise MalformedMove("error.grammar_buy")
    corp = _corp(args[0])
    rest = args[1:]
    count, market, using = 1, False, ""
    if rest and rest[0].removeprefix("$").isdigit():
        count = _number(rest.pop(0), "count")
    if rest and rest[0] in ("market", "pool", "市场"):
        market = True
        rest.pop(0)
    if rest and rest[0] in ("with", "用"):
        if len(rest) != 2:
            raise MalformedMove("error.grammar_buy")
        found = private_ids().get(tabula_id(rest[1]))
        if found is None:
            raise MalformedMove("error.no_private", text=rest[1])
        using = found
        rest = []
    if rest:
        raise MalformedMove("error.grammar_buy")
    if corp in content().metals:
        market = True
    return Buy(corp, count, market, using)
