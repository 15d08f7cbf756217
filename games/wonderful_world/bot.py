"""A simple, sensible bot for It's a Wonderful World.

It drafts cards it can afford with its production (engines early, points late), slates what it
can plausibly finish before the game ends, recycles the rest for cubes, and fills the card
closest to completion first, spending krystallium and characters only to finish a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

from .cards import PRODUCTION_ORDER, CardDesign
from .costs import missing
from .flow import ROUNDS
from .moves import Build, Done, Pick, Place, Recycle, Take, WorldMove
from .scoring import production
from .state import Empire, Phase, WorldState

if TYPE_CHECKING:
    from .engine import WonderfulWorld

SCARCE = {"krystallium", "financier", "general"}


def card_value(card: CardDesign, rounds_left: int) -> float:
    """Rough worth of building ``card`` with ``rounds_left`` production phases still to come."""
    points = card.points + 2.5 * (card.points_per.points if card.points_per else 0)
    engine = 1.6 * sum(card.production.values()) + (2.0 if card.production_per else 0.0)
    return points + engine * max(rounds_left - 1, 0) + 0.8 * sum(card.bonus.values())


def shortfall(state: WorldState, empire: Empire, card: CardDesign, rounds_left: int,
              paid: dict[str, int] | None = None) -> float:
    """Cubes the empire is not expected to produce for ``card`` in the rounds left."""
    need = missing(card, paid or {})
    short = 0.0
    for resource in PRODUCTION_ORDER:
        want = need.get(resource.value, 0)
        if want:
            short += max(0.0, want - production(state, empire, resource) * rounds_left * 0.5)
    short += max(0, need.get("krystallium", 0) - empire.krystallium)
    for who in ("financier", "general"):
        short += max(0, need.get(who, 0) - getattr(empire, who))
    return short


def choose(game: WonderfulWorld, state: WorldState, seat: int, rng: Rng) -> WorldMove:
    legal = game.legal_moves(state, seat)
    empire = state.empires[seat]
    rounds_left = ROUNDS - state.round + 1
    if state.phase == Phase.DRAFT:
        def pick_worth(m: Pick) -> tuple[float, int]:
            card = state.design(m.uid)
            return (card_value(card, rounds_left) - 2.0 * shortfall(state, empire, card, rounds_left), -m.uid)
        return max((m for m in legal if isinstance(m, Pick)), key=pick_worth)
    takes = [m for m in legal if isinstance(m, Take)]
    if takes:
        return takes[rng.below(len(takes))]
    if state.phase == Phase.PLANNING and empire.drafted:
        return _plan(state, empire, rounds_left)
    places = [m for m in legal if isinstance(m, Place)]
    if places:
        def closeness(m: Place) -> tuple[int, int, int]:
            slot = next(c for c in empire.construction if c.uid == m.uid)
            left = sum(missing(state.design(m.uid), slot.paid).values())
            return (1 if m.what in SCARCE else 0, left, -m.count)
        best = min(places, key=closeness)
        if best.what not in SCARCE or _finishes(state, empire, best):
            return best
    hopeless = _hopeless(state, empire, rounds_left)
    if hopeless is not None:
        return Recycle(hopeless)
    return next((m for m in legal if isinstance(m, Done)), legal[0])


def _plan(state: WorldState, empire: Empire, rounds_left: int) -> WorldMove:
    """Slate the most valuable affordable drafted card, recycle the least valuable one."""
    def worth(uid: int) -> float:
        card = state.design(uid)
        return card_value(card, rounds_left) - 2.5 * shortfall(state, empire, card, rounds_left)
    best = max(empire.drafted, key=lambda u: (worth(u), -u))
    slated = len(empire.construction)
    if worth(best) > 0 and slated < 3 + rounds_left:
        return Build(best)
    return Recycle(min(empire.drafted, key=lambda u: (worth(u), u)))


def _hopeless(state: WorldState, empire: Empire, rounds_left: int) -> int | None:
    """In the last production a card that cannot be finished is worth its recycling cube."""
    if rounds_left > 1 or state.phase != Phase.PRODUCTION or state.step < len(PRODUCTION_ORDER) - 1:
        return None
    for slot in empire.construction:
        if sum(missing(state.design(slot.uid), slot.paid).values()) > 0 and not empire.pool:
            return slot.uid
    return None


def _finishes(state: WorldState, empire: Empire, move: Place) -> bool:
    slot = next(c for c in empire.construction if c.uid == move.uid)
    return sum(missing(state.design(move.uid), slot.paid).values()) <= move.count
