"""The engine contract shared by every title: base classes, errors, events, PRNG, i18n."""

from .errors import (
    BadOptions,
    GameError,
    GameOver,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    StaleVersion,
)
from .events import Event, visible_events
from .game import Applied, BaseState, Game, Move, normalise_notation
from .i18n import CORE_CATALOG, LANGS, Catalog, normalise_lang
from .menu import MENU_LIMIT, Option, complete_by_tokens
from .meta import GameMeta, OptionSpec
from .outcome import Outcome, Standing, rank_by_keys
from .rng import Rng

__all__ = [
    "CORE_CATALOG",
    "LANGS",
    "MENU_LIMIT",
    "Applied",
    "BadOptions",
    "BaseState",
    "Catalog",
    "Event",
    "Game",
    "GameError",
    "GameMeta",
    "GameOver",
    "IllegalMove",
    "MalformedMove",
    "Move",
    "NotYourTurn",
    "Option",
    "OptionSpec",
    "Outcome",
    "Rng",
    "StaleVersion",
    "Standing",
    "complete_by_tokens",
    "normalise_lang",
    "normalise_notation",
    "rank_by_keys",
    "visible_events",
]
