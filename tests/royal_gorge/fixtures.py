"""The five 18xx.games records and their oracle states, read from ``shared/fixtures`` at test time
(never copied into the project; tests skip when they are absent)."""

from __future__ import annotations

import functools

import pytest

from bench.shared import shared_dir
from games.royal_gorge import records as R

SHARED = shared_dir()
RECORDS = SHARED / "fixtures" / "18RoyalGorge"
ORACLES = SHARED / "fixtures" / "18RoyalGorge-oracle"

#: Kept actions per record, as big-games.md §E and the oracle count them.
KEPT = {"18RoyalGorge_game_end_bankrupt": 287, "18RoyalGorge_game_end_stock_market": 252,
        "endgame_shorter_triggered_on_buy": 295, "endgame_triggered_on_buy": 345, "post_boston": 121}
NAMES = sorted(KEPT)

#: Skips a test (or a module, as ``pytestmark``) when the records are not there.
needs_records = pytest.mark.skipif(not RECORDS.is_dir() or not ORACLES.is_dir(),
                                   reason=f"18xx fixtures not found under {SHARED}")


@functools.cache
def record(name: str) -> R.Record:
    return R.load_record(RECORDS / f"{name}.json")


@functools.cache
def oracle(name: str) -> R.Oracle:
    return R.load_oracle(ORACLES / f"{name}.oracle.json")
