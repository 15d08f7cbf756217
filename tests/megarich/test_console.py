"""``tabula play megarich --players 4 --bots 4 --seed 1 --out DIR``: four bots play all three phases to a winner in
the console, in English and in Chinese, writing the phases' board images, the result and the battle's replay (an
APNG or GIF within the upload limit)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from render.animation import DISCORD_UPLOAD_LIMIT
from render.megarich_battle import ANIMATION_BYTES

ROOT = Path(__file__).parents[2]

#: What the console prints once the game is over, and at the design phase and the battle, by language.
SAID = {
    "en": ("The game is over.", "every player now designs a wonder", "the bidding battle is fought"),
    "zh": ("游戏结束", "奇观揭晓", "竞标大乱斗开打"),
}


def tabula(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABULA_DATABASE_URL=f"sqlite:///{tmp_path / 'cli.db'}", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=300, check=False)


def opened(path: Path) -> Image.Image:
    image = Image.open(path)
    image.load()
    assert image.format == "PNG", f"{path.name} is no PNG"
    return image


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_four_bots_play_all_three_phases_to_a_winner_with_images_and_the_replay(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "megarich"
    done = tabula("play", "megarich", "--players", "4", "--bots", "4", "--seed", "1", "--out", str(out),
                  "--lang", lang, tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    over, design, battle = SAID[lang]
    assert over in done.stdout and design in done.stdout and battle in done.stdout, done.stdout[-2000:]
    boards = sorted(out.glob("board-0*.png"))
    sizes = {opened(b).size for b in boards}
    # the gathering map, the design phase's board and the bidding result are three different pictures
    assert len(boards) >= 3 and len(sizes) >= 3, sizes
    result = opened(out / "result.png")
    assert result.width >= 1000 and result.height >= 400
    replays = sorted(out.glob("animation-*"))
    assert len(replays) == 1 and replays[0].suffix in {".png", ".gif"}
    assert replays[0].stat().st_size <= ANIMATION_BYTES <= DISCORD_UPLOAD_LIMIT
    with Image.open(replays[0]) as replay:
        assert replay.is_animated and replay.n_frames > 2
