"""巨富豪∞: the event cards (事件卡) drawn when exploring, and the effect vocabulary events and items share.

Five kinds of card (``data/events.toml``): *fate* (命运: a description and its result), *chance* (机会: options
to choose from, whose results stay hidden until chosen), *trade* (交易: a shop), *tile* (区块限定: drawn only on
a matching tile) and *parallel* (平行现实: the pool of a player in the parallel reality). A draw picks one
eligible card (its kind by weight, then a card of the kind) from the game's seeded generator (the deck is
never used up: ruling R9).

Effects are data: :func:`apply_effects` interprets the vocabulary (funds, hours, go, portal, enter, leave,
item, lose_block, per_block, collect, coin, backfire, curse, upgrade_block, lose_item) for events and items
alike. A card's pool depends on the round, the tile and the holdings ("在当前轮次数、触发区块以及玩家的持有物品
…发生变化时，可能触发的事件池…也会发生变化"): its ``where`` (tile cards) and ``when``.
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
from .dice import CoinFace, flip
from .items import ITEM_TAGS, RARITIES, Effect, catalogue, matching
from .state import (
    FEVER,
    GENERIC_STATS,
    HOSPITAL,
    PARALLEL,
    SLOT_KINDS,
    STATES,
    GatherState,
    drop_block,
    grant_block,
    pay_bank,
    pay_player,
)

DATA = Path(__file__).with_name("data")

KINDS: tuple[str, ...] = ("fate", "chance", "trade", "tile", "parallel")
"""命运, 机会, 交易, 区块限定, 平行现实."""
STANDARD: tuple[str, ...] = ("fate", "chance", "trade", "tile")
"""The kinds a player in the base reality draws from (tile cards only on a matching tile)."""
OPS: tuple[str, ...] = ("funds", "hours", "go", "portal", "enter", "leave", "item", "lose_block", "per_block",
                        "collect", "coin", "backfire", "curse", "upgrade_block", "lose_item")
TOP_LEVEL = 4
"""The highest level of a block (ruling R3's table; ``upgrade_block`` stops there)."""
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
    """A trade card's offer: one item, or a random item of a rarity and/or a tag, or an expansion slot (``slot``: a
    kind, or ``any`` kind still in the box) or a generic block (``stat``: a stat, or ``any``), at a price (R80)."""

    price: int
    item: str = ""
    rarity: str = ""
    tag: str = ""
    slot: str = ""
    stat: str = ""


class Where(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Where a tile-limited card may be drawn: on a tile of this tag and/or continent, or on one of ``tiles``."""

    tag: str = ""
    continent: str = ""
    tiles: tuple[str, ...] = ()


class When(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """When a card is in the pool (every condition given must hold): from or until a round (day), while the
    drawer holds at least ``blocks`` inspiration blocks, or holds an item tagged ``holds`` (hand or buffs)."""

    from_round: int = 0
    until_round: int = 0
    blocks: int = 0
    holds: str = ""


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
    when: When | None = None
    effects: tuple[Effect, ...] = ()
    choice: tuple[Choice, ...] = ()
    offers: tuple[Goods, ...] = ()


def _check_effect(effect: Effect, where: str) -> None:
    items = catalogue()
    ok = effect.op in OPS
    if effect.op in {"go", "portal"}:
        ok = effect.to in PLACES
    elif effect.op in {"enter", "leave", "curse"}:
        ok = effect.state in STATES
    elif effect.op == "item":
        ok = (effect.item in items) != (effect.rarity in RARITIES or effect.tag in ITEM_TAGS)
        ok = ok and (not effect.item or not effect.tag) and bool(effect.item or matching(effect.rarity, effect.tag))
    elif effect.op in {"per_block", "collect", "coin"}:
        ok = effect.amount != 0
    elif effect.op == "backfire":
        ok = 0 < effect.amount < 100
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
    if card.where is not None and not set(card.where.tiles) <= set(board.atlas().by_id):
        raise EventDataError(f"event {card.id}: unknown tiles {card.where.tiles!r}")
    if card.when is not None and card.when.holds and card.when.holds not in ITEM_TAGS:
        raise EventDataError(f"event {card.id}: holds {card.when.holds!r}")
    # ruling R75: "落入平行现实只会在遇到某些区块限定的特殊事件、受到其他玩家的道具影响或在使用道具时因发生奇术回火触发"
    if card.kind in {"fate", "chance", "trade"} and any(
            e.op in {"enter", "curse"} and e.state == PARALLEL
            for e in (*card.effects, *(e for o in card.choice for e in o.effects))):
        raise EventDataError(f"event {card.id}: only a tile-limited card sends a player to the parallel reality")
    check_effects(card.effects, f"event {card.id}")
    for option in card.choice:
        check_effects(option.effects, f"event {card.id}")
    for goods in card.offers:
        if goods.slot or goods.stat:              # ruling R80: a slot or a generic block, nothing else with it
            ok = not (goods.item or goods.rarity or goods.tag) and goods.price >= 0 and bool(goods.slot) != bool(
                goods.stat) and (goods.slot in (*SLOT_KINDS, "any") or goods.stat in (*GENERIC_STATS, "any"))
            if not ok:
                raise EventDataError(f"event {card.id}: bad offer {goods!r}")
            continue
        drawn = goods.rarity in RARITIES or goods.tag in ITEM_TAGS
        if (goods.item in catalogue()) == drawn or goods.price < 0 or not (goods.item or matching(goods.rarity,
                                                                                                 goods.tag)):
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
        if any(e.op == "enter" and e.state == PARALLEL for e in item.effects):
            raise EventDataError(f"item {item.id}: an item sends its user to the parallel reality only by backfire")
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
    if where.tiles and tile_id not in where.tiles:
        return False
    return (not where.tag or where.tag == found.tag) and (not where.continent or where.continent == found.continent)


def holds_tag(state: GatherState, seat: int, tag: str) -> bool:
    """Whether ``seat`` holds an item (in hand or as a buff) tagged ``tag``."""
    player = state.seats[seat]
    return any(tag in catalogue()[i].tags for i in [*player.items, *player.buffs])


def in_season(when: When, state: GatherState, seat: int) -> bool:
    """Whether a card's ``when`` holds for ``seat`` now: the round, the blocks held, the item tags held."""
    return (state.round >= when.from_round and (not when.until_round or state.round <= when.until_round)
            and len(state.seats[seat].blocks) >= when.blocks and (not when.holds or holds_tag(state, seat, when.holds)))


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
        if c.when is not None and not in_season(c.when, state, seat):
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
    free-action phase at once (``halted``) when it is ``seat``'s day."""
    player = state.seats[seat]
    if status in player.states:
        return
    player.states[status] = 0
    if status == HOSPITAL and seat == state.current:
        player.halted = True
    events.append(Event("gather.entered", {"seat": seat, "state": status}))


def leave(state: GatherState, seat: int, status: str, events: list[Event]) -> None:
    """``seat`` leaves an abnormal state (nothing if not in it)."""
    if state.seats[seat].states.pop(status, None) is not None:
        events.append(Event("gather.left", {"seat": seat, "state": status}))


def gain_item(state: GatherState, seat: int, item_id: str, events: list[Event]) -> None:
    """``seat`` gains an item: a triggered one is carried out and discarded, a buff is carried out and starts
    ("增益型道具在触发效果后需要在增益持有者的操作区域中公开展示"), any other goes to the hand. A unique item
    leaves the pool for good."""
    kind = catalogue()[item_id]
    player = state.seats[seat]
    if kind.rarity == "unique":
        if item_id in state.gone:
            return
        state.gone.append(item_id)
    events.append(item_event(seat, item_id, into_hand=kind.timing not in ("triggered", "buff")))
    if kind.timing == "triggered":
        apply_effects(state, seat, kind.effects, events)
    elif kind.timing == "buff":
        player.buffs[item_id] = player.buffs.get(item_id, 0) + kind.lasts
        apply_effects(state, seat, kind.effects, events)
    else:
        player.items.append(item_id)


def item_event(seat: int, item_id: str, *, into_hand: bool) -> Event:
    """``seat`` gains ``item_id``: told by name to everyone when it is played openly (a triggered item, a buff: "在增益
    持有者的操作区域中公开展示"), to its owner only when it goes to the hand, the others reading that a card went
    to the hand (ruling R69)."""
    if not into_hand:
        return Event("gather.item", {"seat": seat, "item": item_id})
    return Event("gather.item", {"seat": seat, "item": item_id}, seats=(seat,),
                 public=Event("gather.item_hidden", {"seat": seat}))


def random_item(state: GatherState, rarity: str, tag: str = "") -> str | None:
    """A random item kind of ``rarity`` (any but unique when empty) and ``tag`` still in the pool (uniques that
    left the game are not), or ``None``."""
    pool = [i for i in matching(rarity, tag) if i not in state.gone]
    return state.rng.choice(pool) if pool else None


def collect(state: GatherState, seat: int, amount: int, events: list[Event]) -> None:
    """Every other player pays ``seat`` ``amount`` (a negative amount: ``seat`` pays each of them), never more
    than the payer's funds above 0 (ruling R76)."""
    for other in range(state.players):
        if other == seat:
            continue
        payer, payee = (other, seat) if amount > 0 else (seat, other)
        paid = min(abs(amount), max(0, state.seats[payer].funds))
        if paid:
            pay_player(state, payer, payee, paid)
            events.append(Event("gather.paid", {"seat": payer, "player": payee, "amount": paid}))


def upgrade_block(state: GatherState, seat: int, events: list[Event]) -> None:
    """A random block whose patent ``seat`` holds rises one level for free (none below the top: nothing)."""
    player = state.seats[seat]
    mine = sorted(t for t, lv in player.blocks.items() if lv < TOP_LEVEL and state.record(t).patent == seat)
    if mine:
        tile = state.rng.choice(mine)
        grant_block(state, seat, tile, player.blocks[tile] + 1)
        events.append(Event("gather.block_up", {"seat": seat, "tile": tile, "level": player.blocks[tile]}))


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
            found = effect.item or random_item(state, effect.rarity, effect.tag)
            if found:
                gain_item(state, seat, found, events)
        elif effect.op == "per_block":
            amount = effect.amount * len(player.blocks)
            pay_bank(state, seat, -amount)
            events.append(Event("gather.funds", {"seat": seat, "amount": amount}))
        elif effect.op == "collect":
            collect(state, seat, effect.amount, events)
        elif effect.op == "coin":
            face = flip(state.rng)
            won = effect.amount if face is CoinFace.HEAD else -effect.amount
            pay_bank(state, seat, -won)
            events.append(Event("gather.coin", {"seat": seat, "face": face.value, "amount": won}))
        elif effect.op == "backfire" and state.rng.below(100) < effect.amount:
            events.append(Event("gather.backfire", {"seat": seat}))
            enter(state, seat, PARALLEL, events)
        elif effect.op == "curse":
            others = [s for s in range(state.players) if s != seat and effect.state not in state.seats[s].states]
            if others:
                enter(state, state.rng.choice(others), effect.state, events)
        elif effect.op == "upgrade_block":
            upgrade_block(state, seat, events)
        elif effect.op == "lose_item" and player.items:
            lost = state.rng.choice(sorted(player.items))
            player.items.remove(lost)
            events.append(Event("gather.item_lost", {"seat": seat, "item": lost}))
        elif effect.op == "lose_block" and player.blocks:
            tile = state.rng.choice(sorted(player.blocks))
            holder = drop_block(state, seat, tile)
            events.append(Event("gather.block_lost", {"seat": seat, "tile": tile, "patent": holder}))


__all__ = ["FEVER", "HOSPITAL", "KINDS", "Card", "Choice", "Goods", "When", "apply_effects", "card", "deck", "draw",
           "enter", "gain_item", "leave"]
