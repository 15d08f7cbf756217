"""Helpers to set up exact It's a Wonderful World positions for scenario tests."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Event
from games.wonderful_world import GAME
from games.wonderful_world.cards import CardDesign, designs
from games.wonderful_world.state import InConstruction, Phase, WorldState


def fresh(players: int, seed: int | str = 1, **options: object) -> WorldState:
    return GAME.setup(players, options, seed)


def design(where: Callable[[CardDesign], bool]) -> CardDesign:
    """The first card design (in data order) matching ``where``."""
    return next(d for d in designs().values() if where(d))


def take_card(state: WorldState, design_id: str) -> int:
    """Pull a physical card of ``design_id`` out of the deck (or discard) and return its uid."""
    for pile in (state.deck, state.discard):
        for uid in pile:
            if state.cards[uid] == design_id:
                pile.remove(uid)
                return uid
    raise LookupError(design_id)


def planning(state: WorldState) -> WorldState:
    """Skip the draft: hands back to the deck, everyone in planning with nothing drafted."""
    for e in state.empires:
        state.deck.extend(e.hand)
        state.deck.extend(e.drafted)
        e.hand, e.drafted, e.picked, e.done = [], [], None, False
    state.phase = Phase.PLANNING
    return state


def build_now(state: WorldState, seat: int, design_id: str) -> int:
    """Put a card of ``design_id`` straight into ``seat``'s empire as built."""
    uid = take_card(state, design_id)
    state.empires[seat].built.append(uid)
    return uid


def slate(state: WorldState, seat: int, design_id: str, **paid: int) -> int:
    uid = take_card(state, design_id)
    state.empires[seat].construction.append(InConstruction(uid=uid, paid=dict(paid)))
    return uid


def play(state: WorldState, seat: int, text: str) -> tuple[WorldState, list[Event]]:
    applied = GAME.apply(state, seat, text)
    return applied.state, applied.events


def everyone_done(state: WorldState) -> tuple[WorldState, list[Event]]:
    """Every acting seat says ``done`` (in seat order) until nobody needs to act this step."""
    events: list[Event] = []
    phase, step = state.phase, state.step
    while state.phase == phase and state.step == step and GAME.to_act(state):
        seat = min(GAME.to_act(state))
        if state.empires[seat].choose_character:
            state, more = play(state, seat, "take financier")
            events += more
            continue
        state, more = play(state, seat, "done")
        events += more
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
