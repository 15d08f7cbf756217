"""One error hierarchy for every engine.

Each error carries a message *key* and parameters instead of a finished sentence, so adapters
can say it in the player's language (see :mod:`games.core.i18n`). Adapters catch
:class:`GameError` and answer privately; anything else is a bug.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error an engine raises on purpose.

    :param key: message key, looked up in the title's catalog then the core catalog.
    :param params: values substituted into the message.
    """

    default_key = "error.game"

    def __init__(self, key: str | None = None, **params: Any) -> None:
        self.key = key or self.default_key
        self.params = params
        super().__init__(f"{self.key} {params}" if params else self.key)


class MalformedMove(GameError):
    """The text is not a move of this game at all (unknown word, bad number)."""

    default_key = "error.malformed"


class IllegalMove(GameError):
    """A well-formed move the rules forbid now."""

    default_key = "error.illegal"


class NotYourTurn(GameError):
    """The seat has nothing to do at this moment."""

    default_key = "error.not_your_turn"


class GameOver(GameError):
    """The game has ended; no more moves."""

    default_key = "error.game_over"


class StaleVersion(GameError):
    """The move was made against an older version of the table."""

    default_key = "error.stale"


class BadOptions(GameError):
    """Table options or player count outside what the title allows."""

    default_key = "error.bad_options"
