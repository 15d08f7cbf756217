"""Three Kingdoms balance: bot games, numbers only, no asserts (docs/three-kingdoms-balance.md, issue 22).

Run with ``tabula bench balance three-kingdoms`` or
``python -m bench.three_kingdoms [--games N] [--players 2 3 4] [--jobs 2] [--update docs/three-kingdoms-balance.md]``.

For each player count, three studies, every rate with its 95 % (Wilson) interval:

1. **Bots**: N seeded games (``--games``, or ``--games-at P=N`` at P players) of the default bot (the ladder
   bot) in every seat. The win rate per lord and per seat (shared wins count as a fraction) and the
   best/worst ratio of each, and each lord's traces (score parts, buildings, the seats that built all 12,
   crowns); per condition card and tier, how
   often the tier is reached (claimed by at least one player) among the games that drew that card under it,
   and the mean claimants; 伪帝 (how many games, seals, the usurper's win rate, how many then met the
   condition, ruling R13); how games ended (12 buildings, rules §14, or ruling R16, nobody can build); the
   game's length; and the seat effect's traces: per seat, the first 称霸/称王/称帝 of the game, the crown,
   the score parts, the actions declined for want of a possible move (ruling R4).
2. **A field of strategies**: ``--field-games`` (N/2) games in which each seat plays one of :data:`STRATEGIES`
   (a rotation, so each sits in each seat equally often): the win rate of each against parity.
3. **Against a random seat**: ``--random-games`` (N/8, at least 100) games with one seat moving at random and the
   others the default bot (and as many with the plain bot): how often a bot seat finishes ahead of it, every seat
   of its opponents counted, and each seat that was not, with what the random seat scored.

The strategies: ``ladder`` (the title's bot, :func:`games.three_kingdoms.bot.choose`, which plays the
称霸/称王/称帝 ladder), ``plain`` (the same bot blind to the ladder, the bot before issue 22) and ``random``
(uniform among the legal moves, the engine's random mover).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.documents import FiguresBlock
from bench.stats import rate
from games.core import Move, Rng
from games.three_kingdoms import GAME
from games.three_kingdoms import bot as tk_bot
from games.three_kingdoms.content import TIERS, content
from games.three_kingdoms.rules import claim_bonus, metric

MAX_MOVES = 20_000
Strategy = Callable[[Any, int, Rng], Move]


def _ladder(state: Any, seat: int, rng: Rng) -> Move:
    return GAME.bot_move(state, seat, rng)


def _plain(state: Any, seat: int, rng: Rng) -> Move:
    return tk_bot.choose_plain(GAME, state, seat, rng)


def _random(state: Any, seat: int, rng: Rng) -> Move:
    return GAME.random_move(state, seat, rng)


STRATEGIES: dict[str, Strategy] = {"ladder": _ladder, "plain": _plain, "random": _random}
TIER_NAMES = {"ba": "称霸", "wang": "称王", "di": "称帝"}
#: The rounds at whose start the seats' buildings are counted (the seat effect's tempo trace).
TEMPO_ROUNDS = (6, 11, 16, 21, 26, 31)


@dataclass
class Played:
    """One finished game: who played what and how it went."""

    strategies: list[str]
    lords: list[str]
    ranks: list[int]
    scores: list[int]
    parts: list[dict[str, int]]
    ladder: dict[str, str]
    rounds: int
    moves: int
    ended: str                                   # "12 buildings" | "R16" | "unfinished"
    claims: list[list[tuple[str, int]]]          # per seat: (tier, round) in claiming order
    usurped: list[tuple[int, int, int]] = field(default_factory=list)   # (seat, seals, round)
    cannot: list[int] = field(default_factory=list)      # per seat: actions declined for him (ruling R4)
    plays: list[int] = field(default_factory=list)       # per seat: talents played
    landed: list[Counter[str]] = field(default_factory=list)  # per seat: pointer stops by action
    built: list[int] = field(default_factory=list)       # per seat: buildings at the end
    follow: Counter[tuple[bool, bool]] = field(default_factory=Counter)  # after round 5: (last on 建设, this)
    seconds: float = 0.0
    peaks: list[dict[str, int]] = field(default_factory=list)  # per seat: the highest standing on each measure
    tempo: dict[int, list[int]] = field(default_factory=dict)  # round → each seat's buildings as it began
    seed: int = 0


def play_one(players: int, seed: int, strategies: Sequence[str], options: dict[str, Any] | None = None) -> Played:
    """A seeded game, seat ``s`` played by ``strategies[s]``."""
    state = GAME.setup(players, options or {}, seed)
    driver = Rng.from_seed(f"bench-{seed}")
    stalemate, moves = False, 0
    claims: list[list[tuple[str, int]]] = [[] for _ in range(players)]
    usurped: list[tuple[int, int, int]] = []
    cannot, plays = [0] * players, [0] * players
    landed: list[Counter[str]] = [Counter() for _ in range(players)]
    follow: Counter[tuple[bool, bool]] = Counter()
    last_on_build: bool | None = None   # whether the last talent played stopped a pointer on 建设 (a recall moves none)
    measures = sorted({cond.metric for cond in content().conditions.values()})
    peaks: list[dict[str, int]] = [dict.fromkeys(measures, 0) for _ in range(players)]
    tempo: dict[int, list[int]] = {}
    start = time.process_time()
    while moves < MAX_MOVES:
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        moves += 1
        seat = acting[0]
        applied = GAME.apply(state, seat, STRATEGIES[strategies[seat]](state, seat, driver))
        state = applied.state
        if state.round not in tempo and state.round in TEMPO_ROUNDS:
            tempo[state.round] = [p.buildings for p in state.seats]
        # the mover's standing on every card's measure (what a claim reads, rules §13: with its talents' bonus)
        bonus, peak = claim_bonus(state, seat), peaks[seat]
        for name in measures:
            peak[name] = max(peak[name], metric(state, seat, name) + bonus)
        for event in applied.events:
            if event.kind == "stalemate":
                stalemate = True
            elif event.kind == "claimed":
                claims[event.params["seat"]].append((event.params["tier"], state.round))
            elif event.kind == "usurped":
                usurped.append((event.params["seat"], event.params["seals"], state.round))
            elif event.kind == "cannot":
                cannot[event.params["seat"]] += 1
            elif event.kind == "played":
                plays[event.params["seat"]] += 1
                landed[event.params["seat"]].update((event.params["first"], event.params["second"]))
                on_build = "build" in (event.params["first"], event.params["second"])
                if last_on_build is not None and state.round > 5:
                    follow[(last_on_build, on_build)] += 1
                last_on_build = on_build
    seconds = time.process_time() - start
    outcome = GAME.outcome(state)
    parts: list[dict[str, int]] = [{} for _ in range(players)]
    if outcome is None:
        ranks, scores, ended = [0] * players, [0] * players, "unfinished"
    else:
        by_seat = {s.seat: s for s in outcome.standings}
        ranks = [by_seat[i].rank for i in range(players)]
        scores = [by_seat[i].score for i in range(players)]
        parts = [dict(by_seat[i].breakdown) for i in range(players)]
        ended = "R16" if stalemate else "12 buildings"
    return Played(strategies=list(strategies), lords=[p.lord for p in state.seats], ranks=ranks, scores=scores,
                  parts=parts, ladder=dict(state.ladder), rounds=state.round, moves=moves, ended=ended,
                  claims=claims, usurped=usurped, cannot=cannot, plays=plays, landed=landed,
                  built=[p.buildings for p in state.seats], follow=follow, seconds=seconds, peaks=peaks,
                  tempo=tempo, seed=seed)


def _job(args: tuple[int, int, tuple[str, ...], bool]) -> Played:
    players, seed, strategies, draft = args
    return play_one(players, seed, strategies, {"draft": True} if draft else None)


def _field(players: int, seed: int) -> tuple[str, ...]:
    """The field study's seats for one game: a rotation of the strategies over the seats, so that each sits in
    each seat equally often over games (with 2 players, 3 strategies: every pair in both orders)."""
    names = sorted(STRATEGIES)
    if players == 2:
        pairs = [(a, b) for a in names for b in names if a != b]
        return pairs[seed % len(pairs)]
    picked = [names[(seed + k) % len(names)] for k in range(players)]
    return tuple(picked)


def run(tasks: Sequence[tuple[int, int, tuple[str, ...], bool]], jobs: int) -> list[Played]:
    if jobs <= 1:
        return [_job(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_job, tasks, chunksize=4))


def _wins(played: Sequence[Played], who: Callable[[Played, int], Any]) -> tuple[dict[Any, float], Counter[Any]]:
    """Wins (shared first places count as a fraction) and seats seen, by ``who(game, seat)``."""
    wins: dict[Any, float] = defaultdict(float)
    seen: Counter[Any] = Counter()
    for p in played:
        first = [s for s, r in enumerate(p.ranks) if r == 1]
        for seat in range(len(p.ranks)):
            key = who(p, seat)
            seen[key] += 1
            if seat in first:
                wins[key] += 1 / len(first)
    return wins, seen


def _ratio_interval(played: Sequence[Played], who: Callable[[Played, int], Any], resamples: int = 400) -> str:
    """The best/worst ratio of the win rates by ``who`` with its 95 % bootstrap interval (games resampled with
    a fixed generator, so the figure is reproducible). Chance alone makes the best of nine lords look better
    than the worst: the interval is that of the ratio as measured, noise included."""
    def ratio(games: Sequence[Played]) -> float:
        wins, seen = _wins(games, who)
        rates = [wins[k] / seen[k] for k in seen]
        return max(rates) / min(rates) if min(rates) > 0 else float("inf")

    draw = random.Random(0)
    ratios = sorted(ratio([played[draw.randrange(len(played))] for _ in played]) for _ in range(resamples))
    low, high = ratios[int(0.025 * resamples)], ratios[int(0.975 * resamples) - 1]
    return f"{ratio(played):.2f}× [{low:.2f}, {high:.2f}]"


def report_bots(played: Sequence[Played], players: int, name: str = "ladder") -> list[str]:
    """Study 1's lines: lords, seats, condition cards, 伪帝, endings, length, the seat effect's traces."""
    c = content()
    n = len(played)
    out = [f"Three Kingdoms, {n} games of {players} {name} bots (parity {100 / players:.1f} %)"]
    wins, seen = _wins(played, lambda p, s: p.lords[s])
    rates = {lord: wins[lord] / seen[lord] for lord in seen}
    out.append("win rate per lord:")
    for lord in sorted(seen, key=lambda x: -rates[x]):
        out.append(f"  {c.lords[lord].zh} {lord:11} {rate(wins[lord], seen[lord])} of {seen[lord]}")
    out.append(f"  best lord / worst lord: {_ratio_interval(played, lambda p, s: p.lords[s])}")
    out += _lord_lines(played, rates)
    wins, seen = _wins(played, lambda p, s: s)
    out.append("win rate per seat (seat 1 starts, rules R21):")
    for seat in range(players):
        out.append(f"  seat {seat + 1}: {rate(wins[seat], seen[seat])}")
    out.append(f"  best seat / worst seat: {_ratio_interval(played, lambda p, s: s)}")
    out += _ladder_lines(played)
    out += _usurp_lines(played)
    ended = Counter(p.ended for p in played)
    out.append("end: " + "; ".join(f"{k} {rate(v, n)}" for k, v in sorted(ended.items())))
    rounds = [p.rounds for p in played]
    moves = [p.moves for p in played]
    out.append(f"length: rounds mean {statistics.mean(rounds):.1f}, median {statistics.median(rounds):g}, "
               f"min {min(rounds)}, max {max(rounds)}; moves mean {statistics.mean(moves):.0f}")
    out += _seat_lines(played, players)
    parts: dict[str, list[int]] = defaultdict(list)
    for p in played:
        for seat, r in enumerate(p.ranks):
            if r == 1:
                for k, v in p.parts[seat].items():
                    parts[k].append(v)
    out.append("winner's score parts (mean): " + ", ".join(f"{k} {statistics.mean(v):.1f}" for k, v in parts.items()))
    out.append(f"engine CPU per game: mean {statistics.mean(p.seconds for p in played) * 1000:.0f} ms")
    return out


def _lord_lines(played: Sequence[Played], rates: dict[str, float]) -> list[str]:
    """The lords' traces, best first: mean score parts, buildings at the end and the share of the seats that
    built all 12 (rules §14), and the share crowned (称帝 or 伪帝) — what a lord's win rate is made of."""
    c = content()
    seats: dict[str, list[tuple[Played, int]]] = defaultdict(list)
    for p in played:
        for seat, lord in enumerate(p.lords):
            seats[lord].append((p, seat))
    out = ["by lord: mean score parts; buildings at the end, seats with all 12; crowned"]
    for lord in sorted(seats, key=lambda x: -rates[x]):
        games = seats[lord]
        parts = {k: statistics.mean(p.parts[s].get(k, 0) for p, s in games) for k in games[0][0].parts[0]}
        crowned = sum(1 for p, s in games if any(t == "di" for t, _ in p.claims[s])
                      or any(u == s for u, _, _ in p.usurped))
        out.append(f"  {c.lords[lord].zh} {lord:11} " + " ".join(f"{k} {v:.1f}" for k, v in parts.items())
                   + f"; buildings {statistics.mean(p.built[s] for p, s in games):.2f}, all 12 "
                   f"{sum(1 for p, s in games if p.built[s] == 12) / len(games):4.0%}; crowned "
                   f"{crowned / len(games):4.0%}")
    return out


def _ladder_lines(played: Sequence[Played]) -> list[str]:
    """Per condition card and the tier it lay under: games, and the tier reached read two ways — by the seats
    (the share of the players who claimed it: the bar of issue 22 §2 as ruled in the balance document) and by
    the games (at least one claimant) — then the seats' highest standing on each card's measure."""
    c = content()
    out = ["condition cards: among the games that drew the card under the tier, the share of seats that claimed it "
           "(the bar, 25-90 %) and of games with a claimant"]
    out.append(f"  {'card':4} {'measure':10} {'tier':4} {'games':>5}  {'seats':23} {'games':23} need")
    for card in sorted(c.conditions):
        cond = c.conditions[card]
        for tier in TIERS:
            drawn = [p for p in played if p.ladder[tier] == card]
            if not drawn:
                continue
            reached = sum(1 for p in drawn if any(t == tier for seat in p.claims for t, _ in seat))
            claimants = sum(1 for p in drawn for seat in p.claims for t, _ in seat if t == tier)
            seats = sum(len(p.claims) for p in drawn)
            out.append(f"  {card:4} {cond.metric:10} {TIER_NAMES[tier]} {len(drawn):5}  {rate(claimants, seats)}"
                       f"  {rate(reached, len(drawn))}  {cond.threshold(tier)}")
    n = len(played)
    for tier in TIERS:
        reached = sum(1 for p in played if any(t == tier for seat in p.claims for t, _ in seat))
        claimants = sum(1 for p in played for seat in p.claims for t, _ in seat if t == tier)
        seats = sum(len(p.claims) for p in played)
        out.append(f"  {TIER_NAMES[tier]} over all cards: seats {rate(claimants, seats)}, games {rate(reached, n)}")
    out.append("the seats' highest standing on the drawn card's measure (talents' bonus included), percentiles "
               "10 / 25 / 50 / 75 / 90:")
    for card in sorted(c.conditions):
        cond = c.conditions[card]
        values = sorted(seat[cond.metric] for p in played if card in p.ladder.values() for seat in p.peaks)
        if values:
            cut = [values[min(len(values) - 1, int(q * len(values)))] for q in (0.1, 0.25, 0.5, 0.75, 0.9)]
            out.append(f"  {card:4} {cond.metric:10} {' / '.join(map(str, cut))}  "
                       f"(needs {cond.ba} / {cond.wang} / {cond.di})")
    return out


def _usurp_lines(played: Sequence[Played]) -> list[str]:
    n = len(played)
    games = sum(1 for p in played if p.usurped)
    usurpers = [(p, seat, seals) for p in played for seat, seals, _ in p.usurped]
    out = [f"伪帝: in {rate(games, n)} of games, {len(usurpers)} in all"]
    if usurpers:
        won = sum(1 / sum(1 for r in p.ranks if r == 1) for p, seat, _ in usurpers if p.ranks[seat] == 1)
        made = sum(1 for p, seat, _ in usurpers if any(t == "di" for t, _ in p.claims[seat]))
        seals = statistics.mean(s for _, _, s in usurpers)
        rounds = statistics.mean(r for p in played for _, _, r in p.usurped)
        out.append(f"  seals taken mean {seals:.1f}, round mean {rounds:.1f}; the usurper won "
                   f"{rate(won, len(usurpers))}; met the condition later (R13) {made} of {len(usurpers)}")
    return out


def _seat_lines(played: Sequence[Played], players: int) -> list[str]:
    """The seat effect's traces: who claims each tier first, crowns, score parts and declined actions by seat."""
    n = len(played)
    out = ["by seat: first claimant of each tier (share of games), crowned, mean score parts, actions declined "
           "(ruling R4) a game"]
    firsts: dict[str, Counter[int]] = {t: Counter() for t in TIERS}
    for p in played:
        for tier in TIERS:
            got = [(r, i, seat) for seat, claims in enumerate(p.claims)
                   for i, (t, r) in enumerate(claims) if t == tier]
            if got:
                # the same round: earlier in the turn order first (claims are checked from the active player)
                firsts[tier][min(got, key=lambda g: (g[0], g[2]))[2]] += 1
    for seat in range(players):
        crowned = sum(1 for p in played if any(t == "di" for t, _ in p.claims[seat])
                      or any(s == seat for s, _, _ in p.usurped))
        part = {k: statistics.mean(p.parts[seat].get(k, 0) for p in played) for k in played[0].parts[0]}
        out.append(f"  seat {seat + 1}: first " + " ".join(f"{TIER_NAMES[t]} {firsts[t][seat] / n:4.0%}" for t in TIERS)
                   + f"; crowned {crowned / n:4.0%}; score {statistics.mean(p.scores[seat] for p in played):.1f} ("
                   + " ".join(f"{k} {v:.1f}" for k, v in part.items())
                   + f"); declined {statistics.mean(p.cannot[seat] for p in played):.1f}")
    out.append("by seat: talents played a game; pointer stops on 建设 / 任意 / 攻城 / 纳贤 per talent played; "
               "buildings")
    for seat in range(players):
        plays = sum(p.plays[seat] for p in played)
        stops = Counter[str]()
        for p in played:
            stops.update(p.landed[seat])
        out.append(f"  seat {seat + 1}: {plays / n:.1f} played; " + " / ".join(
            f"{stops[a] / max(1, plays):.2f}" for a in ("build", "any", "siege", "hire"))
            + f"; buildings {statistics.mean(p.built[seat] for p in played):.2f}")
    out.append("by seat: buildings at the start of round " + " / ".join(map(str, TEMPO_ROUNDS))
               + " (games still running then)")
    for seat in range(players):
        counts = [[p.tempo[r][seat] for p in played if r in p.tempo] for r in TEMPO_ROUNDS]
        out.append(f"  seat {seat + 1}: " + " / ".join(f"{statistics.mean(c):.2f}" if c else "-" for c in counts))
    follow: Counter[tuple[bool, bool]] = Counter()
    for p in played:
        follow.update(p.follow)
    after = {last: (follow[(last, True)], follow[(last, True)] + follow[(last, False)]) for last in (True, False)}
    out.append("the rondel after round 5: a talent stops a pointer on 建设 after one that did "
               f"{rate(*after[True])} of {after[True][1]}, after one that did not {rate(*after[False])} "
               f"of {after[False][1]}")
    if players >= 4:
        out.append(_neighbours(played, players))
    return out


def _neighbours(played: Sequence[Played], players: int) -> str:
    """Whether a seat's game depends on the seat just before it in the turn order (whose pointers it starts
    from, whose market and squares it finds) more than on one further away: the correlation of final scores,
    and the scores of the seats after the winner."""
    def corr(step: int) -> float:
        xs = [p.scores[s] for p in played for s in range(players)]
        ys = [p.scores[(s + step) % players] for p in played for s in range(players)]
        return statistics.correlation(xs, ys) if len(set(xs)) > 1 and len(set(ys)) > 1 else 0.0

    behind: list[list[int]] = [[] for _ in range(players)]   # the seats k places after the winner: their scores
    for p in played:
        if 1 not in p.ranks:
            continue  # an unfinished game (MAX_MOVES) has no winner; "end" counts it
        winner = p.ranks.index(1)
        for k in range(1, players):
            behind[k].append(p.scores[(winner + k) % players])
    return (f"score correlation with the seat just before: {corr(-1):+.2f}, two before: {corr(-2):+.2f}; mean score "
            "of the seat 1, 2, 3 places after the winner: "
            + ", ".join(f"{statistics.mean(behind[k]):.1f}" for k in range(1, players)))


def report_field(played: Sequence[Played], players: int) -> list[str]:
    out = [f"field: {len(played)} games of {players} seats from {sorted(STRATEGIES)}, rotated over the seats "
           f"(parity {100 / players:.1f} %)"]
    wins, seen = _wins(played, lambda p, s: p.strategies[s])
    for name in sorted(STRATEGIES):
        scores = [p.scores[s] for p in played for s in range(players) if p.strategies[s] == name]
        out.append(f"  {name:7} {rate(wins[name], seen[name])} over {seen[name]} seats, mean score "
                   f"{statistics.mean(scores):.1f}")
    return out


def report_random(played: Sequence[Played], name: str) -> list[str]:
    """Study 3's line for ``name``: every seat of the random seat's opponents, ahead of it or not; then each
    seat that was not, with the game's seed and the score parts of both (what the random seat did)."""
    ahead = total = 0
    behind = []
    for p in played:
        loose = p.strategies.index("random")
        for seat, strategy in enumerate(p.strategies):
            if strategy != "random":
                total += 1
                if p.scores[seat] > p.scores[loose]:
                    ahead += 1
                else:
                    behind.append(f"    seed {p.seed}: {p.lords[seat]} {p.scores[seat]} {p.parts[seat]} against the "
                                  f"random {p.lords[loose]} {p.scores[loose]} {p.parts[loose]}")
    return [f"  {name} seats ahead of a random seat: {ahead}/{total} ({rate(ahead, total)})", *behind]


#: The block ``--update`` writes the figures into in the balance document.
FIGURES = FiguresBlock("<!-- figures: begin (bench/three_kingdoms.py --update) -->")
BEGIN, END = FIGURES.begin, FIGURES.end
update = FIGURES.update


def study(players: int, games: int, jobs: int, draft: bool, first_seed: int, field_games: int,
          random_games: int, default: str = "ladder", studies: Sequence[int] = (1, 2, 3)) -> list[str]:
    """The studies at one player count (``studies``: which of the three); their lines (printed as they come)."""
    lines: list[str] = []

    def emit(new: list[str]) -> None:
        for line in new:
            print(line, flush=True)
        lines.extend(new)

    if 1 in studies:
        bots = [(players, first_seed + n, (default,) * players, draft) for n in range(games)]
        emit(report_bots(run(bots, jobs), players, default))
    field_games = field_games if 2 in studies else 0
    random_games = random_games if 3 in studies else 0
    fielded = [(players, 20_000 + first_seed + n, _field(players, n), draft) for n in range(field_games)]
    if fielded:
        emit(report_field(run(fielded, jobs), players))
    if random_games:
        emit([f"against a random seat ({random_games} games each):"])
    for name in ("ladder", "plain") if random_games else ():
        tasks = []
        for n in range(random_games):
            seats = [name] * players
            seats[n % players] = "random"
            tasks.append((players, 10_000 + first_seed + n, tuple(seats), draft))
        emit(report_random(run(tasks, jobs), name))
    return lines


def _count_games(text: str) -> tuple[int, int]:
    """``P=N`` (``--games-at``): N games of study 1 at P players."""
    players, _, games = text.partition("=")
    try:
        return int(players), int(games)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected P=N (players=games), got {text!r}") from None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--games-at", type=_count_games, nargs="+", default=[], metavar="P=N",
                        help="study 1's games at player count P instead of --games (e.g. 4=5000: the four-player "
                             "lords need more games to settle, issue 22 §2)")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--draft", action="store_true", help="the variant setup (rules §16)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--field-games", type=int, help="games of the field study (default: half of --games)")
    parser.add_argument("--random-games", type=int,
                        help="games against a random seat, each bot (default: --games / 8, at least 100)")
    parser.add_argument("--bot", choices=sorted(STRATEGIES), default="ladder", help="study 1's bot in every seat")
    parser.add_argument("--studies", type=int, nargs="+", choices=(1, 2, 3), default=[1, 2, 3],
                        help="which studies to run (1: the bots, 2: the field, 3: against a random seat); "
                             "tuning runs only 1")
    parser.add_argument("--update", type=Path, help="write the figures into this document's figures block")
    args = parser.parse_args(argv)
    games_at = dict(args.games_at)
    lines: list[str] = []
    for players in args.players:
        field_games = args.field_games if args.field_games is not None else max(6, args.games // 2)
        random_games = args.random_games if args.random_games is not None else max(100, args.games // 8)
        games = games_at.get(players, args.games)
        lines += study(players, games, args.jobs, args.draft, args.seed, field_games, random_games, args.bot,
                       args.studies)
        lines.append("")
    if args.update is not None:
        if args.studies != [1, 2, 3]:
            parser.error("--update writes the document's figures: run every study")
        command = (f"python -m bench.three_kingdoms --games {args.games} --players "
                   f"{' '.join(map(str, args.players))} --seed {args.seed} --field-games {field_games} "
                   f"--random-games {random_games}" + (" --draft" if args.draft else "")
                   + (" --games-at " + " ".join(f"{p}={n}" for p, n in args.games_at) if args.games_at else "")
                   + (f" --bot {args.bot}" if args.bot != "ladder" else ""))
        update(args.update, lines[:-1], command)


if __name__ == "__main__":
    main()
