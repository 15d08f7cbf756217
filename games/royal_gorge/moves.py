"""Moves of 18 Royal Gorge and their notation: the private auction, stock rounds and operating rounds.

The notation is the one :func:`games.royal_gorge.records.notation` writes for the 18xx.games records:
``bid y3 45``, ``pass``, ``par pav 80``, ``buy pav treasury`` (a treasury share), ``buy pav market`` (from the open
market), ``buy vgc 2 with b6 market`` (a private's power sets the price), ``sell vgc 3`` (three 10 %
units). Ids are lower case (:func:`~games.royal_gorge.records.tabula_id`: ``CF&I`` → ``cfi``); moves hold
the content ids (``"CF&I"``, ``"Y3"``).

:func:`read` is the grammar: it reads the words without asking whether the move is legal now (that is
the engine's ``_apply``). Chinese verbs are read too (出价, 放弃, 开办, 买, 卖).

Operating rounds (the railroad operating now acts; its president sends the moves): ``lay l14 57 r5``
(hex, tile, rotation; ``with b3`` lays yellow with the Steel Depot's steel, ``with b2`` converts Sulphur
Springs), ``steel a 30`` (the steel column and cube for this turn's next lays of that colour), ``token l14``,
``run 2+ l14-m15-n14-o15; 2+ l14-k13-j12`` (each train's hex chain; ``run none``; ``run auto`` is read by
the engine into the best run), ``coal-depot 2+ 2`` / ``coal-mines 2+ 1`` / ``engineer 3+`` (lengthen a
train for this run), ``ship m15 [with g2]``, ``ghost-town``, ``payout`` / ``withhold``, ``lease treasury``
/ ``lease president``, ``train 3+`` (from the depot or the bank pool) / ``train 3+ from sf 129``,
``private g6 20``, ``pay-debt rg``, ``sell rg 2`` (emergency money), ``bankrupt``, ``pass``; under ``bga`` a
train from another president's railroad is an offer its president answers with ``accept`` or ``decline`` (R25).
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
    "lay": "lay", "铺": "lay", "铺轨": "lay",
    "steel": "steel", "钢": "steel", "钢材": "steel",
    "token": "token", "车站": "token", "站": "token",
    "run": "run", "运行": "run",
    "ship": "ship", "运金": "ship",
    "payout": "payout", "分红": "payout",
    "withhold": "withhold", "留存": "withhold",
    "train": "train", "火车": "train", "买车": "train",
    "private": "private", "私卡": "private",
    "pay-debt": "pay-debt", "还债": "pay-debt",
    "coal-depot": "coal-depot", "coal-mines": "coal-mines", "engineer": "engineer",
    "ghost-town": "ghost-town", "鬼镇": "ghost-town",
    "lease": "lease", "租金": "lease",
    "bankrupt": "bankrupt", "破产": "bankrupt",
    "accept": "accept", "接受": "accept", "同意": "accept",
    "decline": "decline", "拒绝": "decline",
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
        # the source always comes last (``buy rg treasury``, ``buy vgc 2 with b6 market``), so no
        # move's notation is the beginning of another's and menus reach every move token by token
        text = f"buy {tabula_id(self.corp)}"
        if self.count != 1:
            text += f" {self.count}"
        if self.using:
            text += f" with {tabula_id(self.using)}"
        text += " market" if self.market else " treasury"
        return text


class Sell(Move, frozen=True, tag="sell"):
    """Sell ``count`` 10 % units of ``corp`` to the open market (a president's 20 % certificate is two)."""

    corp: str
    count: int

    def __str__(self) -> str:
        return f"sell {tabula_id(self.corp)} {self.count}"

    @property
    def units_paid(self) -> int:
        """The units the seller is paid for: all of them (see :class:`RecordedSell`)."""
        return self.count


class Lay(Move, frozen=True, tag="lay"):
    """Lay or upgrade ``tile`` on ``hex`` at ``rotation``; ``using`` a private's power (B3, B2)."""

    hex: str
    tile: str
    rotation: int
    using: str = ""

    def __str__(self) -> str:
        text = f"lay {self.hex.lower()} {tabula_id(self.tile)} r{self.rotation}"
        return text + (f" with {tabula_id(self.using)}" if self.using else "")


class Steel(Move, frozen=True, tag="steel"):
    """Take this turn's next steel for tiles of the column's colour from ``column`` at ``price``."""

    column: str
    price: int

    def __str__(self) -> str:
        return f"steel {self.column.lower()} {self.price}"


class Token(Move, frozen=True, tag="token"):
    """Place a station token in the city on ``hex``."""

    hex: str

    def __str__(self) -> str:
        return f"token {self.hex.lower()}"


class Run(Move, frozen=True, tag="run"):
    """Run trains: one ``(train, hex chain)`` per train that runs (none: ``run none``)."""

    routes: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __str__(self) -> str:
        if not self.routes:
            return "run none"
        return "run " + "; ".join(f"{train} {'-'.join(h.lower() for h in path)}" for train, path in self.routes)


class Boost(Move, frozen=True, tag="boost"):
    """Lengthen ``train`` for this run: ``source`` G6 (coal-depot, 1-2 cubes), Y3 (coal-mines) or B5
    (engineer, +1)."""

    source: str
    train: str
    count: int = 1

    def __str__(self) -> str:
        if self.source == "B5":
            return f"engineer {self.train}"
        verb = "coal-depot" if self.source == "G6" else "coal-mines"
        return f"{verb} {self.train} {self.count}"


class Ship(Move, frozen=True, tag="ship"):
    """Ship a gold cube from ``hex`` (+$50; ``using`` G2: +$130)."""

    hex: str
    using: str = ""

    def __str__(self) -> str:
        return f"ship {self.hex.lower()}" + (f" with {tabula_id(self.using)}" if self.using else "")


class GhostTown(Move, frozen=True, tag="ghost_town"):
    """Put a Y2 ghost-town marker on the hex just emptied of gold."""

    def __str__(self) -> str:
        return "ghost-town"


class Dividend(Move, frozen=True, tag="dividend"):
    """``payout`` the run to the shareholders or ``withhold`` it in the treasury."""

    kind: str

    def __str__(self) -> str:
        return self.kind


class Lease(Move, frozen=True, tag="lease"):
    """Pay G3's fee to RG from the ``treasury`` or the ``president``."""

    payer: str

    def __str__(self) -> str:
        return f"lease {self.payer}"


class BuyTrain(Move, frozen=True, tag="buy_train"):
    """Buy ``train``: from the depot (or the bank pool), or from railroad ``seller`` for ``price``."""

    train: str
    seller: str = ""
    price: int = 0

    def __str__(self) -> str:
        if self.seller:
            return f"train {self.train} from {tabula_id(self.seller)} {self.price}"
        return f"train {self.train}"


class BuyPrivate(Move, frozen=True, tag="buy_private"):
    """The railroad buys ``private`` from its owner for ``price``."""

    private: str
    price: int

    def __str__(self) -> str:
        return f"private {tabula_id(self.private)} {self.price}"


class PayDebt(Move, frozen=True, tag="pay_debt"):
    """``corp`` buys back one debt token at the DEBT price."""

    corp: str

    def __str__(self) -> str:
        return f"pay-debt {tabula_id(self.corp)}"


class Bankrupt(Move, frozen=True, tag="bankrupt"):
    """The president cannot raise the money for a train: bankruptcy (the game ends)."""

    def __str__(self) -> str:
        return "bankrupt"


class Accept(Move, frozen=True, tag="accept"):
    """The seller's president accepts the train offered for (``bga``, R25): the train and the money move."""

    def __str__(self) -> str:
        return "accept"


class Decline(Move, frozen=True, tag="decline"):
    """The seller's president declines the train offered for (``bga``, R25): both railroads stay as they were."""

    def __str__(self) -> str:
        return "decline"


# ---- moves only an import plays -----------------------------------------------------------------------------
# 18xx.games does not check a recorded action again when it loads a game: a run keeps the revenue it was sent
# with, a gold choice stands, a sale is paid for the percent it was sent with. A record played under an older
# map, or edited by hand, therefore holds actions our rules refuse or score otherwise. `tabula import-18xx`
# plays them "as recorded" with these moves (and says so). The grammar never reads them, so no player can
# type one; the log stores them typed like any move, and their notation says what they are.


class RecordedRun(Run, frozen=True, tag="recorded_run"):
    """A run taken as an 18xx.games record has it: the routes unchecked, route ``i`` earning ``revenues[i]``."""

    revenues: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{Run.__str__(self)} (as recorded: {' + '.join(f'${r}' for r in self.revenues)})"


class RecordedShip(Ship, frozen=True, tag="recorded_ship"):
    """A gold shipment an 18xx.games record has from a hex where our map holds no gold (+$50 all the same)."""

    def __str__(self) -> str:
        return f"{Ship.__str__(self)} (as recorded)"


class RecordedSell(Sell, frozen=True, tag="recorded_sell"):
    """A sale of ``count`` units an 18xx.games record sent as ``paid`` units (18xx.games pays for those)."""

    paid: int = 0

    def __str__(self) -> str:
        return f"{Sell.__str__(self)} (as recorded: paid for {self.paid})"

    @property
    def units_paid(self) -> int:
        return self.paid


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


def _hex(token: str) -> str:
    from .content import content

    found = token.upper()
    if found not in content().hexes:
        raise MalformedMove("error.no_hex", text=token)
    return found


@functools.cache
def tile_ids() -> dict[str, str]:
    return {tabula_id(t.id): t.id for t in content().tile_list}


@functools.cache
def train_ids() -> dict[str, str]:
    return {t.id.lower(): t.id for t in content().train_list}


def _train(token: str) -> str:
    found = train_ids().get(token.lower())
    if found is None:
        raise MalformedMove("error.no_train", text=token)
    return found


def _private(token: str) -> str:
    found = private_ids().get(tabula_id(token))
    if found is None:
        raise MalformedMove("error.no_private", text=token)
    return found


def _with(args: list[str], grammar: str) -> tuple[list[str], str]:
    """Split off a trailing ``with <private>``."""
    if len(args) >= 2 and args[-2] in ("with", "用"):
        return args[:-2], _private(args[-1])
    if "with" in args or "用" in args:
        raise MalformedMove(grammar)
    return args, ""


def read_path(text: str) -> tuple[str, ...]:
    """``l14-m15-n14`` → ``("L14", "M15", "N14")``."""
    hexes = tuple(_hex(h) for h in text.split("-") if h)
    if len(hexes) < 2:
        raise MalformedMove("error.grammar_run")
    return hexes


def read_run(args: list[str]) -> Run:
    """``2+ l14-m15; 2+ l14-k13`` (the words after ``run``); ``none`` for no route."""
    if args == ["none"]:
        return Run(())
    text = " ".join(args)
    routes: list[tuple[str, tuple[str, ...]]] = []
    for part in text.split(";"):
        words = part.split()
        if len(words) != 2:
            raise MalformedMove("error.grammar_run")
        routes.append((_train(words[0]), read_path(words[1])))
    return Run(tuple(routes))


def _read_operating(verb: str, args: list[str]) -> Move | None:
    if verb == "lay":
        args, using = _with(args, "error.grammar_lay")
        if len(args) != 3 or not args[2].startswith("r") or not args[2][1:].isdigit():
            raise MalformedMove("error.grammar_lay")
        tile = tile_ids().get(tabula_id(args[1]))
        if tile is None:
            raise MalformedMove("error.no_tile", text=args[1])
        return Lay(_hex(args[0]), tile, int(args[2][1:]), using)
    if verb == "steel":
        if len(args) != 2 or len(args[0]) != 1:
            raise MalformedMove("error.grammar_steel")
        return Steel(args[0].upper(), _number(args[1], "price"))
    if verb == "token":
        if len(args) != 1:
            raise MalformedMove("error.grammar_token")
        return Token(_hex(args[0]))
    if verb == "run":
        if not args:
            raise MalformedMove("error.grammar_run")
        return read_run(args)
    if verb in ("coal-depot", "coal-mines", "engineer"):
        source = {"coal-depot": "G6", "coal-mines": "Y3", "engineer": "B5"}[verb]
        if verb == "engineer":
            if len(args) != 1:
                raise MalformedMove("error.grammar_boost")
            return Boost(source, _train(args[0]), 1)
        if len(args) != 2:
            raise MalformedMove("error.grammar_boost")
        return Boost(source, _train(args[0]), _number(args[1], "count"))
    if verb == "ship":
        args, using = _with(args, "error.grammar_ship")
        if len(args) != 1:
            raise MalformedMove("error.grammar_ship")
        return Ship(_hex(args[0]), using)
    if verb in ("accept", "decline"):
        if args:
            raise MalformedMove("error.grammar_answer")
        return Accept() if verb == "accept" else Decline()
    if verb in ("payout", "withhold", "ghost-town", "bankrupt"):
        if args:
            raise MalformedMove("error.grammar_pass")
        if verb == "ghost-town":
            return GhostTown()
        return Bankrupt() if verb == "bankrupt" else Dividend(verb)
    if verb == "lease":
        if len(args) != 1 or args[0] not in ("treasury", "president"):
            raise MalformedMove("error.grammar_lease")
        return Lease(args[0])
    if verb == "train":
        if len(args) == 1:
            return BuyTrain(_train(args[0]))
        if len(args) == 4 and args[1] == "from":
            return BuyTrain(_train(args[0]), _corp(args[2]), _number(args[3], "price"))
        raise MalformedMove("error.grammar_train")
    if verb == "private":
        if len(args) != 2:
            raise MalformedMove("error.grammar_private")
        return BuyPrivate(_private(args[0]), _number(args[1], "price"))
    if verb == "pay-debt":
        if len(args) != 1:
            raise MalformedMove("error.grammar_debt")
        return PayDebt(_corp(args[0]))
    return None


def read(text: str) -> Move | None:
    """The move ``text`` (normalised: lower case, single blanks) names, or ``None`` if it is not one of
    these verbs. A known verb with wrong arguments raises :class:`MalformedMove` saying what is wrong."""
    words = text.split()
    if not words or words[0] not in VERBS:
        return None
    verb, args = VERBS[words[0]], words[1:]
    found = _read_operating(verb, args)
    if found is not None:
        return found
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


SOURCES = {"market": True, "pool": True, "市场": True, "treasury": False, "ipo": False, "金库": False}


def _read_buy(args: list[str]) -> Buy:
    """``buy <corp> [<n>] [with <private>] [market|treasury]`` (the source may also stand right after
    the count; left out, the treasury); a metal company's shares are always in the market."""
    if not args:
        raise MalformedMove("error.grammar_buy")
    corp = _corp(args[0])
    rest = args[1:]
    count, market, using = 1, False, ""
    if rest and rest[-1] in SOURCES:
        market = SOURCES[rest.pop()]
    if rest and rest[0].removeprefix("$").isdigit():
        count = _number(rest.pop(0), "count")
    if rest and rest[0] in SOURCES:
        market = SOURCES[rest.pop(0)]
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
