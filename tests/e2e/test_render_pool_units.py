"""Issue 13 §2, the adapter's pure parts: images are drawn in worker processes, newest version
wins in the render queue, and a status post's image is attached by an edit only while the post's
text is of the image's version (no Discord, no bot process)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import pickle
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord_app.edits import Edit, MessageEdits, Post
from bot.discord_app.images import TEXT_LOG_ENV, Images, Job, draw
from games.core import Rng
from games.registry import all_games, get_game


class _Recording:
    """A renderer that remembers which views it drew (threads share it)."""

    def __init__(self) -> None:
        self.drawn: list[Any] = []

    def board(self, view: Any, lang: str, names: list[str]) -> bytes:
        self.drawn.append(view)
        return f"png{view}".encode()


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> _Recording:
    import render

    renderer = _Recording()
    monkeypatch.setattr(render, "renderer_for", lambda game_id: renderer)
    return renderer


def _landlords_view() -> Any:
    game = get_game("landlords")
    state = game.setup(4, seed=7)
    for n in range(12):
        seat = sorted(game.to_act(state))[0]
        state = game.apply(state, seat, game.bot_move(state, seat, Rng.from_seed(f"units:{n}"))).state
    return game.view(state, None)


@pytest.mark.parametrize("game_id", [g.meta.id for g in all_games(examples=True)])
def test_what_a_drawing_is_made_of_crosses_the_process_boundary_whole(game_id: str) -> None:
    game = get_game(game_id)
    seats = game.meta.max_players
    state = game.setup(seats, seed=3)
    for n in range(80):
        if n % 20 == 0 or game.is_over(state):
            for viewer in (None, 0):
                job = Job(game_id, "board", game.view(state, viewer), "en", tuple(f"P{s}" for s in range(seats)),
                          outcome=game.outcome(state))
                assert pickle.loads(pickle.dumps(job)) == job
        if game.is_over(state):
            break
        seat = sorted(game.to_act(state))[0]
        state = game.apply(state, seat, game.bot_move(state, seat, Rng.from_seed(f"pickle:{n}"))).state


async def test_boards_are_drawn_in_worker_processes_and_logged_here(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    log = tmp_path / "texts.jsonl"
    monkeypatch.setenv(TEXT_LOG_ENV, str(log))
    view = _landlords_view()
    images = Images(workers=1)
    try:
        assert isinstance(images.pool, ProcessPoolExecutor)
        assert images.pool.submit(os.getpid).result(timeout=60) != os.getpid()
        data = await images.board("landlords", view, "en", ["Ann", "Bo", "Cy", "Di"])
    finally:
        images.close()
    expected, texts = draw(Job("landlords", "board", view, "en", ("Ann", "Bo", "Cy", "Di"), record=True))
    assert data == expected  # the view crossed the process boundary whole
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert rows == [{"sha256": hashlib.sha256(expected).hexdigest(), "kind": "board", "texts": texts}]
    assert "Ann" in rows[0]["texts"]


async def test_a_newer_board_of_a_table_takes_the_place_of_one_not_started(recording: _Recording) -> None:
    images = Images(workers=0, delay=0.2)  # two drawing threads
    try:
        first = asyncio.create_task(images.board("t", 1, "en", [], key=("A", "board", "en")))
        other = asyncio.create_task(images.board("t", "B", "en", [], key=("B", "board", "en")))
        await asyncio.sleep(0.05)  # both are being drawn: the next ones of A wait
        stale = [asyncio.create_task(images.board("t", v, "en", [], key=("A", "board", "en"))) for v in (2, 3)]
        await asyncio.sleep(0)
        plain = asyncio.create_task(images.board("t", "x", "en", []))  # no key: never superseded
        newest = asyncio.create_task(images.board("t", 4, "en", [], key=("A", "board", "en")))
        drawn = await asyncio.gather(first, other, *stale, plain, newest)
    finally:
        images.close()
    assert drawn == [b"png1", b"pngB", None, None, b"pngx", b"png4"]
    assert images.superseded == 2 and sorted(map(str, recording.drawn)) == ["1", "4", "B", "x"]


async def test_boards_of_posts_are_never_left_out_and_replies_images_go_first(recording: _Recording) -> None:
    images = Images(workers=0, delay=0.2, queue=1, wait=0)  # one place for images a reply waits for
    try:
        busy = [asyncio.create_task(images.board("t", v, "en", [], key=(v, "board", "en"))) for v in ("a", "b")]
        await asyncio.sleep(0.05)  # both threads draw
        posts = [asyncio.create_task(images.board("t", n, "en", [], key=(n, "board", "en"))) for n in range(5)]
        await asyncio.sleep(0)
        reply = asyncio.create_task(images.board("t", "r", "en", []))  # asked last, drawn first
        assert await reply == b"pngr"
        assert [await p for p in busy + posts] == [b"pnga", b"pngb", *(f"png{n}".encode() for n in range(5))]
    finally:
        images.close()
    # the reply's image takes the first thread free (the other takes the first post's board)
    assert images.skipped == 0 and "r" in recording.drawn[2:4] and sorted(recording.drawn[4:]) == [1, 2, 3, 4]


class _Message:
    def __init__(self, channel: _Channel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> None:
        await self.channel.gate.wait()
        files = kwargs.get("attachments")
        self.channel.made.append((self.id, kwargs["content"], kwargs.get("view"),
                                  None if files is None else [f.filename for f in files]))


class _Channel:
    def __init__(self) -> None:
        self.made: list[tuple[int, str, Any, list[str] | None]] = []
        self.gate = asyncio.Event()

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self, message_id)

    async def send(self, content: str, *, files: list[Any], view: Any, allowed_mentions: Any) -> _Message:
        await self.gate.wait()
        message = _Message(self, 1000 + len(self.made))
        self.made.append((message.id, content, view, [f.filename for f in files] if files else None))
        return message


async def test_an_image_is_attached_only_to_the_text_of_its_version() -> None:
    channel: Any = _Channel()
    channel.gate.set()
    queue = MessageEdits()
    queue.posted(7, Edit("v1 text", view="buttons-1", version=1))
    queue.submit(channel, 7, Edit("v2 text", view="buttons-2", version=2))
    await queue.flush()
    assert not queue.attach(channel, 7, 1, [("board-1.png", b"1")])  # stale: the text is of v2
    assert queue.attach(channel, 7, 2, [("board-2.png", b"2")])
    await queue.flush()
    assert channel.made == [(7, "v2 text", "buttons-2", None), (7, "v2 text", "buttons-2", ["board-2.png"])]
    # a text that keeps its version (a retired post) still takes the image drawn for it
    queue.submit(channel, 7, Edit("v2 retired", view=discord.utils.MISSING))
    await queue.flush()
    assert queue.attach(channel, 7, 2, [("board-2b.png", b"2")])
    await queue.flush()
    assert channel.made[-1] == (7, "v2 retired", discord.utils.MISSING, ["board-2b.png"])


async def test_an_image_and_a_waiting_text_edit_become_one_edit() -> None:
    channel: Any = _Channel()
    queue = MessageEdits()
    queue.posted(9, Edit("v1", view="b1", version=1))
    queue.submit(channel, 9, Edit("v2", view="b2", version=2))  # in flight (the gate is shut)
    await asyncio.sleep(0)
    queue.submit(channel, 9, Edit("v3", view="b3", version=3))  # waits
    assert queue.attach(channel, 9, 3, [("board-3.png", b"3")])  # joins the waiting v3 edit
    channel.gate.set()
    await queue.flush()
    assert channel.made == [(9, "v2", "b2", None), (9, "v3", "b3", ["board-3.png"])]
    assert queue.sent == 2


async def test_a_board_drawn_within_the_grace_goes_out_with_its_text_in_one_call() -> None:
    channel: Any = _Channel()
    channel.gate.set()
    queue = MessageEdits(grace=5.0)  # long enough for any machine: the drawing below ends it
    queue.posted(4, Edit("v1", view="b1", version=1))
    queue.submit(channel, 4, Edit("v2", view="b2", version=2, images=True))
    drawing = asyncio.get_running_loop().create_future()
    queue.attach_later(channel, 4, 2, drawing)
    await asyncio.sleep(0.01)
    assert channel.made == []  # the text waits for its board, within the grace
    drawing.set_result([("board-2.png", b"2")])
    await queue.settle()
    assert channel.made == [(4, "v2", "b2", ["board-2.png"])]
    assert queue.sent == 1


async def test_a_new_post_takes_its_board_along_when_drawn_in_time() -> None:
    channel: Any = _Channel()
    channel.gate.set()
    queue = MessageEdits(grace=5.0)
    key = queue.post(channel, Post(Edit("new step", view="b", version=3, images=True)))
    drawing = asyncio.get_running_loop().create_future()
    queue.attach_later(channel, key, 3, drawing)
    await asyncio.sleep(0.01)
    drawing.set_result([("board-3.png", b"3")])
    await queue.settle()
    assert channel.made == [(1000, "new step", "b", ["board-3.png"])]
    assert queue.sent == 1


async def test_a_post_whose_board_was_drawn_while_it_waited_goes_at_once() -> None:
    """Issue 25 §1: a new post waits for the edit retiring the post before it; a board drawn meanwhile rides
    along, and the post does not then wait the grace for a drawing already done."""
    channel: Any = _Channel()
    queue = MessageEdits(grace=30.0)  # a post that waited it would time the test out
    queue.posted(5, Edit("v1", view="b1", version=1))
    queue.submit(channel, 5, Edit("v1 retired", version=1))  # in flight: the gate is shut
    key = queue.post(channel, Post(Edit("new step", view="b", version=2, images=True), after=5))
    drawing = asyncio.get_running_loop().create_future()
    queue.attach_later(channel, key, 2, drawing)
    drawing.set_result([("board-2.png", b"2")])
    await asyncio.sleep(0.01)  # drawn while the retiring edit is still on its way
    channel.gate.set()
    await asyncio.wait_for(queue.settle(), 5.0)
    assert channel.made == [(5, "v1 retired", discord.utils.MISSING, None), (1001, "new step", "b", ["board-2.png"])]
    assert queue.sent == 2


async def test_a_board_later_than_the_grace_follows_its_text_by_an_edit() -> None:
    channel: Any = _Channel()
    channel.gate.set()
    queue = MessageEdits(grace=0.01)
    queue.posted(6, Edit("v1", view="b1", version=1))
    queue.submit(channel, 6, Edit("v2", view="b2", version=2, images=True))
    drawing = asyncio.get_running_loop().create_future()
    queue.attach_later(channel, 6, 2, drawing)
    await queue.flush(6)
    assert channel.made == [(6, "v2", "b2", None)]  # the text did not wait past the grace
    drawing.set_result([("board-2.png", b"2")])
    await queue.settle()
    assert channel.made[-1] == (6, "v2", "b2", ["board-2.png"]) and queue.sent == 2


async def test_without_a_grace_the_text_never_waits_for_drawing() -> None:
    channel: Any = _Channel()
    channel.gate.set()
    queue = MessageEdits()
    queue.posted(8, Edit("v1", version=1))
    queue.submit(channel, 8, Edit("v2", version=2, images=True))
    drawing = asyncio.get_running_loop().create_future()
    queue.attach_later(channel, 8, 2, drawing)
    await queue.flush(8)
    assert [m[1:] for m in channel.made] == [("v2", discord.utils.MISSING, None)]
    drawing.set_result([])
    await queue.settle()


async def test_attach_later_drops_images_a_newer_text_made_stale() -> None:
    channel: Any = _Channel()
    channel.gate.set()
    queue = MessageEdits()
    queue.posted(5, Edit("v1", version=1))
    drawing = asyncio.get_running_loop().create_future()
    queue.attach_later(channel, 5, 1, drawing)
    queue.submit(channel, 5, Edit("v2", version=2))  # the text moves on while v1 is drawn
    drawing.set_result([("board-1.png", b"1")])
    await queue.settle()
    assert channel.made == [(5, "v2", discord.utils.MISSING, None)]


async def test_images_asked_for_while_the_bot_stops_come_back_empty_quietly(
        recording: _Recording, caplog: pytest.LogCaptureFixture) -> None:
    images = Images(workers=0, delay=0.2)
    asked = [asyncio.create_task(images.board("t", v, "en", [])) for v in range(4)]  # two drawn, two wait
    await asyncio.sleep(0.05)
    with caplog.at_level(logging.INFO, logger="tabula.discord.images"):
        images.close()
        drawn = await asyncio.gather(*asked)
        assert await images.board("t", 9, "en", []) is None
    assert drawn == [b"png0", b"png1", None, None]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_reposted_status_post_is_recognised_before_its_board_is_attached() -> None:
    from types import SimpleNamespace as Fake

    from bot.discord_app.boards import shows_table

    def post(files: list[str], ids: list[str]) -> Any:
        row = Fake(children=[Fake(custom_id=i) for i in ids])
        return Fake(attachments=[Fake(filename=f) for f in files], components=[row] if ids else [])

    assert shows_table(post(["board-t4-s9.png"], []), 4)
    assert shows_table(post([], ["tb:4:12:view"]), 4)  # the text went out, its board is being drawn
    assert not shows_table(post([], ["tb:41:12:view"]), 4) and not shows_table(post(["board-t41-s1.png"], []), 4)
    assert not shows_table(post([], []), 4)


async def test_an_image_drawn_from_the_same_view_is_served_from_memory(recording: _Recording) -> None:
    """Issue 13 §3: the same view, language and kind is drawn once; another view, language or
    kind is drawn anew, and the oldest images are forgotten past the cache's size."""
    images = Images(workers=0)
    try:
        first = await images.board("t", 1, "en", ["a"])
        again = await images.board("t", 1, "en", ["a"], key=("T", "board", "en"))
        other = [await images.board("t", 2, "en", ["a"]), await images.board("t", 1, "zh", ["a"]),
                 await images.board("t", 1, "en", ["b"])]
    finally:
        images.close()
    assert first == again == b"png1" and other == [b"png2", b"png1", b"png1"]
    assert images.cache_hits == 1 and [str(v) for v in recording.drawn] == ["1", "2", "1", "1"]


async def test_the_cache_forgets_the_least_recently_used_images(recording: _Recording,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.discord_app.images as module

    monkeypatch.setattr(module, "CACHE_BYTES", 10)  # room for two 4-byte images
    images = Images(workers=0)
    try:
        for view in (1, 2, 1, 3, 2):
            await images.board("t", view, "en", [])
    finally:
        images.close()
    # 1, 2 drawn; 1 from memory (now newest); 3 drawn and 2 forgotten; 2 drawn again
    assert [str(v) for v in recording.drawn] == ["1", "2", "3", "2"] and images.cache_hits == 1


def test_a_drawing_process_warms_up_on_every_title_in_both_languages_unless_told_not_to(
        recording: _Recording, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13 §3: a worker draws each title's opening board once, en and zh, when it starts, so
    no player's reply pays for filling its caches; TABULA_RENDER_WARMUP=0 skips it."""
    import bot.render_worker as worker
    import render
    from games.registry import game_ids

    real = render.renderer_for
    monkeypatch.setattr(worker, "_exit_with", lambda parent: None)
    monkeypatch.setattr(worker.signal, "signal", lambda *args: None)
    imported: list[str] = []
    monkeypatch.setattr(render, "renderer_for", lambda game_id: imported.append(game_id) or real(game_id))
    monkeypatch.setenv(worker.WARM_UP_ENV, "0")
    worker.start_worker("")
    assert recording.drawn == [] and imported == []  # renderers are imported at their first drawing
    monkeypatch.delenv(worker.WARM_UP_ENV)
    worker.start_worker("")
    assert len(recording.drawn) == 2 * len(game_ids())
    assert set(imported) == set(game_ids(examples=True))


def test_an_animation_job_draws_the_battle_of_the_move_that_fought_it_and_nothing_else() -> None:
    """The animation slot through the drawing processes' job (issue 20): Megarich∞'s last move (its battle) gives
    an APNG or GIF; the same job for an earlier move, or for a title without animations, gives nothing."""
    from bot.render_worker import animation_extension

    game = get_game("megarich")
    state = game.setup(4, {"days": 1}, 1)
    n = 0
    while not game.is_over(state):
        seat = sorted(game.to_act(state))[0]
        applied = game.apply(state, seat, game.bot_move(state, seat, Rng.from_seed(f"anim:{n}")))
        before, state, n = state, applied.state, n + 1
    view = game.view(state, None)
    data, _ = draw(Job("megarich", "animation", view, "en", ("A", "B", "C", "D"), events=tuple(applied.events)))
    assert data[:4] in (b"\x89PNG", b"GIF8") and animation_extension(data) in ("png", "gif")
    assert animation_extension(b"GIF89a...") == "gif"
    earlier, _ = draw(Job("megarich", "animation", game.view(before, None), "en", ("A", "B", "C", "D")))
    assert earlier == b""
    landlords, _ = draw(Job("landlords", "animation", _landlords_view(), "en", ("A", "B")))
    assert landlords == b""
