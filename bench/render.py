"""What drawing costs: every image kind of every title, at the most seats, early, in the middle and at the end
of a seeded bot game (issue 13 §3: every board ≤ 60 ms CPU, PNG ≤ 1 MiB).

Run with ``python -m bench.render [--game ID] [--lang en|zh] [--reps N]``.
For each title a seeded all-bot game at the title's most seats is played to its end; the board (the spectator's
view, as chat adapters post it) and seat 0's private image are drawn at 10 %, 50 % and the end of the game, and
the result image from the final state. Each image is drawn once to warm up, then ``reps`` times; the report
gives the CPU time (``time.process_time``) of the whole call, min and median, split into drawing and PNG
encoding (down-scaling, palette and compression, :func:`render.kit.encode_png`), the strings measured and drawn
per image, the PNG size and the image's size in pixels.

Numbers are printed only: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from games.core import Rng
from games.registry import game_ids, get_game

from .engine import MAX_MOVES

#: The image kinds every renderer draws.
KINDS = ("board", "private", "result")
#: Where in the game boards and private images are drawn: the share of the game's moves played.
STAGES: tuple[tuple[str, float], ...] = (("early", 0.1), ("middle", 0.5), ("end", 1.0))
#: The issue's budget per board, in CPU seconds, and the largest PNG allowed.
BOARD_BUDGET = 0.060
PNG_BUDGET = 1024 * 1024


@dataclass(frozen=True)
class Positions:
    """States of one seeded bot game: the state after each of :data:`STAGES` (the last one is final)."""

    players: int
    moves: int
    states: dict[str, Any]


def play(game_id: str, seed: str = "bench-render") -> Positions:
    """A seeded all-bot game of ``game_id`` at its most seats with default options, played to its end (or
    ``MAX_MOVES``); the states at each of :data:`STAGES`."""
    game = get_game(game_id)
    players = game.meta.max_players
    state = game.setup(players, {}, seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while (acting := sorted(game.to_act(state))) and len(states) <= MAX_MOVES:
        seat = acting[rng.below(len(acting))]
        state = game.apply(state, seat, game.bot_move(state, seat, rng)).state
        states.append(state)
    last = len(states) - 1
    return Positions(players, last, {stage: states[round(share * last)] for stage, share in STAGES})


@dataclass(frozen=True)
class Measured:
    """One image drawn ``reps`` times: CPU seconds per call and of its PNG encoding, and what it drew."""

    game_id: str
    kind: str
    stage: str
    lang: str
    cpu: tuple[float, ...]
    encode: tuple[float, ...]
    measures: int
    texts: int
    png_bytes: int
    size: tuple[int, int]

    @property
    def cpu_min(self) -> float:
        return min(self.cpu)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)

    @property
    def encode_median(self) -> float:
        return statistics.median(self.encode)

    @property
    def draw_median(self) -> float:
        """CPU of the call minus its encoding (median of the per-call differences)."""
        return statistics.median(c - e for c, e in zip(self.cpu, self.encode, strict=True))

    def line(self) -> str:
        """The report's line for this image."""
        over = ""
        if self.kind == "board" and self.cpu_median > BOARD_BUDGET:
            over = "   over 60 ms"
        if self.png_bytes > PNG_BUDGET:
            over += "   PNG over 1 MiB"
        return (f"  {self.kind:8}{self.stage:7}{self.lang:3}  CPU min {self.cpu_min * 1000:7.1f} ms  "
                f"med {self.cpu_median * 1000:7.1f} ms   draw {self.draw_median * 1000:6.1f} ms  "
                f"encode {self.encode_median * 1000:6.1f} ms   {self.measures:5} measures {self.texts:4} texts   "
                f"PNG {self.png_bytes / 1024:7.1f} KiB  {self.size[0]}×{self.size[1]}{over}")


def _png_size(data: bytes) -> tuple[int, int]:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        return image.size


def measure_image(game_id: str, kind: str, stage: str, lang: str, draw: Callable[[], bytes],
                  reps: int) -> Measured:
    """Draw once to warm up, then ``reps`` times under :func:`render.kit.counting`."""
    from render.kit import counting

    data = draw()
    cpu: list[float] = []
    encode: list[float] = []
    measures = texts = 0
    for _ in range(max(1, reps)):
        with counting() as counters:
            start = time.process_time()
            data = draw()
            cpu.append(time.process_time() - start)
        encode.append(counters.encode_seconds)
        measures, texts = counters.measures, counters.texts
    return Measured(game_id, kind, stage, lang, tuple(cpu), tuple(encode), measures, texts, len(data),
                    _png_size(data))


def measure_title(game_id: str, lang: str = "en", reps: int = 5, kinds: Sequence[str] = KINDS,
                  positions: Positions | None = None) -> list[Measured]:
    """Every image kind of ``game_id`` (boards and private images at each stage, the result at the end),
    from ``positions`` (default: :func:`play`)."""
    from render import renderer_for

    game = get_game(game_id)
    renderer = renderer_for(game_id)
    positions = positions or play(game_id)
    out: list[Measured] = []
    for kind in kinds:
        for stage, _share in STAGES:
            state = positions.states[stage]
            draw: Callable[[], bytes]
            if kind == "board":
                draw = partial(renderer.board, game.view(state, None), lang)
            elif kind == "private":
                draw = partial(renderer.private, game.view(state, 0), lang)
            else:
                outcome = game.outcome(state)
                if stage != "end" or outcome is None:
                    continue
                draw = partial(renderer.result, outcome, game.view(state, None), lang)
            out.append(measure_image(game_id, kind, stage, lang, draw, reps))
    return out


def report(game_ids_: Sequence[str], langs: Sequence[str] = ("en",), reps: int = 5,
           echo: Callable[[str], object] = print) -> list[Measured]:
    """Measure and print every title of ``game_ids_`` in each language; returns every measurement."""
    everything: list[Measured] = []
    for game_id in game_ids_:
        positions = play(game_id)
        echo(f"== {game_id} ({positions.players} seats, {positions.moves} moves, reps {reps})")
        for lang in langs:
            for measured in measure_title(game_id, lang, reps, positions=positions):
                echo(measured.line())
                everything.append(measured)
    boards = [m for m in everything if m.kind == "board"]
    if boards:
        worst = max(boards, key=lambda m: m.cpu_median)
        largest = max(everything, key=lambda m: m.png_bytes)
        echo(f"worst board: {worst.game_id} {worst.stage} {worst.lang} {worst.cpu_median * 1000:.1f} ms CPU "
             f"(budget {BOARD_BUDGET * 1000:.0f} ms); largest PNG: {largest.game_id} {largest.kind} "
             f"{largest.png_bytes / 1024:.1f} KiB")
    return everything


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m bench.render``: see the module's docstring."""
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this title (repeatable); default: every title")
    parser.add_argument("--lang", action="append", choices=("en", "zh"), help="language (repeatable); default en")
    parser.add_argument("--reps", type=int, default=5, help="timed draws per image after one warm-up")
    args = parser.parse_args(argv)
    chosen = args.game or game_ids()
    for game_id in chosen:
        try:
            get_game(game_id)
        except KeyError:
            parser.error(f"unknown title {game_id!r}; the titles are {', '.join(game_ids(examples=True))}")
    report(chosen, args.lang or ["en"], args.reps)


if __name__ == "__main__":
    main()
