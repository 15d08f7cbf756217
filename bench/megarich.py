"""Megarich∞ balance: whole bot games, numbers only, no asserts (docs/megarich-balance.md, issue 20).

Run with ``tabula bench megarich`` or ``python -m bench.megarich [--games 1000] [--players 4] [--jobs 2]``.

Two studies, each printing rates with 95 % (Wilson) intervals:

1. **Seats**: N games of the default bot in every seat. The win rate by table seat, and by place in the turn
   order (the starting player is thrown with a d12, rules 1.3, so "the first player" is the order's first, not
   seat 1), the best-to-worst ratio of each; the game's length (moves, the battle's ticks) and how games ended.
2. **A field of strategies**: N games in which each seat plays one of :data:`STRATEGIES` (drawn per game, every
   strategy as often as another in every place of the order), so the figures measure the game rather than one
   bot's habits: the win rate of each strategy against parity (1 / players), and the mean final S.

The strategies (all design as the default bot does, but ``random``): ``bot`` (the title's bot), ``random``
(uniform among the legal moves, the design's random placements), ``gatherer`` (gathers and upgrades, never
explores or shops), ``explorer`` (explores whenever it may and buys every offer it can afford), ``hoarder``
(never pays another player: gathers only where nobody else holds the patent, never shops, never explores). The
title has no deals between players, so there is no cooperative player to field.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.documents import FiguresBlock
from bench.stats import rate
from games.core import Move, Rng
from games.megarich import GAME
from games.megarich import gathering as g
from games.megarich.moves import Buy, Choose, Done, Explore, Gather, Go, Upgrade
from games.megarich.state import NOBODY, ShopF

MAX_MOVES = 20_000
Strategy = Callable[[Any, int, Rng], Move]


def _bot(state: Any, seat: int, rng: Rng) -> Move:
    return GAME.bot_move(state, seat, rng)


def _random(state: Any, seat: int, rng: Rng) -> Move:
    return GAME.random_move(state, seat, rng)


def _gathering(state: Any) -> bool:
    return bool(state.phase == "gathering")


def _pick(legal: Sequence[Move], kind: type, rng: Rng) -> Move | None:
    found = [m for m in legal if isinstance(m, kind)]
    return found[rng.below(len(found))] if found else None


def _plain(state: Any, seat: int, rng: Rng, *, explore: bool, shop: bool, pay: bool) -> Move:
    """The gathering phase played by a few fixed habits; the design phase as the default bot."""
    if not _gathering(state):
        return GAME.bot_move(state, seat, rng)
    gs = state.gather
    legal = sorted(GAME.legal_moves(state, seat), key=str)
    if g.FLOW.kind(gs) == "mr_candidate":
        return Choose(1 + rng.below(g.CANDIDATES))
    top = g.FLOW.top(gs)
    if isinstance(top, ShopF):
        buy = _pick(legal, Buy, rng) if shop else None
        return buy or (Done() if Done() in legal else legal[0])
    go = _pick(legal, Go, rng)
    if go is not None:
        return go
    player = gs.seats[seat]
    tile = gs.layout.tile_at(player.cell)
    for kind in (Upgrade, Gather):
        move = _pick(legal, kind, rng)
        if move is None or player.funds <= 0:
            continue
        if not pay:
            terms = g.terms(gs, seat, tile)
            if terms.payee not in (None, NOBODY, seat):
                continue
        return move
    if explore and Explore() in legal:
        return Explore()
    if Done() in legal:
        return Done()
    return legal[rng.below(len(legal))]


def _gatherer(state: Any, seat: int, rng: Rng) -> Move:
    return _plain(state, seat, rng, explore=False, shop=False, pay=True)


def _explorer(state: Any, seat: int, rng: Rng) -> Move:
    return _plain(state, seat, rng, explore=True, shop=True, pay=True)


def _hoarder(state: Any, seat: int, rng: Rng) -> Move:
    return _plain(state, seat, rng, explore=False, shop=False, pay=False)


STRATEGIES: dict[str, Strategy] = {"bot": _bot, "random": _random, "gatherer": _gatherer, "explorer": _explorer,
                                   "hoarder": _hoarder}


@dataclass
class Played:
    """One finished game: who played what, in which order, and how it went."""

    strategies: list[str]
    order: list[int]
    ranks: list[int]
    final_s: list[int]
    moves: int
    ticks: int
    ended: str
    seconds: float


def play_one(players: int, seed: int, strategies: Sequence[str], options: dict[str, Any] | None = None) -> Played:
    """A seeded game, seat ``s`` played by ``strategies[s]``."""
    state = GAME.setup(players, options or {}, seed)
    order = list(state.gather.order)
    driver = Rng.from_seed(f"bench-megarich-{seed}")
    moves = 0
    start = time.process_time()
    while moves < MAX_MOVES and not GAME.is_over(state):
        seat = sorted(GAME.to_act(state))[0]
        state = GAME.apply(state, seat, STRATEGIES[strategies[seat]](state, seat, driver)).state
        moves += 1
    seconds = time.process_time() - start
    outcome = GAME.outcome(state)
    ranks = [0] * players
    if outcome is not None:
        for standing in outcome.standings:
            ranks[standing.seat] = standing.rank
    record = state.battle
    return Played(list(strategies), order, ranks, list(record.final_s) if record else [0] * players, moves,
                  record.ticks if record else 0, _ended(record), seconds)


def _ended(record: Any) -> str:
    if record is None:
        return "unfinished"
    return "battle, tick cap" if record.timed_out else "battle"


def _job(args: tuple[int, int, tuple[str, ...]]) -> Played:
    return play_one(*args)


def _field(players: int, seed: int) -> tuple[str, ...]:
    """Strategies for one game of the field study: a rotation of the field so that each strategy sits in each
    place of the order equally often over many games."""
    names = sorted(STRATEGIES)
    rng = Rng.from_seed(f"field-{seed}")
    picked = [names[(seed + k) % len(names)] for k in range(players)]
    # shuffle which seat gets which (the order is thrown at setup anyway)
    for i in range(players - 1, 0, -1):
        j = rng.below(i + 1)
        picked[i], picked[j] = picked[j], picked[i]
    return tuple(picked)


def run(games: int, players: int, jobs: int, *, field_study: bool, first_seed: int = 0) -> list[Played]:
    """``games`` seeded games (seeds ``first_seed`` …) of bots, or of the field."""
    tasks = [(players, first_seed + n, _field(players, first_seed + n) if field_study else ("bot",) * players)
             for n in range(games)]
    if jobs <= 1:
        return [_job(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_job, tasks, chunksize=8))


def _wins(played: Sequence[Played], who: Callable[[Played, int], Any]) -> tuple[dict[Any, float], Counter[Any]]:
    """Wins (shared first places count as a fraction) and games, by ``who(game, seat)``."""
    wins: dict[Any, float] = {}
    seen: Counter[Any] = Counter()
    for p in played:
        first = [s for s, r in enumerate(p.ranks) if r == 1]
        for seat in range(len(p.ranks)):
            key = who(p, seat)
            seen[key] += 1
            if seat in first:
                wins[key] = wins.get(key, 0.0) + 1 / len(first)
    return wins, seen


@dataclass
class Figures:
    """What a study prints, also read by the tests and the balance document."""

    lines: list[str] = field(default_factory=list)
    by_seat: dict[int, float] = field(default_factory=dict)
    by_place: dict[int, float] = field(default_factory=dict)
    by_strategy: dict[str, float] = field(default_factory=dict)


def report_seats(played: Sequence[Played], players: int) -> Figures:
    out = Figures()
    n = len(played)
    out.lines.append(f"Megarich∞, {n} games of {players} default bots")
    wins, seen = _wins(played, lambda p, s: s)
    for seat in range(players):
        out.by_seat[seat] = wins.get(seat, 0.0) / max(1, seen[seat])
        out.lines.append(f"  seat {seat + 1}: {rate(wins.get(seat, 0.0), seen[seat])}")
    out.lines.append(f"  best seat / worst seat: {_ratio(out.by_seat)}")
    wins, seen = _wins(played, lambda p, s: p.order.index(s))
    for place in range(players):
        out.by_place[place] = wins.get(place, 0.0) / max(1, seen[place])
        out.lines.append(f"  place {place + 1} of the turn order: {rate(wins.get(place, 0.0), seen[place])}")
    out.lines.append(f"  best place / worst place: {_ratio(out.by_place)}  (parity {100 / players:.1f} %)")
    out.lines += _length(played)
    return out


def report_field(played: Sequence[Played], players: int) -> Figures:
    out = Figures()
    out.lines.append(f"Megarich∞, {len(played)} games of {players} seats drawn from the field {sorted(STRATEGIES)}")
    wins, seen = _wins(played, lambda p, s: p.strategies[s])
    for name in sorted(STRATEGIES):
        out.by_strategy[name] = wins.get(name, 0.0) / max(1, seen[name])
        s_left = [max(0, p.final_s[s]) for p in played for s in range(players) if p.strategies[s] == name]
        mean_s = statistics.fmean(s_left) if s_left else 0.0
        out.lines.append(f"  {name:9}: {rate(wins.get(name, 0.0), seen[name])} over {seen[name]} seats, mean S left "
                         f"{mean_s:.0f}")
    wins, seen = _wins(played, lambda p, s: p.order.index(s))
    out.lines.append("  by place of the turn order: " + ", ".join(
        f"{k + 1}: {100 * wins.get(k, 0.0) / max(1, seen[k]):.1f} %" for k in range(players)))
    out.lines += _length(played)
    return out


def _ratio(rates: dict[Any, float]) -> str:
    low = min(rates.values())
    return f"{max(rates.values()) / low:.2f}×" if low > 0 else "∞"


def _length(played: Sequence[Played]) -> list[str]:
    moves = sorted(p.moves for p in played)
    ended = Counter(p.ended for p in played)
    cpu = statistics.fmean(p.seconds for p in played)
    return [f"  moves per game: median {moves[len(moves) // 2]}, 90th percentile {moves[int(len(moves) * 0.9)]}; "
            f"battle ticks median {sorted(p.ticks for p in played)[len(played) // 2]}; ended: {dict(ended)}; "
            f"engine CPU per game {cpu * 1000:.0f} ms"]


#: The block ``--update`` writes the figures into in the balance document.
FIGURES = FiguresBlock("<!-- figures: begin (bench/megarich.py --update) -->")
BEGIN, END = FIGURES.begin, FIGURES.end
update = FIGURES.update


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--update", type=Path, help="write the figures into this document's figures block")
    args = parser.parse_args(argv)
    lines: list[str] = []
    for players in args.players:
        for study in (False, True):
            played = run(args.games, players, args.jobs, field_study=study, first_seed=args.first_seed)
            figures = (report_field if study else report_seats)(played, players)
            for line in figures.lines:
                print(line, flush=True)
            lines += figures.lines
    if args.update is not None:
        command = (f"python -m bench.megarich --games {args.games} --players {' '.join(map(str, args.players))}"
                   f" --first-seed {args.first_seed}")
        update(args.update, lines, command)


if __name__ == "__main__":
    main()
