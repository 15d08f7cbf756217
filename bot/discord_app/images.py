"""Board, private and result images, drawn in a small thread pool so the event loop never waits.

Images are only ever drawn from *views* (``Game.view``): the public board from the spectator
view, a private image from the owner's view. A failed drawing is logged and the message goes out
without its image rather than not at all.

The queue is bounded: at most ``queue`` images are drawn or wait for a drawing thread. Past that
a drawing waits up to ``wait`` seconds for a place, and when as many wait already, or the wait
runs out, the message goes out without its image (logged at INFO: load, not a failure).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("tabula.discord.images")

#: Discord's default upload limit per file.
UPLOAD_LIMIT = 10 * 1024 * 1024

#: Tests set this to a file: every image's drawn strings are appended there as JSON lines,
#: keyed by the PNG's SHA-256, so a test can check what each posted image shows.
TEXT_LOG_ENV = "TABULA_TEST_IMAGE_TEXT_LOG"


class Images:
    """Draws PNGs with ``render.renderer_for(game_id)`` in worker threads."""

    def __init__(self, workers: int = 2, delay: float = 0.0, queue: int = 16, wait: float = 20.0) -> None:
        self.pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="tabula-render")
        self.delay = delay
        self.queue = max(1, queue)
        self.wait = max(0.0, wait)
        self._places = asyncio.Semaphore(self.queue)
        self._waiting = 0
        #: Images left out because the queue was full (for logs and tests).
        self.skipped = 0
        self._text_log = os.environ.get(TEXT_LOG_ENV) or None
        self._log_lock = threading.Lock()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def board(self, game_id: str, view: Any, lang: str, names: Sequence[str]) -> bytes | None:
        """The public board, from a spectator view."""
        return await self._draw(game_id, "board", lambda r: r.board(view, lang, list(names)))

    async def private(self, game_id: str, view: Any, lang: str, names: Sequence[str]) -> bytes | None:
        """One seat's private image, from that seat's own view (ephemeral replies only)."""
        return await self._draw(game_id, "private", lambda r: r.private(view, lang, list(names)))

    async def focus(self, game_id: str, view: Any, path: Sequence[str], lang: str,
                    names: Sequence[str]) -> bytes | None:
        """The picture beside a move menu at ``path``, if the title's renderer draws one."""
        from render import focus_image

        return await self._draw(game_id, "focus", lambda r: focus_image(r, view, path, lang, list(names)) or b"")

    async def result(self, game_id: str, outcome: Any, view: Any, lang: str, names: Sequence[str]) -> bytes | None:
        """The final ranking."""
        return await self._draw(game_id, "result", lambda r: r.result(outcome, view, lang, list(names)))

    async def _draw(self, game_id: str, kind: str, draw: Callable[[Any], bytes]) -> bytes | None:
        if not await self._enter(game_id, kind):
            return None
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, self._run, game_id, kind, draw)
        except Exception:
            log.exception("could not draw the %s image of %s", kind, game_id)
            return None
        finally:
            self._places.release()

    async def _enter(self, game_id: str, kind: str) -> bool:
        """Take a place in the queue, waiting if needed; ``False``: leave the image out."""
        if not self._places.locked():
            await self._places.acquire()  # a free place: taken at once
            return True
        if self._waiting >= self.queue:
            self.skipped += 1
            log.info("render queue full (%d drawing, %d waiting): the %s image of %s is left out",
                     self.queue, self._waiting, kind, game_id)
            return False
        self._waiting += 1
        try:
            await asyncio.wait_for(self._places.acquire(), timeout=self.wait)
            return True
        except TimeoutError:
            self.skipped += 1
            log.info("render queue busy for %.0f s: the %s image of %s is left out", self.wait, kind, game_id)
            return False
        finally:
            self._waiting -= 1

    def _run(self, game_id: str, kind: str, draw: Callable[[Any], bytes]) -> bytes | None:
        from render import recording, renderer_for

        if self.delay:
            time.sleep(self.delay)
        renderer = renderer_for(game_id)
        if self._text_log is None:
            data = draw(renderer)
        else:
            with recording() as drawn:
                data = draw(renderer)
            self._log_text(kind, data, sorted({d.text for d in drawn} | {d.source for d in drawn}))
        if len(data) > UPLOAD_LIMIT:
            log.warning("%s image of %s is %d bytes, over the upload limit; not sent", kind, game_id, len(data))
            return None
        return data

    def _log_text(self, kind: str, data: bytes, texts: list[str]) -> None:
        assert self._text_log is not None
        line = json.dumps({"sha256": hashlib.sha256(data).hexdigest(), "kind": kind, "texts": texts},
                          ensure_ascii=False)
        with self._log_lock, open(self._text_log, "a", encoding="utf-8") as out:
            out.write(line + "\n")
