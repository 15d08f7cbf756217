"""The flow kernel: turn structure as explicit data (DESIGN: "Turn structure is explicit data").

A title keeps the open steps of its turn structure as *frames*: small msgspec tagged structs on a
stack in its state (``state.stack``), the active one on top. A :class:`Flow` maps each frame type
to a :class:`Step` that says who acts in such a frame, which moves it lists, which move kinds it
accepts and how it applies them. The title's contract methods then shrink to one line each::

    FLOW = Flow({TurnF: TurnStep(), BidF: BidStep(), ...}, checks=end_checks, empty=next_turn)

    def to_act(self, state):        return FLOW.to_act(state)
    def may_act(self, state):       return FLOW.may_act(state)
    def _legal_moves(self, s, seat): return FLOW.legal(s, seat)
    def _apply(self, s, seat, m, ev): FLOW.apply(s, seat, m, ev)

What the kernel offers, each piece optional:

* **Blocking steps and open windows.** A step *blocks* by default: its frame hides every frame
  under it, and only its actors act. A step with ``blocks = False`` is a window left open beside
  the frame under it (an offer a hospitalised player may answer, a private company the operating
  president may buy): its actors *may* act, nobody waits for them, and the frames under it stay
  live down to the first blocking one, whose actors are the ones who must act (``to_act``).
* **Acting entities.** :meth:`Step.entity` names what a seat acts for ("Rio Grande" while a
  railroad is operated by its president); :meth:`Flow.entity` exposes it so the title's
  ``Game.acting_label`` can name it and adapters show "Rio Grande (Alice)".
* **Optional out-of-turn moves.** An :class:`Aside` lists moves other seats may make while a
  step is live (deals proposed during another player's turn): they widen ``may_act``, nobody
  waits for them, and out of turn nothing else is accepted.
* **Reaction windows.** A :class:`Window` is a step where several seats answer at once (sealed
  bids, challenges, votes). It opens only for seats with an eligible reaction: everyone else
  passes automatically, recorded in the frame and as an ``auto_passed`` event, never as a move,
  so in chat no seat is given a deadline for a window it cannot use; a window where nobody is
  eligible resolves at once without ever reaching the stack.
* **Ordered triggers.** Effects that fire at the same time are queued (:func:`fire`) and resolve
  by owner, the active player's first; a seat owning several chooses their order in a forced
  choice (:class:`OrderF`, the move ``first N``), as "order your simultaneous effects" rules ask.
* **End-of-step checks.** After every move :meth:`Flow.settle` runs the title's checks (the end
  of the game), refills an empty stack (the next turn) and lets the top frame move on by itself
  (:meth:`Step.advance`: a debt that can now be paid, a phase everyone has finished).

A title whose round structure is not a stack (a phase field) passes ``frames=`` to read its frames
from the state; :mod:`games.wonderful_world.steps` does so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import msgspec

from .errors import GameError, GameOver, IllegalMove, NotYourTurn
from .events import Event
from .game import Move

S = TypeVar("S")  # a title's state
F = TypeVar("F")  # a frame type


class Stacked(Protocol):
    """A state whose open frames are a list, the active one last."""

    stack: list[Any]


class Pending(Protocol):
    """A window frame: the seats that still have to answer."""

    pending: list[int]


def need(condition: bool, key: str, **params: Any) -> None:
    """Raise :class:`IllegalMove` with message ``key`` unless ``condition`` holds."""
    if not condition:
        raise IllegalMove(key, **params)


def frame_tag(frame: Any) -> str:
    """The msgspec tag of a frame (``"sealed"``), or its class name for an untagged one."""
    tag = type(frame).__struct_config__.tag if isinstance(frame, msgspec.Struct) else None
    return str(tag) if tag is not None else type(frame).__name__


def _type_tag(kind: type) -> str:
    config = getattr(kind, "__struct_config__", None)
    tag = config.tag if config is not None else None
    return str(tag) if tag is not None else kind.__name__


def close(state: Stacked, frame: Any) -> None:
    """Take ``frame`` itself off the stack (by identity, wherever it is: an open window above it
    must not be the one removed)."""
    for index in range(len(state.stack) - 1, -1, -1):
        if state.stack[index] is frame:
            del state.stack[index]
            return
    raise ValueError(f"{frame_tag(frame)} is not on the stack")


# ---- steps ------------------------------------------------------------------------------------

class Aside(Generic[S, F]):
    """Optional moves open while a step is live, to seats that need not be acting: deals proposed
    during another player's turn. Nobody waits for them; they only widen ``may_act``.

    ``accepts`` lists the move kinds; :meth:`apply` validates them fully, so a seat that may not
    make one now learns the exact reason. ``out_of_turn`` is the message key refusing anything
    else to a seat that is not acting ("out of turn you may only propose a deal").
    """

    accepts: ClassVar[tuple[type[Move], ...]] = ()
    out_of_turn: ClassVar[str] = "error.not_your_turn"

    def seats(self, state: S, frame: F) -> frozenset[int]:
        """Seats that may make one of these moves now."""
        raise NotImplementedError

    def may(self, state: S, frame: F, seat: int) -> bool:
        """Whether ``seat`` may make one of these moves now (default: it is in :meth:`seats`)."""
        return seat in self.seats(state, frame)

    def legal(self, state: S, frame: F, seat: int) -> list[Move]:
        """The moves of this kind ``seat`` is offered now (asked only when :meth:`may` holds)."""
        raise NotImplementedError

    def apply(self, state: S, frame: F, seat: int, move: Any, events: list[Event]) -> None:
        """Validate and play ``move`` (one of ``accepts``) for ``seat``."""
        raise NotImplementedError


class Step(Generic[S, F]):
    """One kind of frame: who acts in it, the moves it lists and accepts, how it applies them.

    ``accepts`` is the explicit list of move kinds the step takes; anything else from an acting
    seat is refused by :meth:`refuse` before the step sees it. Steps keep no game state: what
    they need is in the state and the frame, so one instance serves every table.
    """

    accepts: ClassVar[tuple[type[Move], ...]] = ()
    #: Whether the frame hides the frames under it (see the module notes on open windows).
    blocks: ClassVar[bool] = True
    #: Optional moves others may make while this step is live.
    asides: ClassVar[tuple[Aside[Any, Any], ...]] = ()
    #: Whether anyone ever acts in this step (a queue that only hands effects on does not): the
    #: kinds of step a title is played in (:meth:`Flow.kinds`) are those where someone does.
    takes_moves: ClassVar[bool] = True

    def actors(self, state: S, frame: F) -> frozenset[int]:
        """Seats that act in this frame: must act for a blocking step, may act for an open one."""
        raise NotImplementedError

    def legal(self, state: S, frame: F, seat: int) -> list[Move]:
        """The moves ``seat`` (one of :meth:`actors`) is offered in this frame."""
        raise NotImplementedError

    def apply(self, state: S, frame: F, seat: int, move: Any, events: list[Event]) -> None:
        """Validate fully, then play ``move`` (one of ``accepts``) for ``seat``; raise a
        :class:`GameError` for anything illegal (the caller's copy of the state is dropped)."""
        raise NotImplementedError

    def advance(self, state: S, frame: F, events: list[Event]) -> bool:
        """End-of-step check, run while the frame is on top after every move: move on by itself
        (pay a debt that can now be paid, start the next phase) and return ``True``, or return
        ``False`` when the frame waits for a move."""
        return False

    def entity(self, state: S, frame: F, seat: int) -> str | None:
        """What ``seat`` acts for in this frame (a railroad's id while its president operates
        it), or ``None`` when it acts for itself. The title names it in ``acting_label``."""
        return None

    def refuse(self, state: S, frame: F, seat: int, move: Move) -> GameError:
        """The error for an acting seat's move of a kind this step does not accept."""
        return IllegalMove("error.not_now", move=str(move))


SS = TypeVar("SS", bound=Stacked)
W = TypeVar("W", bound=Pending)


class WindowFrame(msgspec.Struct, kw_only=True):
    """A convenient base for window frames: who still answers, who passed automatically.

    Subclass it with a tag (``class ReactF(WindowFrame, tag="react")``); any frame with a
    ``pending`` list works with :class:`Window` as well.
    """

    pending: list[int]
    passed: list[int] = []  # seats passed automatically: no eligible reaction


class Window(Step[SS, W]):
    """A reaction window: the seats in the frame's ``pending`` answer at once, each once; the
    frames under it wait (rules such as "the others answer with a sealed bid or a pass").

    :meth:`open` puts the window on the stack for the seats that have an eligible reaction
    (:meth:`eligible`); the others pass automatically (:meth:`auto_pass`, an ``auto_passed``
    event), so nobody is asked for a decision that is no decision. A step's :meth:`apply` records
    an answer and calls :meth:`answered`; once :meth:`decided`, the window leaves the stack and
    :meth:`resolve` carries out the outcome. Eligibility must depend only on what every seat may
    know: an automatic pass is public.
    """

    #: The event kind recording an automatic pass (``None``: record it in the frame only).
    auto_pass_event: ClassVar[str | None] = "auto_passed"

    def actors(self, state: SS, frame: W) -> frozenset[int]:
        return frozenset(frame.pending)

    def eligible(self, state: SS, frame: W, seat: int) -> bool:
        """Whether ``seat`` has a reaction to choose here (default: every pending seat does)."""
        return True

    def auto_pass(self, state: SS, frame: W, seat: int) -> None:
        """Record that ``seat`` passed automatically (default: in ``frame.passed`` if it has one)."""
        passed = getattr(frame, "passed", None)
        if isinstance(passed, list):
            passed.append(seat)

    def decided(self, state: SS, frame: W) -> bool:
        """Whether the window can close (default: everyone has answered). A vote may close as
        soon as its outcome is certain."""
        return not frame.pending

    def resolve(self, state: SS, frame: W, events: list[Event]) -> None:
        """Carry out the window's outcome; the frame is already off the stack."""
        raise NotImplementedError

    def open(self, state: SS, frame: W, events: list[Event]) -> None:
        """Open the window for its eligible seats; with nobody eligible it resolves at once."""
        for seat in [s for s in frame.pending if not self.eligible(state, frame, s)]:
            frame.pending.remove(seat)
            self.auto_pass(state, frame, seat)
            if self.auto_pass_event is not None:
                events.append(Event(self.auto_pass_event, {"seat": seat, "window": frame_tag(frame)}))
        state.stack.append(frame)
        self.settle(state, frame, events)

    def answered(self, state: SS, frame: W, seat: int, events: list[Event]) -> None:
        """``seat`` has answered: it no longer acts here; close the window once it is decided."""
        frame.pending.remove(seat)
        self.settle(state, frame, events)

    def settle(self, state: SS, frame: W, events: list[Event]) -> None:
        """Close and resolve the window if it is decided."""
        if self.decided(state, frame):
            close(state, frame)
            self.resolve(state, frame, events)


# ---- ordered triggers ---------------------------------------------------------------------------

class Trigger(msgspec.Struct, frozen=True):
    """An effect that fired and waits to resolve. ``seat`` owns it (and orders it among his
    others); ``effect`` and ``arg`` are the title's to interpret (a talent, a card, a space)."""

    seat: int
    effect: str
    arg: str = ""


class TriggersF(msgspec.Struct, tag="triggers"):
    """Effects that fired at the same time, in the order their owners resolve them."""

    queue: list[Trigger]


class OrderF(msgspec.Struct, tag="order"):
    """``seat`` owns several simultaneous effects and chooses which resolves next (a forced
    choice: nothing else happens until the order is settled)."""

    seat: int
    triggers: list[Trigger]


class First(Move, frozen=True, tag="first"):
    """Resolve the ``index``-th (from 1) of one's simultaneous effects next."""

    index: int

    def __str__(self) -> str:
        return f"first {self.index}"


def fire(state: Stacked, triggers: Iterable[Trigger], order: Sequence[int]) -> None:
    """Queue effects that fire at the same time. They resolve owner by owner in ``order`` (the
    active player first, then in turn order; owners not in it last), each owner's in the order
    he chooses when he has several. Nothing resolves here: :meth:`Flow.settle` does, after the
    move, and an effect that opens a step is finished before the next one starts."""
    rank = {seat: i for i, seat in enumerate(order)}
    queue = sorted(triggers, key=lambda t: (rank.get(t.seat, len(rank)), t.seat))
    if queue:
        state.stack.append(TriggersF(queue))


Resolver = Callable[[Any, Trigger, list[Event]], None]


class TriggersStep(Step[Any, TriggersF]):
    """The queue of simultaneous effects: nobody acts; it hands the next owner's effects on."""

    takes_moves: ClassVar[bool] = False

    def __init__(self, resolve: Resolver) -> None:
        self.resolve = resolve

    def actors(self, state: Any, frame: TriggersF) -> frozenset[int]:
        return frozenset()

    def legal(self, state: Any, frame: TriggersF, seat: int) -> list[Move]:
        return []

    def advance(self, state: Any, frame: TriggersF, events: list[Event]) -> bool:
        if not frame.queue:
            close(state, frame)
            return True
        owner = frame.queue[0].seat
        mine = [t for t in frame.queue if t.seat == owner]
        frame.queue = [t for t in frame.queue if t.seat != owner]
        if len(mine) == 1:
            self.resolve(state, mine[0], events)
        else:  # the owner orders his own simultaneous effects
            state.stack.append(OrderF(owner, mine))
        return True


class OrderStep(Step[Any, OrderF]):
    """The owner of several simultaneous effects picks the one to resolve next; the last one
    left resolves by itself."""

    accepts: ClassVar[tuple[type[Move], ...]] = (First,)

    def __init__(self, resolve: Resolver, move: type[First] = First) -> None:
        self.resolve = resolve
        self.move = move
        self.accepts = (move,)  # type: ignore[misc]  # the title's own ``first`` move class

    def actors(self, state: Any, frame: OrderF) -> frozenset[int]:
        return frozenset({frame.seat}) if len(frame.triggers) > 1 else frozenset()

    def legal(self, state: Any, frame: OrderF, seat: int) -> list[Move]:
        return [self.move(i) for i in range(1, len(frame.triggers) + 1)]

    def apply(self, state: Any, frame: OrderF, seat: int, move: First, events: list[Event]) -> None:
        need(1 <= move.index <= len(frame.triggers), "error.not_now", move=str(move))
        chosen = frame.triggers.pop(move.index - 1)
        self.resolve(state, chosen, events)

    def advance(self, state: Any, frame: OrderF, events: list[Event]) -> bool:
        if len(frame.triggers) > 1:
            return False
        close(state, frame)
        if frame.triggers:
            self.resolve(state, frame.triggers[0], events)
        return True


def trigger_steps(resolve: Resolver, move: type[First] = First) -> dict[type, Step[Any, Any]]:
    """The two steps ordered triggers need, to merge into a title's step table. ``resolve``
    carries out one effect (it may open steps of its own); ``move`` is the title's ``first``
    move class when it defines its own."""
    return {TriggersF: TriggersStep(resolve), OrderF: OrderStep(resolve, move)}


# ---- the flow ------------------------------------------------------------------------------------

def _stack(state: Any) -> Sequence[Any]:
    frames: Sequence[Any] = state.stack
    return frames


class Flow(Generic[S]):
    """A title's turn structure: the step for each frame type, plus the checks run between moves.

    :param steps: frame type → :class:`Step`.
    :param frames: reads the open frames from the state, bottom first (default: ``state.stack``);
        a finished game has none.
    :param checks: end-of-step checks run before anything else after every move (the end of the
        game); returning ``True`` stops the flow there.
    :param empty: called when no frame is left (the next player's turn); it should open one.
    """

    def __init__(self, steps: Mapping[type, Step[S, Any]], *,
                 frames: Callable[[S], Sequence[Any]] = _stack,
                 checks: Callable[[S, list[Event]], bool] | None = None,
                 empty: Callable[[S, list[Event]], None] | None = None) -> None:
        self.steps = dict(steps)
        self.frames = frames
        self.checks = checks
        self.empty = empty

    # ---- reading ---------------------------------------------------------------------------
    def kinds(self) -> frozenset[str]:
        """Every kind of step this turn structure knows where someone acts (its frames' tags)."""
        return frozenset(_type_tag(kind) for kind, step in self.steps.items() if step.takes_moves)

    def kind(self, state: S) -> str:
        """The kind of the step that takes moves now (the top frame's tag; ``""`` when none)."""
        live = self.live(state)
        return frame_tag(live[0][0]) if live else ""

    def step(self, frame: Any) -> Step[S, Any]:
        """The step handling ``frame``."""
        return self.steps[type(frame)]

    def top(self, state: S) -> Any | None:
        """The active frame, or ``None`` when none is open."""
        frames = self.frames(state)
        return frames[-1] if frames else None

    def live(self, state: S) -> list[tuple[Any, Step[S, Any]]]:
        """The frames that take moves now, top first: the top one and, under open windows, the
        frames down to the first blocking one (the bottom frame always counts as blocking)."""
        frames = self.frames(state)
        if not frames:
            return []
        top = frames[-1]
        step = self.steps[type(top)]
        if step.blocks:  # the usual case
            return [(top, step)]
        out: list[tuple[Any, Step[S, Any]]] = [(top, step)]
        for frame in reversed(frames[:-1]):
            step = self.steps[type(frame)]
            out.append((frame, step))
            if step.blocks:
                break
        return out

    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must act: the actors of the blocking frame (empty once nothing is open)."""
        live = self.live(state)
        if not live:
            return frozenset()
        frame, step = live[-1]
        return step.actors(state, frame)

    def may_act(self, state: S) -> frozenset[int]:
        """Seats that must act, plus those who may: actors of open windows above the blocking
        frame and seats with optional moves (:class:`Aside`). Nobody waits for the latter, and
        they have nothing to do while nobody must act."""
        live = self.live(state)
        if not live:
            return frozenset()
        frame, step = live[-1]
        acting = step.actors(state, frame)
        if not acting:
            return acting
        extra: set[int] = set()
        for frame, step in live:
            if not step.blocks:
                extra |= step.actors(state, frame)
            for aside in step.asides:
                extra |= aside.seats(state, frame)
        return acting | extra if extra else acting

    def legal(self, state: S, seat: int) -> list[Move]:
        """Every move ``seat`` is offered now: its steps' moves (top first), then optional ones."""
        live = self.live(state)
        return self.step_legal(state, seat, live) + self.aside_legal(state, seat, live)

    def step_legal(self, state: S, seat: int,
                   live: list[tuple[Any, Step[S, Any]]] | None = None) -> list[Move]:
        """The first part of :meth:`legal`: the moves of the live steps where ``seat`` acts, top first."""
        moves: list[Move] = []
        for frame, step in self.live(state) if live is None else live:
            if seat in step.actors(state, frame):
                moves += step.legal(state, frame, seat)
        return moves

    def aside_legal(self, state: S, seat: int,
                    live: list[tuple[Any, Step[S, Any]]] | None = None) -> list[Move]:
        """The rest of :meth:`legal`: the optional moves (:class:`Aside`) ``seat`` is offered now."""
        moves: list[Move] = []
        for frame, step in self.live(state) if live is None else live:
            for aside in step.asides:
                if aside.may(state, frame, seat):
                    moves += aside.legal(state, frame, seat)
        return moves

    def aside_open(self, state: S, seat: int) -> bool:
        """Whether :meth:`aside_legal` lists anything, without listing it: some aside's :meth:`Aside.may`
        holds (``may`` means that the seat has one of the aside's moves now)."""
        return any(aside.may(state, frame, seat) for frame, step in self.live(state) for aside in step.asides)

    def entity(self, state: S, seat: int) -> str | None:
        """What ``seat`` acts for now (:meth:`Step.entity` of the topmost frame it acts in)."""
        for frame, step in self.live(state):
            if seat in step.actors(state, frame):
                return step.entity(state, frame, seat)
        return None

    # ---- playing ---------------------------------------------------------------------------
    def apply(self, state: S, seat: int, move: Move, events: list[Event]) -> None:
        """Play ``move`` for ``seat`` (:meth:`dispatch`), then run the end-of-step checks."""
        self.dispatch(state, seat, move, events)
        self.settle(state, events)

    def dispatch(self, state: S, seat: int, move: Move, events: list[Event]) -> None:
        """Hand ``move`` to the topmost live step where ``seat`` acts and that accepts its kind,
        else to an aside accepting it; refuse it with the step's reason (a move of the wrong
        kind) or as out of turn."""
        live = self.live(state)
        if not live:
            raise GameOver()
        for frame, step in live:
            if isinstance(move, step.accepts) and seat in step.actors(state, frame):
                step.apply(state, frame, seat, move, events)
                return
        for frame, step in live:
            for aside in step.asides:
                if isinstance(move, aside.accepts):
                    aside.apply(state, frame, seat, move, events)
                    return
        for frame, step in live:
            if seat in step.actors(state, frame):
                raise step.refuse(state, frame, seat, move)
        key = next((aside.out_of_turn for _, step in live for aside in step.asides), None)
        raise NotYourTurn(key, waiting=sorted(self.to_act(state)))

    def settle(self, state: S, events: list[Event]) -> None:
        """The end-of-step, -phase and -game checks after a move: the title's ``checks``, a new
        frame when none is left (``empty``), and the top frame's :meth:`Step.advance`, until the
        game waits for a move or is over."""
        while True:
            if self.checks is not None and self.checks(state, events):
                return
            frames = self.frames(state)
            if not frames:
                if self.empty is None:
                    return
                self.empty(state, events)
                if not self.frames(state):
                    return
                continue
            top = frames[-1]
            if not self.step(top).advance(state, top, events):
                return
