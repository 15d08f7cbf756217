"""巨富豪∞: the shops of the gathering phase — a key city's fixed options and what any shop sells.

"交易事件为玩家提供了一个“在关键城市选择固定选项”以外的，购买包括道具与灵感块在内物品的机会": a player in a key city may
open its shop (``shop``, ruling R79: 1 h, once a day, a free action); a shop, a city's or a trade event's, sells items,
expansion slots and generic blocks (ruling R80) out of the box's limited supply ("扩展设计插槽 × 7 × 4", "通用灵感块
× 40", ruling R82). What a player bought is public and goes with them into the design phase (ruling R81). Figures are
``data/shops.toml``'s; the trade cards' goods are ``data/events.toml``'s.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from games.core.events import Event

from . import board
from .events import Goods, gain_item, random_item
from .items import catalogue
from .state import (
    FEVER,
    GENERIC_STATS,
    GENERICS_IN_BOX,
    HOSPITAL,
    PARALLEL,
    SLOT_KINDS,
    SLOTS_PER_KIND,
    FreeF,
    GatherState,
    Offer,
    ShopF,
    pay_bank,
    state_refusal,
)

DATA = Path(__file__).with_name("data")
ANY = "any"
"""A trade card's ``slot`` or ``stat`` drawn at random when the card is drawn (a kind still in the box)."""


class ShopDataError(ValueError):
    """``shops.toml`` disagrees with the goods there are."""


@dataclass(frozen=True)
class Shops:
    """``data/shops.toml``: the hours a city's shop takes and each key city's fixed offers."""

    hours: int
    cities: dict[str, tuple[Offer, ...]]


def _offer(raw: dict[str, Any], where: str) -> Offer:
    found = Offer(str(raw.get("item", "")), int(raw["price"]), str(raw.get("slot", "")), str(raw.get("stat", "")),
                  int(raw.get("stock", 1)))
    kinds = [bool(found.item), bool(found.slot), bool(found.stat)]
    ok = sum(kinds) == 1 and found.price >= 0 and found.stock >= 1
    ok = ok and (not found.item or found.item in catalogue()) and (not found.slot or found.slot in SLOT_KINDS)
    if not ok or (found.stat and found.stat not in GENERIC_STATS):
        raise ShopDataError(f"{where}: bad offer {raw!r}")
    return found


@cache
def shops() -> Shops:
    """The key cities' shops (read and checked once): every key city has one."""
    raw: dict[str, Any] = tomllib.loads((DATA / "shops.toml").read_text(encoding="utf-8"))
    cities = {str(c["id"]): tuple(_offer(o, f"shops.toml {c['id']}") for o in c["offers"]) for c in raw["city"]}
    if set(cities) != {k.id for k in board.atlas().key_cities}:
        raise ShopDataError("shops.toml: one [[city]] per key city")
    return Shops(int(raw["shop"]["hours"]), cities)


# ---- the box's supply (ruling R82) ---------------------------------------------------------------------------------
def in_stock(state: GatherState, offer: Offer) -> bool:
    """Whether the box still holds the slot or generic block ``offer`` sells (an item: not a unique that is gone)."""
    if offer.slot:
        return state.slot_box.get(offer.slot, 0) > 0
    if offer.stat:
        return state.generic_box > 0
    return offer.item not in state.gone


def deliver(state: GatherState, seat: int, offer: Offer, events: list[Event]) -> None:
    """``seat`` pays ``offer``'s price to the bank and takes the goods: a slot or a generic block out of the box
    (public, ruling R81), an item into the hand (named to its owner only, ruling R69)."""
    player = state.seats[seat]
    pay_bank(state, seat, offer.price)
    if offer.slot:
        state.slot_box[offer.slot] -= 1
        player.slots.append(offer.slot)
        events.append(Event("gather.bought_slot", {"seat": seat, "slot": offer.slot, "price": offer.price}))
        return
    if offer.stat:
        state.generic_box -= 1
        player.generics[offer.stat] = player.generics.get(offer.stat, 0) + 1
        events.append(Event("gather.bought_generic", {"seat": seat, "stat": offer.stat, "price": offer.price}))
        return
    into_hand = catalogue()[offer.item].timing not in ("triggered", "buff")
    bought = Event("gather.bought", {"seat": seat, "item": offer.item, "price": offer.price})
    events.append(msgspec.structs.replace(bought, seats=(seat,), public=Event(
        "gather.bought_hidden", {"seat": seat, "price": offer.price})) if into_hand else bought)
    gain_item(state, seat, offer.item, events)


def trade_offers(state: GatherState, goods: tuple[Goods, ...]) -> list[Offer]:
    """A trade card's shop as drawn now: a random item of a rarity or tag, a slot of a random kind still in the box
    (``slot = "any"``), a generic block of a random stat; goods the box or the pool no longer has are left out."""
    offers: list[Offer] = []
    for g in goods:
        if g.slot:
            kinds = [k for k in SLOT_KINDS if state.slot_box.get(k, 0) > 0]
            kind = g.slot if g.slot != ANY else (kinds[state.rng.below(len(kinds))] if kinds else "")
            found = Offer("", g.price, slot=kind) if kind else None
        elif g.stat:
            stat = g.stat if g.stat != ANY else GENERIC_STATS[state.rng.below(len(GENERIC_STATS))]
            found = Offer("", g.price, stat=stat)
        else:
            item = g.item or random_item(state, g.rarity, g.tag)
            found = Offer(item, g.price) if item else None
        if found is not None and in_stock(state, found):
            offers.append(found)
    return offers


# ---- a key city's shop (ruling R79) -------------------------------------------------------------------------------
def city_of(state: GatherState, seat: int) -> str | None:
    """The key city ``seat`` stands in, or ``None``."""
    tile = state.tile_at(state.seats[seat].cell)
    return tile if isinstance(board.atlas().by_id[tile], board.KeyCity) else None


def shop_blocked(state: GatherState, frame: FreeF, seat: int, late: bool) -> str | None:
    """Why ``seat`` may not open a key city's shop now (an error key); ``None`` when it may. ``late``: past 22:00."""
    player = state.seats[seat]
    if city_of(state, seat) is None:
        return "error.gather.no_shop"
    if late:
        return "error.gather.too_late"
    refused = state_refusal(player, HOSPITAL, PARALLEL, FEVER)
    if refused is not None:
        return refused
    if frame.shopped:
        return "error.gather.shopped_already"
    return None


def open_city_shop(state: GatherState, frame: FreeF, seat: int, events: list[Event]) -> None:
    """Open the city's fixed options (1 h, once a day, a free action: special moves end for the day)."""
    city = city_of(state, seat)
    assert city is not None
    frame.shopped = frame.acted = True
    state.seats[seat].clock += shops().hours
    offers = [o for o in shops().cities[city] if in_stock(state, o)]
    events.append(Event("gather.city_shop", {"seat": seat, "tile": city}))
    if offers:
        state.stack.append(ShopF(seat, city, offers))


def may_buy(state: GatherState, frame: ShopF, seat: int, index: int) -> bool:
    """Whether ``seat`` may buy offer ``index`` (0-based) of the shop now: stock left, in the box, affordable."""
    offer = frame.offers[index]
    return frame.bought.count(index) < offer.stock and in_stock(state, offer) \
        and state.seats[seat].funds >= offer.price


# ---- conservation (ruling R82) -------------------------------------------------------------------------------------
def invariants(state: GatherState) -> list[str]:
    """The box's supply is conserved: per slot kind, the box and the players' slots make 4; the generic blocks
    make 40; nothing in the box or held is negative or of an unknown kind or stat."""
    out: list[str] = []
    if set(state.slot_box) != set(SLOT_KINDS) or any(n < 0 for n in state.slot_box.values()):
        out.append(f"the box's slots are {state.slot_box}")
    for kind in SLOT_KINDS:
        held = sum(p.slots.count(kind) for p in state.seats)
        if held + state.slot_box.get(kind, 0) != SLOTS_PER_KIND:
            out.append(f"slots {kind}: {held} held and {state.slot_box.get(kind, 0)} in the box")
    generics = sum(n for p in state.seats for n in p.generics.values())
    if generics + state.generic_box != GENERICS_IN_BOX or state.generic_box < 0:
        out.append(f"generic blocks: {generics} held and {state.generic_box} in the box")
    for seat, p in enumerate(state.seats):
        if not set(p.slots) <= set(SLOT_KINDS) or not set(p.generics) <= set(GENERIC_STATS) \
                or any(n <= 0 for n in p.generics.values()):
            out.append(f"seat {seat} holds slots {p.slots} and generic blocks {p.generics}")
    return out


def corruptions(state: GatherState, copy: Any) -> list[tuple[str, GatherState]]:
    """Copies of ``state`` (made by ``copy()``) that each break one law :func:`invariants` checks."""
    slot = copy()
    slot.seats[0].slots.append("I")
    generic = copy()
    generic.seats[0].generics["S"] = generic.seats[0].generics.get("S", 0) + 1
    drained = copy()
    drained.generic_box -= 1
    return [("a slot from nowhere", slot), ("a generic block from nowhere", generic),
            ("a generic block vanished from the box", drained)]
