"""Titles from outside ``games/``: ``TABULA_EXTRA_GAMES=module:attr[,module:attr]``.

Each target may be a :class:`games.core.Game` instance, a sequence of them, or a callable
returning either. They are registered with :func:`games.registry.register`, so a new title is
playable in Discord with no change to the adapter.
"""

from __future__ import annotations

import logging

from bot.plugin_titles import titles
from games.registry import register

log = logging.getLogger("tabula.discord")


def load_extra_games(spec: str) -> list[str]:
    """Import and register every title named in ``spec``; returns their ids."""
    ids: list[str] = []
    for game in titles(spec):
        register(game)
        ids.append(game.meta.id)
    if ids:
        log.info("registered extra titles: %s", ", ".join(ids))
    return ids
