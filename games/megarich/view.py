"""巨富豪∞: what a seat (or a spectator) may see of the gathering phase (取材), as plain msgspec data.

The renderer (:mod:`render.megarich`) draws these views and nothing else. What is public and what is not:

* **public**: the map (ruling R5: every tile is face up from setup), each tile's patent holder and the players
  holding its block (in the order they acquired it), each player's cell, funds, clock, abnormal states, buffs
  (shown in the player's area while they last), blocks held with their levels, a portal set up by an event,
  whose turn it is and what they are doing (the card of an event drawn, a chance card's options);
* **a seat's own**: the item cards in its hand (others see only how many), the offers of a shop it stands in
  (others see only the card and how many offers), the move limits its permanent items allow;
* **nobody's until chosen**: what a chance card's options turn out to be (``result_*`` of
  :class:`games.megarich.events.Choice`): no view carries them, the seat drawing the card included.

When the player to act must throw the tram (the move phase, or 旅行 under travel fever), the view holds the
landing odds of :mod:`games.megarich.tram` per direction for the limits the viewer may know of: the acting seat's
own view has every limit its items allow (豆荚机车: 3 or 5); everyone else sees the limits public things force
(痒痒怪变身卡 is a buff, shown: limit 1; else the base limit 3).
"""

from __future__ import annotations

import msgspec

from . import board, tram
from .board import Cell
from .events import card as event_card
from .gathering import ECONOMY, cutoff, limits
from .items import catalogue
from .state import FEVER, NOBODY, CandidateF, ChanceF, FreeF, GatherState, MoveF, Offer, ShopF, Traveller

__all__ = [
    "CUTOFF_HOUR",
    "SLEEP_HOURS",
    "ChanceView",
    "ConeCell",
    "GatherView",
    "MoveOdds",
    "PatentView",
    "PlayerView",
    "ShopView",
    "cone_odds",
    "view",
]


class ConeCell(msgspec.Struct, frozen=True):
    """One hex the tram may stop on: the map ``cell``, its ``offset`` ``(q, r)`` from the start (axial steps, the
    way a viewport draws it next to the start without wrapping), its ring, shade (``dark``/``light``), the exact
    chance as ``weight`` / the cone's total, and the percentage label the UI prints (``15%``)."""

    cell: Cell
    offset: tuple[int, int]
    ring: int
    shade: str
    weight: int
    label: str


class MoveOdds(msgspec.Struct, frozen=True):
    """The landing cone of one direction (0 = E … 5 = SE, :data:`games.core.hexgrid.DIRECTIONS`) at one limit."""

    direction: int
    limit: int
    total: int
    cells: list[ConeCell]


class PlayerView(msgspec.Struct, frozen=True):
    """One player as the viewer may see them. ``items`` is ``None`` unless this is the viewer's own hand;
    ``item_count`` is always there; the expansion slots and generic blocks bought are public (ruling R81). ``day``
    and ``hour`` read the clock (day 1 begins at 06:00); ``late`` is whether the clock has reached 22:00 of the
    round's day (no new action starts)."""

    seat: int
    cell: Cell
    tile: str
    funds: int
    clock: int
    day: int
    hour: int
    late: bool
    states: dict[str, int]
    buffs: dict[str, int]
    blocks: dict[str, int]
    patents: list[str]
    item_count: int
    items: list[str] | None = None
    portal: Cell | None = None
    slots: list[str] = []
    generics: dict[str, int] = {}


class PatentView(msgspec.Struct, frozen=True):
    """A tile someone gathered on: its cell, the chosen candidate (0–2, ``-1`` not yet), the patent holder
    (``-1``: on the board) and the block's holders in the order they acquired it, with their levels."""

    tile: str
    cell: Cell
    candidate: int
    patent: int
    holders: list[int]
    levels: list[int]


class ChanceView(msgspec.Struct, frozen=True):
    """A chance card waiting for its choice: the card and its options' words. What each option turns out to be
    is in no view until it is chosen."""

    seat: int
    card: str
    name: dict[str, str]
    text: dict[str, str]
    options: dict[str, list[str]]


class ShopView(msgspec.Struct, frozen=True):
    """A shop, a trade event's or a key city's (``card``: the card's or the city's id): the offers, to the shopper
    only, as ``(goods, price, stock)`` — goods an item id, ``slot:<kind>`` or ``generic:<stat>`` (rulings R79,
    R80) — with the indices bought (an index per purchase); others see how many offers there are."""

    seat: int
    card: str
    name: dict[str, str]
    offer_count: int
    offers: list[tuple[str, int, int]] | None = None
    bought: list[int] | None = None


class GatherView(msgspec.Struct, frozen=True):
    """The gathering phase as ``viewer`` sees it (``None``: a spectator).

    ``step`` is what the game waits for: ``move`` (the standard move), ``free`` (the free actions), ``candidate``
    (the first gatherer's choice of block, on ``candidate_tile``), ``chance`` (``chance``), ``shop`` (``shop``) or
    ``finished``. ``width`` and ``tiles`` are the map (``tiles[row * width + col]``), ``hub_cells`` the flow hubs.
    ``odds`` is set while the acting player must throw the tram: one cone per direction and limit (see the
    module's notes for which limits). ``cutoff`` is the clock reading of 22:00 on the round's day.
    """

    viewer: int | None
    round: int
    days: int
    order: list[int]
    current: int
    to_act: list[int]
    step: str
    cutoff: int
    width: int
    tiles: list[str]
    hub_cells: list[Cell]
    players: list[PlayerView]
    patents: list[PatentView]
    limits: list[int] = []
    odds: list[MoveOdds] = []
    candidate_tile: str | None = None
    chance: ChanceView | None = None
    shop: ShopView | None = None
    finished: bool = False

    def player(self, seat: int) -> PlayerView:
        """The player at ``seat``."""
        return self.players[seat]

    def tile_at(self, cell: Cell) -> str:
        """The id of the tile on ``cell``."""
        return self.tiles[cell[1] * self.width + cell[0]]

    @property
    def acting(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the phase is over."""
        return None if self.finished else self.current


# ---- building a view ------------------------------------------------------------------------------------------
def _public_limits(player: Traveller) -> tuple[int, ...]:
    """The limits everyone can tell the player has: the buffs are shown, the hand is not."""
    shown = {catalogue()[b].flag for b in player.buffs}
    return tram.limit_choices(pod_locomotive="pod" in shown, itchy="itchy" in shown)


def cone_odds(start: Cell, direction: int, limit: int) -> MoveOdds:
    """The tram's landing odds from ``start`` toward ``direction`` at ``limit``, as map cells."""
    hexes = tram.cone(direction, limit)
    labels = tram.odds_labels(direction, limit)
    origin = board.hex_of(start)
    cells = [ConeCell(board.cell_of(origin + h.offset), (h.offset.q, h.offset.r), h.distance, h.shade, h.weight,
                      labels[h.offset]) for h in hexes]
    return MoveOdds(direction, limit, sum(h.weight for h in hexes), cells)


def _player(state: GatherState, seat: int, own: bool) -> PlayerView:
    p = state.seats[seat]
    patents = sorted(t for t, r in state.tiles.items() if r.patent == seat)
    return PlayerView(
        seat=seat, cell=p.cell, tile=state.tile_at(p.cell), funds=p.funds, clock=p.clock, day=p.clock // 24 + 1,
        hour=p.clock % 24, late=p.clock >= cutoff(state), states=dict(p.states), buffs=dict(p.buffs),
        blocks=dict(p.blocks), patents=patents, item_count=len(p.items),
        items=list(p.items) if own else None, portal=p.portal, slots=list(p.slots), generics=dict(p.generics),
    )


def goods(offer: Offer) -> str:
    """An offer's goods as one token: the item id, ``slot:<kind>`` or ``generic:<stat>``."""
    return f"slot:{offer.slot}" if offer.slot else f"generic:{offer.stat}" if offer.stat else offer.item


def _moving(state: GatherState) -> bool:
    """Whether the acting player must (or, under travel fever, may) throw the tram now."""
    if state.finished or not state.stack:
        return False
    top = state.stack[-1]
    if isinstance(top, MoveF):
        return True
    return isinstance(top, FreeF) and FEVER in state.seats[top.seat].states and not top.acted


def view(state: GatherState, viewer: int | None) -> GatherView:
    """The gathering phase as ``viewer`` (a seat, or ``None`` for a spectator) may see it."""
    top = state.stack[-1] if state.stack and not state.finished else None
    acting = getattr(top, "seat", state.current)
    steps: dict[type, str] = {MoveF: "move", FreeF: "free", CandidateF: "candidate", ChanceF: "chance", ShopF: "shop"}
    step = "finished" if state.finished else steps.get(type(top), "free")
    players = [_player(state, s, own=s == viewer) for s in range(state.players)]
    patents = []
    for tile, record in sorted(state.tiles.items()):
        cell = state.layout.cell_of(tile)
        if cell is None or (record.candidate == NOBODY and not record.holders):
            continue
        patents.append(PatentView(tile, cell, record.candidate, record.patent, list(record.holders),
                                  [state.seats[s].blocks.get(tile, 0) for s in record.holders]))
    chosen_limits: tuple[int, ...] = ()
    odds: list[MoveOdds] = []
    if _moving(state):
        mover = state.seats[acting]
        chosen_limits = limits(mover) if viewer == acting else _public_limits(mover)
        odds = [cone_odds(mover.cell, d, lim) for lim in chosen_limits for d in range(6)]
    chance = None
    if isinstance(top, ChanceF):
        c = event_card(top.card)
        chance = ChanceView(top.seat, top.card, {"en": c.en, "zh": c.zh}, {"en": c.text_en, "zh": c.text_zh},
                            {"en": [o.en for o in c.choice], "zh": [o.zh for o in c.choice]})
    shop = None
    if isinstance(top, ShopF):
        city = board.atlas().by_id.get(top.card)
        if isinstance(city, board.KeyCity):
            name = {"en": city.name("en"), "zh": city.name("zh")}
        else:
            c = event_card(top.card)
            name = {"en": c.en, "zh": c.zh}
        mine = viewer == top.seat
        shop = ShopView(top.seat, top.card, name, len(top.offers),
                        [(goods(o), o.price, o.stock) for o in top.offers] if mine else None,
                        list(top.bought) if mine else None)
    return GatherView(
        viewer=viewer, round=state.round, days=state.days, order=list(state.order), current=acting,
        to_act=[] if state.finished else [acting], step=step, cutoff=cutoff(state), width=state.layout.width,
        tiles=list(state.layout.tiles), hub_cells=list(state.layout.hub_cells), players=players, patents=patents,
        limits=list(chosen_limits), odds=odds,
        candidate_tile=top.tile if isinstance(top, CandidateF) else None, chance=chance, shop=shop,
        finished=state.finished,
    )


CUTOFF_HOUR = ECONOMY.cutoff
"""22: the hour after which no new action starts (for a clock drawn from a view)."""
SLEEP_HOURS = ECONOMY.sleep
"""8: the hours of sleep after the settlement."""
