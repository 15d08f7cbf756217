"""What drawing in processes buys the bot (issue 13 §2): boards drawn through the bot's own image
queue (:class:`bot.discord_app.images.Images`) in threads of the bot process (``workers=0``, as
before) and in a pool of drawing processes (one per core), while the event loop keeps a 10 ms
ticker running, as the bot keeps answering Discord.

Run with ``python -m bench.render_pool [--boards N] [--workers N]``. For each mode it prints the
boards drawn per second (wall clock), and the ticker's lag (how late the event loop ran it: p50,
p99, max): drawing that holds the GIL in a thread makes every other command wait; drawing in
another process does not. Numbers are printed only: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from typing import Any

from games.core import Rng
from games.registry import get_game

#: (title, seats, moves played before the board is drawn): the larger boards of the issue.
BOARDS = (("wonderful-world", 5, 150), ("landlords", 4, 150))
TICK = 0.010


def views() -> list[tuple[str, Any, list[str]]]:
    """Spectator views of seeded bot games (what a status post's board is drawn from)."""
    found = []
    for game_id, seats, moves in BOARDS:
        game = get_game(game_id)
        state = game.setup(seats, seed=1)
        for n in range(moves):
            if game.is_over(state):
                break
            seat = sorted(game.to_act(state))[0]
            state = game.apply(state, seat, game.bot_move(state, seat, Rng.from_seed(f"bench:{n}"))).state
        found.append((game_id, game.view(state, None), [f"P{s + 1}" for s in range(seats)]))
    return found


async def run(workers: int, boards: int) -> tuple[float, list[float]]:
    """Draw ``boards`` boards at once with ``workers`` processes (0: threads); returns boards per
    second and the ticker's lags in seconds."""
    from bot.discord_app.harness import Images

    images = Images(workers=workers, queue=boards, wait=600)
    drawn = views()
    try:
        # warm up: every worker started and every renderer loaded
        await asyncio.gather(*(images.board(g, v, "en", n) for g, v, n in drawn * max(1, images.workers)))
        lags: list[float] = []
        done = asyncio.Event()

        async def ticker() -> None:
            while not done.is_set():
                before = time.perf_counter()
                await asyncio.sleep(TICK)
                lags.append(time.perf_counter() - before - TICK)

        ticking = asyncio.create_task(ticker())
        start = time.perf_counter()
        results = await asyncio.gather(*(images.board(*_args(drawn[i % len(drawn)])) for i in range(boards)))
        elapsed = time.perf_counter() - start
        done.set()
        await ticking
        assert all(results), "a board was not drawn"
        return boards / elapsed, lags
    finally:
        images.close()


def _args(item: tuple[str, Any, list[str]]) -> tuple[str, Any, str, list[str]]:
    game_id, view, names = item
    return game_id, view, "en", names


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    print(f"{args.boards} boards ({', '.join(f'{g} {s}p' for g, s, _ in BOARDS)}), {os.cpu_count()} cores")
    for label, workers in (("threads (2)", 0), (f"processes ({args.workers})", args.workers)):
        rate, lags = asyncio.run(run(workers, args.boards))
        ordered = sorted(lags)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(f"{label:>16}: {rate:6.1f} boards/s; event-loop lag p50 {statistics.median(lags) * 1000:6.1f} ms, "
              f"p99 {p99 * 1000:6.1f} ms, max {max(lags) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
