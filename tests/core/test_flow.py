"""The flow kernel (games.core.flow) on a tiny title-free game: one test per feature.

Seats take turns; on his turn a seat may ``ask`` (a reaction window for the others: only seats
holding a reaction card are asked), be offered a deal nobody waits for, or operate a railroad for
which he decides. Anyone may ``cheer`` out of turn.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.core import BaseState, Event, Game, GameMeta, IllegalMove, Move, NotYourTurn, Outcome, Rng, Standing
from games.core.flow import (
    Aside,
    First,
    Flow,
    OrderF,
    Step,
    Trigger,
    TriggersF,
    Window,
    WindowFrame,
    close,
    fire,
    trigger_steps,
)

# ---- the tiny game -------------------------------------------------------------------------------


class TurnF(msgspec.Struct, tag="turn"):
    seat: int


class ReactF(WindowFrame, tag="react"):
    asker: int


class OperateF(msgspec.Struct, tag="operate"):
    railroad: str
    president: int


class OfferF(msgspec.Struct, tag="offer"):
    partner: int


Frame = TurnF | ReactF | OperateF | OfferF | TriggersF | OrderF


class TinyState(BaseState, kw_only=True):
    stack: list[Frame] = []
    cards: list[int] = []  # reaction cards per seat (public)
    log: list[str] = []
    turns: int = 0
    limit: int = 3


class End(Move, frozen=True, tag="end"):
    def __str__(self) -> str:
        return "end"


class Ask(Move, frozen=True, tag="ask"):
    def __str__(self) -> str:
        return "ask"


class React(Move, frozen=True, tag="react"):
    def __str__(self) -> str:
        return "react"


class Decline(Move, frozen=True, tag="decline"):
    def __str__(self) -> str:
        return "decline"


class Run(Move, frozen=True, tag="run"):
    def __str__(self) -> str:
        return "run"


class Accept(Move, frozen=True, tag="accept"):
    def __str__(self) -> str:
        return "accept"


class Cheer(Move, frozen=True, tag="cheer"):
    def __str__(self) -> str:
        return "cheer"


class CheerAside(Aside[TinyState, TurnF]):
    """Anyone but the seat whose turn it is may cheer, out of turn."""

    accepts = (Cheer,)
    out_of_turn = "error.only_cheers"

    def seats(self, state: TinyState, frame: TurnF) -> frozenset[int]:
        return frozenset(range(state.players)) - {frame.seat}

    def legal(self, state: TinyState, frame: TurnF, seat: int) -> list[Move]:
        return [Cheer()]

    def apply(self, state: TinyState, frame: TurnF, seat: int, move: Move, events: list[Event]) -> None:
        state.log.append(f"cheer {seat}")


class TurnStep(Step[TinyState, TurnF]):
    accepts = (End, Ask)
    asides = (CheerAside(),)

    def actors(self, state: TinyState, frame: TurnF) -> frozenset[int]:
        return frozenset({frame.seat})

    def legal(self, state: TinyState, frame: TurnF, seat: int) -> list[Move]:
        return [Ask(), End()]

    def apply(self, state: TinyState, frame: TurnF, seat: int, move: Move, events: list[Event]) -> None:
        if isinstance(move, End):
            close(state, frame)
            state.log.append(f"end {seat}")
        else:
            others = [(seat + k) % state.players for k in range(1, state.players)]
            REACT.open(state, ReactF(asker=seat, pending=others), events)


class ReactStep(Window[TinyState, ReactF]):
    """Only seats holding a reaction card have a reaction to choose."""

    accepts = (React, Decline)

    def eligible(self, state: TinyState, frame: ReactF, seat: int) -> bool:
        return state.cards[seat] > 0

    def legal(self, state: TinyState, frame: ReactF, seat: int) -> list[Move]:
        return [Decline(), React()]

    def apply(self, state: TinyState, frame: ReactF, seat: int, move: Move, events: list[Event]) -> None:
        state.log.append(f"{move} {seat}")
        self.answered(state, frame, seat, events)

    def resolve(self, state: TinyState, frame: ReactF, events: list[Event]) -> None:
        state.log.append("window closed")


REACT = ReactStep()


class OperateStep(Step[TinyState, OperateF]):
    """The president runs the railroad: he acts, the railroad is what he acts for."""

    accepts = (Run,)

    def actors(self, state: TinyState, frame: OperateF) -> frozenset[int]:
        return frozenset({frame.president})

    def legal(self, state: TinyState, frame: OperateF, seat: int) -> list[Move]:
        return [Run()]

    def apply(self, state: TinyState, frame: OperateF, seat: int, move: Move, events: list[Event]) -> None:
        close(state, frame)
        state.log.append(f"ran {frame.railroad}")

    def entity(self, state: TinyState, frame: OperateF, seat: int) -> str | None:
        return frame.railroad


class OfferStep(Step[TinyState, OfferF]):
    """An offer left open beside the turn: the partner may accept; nobody waits for him."""

    accepts = (Accept,)
    blocks = False

    def actors(self, state: TinyState, frame: OfferF) -> frozenset[int]:
        return frozenset({frame.partner})

    def legal(self, state: TinyState, frame: OfferF, seat: int) -> list[Move]:
        return [Accept()]

    def apply(self, state: TinyState, frame: OfferF, seat: int, move: Move, events: list[Event]) -> None:
        close(state, frame)
        state.log.append(f"accepted {seat}")


def resolve_effect(state: TinyState, trigger: Trigger, events: list[Event]) -> None:
    """An effect logs itself; ``operate`` first opens a step its owner must finish."""
    state.log.append(f"{trigger.effect} {trigger.seat}")
    if trigger.effect == "operate":
        state.stack.append(OperateF(trigger.arg, trigger.seat))


def next_turn(state: TinyState, events: list[Event]) -> None:
    if state.turns + 1 < state.limit:
        state.turns += 1
        state.stack.append(TurnF(state.turns % state.players))


FLOW: Flow[TinyState] = Flow({TurnF: TurnStep(), ReactF: REACT, OperateF: OperateStep(), OfferF: OfferStep(),
                              **trigger_steps(resolve_effect)}, empty=next_turn)

RAILROADS = {"rg": {"en": "Rio Grande", "zh": "里奥格兰德"}}


class Tiny(Game[TinyState, Move]):
    meta = GameMeta(id="tiny-flow", names={"en": "Tiny", "zh": "小"}, min_players=1, max_players=4,
                    rules_reference="", engine_version="1")
    state_type = TinyState

    def _setup(self, players: int, options: dict[str, Any], rng: Rng) -> TinyState:
        return TinyState(players=players, rng=rng, stack=[TurnF(0)], cards=[0] * players)

    def to_act(self, state: TinyState) -> frozenset[int]:
        return FLOW.to_act(state)

    def may_act(self, state: TinyState) -> frozenset[int]:
        return FLOW.may_act(state)

    def _legal_moves(self, state: TinyState, seat: int) -> list[Move]:
        return FLOW.legal(state, seat)

    def _apply(self, state: TinyState, seat: int, move: Move, events: list[Event]) -> None:
        FLOW.apply(state, seat, move, events)

    def _parse_grammar(self, text: str) -> Move | None:
        found = {str(m()): m for m in (End, Ask, React, Decline, Run, Accept, Cheer)}.get(text)
        if found is not None:
            return found()
        if text.startswith("first ") and text[6:].isdigit():
            return First(int(text[6:]))
        return None

    def acting_label(self, state: TinyState, seat: int, lang: str) -> str | None:
        entity = FLOW.entity(state, seat)
        return None if entity is None else RAILROADS[entity][lang]

    def view(self, state: TinyState, seat: int | None) -> Any:
        return state.log

    def outcome(self, state: TinyState) -> Outcome | None:
        return None if state.stack else Outcome(tuple(Standing(s, 1, 0) for s in range(state.players)))


GAME = Tiny()


def play(state: TinyState, seat: int, text: str) -> tuple[TinyState, list[Event]]:
    applied = GAME.apply(state, seat, text)
    return applied.state, applied.events


def kinds(events: list[Event]) -> list[tuple[str, int]]:
    return [(e.kind, e.params.get("seat", -1)) for e in events]


# ---- reaction windows ------------------------------------------------------------------------------

def test_a_window_opens_only_for_eligible_seats_and_passes_the_others_automatically() -> None:
    state = GAME.setup(4)
    state.cards = [0, 1, 0, 2]
    state, events = play(state, 0, "ask")
    assert GAME.to_act(state) == {1, 3}  # nobody else gets a deadline
    assert kinds(events) == [("auto_passed", 2)]  # recorded, not a move
    assert events[0].params["window"] == "react"
    assert GAME.describe(events[0], "en") == "#3 has no answer to give here and passes automatically."
    window = state.stack[-1]
    assert isinstance(window, ReactF) and window.passed == [2] and window.pending == [1, 3]
    assert GAME.legal_moves(state, 2) == [] and GAME.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 2, "decline")
    state, _ = play(state, 3, "react")
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, "decline")
    assert state.log == ["react 3", "decline 1", "window closed"]
    assert GAME.to_act(state) == {0} and isinstance(state.stack[-1], TurnF)


def test_a_window_where_nobody_is_eligible_closes_at_once() -> None:
    state = GAME.setup(3)
    state, events = play(state, 0, "ask")
    assert kinds(events) == [("auto_passed", 1), ("auto_passed", 2)]
    assert state.log == ["window closed"]
    assert [type(f) for f in state.stack] == [TurnF]  # it never waited on anyone
    assert GAME.to_act(state) == {0}


# ---- ordered triggers -------------------------------------------------------------------------------

def test_simultaneous_effects_resolve_active_player_first_and_an_owner_orders_his_own() -> None:
    state = GAME.setup(3)
    state.stack.append(TurnF(1))  # seat 1 is the active player
    events: list[Event] = []
    fire(state, [Trigger(0, "a"), Trigger(1, "x"), Trigger(2, "b"), Trigger(1, "y"), Trigger(1, "z")],
         order=[1, 2, 0])
    FLOW.settle(state, events)
    assert isinstance(state.stack[-1], OrderF)  # a forced choice: seat 1 owns three
    assert GAME.to_act(state) == {1}
    assert [str(m) for m in GAME.legal_moves(state, 1)] == ["first 1", "first 2", "first 3"]
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, "first 4")
    state, _ = play(state, 1, "first 3")
    assert state.log == ["z 1"] and GAME.to_act(state) == {1}
    state, _ = play(state, 1, "first 2")
    # the last of seat 1's resolves by itself, then seat 2's and seat 0's in turn order
    assert state.log == ["z 1", "y 1", "x 1", "b 2", "a 0"]
    assert [type(f) for f in state.stack] == [TurnF, TurnF]


def test_an_effect_that_opens_a_step_is_finished_before_the_next_effect() -> None:
    state = GAME.setup(2)
    events: list[Event] = []
    fire(state, [Trigger(1, "operate", "rg"), Trigger(0, "later")], order=[1, 0])
    FLOW.settle(state, events)
    assert state.log == ["operate 1"] and GAME.to_act(state) == {1}
    state, _ = play(state, 1, "run")
    assert state.log == ["operate 1", "ran rg", "later 0"]
    assert GAME.to_act(state) == {0}


# ---- entities -----------------------------------------------------------------------------------

def test_a_step_names_the_entity_its_seat_acts_for() -> None:
    state = GAME.setup(3)
    state.stack.append(OperateF("rg", 2))
    assert GAME.to_act(state) == {2}
    assert FLOW.entity(state, 2) == "rg" and FLOW.entity(state, 0) is None
    assert GAME.acting_label(state, 2, "en") == "Rio Grande"
    assert GAME.acting_label(state, 2, "zh") == "里奥格兰德"
    assert GAME.acting_label(state, 0, "en") is None
    state, _ = play(state, 2, "run")
    assert GAME.acting_label(state, 2, "en") is None  # back to acting for himself


# ---- blocking steps and open windows --------------------------------------------------------------

def test_a_blocking_step_hides_every_frame_under_it() -> None:
    state = GAME.setup(3)
    state.stack.append(OperateF("rg", 1))
    assert GAME.to_act(state) == GAME.may_act(state) == {1}  # the turn under it waits, cheers too
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, "end")
    events: list[Event] = []
    with pytest.raises(NotYourTurn) as refused:
        GAME.replay(state, 0, End(), events)  # the trusted path refuses too
    assert refused.value.key == "error.not_your_turn"


def test_an_open_window_leaves_the_frame_under_it_live_and_nobody_waits_for_it() -> None:
    state = GAME.setup(3)
    state.stack.append(OfferF(partner=2))
    assert GAME.to_act(state) == {0}  # the turn's seat must act
    assert 2 in GAME.may_act(state) and [str(m) for m in GAME.legal_moves(state, 2)] == ["accept", "cheer"]
    state, _ = play(state, 0, "ask")  # the turn goes on beside the open offer
    assert state.log == ["window closed"] and isinstance(state.stack[-1], OfferF)
    state, _ = play(state, 2, "accept")
    assert state.log[-1] == "accepted 2" and not any(isinstance(f, OfferF) for f in state.stack)


def test_an_acting_seats_move_of_another_kind_is_refused_by_the_step() -> None:
    state = GAME.setup(2)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "react")
    assert refused.value.key == "error.not_now" and refused.value.params == {"move": "react"}
    assert GAME.error_text(refused.value, "en") == "“react” cannot be played at this step."


# ---- optional out-of-turn moves -------------------------------------------------------------------

def test_optional_moves_widen_may_act_only_and_out_of_turn_nothing_else_is_accepted() -> None:
    state = GAME.setup(3)
    assert GAME.to_act(state) == {0} and GAME.may_act(state) == {0, 1, 2}
    assert [str(m) for m in GAME.legal_moves(state, 1)] == ["cheer"]
    state, _ = play(state, 1, "cheer")
    assert state.log == ["cheer 1"] and GAME.to_act(state) == {0}
    with pytest.raises(NotYourTurn) as refused:
        GAME.apply(state, 1, "end")
    assert refused.value.key == "error.only_cheers" and refused.value.params == {"waiting": [0]}


# ---- between moves --------------------------------------------------------------------------------

def test_an_empty_stack_opens_the_next_turn_until_there_is_none() -> None:
    state = GAME.setup(2)
    state, _ = play(state, 0, "end")
    assert GAME.to_act(state) == {1} and state.turns == 1
    state, _ = play(state, 1, "end")
    state, _ = play(state, 0, "end")
    assert state.stack == [] and GAME.to_act(state) == frozenset() and GAME.may_act(state) == frozenset()
    assert GAME.outcome(state) is not None and FLOW.legal(state, 0) == []
