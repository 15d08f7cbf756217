"""The list of titles Tabula can run. Adapters discover games only through here."""

from __future__ import annotations

import importlib
from typing import Any

from .core import Game

# id -> "module:attribute" of the Game instance; modules import lazily so the lobby stays cheap.
_TITLES: dict[str, str] = {
    "wonderful-world": "games.wonderful_world:GAME",
    "landlords": "games.landlords:GAME",
    "three-kingdoms": "games.three_kingdoms:GAME",
    "royal-gorge": "games.royal_gorge:GAME",
    "megarich": "games.megarich:GAME",
}
#: Example titles: small titles that show how a title is built (docs/new-title.md) and exercise the
#: platform (a huge move space). Playable by id everywhere; listed only with ``examples=True``.
_EXAMPLES: dict[str, str] = {
    "hexlay": "games.examples.hexlay:GAME",
}
#: Titles being built: playable by id everywhere (``tabula play <id>``) and run by the contract suite with the
#: example titles (``examples=True``), but not offered in lobbies until they are finished (Megarich∞ was, issue 20).
_DEVELOPING: dict[str, str] = {}
_extra: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> None:
    """Add a title at run time (tests register tiny titles this way)."""
    _extra[game.meta.id] = game


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def game_ids(*, examples: bool = False) -> list[str]:
    """Ids of the titles offered to players (and the example titles and titles in development with ``examples``)."""
    return sorted(set(_TITLES) | set(_extra) | (set(_EXAMPLES) | set(_DEVELOPING) if examples else set()))


def get_game(game_id: str) -> Game[Any, Any]:
    """The title with this id or one of its aliases; ``KeyError`` if there is none."""
    if game_id in _extra:
        return _extra[game_id]
    target = _TITLES.get(game_id) or _EXAMPLES.get(game_id) or _DEVELOPING.get(game_id)
    if target is not None:
        module, attr = target.split(":")
        game: Game[Any, Any] = getattr(importlib.import_module(module), attr)
        return game
    for other in game_ids(examples=True):
        game = get_game(other)
        if game_id in game.meta.aliases:
            return game
    raise KeyError(game_id)


def all_games(*, examples: bool = False) -> list[Game[Any, Any]]:
    """Every title offered to players (and the example titles and titles in development with ``examples``)."""
    return [get_game(game_id) for game_id in game_ids(examples=examples)]
