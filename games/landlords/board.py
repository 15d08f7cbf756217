"""Board, idle-land cards and fixed figures of The Landlord's Game, loaded from ``data/*.toml``.

Everything is validated at load time against the counts and colours of the rules text (rules §1.3,
§1.4): a malformed data file fails loudly at import, never half-way through a game.
"""

from __future__ import annotations

import tomllib
from enum import StrEnum
from functools import cache
from pathlib import Path

import msgspec

DATA = Path(__file__).with_name("data")
SPACES = 40
CORNER = 0


class Kind(StrEnum):
    """What a space does when a pawn lands on it."""

    WAGES = "wages"
    LOT = "lot"
    UTILITY = "utility"
    RAILROAD = "railroad"
    OFFICE = "office"
    LAND_TAX = "land_tax"
    PERSONAL_TAX = "personal_tax"
    IMPROVEMENT_TAX = "improvement_tax"
    HOTEL = "hotel"
    JAIL = "jail"
    ESTATE = "estate"


COLOURS: dict[Kind, str] = {
    Kind.WAGES: "tricolour", Kind.LOT: "green", Kind.UTILITY: "orange", Kind.RAILROAD: "red",
    Kind.OFFICE: "yellow", Kind.LAND_TAX: "blue", Kind.PERSONAL_TAX: "blue",
    Kind.IMPROVEMENT_TAX: "blue", Kind.HOTEL: "pink", Kind.JAIL: "grey", Kind.ESTATE: "star",
}
TAXES = frozenset({Kind.LAND_TAX, Kind.PERSONAL_TAX, Kind.IMPROVEMENT_TAX})
UTILITY_NAMES = ("Soakem Lighting System", "Slambang Trolley", "Ding Dong Telephone")


class Space(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    index: int
    kind: Kind
    colour: str
    name: dict[str, str]
    price: int = 0
    rent: int = 0
    buyout_order: int = 0

    def label(self, lang: str) -> str:
        return self.name.get(lang) or self.name["en"]


class IdleCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A yellow idle-land card (rules §7)."""

    id: str
    name: dict[str, str]
    sale: int

    def label(self, lang: str) -> str:
        return self.name.get(lang) or self.name["en"]


class Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The fixed figures of the rules text; see ``data/rules.toml`` for the section of each."""

    improvement_cost: int
    improvement_rent: int
    signs: int
    jail_fine: int
    jail_release_roll: int
    hotel_threshold: int
    hotel_fee: int
    utility_fare: int
    utility_monopoly_fare: int
    railroad_fare: int
    railroad_monopoly_fare: int
    idle_price: int
    land_tax_per_deed: int
    improvement_tax: int
    franchise_tax: int
    personal_tax_per_100: int
    public_fare: int
    prosperity_buyout: int
    seller_auction_minimum: int
    mortgage_interest_percent: int
    offers_per_turn: int
    exact_doubles: dict[str, int]
    exact_other: int

    def exact_wages(self, d1: int, d2: int) -> int:
        """Wages for reaching the corner by the exact roll ``d1 + d2`` (rules §4.2)."""
        if d1 == d2:
            return self.exact_doubles.get(str(d1), self.exact_other)
        return self.exact_other


class Board(msgspec.Struct, frozen=True):
    """The validated board with handy indexes."""

    spaces: tuple[Space, ...]
    lots: tuple[int, ...]
    utilities: tuple[int, ...]  # in public buy-out order (rules §11.5)
    railroads: tuple[int, ...]
    offices: tuple[int, ...]
    jail: int
    idle: dict[str, IdleCard]
    names: dict[str, int]  # lower-case en/zh name -> space index (unique names only)

    def is_franchise(self, index: int) -> bool:
        return self.spaces[index].kind in (Kind.UTILITY, Kind.RAILROAD)

    def is_card(self, index: int) -> bool:
        """Spaces that have a matching card: lots and franchises (rules §1.4)."""
        return self.spaces[index].kind in (Kind.LOT, Kind.UTILITY, Kind.RAILROAD)


class _SpaceFile(msgspec.Struct):
    space: list[Space]


class _IdleFile(msgspec.Struct):
    card: list[IdleCard]


def _load(name: str) -> object:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))


def _check_space(space: Space, position: int) -> list[str]:
    problems = []
    if space.index != position:
        problems.append(f"out of order (expected index {position})")
    if set(space.name) != {"en", "zh"} or not all(space.name.values()):
        problems.append("needs en and zh names")
    if space.colour != COLOURS[space.kind]:
        problems.append(f"{space.kind} must be {COLOURS[space.kind]}, not {space.colour}")
    if space.kind == Kind.LOT and (space.price <= 0 or space.rent <= 0):
        problems.append("a lot needs a price and a rent")
    if space.kind in (Kind.UTILITY, Kind.RAILROAD) and space.price <= 0:
        problems.append("a franchise needs a price")
    if space.kind not in (Kind.LOT, Kind.UTILITY, Kind.RAILROAD) and (space.price or space.rent):
        problems.append("only lots and franchises have prices")
    return problems


def _validate(spaces: list[Space], rules: Rules) -> None:
    """Counts and colours the rules text gives (rules §1.3); raises ``ValueError``."""
    problems = []
    for position, space in enumerate(spaces):
        problems += [f"space {position}: {p}" for p in _check_space(space, position)]
    by_kind: dict[Kind, list[Space]] = {}
    for space in spaces:
        by_kind.setdefault(space.kind, []).append(space)

    def count(kind: Kind) -> int:
        return len(by_kind.get(kind, []))

    expected = {Kind.WAGES: 1, Kind.LOT: 20, Kind.UTILITY: 3, Kind.RAILROAD: 3, Kind.HOTEL: 1,
                Kind.JAIL: 1, Kind.ESTATE: 1, Kind.LAND_TAX: None, Kind.PERSONAL_TAX: None,
                Kind.IMPROVEMENT_TAX: None, Kind.OFFICE: None}
    for kind, wanted in expected.items():
        if (wanted is None and count(kind) < 1) or (wanted is not None and count(kind) != wanted):
            problems.append(f"{count(kind)} {kind} spaces")
    if len(spaces) != SPACES:
        problems.append(f"{len(spaces)} spaces, not {SPACES}")
    if spaces and spaces[CORNER].kind != Kind.WAGES:
        problems.append("space 0 must be the wages corner")
    if sorted(s.index for s in by_kind.get(Kind.RAILROAD, [])) != [10, 20, 30]:
        problems.append("the three railroads must be the three other corners")
    utilities = sorted(by_kind.get(Kind.UTILITY, []), key=lambda s: s.buyout_order)
    if [s.name["en"] for s in utilities] != list(UTILITY_NAMES):
        problems.append("the local utilities must be Soakem, Slambang and Ding Dong, in that order")
    if any(s.price != rules.prosperity_buyout for s in utilities):
        problems.append("local utilities are priced at the Prosperity buy-out figure (§11.5)")
    if problems:
        raise ValueError("landlords board: " + "; ".join(problems))


def _name_index(spaces: tuple[Space, ...]) -> dict[str, int]:
    seen: dict[str, list[int]] = {}
    for space in spaces:
        for text in space.name.values():
            seen.setdefault(text.lower(), []).append(space.index)
    return {text: found[0] for text, found in seen.items() if len(found) == 1}


@cache
def rules() -> Rules:
    return msgspec.convert(_load("rules.toml"), Rules)


@cache
def board() -> Board:
    """The board, validated (rules §1.3)."""
    spaces = msgspec.convert(_load("board.toml"), _SpaceFile).space
    _validate(spaces, rules())
    idle = msgspec.convert(_load("idle_land.toml"), _IdleFile).card
    if len(idle) != 8 or len({c.id for c in idle}) != 8:
        raise ValueError("landlords: there are 8 distinct idle-land cards (rules §1.4)")
    if any(set(c.name) != {"en", "zh"} or c.sale <= 0 or not c.id.startswith("y") for c in idle):
        raise ValueError("landlords: idle-land cards need y-ids, en/zh names and a sale value")
    ordered = tuple(spaces)
    of = {kind: tuple(s.index for s in ordered if s.kind == kind) for kind in Kind}
    utilities = tuple(s.index for s in sorted(ordered, key=lambda s: s.buyout_order)
                      if s.kind == Kind.UTILITY)
    return Board(spaces=ordered, lots=of[Kind.LOT], utilities=utilities,
                 railroads=of[Kind.RAILROAD], offices=of[Kind.OFFICE], jail=of[Kind.JAIL][0],
                 idle={c.id: c for c in idle}, names=_name_index(ordered))


def card_label(card: str, lang: str) -> str:
    """Display name of a card id: a space number for deeds and franchises, ``y…`` for idle land."""
    b = board()
    if card in b.idle:
        return b.idle[card].label(lang)
    if card.isdigit() and int(card) < SPACES:
        return b.spaces[int(card)].label(lang)
    return card
