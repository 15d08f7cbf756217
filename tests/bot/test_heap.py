"""The bot process's garbage collector after its start (bot/heap.py)."""

from __future__ import annotations

import gc

from bot.heap import settle


def test_settle_keeps_what_the_start_made_out_of_later_collections() -> None:
    before = gc.get_freeze_count()
    try:
        settle()
        assert gc.get_freeze_count() > before
        assert gc.get_count()[0] < 10  # collected just before freezing
    finally:
        gc.unfreeze()
