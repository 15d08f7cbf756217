"""Production totals, supremacy and end scoring (rules §5; research §5)."""

from __future__ import annotations

from collections import Counter

from .cards import CardType, Resource, designs, empires
from .state import Empire, WorldState


def type_counts(state: WorldState, empire: Empire) -> Counter[str]:
    return Counter(state.design(uid).type.value for uid in empire.built)


def production(state: WorldState, empire: Empire, resource: Resource) -> int:
    """Cubes of ``resource`` this empire produces: empire card + built cards (rules §3 阶段三)."""
    side = getattr(empires()[empire.empire], state.side)
    total = side.production.get(resource.value, 0)
    counts: Counter[str] | None = None
    for uid in empire.built:
        card = state.design(uid)
        total += card.production.get(resource.value, 0)
        if card.production_per and card.production_per.resource == resource:
            if counts is None:
                counts = type_counts(state, empire)
            total += counts[card.production_per.per.value]
    return max(int(total), 0)


def _per_value(per: str, counts: Counter[str], empire: Empire) -> int:
    if per in {t.value for t in CardType}:
        return counts[per]
    return empire.financier if per == "financier" else empire.general


def score(state: WorldState, empire: Empire) -> dict[str, int]:
    """Score breakdown: printed points, multipliers, empire multiplier, unfinished penalty."""
    counts = type_counts(state, empire)
    flat = multipliers = 0
    for uid in empire.built:
        card = state.design(uid)
        flat += card.points
        if card.points_per:
            multipliers += card.points_per.points * _per_value(card.points_per.per, counts, empire)
    side = getattr(empires()[empire.empire], state.side)
    bonus = side.points_per.points * _per_value(side.points_per.per, counts, empire) if side.points_per else 0
    penalty = -state.options.get("unfinished_penalty", 1) * len(empire.construction)
    return {"cards": flat, "multipliers": multipliers, "empire": bonus, "unfinished": penalty,
            "total": flat + multipliers + bonus + penalty}


def leftover_resources(empire: Empire) -> int:
    """Rules §5 tie-break 2: resource cubes left — the empire card's cubes and krystallium."""
    return empire.reserve + empire.krystallium


__all__ = ["designs", "leftover_resources", "production", "score", "type_counts"]
