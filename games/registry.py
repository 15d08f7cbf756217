"""The list of titles Tabula can run. Adapters discover games only through here."""

from __future__ import annotations

import importlib
from typing import Any

from .core import Game

# id -> "module:attribute" of the Game instance; modules import lazily so the lobby stays cheap.
_TITLES: dict[str, str] = {
    "wonderful-world": "games.wonderful_world:GAME",
    "landlords": "games.landlords:GAME",
}
_extra: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> None:
    """Add a title at run time (tests register tiny titles this way)."""
    _extra[game.meta.id] = game


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def game_ids() -> list[str]:
    return sorted(set(_TITLES) | set(_extra))


def get_game(game_id: str) -> Game[Any, Any]:
    """The title with this id or one of its aliases; ``KeyError`` if there is none."""
    if game_id in _extra:
        return _extra[game_id]
    if game_id in _TITLES:
        module, attr = _TITLES[game_id].split(":")
        return getattr(importlib.import_module(module), attr)
    for other in game_ids():
        game = get_game(other)
        if game_id in game.meta.aliases:
            return game
    raise KeyError(game_id)


def all_games() -> list[Game[Any, Any]]:
    return [get_game(game_id) for game_id in game_ids()]
