"""Megarich∞'s bidding battle: a balance study, numbers only, no asserts (docs/rules/megarich-battle.md, R12).

Run with ``python -m bench.megarich_battle [--battles N] [--players 4] [--budget 40] [--foundation 100/40/0/5]``.
Each build in :data:`BUILDS` fights N seeded battles against a field of ``players − 1`` wonders drawn around the
balanced build; the study prints its win rate with a 95 % (Wilson) interval beside parity (1 / players), the
battles' length and how many hit the tick cap, and the CPU time per battle; then the replay's budget
(:func:`render_budget`).

Assumptions of the study (not rules): a build spends ``budget`` cp (the generic block's 16 S / 8 A / 8 D / 3 F per
cp) on top of a foundation (S 100, A 40, D 0, F 5 unless ``--foundation`` says otherwise: the design part will
fix the real one, and the duel's balance leans on it); every wonder carries the same :data:`KIT` of block effects,
so F (which only scales effects) has something to scale.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from bench.stats import wilson
from games.core.rng import Rng
from games.megarich.battle import Effect, EffectKind, Wonder, fight

PER_CP = {"S": 16, "A": 8, "D": 8, "F": 3}
FOUNDATION = {"S": 100, "A": 40, "D": 0, "F": 5}

KIT: tuple[Effect, ...] = (
    Effect(EffectKind.REGEN, 4, source="kit-regen"),
    Effect(EffectKind.STRIKE, 1, every=4, source="kit-strike"),
    Effect(EffectKind.SUMMON, 1, every=3, power=40, source="kit-summon"),
    Effect(EffectKind.BOOST, 10, source="kit-boost"),
    Effect(EffectKind.CRIT, 10, source="kit-crit"),
)
"""The effect blocks every wonder of the study carries (a typical design's three or four special blocks)."""

#: cp shares of S, A, D, F out of 40 (scaled to other budgets).
BUILDS: dict[str, tuple[int, int, int, int]] = {
    "balanced": (12, 12, 12, 4),
    "S-heavy": (20, 8, 8, 4),
    "A-heavy": (8, 20, 8, 4),
    "D-heavy": (8, 8, 20, 4),
    "F-heavy": (10, 10, 10, 10),
    "glass cannon": (4, 28, 4, 4),
    "turtle": (16, 4, 16, 4),
}


def wonder(seat: int, cp: tuple[int, int, int, int], *, budget: int = 40, kit: tuple[Effect, ...] = KIT,
           name: str = "") -> Wonder:
    """A wonder spending ``cp`` (S, A, D, F shares of 40) scaled to ``budget`` cp, on the foundation, with ``kit``."""
    s, a, d, f = (round(x * budget / 40) for x in cp)
    return Wonder(seat, FOUNDATION["S"] + PER_CP["S"] * s, FOUNDATION["A"] + PER_CP["A"] * a,
                  FOUNDATION["D"] + PER_CP["D"] * d, FOUNDATION["F"] + PER_CP["F"] * f, kit, name)


def field_build(rng: Rng) -> tuple[int, int, int, int]:
    """A field wonder: the balanced build with up to 4 cp moved between stats, twice (40 cp in all)."""
    cp = list(BUILDS["balanced"])
    for _ in range(2):
        give, take = rng.below(4), rng.below(4)
        moved = min(rng.between(0, 4), cp[take])
        cp[take] -= moved
        cp[give] += moved
    return cp[0], cp[1], cp[2], cp[3]


@dataclass
class Study:
    """One build's battles against the field."""

    build: str
    wins: int
    battles: int
    ticks: list[int]
    capped: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.wins / self.battles


def study(build: str, cp: tuple[int, int, int, int], *, battles: int, players: int, budget: int = 40,
          seed: str = "mr-battle-bench") -> Study:
    """``battles`` battles of ``cp`` in a random seat against ``players − 1`` field wonders (same seeds per build)."""
    wins = capped = 0
    ticks: list[int] = []
    cpu = 0.0
    for n in range(battles):
        rng = Rng.from_seed(f"{seed}|{n}")
        seat = rng.below(players)
        wonders = [wonder(s, cp, budget=budget) if s == seat else wonder(s, field_build(rng)) for s in range(players)]
        start = time.process_time()
        result = fight(wonders, rng)
        cpu += time.process_time() - start
        wins += result.winner == seat
        capped += result.timed_out
        ticks.append(result.ticks)
    return Study(build, wins, battles, ticks, capped, cpu / battles)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", type=int, default=40)
    parser.add_argument("--foundation", default="100/40/0/5", help="the study's foundation S/A/D/F")
    parser.add_argument("--no-render", dest="render", action="store_false", help="skip the replay's budget")
    args = parser.parse_args(argv)
    FOUNDATION.update(zip("SADF", (int(x) for x in args.foundation.split("/")), strict=True))
    parity = 1 / args.players
    print(f"Megarich∞ bidding battle: each build vs {args.players - 1} field wonders, {args.battles} battles, "
          f"{args.budget} cp on a foundation of {args.foundation}; parity {parity:.1%}")
    print(f"{'build':<14}{'S/A/D/F':>16}{'win rate':>10}{'95 % interval':>18}{'vs parity':>10}"
          f"{'ticks':>7}{'capped':>8}{'ms/battle':>11}")
    for name, cp in BUILDS.items():
        s = study(name, cp, battles=args.battles, players=args.players, budget=args.budget)
        lo, hi = wilson(s.wins, s.battles)
        w = wonder(0, cp, budget=args.budget)
        stats = f"{w.S}/{w.A}/{w.D}/{w.F}"
        print(f"{name:<14}{stats:>16}{s.rate:>10.1%}{f'{lo:.1%} – {hi:.1%}':>18}{s.rate / parity:>9.2f}×"
              f"{statistics.mean(s.ticks):>7.1f}{s.capped:>8}{s.seconds * 1000:>11.2f}")
    if args.render:
        render_budget()


def render_budget() -> None:
    """The replay and summary of a 6-wonder battle (one of each build but the turtle) and of the longest battle (40
    ticks): CPU for the simulation, the frames with their encoding, and the summary image; sizes and frame counts."""
    from render.megarich_battle import battle_animation, battle_frames, battle_summary

    names = ["阿明", "Bea", "小红", "Dmitri", "Éloïse", "王五"]
    six = [wonder(s, cp, name=n) for s, (cp, n) in enumerate(zip(list(BUILDS.values())[:6], names, strict=True))]
    walls = [Wonder(s, 100_000, 10, 400, 5 * s, (Effect(EffectKind.REGEN, 30),)) for s in range(6)]
    print("\nreplay and summary (CPU seconds; budget: simulation + animation ≤ 3 s, under Discord's 8 MiB)")
    for label, wonders in (("6 wonders", six), ("40-tick cap", walls)):
        for lang in ("zh", "en"):
            start = time.process_time()
            result = fight(wonders, Rng.from_seed(f"render|{label}"))
            simulated = time.process_time()
            frames, _ = battle_frames(result, lang, names)
            data, ext = battle_animation(result, lang, names)
            animated = time.process_time()
            png = battle_summary(result, lang, names)
            done = time.process_time()
            print(f"  {label:<12}{lang}: {result.ticks:>2} ticks, {len(frames):>2} frames, "
                  f"{ext} {len(data) / 1024:6.1f} KiB (simulation {simulated - start:.3f} s, "
                  f"frames drawn twice + encoding {animated - simulated:.2f} s); "
                  f"summary {len(png) / 1024:5.1f} KiB in {done - animated:.3f} s")


if __name__ == "__main__":
    main()
