"""A test title whose moves wait at a gate between the bot's load and its commit: loaded into the
bot only by ``test_abuse_proof.py`` (``TABULA_EXTRA_GAMES=tests.e2e.gated:GATED`` and
``TABULA_E2E_GATE=<folder>``), so that the test can change the table from another process at
exactly that moment (issue 12, point 6: a move racing an abandon).

Applying a move first leaves a file ``entered`` in the gate folder, then waits (at most
:data:`WAIT_SECONDS`) until a file ``open`` is there; without ``TABULA_E2E_GATE`` it is Pebbles."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import ClassVar

from games.core import Event, GameMeta

from .titles import Pebbles, PebblesState, Take

GATE_ENV = "TABULA_E2E_GATE"
ENTERED = "entered"
OPEN = "open"
WAIT_SECONDS = 20.0


class Gated(Pebbles):
    """Pebbles whose moves pass a gate the test opens."""

    meta: ClassVar[GameMeta] = GameMeta(
        id="gated", names={"en": "Gated pebbles", "zh": "闸门石子"}, min_players=2, max_players=4,
        rules_reference="tests/e2e/gated.py", engine_version="1", options=Pebbles.meta.options)

    def _apply(self, state: PebblesState, seat: int, move: Take, events: list[Event]) -> None:
        gate = os.environ.get(GATE_ENV)
        if gate and not (Path(gate) / OPEN).exists():
            (Path(gate) / ENTERED).touch()
            deadline = time.monotonic() + WAIT_SECONDS
            while not (Path(gate) / OPEN).exists() and time.monotonic() < deadline:
                time.sleep(0.02)
        super()._apply(state, seat, move, events)


GATED = Gated()
