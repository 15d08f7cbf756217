"""The Landlord's Game balance study for the default standing order ``auto-roll`` (ruling R34).

Run with ``python -m bench.landlords_auto_roll [--games N] [--players 4] [--jobs 2]``.
Every person's seat starts with the order, which rolls for him when nothing he may do only
before rolling is new since he last rolled. So a player who never cancels it is asked about an
improvement he once passed over only when another one comes. What does that cost him? Each seed
is played twice by bots with the table's default options: once with nobody under the order,
once with one seat (seed mod players, so every seat takes its turn) under it — the order rolls
for that seat whenever it applies, the bot chooses everything else. It prints, paired by seed:

* the ordered seat's wins, mean rank and final assets, against the same seat in the same seed
  without the order;
* the share of that seat's turns the order rolled (turns that cost the player no ping);
* how long the games ran.

Numbers only: nothing asserts. docs/rules/landlords.md (R34) records the study.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from games.core import Rng
from games.landlords import GAME
from games.landlords.game import AUTO_ROLL
from games.landlords.moves import Roll

#: The safety net: a game still running after this many moves is stopped and reported.
MOVE_CAP = 100_000


@dataclass(frozen=True)
class Played:
    """How one game went for the seat the study follows."""

    won: bool
    rank: int
    assets: int
    rounds: int
    turns: int  # that seat's rolls
    ordered: int  # of them, rolled by the order
    capped: bool


def play_one(players: int, seed: int, ordered: bool) -> Played:
    """A seeded bot game; seat ``seed % players`` is under ``auto-roll`` when ``ordered``."""
    follow = seed % players
    state = GAME.setup(players, {}, seed)
    driver = Rng.from_seed(f"bench-auto-roll-{seed}")
    moves = turns = by_order = 0
    while moves < MOVE_CAP and not GAME.is_over(state):
        seat = sorted(GAME.to_act(state))[0]
        move = GAME.auto_move(state, seat, AUTO_ROLL) if ordered and seat == follow else None
        if move is None:
            move = GAME.bot_move(state, seat, driver)
        else:
            by_order += 1
        if seat == follow and isinstance(move, Roll):
            turns += 1
        state = GAME.apply(state, seat, move).state
        moves += 1
    capped = not GAME.is_over(state)
    result = GAME.outcome(state) if not capped else GAME.force_end(state)
    assert result is not None
    mine = next(s for s in result.standings if s.seat == follow)
    return Played(mine.rank == 1 and len(result.winners) == 1, mine.rank, mine.score, state.round, turns,
                  by_order, capped)


def _job(args: tuple[int, int, bool]) -> Played:
    return play_one(*args)


def run(games: int, players: int, jobs: int) -> tuple[list[Played], list[Played]]:
    """Seeds 1..games, each without and with the order; returned in seed order."""
    plans = [(players, seed, ordered) for ordered in (False, True) for seed in range(1, games + 1)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_job, plans, chunksize=4))
    else:
        results = [_job(plan) for plan in plans]
    return results[:games], results[games:]


def report(without: list[Played], with_order: list[Played], players: int) -> list[str]:
    """The printed lines: the followed seat with and without the order, and the verdict's figures."""
    def line(label: str, games: list[Played]) -> str:
        wins = sum(g.won for g in games)
        return (f"  {label:<22} wins {wins:>4} ({wins / len(games):.1%})  mean rank "
                f"{statistics.fmean(g.rank for g in games):.2f}  median assets "
                f"{statistics.median(g.assets for g in games):>6.0f}  rounds p50 "
                f"{statistics.median(g.rounds for g in games):.0f}  capped {sum(g.capped for g in games)}")
    lines = [line("without the order", without), line("under auto-roll", with_order)]
    turns = sum(g.turns for g in with_order)
    rolled = sum(g.ordered for g in with_order)
    lines.append(f"  the order rolled {rolled} of the seat's {turns} turns ({rolled / max(turns, 1):.0%}): "
                 "turns that cost the player no ping")
    diffs = [w.assets - o.assets for o, w in zip(without, with_order, strict=True)]
    lines.append(f"  assets under the order minus without, same seed: median {statistics.median(diffs):+.0f}, "
                 f"mean {statistics.fmean(diffs):+.0f}")
    lines.append(f"  a fair share of wins is {1 / players:.1%}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.landlords_auto_roll", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeds, each played with and without (default 200)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    print(f"The Landlord's Game, auto-roll by default: {args.games} seeded {args.players}-bot games, each played "
          "with one seat under the order and without it (table default options)")
    for text in report(*run(args.games, args.players, args.jobs), args.players):
        print(text)


if __name__ == "__main__":
    main()
