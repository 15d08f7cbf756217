"""Paying construction costs (rules §4 建造费用; krystallium is wild for resource spaces)."""

from __future__ import annotations

from .cards import PRODUCTION_ORDER, CardDesign, Character

KRYSTALLIUM = "krystallium"
RESOURCE_KEYS = tuple(r.value for r in PRODUCTION_ORDER)
CHARACTER_KEYS = tuple(c.value for c in Character)


def open_resource_spaces(card: CardDesign, paid: dict[str, int]) -> int:
    """Resource spaces still empty once surplus krystallium has covered what it can."""
    cost, need = card.cost, 0
    for resource in RESOURCE_KEYS:
        need += cost.get(resource, 0) - paid.get(resource, 0)
    wild = paid.get(KRYSTALLIUM, 0) - cost.get(KRYSTALLIUM, 0)
    return need - max(wild, 0)


def room_for(card: CardDesign, paid: dict[str, int], what: str, open_spaces: int | None = None) -> int:
    """How many more of ``what`` (a resource, krystallium or a character) fit on the card.
    ``open_spaces``: :func:`open_resource_spaces` of the card, when the caller has it already."""
    if what in CHARACTER_KEYS:
        return card.cost.get(what, 0) - paid.get(what, 0)
    if open_spaces is None:
        open_spaces = open_resource_spaces(card, paid)
    if what == KRYSTALLIUM:
        own = card.cost.get(KRYSTALLIUM, 0) - paid.get(KRYSTALLIUM, 0)
        return max(own, 0) + max(open_spaces, 0)
    return max(0, min(card.cost.get(what, 0) - paid.get(what, 0), open_spaces))


def is_complete(card: CardDesign, paid: dict[str, int]) -> bool:
    """Every space filled (rules §3 阶段三: the card is built at once)."""
    if paid.get(KRYSTALLIUM, 0) < card.cost.get(KRYSTALLIUM, 0):
        return False
    if any(paid.get(c, 0) < card.cost.get(c, 0) for c in CHARACTER_KEYS):
        return False
    return open_resource_spaces(card, paid) <= 0


def missing(card: CardDesign, paid: dict[str, int]) -> dict[str, int]:
    """What is still needed, for views: per resource, krystallium and character."""
    out: dict[str, int] = {}
    wild = max(paid.get(KRYSTALLIUM, 0) - card.cost.get(KRYSTALLIUM, 0), 0)
    for key in (*RESOURCE_KEYS, KRYSTALLIUM, *CHARACTER_KEYS):
        left = card.cost.get(key, 0) - paid.get(key, 0)
        if key in RESOURCE_KEYS and wild and left > 0:
            used = min(wild, left)
            wild -= used
            left -= used
        if left > 0:
            out[key] = left
    return out
