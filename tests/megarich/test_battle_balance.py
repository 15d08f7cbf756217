"""The bidding battle's seeded balance studies (bench/megarich_battle.py): more of a stat never makes a wonder lose
more often, and no build of the study dominates the field or is hopeless. Seeds are fixed, so these are exact
replays, and every claim is judged with its 95 % interval, not a bare threshold."""

from __future__ import annotations

import dataclasses
import math

import pytest

from bench.megarich_battle import BUILDS, field_build, study, wonder
from bench.stats import wilson
from games.core.rng import Rng
from games.megarich.battle import Wonder, fight

N = 700


def _wins(extra: dict[str, int], players: int, base: tuple[int, int, int, int]) -> list[int]:
    out = []
    for n in range(N):
        rng = Rng.from_seed(f"monotonic|{players}|{n}")
        seat = rng.below(players)
        wonders = [wonder(s, base) if s == seat else wonder(s, field_build(rng)) for s in range(players)]
        me: Wonder = wonders[seat]
        wonders[seat] = dataclasses.replace(me, **{k: getattr(me, k) + v for k, v in extra.items()})
        out.append(int(fight(wonders, rng).winner == seat))
    return out


@pytest.mark.parametrize(("players", "base"), [(4, BUILDS["balanced"]), (6, BUILDS["D-heavy"]),
                                               (3, BUILDS["glass cannon"])])
@pytest.mark.parametrize("stat", ["S", "A", "D"])
def test_ruling_R12_more_s_a_or_d_never_makes_a_wonder_lose_more_often(players: int, base: tuple[int, int, int, int],
                                                                      stat: str) -> None:
    before = _wins({}, players, base)
    extra = {"S": 80, "A": 40, "D": 40}[stat]          # 5 cp of the stat, free
    after = _wins({stat: extra}, players, base)
    diffs = [a - b for a, b in zip(after, before, strict=True)]     # paired: the same seeds and fields
    mean = sum(diffs) / N
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (N - 1) / N)
    assert mean + 1.96 * se >= 0, (stat, sum(before) / N, sum(after) / N)


@pytest.mark.parametrize("players", [4, 6])
def test_ruling_R12_no_build_dominates_the_field_or_is_hopeless(players: int) -> None:
    parity = 1 / players
    for name, cp in BUILDS.items():
        s = study(name, cp, battles=500, players=players, seed="tests")
        lo, hi = wilson(s.wins, s.battles)
        assert hi >= parity / 3 and lo <= 2 * parity, (name, s.rate)
        assert s.capped == 0
