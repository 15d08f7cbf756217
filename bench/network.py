"""Discord's REST costs for the load benchmark's stand-in (issue 25 §1): time on the wire and rate limits.

Every call the adapter makes to Discord goes through :meth:`Rest.call` with its route, the id its bucket is
keyed on (the channel, or the interaction) and the bytes it uploads. :class:`NetworkModel` says what a call
costs: a round trip of ``latency`` ± ``jitter`` seconds (uniform, from the run's seeded generator) plus
``upload_ms_per_kib`` per KiB uploaded, and whether Discord's rate limits hold the call back:

* per-route buckets (:data:`ROUTE_LIMITS`): Discord publishes no figures and hands buckets out in response
  headers; these are the ones bots observe for posting and editing in one channel (5 per 5 s each) and for an
  interaction's follow-ups;
* the global limit: 50 requests per second per bot token, which interaction responses and follow-ups (routes
  under ``/interactions`` and ``/webhooks``) are not bound by (Discord's "Rate Limits" page).

A limit is a sliding window: a call waits until its bucket and the global window have room, then goes. The
model off (``NetworkModel.off()``) costs nothing and waits for nothing, but every call is still counted, so
a bare run also prints REST calls per move. Nothing here sleeps unless the model says so.
"""

from __future__ import annotations

import asyncio
import contextvars
import random
import time
from collections import Counter, deque
from dataclasses import dataclass, field

#: Requests per second per bot token (Discord's global limit), for the routes bound by it.
GLOBAL_LIMIT = 50
#: Per-route buckets: (requests, per seconds), keyed by the route's major id (the channel or interaction).
ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel}/messages": (5, 5.0),
    "PATCH /channels/{channel}/messages/{message}": (5, 5.0),
    "GET /channels/{channel}/messages": (5, 5.0),
    "POST /webhooks/{application}/{token}": (5, 2.0),
    "PATCH /webhooks/{application}/{token}/messages/{message}": (5, 2.0),
}
#: Routes outside the global limit (interaction responses and follow-ups).
EXEMPT_PREFIXES = ("POST /interactions/", "POST /webhooks/", "PATCH /webhooks/")
#: What the running task is doing for the person ("move", "autocomplete", "hand"…): calls are counted by it
#: (tasks copy it, so an image posted in the background counts for the command that asked for it).
DOING: contextvars.ContextVar[str] = contextvars.ContextVar("bench_rest_doing", default="other")


@dataclass(frozen=True)
class NetworkModel:
    """What one REST call costs (seconds), and whether rate limits apply."""

    latency: float = 0.080
    jitter: float = 0.020
    upload_ms_per_kib: float = 1.0
    limits: bool = True

    @classmethod
    def off(cls) -> NetworkModel:
        """No time on the wire and no limits: calls are only counted."""
        return cls(latency=0.0, jitter=0.0, upload_ms_per_kib=0.0, limits=False)

    @property
    def timed(self) -> bool:
        """Whether a call takes any time at all."""
        return self.latency > 0 or self.jitter > 0 or self.upload_ms_per_kib > 0

    def describe(self) -> str:
        """One line for the report."""
        wire = (f"{self.latency * 1000:.0f} ± {self.jitter * 1000:.0f} ms a call, "
                f"{self.upload_ms_per_kib:g} ms/KiB uploaded" if self.timed else "no time on the wire")
        return f"{wire}; rate limits {'on' if self.limits else 'off'}"


class _Window:
    """A sliding-window limit: at most ``limit`` calls in any ``per`` seconds; callers queue in order."""

    def __init__(self, limit: int, per: float) -> None:
        self.limit, self.per = limit, per
        self.stamps: deque[float] = deque()
        self.lock = asyncio.Lock()

    def room_at(self, now: float) -> float:
        """When the next call may go (``now`` if at once)."""
        while self.stamps and now - self.stamps[0] >= self.per:
            self.stamps.popleft()
        return now if len(self.stamps) < self.limit else self.stamps[0] + self.per


@dataclass
class RestStats:
    """What the calls of a run were: counts by route, by the global limit, and the time spent waiting."""

    by_route: Counter[str] = field(default_factory=Counter)
    #: Calls by what they were made for (:data:`DOING`), all and those bound by the global limit.
    by_doing: Counter[str] = field(default_factory=Counter)
    bound_by_doing: Counter[str] = field(default_factory=Counter)
    #: Calls by (what for, route).
    by_doing_route: Counter[tuple[str, str]] = field(default_factory=Counter)
    global_stamps: list[float] = field(default_factory=list)
    waits: int = 0
    waited: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.by_route.values())

    def peak_per_second(self) -> int:
        """The most calls bound by the global limit in any one-second window."""
        stamps, best, left = sorted(self.global_stamps), 0, 0
        for right, at in enumerate(stamps):
            while at - stamps[left] >= 1.0:
                left += 1
            best = max(best, right - left + 1)
        return best


class Rest:
    """Discord's REST side as the stand-in sees it (see the module docstring)."""

    def __init__(self, model: NetworkModel, seed: int = 1) -> None:
        self.model = model
        self.stats = RestStats()
        self._rng = random.Random(seed)
        self._global = _Window(GLOBAL_LIMIT, 1.0)
        self._buckets: dict[tuple[str, int], _Window] = {}

    async def call(self, route: str, major: int, upload: int = 0) -> None:
        """One call of ``route`` (its bucket keyed by ``major``), uploading ``upload`` bytes: wait for the
        limits, then for the wire."""
        bound = not route.startswith(EXEMPT_PREFIXES)
        if self.model.limits:
            await self._admit(route, major, bound)
        now = time.perf_counter()
        doing = DOING.get()
        self.stats.by_route[route] += 1
        self.stats.by_doing[doing] += 1
        self.stats.by_doing_route[doing, route] += 1
        if bound:
            self.stats.global_stamps.append(now)
            self.stats.bound_by_doing[doing] += 1
        if self.model.timed:
            m = self.model
            trip = max(0.0, m.latency + self._rng.uniform(-m.jitter, m.jitter))
            await asyncio.sleep(trip + m.upload_ms_per_kib / 1000 * upload / 1024)

    async def _admit(self, route: str, major: int, bound: bool) -> None:
        windows = []
        if route in ROUTE_LIMITS:
            key = (route, major)
            if key not in self._buckets:
                self._buckets[key] = _Window(*ROUTE_LIMITS[route])
            windows.append(self._buckets[key])
        if bound:
            windows.append(self._global)
        start = time.perf_counter()
        for window in windows:
            async with window.lock:
                while (at := window.room_at(time.perf_counter())) > time.perf_counter():
                    await asyncio.sleep(at - time.perf_counter())
                window.stamps.append(time.perf_counter())
        waited = time.perf_counter() - start
        if waited > 0.001:
            self.stats.waits += 1
            self.stats.waited += waited


def uploaded(files: object) -> int:
    """Bytes of the ``discord.File`` objects in ``files`` (a list, one file or ``None``)."""
    if files is None:
        return 0
    items = files if isinstance(files, list | tuple) else [files]
    total = 0
    for f in items:
        fp = getattr(f, "fp", None)
        buffer = getattr(fp, "getbuffer", None)
        if buffer is not None:
            total += len(buffer())
    return total
