"""``tabula play hexlay``: bots play Tile Lay to a result in the console, with board images."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.console import start_local_table
from service import TableService
from storage.repository import Repository

ROOT = Path(__file__).parents[2]


def tabula(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABULA_DATABASE_URL=f"sqlite:///{tmp_path / 'cli.db'}", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=240, check=False)


def test_bots_play_tile_lay_to_a_result_with_images(tmp_path: Path) -> None:
    out = tmp_path / "hexlay"
    done = tabula("play", "hexlay", "--players", "2", "--bots", "2", "--seed", "1", "--out", str(out),
                  tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "The game is over." in done.stdout and "1. " in done.stdout and "2. " in done.stdout
    assert " lays " in done.stdout and "links" in done.stdout
    boards = sorted(out.glob("board-0*.png"))
    assert boards and (out / "result.png").exists()
    with Image.open(boards[-1]) as image:
        assert image.width >= 1000 and image.height >= 600


def test_moves_in_the_console_offers_words_not_ten_thousand_lines(repo: Repository) -> None:
    """`moves` lists completions (a screenful), `moves lay c` narrows them; nothing lists every lay."""
    out = io.StringIO()
    script = iter(["moves", "moves lay c", "quit"])
    start_local_table(TableService(repo), "hexlay", players=2, bots=1, seed=3, lang="en", out=None,
                      read=lambda prompt: next(script), write=out)
    text = out.getvalue()
    lines = [line for line in text.splitlines() if line.startswith("  ")]
    assert len(lines) < 80
    assert "lay …" in text and "moves in all" in text
    assert "lay c" in text
