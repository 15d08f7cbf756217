"""Average final score per empire card in seeded 4-player bot games (balance check; prints only).

Run: ``python -m bench.empires``.
"""

from __future__ import annotations

from collections import defaultdict

from games.wonderful_world import GAME
from tests.support.playout import play


def main(games: int = 60) -> None:
    by: dict[str, list[int]] = defaultdict(list)
    for seed in range(games):
        final = play(GAME, 4, seed, bots=True, check=False).final
        outcome = GAME.outcome(final)
        assert outcome is not None
        for standing in outcome.standings:
            by[final.empires[standing.seat].empire].append(standing.score)
    for empire, scores in sorted(by.items()):
        print(f"{empire:10} {sum(scores) / len(scores):6.1f} points over {len(scores)} games")


if __name__ == "__main__":
    main()
