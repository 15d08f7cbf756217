"""Development cards and empires of It's a Wonderful World, loaded from ``data/*.toml``.

The deck is original content (see ``docs/rules/wonderful-world.md``); its composition matches the
rules text: 150 cards — 50 structures, 31 vehicles, 23 research, 29 projects, 17 discoveries —
in 78 distinct designs.
"""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from pathlib import Path

import msgspec

DATA = Path(__file__).with_name("data")


class Resource(StrEnum):
    """The five produced resources, in production order (rules §3, 阶段三), plus krystallium."""

    MATERIALS = "materials"
    ENERGY = "energy"
    SCIENCE = "science"
    GOLD = "gold"
    EXPLORATION = "exploration"
    KRYSTALLIUM = "krystallium"


PRODUCTION_ORDER: tuple[Resource, ...] = (
    Resource.MATERIALS, Resource.ENERGY, Resource.SCIENCE, Resource.GOLD, Resource.EXPLORATION,
)


class Character(StrEnum):
    FINANCIER = "financier"
    GENERAL = "general"


class CardType(StrEnum):
    STRUCTURE = "structure"
    VEHICLE = "vehicle"
    RESEARCH = "research"
    PROJECT = "project"
    DISCOVERY = "discovery"


COST_KEYS = {r.value for r in Resource} | {c.value for c in Character}
PER_KEYS = {t.value for t in CardType} | {c.value for c in Character}


class PerProduction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Produce one ``resource`` per built card of type ``per`` (counting this card too)."""

    resource: Resource
    per: CardType


class PerPoints(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``points`` victory points per built card of type ``per`` or per character token."""

    per: str
    points: int


class CardDesign(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One distinct development card; ``copies`` of it are in the deck."""

    id: str
    type: CardType
    copies: int
    name: dict[str, str]
    cost: dict[str, int]
    recycle: Resource
    production: dict[str, int] = {}
    production_per: PerProduction | None = None
    bonus: dict[str, int] = {}
    points: int = 0
    points_per: PerPoints | None = None

    def label(self, lang: str) -> str:
        return self.name.get(lang) or self.name["en"]


class EmpireSide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    production: dict[str, int]
    points_per: PerPoints | None = None


class Empire(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A two-sided empire card (rules: 帝国卡牌); side B is the same for every empire."""

    id: str
    name: dict[str, str]
    a: EmpireSide
    b: EmpireSide

    def label(self, lang: str) -> str:
        return self.name.get(lang) or self.name["en"]


class _CardFile(msgspec.Struct):
    card: list[CardDesign]


class _EmpireFile(msgspec.Struct):
    empire: list[Empire]


def _validate_card(card: CardDesign) -> None:
    problems = []
    if set(card.name) != {"en", "zh"}:
        problems.append("needs en and zh names")
    if not card.cost or any(k not in COST_KEYS or v <= 0 for k, v in card.cost.items()):
        problems.append(f"bad cost {card.cost}")
    if any(k not in {r.value for r in Resource} - {"krystallium"} for k in card.production):
        problems.append(f"bad production {card.production}")
    if any(k not in {"krystallium", "financier", "general"} for k in card.bonus):
        problems.append(f"bad bonus {card.bonus}")
    if card.points_per and card.points_per.per not in PER_KEYS:
        problems.append(f"bad points_per {card.points_per}")
    if card.recycle == Resource.KRYSTALLIUM:
        problems.append("cannot recycle into krystallium")
    if card.copies < 1:
        problems.append("copies must be >= 1")
    if problems:
        raise ValueError(f"card {card.id}: " + "; ".join(problems))


@cache
def designs() -> dict[str, CardDesign]:
    """Every distinct card by id, validated."""
    raw = tomllib.loads((DATA / "cards.toml").read_text(encoding="utf-8"))
    parsed = msgspec.convert(raw, _CardFile)
    out: dict[str, CardDesign] = {}
    for card in parsed.card:
        _validate_card(card)
        if card.id in out:
            raise ValueError(f"duplicate card id {card.id}")
        out[card.id] = card
    return out


@cache
def deck_list() -> tuple[str, ...]:
    """The 150 physical cards as design ids, in data-file order (instance uid = index)."""
    return tuple(card.id for card in designs().values() for _ in range(card.copies))


@cache
def empires() -> dict[str, Empire]:
    raw = tomllib.loads((DATA / "empires.toml").read_text(encoding="utf-8"))
    return {e.id: e for e in msgspec.convert(raw, _EmpireFile).empire}
