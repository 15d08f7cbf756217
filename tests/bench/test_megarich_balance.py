"""The Megarich∞ balance study (bench/megarich.py): its games end, its field is fair to every strategy, and its
strategies play what they say they play. The figures themselves are printed, never asserted."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bench import megarich as study
from games.core import Rng
from games.megarich import GAME
from games.megarich import gathering as g
from games.megarich.moves import Buy, Explore, Gather, Upgrade
from games.megarich.state import NOBODY


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_game_of_the_field_ends_in_the_battle(players: int) -> None:
    played = study.run(3, players, 1, field_study=True, first_seed=players)
    assert [p.ended.split(",")[0] for p in played] == ["battle"] * 3
    assert all(1 in p.ranks for p in played)  # a winner every game
    figures = study.report_field(played, players)
    assert set(figures.by_strategy) == set(study.STRATEGIES)


def test_the_field_seats_every_strategy_equally_often() -> None:
    seen: Counter[str] = Counter()
    for seed in range(100):
        seen.update(study._field(4, seed))
    assert set(seen.values()) == {80}


@pytest.mark.parametrize("name", ["gatherer", "hoarder"])
def test_the_stay_at_home_strategies_never_explore_or_shop_and_the_hoarder_never_pays(name: str) -> None:
    state = GAME.setup(4, {}, 7)
    rng = Rng.from_seed("habits")
    chosen = Counter[str]()
    while not GAME.is_over(state):
        seat = sorted(GAME.to_act(state))[0]
        move = study.STRATEGIES[name](state, seat, rng)
        if state.phase == "gathering":
            assert not isinstance(move, Explore | Buy), move
            if name == "hoarder" and isinstance(move, Gather | Upgrade):
                gs = state.gather
                payee = g.terms(gs, seat, gs.layout.tile_at(gs.seats[seat].cell)).payee
                assert payee in (None, NOBODY, seat)
            chosen[type(move).__name__] += 1
        state = GAME.apply(state, seat, move).state
    assert chosen["Gather"] + chosen["Upgrade"] > 0


def test_the_explorer_explores() -> None:
    played = study.play_one(4, 3, ("explorer",) * 4)
    assert played.ended.startswith("battle")
    state = GAME.setup(4, {}, 3)
    rng = Rng.from_seed("explorer")
    explored = 0
    for _ in range(60):
        seat = sorted(GAME.to_act(state))[0]
        move = study.STRATEGIES["explorer"](state, seat, rng)
        explored += isinstance(move, Explore)
        state = GAME.apply(state, seat, move).state
    assert explored > 0


def test_the_figures_are_written_between_the_documents_markers_only(tmp_path: Path) -> None:
    doc = tmp_path / "balance.md"
    doc.write_text(f"# Title\n\n{study.BEGIN}\nold\n{study.END}\n\n## Reading\nours\n", encoding="utf-8")
    study.update(doc, ["seat 1: 50 %"], "python -m bench.megarich --games 2")
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text and "seat 1: 50 %" in text and text.endswith("## Reading\nours\n")
    assert "`python -m bench.megarich --games 2`" in text
    (tmp_path / "bare.md").write_text("no block\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        study.update(tmp_path / "bare.md", ["x"], "cmd")


def test_the_balance_document_holds_the_studys_figures() -> None:
    text = (Path(__file__).parents[2] / "docs" / "megarich-balance.md").read_text(encoding="utf-8")
    block = text.split(study.BEGIN)[1].split(study.END)[0]
    for players in (2, 3, 4, 5, 6):  # at least the 1,000 games a study
        for study_name in (f"games of {players} default bots", f"games of {players} seats drawn from the field"):
            line = next(line for line in block.splitlines() if study_name in line)
            assert int(line.split("Megarich∞, ")[1].split()[0]) >= 1000, line
