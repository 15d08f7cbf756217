"""The Landlord's Game balance study: plain wages against how games end (ruling R24).

Run with ``python -m bench.landlords [--games N] [--wages 150,200,250] [--players 4] [--jobs 2]``.
For each candidate plain wage it plays N seeded all-bot games under the landlord rules and N with
the Prosperity rules from the start, with no round limit (the table default), and prints:

* the share of landlord games that end by the $2,000 win (rules §1.2) within 60 rounds;
* the share of Prosperity games that end with Prosperity achieved (§11.12) within 60 rounds;
* how every game ended, and the game length in rounds (percentiles) and moves.

Numbers only: nothing asserts. A move cap is a safety net against a game that never ends; games that
hit it are counted and reported (a correct engine and bot never do). The targets of the rules
reference are at least 80 % and 60 %; docs/rules/landlords.md (R24) records the study.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from games.core import Rng
from games.landlords import GAME

#: The safety net: a game still running after this many moves is stopped and reported.
MOVE_CAP = 100_000
#: The horizon of the targets, in rounds.
HORIZON = 60
LANDLORD_TARGET = 0.80
PROSPERITY_TARGET = 0.60
DEFAULT_WAGES = (100, 150, 200, 250, 300)


@dataclass(frozen=True)
class Played:
    """One finished (or capped) game."""

    reason: str  # won / prosperity / last / rounds, or "capped"
    rounds: int
    moves: int


def play_one(players: int, seed: int, options: dict[str, Any]) -> Played:
    """A seeded game of bots, with no round limit; stopped only by :data:`MOVE_CAP`."""
    state = GAME.setup(players, options, seed)
    driver = Rng.from_seed(f"bench-landlords-{seed}")
    moves = 0
    while moves < MOVE_CAP:
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        seat = acting[0]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, driver)).state
        moves += 1
    if state.end is None:
        return Played("capped", state.round, moves)
    return Played(state.end.reason, state.end.round, moves)


def _job(args: tuple[int, int, dict[str, Any]]) -> Played:
    return play_one(*args)


@dataclass(frozen=True)
class Series:
    """The games of one candidate wage under one set of rules."""

    wages: int
    prosperity: bool
    games: list[Played]

    @property
    def goal(self) -> str:
        return "prosperity" if self.prosperity else "won"

    def rate(self) -> float:
        """Share of games ending by the goal within :data:`HORIZON` rounds."""
        hits = sum(1 for g in self.games if g.reason == self.goal and g.rounds <= HORIZON)
        return hits / len(self.games) if self.games else 0.0

    def target(self) -> float:
        return PROSPERITY_TARGET if self.prosperity else LANDLORD_TARGET


def run(wages: list[int], games: int, players: int, jobs: int) -> list[Series]:
    """Play every series; seeds 1..games, the same for every wage."""
    plans: list[tuple[int, bool, list[tuple[int, int, dict[str, Any]]]]] = []
    for wage in wages:
        for prosperity in (False, True):
            options = {"wages": wage, "prosperity": prosperity}
            plans.append((wage, prosperity, [(players, seed, options) for seed in range(1, games + 1)]))
    flat = [job for _, _, batch in plans for job in batch]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_job, flat, chunksize=4))
    else:
        results = [_job(job) for job in flat]
    out, at = [], 0
    for wage, prosperity, batch in plans:
        out.append(Series(wage, prosperity, results[at:at + len(batch)]))
        at += len(batch)
    return out


def _percentiles(values: list[int]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    if len(ordered) == 1:
        return f"{ordered[0]}"
    cuts = statistics.quantiles(ordered, n=10, method="inclusive")
    return f"p10 {cuts[0]:.0f} · p50 {statistics.median(ordered):.0f} · p90 {cuts[-1]:.0f} · max {ordered[-1]}"


def report(series: list[Series]) -> list[str]:
    """The printed lines: one block per wage, then the verdict."""
    lines = [f"{'':2}{'wages':>6}  {'rules':<10} {'goal ≤60 rounds':>16}  {'target':>6}  ended by",
             f"{'':2}{'':>6}  {'':<10} {'':>16}  {'':>6}  rounds · moves"]
    for s in series:
        ends = Counter(g.reason for g in s.games)
        how = ", ".join(f"{reason} {count}" for reason, count in sorted(ends.items()))
        ok = "ok" if s.rate() >= s.target() else "--"
        rules_name = "prosperity" if s.prosperity else "landlord"
        lines.append(f"{'':2}{s.wages:>6}  {rules_name:<10} {s.rate():>15.0%}  {s.target():>5.0%} {ok}  {how}")
        rounds = [g.rounds for g in s.games if g.reason != "capped"]
        moves = [g.moves for g in s.games]
        lines.append(f"{'':2}{'':>6}  {'':<10} {'':>16}  {'':>6}  rounds {_percentiles(rounds)}")
        lines.append(f"{'':2}{'':>6}  {'':<10} {'':>16}  {'':>6}  moves {_percentiles(moves)}")
        capped = ends.get("capped", 0)
        if capped:
            lines.append(f"{'':2}{'':>6}  {'':<10} {'':>16}  {'':>6}  {capped} game(s) hit the cap of "
                         f"{MOVE_CAP:,} moves")
    by_wage: dict[int, list[Series]] = {}
    for s in series:
        by_wage.setdefault(s.wages, []).append(s)
    meeting = [w for w, pair in sorted(by_wage.items()) if all(s.rate() >= s.target() for s in pair)]
    lines.append("")
    lines.append("wages meeting both targets: " + (", ".join(f"${w}" for w in meeting) or "none"))
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.landlords", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per wage and rule set (default 100)")
    parser.add_argument("--wages", default=",".join(map(str, DEFAULT_WAGES)),
                        help="candidate plain wages, comma-separated")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    wages = [int(w) for w in args.wages.split(",") if w.strip()]
    print(f"The Landlord's Game balance: {args.games} seeded {args.players}-bot games per wage and rule set, "
          f"no round limit, move cap {MOVE_CAP:,} (safety net)")
    for line in report(run(wages, args.games, args.players, args.jobs)):
        print(line)


if __name__ == "__main__":
    main()
