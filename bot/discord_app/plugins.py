"""Titles from outside ``games/``: ``TABULA_EXTRA_GAMES=module:attr[,module:attr]``.

Each target may be a :class:`games.core.Game` instance, a sequence of them, or a callable
returning either. They are registered with :func:`games.registry.register`, so a new title is
playable in Discord with no change to the adapter.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterable
from typing import Any

from games.core import Game
from games.registry import register

log = logging.getLogger("tabula.discord")


def _games(target: Any) -> Iterable[Game[Any, Any]]:
    if isinstance(target, Game):
        return [target]
    if callable(target):
        return _games(target())
    if isinstance(target, Iterable):
        return [g for item in target for g in _games(item)]
    raise TypeError(f"{target!r} is not a Game, a list of games, or a callable returning them")


def load_extra_games(spec: str) -> list[str]:
    """Import and register every title named in ``spec``; returns their ids."""
    ids: list[str] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        module, _, attr = part.partition(":")
        target = importlib.import_module(module)
        for name in filter(None, attr.split(".")):
            target = getattr(target, name)
        for game in _games(target):
            register(game)
            ids.append(game.meta.id)
    if ids:
        log.info("registered extra titles: %s", ", ".join(ids))
    return ids
