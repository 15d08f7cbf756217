"""巨富豪∞'s design phase (设计) as pure rules: every player lays out their wonder at once, in secret.

"在设计阶段中，玩家所需要做的是在标准设计盘中拼接自己在取材阶段中获取到的灵感块，设计出一个属于自己的，兼具美观与战斗力的
奇观建筑。当所有玩家都完成设计后，将会进入竞标阶段。" Rules 4.x and rulings R51–R58 of
``docs/rules/megarich-designing.md``; the geometry is :mod:`games.megarich.design`'s, the stats
:mod:`games.megarich.wonder`'s.

- :class:`DesignState` (built by :func:`from_gathering` or :func:`start`): per seat a :class:`Designer` — the funds,
  the inspiration blocks held (``b1``, ``b2`` … in the order they were acquired, each a block id at a level), the
  generic blocks bought (``g1`` … with their stat), the slots attached and the blocks laid (absolute cells), the
  name, and whether the design is done. The money of the gathering phase carries over with the bank's balance.
- Moves (:func:`read`): ``place b1 c3 r1 m``, ``remove b1``, ``slot t k2 r1`` (buy and attach), ``buy s`` (a generic
  block), ``name <text>``, ``done`` (``done confirm`` while a block lies unplaced or the wonder has no name).
- Menus answered level by level (:func:`choices`, :func:`count_moves`, :func:`random_move`): nothing lists the
  placement space; :func:`every_move` does, for tests only.
- Secrecy (:func:`view`, :func:`secret_fields`, :func:`scramble`): a seat sees its own design and preview, the
  others only as done or not, until every design is done.

A long module (over 800 lines) on purpose: the phase's state, moves, menus and views are one seam that the later
``Game`` subclass wraps whole; it splits along the section rules below when that subclass lands.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from games.core import CORE_CATALOG, BaseState, Catalog, Event, IllegalMove, MalformedMove, Move, Option, Rng
from games.core.polyomino import Polyomino
from games.megarich.blocks import block, blocks
from games.megarich.board import atlas
from games.megarich.design import (
    GENERIC_BONUS,
    GENERIC_SHAPE,
    SLOT_KINDS,
    BlockKind,
    Design,
    DesignArea,
    DesignError,
    fold,
    orientation_tokens,
    place_notation,
    read_place,
    read_slot,
    slot_notation,
)
from games.megarich.state import GENERIC_STATS, NOBODY, GatherState
from games.megarich.wonder import Piece, Wonder, evaluate

__all__ = [
    "CATALOG",
    "PRICES",
    "BuyGeneric",
    "DesignMove",
    "DesignState",
    "DesignView",
    "Designer",
    "Finish",
    "Generic",
    "Held",
    "Laid",
    "Name",
    "Place",
    "Prices",
    "Remove",
    "SlotAt",
    "SlotMove",
    "actors",
    "apply",
    "bot_move",
    "canonical",
    "choices",
    "clean_name",
    "copy_state",
    "corruptions",
    "count_moves",
    "design_of",
    "every_move",
    "from_gathering",
    "invariants",
    "label",
    "missing",
    "own_view",
    "pieces_of",
    "preview",
    "random_move",
    "read",
    "read_move",
    "scramble",
    "secret_fields",
    "start",
    "suggested_names",
    "timeout_move",
    "view",
]

CATALOG = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)


@dataclass(frozen=True)
class Prices:
    """``[design]`` of ``data/economy.toml``: what a slot and a generic block cost, how many a player may buy,
    and how long a name may be (R53, R54, R56)."""

    slot: int
    slots: int
    generic: int
    generics: int
    name_length: int


def _prices() -> Prices:
    raw = tomllib.loads((Path(__file__).parent / "data" / "economy.toml").read_text(encoding="utf-8"))["design"]
    return Prices(int(raw["slot_price"]), int(raw["slots_per_player"]), int(raw["generic_price"]),
                  int(raw["generics_per_player"]), int(raw["name_length"]))


PRICES = _prices()


# ---- state ------------------------------------------------------------------------------------------------------
class Held(msgspec.Struct, frozen=True):
    """An inspiration block the player brought from the gathering phase: its key on the design (``b1`` …), the block
    id (``<place>.<n>``), the tile it came from and its level."""

    key: str
    block: str
    tile: str
    level: int


class Generic(msgspec.Struct, frozen=True):
    """A generic 1×1 block (``g1`` …) and the stat fixed when it was bought (rule 4.4); ``bought`` in this phase,
    else brought from the gathering phase (R54)."""

    key: str
    stat: str
    bought: bool = True


class SlotAt(msgspec.Struct, frozen=True):
    """An attached expansion slot: its kind, rotation and anchor cell (absolute); ``bought`` in this phase."""

    kind: str
    rotation: int
    x: int
    y: int
    bought: bool = True


class Laid(msgspec.Struct, frozen=True):
    """A block laid on the design: its key, orientation and anchor cell (absolute, R51)."""

    key: str
    rotation: int
    mirror: bool
    x: int
    y: int


class Designer(msgspec.Struct, kw_only=True):
    """One player's design in progress (secret until every design is done, rule 4.3). ``spare``: slot kinds brought
    from the gathering phase and not attached yet (attached for free, R53)."""

    funds: int
    held: list[Held] = []
    generics: list[Generic] = []
    slots: list[SlotAt] = []
    laid: list[Laid] = []
    name: str = ""
    done: bool = False
    spare: list[str] = []

    @property
    def bought_slots(self) -> int:
        return sum(1 for s in self.slots if s.bought)

    @property
    def bought_generics(self) -> int:
        return sum(1 for g in self.generics if g.bought)


class DesignState(BaseState, kw_only=True):
    """The design phase of one game. ``bank`` carries the gathering phase's balance: the funds and the bank always
    add up to ``money`` (R58). ``slot_allowance`` and ``generic_allowance``: how many slots and generic blocks each
    player may buy here, within what the gathering phase left in the box (R53, R54)."""

    seats: list[Designer]
    bank: int = 0
    money: int = 0
    slot_allowance: int = PRICES.slots
    generic_allowance: int = PRICES.generics

    @property
    def finished(self) -> bool:
        """Every design is done: the designs are revealed and the bidding may begin (rule 4.2)."""
        return all(d.done for d in self.seats)


def start(players: int, rng: Rng, funds: Sequence[int], holdings: Sequence[Sequence[tuple[str, int]]],
          bank: int = 0, slots: Sequence[Sequence[str]] = (), generics: Sequence[Sequence[str]] = (),
          box: tuple[int, int] | None = None) -> DesignState:
    """A design phase from explicit holdings: per seat its funds and ``(block id, level)`` in acquisition order;
    ``slots`` are slot kinds a seat already holds (held, not yet attached: they are attached for free), ``generics``
    the stats of the generic blocks it holds (laid like bought ones). ``box``: the slots and generic blocks left in
    the box, which cap each player's allowance to an equal share (R53, R54)."""
    seats = []
    for seat in range(players):
        held = [Held(f"b{i}", block_id, block_id.rsplit(".", 1)[0], level)
                for i, (block_id, level) in enumerate(holdings[seat], 1)]
        brought = [Generic(f"g{i}", stat, bought=False) for i, stat in enumerate(generics[seat] if generics else [], 1)]
        seats.append(Designer(funds=funds[seat], held=held, spare=list(slots[seat]) if slots else [],
                              generics=brought))
    slot_cap, generic_cap = box if box is not None else (PRICES.slots * players, PRICES.generics * players)
    return DesignState(players=players, rng=rng, seats=seats, bank=bank, money=sum(funds) + bank,
                       slot_allowance=min(PRICES.slots, slot_cap // players),
                       generic_allowance=min(PRICES.generics, generic_cap // players))


def from_gathering(gather: GatherState) -> DesignState:
    """The design phase after ``gather`` (rule 4.1, R52): each seat's inspiration blocks at their levels, in the order
    acquired — a tile's block is its chosen candidate, ``<tile>.<candidate + 1>``; a tile with no candidate block
    (none chosen, or a flow hub) gives nothing — the funds, and the bank's balance. The slots a player bought in the
    gathering phase are attached for free, its generic blocks laid like bought ones (R52–R54)."""
    known = blocks()
    holdings: list[list[tuple[str, int]]] = []
    for player in gather.seats:
        mine = []
        for tile, level in player.blocks.items():
            record = gather.tiles.get(tile)
            if record is None or record.candidate == NOBODY:
                continue
            block_id = f"{tile}.{record.candidate + 1}"
            if block_id in known:
                mine.append((block_id, level))
        holdings.append(mine)
    free = [list(p.slots) for p in gather.seats]
    generics = [[stat for stat in GENERIC_STATS for _ in range(p.generics.get(stat, 0))] for p in gather.seats]
    box = (sum(gather.slot_box.values()), gather.generic_box)
    return start(gather.players, gather.rng, [p.funds for p in gather.seats], holdings, gather.bank, free, generics,
                 box)


def _free_slots(state: DesignState, seat: int) -> list[str]:
    """Slot kinds ``seat`` holds and has not attached yet (R53)."""
    return state.seats[seat].spare


# ---- the design as geometry -------------------------------------------------------------------------------------
def _shape(state: DesignState, seat: int, key: str) -> tuple[Polyomino, BlockKind] | None:
    """The shape and kind of the block ``key`` of ``seat``, or ``None`` when it has no such block."""
    me = state.seats[seat]
    for h in me.held:
        if h.key == key:
            spec = block(h.block).shape
            return spec.shape, spec.kind
    if any(g.key == key for g in me.generics):
        return GENERIC_SHAPE, "generic"
    return None


def design_of(state: DesignState, seat: int) -> Design:
    """``seat``'s design as :mod:`games.megarich.design` sees it: the standard board, the slots in the order
    attached, the blocks in the order laid."""
    me = state.seats[seat]
    area = DesignArea.standard()
    for s in me.slots:
        area = area.attach(s.kind, s.rotation, (s.x, s.y))
    design = Design(area)
    for laid in me.laid:
        found = _shape(state, seat, laid.key)
        if found is None:
            raise ValueError(f"seat {seat} laid an unknown block {laid.key}")
        design = design.place(laid.key, found[0], laid.rotation, laid.mirror, (laid.x, laid.y), found[1])
    return design


def pieces_of(state: DesignState, seat: int) -> dict[str, Piece]:
    """What each of ``seat``'s keys is, for :func:`games.megarich.wonder.evaluate`."""
    me = state.seats[seat]
    out = {h.key: Piece.inspired(h.block, h.level) for h in me.held}
    out.update({g.key: Piece.plain(g.stat) for g in me.generics})
    return out


def preview(state: DesignState, seat: int) -> Wonder:
    """The wonder ``seat``'s design makes now: stats, aesthetics, fit and lines (rule 4.8)."""
    return evaluate(design_of(state, seat), pieces_of(state, seat), state.seats[seat].name)


def _unplaced(state: DesignState, seat: int) -> list[str]:
    me = state.seats[seat]
    laid = {x.key for x in me.laid}
    return [k for k in [*(h.key for h in me.held), *(g.key for g in me.generics)] if k not in laid]


def missing(state: DesignState, seat: int) -> list[str]:
    """What a plain ``done`` would leave behind (R57): ``unplaced`` blocks, ``unnamed`` wonder."""
    out = ["unplaced"] if _unplaced(state, seat) else []
    return out + ([] if state.seats[seat].name else ["unnamed"])


# ---- moves ------------------------------------------------------------------------------------------------------
class Place(Move, frozen=True, tag="mr_lay"):
    """Lay block ``block`` with its anchor on ``cell`` turned ``rotation`` (flipped first when ``mirror``)."""

    block: str
    cell: str
    rotation: int = 0
    mirror: bool = False

    def __str__(self) -> str:
        return place_notation(self.block, self.cell, self.rotation, self.mirror)


class Remove(Move, frozen=True, tag="mr_unlay"):
    """Take block ``block`` off the design (it stays the player's)."""

    block: str

    def __str__(self) -> str:
        return f"remove {self.block}"


class SlotMove(Move, frozen=True, tag="mr_slot"):
    """Attach an expansion slot of ``kind`` with its anchor on ``cell`` (a slot name), bought unless held."""

    kind: str
    cell: str
    rotation: int = 0

    def __str__(self) -> str:
        return slot_notation(self.kind, self.cell, self.rotation)


class BuyGeneric(Move, frozen=True, tag="mr_generic"):
    """Buy a generic 1×1 block giving ``stat`` (``S``, ``A``, ``D`` or ``F``)."""

    stat: str

    def __str__(self) -> str:
        return f"buy {self.stat.lower()}"


class Name(Move, frozen=True, tag="mr_name"):
    """Name the wonder ``text`` (cleaned by :func:`clean_name`)."""

    text: str

    def __str__(self) -> str:
        return f"name {self.text}"


class Finish(Move, frozen=True, tag="mr_finish"):
    """Lock the design (``done``); ``confirm`` when blocks lie unplaced or the wonder has no name (R57)."""

    confirm: bool = False

    def __str__(self) -> str:
        return "done confirm" if self.confirm else "done"


DesignMove = Place | Remove | SlotMove | BuyGeneric | Name | Finish

_REMOVE_WORDS = frozenset({"remove", "移除", "取下"})
_BUY_WORDS = frozenset({"buy", "购买", "买"})
_NAME_WORDS = frozenset({"name", "命名"})
_DONE_WORDS = frozenset({"done", "完成"})
_CONFIRM_WORDS = frozenset({"confirm", "确认", "!"})
_STAT_WORDS = {"s": "S", "a": "A", "d": "D", "f": "F", "稳定性": "S", "攻击力": "A", "防御力": "D", "支持度": "F"}
#: Characters a name may not hold: Discord's markup and mentions (R56).
_MARKUP = re.compile(r"[`*_~|<>@#\\\[\]]")


def clean_name(raw: str) -> str:
    """A name as it is kept (R56): NFKC, control and format characters and Discord markup removed, blanks
    collapsed. The length is checked by :func:`apply` (at most ``[design] name_length`` characters)."""
    text = unicodedata.normalize("NFKC", raw)
    text = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(_MARKUP.sub("", text).split())


def read(text: str, raw: str | None = None) -> DesignMove | None:
    """Read normalised ``text`` (``raw``: as typed, for a name's case) as a design move, without asking whether it
    is legal; ``None`` when it is no design notation (a bad placement or slot raises :class:`MalformedMove`)."""
    words = text.split()
    if not words:
        return None
    head, args = words[0], words[1:]
    placed = read_place(text)
    if placed is not None:
        return Place(placed.block, placed.cell, placed.rotation, placed.mirror)
    slot = read_slot(text)
    if slot is not None:
        return SlotMove(slot.kind, slot.cell, slot.rotation)
    if head in _REMOVE_WORDS and len(args) == 1:
        return Remove(args[0])
    if head in _BUY_WORDS and len(args) == 1 and args[0] in _STAT_WORDS:
        return BuyGeneric(_STAT_WORDS[args[0]])
    if head in _NAME_WORDS:
        source = (raw if raw is not None else text).strip()
        rest = source.split(None, 1)
        return Name(clean_name(rest[1]) if len(rest) == 2 else "")
    if head in _DONE_WORDS and len(args) <= 1 and (not args or args[0] in _CONFIRM_WORDS):
        return Finish(bool(args))
    return None


def read_move(state: DesignState, seat: int, text: str, raw: str) -> DesignMove:
    """What the title's ``Game.read_move`` returns: :func:`read`, then :func:`canonical` (so the log stores keys and
    folded orientations); text that is no design notation is refused here, never looked up in a list of moves."""
    move = read(text, raw)
    if move is None:
        raise MalformedMove("error.designing.unknown_move", text=raw[:80])
    return canonical(state, seat, move) if 0 <= seat < state.players else move


def actors(state: DesignState) -> frozenset[int]:
    """The seats that may move: every seat whose design is not done (rule 4.2)."""
    return frozenset(i for i, d in enumerate(state.seats) if not d.done)


def timeout_move(state: DesignState, seat: int) -> DesignMove:
    """What a missed deadline plays (R57): the design is locked as it stands."""
    return Finish(bool(missing(state, seat)))


def _resolve(state: DesignState, seat: int, token: str) -> str:
    """A block token as its key: ``b1``/``g2`` as they are, a block id (``kyoto.2``) as the key holding it."""
    for h in state.seats[seat].held:
        if token in (h.key, h.block.lower()):
            return h.key
    return token


def canonical(state: DesignState, seat: int, move: DesignMove) -> DesignMove:
    """The stored form of ``move`` (R51): a block id read as its key, an orientation folded onto the first equal
    one, a slot's rotation folded."""
    if isinstance(move, Place):
        key = _resolve(state, seat, move.block)
        found = _shape(state, seat, key)
        if found is None:
            return Place(key, move.cell, move.rotation, move.mirror)
        rotation, mirror = fold(found[0], move.rotation, move.mirror)
        return Place(key, move.cell, rotation, mirror)
    if isinstance(move, Remove):
        return Remove(_resolve(state, seat, move.block))
    if isinstance(move, SlotMove) and move.kind in SLOT_KINDS:
        return SlotMove(move.kind, move.cell, DesignArea.fold_slot(move.kind, move.rotation))
    return move


# ---- applying ---------------------------------------------------------------------------------------------------
def _fault(err: DesignError) -> IllegalMove:
    fault = err.key.split(".", 1)[1]
    known = {"outside", "overlap", "placed", "slot_kind", "slot_overlap", "slot_detached"}
    return IllegalMove(f"error.designing.{fault if fault in known else 'illegal'}", **err.params)


def _pay(state: DesignState, seat: int, price: int) -> None:
    me = state.seats[seat]
    if me.funds < price:
        raise IllegalMove("error.designing.funds", price=price, funds=me.funds)
    me.funds -= price
    state.bank += price


def _private(seat: int, kind: str, params: dict[str, Any]) -> Event:
    """An event only ``seat`` sees: the others learn nothing of a design in progress (rule 4.3)."""
    return Event(f"designing.{kind}", {"seat": seat, **params}, seats=(seat,))


def apply(state: DesignState, seat: int, move: DesignMove, events: list[Event]) -> None:
    """Play ``move`` for ``seat`` on ``state`` (changed in place; on an error, discard it): the checks of rules
    4.4–4.7 and rulings R51–R57, then the change and its events."""
    if not 0 <= seat < state.players:
        raise IllegalMove("error.designing.no_seat", seat=seat)
    me = state.seats[seat]
    if me.done:
        raise IllegalMove("error.designing.locked")
    move = canonical(state, seat, move)
    if isinstance(move, Place):
        found = _shape(state, seat, move.block)
        if found is None:
            raise IllegalMove("error.designing.no_block", block=move.block)
        design = design_of(state, seat)
        at = design.area.read_cell(move.cell)
        if at is None:
            raise MalformedMove("error.designing.cell", cell=move.cell)
        try:
            design.place(move.block, found[0], move.rotation, move.mirror, at, found[1])
        except DesignError as err:
            raise _fault(err) from None
        me.laid.append(Laid(move.block, move.rotation, move.mirror, at[0], at[1]))
        events.append(_private(seat, "placed", {"move": str(move)}))
    elif isinstance(move, Remove):
        if not any(x.key == move.block for x in me.laid):
            raise IllegalMove("error.designing.not_placed", block=move.block)
        me.laid = [x for x in me.laid if x.key != move.block]
        events.append(_private(seat, "removed", {"block": move.block}))
    elif isinstance(move, SlotMove):
        _slot(state, seat, move, events)
    elif isinstance(move, BuyGeneric):
        if move.stat not in GENERIC_BONUS:
            raise MalformedMove("error.designing.stat", stat=move.stat)
        if me.bought_generics >= state.generic_allowance:
            raise IllegalMove("error.designing.no_generics_left", most=state.generic_allowance)
        _pay(state, seat, PRICES.generic)
        key = f"g{len(me.generics) + 1}"
        me.generics.append(Generic(key, move.stat))
        events.append(_private(seat, "bought", {"block": key, "stat": move.stat, "price": PRICES.generic}))
    elif isinstance(move, Name):
        text = clean_name(move.text)
        if not text:
            raise IllegalMove("error.designing.name_empty")
        if len(text) > PRICES.name_length:
            raise IllegalMove("error.designing.name_long", most=PRICES.name_length)
        me.name = text
        events.append(_private(seat, "named", {"name": text}))
    elif isinstance(move, Finish):
        left = missing(state, seat)
        if left and not move.confirm:
            raise IllegalMove("error.designing.confirm", missing=", ".join(left))
        me.done = True
        events.append(Event("designing.done", {"seat": seat}))
        if state.finished:
            events.append(Event("designing.revealed", {}))
    else:
        raise IllegalMove("error.designing.not_a_move", move=str(move))


def _slot(state: DesignState, seat: int, move: SlotMove, events: list[Event]) -> None:
    me = state.seats[seat]
    free = move.kind in _free_slots(state, seat)
    if not free and me.bought_slots >= state.slot_allowance:
        raise IllegalMove("error.designing.no_slots_left", most=state.slot_allowance)
    design = design_of(state, seat)
    at = design.area.read_slot_cell(move.cell)
    if at is None:
        raise MalformedMove("error.designing.cell", cell=move.cell)
    try:
        design.attach(move.kind, move.rotation, at)
    except DesignError as err:
        raise _fault(err) from None
    if free:
        me.spare.remove(move.kind)
    else:
        _pay(state, seat, PRICES.slot)
    me.slots.append(SlotAt(move.kind, move.rotation, at[0], at[1], bought=not free))
    events.append(_private(seat, "slot", {"move": str(move), "price": 0 if free else PRICES.slot}))


# ---- menus, counts and random moves, level by level -------------------------------------------------------------
def _can_buy_slot(state: DesignState, seat: int, kind: str) -> bool:
    me = state.seats[seat]
    return kind in _free_slots(state, seat) or (me.bought_slots < state.slot_allowance and me.funds >= PRICES.slot)


def _can_buy_generic(state: DesignState, seat: int) -> bool:
    me = state.seats[seat]
    return me.bought_generics < state.generic_allowance and me.funds >= PRICES.generic


def suggested_names(state: DesignState, seat: int) -> list[str]:
    """The names the menu offers (any other may be typed, R56): the English names of the places of the player's
    largest inspiration blocks, at most three, cut to the length allowed; the current name left out."""
    me = state.seats[seat]
    by_size = sorted(me.held, key=lambda h: (-block(h.block).cells, h.key))
    out: list[str] = []
    for h in by_size:
        name = clean_name(atlas().by_id[block(h.block).place].name("en"))[: PRICES.name_length].strip()
        if name and name not in out and name != me.name:
            out.append(name)
        if len(out) == 3:
            break
    return out or ([] if me.name == "Wonder" else ["Wonder"])


def _counts(state: DesignState, seat: int, design: Design) -> dict[str, int]:
    """How many moves of each kind ``seat`` has, counted without listing."""
    if state.seats[seat].done:
        return {}
    shapes = [(k, _shape(state, seat, k)) for k in _unplaced(state, seat)]
    out = {
        "place": sum(design.count(s[0]) for _, s in shapes if s is not None),
        "remove": len(state.seats[seat].laid),
        "slot": sum(design.area.count_slots(k) for k in SLOT_KINDS if _can_buy_slot(state, seat, k)),
        "buy": len(GENERIC_BONUS) if _can_buy_generic(state, seat) else 0,
        "name": len(suggested_names(state, seat)),
        "done": 1,
    }
    return {k: v for k, v in out.items() if v}


def count_moves(state: DesignState, seat: int, limit: int | None = None) -> int:
    """How many moves ``seat`` has (the menu's moves: the suggested names stand for ``name``), at most ``limit``."""
    total = sum(_counts(state, seat, design_of(state, seat)).values())
    return total if limit is None else min(total, limit)


def _say(key: str, params: Mapping[str, Any], lang: str) -> str:
    return CATALOG.text(f"menu.designing.{key}", params, lang)


def label(state: DesignState, seat: int, move: DesignMove, lang: str) -> str:
    """A move in words (menus, logs)."""
    if isinstance(move, Place):
        turned = " ".join(orientation_tokens(move.rotation, move.mirror))
        return _say("place_move", {"block": move.block, "cell": move.cell, "turned": turned}, lang)
    if isinstance(move, Remove):
        return _say("remove_move", {"block": move.block}, lang)
    if isinstance(move, SlotMove):
        return _say("slot_move", {"kind": move.kind, "cell": move.cell, "rotation": move.rotation}, lang)
    if isinstance(move, BuyGeneric):
        return _say("buy_move", {"stat": move.stat, "bonus": GENERIC_BONUS[move.stat], "price": PRICES.generic},
                    lang)
    if isinstance(move, Name):
        return _say("name_move", {"name": move.text}, lang)
    return _say("done_confirm" if move.confirm else "done", {}, lang)


def choices(state: DesignState, seat: int, path: Sequence[str], lang: str) -> list[Option]:
    """The next tokens after ``path`` (rule 4.5, R55): ``place`` → blocks → cells → orientations (``r1``, ``r1 m``);
    ``slot`` → kinds → slot cells → rotations; ``remove`` → laid blocks; ``buy`` → stats; ``name`` → suggested
    names; ``done`` (→ ``confirm`` while something is missing). Each level is answered from the design's masks."""
    if seat < 0 or seat >= state.players or state.seats[seat].done:
        return []
    design = design_of(state, seat)
    words = [w.lower() for w in path]
    if not words:
        counts = _counts(state, seat, design)
        out = []
        for kind in ("place", "remove", "slot", "buy", "name"):
            if counts.get(kind):
                out.append(Option(kind, _say(kind, {"count": counts[kind]}, lang), False, counts[kind]))
        if missing(state, seat):
            out.append(Option("done", _say("done", {}, lang), False, 1))
        else:
            out.append(Option("done", label(state, seat, Finish(), lang)))
        return out
    head = words[0]
    if head == "place":
        return _place_choices(state, seat, design, words[1:], lang)
    if head == "slot":
        return _slot_choices(state, seat, design, words[1:], lang)
    if head == "remove" and len(words) == 1:
        return [Option(x.key, label(state, seat, Remove(x.key), lang)) for x in state.seats[seat].laid]
    if head == "buy" and len(words) == 1 and _can_buy_generic(state, seat):
        return [Option(s.lower(), label(state, seat, BuyGeneric(s), lang)) for s in GENERIC_BONUS]
    if head == "name" and len(words) == 1:
        return [Option(n, label(state, seat, Name(n), lang)) for n in suggested_names(state, seat)]
    if head == "done" and len(words) == 1 and missing(state, seat):
        return [Option("confirm", label(state, seat, Finish(True), lang))]
    return []


def _place_choices(state: DesignState, seat: int, design: Design, rest: list[str], lang: str) -> list[Option]:
    if not rest:
        out = []
        for key in _unplaced(state, seat):
            found = _shape(state, seat, key)
            n = design.count(found[0]) if found else 0
            if n:
                out.append(Option(key, _say("block", {"block": key, "what": _what(state, seat, key), "count": n},
                                                lang), False, n))
        return out
    key = rest[0]
    found = _shape(state, seat, key) if key in _unplaced(state, seat) else None
    if found is None:
        return []
    shape = found[0]
    if len(rest) == 1:
        return [Option(design.area.name(c), _say("cell", {"cell": design.area.name(c), "count": n}, lang), False, n)
                for c in design.cells_for(shape) if (n := len(design.orientations_at(shape, c)))]
    at = design.area.read_cell(rest[1])
    if at is None:
        return []
    fits = design.orientations_at(shape, at)
    if len(rest) == 2:
        return [Option(" ".join(orientation_tokens(r, m)), label(state, seat, Place(key, rest[1], r, m), lang))
                for r, m in fits]
    if len(rest) == 3:                   # typed ``r1 `` by hand: the flip that may follow
        found_r = re.fullmatch(r"r([0-3])", rest[2])
        if found_r and (int(found_r[1]), True) in fits:
            return [Option("m", label(state, seat, Place(key, rest[1], int(found_r[1]), True), lang))]
    return []


def _slot_choices(state: DesignState, seat: int, design: Design, rest: list[str], lang: str) -> list[Option]:
    area = design.area
    if not rest:
        out = []
        for kind in SLOT_KINDS:
            n = area.count_slots(kind) if _can_buy_slot(state, seat, kind) else 0
            if n:
                free = kind in _free_slots(state, seat)
                out.append(Option(kind.lower(), _say("kind", {"kind": kind, "count": n,
                                                             "price": 0 if free else PRICES.slot}, lang), False, n))
        return out
    kind = rest[0].upper()
    if kind not in SLOT_KINDS or not _can_buy_slot(state, seat, kind):
        return []
    if len(rest) == 1:
        return [Option(area.slot_name(c), _say("cell", {"cell": area.slot_name(c), "count": n}, lang), False, n)
                for c in area.slot_cells(kind) if (n := len(area.slot_rotations_at(kind, c)))]
    at = area.read_slot_cell(rest[1])
    if at is None or len(rest) > 2:
        return []
    return [Option(f"r{r}", label(state, seat, SlotMove(kind, rest[1], r), lang))
            for r in area.slot_rotations_at(kind, at)]


def _what(state: DesignState, seat: int, key: str) -> str:
    for h in state.seats[seat].held:
        if h.key == key:
            return f"{h.block} L{h.level}"
    stat = next(g.stat for g in state.seats[seat].generics if g.key == key)
    return f"{stat}+{GENERIC_BONUS[stat]}"


def _random_placement(state: DesignState, seat: int, design: Design, rng: Rng,
                      keys: Sequence[str] | None = None) -> Place | None:
    """A placement drawn uniformly among every legal placement of ``keys`` (default: the unplaced blocks), through
    :meth:`Design.nth` (R55)."""
    shapes = [(k, s[0]) for k in (keys if keys is not None else _unplaced(state, seat))
              if (s := _shape(state, seat, k)) is not None]
    counts = [design.count(s) for _, s in shapes]
    total = sum(counts)
    if not total:
        return None
    index = rng.below(total)
    for (key, shape), n in zip(shapes, counts, strict=True):
        if index < n:
            rotation, mirror, at = design.nth(shape, index)
            return Place(key, design.area.name(at), rotation, mirror)
        index -= n
    raise AssertionError("unreachable")


def _random_slot(state: DesignState, seat: int, design: Design, rng: Rng,
                 only: Sequence[str] | None = None) -> SlotMove:
    """A slot attachment drawn uniformly among the legal ones (of the kinds ``only``): a kind by its count, a cell by
    its rotations."""
    area = design.area
    kinds = [(k, area.count_slots(k)) for k in SLOT_KINDS
             if (only is None or k in only) and _can_buy_slot(state, seat, k)]
    index = rng.below(sum(n for _, n in kinds))
    kind = next(k for k, n in kinds if (index := index - n) < 0)
    cells = [(c, area.slot_rotations_at(kind, c)) for c in area.slot_cells(kind)]
    index = rng.below(sum(len(r) for _, r in cells))
    for cell, rotations in cells:
        if index < len(rotations):
            return SlotMove(kind, area.slot_name(cell), rotations[index])
        index -= len(rotations)
    raise AssertionError("unreachable")


def random_move(state: DesignState, seat: int, rng: Rng) -> DesignMove:
    """A random move from the state's generator: a kind of move uniformly among those ``seat`` has, then one of its
    moves uniformly (a placement over every legal placement of every unplaced block)."""
    design = design_of(state, seat)
    counts = _counts(state, seat, design)
    kinds = list(counts)
    if not kinds:
        raise IllegalMove("error.designing.locked")
    kind = kinds[rng.below(len(kinds))]
    me = state.seats[seat]
    if kind == "place":
        found = _random_placement(state, seat, design, rng)
        assert found is not None
        return found
    if kind == "remove":
        return Remove(me.laid[rng.below(len(me.laid))].key)
    if kind == "slot":
        return _random_slot(state, seat, design, rng)
    if kind == "buy":
        stats = list(GENERIC_BONUS)
        return BuyGeneric(stats[rng.below(len(stats))])
    if kind == "name":
        names = suggested_names(state, seat)
        return Name(names[rng.below(len(names))])
    return Finish(bool(missing(state, seat)))


def bot_move(state: DesignState, seat: int, rng: Rng) -> DesignMove:
    """A simple designer: attach the slots brought from the gathering phase (free), lay the largest unplaced block
    that fits somewhere (a uniform placement of it), else attach a slot while an inspiration block fits nowhere, buy
    a generic block while funds are ample and a cell is free, name the wonder, then finish."""
    design = design_of(state, seat)
    me = state.seats[seat]
    if any(design.area.count_slots(k) for k in me.spare):
        return _random_slot(state, seat, design, rng, me.spare)
    order = sorted(_unplaced(state, seat), key=lambda k: -(s[0].size if (s := _shape(state, seat, k)) else 0))
    for key in order:
        found = _random_placement(state, seat, design, rng, [key])
        if found is not None:
            return found
    held = {h.key for h in me.held}
    if any(k in held for k in order) and any(_can_buy_slot(state, seat, k) and design.area.count_slots(k)
                                             for k in SLOT_KINDS):
        return _random_slot(state, seat, design, rng)     # a block that fits nowhere: grow the area
    free = len(design.area.cells) - len(design.occupied)
    if free and _can_buy_generic(state, seat) and me.funds >= 3 * PRICES.generic:
        stats = list(GENERIC_BONUS)
        return BuyGeneric(stats[rng.below(len(stats))])
    if not me.name:
        return Name(suggested_names(state, seat)[0])
    return Finish(bool(missing(state, seat)))


def every_move(state: DesignState, seat: int) -> list[DesignMove]:
    """Every menu move of ``seat``, listed: for tests and small cases only (R55); nothing else calls it."""
    out: list[DesignMove] = []
    if state.seats[seat].done:
        return out
    design = design_of(state, seat)
    for key in _unplaced(state, seat):
        found = _shape(state, seat, key)
        if found is not None:
            out += [Place(key, design.area.name(at), r, m) for r, m, at in design.placements(found[0])]
    out += [Remove(x.key) for x in state.seats[seat].laid]
    area = design.area
    for kind in SLOT_KINDS:
        if _can_buy_slot(state, seat, kind):
            out += [SlotMove(kind, area.slot_name(c), r) for c in area.slot_cells(kind)
                    for r in area.slot_rotations_at(kind, c)]
    if _can_buy_generic(state, seat):
        out += [BuyGeneric(s) for s in GENERIC_BONUS]
    out += [Name(n) for n in suggested_names(state, seat)]
    return [*out, Finish(bool(missing(state, seat)))]


# ---- views and secrecy ------------------------------------------------------------------------------------------
class LineView(msgspec.Struct, frozen=True):
    """One line of the preview: where a number comes from (see :class:`games.megarich.wonder.Line`)."""

    source: str
    what: str
    stat: str
    amount: int
    count: int


class HookView(msgspec.Struct, frozen=True):
    """A battle hook of a laid block (what the battle reads): its key, kind, value with the wonder's F counted, and
    the stat a ``boost`` raises (``""`` otherwise)."""

    key: str
    kind: str
    value: int
    stat: str


class PreviewView(msgspec.Struct, frozen=True):
    """The wonder as the design makes it now (rule 4.8): stats, the aesthetics and their parts, the name's fit, the
    lines they come from and the battle hooks."""

    S: int
    A: int
    D: int
    F: int
    symmetry: int
    compactness: int
    variety: int
    aesthetics: int
    fit: int
    lines: list[LineView]
    hooks: list[HookView]


class BlockView(msgspec.Struct, frozen=True):
    """A block of the design: key, block id (``""`` for a generic one), shape id, level, the generic's stat, and
    where it lies when laid (anchor cell name, orientation, cells relative to the area's top-left)."""

    key: str
    block: str
    shape: str
    level: int
    stat: str
    placed: bool
    cell: str = ""
    rotation: int = 0
    mirror: bool = False
    cells: list[tuple[int, int]] = []
    placements: int = 0
    #: The block's shape unturned (its solid cells from ``(0, 0)``), for a picture of a block not laid yet.
    shape_cells: list[tuple[int, int]] = []


class OwnView(msgspec.Struct, frozen=True):
    """A design as its designer sees it (everyone, once every design is done)."""

    seat: int
    funds: int
    area: list[tuple[int, int]]
    slots: list[str]
    blocks: list[BlockView]
    name: str
    done: bool
    slots_left: int
    generics_left: int
    preview: PreviewView
    #: The cells each attached slot added (relative to the area's top-left like ``area``), in ``slots``' order: the
    #: rest of ``area`` is the standard board.
    slot_cells: list[list[tuple[int, int]]] = []


class SeatView(msgspec.Struct, frozen=True):
    """What everyone knows of a seat before the reveal: whether its design is done."""

    seat: int
    done: bool


class DesignView(msgspec.Struct, frozen=True):
    """The design phase as ``viewer`` sees it: every seat's done flag, the viewer's own design, and every design
    once all are done (``revealed``)."""

    viewer: int | None
    revealed: bool
    seats: list[SeatView]
    own: OwnView | None
    designs: list[OwnView]
    prices: dict[str, int]


def _preview_view(wonder: Wonder) -> PreviewView:
    s = wonder.stats
    a = wonder.aesthetics
    return PreviewView(s.S, s.A, s.D, s.F, a.symmetry, a.compactness, a.variety, a.total, wonder.fit,
                       [LineView(x.source, x.what, x.stat, x.amount, x.count) for x in wonder.lines],
                       [HookView(h.key, h.hook.kind, h.value(s.F), h.hook.stat or "") for h in wonder.hooks])


def own_view(state: DesignState, seat: int) -> OwnView:
    """``seat``'s design in full, with its preview."""
    me = state.seats[seat]
    design = design_of(state, seat)
    ox, oy = design.area.origin
    laid = {x.key: x for x in me.laid}
    out: list[BlockView] = []
    for key in [*(h.key for h in me.held), *(g.key for g in me.generics)]:
        held = next((h for h in me.held if h.key == key), None)
        gen = next((g for g in me.generics if g.key == key), None)
        shape = block(held.block).shape.id if held else "generic"
        outline = _shape(state, seat, key)
        base = BlockView(key, held.block if held else "", shape, held.level if held else 1,
                         gen.stat if gen else "", key in laid,
                         shape_cells=sorted(outline[0].cells) if outline is not None else [])
        if key in laid:
            x = laid[key]
            cells = sorted((cx - ox, cy - oy) for cx, cy in design.block(key).cells)
            base = msgspec.structs.replace(base, cell=design.area.name((x.x, x.y)), rotation=x.rotation,
                                           mirror=x.mirror, cells=cells)
        elif not me.done:
            found = _shape(state, seat, key)
            base = msgspec.structs.replace(base, placements=design.count(found[0]) if found else 0)
        out.append(base)
    free = _free_slots(state, seat)
    return OwnView(seat, me.funds, sorted((x - ox, y - oy) for x, y in design.area.cells),
                   [s.kind for s in me.slots], out, me.name, me.done,
                   state.slot_allowance - me.bought_slots + len(free), state.generic_allowance - me.bought_generics,
                   _preview_view(preview(state, seat)),
                   [sorted((x - ox, y - oy) for x, y in slot.cells) for slot in design.area.slots])


def view(state: DesignState, viewer: int | None) -> DesignView:
    """What ``viewer`` (``None``: a spectator) may see (rule 4.3): its own design while designing, every design
    once all are done; of the others only whether they are done."""
    revealed = state.finished
    seats = [SeatView(i, d.done) for i, d in enumerate(state.seats)]
    own = own_view(state, viewer) if viewer is not None and 0 <= viewer < state.players else None
    designs = [own_view(state, i) for i in range(state.players)] if revealed else []
    return DesignView(viewer, revealed, seats, own, designs,
                      {"slot": PRICES.slot, "generic": PRICES.generic, "name_length": PRICES.name_length})


def secret_fields(state: DesignState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` keeps from the others while designs are secret: its funds (spending tells of slots and
    generic blocks), slots, generic blocks, laid blocks and name. Nothing once every design is done."""
    if seat is None or state.finished:
        return {}
    me = state.seats[seat]
    return {"funds": me.funds, "slots": msgspec.to_builtins(me.slots), "generics": msgspec.to_builtins(me.generics),
            "laid": msgspec.to_builtins(me.laid), "name": me.name}


def copy_state(state: DesignState) -> DesignState:
    """A deep copy (through JSON, as the platform stores states)."""
    return msgspec.json.decode(msgspec.json.encode(state), type=DesignState)


def scramble(state: DesignState, seat: int | None, rng: Rng) -> DesignState | None:
    """A copy differing only in ``seat``'s secrets (each of :func:`secret_fields` changed where it can be), the bank
    keeping the money whole; ``None`` when nothing is secret."""
    if seat is None or state.finished:
        return None
    out = copy_state(state)
    me = out.seats[seat]
    me.funds += 1 + rng.below(50)
    out.bank = out.money - sum(d.funds for d in out.seats)
    me.name = "" if me.name else f"scrambled {rng.below(1000)}"
    brought = [g for g in me.generics if not g.bought]          # what was brought stays (ruling R81)
    if len(brought) < len(me.generics):
        me.generics = brought
    elif out.generic_allowance > 0:
        me.generics = [*brought, Generic(f"g{len(brought) + 1}", "S")]
    had = bool(me.laid)
    me.laid = []
    if me.slots:
        me.spare += [x.kind for x in me.slots if not x.bought]
        me.slots = []
    elif me.spare or out.slot_allowance > 0:
        buy = not me.spare
        kinds = list(SLOT_KINDS)
        kind = kinds[rng.below(len(kinds))] if buy else me.spare.pop(rng.below(len(me.spare)))
        area = DesignArea.standard()
        cells = area.slot_cells(kind)
        cell = cells[rng.below(len(cells))]
        me.slots = [SlotAt(kind, area.slot_rotations_at(kind, cell)[0], cell[0], cell[1], bought=buy)]
    if not had:
        design = design_of(out, seat)
        found = _random_placement(out, seat, design, rng)
        if found is not None:
            at = design.area.read_cell(found.cell)
            assert at is not None
            me.laid = [Laid(found.block, found.rotation, found.mirror, at[0], at[1])]
    return out


# ---- invariants -------------------------------------------------------------------------------------------------
def invariants(state: DesignState) -> list[str]:
    """Broken laws: the money (funds and bank) is the phase's money; each design rebuilds (slots joined, blocks
    inside and apart, each laid once, each its player's); purchases within the allowances."""
    out = []
    if sum(d.funds for d in state.seats) + state.bank != state.money:
        out.append("money is not conserved with the bank")
    for seat, me in enumerate(state.seats):
        keys = [x.key for x in me.laid]
        if len(keys) != len(set(keys)):
            out.append(f"seat {seat}: a block laid twice")
        try:
            design_of(state, seat)
        except (DesignError, ValueError) as err:
            out.append(f"seat {seat}: the design does not rebuild ({err})")
        if me.bought_slots > state.slot_allowance or me.bought_generics > state.generic_allowance:
            out.append(f"seat {seat}: more bought than allowed")
    return out


def corruptions(state: DesignState) -> list[tuple[str, DesignState]]:
    """Copies that each break one law :func:`invariants` checks."""
    money = copy_state(state)
    money.seats[0].funds += 100
    twice = copy_state(state)
    extra = copy_state(state)
    extra.seats[0].generics = [Generic(f"g{i}", "S") for i in range(1, state.generic_allowance + 2)]
    out = [("funds from nowhere", money), ("too many generic blocks", extra)]
    if state.seats[0].laid:
        twice.seats[0].laid.append(twice.seats[0].laid[0])
        out.append(("a block laid twice", twice))
    return out

