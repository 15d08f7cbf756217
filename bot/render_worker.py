"""What a drawing process runs (issue 13 §2): the bot's images are drawn in worker processes,
each started once with every title's renderer imported (:func:`start_worker`), then given
:class:`Job` s of plain data that pickle across the process boundary.

This module lives outside the Discord adapter on purpose: a worker imports it (and the games and
renderers) but not the adapter's database and Discord stack, so it starts in a fraction of the
time.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any

from bot.heap import settle

log = logging.getLogger("tabula.render.worker")

#: How often a worker checks that the bot process is still there.
WATCH_SECONDS = 1.0


@dataclass(frozen=True)
class Job:
    """One drawing: the title, the image (``kind``: board, private, focus, result, animation,
    leaderboard or league_standings) and what it is drawn from (views are msgspec structs or
    dataclasses: they pickle)."""

    game_id: str
    kind: str
    view: Any
    lang: str
    names: tuple[str, ...]
    path: tuple[str, ...] = ()
    outcome: Any = None
    #: What the move did (an animation is of a move's events: Megarich's battle replay).
    events: tuple[Any, ...] = ()
    #: Seconds to sleep first (``TABULA_TEST_RENDER_DELAY``; end-to-end tests only).
    delay: float = 0.0
    #: Return the strings drawn too (for the tests' image text log).
    record: bool = False


#: Images of a server rather than of a table: drawn without any title's renderer.
SERVER_IMAGES = frozenset({"leaderboard", "league_standings"})


def draw(job: Job) -> tuple[bytes, list[str] | None]:
    """Draw ``job`` with ``render.renderer_for``: the PNG (empty when the renderer draws nothing,
    as a focus image may) and, if asked, the strings drawn on it."""
    import render

    if job.delay:
        time.sleep(job.delay)
    renderer = None if job.kind in SERVER_IMAGES else render.renderer_for(job.game_id)
    if not job.record:
        return _draw_with(renderer, job), None
    with render.recording() as drawn:
        data = _draw_with(renderer, job)
    return data, sorted({d.text for d in drawn} | {d.source for d in drawn})


def _draw_with(renderer: Any, job: Job) -> bytes:
    names = list(job.names)
    if job.kind == "leaderboard":  # a server's ratings of a title: no title's renderer draws it
        from render.leaderboard import leaderboard_png

        return leaderboard_png(job.view, job.lang)
    if job.kind == "league_standings":  # a league season's standings (issue 23 §4): no title's renderer either
        from render.league_standings import standings_png

        return standings_png(job.view, job.lang)
    if job.kind == "board":
        return bytes(renderer.board(job.view, job.lang, names))
    if job.kind == "private":
        return bytes(renderer.private(job.view, job.lang, names))
    if job.kind == "result":
        return bytes(renderer.result(job.outcome, job.view, job.lang, names))
    if job.kind == "focus":
        from render import focus_image

        return focus_image(renderer, job.view, job.path, job.lang, names) or b""
    if job.kind == "animation":  # APNG or GIF, told apart by their first bytes (animation_extension)
        from render import move_animation

        made = move_animation(renderer, job.view, job.events, job.lang, names)
        return made[0] if made else b""
    raise ValueError(f"no such image: {job.kind}")


def animation_extension(data: bytes) -> str:
    """The file extension of an animation's bytes: ``gif`` for a GIF, else ``png`` (an APNG)."""
    return "gif" if data[:4] == b"GIF8" else "png"


def start_worker(extra_games: str) -> None:
    """Initialise a drawing process: the titles of ``TABULA_EXTRA_GAMES`` registered as in the
    bot, then, unless ``TABULA_RENDER_WARMUP=0``, every title's renderer imported and warmed up
    before the first drawing (:func:`warm_up`). Without the warm-up a renderer is imported at its
    title's first drawing: short-lived bots (the e2e tests') draw one or two titles, and importing
    all of them was half of a drawing process's start-up (0.5 s of CPU)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the bot process decides when to stop
    _exit_with(os.getppid())
    from games.registry import game_ids, register

    if extra_games:
        from bot.plugin_titles import titles

        try:
            for game in titles(extra_games):
                register(game)
        except Exception:  # a worker that cannot start breaks the pool: this one draws the others
            log.warning("could not register the extra titles %r in a drawing process", extra_games, exc_info=True)
    if os.environ.get(WARM_UP_ENV, "1") == "0":
        return
    import render

    for game_id in game_ids(examples=True):
        try:
            render.renderer_for(game_id)
        except Exception:  # drawing that title fails and is logged by the bot, with its cause
            log.warning("could not import the renderer of %s", game_id, exc_info=True)
    warm_up(game_ids())
    settle()  # bot/heap.py: the renderers and their caches stay out of every later full collection


#: ``0`` skips the warm-up (tests that start many short-lived bots).
WARM_UP_ENV = "TABULA_RENDER_WARMUP"


def warm_up(game_ids: list[str]) -> None:
    """Draw each title's opening board once in both languages before the first real one (issue 13
    §3): the first boards of a process fill its caches (fonts, text, static layers, maps) and cost
    2-4x a later one, so a worker pays that once at its start instead of in a player's reply."""
    import render
    from games.registry import get_game

    for game_id in game_ids:
        try:
            game = get_game(game_id)
            seats = game.meta.max_players
            view = game.view(game.setup(seats, game.meta.resolve_options({}), "warm-up"), None)
            renderer = render.renderer_for(game_id)
            for lang in ("en", "zh"):
                renderer.board(view, lang, [f"#{n + 1}" for n in range(seats)])
        except Exception:  # a real drawing of this title will fail and be logged with its cause
            log.info("could not warm up the renderer of %s", game_id, exc_info=True)


def _exit_with(parent: int) -> None:
    """End this process when the bot process that started it is gone (killed with SIGKILL, it
    cannot tell its workers): an orphan is adopted by another process and its parent id changes."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="tabula-render-watch", daemon=True).start()


def ready() -> bool:
    """A no-op job that makes a pool start its workers at once."""
    return True
