"""Rate limits and cooldowns, kept in the bot process's memory (issue 12, point 2).

- :class:`TokenBuckets`: per member, a burst of ``capacity`` actions refilled at
  ``capacity / period`` per second; a member over it is refused politely until a token is back.
- :class:`Cooldowns`: at most one action per key (a member opening tables, a channel where the
  board is shared) every so many seconds.

Both forget keys that are back to their resting state, so memory stays bounded by the members
and channels active within one period. Times come from :func:`time.monotonic` (or ``now``).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass

#: Past this many keys, the resting ones are forgotten.
PRUNE_AT = 4096


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class TokenBuckets:
    """One token bucket per key: :meth:`take` spends a token, or says how long until one is back."""

    def __init__(self, capacity: int, period: float) -> None:
        self.capacity = max(1, int(capacity))
        self.rate = self.capacity / period if period > 0 else float("inf")
        self._buckets: dict[Hashable, _Bucket] = {}

    def take(self, key: Hashable, now: float | None = None) -> float:
        """Spend one token of ``key``: 0.0 when allowed, else the seconds until a token is back."""
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= PRUNE_AT:
                self._prune(now)
            bucket = self._buckets[key] = _Bucket(float(self.capacity), now)
        else:
            bucket.tokens = min(float(self.capacity), bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def refund(self, key: Hashable) -> None:
        """Give back the token :meth:`take` spent for an action that did not happen (refused)."""
        bucket = self._buckets.get(key)
        if bucket is not None:
            bucket.tokens = min(float(self.capacity), bucket.tokens + 1.0)

    def _prune(self, now: float) -> None:
        full = [k for k, b in self._buckets.items()
                if b.tokens + (now - b.stamp) * self.rate >= self.capacity]
        for key in full:
            del self._buckets[key]


class Cooldowns:
    """At most one action per key every ``seconds``."""

    def __init__(self, seconds: float) -> None:
        self.seconds = max(0.0, seconds)
        self._last: dict[Hashable, float] = {}

    def start(self, key: Hashable, now: float | None = None) -> float:
        """Start the cooldown of ``key`` if it is over: 0.0, else the seconds left (nothing changes)."""
        if self.seconds <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        last = self._last.get(key)
        if last is not None and now - last < self.seconds:
            return self.seconds - (now - last)
        if len(self._last) >= PRUNE_AT:
            for old in [k for k, t in self._last.items() if now - t >= self.seconds]:
                del self._last[old]
        self._last[key] = now
        return 0.0

    def cancel(self, key: Hashable) -> None:
        """Forget the cooldown of ``key`` (the action it was started for did not happen)."""
        self._last.pop(key, None)
