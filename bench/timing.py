"""Timing helpers shared by the benchmarks: a clock around a call, percentiles, milliseconds as text.

Numbers are only ever printed; nothing here (or in the tests) asserts on wall-clock time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


def timed(action: Callable[[], T]) -> tuple[float, T]:
    """Run ``action`` once: the seconds it took and what it returned."""
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by rank (no interpolation); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(seconds: float) -> str:
    """Seconds as right-aligned milliseconds: ``"    1.25 ms"``."""
    return f"{seconds * 1000:8.2f} ms"


@dataclass(frozen=True)
class Timing:
    """The samples (seconds) of one measurement."""

    samples: tuple[float, ...]

    @classmethod
    def of(cls, samples: Sequence[float]) -> Timing:
        return cls(tuple(samples))

    @property
    def count(self) -> int:
        return len(self.samples)

    @property
    def p50(self) -> float:
        return percentile(self.samples, 0.5)

    @property
    def p99(self) -> float:
        return percentile(self.samples, 0.99)

    @property
    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else 0.0

    def text(self) -> str:
        """``p50 … p99 …`` as the report prints it."""
        return f"p50 {ms(self.p50)}   p99 {ms(self.p99)}"
