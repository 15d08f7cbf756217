"""``tabula play hexlay``: bots play Tile Lay to a result in the console, with board images."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

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
