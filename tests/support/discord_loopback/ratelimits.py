"""Discord's REST rate limits, as the loopback server enforces them.

Discord limits each route per *bucket* (a route template and its major parameter: the channel,
the guild, or the webhook) and every bot globally (50 requests a second). Each answer of a
limited route carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After`` and
``-Bucket``, which discord.py reads to wait before it would be refused; a request over the limit
is answered 429 with ``{"message", "retry_after", "global", "code"}``, ``Retry-After``,
``X-RateLimit-Scope`` and a ``Via`` header (discord.py takes a 429 without ``Via`` for a
Cloudflare ban and does not retry it). discord.py then sleeps ``retry_after`` and retries.

The windows are fixed: the first request of a bucket opens a window of ``per`` seconds in which
``limit`` requests pass.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import NamedTuple

#: ``(method, route template) -> (limit, per seconds, major parameter)``. The values are Discord's
#: documented or observed ones for the routes a game bot uses most.
DEFAULT_ROUTE_LIMITS: dict[tuple[str, str], tuple[int, float, str]] = {
    ("POST", "/channels/{channel_id}/messages"): (5, 5.0, "channel_id"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (5, 5.0, "channel_id"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): (5, 1.0, "channel_id"),
    ("POST", "/channels/{channel_id}/typing"): (5, 5.0, "channel_id"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): (1, 0.25, "channel_id"),
    ("POST", "/channels/{channel_id}/threads"): (10, 10.0, "channel_id"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): (10, 10.0, "channel_id"),
    ("POST", "/guilds/{guild_id}/channels"): (5, 5.0, "guild_id"),
}

GLOBAL_LIMIT = 50
"""Requests per second per bot, over all routes (interaction callbacks are exempt)."""

#: Routes Discord does not count against the global limit.
GLOBAL_EXEMPT = frozenset({"/interactions/{interaction_id}/{token}/callback"})


class RateLimitHit(NamedTuple):
    """One 429 answered: the route, its bucket key and how long the bot was told to wait."""

    method: str
    template: str
    bucket: str
    retry_after: float
    is_global: bool
    at: float


@dataclass
class _Window:
    limit: int
    per: float
    reset_at: float = 0.0
    count: int = 0


@dataclass
class Verdict:
    """What the limiter says about one request: ``headers`` to send, and ``retry_after`` (> 0:
    refuse it with 429)."""

    headers: dict[str, str] = field(default_factory=dict)
    retry_after: float = 0.0
    is_global: bool = False
    bucket: str = ""


class RateLimiter:
    """Per-bucket fixed windows plus the global per-second limit."""

    def __init__(self, routes: dict[tuple[str, str], tuple[int, float, str]] | None = None,
                 global_limit: int = GLOBAL_LIMIT) -> None:
        self.routes = dict(DEFAULT_ROUTE_LIMITS if routes is None else routes)
        self.global_limit = global_limit
        self._windows: dict[str, _Window] = {}
        self._global = _Window(global_limit, 1.0)

    def set_limit(self, method: str, template: str, limit: int, per: float, major: str) -> None:
        """Limit ``method template`` to ``limit`` requests per ``per`` seconds per ``major`` parameter,
        from now on: the route's open windows are dropped (a window keeps the limit and length it was
        opened with, so an open one would go on with the old ones until it reset)."""
        self.routes[(method.upper(), template)] = (limit, per, major)
        prefix = hashlib.sha1(f"{method.upper()} {template}".encode()).hexdigest()[:16] + ":"
        self._windows = {key: window for key, window in self._windows.items() if not key.startswith(prefix)}

    def quicken(self, factor: float) -> None:
        """Shorten every route's window ``factor`` times, keeping its limit: a test that waits for
        each answer of the bot before acting again, and measures what the bot posts rather than how
        fast, need not wait Discord's seconds (the bot still reads the headers and waits; issue 25 §3).
        The global limit (requests per second) stays."""
        if factor <= 0:
            raise ValueError(f"factor must be positive, not {factor}")
        self.routes = {route: (limit, per / factor, major) for route, (limit, per, major) in self.routes.items()}
        self._windows.clear()

    @staticmethod
    def _take(window: _Window, now: float) -> float:
        """Spend a request of ``window``; the seconds to wait instead (0: admitted)."""
        if now >= window.reset_at:
            window.reset_at = now + window.per
            window.count = 0
        if window.count >= window.limit:
            return max(window.reset_at - now, 0.001)
        window.count += 1
        return 0.0

    def check(self, method: str, template: str, params: dict[str, str]) -> Verdict:
        """Count the request; say whether it may be served and with which headers."""
        now = time.monotonic()
        if template not in GLOBAL_EXEMPT and self.global_limit > 0:
            wait = self._take(self._global, now)
            if wait:
                return Verdict({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}, wait,
                               is_global=True, bucket="global")
        rule = self.routes.get((method, template))
        if rule is None:
            return Verdict()
        limit, per, major = rule
        bucket_hash = hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:16]
        key = f"{bucket_hash}:{params.get(major, '')}"
        window = self._windows.setdefault(key, _Window(limit, per))
        wait = self._take(window, now)
        reset_after = max(window.reset_at - now, 0.0)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(limit - window.count, 0)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash,
        }
        if wait:
            headers["X-RateLimit-Scope"] = "user"
        return Verdict(headers, wait, bucket=key)

    def exhaust(self, method: str, template: str, major_value: int | str) -> float:
        """Spend what is left of the current window of a bucket (as another process of the same
        bot would): the bot's next request there is answered 429 although its last answer said
        requests were left. Returns the seconds until the window resets."""
        limit, per, _ = self.routes[(method.upper(), template)]
        bucket_hash = hashlib.sha1(f"{method.upper()} {template}".encode()).hexdigest()[:16]
        window = self._windows.setdefault(f"{bucket_hash}:{major_value}", _Window(limit, per))
        now = time.monotonic()
        if now >= window.reset_at:
            window.reset_at, window.count = now + window.per, 0
        window.count = window.limit
        return window.reset_at - now
