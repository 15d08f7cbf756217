"""The Landlord's Game balance study (bench/landlords.py, ruling R24, issue 22): every mix of the field of
strategies is played and reported, the figures land between the document's markers, and the balance document
holds at least 1,000 games of every mix. The figures themselves are printed, never asserted."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import landlords as study

DOC = Path(__file__).parents[2] / "docs" / "landlords-balance.md"


def test_every_mix_is_played_from_its_seeds_and_reported() -> None:
    series = study.run([200], 2, 4, 1)
    assert [s.mix for s in series] == list(study.MIXES)
    assert all(len(s.games) == 2 for s in series)
    assert all(g.reason in ("won", "prosperity", "last", "stopped") for s in series for g in s.games)
    again = study.run([200], 2, 4, 1, mixes=[study.Mix("never-buyer", False)])
    assert again[0].games == series[1].games  # the same seeds, the same games
    lines = study.report(series)
    assert any("the never-buyer wins:" in line for line in lines)
    assert any(line.startswith("wages $200, prosperity: 1 cooperative + 3 default") for line in lines)
    assert lines[-1].startswith("wages meeting both targets:")


def test_the_mixs_own_seat_moves_round_the_table() -> None:
    seats = {seed % 4 for seed in range(1, 5)}
    assert seats == {0, 1, 2, 3}
    shares = [study.play_one(4, seed, {"wages": 200}, "default").share for seed in range(1, 9)]
    assert all(share in (0.0, 0.25, 1.0) for share in shares)


def test_the_figures_are_written_between_the_documents_markers_only(tmp_path: Path) -> None:
    doc = tmp_path / "balance.md"
    doc.write_text(f"# Title\n\n{study.BEGIN}\nold\n{study.END}\n\n## Reading\nours\n", encoding="utf-8")
    study.update(doc, ["the never-buyer wins: 3 %"], "python -m bench.landlords --games 2")
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text and "the never-buyer wins: 3 %" in text and text.endswith("## Reading\nours\n")
    assert "`python -m bench.landlords --games 2`" in text
    (tmp_path / "bare.md").write_text("no block\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        study.update(tmp_path / "bare.md", ["x"], "cmd")
def test_the_balance_document_holds_at_least_1000_games_of_every_mix() -> None:
    """Issue 22: ≥ 1,000 games per strategy mix, for every candidate wage the document reports, with the
    chosen wage (R24) among them and its verdict printed."""
    block = DOC.read_text(encoding="utf-8").split(study.BEGIN)[1].split(study.END)[0]
    headers = [line for line in block.splitlines() if line.startswith("wages $") and " games of 4 players" in line]
    wages = {int(line.split("$")[1].split(",")[0]) for line in headers}
    assert 200 in wages
    for wage in wages:
        for mix in study.MIXES:
            line = next(line for line in headers if line.startswith(f"wages ${wage}, {mix.label}: "))
            assert int(line.rsplit(": ", 1)[1].split()[0]) >= 1000, line
    assert "  $200: never-buyer " in block and "wages meeting both targets:" in block
