"""Three Kingdoms balance: bot games, numbers only, no asserts (docs/three-kingdoms-balance.md).

Run with ``python -m bench.three_kingdoms [--games N] [--players 4] [--jobs 2]``. Plays N seeded all-bot
games and prints the win rate per lord and per seat (shared wins count as a fraction), against the
average; the game length in rounds and moves; how games ended (12 buildings or ruling R16, nobody can
build); claims per tier; the score parts of winners; the engine time per game. Then N/4 games in which
one seat moves at random, and how often a bot seat finishes ahead of it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games.core import Rng
from games.three_kingdoms import GAME

MAX_MOVES = 20_000


@dataclass
class Played:
    """One finished game."""

    lords: list[str]
    ranks: list[int]
    scores: list[int]
    parts: list[dict[str, int]]
    rounds: int
    moves: int
    stalemate: bool
    claims: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    random_seat: int | None = None


def play_one(players: int, seed: int, random_seat: int | None = None,
             options: dict[str, Any] | None = None) -> Played:
    """A seeded game of bots (``random_seat`` moves uniformly at random)."""
    state = GAME.setup(players, options or {}, seed)
    driver = Rng.from_seed(f"bench-{seed}")
    stalemate, moves = False, 0
    start = time.perf_counter()
    while moves < MAX_MOVES:
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        moves += 1
        seat = acting[0]
        move = GAME.random_move(state, seat, driver) if seat == random_seat else GAME.bot_move(state, seat, driver)
        applied = GAME.apply(state, seat, move)
        state = applied.state
        stalemate = stalemate or any(e.kind == "stalemate" for e in applied.events)
    seconds = time.perf_counter() - start
    outcome = GAME.outcome(state)
    assert outcome is not None, f"seed {seed} did not end"
    by_seat = {s.seat: s for s in outcome.standings}
    claims: Counter[str] = Counter(t for p in state.seats for t in p.claims)
    return Played([p.lord for p in state.seats], [by_seat[i].rank for i in range(players)],
                  [by_seat[i].score for i in range(players)], [dict(by_seat[i].breakdown) for i in range(players)],
                  state.round, moves, stalemate, claims, seconds, random_seat)


def _job(args: tuple[int, int, int | None, bool]) -> Played:
    players, seed, random_seat, draft = args
    return play_one(players, seed, random_seat, {"draft": draft} if draft else None)


def run(games: int, players: int, jobs: int, draft: bool = False, first_seed: int = 0) -> list[Played]:
    tasks = [(players, first_seed + seed, None, draft) for seed in range(games)]
    if jobs <= 1:
        return [_job(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_job, tasks, chunksize=8))


def report(played: list[Played], players: int) -> None:
    wins: dict[str, float] = defaultdict(float)
    seen: Counter[str] = Counter()
    seat_wins = [0.0] * players
    for game in played:
        winners = [i for i, r in enumerate(game.ranks) if r == 1]
        for i, lord in enumerate(game.lords):
            seen[lord] += 1
            if i in winners:
                wins[lord] += 1 / len(winners)
                seat_wins[i] += 1 / len(winners)
    average = 1 / players
    print(f"{len(played)} games, {players} players: average win rate {average:.1%}")
    print("win rate per lord (games seen, rate, rate / average):")
    worst = 0.0
    for lord in sorted(seen, key=lambda x: -wins[x] / seen[x]):
        rate = wins[lord] / seen[lord]
        worst = max(worst, rate / average)
        print(f"  {lord:12} {seen[lord]:5}  {rate:6.1%}  {rate / average:4.2f}x")
    print(f"highest lord / average: {worst:.2f}x")
    print("win rate per seat: " + ", ".join(f"#{i + 1} {w / len(played):.1%}" for i, w in enumerate(seat_wins)))
    rounds = [g.rounds for g in played]
    moves = [g.moves for g in played]
    print(f"rounds: mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds)}, "
          f"min {min(rounds)}, max {max(rounds)}; moves: mean {statistics.mean(moves):.0f}")
    stale = sum(g.stalemate for g in played)
    print(f"ended by 12 buildings: {len(played) - stale}, by ruling R16 (nobody can build): {stale} "
          f"({stale / len(played):.1%})")
    if stale:
        late = [g.rounds for g in played if g.stalemate]
        most = [max(p.get("buildings", 0) for p in g.parts) for g in played if g.stalemate]
        print(f"  R16 games: mean round {statistics.mean(late):.1f}; the leader's building points "
              f"{statistics.mean(most):.0f} on average (66 = 11 buildings)")
    claims: Counter[str] = Counter()
    for g in played:
        claims.update(g.claims)
    print("claims per game: " + ", ".join(f"{t} {claims[t] / len(played):.2f}" for t in ("ba", "wang", "di")))
    parts: dict[str, list[int]] = defaultdict(list)
    for g in played:
        for i, r in enumerate(g.ranks):
            if r == 1:
                for k, v in g.parts[i].items():
                    parts[k].append(v)
    print("winner's score parts (mean): " + ", ".join(f"{k} {statistics.mean(v):.1f}" for k, v in parts.items()))
    secs = [g.seconds for g in played]
    print(f"engine time per game: mean {statistics.mean(secs) * 1000:.0f} ms, max {max(secs) * 1000:.0f} ms")


def against_random(games: int, players: int) -> None:
    ahead = total = 0
    for seed in range(games):
        random_seat = seed % players
        game = play_one(players, 10_000 + seed, random_seat)
        for i in range(players):
            if i != random_seat:
                total += 1
                ahead += game.scores[i] > game.scores[random_seat]
    print(f"bot seats ahead of a random seat: {ahead}/{total} ({ahead / max(total, 1):.1%})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--draft", action="store_true", help="the variant setup (rules §16)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    played = run(args.games, args.players, args.jobs, args.draft, args.seed)
    report(played, args.players)
    against_random(max(4, args.games // 4), args.players)


if __name__ == "__main__":
    main()
