"""Turn structure of It's a Wonderful World on the flow kernel: rounds → draft → planning →
production steps (rules §3 轮次结构).

The round structure lives in the state as ``phase`` (and ``step``, the production resource), so
the kernel reads the open frame from it (:func:`frames`): one frame per phase, handled by
:class:`DraftStep`, :class:`PlanningStep` and :class:`ProductionStep`. Each step declares the move
kinds it accepts, and anything else is refused before any rule looks at it. After every move the
kernel lets the frame move on (:meth:`~games.core.flow.Step.advance`): the picks are revealed once
everyone has picked, and a phase (or production step) ends once every seat is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from games.core import Event, IllegalMove, Move
from games.core.flow import Flow, Step

from . import actions
from .actions import KRYSTALLIUM_RATE as KRYSTALLIUM_RATE  # research §3, named here for readers
from .actions import can_place_pool, may_finish, placements, store_pool
from .cards import PRODUCTION_ORDER, Character, Resource
from .moves import Build, Done, Pick, Place, Recycle, Take, WorldMove
from .scoring import production
from .state import Phase, WorldState

ROUNDS = 4                 # rules §2: four rounds
DRAFTED_PER_ROUND = 7      # rules §3 阶段一
SOLO_PILE = 5              # research §8: solo plays two piles of five a round

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
    picks = []
    for seat, empire in enumerate(state.empires):
        assert empire.picked is not None
        empire.drafted.append(empire.picked)
        picks.append({"seat": seat, "card": state.cards[empire.picked], "uid": empire.picked})
        empire.picked = None
    # One line for the whole reveal: each picker already read "You drafted X" (issue 10 §14).
    events.append(Event("revealed", {"picks": picks}))
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


# ---- the steps of the kernel ------------------------------------------------------------------

class DraftF(msgspec.Struct, frozen=True, tag="draft"):
    """Rules §3 阶段一: everyone picks a card from his hand at once."""


class PlanningF(msgspec.Struct, frozen=True, tag="planning"):
    """Rules §3 阶段二: everyone builds or recycles his drafted cards."""


class ProductionF(msgspec.Struct, frozen=True, tag="production"):
    """Rules §3 阶段三: one production step (``state.step`` says which resource)."""


PHASE_FRAMES: dict[Phase, Any] = {Phase.DRAFT: DraftF(), Phase.PLANNING: PlanningF(),
                                  Phase.PRODUCTION: ProductionF()}


def frames(state: WorldState) -> Sequence[Any]:
    """The open frame, read from the phase; none once the game is over."""
    frame = PHASE_FRAMES.get(state.phase)
    return () if frame is None else (frame,)


class PhaseStep(Step[WorldState, Any]):
    """A phase everyone plays at once; a move of another phase is refused as such."""

    def refuse(self, state: WorldState, frame: Any, seat: int, move: Move) -> IllegalMove:
        return IllegalMove("error.wrong_phase", phase=state.phase.value)


class DraftStep(PhaseStep):
    """Everyone picks a card face down; once all have, the picks are revealed and the hands
    passed on (rules §3 阶段一)."""

    accepts = (Pick,)

    def actors(self, state: WorldState, frame: DraftF) -> frozenset[int]:
        return frozenset(s for s, e in enumerate(state.empires) if e.picked is None and e.hand)

    def legal(self, state: WorldState, frame: DraftF, seat: int) -> list[Move]:
        return [Pick(uid) for uid in state.empires[seat].hand]

    def apply(self, state: WorldState, frame: DraftF, seat: int, move: Pick, events: list[Event]) -> None:
        actions.pick(state, seat, move.uid, events)

    def advance(self, state: WorldState, frame: DraftF, events: list[Event]) -> bool:
        if not all(e.picked is not None for e in state.empires):
            return False
        reveal_picks(state, events)
        return True


def _shared_moves(state: WorldState, seat: int) -> list[Move]:
    """Moves open in planning and production alike: recycle a waiting card (§4), choose the
    science supremacy character, place cubes, and ``done`` when allowed."""
    empire = state.empires[seat]
    moves: list[Move] = [Recycle(c.uid) for c in empire.construction]
    if empire.choose_character:
        moves += [Take(c.value) for c in Character]
    moves += placements(state, empire)
    if may_finish(state, empire):
        moves.append(Done())
    return moves


def _play(state: WorldState, seat: int, move: WorldMove, events: list[Event]) -> None:
    """Carry out a planning or production move (its step has accepted its kind)."""
    match move:
        case Build(uid):
            actions.build(state, seat, uid, events)
        case Recycle(uid):
            actions.recycle(state, seat, uid, events)
        case Place():
            actions.place(state, seat, move, events)
        case Take(character):
            actions.take(state, seat, character, events)
        case Done():
            actions.finish(state, seat, events)


class PlanningStep(PhaseStep):
    """Slate or recycle every drafted card, place cubes, then ``done`` (rules §3 阶段二). Once all
    are done, production starts (solo: after the round's second pile, research §8)."""

    accepts = (Build, Recycle, Place, Done)

    def actors(self, state: WorldState, frame: PlanningF) -> frozenset[int]:
        return frozenset(s for s, e in enumerate(state.empires) if not e.done)

    def legal(self, state: WorldState, frame: PlanningF, seat: int) -> list[Move]:
        empire = state.empires[seat]
        moves: list[Move] = [Build(uid) for uid in empire.drafted]
        moves += [Recycle(uid) for uid in empire.drafted]
        return moves + _shared_moves(state, seat)

    def apply(self, state: WorldState, frame: PlanningF, seat: int, move: WorldMove,
              events: list[Event]) -> None:
        _play(state, seat, move, events)

    def advance(self, state: WorldState, frame: PlanningF, events: list[Event]) -> bool:
        if not all(e.done for e in state.empires):
            return False
        if state.players == 1 and state.solo_pile == 0:
            state.solo_pile = 1
            _deal_solo_pile(state, events)
            return True
        state.step = 0
        start_production_step(state, events)
        return True


class ProductionStep(PhaseStep):
    """Place the produced cubes, recycle waiting cards, take the supremacy character, ``done``
    (rules §3 阶段三). Once all are done, the next resource is produced, or the round ends."""

    accepts = (Recycle, Place, Take, Done)

    def actors(self, state: WorldState, frame: ProductionF) -> frozenset[int]:
        return frozenset(s for s, e in enumerate(state.empires) if not e.done)

    def legal(self, state: WorldState, frame: ProductionF, seat: int) -> list[Move]:
        return _shared_moves(state, seat)

    def apply(self, state: WorldState, frame: ProductionF, seat: int, move: WorldMove,
              events: list[Event]) -> None:
        _play(state, seat, move, events)

    def advance(self, state: WorldState, frame: ProductionF, events: list[Event]) -> bool:
        if not all(e.done for e in state.empires):
            return False
        if state.step + 1 < len(PRODUCTION_ORDER):
            state.step += 1
            start_production_step(state, events)
            return True
        events.append(Event("round_end", {"round": state.round}))
        if state.round >= ROUNDS:  # rules §2: the game ends after the fourth round
            state.phase = Phase.OVER
            events.append(Event("game_over", {}))
            return True
        state.round += 1
        start_round(state, events)
        return True


FLOW: Flow[WorldState] = Flow({DraftF: DraftStep(), PlanningF: PlanningStep(),
                               ProductionF: ProductionStep()}, frames=frames)
