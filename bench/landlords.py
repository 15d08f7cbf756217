"""The Landlord's Game balance study: plain wages against a field of strategies (ruling R24, issue 22).

Run with ``tabula bench balance landlords`` or ``python -m bench.landlords [--games N]
[--wages 150,200,250] [--players 4] [--jobs 1] [--update docs/landlords-balance.md]``.

For each candidate plain wage it plays N seeded games of each *mix* of strategies, with no round limit
(the table default), the same seeds for every wage and mix. The strategies are the bot's policies
(:data:`games.landlords.bot.POLICIES`): ``default`` (the title's bot, in its own interest only),
``never-buyer`` (never buys a lot, franchise, idle land or improvement), ``hoarder`` (buys, never
improves, keeps a double reserve of cash), ``developer`` (buys, and improves whenever it has the $250)
and ``cooperative`` (the default, but under Prosperity it plays for the poorest player's $700: sells
its cards far above their value to help, buys no lot and no improvement). A mix seats one strategy
in one seat — seat ``seed mod players``, so it sits in every place of the turn order equally often —
and the default bot in the others.

The mixes: under the landlord rules, four default bots and one never-buyer, hoarder, developer or
cooperative seat with three default bots; with the Prosperity rules from the start, four default bots
and one cooperative seat with three; and, to show what wages alone do when nobody landlords, four
never-buyers under the landlord rules. It prints, every rate with its 95 % (Wilson) interval:

* the win rate of the mix's own seat (shared first places count as a fraction);
* under the landlord rules, the share of games ending by the $2,000 win (§1.2) within 60 rounds;
* under Prosperity, the share ending with Prosperity achieved (§11.12) within 60 rounds;
* how every game ended, and the game length in rounds and moves (percentiles).

The targets (R24): in four-player landlord games a never-buying seat wins under 10 % of games against
three default bots, and four default bots reach the $2,000 win within 60 rounds in at least 80 %.
Numbers only: nothing asserts. A move cap is a safety net against a game that never ends; games that
hit it are counted and reported, as are games stopped after :data:`ROUND_CAP` rounds.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.documents import FiguresBlock
from bench.stats import rate, wilson
from games.core import Rng
from games.landlords import GAME
from games.landlords.bot import DEFAULT, POLICIES, choose

#: The safety net: a game still running after this many moves is stopped and reported.
MOVE_CAP = 100_000
#: A game still running after this many rounds is stopped and reported as "stopped": with no round limit
#: a game can go on for ever (a Prosperity game whose poorest player never reaches $700), and the targets
#: look only as far as :data:`HORIZON`.
ROUND_CAP = 120
#: The horizon of the targets, in rounds.
HORIZON = 60
#: Four default bots reach the $2,000 win within :data:`HORIZON` rounds at least this often.
LANDLORD_TARGET = 0.80
#: A never-buying seat wins less often than this against three default bots.
NEVER_BUYER_LIMIT = 0.10
DEFAULT_WAGES = (150, 200)


@dataclass(frozen=True)
class Mix:
    """One strategy in seat ``seed mod players`` (or in every seat), the default bot in the others, under
    one rule set."""

    strategy: str
    prosperity: bool
    every: bool = False

    @property
    def label(self) -> str:
        rules_name = "prosperity" if self.prosperity else "landlord"
        if self.every or self.strategy == "default":
            return f"{rules_name}: 4 × {self.strategy}"
        return f"{rules_name}: 1 {self.strategy} + 3 default"


#: The mixes of the study; the last, four never-buyers, shows what wages alone do when nobody landlords.
MIXES = (Mix("default", False), Mix("never-buyer", False), Mix("hoarder", False), Mix("developer", False),
         Mix("cooperative", False), Mix("default", True), Mix("cooperative", True), Mix("never-buyer", False, True))


@dataclass(frozen=True)
class Played:
    """One finished (or capped) game, seen from the mix's own seat."""

    reason: str  # won / prosperity / last / rounds, or "stopped" (ROUND_CAP) or "capped" (MOVE_CAP)
    rounds: int
    moves: int
    share: float  # the mix's seat's share of first place (1, 1/k when k share it, 0)


def play_one(players: int, seed: int, options: dict[str, Any], strategy: str = "default",
             every: bool = False) -> Played:
    """A seeded game with no round limit: seat ``seed % players`` (every seat if ``every``) played by
    ``strategy``, the others by the default bot; stopped after :data:`ROUND_CAP` rounds or :data:`MOVE_CAP`
    moves. The figures are seen from seat ``seed % players``."""
    state = GAME.setup(players, options, seed)
    driver = Rng.from_seed(f"bench-landlords-{seed}")
    special = seed % players
    moves = 0
    while moves < MOVE_CAP and state.round <= ROUND_CAP:
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        seat = acting[0]
        policy = POLICIES[strategy] if every or seat == special else DEFAULT
        state = GAME.apply(state, seat, choose(state, seat, GAME.legal_moves(state, seat), driver, policy)).state
        moves += 1
    if state.end is None:
        return Played("capped" if moves >= MOVE_CAP else "stopped", state.round, moves, 0.0)
    outcome = GAME.outcome(state)
    first = [s.seat for s in outcome.standings if s.rank == 1] if outcome else []
    share = 1 / len(first) if special in first else 0.0
    return Played(state.end.reason, state.end.round, moves, share)


def _job(args: tuple[int, int, dict[str, Any], str, bool]) -> Played:
    return play_one(*args)


@dataclass(frozen=True)
class Series:
    """The games of one candidate wage and one mix."""

    wages: int
    mix: Mix
    games: list[Played]

    @property
    def prosperity(self) -> bool:
        return self.mix.prosperity

    @property
    def goal(self) -> str:
        return "prosperity" if self.prosperity else "won"

    def hits(self) -> int:
        """Games ending by the goal within :data:`HORIZON` rounds."""
        return sum(1 for g in self.games if g.reason == self.goal and g.rounds <= HORIZON)

    def rate(self) -> float:
        """Share of games ending by the goal within :data:`HORIZON` rounds."""
        return self.hits() / len(self.games) if self.games else 0.0

    def wins(self) -> float:
        """The mix's seat's wins (shared first places as fractions)."""
        return sum(g.share for g in self.games)

    def win_rate(self) -> float:
        return self.wins() / len(self.games) if self.games else 0.0


def run(wages: Sequence[int], games: int, players: int, jobs: int,
        mixes: Sequence[Mix] = MIXES, first_seed: int = 1) -> list[Series]:
    """Play every series; seeds ``first_seed`` … ``first_seed + games - 1``, the same for every wage and mix."""
    plans: list[tuple[int, Mix, list[tuple[int, int, dict[str, Any], str, bool]]]] = []
    for wage in wages:
        for mix in mixes:
            options = {"wages": wage, "prosperity": mix.prosperity}
            plans.append((wage, mix, [(players, seed, options, mix.strategy, mix.every)
                                      for seed in range(first_seed, first_seed + games)]))
    flat = [job for _, _, batch in plans for job in batch]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_job, flat, chunksize=8))
    else:
        results = [_job(job) for job in flat]
    out, at = [], 0
    for wage, mix, batch in plans:
        out.append(Series(wage, mix, results[at:at + len(batch)]))
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


def _series(series: Sequence[Series], wage: int, mix: Mix) -> Series | None:
    return next((s for s in series if s.wages == wage and s.mix == mix), None)


def meets_targets(series: Sequence[Series], wage: int) -> bool | None:
    """Whether ``wage`` meets both targets of R24 (``None`` when its two mixes were not played): the
    never-buyer's win rate and four default bots' $2,000 rate, each by its point estimate."""
    never, default = _series(series, wage, Mix("never-buyer", False)), _series(series, wage, Mix("default", False))
    if never is None or default is None:
        return None
    return never.win_rate() < NEVER_BUYER_LIMIT and default.rate() >= LANDLORD_TARGET


def report(series: Sequence[Series], players: int = 4) -> list[str]:
    """The printed lines: one block per wage and mix, then the verdict."""
    lines: list[str] = []
    for s in series:
        n = len(s.games)
        ends = Counter(g.reason for g in s.games)
        how = ", ".join(f"{reason} {count}" for reason, count in sorted(ends.items()))
        goal = "Prosperity achieved" if s.prosperity else "$2,000 win"
        seat = f"a {s.mix.strategy} seat" if s.mix.every or s.mix.strategy == "default" else f"the {s.mix.strategy}"
        lines.append(f"wages ${s.wages}, {s.mix.label}: {n} games of {players} players")
        lines.append(f"  {goal} within {HORIZON} rounds: {rate(s.hits(), n)}")
        lines.append(f"  {seat} wins: {rate(s.wins(), n)}  (parity {100 / players:.1f} %)")
        lines.append(f"  ended by: {how}")
        lines.append(f"  rounds {_percentiles([g.rounds for g in s.games if g.reason not in ('capped', 'stopped')])}"
                     f" (games that ended)")
        lines.append(f"  moves {_percentiles([g.moves for g in s.games])}")
        if ends.get("stopped"):
            lines.append(f"  {ends['stopped']} game(s) still running after {ROUND_CAP} rounds were stopped")
        if ends.get("capped"):
            lines.append(f"  {ends['capped']} game(s) hit the cap of {MOVE_CAP:,} moves")
    wages = sorted({s.wages for s in series})
    verdicts = {w: meets_targets(series, w) for w in wages}
    judged = [w for w in wages if verdicts[w] is not None]
    if judged:
        meeting = [w for w in judged if verdicts[w]]
        lines.append(f"targets (R24): the never-buyer wins < {NEVER_BUYER_LIMIT:.0%} against 3 default bots, and "
                     f"4 default bots reach $2,000 within {HORIZON} rounds in ≥ {LANDLORD_TARGET:.0%}")
        for w in judged:
            never, default = _series(series, w, Mix("never-buyer", False)), _series(series, w, Mix("default", False))
            assert never is not None and default is not None
            low, high = wilson(never.wins(), len(never.games))
            lines.append(f"  ${w}: never-buyer {100 * never.win_rate():.1f} % [{100 * low:.1f}, {100 * high:.1f}], "
                         f"$2,000 ≤ {HORIZON} rounds {100 * default.rate():.1f} % — "
                         f"{'meets both' if verdicts[w] else 'misses'}")
        lines.append("wages meeting both targets: " + (", ".join(f"${w}" for w in meeting) or "none"))
    return lines


#: The block ``--update`` writes the figures into in the balance document.
FIGURES = FiguresBlock("<!-- figures: begin (bench/landlords.py --update) -->")
BEGIN, END = FIGURES.begin, FIGURES.end
update = FIGURES.update


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.landlords", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per wage and mix (default 1000)")
    parser.add_argument("--wages", default=",".join(map(str, DEFAULT_WAGES)),
                        help="candidate plain wages, comma-separated")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--mixes", default="",
                        help="only these mixes, e.g. 'landlord:never-buyer,prosperity:default' "
                             "('landlord:all-never-buyer': every seat; default: all)")
    parser.add_argument("--update", type=Path, help="write the figures into this document's figures block")
    args = parser.parse_args(argv)
    wages = [int(w) for w in args.wages.split(",") if w.strip()]
    mixes: Sequence[Mix] = MIXES
    if args.mixes:
        mixes = [Mix(name.removeprefix("all-"), rules_name == "prosperity", name.startswith("all-"))
                 for rules_name, name in (part.strip().split(":") for part in args.mixes.split(","))]
        unknown = [m.strategy for m in mixes if m.strategy not in POLICIES]
        if unknown:
            raise SystemExit(f"unknown strategies {unknown}; one of {sorted(POLICIES)}")
    head = (f"The Landlord's Game balance: {args.games} seeded {args.players}-player games per wage and mix, "
            f"no round limit, move cap {MOVE_CAP:,} (safety net)")
    print(head, flush=True)
    lines = [head, *report(run(wages, args.games, args.players, args.jobs, mixes, args.first_seed), args.players)]
    for line in lines[1:]:
        print(line)
    if args.update is not None:
        command = (f"python -m bench.landlords --games {args.games} --wages {','.join(map(str, wages))} "
                   f"--players {args.players} --first-seed {args.first_seed}"
                   + (f" --mixes {args.mixes}" if args.mixes else ""))
        update(args.update, lines, command)


if __name__ == "__main__":
    main()
