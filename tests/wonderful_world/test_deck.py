"""Composition checks for the original It's a Wonderful World deck and empires (data/*.toml)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from games.wonderful_world.cards import (
    COST_KEYS,
    PER_KEYS,
    CardDesign,
    CardType,
    Resource,
    deck_list,
    designs,
    empires,
)

CHARACTERS = {"financier", "general"}

# (copies, distinct designs) per card type — rules: 150 cards in 78 designs.
COMPOSITION = {
    CardType.STRUCTURE: (50, 9),
    CardType.VEHICLE: (31, 9),
    CardType.RESEARCH: (23, 23),
    CardType.PROJECT: (29, 20),
    CardType.DISCOVERY: (17, 17),
}

# Aggregate targets (copies out of 150), modelled on the published deck's shape; ±3 allowed.
RECYCLE_TARGET = {
    Resource.GOLD: 37,
    Resource.MATERIALS: 33,
    Resource.EXPLORATION: 28,
    Resource.ENERGY: 27,
    Resource.SCIENCE: 25,
}
TOLERANCE = 3


def _cards() -> list[CardDesign]:
    return list(designs().values())


def _copies(pred: Callable[[CardDesign], bool]) -> int:
    return sum(c.copies for c in _cards() if pred(c))


def test_totals() -> None:
    assert len(designs()) == 78
    assert len(deck_list()) == 150
    assert sum(c.copies for c in _cards()) == 150


@pytest.mark.parametrize("card_type", list(CardType))
def test_composition_per_type(card_type: CardType) -> None:
    of_type = [c for c in _cards() if c.type == card_type]
    assert (sum(c.copies for c in of_type), len(of_type)) == COMPOSITION[card_type]


@pytest.mark.parametrize("card_type", [CardType.RESEARCH, CardType.DISCOVERY])
def test_singleton_types(card_type: CardType) -> None:
    assert all(c.copies == 1 for c in _cards() if c.type == card_type)


def test_ids_unique_and_prefixed() -> None:
    ids = [c.id for c in _cards()]
    assert len(ids) == len(set(ids))
    prefix = {
        CardType.STRUCTURE: "st",
        CardType.VEHICLE: "ve",
        CardType.RESEARCH: "re",
        CardType.PROJECT: "pr",
        CardType.DISCOVERY: "di",
    }
    for card in _cards():
        assert card.id.startswith(prefix[card.type]), card.id


def test_names_present_and_unique_per_language() -> None:
    for lang in ("en", "zh"):
        names = [c.name.get(lang, "").strip() for c in _cards()]
        assert all(names), f"missing {lang} name"
        dupes = [n for n, k in Counter(names).items() if k > 1]
        assert not dupes, f"duplicate {lang} names: {dupes}"


def test_costs_valid() -> None:
    for card in _cards():
        assert card.cost, card.id
        assert all(k in COST_KEYS and v > 0 for k, v in card.cost.items()), card.id
        assert 2 <= sum(card.cost.values()) <= 8, card.id


def test_every_card_does_something() -> None:
    for card in _cards():
        effects = (card.production, card.production_per, card.bonus, card.points, card.points_per)
        assert any(effects), f"{card.id} has no effect"


def test_no_card_has_both_flat_and_multiplier_points() -> None:
    assert [c.id for c in _cards() if c.points and c.points_per] == []


def test_points_per_keys() -> None:
    for card in _cards():
        if card.points_per:
            assert card.points_per.per in PER_KEYS and card.points_per.points > 0, card.id


def test_recycle_distribution() -> None:
    counts = Counter()
    for card in _cards():
        counts[card.recycle] += card.copies
    assert Resource.KRYSTALLIUM not in counts
    for resource, target in RECYCLE_TARGET.items():
        assert abs(counts[resource] - target) <= TOLERANCE, (resource, counts[resource])


@pytest.mark.parametrize(
    ("label", "pred", "target"),
    [
        ("krystallium in cost", lambda c: "krystallium" in c.cost, 9),
        ("character in cost", lambda c: bool(CHARACTERS & set(c.cost)), 6),
        ("krystallium bonus", lambda c: "krystallium" in c.bonus, 13),
        ("flat VP", lambda c: c.points > 0, 39),
        ("multiplier VP", lambda c: c.points_per is not None, 33),
        ("per-type production", lambda c: c.production_per is not None, 11),
    ],
)
def test_aggregates(label: str, pred: Callable[[CardDesign], bool], target: int) -> None:
    assert abs(_copies(pred) - target) <= TOLERANCE, (label, _copies(pred))


def test_type_colours() -> None:
    """Each type mostly costs its own resource (structure → materials, vehicle → energy, ...)."""
    colour = {
        CardType.STRUCTURE: "materials",
        CardType.VEHICLE: "energy",
        CardType.RESEARCH: "science",
        CardType.PROJECT: "gold",
        CardType.DISCOVERY: "exploration",
    }
    for card in _cards():
        own = colour[card.type]
        assert own in card.cost, card.id
        if card.type != CardType.PROJECT:  # projects are the mixed-cost type
            assert card.cost[own] == max(card.cost.values()), card.id


def test_empires() -> None:
    emp = empires()
    assert len(emp) == 5
    for lang in ("en", "zh"):
        names = [e.name.get(lang) for e in emp.values()]
        assert all(names) and len(set(names)) == 5
    sides_b = {tuple(sorted(e.b.production.items())) for e in emp.values()}
    assert sides_b == {(("energy", 1), ("materials", 2), ("science", 1))}
    assert all(e.b.points_per is None for e in emp.values())
    multipliers = set()
    for e in emp.values():
        assert e.a.points_per is not None, e.id
        assert e.a.points_per.per in PER_KEYS and e.a.points_per.points > 0
        multipliers.add(e.a.points_per.per)
        assert sum(e.a.production.values()) == 4, e.id
        assert set(e.a.production) <= set(RECYCLE_TARGET)
    assert len(multipliers) == 5, "each empire should reward something different"
