"""What drawing costs: every image kind of every title, at the most seats, early, in the middle and at the end
of a seeded bot game, and every title's boards across a whole game (issue 25 §2: every board ≤ 40 ms CPU and
≤ 200 KiB; issue 13 §3 asked for 60 ms and 1 MiB).

Run with ``python -m bench.render [--game ID] [--lang en|zh] [--reps N]``, or ``python -m bench.render --boards``
(``tabula bench boards``) for the boards' sweep alone: :func:`board_sweep`.
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
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from games.core import Rng
from games.registry import game_ids, get_game

from .engine import MAX_MOVES
from .timing import percentile

#: The image kinds every renderer draws.
KINDS = ("board", "private", "result")
#: Where in the game boards and private images are drawn: the share of the game's moves played.
STAGES: tuple[tuple[str, float], ...] = (("early", 0.1), ("middle", 0.5), ("end", 1.0))
#: Issue 25 §2's budget per board, in CPU seconds, and the largest board PNG it allows.
BOARD_BUDGET = 0.040
BOARD_PNG_BUDGET = 200 * 1024
#: The largest PNG of any other image kind (issue 13 §3).
PNG_BUDGET = 1024 * 1024
#: Boards drawn per title and language by :func:`board_sweep`: this many positions spread over a seeded game.
SWEEP_POSITIONS = 16
#: Sweeps per title and language; each board's least CPU of them is reported (the machine is shared: the least
#: is the closest to the board's own cost).
SWEEP_ROUNDS = 3


@dataclass(frozen=True)
class Positions:
    """States of one seeded bot game: the state after each of :data:`STAGES` (the last one is final)."""

    players: int
    moves: int
    states: dict[str, Any]
    #: ``SWEEP_POSITIONS`` states spread evenly over the game, the first after its first move, the last final.
    sweep: tuple[Any, ...] = ()


def play(game_id: str, seed: str = "bench-render", sweep: int = SWEEP_POSITIONS) -> Positions:
    """A seeded all-bot game of ``game_id`` at its most seats with default options, played to its end (or
    ``MAX_MOVES``); the states at each of :data:`STAGES`, and ``sweep`` states spread over the game."""
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
    spread = tuple(states[max(1, round(last * (n + 1) / sweep))] if last else states[0] for n in range(sweep))
    return Positions(players, last, {stage: states[round(share * last)] for stage, share in STAGES}, spread)


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
            over = "   over 40 ms"
        if self.kind == "board" and self.png_bytes > BOARD_PNG_BUDGET:
            over += "   PNG over 200 KiB"
        elif self.png_bytes > PNG_BUDGET:
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


@dataclass(frozen=True)
class Sweep:
    """One title's boards in one language across a game (:func:`board_sweep`): per board the CPU seconds of the
    whole call and of its encoding, and the PNG's bytes."""

    game_id: str
    lang: str
    cpu: tuple[float, ...]
    encode: tuple[float, ...]
    png_bytes: tuple[int, ...]

    def line(self) -> str:
        """The report's line: CPU p50 / p90 / max against :data:`BOARD_BUDGET`, sizes against
        :data:`BOARD_PNG_BUDGET`."""
        def q(values: Sequence[float], share: float) -> float:
            return percentile(values, share) * 1000

        over = []
        if max(self.cpu) > BOARD_BUDGET:
            over.append(f"{sum(c > BOARD_BUDGET for c in self.cpu)} over {BOARD_BUDGET * 1000:.0f} ms")
        if max(self.png_bytes) > BOARD_PNG_BUDGET:
            over.append(f"{sum(b > BOARD_PNG_BUDGET for b in self.png_bytes)} over "
                        f"{BOARD_PNG_BUDGET // 1024} KiB")
        verdict = "   " + ", ".join(over) if over else "   within budget"
        return (f"  {self.game_id:16}{self.lang:3} {len(self.cpu):3} boards  CPU p50 {q(self.cpu, 0.5):5.1f}  "
                f"p90 {q(self.cpu, 0.9):5.1f}  max {max(self.cpu) * 1000:5.1f} ms (encode p50 "
                f"{q(self.encode, 0.5):4.1f})   PNG p50 {percentile(self.png_bytes, 0.5) / 1024:5.1f}  "
                f"max {max(self.png_bytes) / 1024:5.1f} KiB{verdict}")


#: The titles whose boards keep their maps (:func:`board_sweep`'s ``whole_maps``): the module with ``forget_maps``.
KEPT_MAPS = {"royal-gorge": "render.royal_gorge.map", "hexlay": "render.hexlay"}


def board_sweep(game_id: str, lang: str = "en", positions: Positions | None = None, rounds: int = 1, *,
                whole_maps: bool = False) -> Sweep:
    """Every board of ``positions.sweep`` (default: :func:`play`'s) drawn once per round, in game order, after
    one warm-up draw of the first: as a drawing process meets a table's boards move after move, its caches warm
    from the boards before (issue 25 §2). Each board's least CPU (and its encoding's) over ``rounds``.
    ``whole_maps``: before each board the title's kept maps are forgotten (:data:`KEPT_MAPS`), so each map is
    drawn whole, as a process's first map of a table is."""
    import importlib

    from render import renderer_for
    from render.kit import counting

    forget: Callable[[], object] = lambda: None  # noqa: E731
    if whole_maps and game_id in KEPT_MAPS:
        forget = importlib.import_module(KEPT_MAPS[game_id]).forget_maps

    game = get_game(game_id)
    renderer = renderer_for(game_id)
    positions = positions or play(game_id)
    views = [game.view(state, None) for state in positions.sweep]
    forget()
    renderer.board(views[0], lang)
    cpu = [math.inf] * len(views)
    encode = [math.inf] * len(views)
    sizes = [0] * len(views)
    for _ in range(max(1, rounds)):
        for n, view in enumerate(views):
            forget()
            with counting() as counters:
                start = time.process_time()
                data = renderer.board(view, lang)
                spent = time.process_time() - start
            cpu[n] = min(cpu[n], spent)
            encode[n] = min(encode[n], counters.encode_seconds)
            sizes[n] = len(data)
    return Sweep(game_id, lang, tuple(cpu), tuple(encode), tuple(sizes))


def board_report(game_ids_: Sequence[str], langs: Sequence[str] = ("en", "zh"),
                 echo: Callable[[str], object] = print, rounds: int = SWEEP_ROUNDS, *,
                 whole_maps: bool = False) -> list[Sweep]:
    """Sweep and print every title's boards in each language (CPU: ``time.process_time``, so other work on
    a shared machine counts less than in wall time; it still slows the caches); returns every sweep."""
    sweeps: list[Sweep] = []
    echo(f"== boards: {SWEEP_POSITIONS} positions of a seeded bot game per title and language, each board's least "
         f"CPU of {rounds} sweep{'s' if rounds != 1 else ''} (goal: every board ≤ {BOARD_BUDGET * 1000:.0f} ms CPU, "
         f"≤ {BOARD_PNG_BUDGET // 1024} KiB)" + (", every kept map forgotten before each board" if whole_maps else ""))
    for game_id in game_ids_:
        positions = play(game_id)
        for lang in langs:
            sweep = board_sweep(game_id, lang, positions, rounds, whole_maps=whole_maps)
            echo(sweep.line())
            sweeps.append(sweep)
    if sweeps:
        worst = max(sweeps, key=lambda s: max(s.cpu))
        largest = max(sweeps, key=lambda s: max(s.png_bytes))
        echo(f"slowest board: {worst.game_id} {worst.lang} {max(worst.cpu) * 1000:.1f} ms CPU; largest: "
             f"{largest.game_id} {largest.lang} {max(largest.png_bytes) / 1024:.1f} KiB")
    return sweeps


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m bench.render``: see the module's docstring."""
    parser = argparse.ArgumentParser(prog="python -m bench.render", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this title (repeatable); default: every title")
    parser.add_argument("--lang", action="append", choices=("en", "zh"), help="language (repeatable); default en")
    parser.add_argument("--reps", type=int, default=5, help="timed draws per image after one warm-up")
    parser.add_argument("--boards", action="store_true",
                        help=f"only the boards, {SWEEP_POSITIONS} positions a game (default languages: en, zh)")
    parser.add_argument("--rounds", type=int, default=SWEEP_ROUNDS, help="with --boards: sweeps per title")
    parser.add_argument("--whole-maps", action="store_true",
                        help="with --boards: forget the kept maps before each board (each map drawn whole)")
    args = parser.parse_args(argv)
    chosen = args.game or game_ids(examples=args.boards)
    for game_id in chosen:
        try:
            get_game(game_id)
        except KeyError:
            parser.error(f"unknown title {game_id!r}; the titles are {', '.join(game_ids(examples=True))}")
    if args.boards:
        board_report(chosen, args.lang or ["en", "zh"], rounds=args.rounds, whole_maps=args.whole_maps)
        return
    report(chosen, args.lang or ["en"], args.reps)


if __name__ == "__main__":
    main()
