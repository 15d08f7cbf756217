"""League seating quality (issue 23 §2): Swiss-style seating (``service.pairing``) against random.

Run with ``tabula bench pairing [--rounds 1000] [--players 7] [--smallest 3] [--largest 4]
[--season 5] [--seed 0]``. Simulated seasons of ``--season`` rounds (``--rounds`` rounds in all):
members with a hidden skill play each table (a Plackett–Luce draw of the finishing order from their
skills), win league points by place (1st = seats … last = 1) and move their openskill rating
(``service.ratings.rate``). Each round is seated twice from the same standings, ratings and
history: by ``service.pairing.seat`` and at random (the same table sizes); the season goes on with
the Swiss seating's results. Printed for each, with 95 % intervals:

* the average rating spread per table (highest − lowest rating ordinal at the table, the shown scale);
* the repeat-opponent rate: of the pairs seated together, the share that already met this season
  (rounds after the first only; pairs of one round are not independent, so the interval is
  optimistic).

Numbers only: nothing asserts.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from service.pairing import Entrant, Seating, meetings, met_key, random_seating, seat
from service.ratings import MODEL, ordinal, rate
from storage.ratings import Standing

from .stats import mean_interval
from .stats import rate as rate_text


@dataclass
class Tally:
    """What one way of seating did over all rounds: each round's mean spread, repeated pairs."""

    spreads: list[float] = field(default_factory=list)
    pairs: int = 0
    repeats: int = 0

    def add(self, seating: Seating, ratings: dict[str, float], met: dict[tuple[str, str], int],
            counted: bool) -> None:
        spreads = [max(ratings[u] for u in t) - min(ratings[u] for u in t) for t in seating.tables if t]
        self.spreads.append(sum(spreads) / max(1, len(spreads)))
        if counted:
            for table in seating.tables:
                for a, b in combinations(table, 2):
                    self.pairs += 1
                    self.repeats += met.get(met_key(a, b), 0) > 0


def _play(table: Sequence[str], skill: dict[str, float], draw: random.Random) -> list[str]:
    """A finishing order, best first: Plackett–Luce with strengths exp(skill) (Gumbel noise)."""
    noisy = {u: skill[u] - math.log(-math.log(draw.random() or 1e-12)) for u in table}
    return sorted(table, key=lambda u: -noisy[u])


def run(rounds: int, players: int, smallest: int, largest: int, season: int, seed: int) -> tuple[Tally, Tally]:
    """Simulate ``rounds`` rounds (seasons of ``season``) and return the Swiss and random tallies."""
    swiss, chance = Tally(), Tally()
    draw = random.Random(seed)
    done = 0
    while done < rounds:
        users = [f"m{n}" for n in range(players)]
        skill = {u: draw.gauss(0.0, 1.0) for u in users}
        mu_sigma = {u: (MODEL.rating().mu, MODEL.rating().sigma) for u in users}
        points = dict.fromkeys(users, 0.0)
        history: list[list[str]] = []
        for number in range(min(season, rounds - done)):
            shown = {u: float(ordinal(*mu_sigma[u])) for u in users}
            entrants = [Entrant(u, points[u], shown[u]) for u in users]
            met = meetings(history)
            round_seed = f"{seed}:{done}"
            seating = seat(entrants, smallest, largest, seed=round_seed, met=met)
            swiss.add(seating, shown, met, number > 0)
            chance.add(random_seating(entrants, smallest, largest, seed=round_seed), shown, met, number > 0)
            for table, bots in zip(seating.tables, seating.bots, strict=True):
                order = _play(table, skill, draw)
                size = len(table) + bots
                for place, user in enumerate(order):
                    points[user] += size - place
                if len(order) >= 2:
                    before = {u: Standing(*mu_sigma[u], 0) for u in order}
                    after = rate([{"user": u, "rank": i + 1} for i, u in enumerate(order)], before)
                    mu_sigma.update(after)
            history.extend(seating.tables)
            done += 1
    return swiss, chance


def report(swiss: Tally, chance: Tally, echo: Callable[[str], None] = print) -> None:
    """Print both tallies side by side."""
    echo(f"{'seating':8}  {'rating spread per table (mean [95 %])':40}  repeat-opponent rate [95 %]")
    for name, tally in (("swiss", swiss), ("random", chance)):
        mean, low, high = mean_interval(tally.spreads)
        echo(f"{name:8}  {mean:7.1f} [{low:.1f}, {high:.1f}]{'':19}  {rate_text(tally.repeats, tally.pairs)}"
             f" of {tally.pairs} pairs")


def main(argv: list[str] | None = None) -> None:
    """The command line (``tabula bench pairing``)."""
    parser = argparse.ArgumentParser(prog="tabula bench pairing", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--smallest", type=int, default=3)
    parser.add_argument("--largest", type=int, default=4)
    parser.add_argument("--season", type=int, default=5, help="rounds per simulated season")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"{args.rounds} rounds, {args.players} members, tables of {args.smallest}–{args.largest}, "
          f"seasons of {args.season} rounds, seed {args.seed}")
    report(*run(args.rounds, args.players, args.smallest, args.largest, args.season, args.seed))


if __name__ == "__main__":
    main()
