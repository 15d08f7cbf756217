"""Pillow renderers: each title's views drawn as PNG images (DESIGN: render/ draws a *view*).

Use :func:`renderer_for` with a game id; it returns an object with ``board``, ``private`` and
``result`` methods, each returning PNG bytes. Titles without a dedicated renderer get the
:class:`~render.generic.GenericRenderer`, which draws any view as a readable summary.

Renderers only ever receive views (and read public card data), never the game state. Rendering is
CPU-bound and synchronous: call it off the event loop (a thread or process pool).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol, runtime_checkable

from .fonts import FontMissing
from .generic import GenericRenderer
from .kit import DrawnText, recording

__all__ = [
    "DrawnText",
    "FontMissing",
    "GenericRenderer",
    "Renderer",
    "focus_image",
    "move_animation",
    "recording",
    "register_renderer",
    "renderer_for",
    "renderer_ids",
    "unregister_renderer",
]


@runtime_checkable
class Renderer(Protocol):
    """What the table service calls to turn views into images (PNG bytes)."""

    def board(self, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
        """The public table (pass a spectator view for public posts)."""
        ...

    def private(self, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
        """One seat's private information, drawn from that seat's own view."""
        ...

    def result(self, outcome: Any, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
        """The final ranking with score breakdowns and tie-break notes."""
        ...


def move_animation(renderer: Any, view: Any, events: Sequence[Any], lang: str,
              names: Sequence[str] | None = None) -> tuple[bytes, str] | None:
    """The optional animation of what a move did (Megarich's automatic battle, tick by tick): a
    renderer offers it with an ``animation(view, events, lang, names)`` method returning
    ``(data, extension)`` from :func:`render.animation.encode_animation` (APNG or GIF within
    Discord's upload limit), or ``None`` when the move has nothing to animate."""
    draw = getattr(renderer, "animation", None)
    return draw(view, list(events), lang, names) if callable(draw) else None


def focus_image(renderer: Any, view: Any, path: Sequence[str], lang: str,
                names: Sequence[str] | None = None) -> bytes | None:
    """The optional picture beside a move menu whose chosen tokens are ``path`` (a hex zoomed in
    with the tiles that fit it): a renderer offers it with a ``focus(view, path, lang, names)``
    method returning PNG bytes or ``None``. Renderers without one show nothing there."""
    draw = getattr(renderer, "focus", None)
    return draw(view, list(path), lang, names) if callable(draw) else None


_extra: dict[str, Renderer] = {}


def register_renderer(game_id: str, renderer: Renderer) -> None:
    """Use ``renderer`` for ``game_id`` instead of what the title declares (tests)."""
    _extra[game_id] = renderer
    renderer_for.cache_clear()


def unregister_renderer(game_id: str) -> None:
    """Forget a renderer registered with :func:`register_renderer`."""
    _extra.pop(game_id, None)
    renderer_for.cache_clear()


def _declared(game_id: str) -> str | None:
    """The renderer a title declares next to itself (``GameMeta.renderer``)."""
    from games.registry import get_game

    try:
        return get_game(game_id).meta.renderer
    except KeyError:
        return None


def renderer_ids() -> list[str]:
    """Game ids with a dedicated renderer."""
    from games.registry import game_ids

    return sorted({g for g in game_ids() if _declared(g)} | set(_extra))


@cache
def renderer_for(game_id: str) -> Renderer:
    """The renderer for ``game_id``: the one its title declares (``GameMeta.renderer``), or a
    generic text-summary renderer if it has none."""
    if game_id in _extra:
        return _extra[game_id]
    target = _declared(game_id)
    if target is None:
        return GenericRenderer(game_id)
    module, attr = target.split(":")
    renderer: Renderer = getattr(importlib.import_module(module), attr)
    return renderer
