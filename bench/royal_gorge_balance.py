"""18 Royal Gorge's economy under each ruleset: bot games, numbers only, no asserts (rulings R15 and R19).

Run with ``python -m bench.royal_gorge_balance [--games N] [--players 4]``. Plays N seeded all-bot games under
``bga`` (the rules text: gold shipments uncapped per set, R15; CF&I keeps its $50, R19) and under ``18xx``
(shipments capped 2/4/5/5 a set; CF&I paid out whole and reset to $50), and prints per ruleset: the game length in
sets and how games ended; gold shipped per set and Victor's payout per share; CF&I's payout per share; the metals'
final prices; the winner's and the average net worth, and the share of it the metals make up. The bots play the same
way under both rulesets, so the differences come from the rules (and from the games going differently).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from dataclasses import dataclass, field

from games.core import Rng
from games.royal_gorge import GAME
from games.royal_gorge.holdings import net_worth, price_at
from games.royal_gorge.state import RGState

METALS = ("CF&I", "VGC")


@dataclass
class Played:
    """One finished bot game: its length, end, and what the metals paid."""

    sets: int
    reason: str
    shipped_per_set: list[int] = field(default_factory=list)
    per_share: dict[str, list[int]] = field(default_factory=lambda: {m: [] for m in METALS})
    final_price: dict[str, int] = field(default_factory=dict)
    worths: list[int] = field(default_factory=list)
    metal_part: float = 0.0  # of all players' net worth, what their metal shares are worth


def play(players: int, seed: int, ruleset: str) -> Played:
    state: RGState = GAME.setup(players, {"ruleset": ruleset}, seed)
    rng = Rng.from_seed(f"balance-{seed}")
    shipped: Counter[int] = Counter()
    paid: dict[str, list[int]] = {m: [] for m in METALS}
    while GAME.to_act(state):
        seat = sorted(GAME.to_act(state))[0]
        applied = GAME.apply(state, seat, GAME.bot_move(state, seat, rng))
        for event in applied.events:
            if event.kind == "shipped":
                shipped[state.turn] += 1
            elif event.kind == "metal_payout":
                paid[event.params["corp"]].append(int(event.params["per_share"]))
        state = applied.state
    worths = [net_worth(state, s) for s in range(players)]
    metals = sum(state.corps[m].held[s] // 10 * price_at(state.corps[m].col)
                 for m in METALS for s in range(players) if state.corps[m].col >= 0)
    return Played(state.turn, state.end_reason or "?", [shipped[t] for t in range(1, state.turn + 1)], paid,
                  {m: price_at(state.corps[m].col) for m in METALS}, worths, metals / max(1, sum(worths)))


def mean(values: list[float] | list[int]) -> float:
    return statistics.mean(values) if values else 0.0


def report(ruleset: str, games: list[Played]) -> list[str]:
    ends = Counter(g.reason for g in games)
    shipped = [n for g in games for n in g.shipped_per_set]
    lines = [f"== {ruleset}: {len(games)} games",
             f"  length        {mean([g.sets for g in games]):5.1f} sets (min {min(g.sets for g in games)}, "
             f"max {max(g.sets for g in games)}); ends: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()),
             f"  gold shipped  {mean(shipped):5.2f} a set (max {max(shipped, default=0)})"]
    for metal in METALS:
        paid = [p for g in games for p in g.per_share[metal]]
        lines.append(f"  {metal:<5} pays   {mean(paid):6.1f} a share a payout (max {max(paid, default=0)}); "
                     f"final price {mean([g.final_price[metal] for g in games]):6.1f}")
    part = 100 * mean([g.metal_part for g in games])
    lines.append(f"  net worth     winner {mean([max(g.worths) for g in games]):7.0f}, average "
                 f"{mean([mean(g.worths) for g in games]):7.0f}; metal shares {part:4.1f} % of it")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for ruleset in ("bga", "18xx"):
        games = [play(args.players, seed, ruleset) for seed in range(1, args.games + 1)]
        print("\n".join(report(ruleset, games)))


if __name__ == "__main__":
    main()
