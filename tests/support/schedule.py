"""The order ``make test`` hands tests to its xdist workers, so that no worker is left with a long test at the end.

pytest-xdist's ``worksteal`` gives worker *i* the *i*-th contiguous slice of the collection and lets an idle
worker take the back half of a busy one's queue. Collected in file order, the end-to-end tests (seconds each,
mostly waiting on their bot process) and the contract suite's long checks bunch up in a few slices, and a slow
test started last holds the whole run. Here each test gets a rough cost (:func:`cost`), the tests are dealt,
costliest first, to the slice with the least cost so far (longest processing time first), and each slice runs
its slow tests first: what is stolen at the end is short.

A test's cost is its measured wall time when ``tests/support/durations.json`` has it (the mean over whole ``make
test`` runs, written by ``python -m tests.support.cpu_log LOG... --durations tests/support/durations.json``),
else a rough guess by where it lives; the slow tests are those marked ``slow`` or measured at :data:`SLOW` or more.
A stale file only deals less evenly: every test still runs.

After its slow tests, every other slice runs its end-to-end tests first and the rest after them, the others the
other way round: an end-to-end test keeps about a third of a core busy, so with every worker in one at once (as
when each slice ran its costliest tests first) two cores were a third idle, and at the end four workers queued
for two cores with CPU-bound tests.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol


class _Item(Protocol):
    nodeid: str

    def get_closest_marker(self, name: str) -> object | None: ...


#: Rough seconds per test by where it lives: an end-to-end test starts a bot process and a drawing process
#: and waits on Discord's (emulated) rate limits; the contract suite plays whole games.
COSTS = (("tests/e2e/", 8.0), ("tests/contract/", 2.0), ("tests/bench/", 1.0))
#: ``@pytest.mark.slow``: a test known to take far longer (a whole game through Discord, a long scramble).
SLOW = 30.0
OTHER = 0.2


#: Tests that mostly wait (on a bot process, on emulated rate limits) rather than compute.
WAITING = ("tests/e2e/",)


def waits(item: _Item) -> bool:
    """Whether ``item`` mostly waits rather than computes (see :data:`WAITING`)."""
    return item.nodeid.startswith(WAITING)


#: Measured wall times of the tests that take a second or more (see the module's docstring).
DURATIONS = Path(__file__).with_name("durations.json")


@functools.cache
def measured() -> dict[str, float]:
    """The measured wall times in :data:`DURATIONS` (none if the file is missing)."""
    try:
        return {str(test): float(wall) for test, wall in json.loads(DURATIONS.read_text(encoding="utf-8")).items()}
    except FileNotFoundError:
        return {}


def cost(item: _Item) -> float:
    """The cost of one test, in seconds: measured, or a rough guess."""
    known = measured().get(item.nodeid)
    if known is not None:
        return known
    if item.get_closest_marker("slow") is not None:
        return SLOW
    return next((c for prefix, c in COSTS if item.nodeid.startswith(prefix)), OTHER)


def slow(item: _Item, item_cost: float) -> bool:
    """Whether a test is run before the others of its slice: marked ``slow`` or measured that long."""
    return item_cost >= SLOW or item.get_closest_marker("slow") is not None


def workers() -> int:
    """How many xdist workers share the run (0 when the tests run in this process)."""
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))


def deal(items: Sequence[_Item], slices: int) -> list[int]:
    """The collection's indexes in the order that gives ``slices`` contiguous slices of equal size and
    nearly equal cost, each with its slow tests first, then (even slices) the waiting tests before the others or
    (odd slices) after them, each group costliest first. Deterministic, so every worker collects the same order."""
    n = len(items)
    costs = [cost(item) for item in items]
    sizes = [n // slices + (1 if i < n % slices else 0) for i in range(slices)]
    order = sorted(range(n), key=lambda i: (-costs[i], i))
    dealt: list[list[int]] = [[] for _ in range(slices)]
    totals = [0.0] * slices
    for i in order:
        open_slices = [s for s in range(slices) if len(dealt[s]) < sizes[s]]
        target = min(open_slices, key=lambda s: (totals[s], s))
        dealt[target].append(i)
        totals[target] += costs[i]
    first = [slow(item, c) for item, c in zip(items, costs, strict=True)]
    for number, part in enumerate(dealt):
        waiting_first = number % 2 == 0
        part.sort(key=lambda i: (not first[i], waits(items[i]) != waiting_first, -costs[i], i))
    return [i for part in dealt for i in part]
