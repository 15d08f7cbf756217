"""``/healthz`` and ``/metrics`` over HTTP, for an orchestrator and for Prometheus (issue 13 §5).

Served by aiohttp (discord.py's own HTTP library) on ``TABULA_METRICS_PORT``, inside the bot's
event loop. ``/healthz`` answers 200 when every shard of the process is connected and the
database answers, else 503, with the details as JSON; ``/metrics`` is Prometheus's text format.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .metrics import CONTENT_TYPE_LATEST, Metrics

log = logging.getLogger("tabula.discord.health")

#: Seconds the database may take to answer a health check.
DATABASE_TIMEOUT = 3.0


class Health:
    """The HTTP endpoint: ``shards()`` gives (connected, expected) shard ids; ``database()`` checks
    the database (blocking: run in a thread)."""

    def __init__(self, metrics: Metrics, shards: Callable[[], tuple[list[int], list[int]]],
                 database: Callable[[], bool], draining: Callable[[], bool]) -> None:
        self.metrics = metrics
        self.shards = shards
        self.database = database
        self.draining = draining
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics_page)
        return app

    async def start(self, host: str, port: int) -> None:
        """Listen on ``host:port`` (port 0: any free port; see :attr:`port`)."""
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        log.info("health and metrics on http://%s:%s/healthz and /metrics", host, self.port)

    @property
    def port(self) -> int | None:
        """The port listened on, once started."""
        if self._runner is None:
            return None
        for address in self._runner.addresses:
            return int(address[1])
        return None

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def status(self) -> dict[str, Any]:
        """What ``/healthz`` reports."""
        connected, expected = self.shards()
        database = await _within(asyncio.to_thread(self.database), DATABASE_TIMEOUT)
        draining = self.draining()
        return {"ok": bool(database and set(expected) <= set(connected) and not draining),
                "shards": {"connected": sorted(connected), "expected": sorted(expected)},
                "database": database, "draining": draining}

    async def healthz(self, request: web.Request) -> web.Response:
        status = await self.status()
        return web.json_response(status, status=200 if status["ok"] else 503)

    async def metrics_page(self, request: web.Request) -> web.Response:
        body = await asyncio.to_thread(self.metrics.exposition)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def _within(check: Awaitable[bool], timeout: float) -> bool:
    try:
        return bool(await asyncio.wait_for(check, timeout))
    except Exception:
        log.warning("health check: the database did not answer", exc_info=True)
        return False
