"""巨富豪∞: the dice of the box (配件: coin, d6, d10, d12, d20) — fair faces, typed results, seeded throws."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.rng import Rng
from games.megarich.dice import DICE_IN_BOX, CoinFace, Die, faces, flip, roll, roll_many

# χ² critical values at p = 0.001 for k − 1 degrees of freedom (k faces): a fair die exceeds them once in a
# thousand seeds. The seeds are fixed, so the tests are deterministic; a die missing a face or favouring one
# by a few points over 12,000+ throws lands far above them.
CHI2_999 = {1: 10.83, 5: 20.52, 9: 27.88, 11: 31.26, 19: 43.82}


def chi_square(counts: Counter[object], outcomes: tuple[object, ...], n: int) -> float:
    expected = n / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


def test_the_box_holds_a_coin_and_four_dice_three_of_each() -> None:
    assert [int(d) for d in Die] == [6, 10, 12, 20]
    assert [d.zh for d in Die] == ["六面骰", "十面骰", "十二面骰", "二十面骰"]
    assert [c.zh for c in CoinFace] == ["人像", "数字"]
    assert DICE_IN_BOX * (len(Die) + 1) == 15  # 骰子 × 15
    assert faces(Die.D10) == tuple(range(1, 11))


@pytest.mark.parametrize("die", list(Die))
def test_dice_faces_are_uniform(die: Die) -> None:
    n = 1_000 * int(die)
    rng = Rng.from_seed(f"dice-{int(die)}")
    counts = Counter(roll(rng, die) for _ in range(n))
    assert set(counts) == set(faces(die))
    assert chi_square(counts, faces(die), n) < CHI2_999[int(die) - 1]


def test_the_coin_is_fair_and_typed() -> None:
    n = 20_000
    rng = Rng.from_seed("coin")
    throws = [flip(rng) for _ in range(n)]
    assert all(isinstance(t, CoinFace) for t in throws)
    counts = Counter(throws)
    assert chi_square(counts, (CoinFace.HEAD, CoinFace.NUMBER), n) < CHI2_999[1]


def test_dice_same_seed_gives_the_same_throws() -> None:
    def session(seed: str) -> list[object]:
        rng = Rng.from_seed(seed)
        out: list[object] = [flip(rng)]
        out += roll_many(rng, Die.D12, 3)
        out += [roll(rng, d) for d in Die]
        return out + [flip(rng) for _ in range(50)]

    assert session("same") == session("same")
    assert session("same") != session("other")
    # one generator draw per die: the state after roll_many(…, 3) equals three below() calls
    a, b = Rng.from_seed(3), Rng.from_seed(3)
    roll_many(a, Die.D20, 3)
    for _ in range(3):
        b.below(20)
    assert a.state == b.state


def test_bad_counts_and_dice_are_refused() -> None:
    with pytest.raises(ValueError):
        roll_many(Rng.from_seed(1), Die.D6, -1)
    with pytest.raises(ValueError):
        roll(Rng.from_seed(1), 7)  # type: ignore[arg-type]
    assert roll_many(Rng.from_seed(1), Die.D6, 0) == ()
