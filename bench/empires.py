"""Average final score per empire card in seeded 4-player bot games (balance check; prints only).

Run: ``python -m bench.empires``.
"""

from __future__ import annotations

from collections import defaultdict

from games.core import Rng
from games.wonderful_world import GAME


def main(games: int = 60) -> None:
    by: dict[str, list[int]] = defaultdict(list)
    for seed in range(games):
        final = GAME.setup(4, {}, seed)
        rng = Rng.from_seed(f"empires-{seed}")
        while acting := sorted(GAME.to_act(final)):
            final = GAME.apply(final, acting[0], GAME.bot_move(final, acting[0], rng)).state
        outcome = GAME.outcome(final)
        assert outcome is not None
        for standing in outcome.standings:
            by[final.empires[standing.seat].empire].append(standing.score)
    for empire, scores in sorted(by.items()):
        print(f"{empire:10} {sum(scores) / len(scores):6.1f} points over {len(scores)} games")


if __name__ == "__main__":
    main()
