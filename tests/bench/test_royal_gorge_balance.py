"""bench.royal_gorge_balance (R15, R19): a bot game per ruleset is played to its end, measured (length, gold shipped
per set, the metals' payouts) and reported."""

from __future__ import annotations

from bench.royal_gorge_balance import METALS, play, report


def test_each_ruleset_plays_to_an_end_and_reports_its_metals() -> None:
    for ruleset in ("bga", "18xx"):
        game = play(4, 1, ruleset)
        assert game.sets >= 1 and game.reason in ("final_train", "stock_market", "bankrupt")
        assert len(game.shipped_per_set) == game.sets and len(game.worths) == 4
        assert all(game.per_share[m] for m in METALS), "the metals pay at every set's end"
        lines = report(ruleset, [game])
        assert lines[0] == f"== {ruleset}: 1 games" and any(line.strip().startswith("CF&I") for line in lines)
