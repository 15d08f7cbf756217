"""A test title whose ``summarize`` always raises: loaded into the bot only by
``test_bot_log.py``, to prove that a failure the adapter swallows still fails the e2e tests.
``TABULA_EXTRA_GAMES=tests.e2e.brittle:BRITTLE`` registers it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from games.core import GameMeta

from .titles import Pebbles

BUG = "a deliberate summarize bug"


class Brittle(Pebbles):
    """Pebbles, with a text view that crashes (as a title's broken ``summarize`` would)."""

    meta: ClassVar[GameMeta] = GameMeta(
        id="brittle", names={"en": "Brittle pebbles", "zh": "易碎石子"}, min_players=2, max_players=4,
        rules_reference="tests/e2e/brittle.py", engine_version="1", options=Pebbles.meta.options)

    def summarize(self, view: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
        raise RuntimeError(BUG)


BRITTLE = Brittle()
