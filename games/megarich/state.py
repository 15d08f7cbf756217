"""巨富豪∞: the state of the gathering phase (取材), plain msgspec data.

A round is one day and a turn one player's day (move phase → free-action phase → settlement). The turn
structure is explicit data: ``stack`` holds the open steps (frames), the active one on top, each handled by a
step of the flow kernel (:mod:`games.megarich.gathering`). The clock runs per player: ``Traveller.clock`` is
hours since 00:00 of day 1 (day 1 begins at 06:00), so "当日22时" of round ``r`` is ``24·(r−1) + 22``.

Money is conserved with the bank: every payment to or from the bank moves the same sum the other way on
``bank`` (the bank's balance starts at 0 and may go negative: it never runs out), so the players' funds and
``bank`` always add up to the funds dealt at the start (:func:`games.megarich.gathering.invariants`).
"""

from __future__ import annotations

import msgspec

from games.core import BaseState

from .board import BoardLayout, Cell

NOBODY = -1
"""No seat: a tile whose patent is on the board (no holder), a candidate not chosen yet."""

HOSPITAL = "hospital"
"""入院: skip the move phase; only gather, at 80 % of the cost and on d12 ≥ 4; ends after 2 skipped moves."""
PARALLEL = "parallel"
"""落入平行现实: skip the move phase; only explore (no funds floor, its own event pool); others gather the
player's patent tiles free; ≈ 12 % per explore to return."""
FEVER = "fever"
"""旅行狂热: adds 旅行 and disables the free actions that are not special moves; ends after 5 moves."""
STATES: tuple[str, ...] = (HOSPITAL, PARALLEL, FEVER)
SLOT_KINDS: tuple[str, ...] = ("I", "O", "T", "S", "Z", "J", "L")
"""The seven kinds of expansion slot (the tetrominoes: ``data/shapes.toml`` [slots])."""
SLOTS_PER_KIND = 4
""""扩展设计插槽 × 7 × 4": four of each kind in the box."""
GENERICS_IN_BOX = 40
""""通用灵感块 × 40"."""
GENERIC_STATS: tuple[str, ...] = ("S", "A", "D", "F")
"""The stat a generic block gives, fixed when bought ("在购买时就已经预先决定")."""


class Traveller(msgspec.Struct, kw_only=True):
    """One player in the gathering phase.

    ``states`` maps each abnormal state the player is in to its counter: for 入院 the move phases skipped
    since entering, for 旅行狂热 the moves (standard and special) made since, for 平行现实 the explores.
    ``blocks`` maps a tile id to the level (1–4) of the inspiration block the player holds for it.
    ``items`` are the item cards in hand (consumable and permanent ones), ``buffs`` the buffs shown in the
    player's area with the moves they still last. ``portal`` is a 门径交通 destination an item or event set
    up (used once). ``halted`` is set when the player is hospitalised mid-turn: the free phase ends at once.
    ``used`` lists the reusable permanent items used this day (each once a day: ruling R74). ``slots`` are the
    expansion slot kinds bought (I, O, T, S, Z, J, L) and ``generics`` the generic blocks bought by stat (S, A,
    D, F): both public, carried into the design phase (ruling R81).
    """

    cell: Cell
    funds: int
    clock: int
    items: list[str] = []
    buffs: dict[str, int] = {}
    blocks: dict[str, int] = {}
    states: dict[str, int] = {}
    portal: Cell | None = None
    halted: bool = False
    used: list[str] = []
    slots: list[str] = []
    generics: dict[str, int] = {}


class TileRecord(msgspec.Struct, kw_only=True):
    """What the gathering phase has done to one tile: the candidate block chosen by its first gatherer
    (an index 0–2 into the tile's three candidates, ``NOBODY`` until chosen; the blocks themselves are the
    design part's), the patent holder (``NOBODY``: the card is on the board) and the players who hold the
    tile's block, in the order they acquired it (the patent passes to the next of them)."""

    candidate: int = NOBODY
    patent: int = NOBODY
    holders: list[int] = []


class Offer(msgspec.Struct, frozen=True):
    """Goods offered in a shop, at a price: an item (``item``), an expansion slot of kind ``slot`` or a generic
    block of stat ``stat`` (ruling R80); ``stock`` is how many of it this shop sells."""

    item: str
    price: int
    slot: str = ""
    stat: str = ""
    stock: int = 1


# ---- frames (the open steps of a turn) ------------------------------------------------------------------------
class MoveF(msgspec.Struct, tag="mr_move"):
    """The move phase: the player makes the standard move (``move <direction>``)."""

    seat: int


class FreeF(msgspec.Struct, tag="mr_free"):
    """The free-action phase. ``acted``: a free action other than a special move was taken (special moves
    are then disabled for the turn); ``gathered``: the phase's one gather (or upgrade) is spent."""

    seat: int
    acted: bool = False
    gathered: bool = False
    shopped: bool = False


class CandidateF(msgspec.Struct, tag="mr_candidate"):
    """The first player to gather on ``tile`` chooses which of its three candidate blocks it is for the game."""

    seat: int
    tile: str


class ChanceF(msgspec.Struct, tag="mr_chance"):
    """A chance event (机会事件) drawn by ``seat``: the player picks one of its options, whose results stay
    hidden until chosen."""

    seat: int
    card: str


class ShopF(msgspec.Struct, tag="mr_shop"):
    """A shop: a trade event's (交易事件, ``card`` its id) or a key city's fixed options (``card`` the city's id,
    ruling R79). ``seat`` may buy each offer up to its stock (``bought`` lists an offer's index per purchase),
    then leaves (``done``)."""

    seat: int
    card: str
    offers: list[Offer]
    bought: list[int] = []


Frame = MoveF | FreeF | CandidateF | ChanceF | ShopF


class GatherState(BaseState, kw_only=True):
    """The gathering phase of one game.

    ``order`` is the turn order (the starting player first), ``turn`` the index in it of whose day it is,
    ``round`` the day (1 … ``days``). ``finished`` once the last day's last turn is over. ``gone`` lists unique
    items that have left the game (bought, passed up in a shop or used): none of them is offered again.
    """

    seats: list[Traveller]
    layout: BoardLayout
    tiles: dict[str, TileRecord] = {}
    order: list[int]
    round: int = 1
    turn: int = 0
    days: int
    start_funds: int
    bank: int = 0
    stack: list[Frame] = []
    gone: list[str] = []
    finished: bool = False
    slot_box: dict[str, int] = msgspec.field(default_factory=lambda: dict.fromkeys(SLOT_KINDS, SLOTS_PER_KIND))
    generic_box: int = GENERICS_IN_BOX

    @property
    def current(self) -> int:
        """The seat whose day it is."""
        return self.order[self.turn]

    def tile_at(self, cell: Cell) -> str:
        """The id of the tile on ``cell``."""
        return self.layout.tile_at(cell)

    def record(self, tile: str) -> TileRecord:
        """The tile's record, created empty on first use."""
        found = self.tiles.get(tile)
        if found is None:
            found = self.tiles[tile] = TileRecord()
        return found

    def money(self) -> int:
        """Every player's funds plus the bank's balance: constant, the funds dealt at the start."""
        return sum(p.funds for p in self.seats) + self.bank


def pay_bank(state: GatherState, seat: int, amount: int) -> None:
    """``seat`` pays ``amount`` to the bank (a negative amount: the bank pays the player)."""
    state.seats[seat].funds -= amount
    state.bank += amount


def pay_player(state: GatherState, payer: int, payee: int, amount: int) -> None:
    """``payer`` pays ``amount`` to ``payee``."""
    state.seats[payer].funds -= amount
    state.seats[payee].funds += amount


def grant_block(state: GatherState, seat: int, tile: str, level: int) -> None:
    """``seat`` now holds ``tile``'s block at ``level``; a new holder joins the tile's acquirers."""
    player = state.seats[seat]
    record = state.record(tile)
    if tile not in player.blocks:
        record.holders.append(seat)
    player.blocks[tile] = level


def drop_block(state: GatherState, seat: int, tile: str) -> int:
    """``seat`` loses ``tile``'s block. If it held the patent, the card passes to the next player who
    acquired the block ("移交至第二个获取到该区块灵感块的玩家"), else returns to the board. Returns the new
    patent holder (``NOBODY``: back on the board; unchanged when ``seat`` did not hold the patent)."""
    player = state.seats[seat]
    record = state.record(tile)
    del player.blocks[tile]
    record.holders.remove(seat)
    if record.patent == seat:
        record.patent = record.holders[0] if record.holders else NOBODY
    return record.patent


#: What an abnormal state forbids, as the refusal a free action meets (rules 3.x: 入院 gathers only, 平行现实 explores
#: only, 旅行狂热 travels only).
STATE_REFUSALS: dict[str, str] = {
    HOSPITAL: "error.gather.hospital_gathers",
    PARALLEL: "error.gather.parallel_explores",
    FEVER: "error.gather.fever_travels",
}


def state_refusal(player: Traveller, *forbidding: str) -> str | None:
    """The refusal of the first of the ``forbidding`` abnormal states ``player`` is in, or ``None``."""
    return next((STATE_REFUSALS[name] for name in forbidding if name in player.states), None)

