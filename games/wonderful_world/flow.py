"""Turn structure of It's a Wonderful World: rounds → draft → planning → production steps.

Each phase declares the move kinds it accepts (:data:`ACCEPTS`); the engine refuses anything
else before looking further. ``advance`` runs after every move and moves the game on when every
seat is done (rules §3 轮次结构).
"""

from __future__ import annotations

from games.core import Event

from .cards import PRODUCTION_ORDER, Character, Resource
from .costs import room_for
from .scoring import production
from .state import Empire, InConstruction, Phase, WorldState

ROUNDS = 4                 # rules §2: four rounds
DRAFTED_PER_ROUND = 7      # rules §3 阶段一
SOLO_PILE = 5              # research §8: solo plays two piles of five a round
KRYSTALLIUM_RATE = 5       # research §3: five cubes on the empire card make one krystallium

ACCEPTS: dict[Phase, frozenset[str]] = {
    Phase.DRAFT: frozenset({"pick"}),
    Phase.PLANNING: frozenset({"build", "recycle", "place", "done"}),
    Phase.PRODUCTION: frozenset({"recycle", "place", "take", "done"}),
    Phase.OVER: frozenset(),
}

# Supremacy bonus per resource (research §2); science lets the winner choose.
SUPREMACY: dict[Resource, Character | None] = {
    Resource.MATERIALS: Character.FINANCIER,
    Resource.ENERGY: Character.GENERAL,
    Resource.SCIENCE: None,
    Resource.GOLD: Character.FINANCIER,
    Resource.EXPLORATION: Character.GENERAL,
}


def hand_size(players: int) -> int:
    """Rules §3 阶段一 deals 7; with two players deal 10 and discard the last 3 (research §4)."""
    return 10 if players == 2 else DRAFTED_PER_ROUND


def pass_direction(round_no: int) -> int:
    """Odd rounds pass to the next seat, even rounds to the previous one (research §4)."""
    return 1 if round_no % 2 == 1 else -1


def start_round(state: WorldState, events: list[Event]) -> None:
    """Deal the round's cards (rules §3 阶段一; solo: research §8)."""
    events.append(Event("round", {"round": state.round}))
    if state.players == 1:
        state.solo_pile = 0
        _deal_solo_pile(state, events)
        return
    state.phase = Phase.DRAFT
    size = hand_size(state.players)
    for empire in state.empires:
        empire.hand = [state.deck.pop() for _ in range(size)]
        empire.picked = None
        empire.drafted = []
    events.append(Event("dealt", {"count": size}))


def _deal_solo_pile(state: WorldState, events: list[Event]) -> None:
    empire = state.empires[0]
    empire.drafted = [state.deck.pop() for _ in range(SOLO_PILE)]
    empire.done = False
    state.phase = Phase.PLANNING
    events.append(Event("solo_pile", {"pile": state.solo_pile + 1}))


def reveal_picks(state: WorldState, events: list[Event]) -> None:
    """Everyone has picked: turn the picks face up and pass the hands (rules §3 阶段一)."""
    for seat, empire in enumerate(state.empires):
        assert empire.picked is not None
        empire.drafted.append(empire.picked)
        events.append(Event("revealed", {"seat": seat, "card": state.cards[empire.picked],
                                         "uid": empire.picked}))
        empire.picked = None
    if len(state.empires[0].drafted) >= DRAFTED_PER_ROUND:
        for empire in state.empires:
            state.discard.extend(empire.hand)   # 2 players: the 3 leftovers (research §4)
            empire.hand = []
        start_planning(state, events)
        return
    step = pass_direction(state.round)
    hands = [e.hand for e in state.empires]
    for seat, hand in enumerate(hands):
        state.empires[(seat + step) % state.players].hand = hand
    events.append(Event("passed", {"direction": "left" if step == 1 else "right"}))


def start_planning(state: WorldState, events: list[Event]) -> None:
    state.phase = Phase.PLANNING
    for empire in state.empires:
        empire.done = False
    events.append(Event("planning", {}))


def store_pool(empire: Empire, seat: int, events: list[Event]) -> None:
    """Unplaced cubes go to the empire card; every five become one krystallium (research §3)."""
    stored = sum(empire.pool.values())
    empire.pool = {}
    if not stored:
        return
    empire.reserve += stored
    made = empire.reserve // KRYSTALLIUM_RATE
    empire.reserve %= KRYSTALLIUM_RATE
    empire.krystallium += made
    events.append(Event("stored", {"seat": seat, "count": stored, "krystallium": made}))


def can_place_pool(state: WorldState, empire: Empire) -> bool:
    """Whether any pooled cube fits a card under construction."""
    return any(
        count and room_for(state.design(c.uid), c.paid, what) > 0
        for what, count in empire.pool.items()
        for c in empire.construction
    )


def start_production_step(state: WorldState, events: list[Event]) -> None:
    """Produce one resource for everyone at once, award supremacy (research §2)."""
    state.phase = Phase.PRODUCTION
    resource = state.resource
    made = [production(state, e, resource) for e in state.empires]
    events.append(Event("production", {"resource": resource.value}))
    for seat, (empire, count) in enumerate(zip(state.empires, made, strict=True)):
        if count:
            empire.pool[resource.value] = empire.pool.get(resource.value, 0) + count
            events.append(Event("produced", {"seat": seat, "resource": resource.value,
                                             "count": count}))
    if state.players > 1:
        top = max(made)
        if top > 0 and made.count(top) == 1:
            seat = made.index(top)
            _award_supremacy(state, seat, resource, events)
    for seat, empire in enumerate(state.empires):
        empire.done = not (empire.choose_character or can_place_pool(state, empire))
        if empire.done:
            store_pool(empire, seat, events)


def _award_supremacy(state: WorldState, seat: int, resource: Resource, events: list[Event]) -> None:
    empire = state.empires[seat]
    character = SUPREMACY[resource]
    if character is None:
        empire.choose_character = True
        events.append(Event("supremacy_choice", {"seat": seat, "resource": resource.value}))
        return
    setattr(empire, character.value, getattr(empire, character.value) + 1)
    events.append(Event("supremacy", {"seat": seat, "resource": resource.value,
                                      "character": character.value}))


def advance(state: WorldState, events: list[Event]) -> None:
    """Move the game on while every seat is done with the current step."""
    while state.phase in (Phase.PLANNING, Phase.PRODUCTION) and all(e.done for e in state.empires):
        if state.phase == Phase.PLANNING:
            if state.players == 1 and state.solo_pile == 0:
                state.solo_pile = 1
                _deal_solo_pile(state, events)
                continue
            state.step = 0
            start_production_step(state, events)
            continue
        if state.step + 1 < len(PRODUCTION_ORDER):
            state.step += 1
            start_production_step(state, events)
            continue
        events.append(Event("round_end", {"round": state.round}))
        if state.round >= ROUNDS:
            state.phase = Phase.OVER
            events.append(Event("game_over", {}))
            return
        state.round += 1
        start_round(state, events)


def new_construction(uid: int) -> InConstruction:
    return InConstruction(uid=uid, paid={})
