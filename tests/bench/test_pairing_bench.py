"""``tabula bench pairing`` (issue 23 §2) runs with tiny sizes and prints both seatings."""

from __future__ import annotations

from typer.testing import CliRunner

from bench.pairing import run
from bot.cli import app


def test_the_pairing_bench_prints_swiss_and_random() -> None:
    result = CliRunner().invoke(app, ["bench", "pairing", "--rounds", "6", "--players", "7", "--season", "3"])
    assert result.exit_code == 0, result.output
    assert "swiss" in result.output and "random" in result.output and "repeat-opponent" in result.output


def test_swiss_seating_spreads_ratings_less_than_random_over_a_few_seasons() -> None:
    swiss, chance = run(60, 12, 3, 4, 3, seed=1)
    assert len(swiss.spreads) == len(chance.spreads) == 60
    assert sum(swiss.spreads) < sum(chance.spreads)
    assert swiss.repeats / swiss.pairs < chance.repeats / chance.pairs
