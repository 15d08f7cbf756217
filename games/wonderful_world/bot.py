"""A simple, sensible bot for It's a Wonderful World.

It values cards by points and production, builds what it can plausibly finish, recycles the
rest, and fills the card closest to completion first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Rng

from .cards import CardDesign
from .costs import missing
from .moves import Build, Done, Pick, Place, Recycle, Take, WorldMove
from .state import Phase, WorldState

if TYPE_CHECKING:
    from .engine import WonderfulWorld

MAX_SLATED = 5


def card_value(card: CardDesign) -> float:
    worth = card.points + 2.0 * (card.points_per.points if card.points_per else 0)
    worth += 2.0 * sum(card.production.values()) + (2.5 if card.production_per else 0)
    worth += sum(card.bonus.values())
    return worth - 0.45 * sum(card.cost.values())


def choose(game: WonderfulWorld, state: WorldState, seat: int, rng: Rng) -> WorldMove:
    legal = game.legal_moves(state, seat)
    empire = state.empires[seat]
    if state.phase == Phase.DRAFT:
        picks = [m for m in legal if isinstance(m, Pick)]
        return max(picks, key=lambda m: (card_value(state.design(m.uid)), -m.uid))
    takes = [m for m in legal if isinstance(m, Take)]
    if takes:
        return takes[rng.below(len(takes))]
    if state.phase == Phase.PLANNING and empire.drafted:
        uid = max(empire.drafted, key=lambda u: (card_value(state.design(u)), -u))
        if card_value(state.design(uid)) > 0 and len(empire.construction) < MAX_SLATED:
            return Build(uid)
        return Recycle(uid)
    places = [m for m in legal if isinstance(m, Place)]
    if places:
        def remaining(m: Place) -> tuple[int, int, int]:
            slot = next(c for c in empire.construction if c.uid == m.uid)
            left = sum(missing(state.design(m.uid), slot.paid).values())
            # Spend plain cubes before krystallium and characters; fill nearly-done cards first.
            scarce = 1 if m.what in {"krystallium", "financier", "general"} else 0
            return (scarce, left, -m.count)
        best = min(places, key=remaining)
        if best.what not in {"krystallium", "financier", "general"} or _finishes(state, empire, best):
            return best
    return next((m for m in legal if isinstance(m, Done)), legal[0])


def _finishes(state: WorldState, empire, move: Place) -> bool:
    slot = next(c for c in empire.construction if c.uid == move.uid)
    return sum(missing(state.design(move.uid), slot.paid).values()) <= move.count


__all__ = ["Recycle", "choose"]
