"""巨富豪∞: the items (道具) of the gathering phase, read from ``data/items.toml``.

An item has a rarity (普通 common, 罕见 uncommon, 稀有 rare, 传奇 legendary, or 唯一 unique: one copy per game)
and a timing type: *consumable* (into the hand, used once with ``use <id>``), *triggered* (carried out when
gained, then discarded), *buff* (its effects carried out when gained, then shown in the player's area while it
lasts, counted in standard moves) or *permanent* (kept; its passive ``flag`` works while held, and one with
effects is used once a day, worn out with ``breaks`` % at each use). What an item does is a list of effects of
the small vocabulary :mod:`games.megarich.events` interprets; any item in the hand may be sold (``sell <id>``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

DATA = Path(__file__).with_name("data")

RARITIES: tuple[str, ...] = ("common", "uncommon", "rare", "legendary", "unique")
TIMINGS: tuple[str, ...] = ("consumable", "triggered", "buff", "permanent")
ITEM_TAGS: tuple[str, ...] = ("arcane", "animal", "food")
FLAGS: tuple[str, ...] = ("pod", "itchy", "free_ride")
"""Passive effects the engine knows: ``pod`` (豆荚机车: may choose the move limit 5), ``itchy``
(痒痒怪变身卡: the move limit is 1) and ``free_ride`` (a standard move costs nothing: ruling R77)."""


class ItemDataError(ValueError):
    """``items.toml`` disagrees with the vocabulary."""


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect of an event card, an option or an item (the vocabulary is in ``data/events.toml``)."""

    op: str
    amount: int = 0
    to: str = ""
    state: str = ""
    item: str = ""
    rarity: str = ""
    tag: str = ""


class Item(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An item kind."""

    id: str
    zh: str
    en: str
    text_zh: str
    text_en: str
    rarity: str
    timing: str
    tags: tuple[str, ...] = ()
    flag: str = ""
    lasts: int = 0
    breaks: int = 0
    effects: tuple[Effect, ...] = ()

    @property
    def reusable(self) -> bool:
        """A permanent item with effects: used once a day (ruling R74), kept until sold or worn out."""
        return self.timing == "permanent" and bool(self.effects)

    @property
    def usable(self) -> bool:
        """Whether ``use`` applies to it: a consumable, or a reusable permanent item."""
        return self.timing == "consumable" or self.reusable

    def name(self, lang: str) -> str:
        """The item's name in ``lang``."""
        return self.zh if lang == "zh" else self.en

    def text(self, lang: str) -> str:
        """What the item does, in ``lang`` (the card's text)."""
        return self.text_zh if lang == "zh" else self.text_en


def _check(item: Item) -> None:
    if item.rarity not in RARITIES or item.timing not in TIMINGS:
        raise ItemDataError(f"item {item.id}: rarity {item.rarity!r} or timing {item.timing!r}")
    if not set(item.tags) <= set(ITEM_TAGS) or (item.flag and item.flag not in FLAGS):
        raise ItemDataError(f"item {item.id}: tags {item.tags!r} or flag {item.flag!r}")
    if (item.timing == "buff") != (item.lasts > 0):
        raise ItemDataError(f"item {item.id}: a buff (and only a buff) lasts some moves")
    if not 0 <= item.breaks < 100 or (item.breaks and not item.reusable):
        raise ItemDataError(f"item {item.id}: only a reusable permanent item breaks, 0-99 %")


@cache
def catalogue() -> dict[str, Item]:
    """Every item kind by id, in data order (read and checked once)."""
    raw: dict[str, Any] = tomllib.loads((DATA / "items.toml").read_text(encoding="utf-8"))
    items = msgspec.convert(raw["item"], list[Item])
    out: dict[str, Item] = {}
    for item in items:
        if item.id in out:
            raise ItemDataError(f"item id {item.id!r} is used twice")
        _check(item)
        out[item.id] = item
    return out


def item(item_id: str) -> Item:
    """The item kind ``item_id`` (``KeyError`` if there is none)."""
    return catalogue()[item_id]


def of_rarity(rarity: str) -> tuple[str, ...]:
    """The ids of the item kinds of ``rarity``, in data order."""
    return tuple(i.id for i in catalogue().values() if i.rarity == rarity)


def matching(rarity: str = "", tag: str = "") -> tuple[str, ...]:
    """The ids of the item kinds of ``rarity`` (any but unique when empty) carrying ``tag`` (any when empty),
    in data order: how an effect finds "an item of a tag" ("从事件或其它道具的效果中检索道具")."""
    return tuple(i.id for i in catalogue().values()
                 if (i.rarity == rarity if rarity else i.rarity != "unique") and (not tag or tag in i.tags))
