"""What every step of a railroad's turn reads: the steps in order, the board as track and stations make it
(cached), the privates a player or railroad owns, the railroad operating now, and the move to the next step.
No other module of the package is imported here."""

from __future__ import annotations

import functools

from ..content import content
from ..state import Corp, OperatingF, RGState
from ..track import Board

STEPS = ("track", "token", "route", "dividend", "lease", "train", "company")


MAX_STEEL = 40


COLUMN_COLOURS = {col.id: col.colour for col in content().steel.column}


def make_board(state: RGState) -> Board:
    """The board as the state's track, stations and railroads make it (cached by their values)."""
    return _board(state.phase, tuple(sorted(state.laid.items())),
                  tuple(sorted((h, tuple(s)) for h, s in state.tokens.items())), tuple(state.railroads))


@functools.lru_cache(maxsize=64)
def _board(phase: str, laid: tuple[tuple[str, tuple[str, int]], ...],
           tokens: tuple[tuple[str, tuple[str | None, ...]], ...], railroads: tuple[str, ...]) -> Board:
    return Board(dict(laid), dict(tokens), railroads, phase)


def owned(state: RGState, owner: int | str) -> list[str]:
    """The open privates ``owner`` (a seat or a railroad) holds."""
    return [p.id for p in state.privates.values() if p.owner == owner and not p.closed]


def owns(state: RGState, owner: int | str, private: str) -> bool:
    """Whether ``owner`` holds the open private ``private``."""
    found = state.privates.get(private)
    return found is not None and found.owner == owner and not found.closed


def operating(state: RGState, frame: OperatingF) -> Corp:
    """The railroad whose turn it is."""
    return state.corps[frame.order[frame.index]]


def next_step(frame: OperatingF) -> None:
    """Move the turn on to its next step (``done`` after the last)."""
    index = STEPS.index(frame.step) + 1 if frame.step in STEPS else len(STEPS)
    frame.step = STEPS[index] if index < len(STEPS) else "done"
