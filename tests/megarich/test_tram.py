"""巨富豪∞: the standard move — the landing cone, its odds, the wrap, the cost (docs/rules/megarich-movement.md)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from games.core.hexgrid import DIRECTIONS, ORIGIN, Hex, HexTorus, rotate
from games.core.rng import Rng
from games.megarich import tram
from games.megarich.tram import (
    DARK,
    LIGHT,
    cone,
    landing_odds,
    limit_choices,
    move_cost,
    odds_labels,
    odds_text,
    roll,
    roll_offset,
    tile_odds,
)

BOARD = HexTorus(16, 16)
LIMITS = (1, 2, 3, 4, 5)


def test_the_data_file_holds_the_texts_figures() -> None:
    assert (tram.MOVE_COST, tram.MOVE_HOURS) == (200, 2)
    assert (tram.MOVE_LIMIT, tram.POD_LIMIT, tram.ITCHY_LIMIT) == (3, 5, 1)
    assert (tram.DARK_WEIGHT, tram.LIGHT_WEIGHT) == (15, 8)


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("direction", range(6))
def test_odds_sum_to_exactly_one(direction: int, limit: int) -> None:
    odds = landing_odds(direction, limit)
    assert sum(odds.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in odds.values())


@pytest.mark.parametrize("direction", range(6))
def test_cone_shape_is_a_wedge_toward_the_chosen_side(direction: int) -> None:
    for limit in LIMITS:
        hexes = cone(direction, limit)
        assert len(hexes) == limit**2 == len({h.offset for h in hexes})
        for k in range(1, limit + 1):
            ring = [h for h in hexes if h.distance == k]
            assert len(ring) == 2 * k - 1
            assert all(h.offset.length() == k for h in ring)
        assert ORIGIN not in {h.offset for h in hexes}
        # every hex is strictly inside the 120° wedge: a·D[d] + b·D[d±1] with a ≥ 1
        main, left, right = (DIRECTIONS[(direction + i) % 6] for i in (0, 1, -1))
        wedge = {main.scale(a) + side.scale(b) for a in range(1, limit + 1) for b in range(limit + 1 - a)
                 for side in (left, right)}
        assert {h.offset for h in hexes} == wedge
        # the straight line out along the chosen side is in the cone, the way back is not
        assert all(main.scale(k) in landing_odds(direction, limit) for k in range(1, limit + 1))
        assert all(main.scale(-k) not in landing_odds(direction, limit) for k in range(1, limit + 1))


def test_rule_limit_3_dark_red_15_light_red_8_exactly() -> None:
    """The text: 深红色区块 ≈ 15 %, 浅红色区块 ≈ 8 %. Limit 3: four dark at exactly 15 %, five light at exactly 8 %."""
    for direction in range(6):
        by_shade: dict[str, list[Fraction]] = {DARK: [], LIGHT: []}
        odds = landing_odds(direction, 3)
        for h in cone(direction, 3):
            by_shade[h.shade].append(odds[h.offset])
            assert h.shade == (LIGHT if h.distance == 3 else DARK)
        assert by_shade[DARK] == [Fraction(15, 100)] * 4
        assert by_shade[LIGHT] == [Fraction(8, 100)] * 5
    east = landing_odds(0, 3)
    assert east == {
        Hex(1, 0): Fraction(15, 100),
        Hex(1, 1): Fraction(15, 100), Hex(2, 0): Fraction(15, 100), Hex(2, -1): Fraction(15, 100),
        Hex(1, 2): Fraction(8, 100), Hex(2, 1): Fraction(8, 100), Hex(3, 0): Fraction(8, 100),
        Hex(3, -1): Fraction(8, 100), Hex(3, -2): Fraction(8, 100),
    }


def test_rule_limit_1_is_the_next_hex_and_limit_5_keeps_the_shades_ratio() -> None:
    for direction in range(6):
        assert landing_odds(direction, 1) == {DIRECTIONS[direction]: Fraction(1)}
        five = cone(direction, 5)
        odds = landing_odds(direction, 5)
        dark = [odds[h.offset] for h in five if h.shade == DARK]
        light = [odds[h.offset] for h in five if h.shade == LIGHT]
        assert (len(dark), len(light)) == (16, 9)
        assert set(dark) == {Fraction(15, 312)} and set(light) == {Fraction(8, 312)}
    # a wider limit goes farther on average: 1, 2.25, 3.56 steps
    mean = {n: sum(p * h.length() for h, p in landing_odds(0, n).items()) for n in (1, 3, 5)}
    assert mean == {1: 1, 3: Fraction(9, 4), 5: Fraction(1110, 312)}


@pytest.mark.parametrize("limit", LIMITS)
def test_rotating_the_direction_rotates_the_cone(limit: int) -> None:
    base = landing_odds(0, limit)
    for direction in range(6):
        # DIRECTIONS run counter-clockwise; hexgrid.rotate turns clockwise for positive k
        turned = {rotate(h, -direction): p for h, p in base.items()}
        assert landing_odds(direction, limit) == turned
        assert [c.shade for c in cone(direction, limit)] == [c.shade for c in cone(0, limit)]


def test_bad_directions_and_limits_are_refused() -> None:
    for direction in (-1, 6, True):
        with pytest.raises(ValueError):
            landing_odds(direction, 3)
    for limit in (0, -3, False):
        with pytest.raises(ValueError):
            landing_odds(0, limit)


def test_rule_roll_matches_15_and_8_percent_over_20000_throws() -> None:
    """20,000 seeded throws toward each of two sides. Tolerance: 4 binomial standard deviations per hex,
    √(p(1−p)/n) — ±1.01 points at 15 %, ±0.77 at 8 %. A fair sampler misses one of the nine hexes with chance
    ≈ 9 × 6.3e-5 ≈ 0.06 % per seed; the seed is fixed, so the test is deterministic, and a wrong weight (say 14 %
    instead of 15 %) is 4σ off and caught."""
    n = 20_000
    for direction in (0, 3):
        rng = Rng.from_seed(f"tram-sampling-{direction}")
        counts = Counter(roll_offset(rng, direction, 3) for _ in range(n))
        odds = landing_odds(direction, 3)
        assert set(counts) == set(odds)
        for offset, p in odds.items():
            sigma = math.sqrt(float(p) * (1 - float(p)) / n)
            assert abs(counts[offset] / n - float(p)) < 4 * sigma, (offset, counts[offset])
        # and the shades as a whole: dark 60 %, light 40 %
        dark = sum(counts[h.offset] for h in cone(direction, 3) if h.shade == DARK) / n
        assert abs(dark - 0.60) < 4 * math.sqrt(0.6 * 0.4 / n)


def test_rule_wrap_on_a_16_by_16_torus_lands_on_valid_tiles() -> None:
    tiles = set(BOARD.tiles())
    corner, edge = BOARD.hex_at(15, 15), BOARD.hex_at(0, 7)
    for start in (corner, edge, BOARD.hex_at(8, 8), BOARD.hex_at(0, 0)):
        for direction in range(6):
            for limit in (1, 3, 5):
                odds = tile_odds(start, direction, limit, BOARD)
                # the cone never folds onto itself on the 16 × 16 board: limit² distinct tiles, same odds
                assert len(odds) == limit**2 and sum(odds.values()) == 1
                assert set(odds) <= tiles and start not in odds
                assert sorted(odds.values()) == sorted(landing_odds(direction, limit).values())
                for tile in odds:
                    assert 1 <= BOARD.distance(start, tile) <= limit
    # across the east edge: from column 15 going east, the tram lands in columns 0–2 of nearby rows
    odds = tile_odds(BOARD.hex_at(15, 8), 0, 3, BOARD)
    assert {BOARD.cell(t)[0] for t in odds} <= {0, 1, 2} and BOARD.hex_at(2, 8) in odds
    # across the top edge going north-west from row 0: rows 13–15 at the bottom
    odds = tile_odds(BOARD.hex_at(5, 0), 2, 3, BOARD)
    assert {BOARD.cell(t)[1] for t in odds} == {13, 14, 15}
    rng = Rng.from_seed("wrap")
    for _ in range(2_000):
        start = BOARD.hex_at(rng.below(16), rng.below(16))
        direction, limit = rng.below(6), rng.choice((1, 3, 5))
        landed = roll(rng, start, direction, limit, BOARD)
        assert landed in tiles and landed in tile_odds(start, direction, limit, BOARD)


def test_a_small_torus_adds_up_the_odds_of_tiles_the_cone_folds_onto() -> None:
    small = HexTorus(3, 4)
    for direction in range(6):
        odds = tile_odds(small.hex_at(0, 0), direction, 5, small)
        assert sum(odds.values()) == 1 and len(odds) < 25
        assert set(odds) <= set(small.tiles())


def test_tram_same_seed_gives_the_same_throws() -> None:
    def throws(seed: str) -> list[Hex]:
        rng = Rng.from_seed(seed)
        return [roll(rng, BOARD.hex_at(15, 0), i % 6, (1, 3, 5)[i % 3], BOARD) for i in range(300)]

    assert throws("same") == throws("same")
    assert throws("same") != throws("other")
    # one draw per throw: the generator's state after a throw is its state after one below()
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    roll_offset(a, 0, 3)
    b.below(100)
    assert a.state == b.state


def test_rule_cost_200_free_when_funds_are_short() -> None:
    """Footnote 3: 所持资金不足时无需支付 — funds below 200 move free; 200 or more pay 200."""
    assert move_cost(1_500) == 200
    assert move_cost(200) == 200
    assert move_cost(199) == 0
    assert move_cost(0) == 0
    assert move_cost(-350) == 0


def test_rule_limit_choices_pod_locomotive_and_itchy_card() -> None:
    assert limit_choices() == (3,)
    assert limit_choices(pod_locomotive=True) == (3, 5)
    assert limit_choices(itchy=True) == (1,)
    assert limit_choices(pod_locomotive=True, itchy=True) == (1,)


def test_the_ui_text_shows_the_odds_per_hex() -> None:
    assert odds_labels(0, 3)[Hex(1, 0)] == "15%" and odds_labels(0, 3)[Hex(3, 0)] == "8%"
    assert set(odds_labels(0, 5).values()) == {"4.8%", "2.6%"}
    assert odds_text(0, 1) == "@    100%"
    assert odds_text(0, 3) == (
        "·     ·     8%\n"
        "   ·    15%*   8%\n"
        "@    15%*  15%*   8%\n"
        "   ·    15%*   8%\n"
        "·     ·     8%"
    )
    for direction in range(6):
        for limit in (1, 3, 5):
            text = odds_text(direction, limit)
            assert text.count("@") == 1
            assert text.count("%") == limit**2
            assert text.count("*") == (limit - 1) ** 2
