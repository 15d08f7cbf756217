"""How strong and how fast the It's a Wonderful World bot is: numbers only, no asserts.

Run with ``python -m bench.bots [--games N] [--players 2,3,4,5]``. For every player count it plays
N seeded all-bot games and prints, per seat: average and median score, built cards, unfinished
cards, krystallium made (cubes turned into krystallium plus construction bonuses), what was lost
on recycled cards (cubes, krystallium and characters placed on a card that was then recycled,
``lost``; ``last`` counts only the fourth round) and the time of a whole game. Then it plays N
more games in which one seat (chosen by the seed) moves uniformly at random and prints how often
a bot seat finishes strictly ahead of it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from games.core import Rng
from games.wonderful_world import GAME
from games.wonderful_world.cards import designs
from games.wonderful_world.steps import ROUNDS

MAX_MOVES = 20_000


@dataclass
class Game:
    """One finished game: per-seat score, built, unfinished, krystallium made, placed pieces lost
    on recycled cards (all rounds; the last round); seconds taken."""

    scores: list[int]
    ranks: list[int]
    built: list[int]
    unfinished: list[int]
    krystallium: list[int]
    seconds: float
    lost: list[int] = field(default_factory=list)
    lost_last: list[int] = field(default_factory=list)
    moves: int = 0
    random_seat: int | None = None


def play_one(players: int, seed: int, random_seat: int | None = None,
             options: dict[str, Any] | None = None) -> Game:
    """Play a seeded game; every seat is the bot except ``random_seat`` (uniform legal moves)."""
    state = GAME.setup(players, options or {}, seed)
    driver = Rng.from_seed(f"bench-{seed}")
    kryst = [0] * players
    lost, lost_last = [0] * players, [0] * players
    on_card: dict[int, int] = {}       # uid -> pieces placed on it so far
    moves = 0
    start = time.perf_counter()
    for _ in range(MAX_MOVES):
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        seat = acting[driver.below(len(acting))]
        if seat == random_seat:
            legal = GAME.legal_moves(state, seat)
            move = legal[driver.below(len(legal))]
        else:
            move = GAME.bot_move(state, seat, driver)
        applied = GAME.apply(state, seat, move)
        state = applied.state
        moves += 1
        for event in applied.events:
            if event.kind == "stored":
                kryst[event.params["seat"]] += event.params["krystallium"]
            elif event.kind == "built":
                kryst[event.params["seat"]] += designs()[event.params["card"]].bonus.get("krystallium", 0)
            elif event.kind == "placed":
                uid = event.params["uid"]
                on_card[uid] = on_card.get(uid, 0) + event.params["count"]
            elif event.kind == "recycled":
                wasted = on_card.pop(event.params["uid"], 0)
                lost[event.params["seat"]] += wasted
                if state.round == ROUNDS:
                    lost_last[event.params["seat"]] += wasted
    else:
        raise RuntimeError(f"game {seed} did not end within {MAX_MOVES} moves")
    seconds = time.perf_counter() - start
    outcome = GAME.outcome(state)
    assert outcome is not None
    by_seat = {s.seat: s for s in outcome.standings}
    return Game(scores=[by_seat[s].score for s in range(players)],
                ranks=[by_seat[s].rank for s in range(players)],
                built=[len(e.built) for e in state.empires],
                unfinished=[len(e.construction) for e in state.empires],
                krystallium=kryst, seconds=seconds, moves=moves, random_seat=random_seat,
                lost=lost, lost_last=lost_last)


@dataclass
class Summary:
    players: int
    games: list[Game] = field(default_factory=list)
    versus: list[Game] = field(default_factory=list)

    def line(self) -> str:
        scores = [s for g in self.games for s in g.scores]
        built = [b for g in self.games for b in g.built]
        unfinished = [u for g in self.games for u in g.unfinished]
        kryst = [k for g in self.games for k in g.krystallium]
        lost = [n for g in self.games for n in g.lost]
        lost_last = [n for g in self.games for n in g.lost_last]
        seconds = [g.seconds for g in self.games]
        wins = comparisons = 0
        for g in self.versus:
            assert g.random_seat is not None
            for seat in range(self.players):
                if seat != g.random_seat:
                    comparisons += 1
                    wins += g.ranks[seat] < g.ranks[g.random_seat]
        rate = wins / comparisons if comparisons else float("nan")
        return (f"{self.players}p  score avg {statistics.mean(scores):6.2f} med {statistics.median(scores):5.1f}"
                f"  built {statistics.mean(built):5.2f}  unfinished {statistics.mean(unfinished):4.2f}"
                f"  kryst {statistics.mean(kryst):4.2f}"
                f"  lost {statistics.mean(lost):4.2f} (last {statistics.mean(lost_last):4.2f})"
                f"  vs-random {rate:6.1%}"
                f"  game {statistics.mean(seconds) * 1000:6.1f} ms (max {max(seconds) * 1000:6.1f})")


def run(players: list[int], games: int, first_seed: int = 0) -> list[Summary]:
    out = []
    for count in players:
        summary = Summary(count)
        for seed in range(first_seed, first_seed + games):
            summary.games.append(play_one(count, seed))
            seat = Rng.from_seed(f"random-seat-{seed}").below(count)
            summary.versus.append(play_one(count, seed, random_seat=seat))
        out.append(summary)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="seeded games per player count")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, comma separated")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    print(f"It's a Wonderful World bot: {args.games} games per player count, seeds from {args.seed}")
    for summary in run(counts, args.games, args.seed):
        print(summary.line(), flush=True)


if __name__ == "__main__":
    main()
