"""``tabula import-18xx``: 18xx.games records of 18 Royal Gorge replayed and stored as ordinary tables.

The five records in ``shared/fixtures/18RoyalGorge`` each import and print their recorded result (every
player's net worth and the end reason), with and without the oracle; broken records are reported at the first
action that cannot be taken (its index, the action as recorded, our notation, the refusal); the stored table
loads, exports and replays to the same state, and is played on with ``tabula resume``. Modified records are
written to ``tmp_path``; nothing is copied into the project.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from bench.shared import shared_dir
from bot.cli import app
from bot.console import resume_local_table
from service import TableService

SHARED = shared_dir()
RECORDS = SHARED / "fixtures" / "18RoyalGorge"
ORACLES = SHARED / "fixtures" / "18RoyalGorge-oracle"
NAMES = ["18RoyalGorge_game_end_bankrupt", "18RoyalGorge_game_end_stock_market", "endgame_shorter_triggered_on_buy",
         "endgame_triggered_on_buy", "post_boston"]

pytestmark = pytest.mark.skipif(not RECORDS.is_dir() or not ORACLES.is_dir(),
                                reason=f"18xx fixtures not found under {SHARED}")

WORTH = re.compile(r"^  (?P<name>\S.*?)  \$(?P<worth>\d+)", re.MULTILINE)
END = re.compile(r"^End: (?P<reason>\S+) ", re.MULTILINE)
TABLE = re.compile(r"^Stored as table (?P<table>\d+)", re.MULTILINE)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('import') / 'tabula.db'}"


def record_path(name: str) -> Path:
    return RECORDS / f"{name}.json"


def oracle_path(name: str) -> Path:
    return ORACLES / f"{name}.oracle.json"


def raw(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record_path(name).read_text())
    return data


def written(tmp_path: Path, data: dict[str, Any], name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def run(db: str, *args: str | Path) -> Result:
    return CliRunner().invoke(app, ["import-18xx", *map(str, args), "--database-url", db])


def printed_result(output: str) -> tuple[dict[str, int], str | None]:
    """Net worth by player name and the end reason, as the command printed them."""
    worth = {m["name"]: int(m["worth"]) for m in WORTH.finditer(output.split("net worth", 1)[-1])}
    end = END.search(output)
    return worth, end["reason"] if end else None


def recorded_result(data: dict[str, Any]) -> tuple[dict[str, int], str]:
    names = {str(p["id"]): p["name"] for p in data["players"]}
    return {names[pid]: worth for pid, worth in data["result"].items()}, data["game_end_reason"]


def table_of(output: str) -> int:
    found = TABLE.search(output)
    assert found, output
    return int(found["table"])


@pytest.mark.parametrize("with_oracle", [False, True], ids=["record", "oracle"])
@pytest.mark.parametrize("name", NAMES)
def test_each_record_imports_and_prints_its_recorded_result(db: str, name: str, with_oracle: bool) -> None:
    args: list[str | Path] = [record_path(name)] + (["--oracle", oracle_path(name)] if with_oracle else [])
    result = run(db, *args)
    assert result.exit_code == 0, result.output
    assert printed_result(result.output) == recorded_result(raw(name))
    assert "Final net worth:" in result.output and "(finished)" in result.output
    if with_oracle:
        assert "each checked against the oracle" in result.output


def test_the_imported_table_loads_and_its_export_replays_to_the_same_state(db: str) -> None:
    """stock_market holds all three kinds of action taken as recorded (a run our rules refuse, a run they score
    otherwise, a sale paid for less than it moved): they are stored typed and replay like any move."""
    result = run(db, record_path("18RoyalGorge_game_end_stock_market"))
    assert result.exit_code == 0, result.output
    assert result.output.count("taken as recorded") == 3
    service = TableService.open(db)
    table = table_of(result.output)
    loaded = service.load(table)
    game = loaded.game
    assert [s.name for s in loaded.seats] == ["Player 1", "Player 2"]
    exported = service.export(table)
    assert exported["status"] == "finished" and exported["options"]["ruleset"] == "18xx"
    assert game.dumps(service.replay_export(exported)) == game.dumps(loaded.state)
    notations = [a["move"] for a in exported["actions"] if a["kind"] == "move"]
    assert any(n.startswith("run 3+ k1-k3-k5") and "(as recorded: $180 + $170)" in n for n in notations)
    assert "sell cfi 3 (as recorded: paid for 1)" in notations
    outcome = loaded.outcome
    assert outcome is not None and [s.score for s in sorted(outcome.standings, key=lambda s: s.seat)] == [4980, 3635]


def test_an_import_stopped_early_is_played_on_with_tabula_resume(db: str) -> None:
    result = run(db, record_path("post_boston"), "--until", "60")
    assert result.exit_code == 0, result.output
    assert "Stopped before action 60, as asked." in result.output and "Net worth so far:" in result.output
    table = table_of(result.output)
    assert f"tabula resume {table}" in result.output
    service = TableService.open(db)
    before = service.load(table)
    acting = min(before.game.to_act(before.state))
    assert before.seats[acting].name == "Player 3"  # RG's president: the record's names are the seats
    script = iter(["pass", "quit"])
    out = io.StringIO()
    assert resume_local_table(service, table, lang=None, out=None, read=lambda prompt: next(script), write=out) == 0
    after = service.load(table)
    assert after.last_seq > before.last_seq, out.getvalue()
    assert "done with this step (track)" in out.getvalue()


def test_a_corrupted_action_is_reported_with_its_index_json_notation_and_refusal(db: str, tmp_path: Path) -> None:
    data = raw("post_boston")
    data["actions"][3]["price"] = 5000  # bid y3 50 → more than the bidder has
    result = run(db, written(tmp_path, data))
    assert result.exit_code == 1, result.output
    assert "! Could not take action 3: " in result.output
    assert '"price": 5000' in result.output and "ours:   bid y3 5000" in result.output
    assert "Replayed 3 of the record's 121 kept actions" in result.output
    table = table_of(result.output)
    assert f"tabula resume {table}" in result.output  # the game up to there is stored, playable on


def test_an_action_of_an_unknown_type_is_reported(db: str, tmp_path: Path) -> None:
    data = raw("post_boston")
    data["actions"][7]["type"] = "teleport"
    result = run(db, written(tmp_path, data))
    assert result.exit_code == 1, result.output
    assert "! Could not take action 7: an action this replay cannot read (unknown action type)" in result.output
    assert '"type": "teleport"' in result.output


def test_a_truncated_record_replays_what_it_has_and_stays_playable(db: str, tmp_path: Path) -> None:
    data = raw("18RoyalGorge_game_end_bankrupt")
    data["actions"] = data["actions"][:140]
    result = run(db, written(tmp_path, data))
    assert result.exit_code == 0, result.output
    assert "Net worth so far:" in result.output and "Final net worth" not in result.output
    assert "play on with `tabula resume" in result.output
    assert TableService.open(db).load(table_of(result.output)).table.status == "active"


def test_a_record_cut_right_after_an_action_18xx_games_rejects_stops_there(db: str, tmp_path: Path) -> None:
    """bankrupt i=149: KP's station in F12, which today's 18xx.games refuses too ("no token slots available");
    the players undid it at i=150. Cut before that undo, it stands, and the import stops at it."""
    data = raw("18RoyalGorge_game_end_bankrupt")
    data["actions"] = data["actions"][:150]
    result = run(db, written(tmp_path, data))
    assert result.exit_code == 1, result.output
    assert "! Could not take action 149: The railroad cannot place a station in F12." in result.output
    assert '"type": "place_token"' in result.output and "ours:   token f12" in result.output


def test_a_file_cut_short_is_not_read(db: str, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(record_path("post_boston").read_text()[:5000])
    result = run(db, path)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("! cut.json: ")
    assert "Stored as table" not in result.output


def test_a_record_whose_undo_names_a_missing_action_is_reported(db: str, tmp_path: Path) -> None:
    data = raw("18RoyalGorge_game_end_bankrupt")
    undo = next(a for a in data["actions"] if a["type"] == "undo" and "action_id" in a)
    undo["action_id"] = 999_999
    result = run(db, written(tmp_path, data))
    assert result.exit_code == 1, result.output
    assert "the record's undo/redo cannot be followed" in result.output and "999999" in result.output


def test_with_the_oracle_the_first_divergence_names_the_action_the_field_and_both_values(
        db: str, tmp_path: Path) -> None:
    oracle = json.loads(oracle_path("post_boston").read_text())
    for step in oracle["steps"][40:]:  # from i=40 on, 18xx.games "says" player 306 has $1 more
        for player in step["state"]["players"]:
            if player["id"] == 306:
                player["cash"] += 1
    result = run(db, record_path("post_boston"), "--oracle", written(tmp_path, oracle, "oracle.json"))
    assert result.exit_code == 1, result.output
    assert "! Diverged from 18xx.games after action 40: players.306.cash: ours " in result.output
    values = re.search(r"players\.306\.cash: ours (\d+), 18xx\.games (\d+)", result.output)
    assert values is not None and int(values[2]) == int(values[1]) + 1
    shown = result.output.split("  action: ", 1)[1].split("\n")[0]
    assert json.loads(shown) == raw("post_boston")["actions"][40]  # the action as recorded
    assert "\n  ours:   " in result.output


def test_strict_refuses_what_only_18xx_games_loading_accepts(db: str) -> None:
    result = run(db, record_path("18RoyalGorge_game_end_stock_market"), "--strict")
    assert result.exit_code == 1, result.output
    assert "! Could not take action 133: That run is not allowed" in result.output
    assert "ours:   run 3+ k1-k3-k5-j6-i7" in result.output


def test_a_record_that_cannot_tell_its_setup_says_so_and_takes_the_options_or_the_oracle(
        db: str, tmp_path: Path) -> None:
    """stock_market's actions never name the S railroad nor the Y2 private; with a seed whose draw does not
    agree with what they do name (as for a record from an older card list) the record cannot tell."""
    data = raw("18RoyalGorge_game_end_stock_market")
    data["settings"]["seed"] = 1
    path = written(tmp_path, data)
    result = run(db, path)
    assert result.exit_code == 2, result.output
    assert "the record does not say which railroads are in play: its actions name CM, PAV, RG, SF" in result.output
    assert "--oracle FILE" in result.output and "--railroads" in result.output
    named = run(db, path, "--railroads", "rg,pav,sf,cm,s", "--privates", "y3,y2,g6,g3,b6")
    assert named.exit_code == 0, named.output
    assert printed_result(named.output) == recorded_result(data)
    assert "railroads: RG, PAV, SF, CM, S, as given" in named.output
    oracle = json.loads(oracle_path("18RoyalGorge_game_end_stock_market").read_text())
    oracle["setup"]["seed"] = 1
    checked = run(db, path, "--oracle", written(tmp_path, oracle, "oracle.json"))
    assert checked.exit_code == 0, checked.output
    assert "privates: Y3, Y2, G6, G3, B6, from the oracle" in checked.output
    wrong = run(db, path, "--railroads", "rg,sf,kp,no,fcc", "--privates", "y3,y2,g6,g3,b6")
    assert wrong.exit_code == 2 and "leave out CM, PAV" in wrong.output, wrong.output


def test_out_writes_the_final_board_image(db: str, tmp_path: Path) -> None:
    result = run(db, record_path("post_boston"), "--out", tmp_path / "images")
    assert result.exit_code == 0, result.output
    images = sorted(p.name for p in (tmp_path / "images").iterdir())
    table = table_of(result.output)
    assert images == [f"table-{table}-board.png", f"table-{table}-result.png"]
    assert (tmp_path / "images" / images[0]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
