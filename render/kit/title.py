"""What a title's renderer is: its three drawing functions bundled (:class:`TitleRenderer`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class TitleRenderer:
    """A title's three drawing functions, bundled as the :class:`render.Renderer` the service
    asks for (``board(view, lang, names)``, ``private(...)``, ``result(outcome, view, ...)``)."""

    game_id: str
    board: Callable[..., bytes]
    private: Callable[..., bytes]
    result: Callable[..., bytes]
