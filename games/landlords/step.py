"""The step contract: who acts in a frame, which moves it lists, and how it applies them."""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Event, IllegalMove, Move

from .state import LandlordsState


class Step:
    """One kind of frame. ``accepts`` is the explicit list of move kinds the step takes."""

    accepts: ClassVar[tuple[type[Move], ...]] = ()

    def actors(self, state: LandlordsState, frame: Any) -> frozenset[int]:
        raise NotImplementedError

    def legal(self, state: LandlordsState, frame: Any, seat: int) -> list[Move]:
        raise NotImplementedError

    def apply(self, state: LandlordsState, frame: Any, seat: int, move: Any,
              events: list[Event]) -> None:
        raise NotImplementedError


def amounts(low: int, high: int) -> list[int]:
    """A short menu of amounts from ``low`` to ``high`` (typed amounts may be anything between)."""
    if high < low:
        return []
    steps = (0, 10, 20, 50, 100, 200, 300, 500)
    return sorted({low + d for d in steps if low + d <= high} | {high})


def need(condition: bool, key: str, **params: Any) -> None:
    """Raise :class:`IllegalMove` with ``key`` unless ``condition`` holds."""
    if not condition:
        raise IllegalMove(key, **params)
