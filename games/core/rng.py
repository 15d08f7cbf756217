"""A tiny seeded PRNG whose whole state is one integer kept in the game state.

SplitMix64 (Steele, Lea & Flood 2014): fast, passes BigCrush, trivially portable, and bit-for-bit
identical on every Python version because it is plain integer arithmetic. Never use the global
``random`` module in an engine.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

_MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int | str) -> int:
    """Turn any seed (int or text) into a 64-bit starting state."""
    if isinstance(seed, str):
        acc = 0xCBF29CE484222325
        for byte in seed.encode():
            acc = ((acc ^ byte) * 0x100000001B3) & _MASK
        return acc
    return seed & _MASK


class Rng(msgspec.Struct):
    """SplitMix64 generator; ``state`` is all there is to save."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        return cls(seed_state(seed))

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]``."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
