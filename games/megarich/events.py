"""巨富豪∞: the event cards (事件卡) drawn when exploring, and the effect vocabulary events and items share.

Five kinds of card (``data/events.toml``): *fate* (命运: a description and its result), *chance* (机会: options
to choose from, whose results stay hidden until chosen), *trade* (交易: a shop), *tile* (区块限定: drawn only on
a matching tile) and *parallel* (平行现实: the pool of a player in the parallel reality). A draw picks one
eligible card (its kind by weight, then a card of the kind) from the game's seeded generator (the deck is
never used up: ruling R9).

Effects are data: :func:`apply_effects` interprets the vocabulary (funds, hours, go, portal, enter, leave,
item, lose_block) for events and items alike.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from games.core.events import Event

from . import board
from .board import Cell
from .items import RARITIES, Effect, catalogue, of_rarity
from .state import FEVER, HOSPITAL, PARALLEL, STATES, GatherState, drop_block, pay_bank

DATA = Path(__file__).with_name("data")

KINDS: tuple[str, ...] = ("fate", "chance", "trade", "tile", "parallel")
"""命运, 机会, 交易, 区块限定, 平行现实."""
STANDARD: tuple[str, ...] = ("fate", "chance", "trade", "tile")
"""The kinds a player in the base reality draws from (tile cards only on a matching tile)."""
OPS: tuple[str, ...] = ("funds", "hours", "go", "portal", "enter", "leave", "item", "lose_block")
PLACES: tuple[str, ...] = ("centre", "top", "bottom", "key", "near")


class EventDataError(ValueError):
    """``events.toml`` disagrees with the vocabulary."""


class Choice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An option of a chance card: what it says, and what it turns out to be (hidden until chosen)."""

    zh: str
    en: str
    result_zh: str
    result_en: str
    hours: int = 0
    effects: tuple[Effect, ...] = ()


class Goods(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A trade card's offer: one item, or a random item of a rarity, at a price."""

    price: int
    item: str = ""
    rarity: str = ""


class Where(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a tile-limited card may be drawn: on a tile of this tag and/or continent."""

    tag: str = ""
    continent: str = ""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An event card."""

    id: str
    kind: str
    zh: str
    en: str
    text_zh: str
    text_en: str
    hours: int = 0
    weight: int = 0
    where: Where | None = None
    effects: tuple[Effect, ...] = ()
    choice: tuple[Choice, ...] = ()
    offers: tuple[Goods, ...] = ()


def _check_effect(effect: Effect, where: str) -> None:
    items = catalogue()
    ok = effect.op in OPS
    if effect.op in {"go", "portal"}:
        ok = effect.to in PLACES
    elif effect.op in {"enter", "leave"}:
        ok = effect.state in STATES
    elif effect.op == "item":
        ok = (effect.item in items) != (effect.rarity in RARITIES)
    if not ok:
        raise EventDataError(f"{where}: bad effect {effect!r}")


def check_effects(effects: tuple[Effect, ...], where: str) -> None:
    """Raise :class:`EventDataError` unless every effect is of the vocabulary with valid arguments."""
    for effect in effects:
        _check_effect(effect, where)


def _check(card: Card) -> None:
    if card.kind not in KINDS:
        raise EventDataError(f"event {card.id}: kind {card.kind!r}")
    if (card.kind == "chance") != bool(card.choice) or (card.kind == "trade") != bool(card.offers):
        raise EventDataError(f"event {card.id}: chance cards (only) have choices, trade cards (only) offers")
    if (card.kind == "tile") != (card.where is not None):
        raise EventDataError(f"event {card.id}: tile cards (only) say where")
    check_effects(card.effects, f"event {card.id}")
    for option in card.choice:
        check_effects(option.effects, f"event {card.id}")
    for goods in card.offers:
        if (goods.item in catalogue()) == (goods.rarity in RARITIES) or goods.price < 0:
            raise EventDataError(f"event {card.id}: bad offer {goods!r}")


@cache
def deck() -> dict[str, Card]:
    """Every event card by id, in data order (read and checked once)."""
    raw: dict[str, Any] = tomllib.loads((DATA / "events.toml").read_text(encoding="utf-8"))
    out: dict[str, Card] = {}
    for card in msgspec.convert(raw["event"], list[Card]):
        if card.id in out:
            raise EventDataError(f"event id {card.id!r} is used twice")
        _check(card)
        out[card.id] = card
    for item in catalogue().values():
        check_effects(item.effects, f"item {item.id}")
    return out


def card(card_id: str) -> Card:
    """The event card ``card_id``."""
    return deck()[card_id]


def option_labels(card_id: str, lang: str) -> tuple[str, ...]:
    """A chance card's options as a player may see them before choosing: the words of each option in ``lang``,
    never what it turns out to be (the results are only in the data, shown once chosen)."""
    return tuple(o.zh if lang == "zh" else o.en for o in card(card_id).choice)


def result_text(card_id: str, option: int, lang: str) -> str:
    """What the ``option``-th (from 1) option of a chance card turned out to be, once chosen."""
    chosen = card(card_id).choice[option - 1]
    return chosen.result_zh if lang == "zh" else chosen.result_en


def tile_matches(where: Where, tile_id: str) -> bool:
    """Whether a tile-limited card may be drawn on ``tile_id`` (key cities and hubs match no tag)."""
    found = board.atlas().by_id[tile_id]
    if not isinstance(found, board.Place):
        return False
    return (not where.tag or where.tag == found.tag) and (not where.continent or where.continent == found.continent)


def eligible(state: GatherState, seat: int, weights: dict[str, int]) -> list[tuple[Card, int]]:
    """The cards ``seat`` may draw now, each with its weight within its kind (the card's own, else 1): the
    parallel pool in the parallel reality, else the standard kinds, tile-limited cards only on a matching tile."""
    player = state.seats[seat]
    tile = state.tile_at(player.cell)
    kinds = ("parallel",) if PARALLEL in player.states else STANDARD
    out: list[tuple[Card, int]] = []
    for c in deck().values():
        if c.kind not in kinds or (c.where is not None and not tile_matches(c.where, tile)):
            continue
        out.append((c, c.weight or 1))
    return out


def _pick(rng_below: Any, weighted: list[tuple[Any, int]]) -> Any:
    pick = rng_below(sum(w for _, w in weighted))
    for thing, w in weighted:
        if pick < w:
            return thing
        pick -= w
    raise AssertionError("unreachable")  # pragma: no cover


def draw(state: GatherState, seat: int, weights: dict[str, int]) -> Card:
    """Draw one eligible card: first its kind by the kinds' weights (``economy.toml`` [explore], among the
    kinds with an eligible card), then a card of that kind by the cards' weights (two draws)."""
    pool = eligible(state, seat, weights)
    kinds = [(k, weights[k]) for k in KINDS if any(c.kind == k for c, _ in pool)]
    kind = _pick(state.rng.below, kinds)
    found: Card = _pick(state.rng.below, [(c, w) for c, w in pool if c.kind == kind])
    return found


# ---- the effect vocabulary ----------------------------------------------------------------------------------------
def place(state: GatherState, seat: int, where: str) -> Cell:
    """The cell an effect's ``to`` names for ``seat``: a key city by position, a random key city (``key``) or
    a random neighbouring hex (``near``)."""
    world = board.atlas()
    if where == "near":
        return state.rng.choice(board.neighbours(state.seats[seat].cell))
    if where == "key":
        return state.rng.choice([k.cell for k in world.key_cities])
    return world.key_city(where).cell


def enter(state: GatherState, seat: int, status: str, events: list[Event]) -> None:
    """``seat`` enters an abnormal state (its counter starts at 0); 入院 ends the current action and the
    free-action phase at once (``halted``)."""
    player = state.seats[seat]
    if status in player.states:
        return
    player.states[status] = 0
    if status == HOSPITAL:
        player.halted = True
    events.append(Event("gather.entered", {"seat": seat, "state": status}))


def leave(state: GatherState, seat: int, status: str, events: list[Event]) -> None:
    """``seat`` leaves an abnormal state (nothing if not in it)."""
    if state.seats[seat].states.pop(status, None) is not None:
        events.append(Event("gather.left", {"seat": seat, "state": status}))


def gain_item(state: GatherState, seat: int, item_id: str, events: list[Event]) -> None:
    """``seat`` gains an item: a triggered one is carried out and discarded, a buff starts, any other goes to
    the hand. A unique item leaves the pool for good."""
    kind = catalogue()[item_id]
    player = state.seats[seat]
    if kind.rarity == "unique":
        if item_id in state.gone:
            return
        state.gone.append(item_id)
    events.append(Event("gather.item", {"seat": seat, "item": item_id}))
    if kind.timing == "triggered":
        apply_effects(state, seat, kind.effects, events)
    elif kind.timing == "buff":
        player.buffs[item_id] = player.buffs.get(item_id, 0) + kind.lasts
    else:
        player.items.append(item_id)


def random_item(state: GatherState, rarity: str) -> str | None:
    """A random item kind of ``rarity`` still in the pool (uniques that left the game are not), or ``None``."""
    pool = [i for i in of_rarity(rarity) if i not in state.gone]
    return state.rng.choice(pool) if pool else None


def apply_effects(state: GatherState, seat: int, effects: tuple[Effect, ...], events: list[Event]) -> None:
    """Carry out ``effects`` for ``seat``, in order."""
    player = state.seats[seat]
    for effect in effects:
        if effect.op == "funds":
            pay_bank(state, seat, -effect.amount)
            events.append(Event("gather.funds", {"seat": seat, "amount": effect.amount}))
        elif effect.op == "hours":
            player.clock += effect.amount
            events.append(Event("gather.hours", {"seat": seat, "amount": effect.amount}))
        elif effect.op == "go":
            player.cell = place(state, seat, effect.to)
            events.append(Event("gather.went", {"seat": seat, "tile": state.tile_at(player.cell)}))
        elif effect.op == "portal":
            player.portal = place(state, seat, effect.to)
            events.append(Event("gather.portal_set", {"seat": seat, "tile": state.tile_at(player.portal)}))
        elif effect.op == "enter":
            enter(state, seat, effect.state, events)
        elif effect.op == "leave":
            leave(state, seat, effect.state, events)
        elif effect.op == "item":
            found = effect.item or random_item(state, effect.rarity)
            if found:
                gain_item(state, seat, found, events)
        elif effect.op == "lose_block" and player.blocks:
            tile = state.rng.choice(sorted(player.blocks))
            holder = drop_block(state, seat, tile)
            events.append(Event("gather.block_lost", {"seat": seat, "tile": tile, "patent": holder}))


__all__ = ["FEVER", "KINDS", "Card", "Choice", "Goods", "apply_effects", "card", "deck", "draw", "enter",
           "gain_item", "leave"]
