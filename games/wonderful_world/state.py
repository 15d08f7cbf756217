"""The state of an It's a Wonderful World game: plain msgspec data, canonical JSON."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from games.core import BaseState, Rng

from .cards import PRODUCTION_ORDER, CardDesign, Resource, designs


class Phase(StrEnum):
    """Rules §3: each round is draft → planning → production (five steps)."""

    DRAFT = "draft"
    PLANNING = "planning"
    PRODUCTION = "production"
    OVER = "over"


class InConstruction(msgspec.Struct):
    """A card in a construction area with the cubes and tokens already placed on it."""

    uid: int
    paid: dict[str, int] = {}


class Empire(msgspec.Struct):
    """One player's empire card and everything around it."""

    empire: str
    hand: list[int] = []          # cards still to draft from (hidden)
    picked: int | None = None     # this pick, face down until everyone has picked (hidden)
    drafted: list[int] = []       # drafted this round, to plan (public once revealed)
    construction: list[InConstruction] = []
    built: list[int] = []
    reserve: int = 0              # cubes on the empire card counting towards krystallium (§4)
    krystallium: int = 0
    financier: int = 0
    general: int = 0
    pool: dict[str, int] = {}     # cubes taken but not yet placed
    choose_character: bool = False  # science supremacy: pick financier or general
    done: bool = False


class WorldState(BaseState, kw_only=True):
    """Whole-game state; ``deck`` order is hidden from everyone."""

    side: str
    round: int = 1
    phase: Phase = Phase.DRAFT
    step: int = 0                 # index into PRODUCTION_ORDER during production
    solo_pile: int = 0            # solo: which of the round's two piles is being planned
    deck: list[int] = []
    discard: list[int] = []
    cards: list[str] = []         # uid -> design id (the physical deck)
    empires: list[Empire] = []

    def design(self, uid: int) -> CardDesign:
        return designs()[self.cards[uid]]

    @property
    def resource(self) -> Resource:
        return PRODUCTION_ORDER[self.step]


def _sorted(values: dict[str, int]) -> dict[str, int]:
    return dict(sorted(values.items()))


def copy_state(state: WorldState) -> WorldState:
    """A deep copy equal to the canonical JSON round trip (``Game.copy``), dicts in sorted key order
    as that gives them, built field by field: several times faster, and ``apply`` copies every
    move. A new mutable field must be copied here (tests/wonderful_world/test_copy.py notices)."""
    replace = msgspec.structs.replace
    return replace(
        state, rng=Rng(state.rng.state), options=dict(sorted(state.options.items())),
        deck=state.deck.copy(), discard=state.discard.copy(), cards=state.cards.copy(),
        empires=[replace(e, hand=e.hand.copy(), drafted=e.drafted.copy(), built=e.built.copy(),
                         construction=[InConstruction(c.uid, _sorted(c.paid)) for c in e.construction],
                         pool=_sorted(e.pool))
                 for e in state.empires])
