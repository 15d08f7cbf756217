"""The engine side of ``tabula import-18xx`` (games/royal_gorge/importer.py): the setup read from a record,
18xx.games' draw from the seed, and the moves only an import plays ("as recorded")."""

from __future__ import annotations

import pytest

from games.core import GameError
from games.royal_gorge import importer as I
from games.royal_gorge import records as R
from games.royal_gorge.game import GAME
from games.royal_gorge.moves import RecordedRun, RecordedSell, RecordedShip, Run, Sell, Ship

from .fixtures import NAMES, needs_records, oracle, record


@needs_records
@pytest.mark.parametrize("name", NAMES)
def test_the_seed_draws_what_18xx_games_drew(name: str) -> None:
    """18xx.games' LCG and ``sort_by { rand }`` reproduce the railroads and privates of every record."""
    railroads, privates = I.seed_draw(record(name).seed)
    setup = oracle(name).setup
    assert railroads == setup.railroads
    assert sorted(privates) == sorted(p.id for p in setup.privates)


@needs_records
@pytest.mark.parametrize("name", NAMES)
def test_the_setup_read_from_the_record_is_the_oracles(name: str) -> None:
    found = I.read_setup(record(name))
    setup = oracle(name).setup
    assert found.ids == setup.player_order and found.names == [setup.player_names[i] for i in setup.player_order]
    assert found.railroads == setup.railroads and found.privates == [p.id for p in setup.privates]
    assert found.options["ruleset"] == "18xx"
    assert found.options["shorter_game_end"] == ("shorter_game_end" in record(name).optional_rules)


@needs_records
def test_what_the_actions_name_may_leave_out_a_railroad_and_a_private() -> None:
    railroads, privates = I.named_in(record("18RoyalGorge_game_end_stock_market"))
    assert railroads == {"RG", "PAV", "SF", "CM"}  # S never acts
    assert privates == {"Y3", "G6", "G3", "B6"}  # nobody bid on Y2


def test_a_record_of_another_title_or_table_size_is_refused() -> None:
    def fake(title: str, players: int) -> R.Record:
        return R.Record(game_id=1, title=title, seed=1, optional_rules=[], player_order=None,
                        players=[R.RecordPlayer(i, f"P{i}") for i in range(players)], result={},
                        game_end_reason=None, status=None, actions=[])

    with pytest.raises(I.SetupError, match="not of 18RoyalGorge"):
        I.read_setup(fake("1830", 3))
    with pytest.raises(I.SetupError, match="5 players"):
        I.read_setup(fake("18RoyalGorge", 5))
    setup = I.read_setup(fake("18RoyalGorge", 2))  # nothing named: the seed's draw stands
    assert (setup.railroads, setup.privates) == tuple(I.seed_draw(1))


def test_moves_taken_as_recorded_cannot_be_typed() -> None:
    """Only an import plays them: their notation says what they are and the grammar refuses it."""
    state = GAME.setup(2, {"ruleset": "18xx"}, seed=1)
    seat = min(GAME.to_act(state))
    for move in (RecordedRun(((("2+", ("L14", "M15")),)), (60,)), RecordedShip("L12"), RecordedSell("CF&I", 3, 1)):
        assert "as recorded" in str(move)
        assert isinstance(move, Run | Ship | Sell)
        with pytest.raises(GameError):
            GAME.parse(state, seat, str(move))
        assert GAME.decode_move(GAME.encode_move(move)) == move


@needs_records
def test_a_recorded_run_earns_its_recorded_revenue_and_a_recorded_ship_needs_no_gold() -> None:
    """endgame_shorter i=123/124: SF runs through Eden (L12) and ships gold there, where our map has none."""
    name = "endgame_shorter_triggered_on_buy"
    done = I.replay(record(name), I.read_setup(record(name)), until=124)
    assert done.failure is None
    state, ids = done.state, done.setup.ids
    seat = I.seat_of(state, ids, "SF")
    with pytest.raises(GameError):
        GAME.apply(state, seat, "ship l12")
    before = state.gold_shipped
    shipped = GAME.apply(state, seat, RecordedShip("L12")).state
    assert shipped.gold_shipped == before + 1 and "L12" not in shipped.gold_cubes
    assert [e.kind for e in GAME.apply(state, seat, RecordedShip("L12")).events].count("shipped") == 1


@needs_records
def test_the_replay_notes_every_action_taken_as_recorded() -> None:
    name = "18RoyalGorge_game_end_stock_market"
    done = I.replay(record(name), I.read_setup(record(name)), oracle(name))
    assert done.failure is None and done.checked == done.kept == 252
    assert [index for index, _ in done.notes if index >= 0] == [133, 150, 175]
    kinds = [type(move).__name__ for _, move in done.moves if "as recorded" in str(move)]
    assert kinds == ["RecordedRun", "RecordedSell", "RecordedRun"]
