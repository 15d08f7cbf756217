"""Board, private and result images, drawn in a pool of processes so the event loop never waits.

Images are only ever drawn from *views* (``Game.view``): the public board from the spectator
view, a private image from the owner's view. A failed drawing is logged and the message goes out
without its image rather than not at all.

Drawing is most of a command's CPU (issue 13 §2), so it runs in worker *processes*, as many as
the machine has cores (``TABULA_RENDER_WORKERS``), started once with the renderers imported;
``workers=0`` draws in threads of this process instead (tests that patch a renderer). What goes
to a worker is a :class:`~bot.render_worker.Job` of plain data (views are msgspec structs or
dataclasses); what comes back is the PNG and, for the tests' text log, the strings drawn on it,
written here.

Newest version wins (issue 13 §2): the board of a post carries a *key*, (table, "board",
language). When a request arrives while an older one of the same key has not started yet, the
newer takes the older's place in the queue and the older's awaiter gets ``None`` at once: a busy
table never draws a board nobody will see. A drawing already started runs to its end (its caller
decides whether it is still current; see :meth:`.edits.MessageEdits.attach`). So keyed boards
wait at most one per table, and none is ever left out: a post always ends with its newest board.

The last images drawn are kept (:data:`CACHE_BYTES`), by what they were drawn from: the same
view in the same language for the same kind of image is not drawn twice (a player opening "My
view" again, ``/board`` after the post's board, several spectators asking at once are served
from memory; issue 13 §3). What is drawn from is the job itself, so no table, version or viewer
can be confused with another.

Images a reply waits for (a private panel, ``/board``: no key) are drawn first, and their queue
is bounded: at most ``queue`` of them are drawn or wait for a worker. Past that one waits up to
``wait`` seconds for a place, and when as many wait already, or the wait runs out, the reply goes
out without its image (logged at INFO: load, not a failure).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import pickle
from collections import OrderedDict, deque
from collections.abc import Hashable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any

from bot.render_worker import Job, draw, ready, start_worker

log = logging.getLogger("tabula.discord.images")

#: Discord's default upload limit per file.
UPLOAD_LIMIT = 10 * 1024 * 1024

#: Tests set this to a file: every image's drawn strings are appended there as JSON lines,
#: keyed by the PNG's SHA-256, so a test can check what each posted image shows.
TEXT_LOG_ENV = "TABULA_TEST_IMAGE_TEXT_LOG"

#: Threads that draw when ``workers=0``.
THREADS = 2

#: Bytes of PNG kept from the last drawings (a board is 50-200 KiB: a few hundred images).
CACHE_BYTES = 24 * 1024 * 1024


def _digest(job: Job) -> bytes | None:
    """What ``job`` draws, as a digest of its data (``None``: it cannot be pickled, never cached)."""
    try:
        return hashlib.sha256(pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)).digest()
    except Exception:
        return None

__all__ = ["TEXT_LOG_ENV", "UPLOAD_LIMIT", "Images", "Job", "draw"]


@dataclass(eq=False)
class _Request:
    """A drawing asked for and not started: it keeps its place in the queue when a newer request
    of the same key replaces its job and its awaiter (:meth:`Images._supersede`)."""

    job: Job
    key: Hashable | None
    future: asyncio.Future[bytes | None]
    #: Holds a place of the bounded queue (images a reply waits for).
    placed: bool = False


class Images:
    """Draws PNGs with ``render.renderer_for(game_id)`` in worker processes (``workers``; ``None``:
    one per core) or, with ``workers=0``, in threads of this process."""

    def __init__(self, workers: int | None = None, delay: float = 0.0, queue: int = 16, wait: float = 20.0,
                 extra_games: str = "") -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else max(0, workers)
        self.extra_games = extra_games
        self.delay = delay
        self.queue = max(1, queue)
        self.wait = max(0.0, wait)
        self._places = asyncio.Semaphore(self.queue)
        self._waiting = 0
        self._slots = self.workers or THREADS
        self._running = 0
        #: Waiting for a worker: images a reply waits for (drawn first), then boards of posts.
        self._urgent: deque[_Request] = deque()
        self._queued: deque[_Request] = deque()
        self._by_key: dict[Hashable, _Request] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        #: Images left out because the queue was full (for logs and tests).
        self.skipped = 0
        #: Requests dropped because a newer one of the same key took their place.
        self.superseded = 0
        #: Images drawn (each call of a worker).
        self.drawn = 0
        self._text_log = os.environ.get(TEXT_LOG_ENV) or None
        self._cache: OrderedDict[bytes, bytes] = OrderedDict()
        self._cache_bytes = 0
        #: Images served from memory instead of drawn again.
        self.cache_hits = 0
        self.closed = False
        self.pool = self._new_pool()

    @property
    def backlog(self) -> int:
        """Images being drawn or waiting for a worker or for a place (for metrics)."""
        return self._running + len(self._urgent) + len(self._queued) + self._waiting

    def _new_pool(self) -> Executor:
        if not self.workers:
            return ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="tabula-render")
        # spawned, not forked: the bot process has threads (the database's, discord.py's)
        pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=start_worker, initargs=(self.extra_games,))
        for _ in range(self.workers):  # start every worker now, not at the first board
            pool.submit(ready)
        return pool

    def close(self) -> None:
        """Stop drawing: the workers end, and images still asked for come back as ``None``."""
        self.closed = True
        for waiting in (self._urgent, self._queued):
            while waiting:
                request = waiting.popleft()
                if not request.future.done():
                    request.future.set_result(None)
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def board(self, game_id: str, view: Any, lang: str, names: Sequence[str], *,
                    key: Hashable | None = None) -> bytes | None:
        """The public board, from a spectator view. With a ``key`` (a post's board, the text already
        out), it is drawn after the images replies wait for, and a newer request of the same key
        made before this one starts replaces it (this one gets ``None``)."""
        return await self._draw(Job(game_id, "board", view, lang, tuple(names)), key)

    async def private(self, game_id: str, view: Any, lang: str, names: Sequence[str]) -> bytes | None:
        """One seat's private image, from that seat's own view (ephemeral replies only)."""
        return await self._draw(Job(game_id, "private", view, lang, tuple(names)), None)

    async def focus(self, game_id: str, view: Any, path: Sequence[str], lang: str,
                    names: Sequence[str]) -> bytes | None:
        """The picture beside a move menu at ``path``, if the title's renderer draws one."""
        return await self._draw(Job(game_id, "focus", view, lang, tuple(names), path=tuple(path)), None)

    async def result(self, game_id: str, outcome: Any, view: Any, lang: str, names: Sequence[str], *,
                     key: Hashable | None = None) -> bytes | None:
        """The final ranking."""
        return await self._draw(Job(game_id, "result", view, lang, tuple(names), outcome=outcome), key)

    async def animation(self, game_id: str, view: Any, events: Sequence[Any], lang: str, names: Sequence[str], *,
                        key: Hashable | None = None) -> bytes | None:
        """The animation of what a move did (``events``), if the title's renderer draws one (``render.move_animation``:
        APNG or GIF within the upload limit; ``render_worker.animation_extension`` tells which)."""
        return await self._draw(Job(game_id, "animation", view, lang, tuple(names), events=tuple(events)), key)

    async def leaderboard(self, game_id: str, view: Any, lang: str) -> bytes | None:
        """A title's leaderboard on a server (``render.leaderboard``: a worded view)."""
        return await self._draw(Job(game_id, "leaderboard", view, lang, ()), None)

    async def league_standings(self, game_id: str, view: Any, lang: str) -> bytes | None:
        """A league season's standings (``render.league_standings``: a worded view)."""
        return await self._draw(Job(game_id, "league_standings", view, lang, ()), None)

    # ---- the queue ------------------------------------------------------------------------------
    async def _draw(self, job: Job, key: Hashable | None) -> bytes | None:
        if self.closed:
            return None
        digest = _digest(job)
        if digest is not None and (kept := self._cache.get(digest)) is not None:
            self._cache.move_to_end(digest)
            self.cache_hits += 1
            return kept
        data = await self._queue(replace(job, delay=self.delay, record=self._text_log is not None), key)
        if data and digest is not None:
            self._keep(digest, data)
        return data

    def _keep(self, digest: bytes, data: bytes) -> None:
        """Remember an image drawn, forgetting the least recently used past :data:`CACHE_BYTES`."""
        if digest in self._cache or len(data) > CACHE_BYTES:
            return
        self._cache[digest] = data
        self._cache_bytes += len(data)
        while self._cache_bytes > CACHE_BYTES:
            _, old = self._cache.popitem(last=False)
            self._cache_bytes -= len(old)

    async def _queue(self, job: Job, key: Hashable | None) -> bytes | None:
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        if key is None:  # a reply waits for it: a place in the bounded queue first
            task = asyncio.create_task(self._admit(_Request(job, None, future)), name=f"render-{job.kind}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif (older := self._by_key.get(key)) is not None:
            self._supersede(older, job, future)
        else:
            self._by_key[key] = request = _Request(job, key, future)
            self._queued.append(request)
            self._pump()
        return await future

    def _supersede(self, request: _Request, job: Job, future: asyncio.Future[bytes | None]) -> None:
        """Newest version wins: ``job`` takes the place of ``request``'s, whose awaiter gets ``None``."""
        self.superseded += 1
        log.debug("the %s image of %s (%s) is superseded by a newer one", job.kind, job.game_id, request.key)
        if not request.future.done():
            request.future.set_result(None)
        request.job, request.future = job, future

    async def _admit(self, request: _Request) -> None:
        """Take a place in the bounded queue for ``request`` and draw it when a worker is free."""
        request.placed = await self._enter(request.job)
        if request.placed and self.closed:
            self._places.release()
        if not request.placed or self.closed:
            request.future.set_result(None)
            return
        self._urgent.append(request)
        self._pump()

    def _forget(self, request: _Request) -> None:
        if request.key is not None and self._by_key.get(request.key) is request:
            del self._by_key[request.key]

    def _pump(self) -> None:
        while (self._urgent or self._queued) and self._running < self._slots:
            request = (self._urgent or self._queued).popleft()
            self._forget(request)  # from now on a newer request of its key queues anew
            self._running += 1
            task = asyncio.create_task(self._run(request), name=f"render-{request.job.kind}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, request: _Request) -> None:
        job = request.job
        data: bytes | None = None
        try:
            data = await self._execute(job)
        except Exception:
            if self.closed:  # shutting down: the image is not wanted any more
                log.debug("the %s image of %s was not drawn: the bot is stopping", job.kind, job.game_id)
            else:
                log.exception("could not draw the %s image of %s", job.kind, job.game_id)
        finally:
            self._running -= 1
            if request.placed:
                self._places.release()
            self._pump()
            if not request.future.done():
                request.future.set_result(data)

    async def _execute(self, job: Job) -> bytes | None:
        loop = asyncio.get_running_loop()
        pool = self.pool
        try:
            data, texts = await loop.run_in_executor(pool, draw, job)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): later images get a new pool
            if self.pool is pool and not self.closed:
                log.warning("a drawing process died; starting new ones")
                self.pool = self._new_pool()
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        self.drawn += 1
        if texts is not None:
            self._log_text(job.kind, data, texts)
        if not data:
            return None
        if len(data) > UPLOAD_LIMIT:
            log.warning("%s image of %s is %d bytes, over the upload limit; not sent", job.kind, job.game_id,
                        len(data))
            return None
        return data

    async def _enter(self, job: Job) -> bool:
        """Take a place in the queue, waiting if needed; ``False``: leave the image out."""
        if not self._places.locked():
            await self._places.acquire()  # a free place: taken at once
            return True
        if self._waiting >= self.queue:
            self.skipped += 1
            log.info("render queue full (%d drawing, %d waiting): the %s image of %s is left out",
                     self.queue, self._waiting, job.kind, job.game_id)
            return False
        self._waiting += 1
        try:
            await asyncio.wait_for(self._places.acquire(), timeout=self.wait)
            return True
        except TimeoutError:
            self.skipped += 1
            log.info("render queue busy for %.0f s: the %s image of %s is left out", self.wait, job.kind,
                     job.game_id)
            return False
        finally:
            self._waiting -= 1

    def _log_text(self, kind: str, data: bytes, texts: list[str]) -> None:
        """One line per image, appended with a single ``O_APPEND`` write (several bot processes
        may share the file)."""
        assert self._text_log is not None
        line = json.dumps({"sha256": hashlib.sha256(data).hexdigest(), "kind": kind, "texts": texts},
                          ensure_ascii=False) + "\n"
        fd = os.open(self._text_log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line.encode("utf-8"))
        finally:
            os.close(fd)
