"""Megarich∞'s budgets of issue 20, measured on seeded 4-bot games and printed beside the title's common columns by
``tabula bench`` (or alone: ``python -m bench.megarich_budgets [--games N] [--lang en|zh]``). Printed only, never
asserted.

- completion on a design-phase state (``Game.complete`` on every prefix of the bot's real move), p99 ≤ 50 ms;
- a move applied (``Game.apply`` of the move's notation: parse, validate, apply), p99 ≤ 20 ms;
- a whole 4-bot game, engine only (the bots choosing included), ≤ 3 s CPU;
- the battle: the simulation (the fight again from its record) plus the replay's encoding, ≤ 3 s CPU, and the
  replay's size against the upload limit;
- every image the renderer draws (boards, own images, the result, the placement focus), ≤ 80 ms CPU each; the
  gathering board also at the most seats (its column of travellers makes the map window tallest).

Times are CPU seconds (``time.process_time``): on a shared machine the wall clock also counts the others' turns.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games.core import Rng
from games.registry import get_game

from .engine import prefixes
from .timing import percentile

GAME_ID = "megarich"
PLAYERS = 4
#: The key of an image kind's PNG encoding times beside its whole times (:func:`image_samples`).
ENCODING = " (encoding)"
#: The issue's budgets, in CPU seconds.
BUDGETS = {"completion": 0.050, "move": 0.020, "game": 3.0, "battle": 3.0, "image": 0.080}


def cpu(action: Callable[[], Any]) -> tuple[float, Any]:
    """The CPU seconds ``action`` took, and what it returned."""
    start = time.process_time()
    result = action()
    return time.process_time() - start, result


@dataclass
class Played:
    """One seeded 4-bot game: every position with the bot's move there, the CPU time of the whole game (engine
    only), and the events of its last move (the battle's)."""

    positions: list[tuple[Any, int, Any]] = field(default_factory=list)
    seconds: float = 0.0
    last_events: list[Any] = field(default_factory=list)

    @property
    def final(self) -> Any:
        return self.positions[-1][0]


def play(seed: str, players: int = PLAYERS) -> Played:
    """A seeded all-bot game (4 seats unless told) with default options to its end; the engine's CPU time is the sum
    over its moves (the positions are kept outside the timed part)."""
    game = get_game(GAME_ID)
    state = game.setup(players, {}, seed)
    rng = Rng.from_seed(seed)
    out = Played()
    while acting := sorted(game.to_act(state)):
        seat = acting[rng.below(len(acting))]
        start = time.process_time()
        move = game.bot_move(state, seat, rng)
        applied = game.apply(state, seat, move)
        out.seconds += time.process_time() - start
        out.positions.append((state, seat, move))
        state = applied.state
        out.last_events = list(applied.events)
    out.positions.append((state, -1, None))
    return out


def _amount(seconds: float) -> str:
    return f"{seconds:g} s" if seconds >= 1 else f"{seconds * 1000:,.1f} ms".replace(".0 ms", " ms")


def verdict(seconds: float, budget: float) -> str:
    """``within`` the budget, or ``OVER … by …`` (and by how many per cent)."""
    if seconds <= budget:
        return f"within {_amount(budget)}"
    return f"OVER {_amount(budget)} by {_amount(seconds - budget)} ({seconds / budget - 1:.0%})"


def _p(samples: list[float], q: float) -> float:
    return percentile(samples, q) if samples else 0.0


def _line(label: str, text: str) -> str:
    return f"{label:38}{text}"


def completion_samples(games: list[Played], lang: str) -> list[float]:
    """``Game.complete`` on every prefix of the bot's move, at every design-phase position."""
    game = get_game(GAME_ID)
    out = []
    for played in games:
        for state, seat, move in played.positions:
            if move is None or state.phase != "design":
                continue
            for typed in prefixes(str(move)):
                seconds, _ = cpu(partial(game.complete, state, seat, typed, lang))
                out.append(seconds)
    return out


def apply_samples(games: list[Played], phase: str | None = None) -> list[float]:
    """``Game.apply`` of the bot's move as notation (parse, then apply), at every position (of ``phase``)."""
    game = get_game(GAME_ID)
    out = []
    for played in games:
        for state, seat, move in played.positions:
            if move is None or (phase is not None and state.phase != phase):
                continue
            seconds, _ = cpu(partial(game.apply, state, seat, str(move)))
            out.append(seconds)
    return out


def battle_numbers(played: Played, lang: str) -> tuple[float, float, int, str]:
    """The battle fought again from the final state's record (the simulation), then its replay drawn and encoded
    as the renderer's animation slot does: the two CPU times, the replay's bytes and its extension."""
    from games.megarich.game import replay_battle
    from render import move_animation, renderer_for

    game = get_game(GAME_ID)
    state = played.final
    simulation, _ = cpu(lambda: replay_battle(state.battle))
    view = game.view(state, None)
    encoding, made = cpu(lambda: move_animation(renderer_for(GAME_ID), view, played.last_events, lang))
    data, extension = made if made is not None else (b"", "-")
    return simulation, encoding, len(data), extension


def image_samples(played: Played, lang: str, every: int = 6) -> dict[str, list[float]]:
    """The CPU time of every kind of image: the public board and a seat's own image every ``every`` positions of
    each phase, the result, and the placement focus on design-phase states. Each kind is drawn once to warm the
    process's caches (fonts, masks), then every sample is timed the first time it is drawn, as a new position is."""
    from render import focus_image, renderer_for
    from render.kit import counting

    game = get_game(GAME_ID)
    renderer = renderer_for(GAME_ID)
    out: dict[str, list[float]] = {}

    def time_it(kind: str, draw: Callable[[], Any]) -> None:
        if kind not in out:
            draw()
        with counting() as counters:
            seconds, _ = cpu(draw)
        out.setdefault(kind, []).append(seconds)
        out.setdefault(f"{kind}{ENCODING}", []).append(counters.encode_seconds)

    seen: dict[str, int] = {}
    for state, seat, move in played.positions:
        phase = state.phase
        seen[phase] = seen.get(phase, 0) + 1
        if (seen[phase] - 1) % every and move is not None:
            continue
        public = game.view(state, None)
        time_it(f"board, {phase}", partial(renderer.board, public, lang))
        own = max(seat, 0)
        mine = game.view(state, own)
        time_it(f"own image, {phase}", partial(renderer.private, mine, lang))
        if phase == "design" and move is not None and str(move).startswith("place "):
            tokens = str(move).split()
            for path in (tokens[:2], tokens[:3]):
                focused = game.focus_view(state, seat, path, mine)
                time_it("placement focus", partial(focus_image, renderer, focused, path, lang))
    outcome = game.outcome(played.final)
    if outcome is not None:
        final = game.view(played.final, None)
        time_it("result", lambda: renderer.result(outcome, final, lang))
    return out


def budget_lines(games: int = 2, lang: str = "en") -> list[str]:
    """The budgets' lines as ``tabula bench`` prints them, measured on ``games`` seeded 4-bot games."""
    from render.animation import DISCORD_UPLOAD_LIMIT

    played = [play(f"bench-megarich-{n}") for n in range(max(1, games))]
    completion = completion_samples(played, lang)
    applied = apply_samples(played)
    designing = apply_samples(played, "design")
    worst_game = max(p.seconds for p in played)
    counted = f"{len(played)} game{'s' if len(played) != 1 else ''}"
    simulation, encoding, size, extension = battle_numbers(played[0], lang)
    images = image_samples(played[0], lang)
    most = get_game(GAME_ID).meta.max_players
    crowded = image_samples(play("bench-megarich-most", most), lang)       # the tallest gathering board
    for suffix in ("", ENCODING):
        images[f"board, gathering, {most} seats{suffix}"] = crowded[f"board, gathering{suffix}"]
    lines = [
        _line("budget: completion, design", f"p99 {_p(completion, 0.99) * 1000:8.2f} ms   "
              f"({verdict(_p(completion, 0.99), BUDGETS['completion'])}; {len(completion)} prefixes)"),
        _line("budget: move applied", f"p99 {_p(applied, 0.99) * 1000:8.2f} ms   "
              f"({verdict(_p(applied, 0.99), BUDGETS['move'])}; {len(applied)} moves, design phase p99 "
              f"{_p(designing, 0.99) * 1000:.2f} ms)"),
        _line("budget: 4-bot game, engine", f"max {worst_game:8.2f} s    ({verdict(worst_game, BUDGETS['game'])}; "
              f"{counted}, {statistics.mean(len(p.positions) - 1 for p in played):,.0f} moves each)"),
        _line("budget: battle + replay", f"{simulation + encoding:8.2f} s    "
              f"({verdict(simulation + encoding, BUDGETS['battle'])}; simulation {simulation * 1000:.1f} ms, "
              f"drawing and encoding {encoding * 1000:.0f} ms)"),
        _line("budget: replay size", f"{size / 1024:8.1f} KiB  ({extension}; upload limit "
              f"{DISCORD_UPLOAD_LIMIT / 1024 / 1024:.0f} MiB: {size / DISCORD_UPLOAD_LIMIT:.1%} of it)"),
    ]
    for kind, samples in sorted(images.items()):
        if kind.endswith(ENCODING):
            continue
        worst = max(samples)
        encoded = images[f"{kind}{ENCODING}"]
        lines.append(_line(f"budget: {kind}", f"max {worst * 1000:8.2f} ms   ({verdict(worst, BUDGETS['image'])}; "
                           f"p50 {_p(samples, 0.5) * 1000:.1f} ms, p90 {_p(samples, 0.9) * 1000:.1f} ms of "
                           f"{len(samples)}; PNG encoding p50 {_p(encoded, 0.5) * 1000:.1f} ms)"))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--lang", default="en", choices=("en", "zh"))
    args = parser.parse_args(argv)
    for line in budget_lines(args.games, args.lang):
        print(line)


if __name__ == "__main__":
    main()
