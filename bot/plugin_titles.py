"""Titles from outside ``games/`` named by ``module:attr[,module:attr]`` (``TABULA_EXTRA_GAMES``).

Resolved here, apart from the Discord adapter, so that a drawing process (:mod:`bot.render_worker`)
registers the same titles as the bot without importing the adapter and its database stack.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from games.core import Game


def _games(target: Any) -> Iterable[Game[Any, Any]]:
    if isinstance(target, Game):
        return [target]
    if callable(target):
        return _games(target())
    if isinstance(target, Iterable):
        return [g for item in target for g in _games(item)]
    raise TypeError(f"{target!r} is not a Game, a list of games, or a callable returning them")


def titles(spec: str) -> list[Game[Any, Any]]:
    """The titles ``spec`` names: each target may be a :class:`games.core.Game` instance, a
    sequence of them, or a callable returning either."""
    found: list[Game[Any, Any]] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        module, _, attr = part.partition(":")
        target: Any = importlib.import_module(module)
        for name in filter(None, attr.split(".")):
            target = getattr(target, name)
        found += _games(target)
    return found
