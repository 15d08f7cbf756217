"""Small statistics the balance studies print: intervals of rates."""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``wins`` out of ``n`` (``wins`` may be fractional: shared
    wins count as a fraction)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: float, n: int) -> str:
    """``wins``/``n`` as a percentage with its 95 % interval: ``25.1 % [22.4, 28.0]``."""
    low, high = wilson(wins, n)
    return f"{100 * wins / max(1, n):5.1f} % [{100 * low:4.1f}, {100 * high:4.1f}]"


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean of ``values`` with its normal 95 % interval (mean ± z·s/√n): ``(mean, low, high)``."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half
