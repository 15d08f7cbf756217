"""The local console table and the `tabula` command, as a person would use them."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.console import LOCAL_USER, start_local_table
from service import TableService
from storage.repository import Repository

ROOT = Path(__file__).parents[2]


def tabula(*args: str, tmp_path: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, TABULA_DATABASE_URL=f"sqlite:///{tmp_path / 'cli.db'}", PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=240, check=False)


def test_games_lists_every_title(tmp_path: Path) -> None:
    done = tabula("games", tmp_path=tmp_path)
    assert done.returncode == 0
    assert "wonderful-world" in done.stdout and "美丽新世界" in done.stdout


def test_bots_play_a_whole_game_unattended_with_chinese_images(tmp_path: Path) -> None:
    out = tmp_path / "boards"
    done = tabula("play", "wonderful-world", "--players", "4", "--bots", "4", "--seed", "1",
                  "--out", str(out), "--lang", "zh", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "游戏结束" in done.stdout
    assert "1. " in done.stdout  # the final ranking
    boards = sorted(out.glob("board-0*.png"))
    assert boards and (out / "result.png").exists()
    with Image.open(boards[-1]) as image:
        assert image.width >= 800 and image.height >= 400


def test_landlords_bots_play_to_a_result_with_images(tmp_path: Path) -> None:
    out = tmp_path / "landlords"
    done = tabula("play", "landlords", "--players", "4", "--bots", "4", "--seed", "1", "--out", str(out),
                  tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "The game is over." in done.stdout and "1. " in done.stdout
    assert sorted(out.glob("board-0*.png")) and (out / "result.png").exists()


def test_three_kingdoms_bots_play_to_a_result_with_chinese_images(tmp_path: Path) -> None:
    out = tmp_path / "three-kingdoms"
    done = tabula("play", "three-kingdoms", "--players", "3", "--bots", "3", "--seed", "1", "--out", str(out),
                  "--lang", "zh", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "游戏结束" in done.stdout and "1. " in done.stdout
    assert "打出" in done.stdout and "建设" in done.stdout  # the log reads in Chinese
    assert "分数轨" in done.stdout and "track" not in done.stdout  # and so do the score parts
    assert sorted(out.glob("board-0*.png")) and (out / "result.png").exists()


def test_royal_gorge_bots_play_to_a_result_ranked_by_net_worth(tmp_path: Path) -> None:
    out = tmp_path / "royal-gorge"
    done = tabula("play", "royal-gorge", "--players", "4", "--bots", "4", "--seed", "1", "--out", str(out),
                  tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "The game is over." in done.stdout and "1. " in done.stdout
    assert "cash " in done.stdout and "shares " in done.stdout  # net worth in its parts
    assert sorted(out.glob("board-0*.png")) and (out / "result.png").exists()


def test_play_writes_its_images_to_tabula_out_dir(tmp_path: Path) -> None:
    """Issue 25 §4: ``tabula play`` without ``--out`` honours ``TABULA_OUT_DIR`` (it drew nothing)."""
    out = tmp_path / "from-env"
    env = dict(os.environ, TABULA_DATABASE_URL=f"sqlite:///{tmp_path / 'env.db'}", PYTHONPATH=str(ROOT),
               TABULA_OUT_DIR=str(out))
    done = subprocess.run([sys.executable, "-m", "bot.cli", "play", "wonderful-world",
                           "--players", "2", "--bots", "2", "--seed", "1"], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(out.glob("board-0*.png")) and (out / "result.png").exists()


def test_run_without_a_token_plays_on_when_images_cannot_be_written(tmp_path: Path) -> None:
    """The container's case (issue 13 §6): ``tabula run`` with no token opens the console; an image
    folder it cannot write to is reported and the game goes on, instead of a PermissionError."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = dict(os.environ, TABULA_DATABASE_URL=f"sqlite:///{tmp_path / 'run.db'}", PYTHONPATH=str(ROOT),
               TABULA_OUT_DIR=str(blocker / "out"))
    env.pop("DISCORD_TOKEN", None)
    done = subprocess.run([sys.executable, "-m", "bot.cli", "run"], input="quit\n", capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Cannot write board images" in done.stderr and "Traceback" not in done.stderr
    assert "tabula resume" in done.stdout  # the table was opened and kept


def test_unknown_game_is_refused_clearly(tmp_path: Path) -> None:
    done = tabula("play", "chess", tmp_path=tmp_path)
    assert done.returncode != 0
    assert "unknown game" in done.stdout + done.stderr


def test_console_accepts_moves_refuses_garbage_and_changes_nothing(repo: Repository, tmp_path: Path) -> None:
    service = TableService(repo)
    out = io.StringIO()
    script = iter(["help", "moves", "fly to the moon", "build 99999"])
    seen_versions: list[int] = []

    def read(prompt: str) -> str:
        tables = repo.list_tables()
        table = tables[0]
        seen_versions.append(table.version)
        line = next(script, None)
        if line is not None:
            return line
        loaded = service.load(table.id)
        seat = loaded.seat_of(LOCAL_USER)[0]
        return str(loaded.game.legal_moves(loaded.state, seat)[0])

    code = start_local_table(service, "wonderful-world", players=2, bots=1, seed=3, lang="en", out=None,
                             read=read, write=out)
    text = out.getvalue()
    assert code == 0
    assert "Type a move" in text                      # help
    assert "“fly to the moon” is not a move you can make now" in text  # refused in words
    assert "That move is not part of the draft phase." in text  # well-formed, wrong phase
    assert seen_versions[:5] == [seen_versions[0]] * 5  # nothing changed until a real move
    assert "The game is over." in text
    table = repo.list_tables()[0]
    assert table.status == "finished"
    # the player is "You", and lines about them read in the second person (issue 10 §14)
    assert "You slate" in text or "You recycle" in text
    for wrong in ("You slates", "You recycles", "You is ", "You has ", "You's "):
        assert wrong not in text, wrong


def test_quitting_keeps_the_table_and_resume_finishes_it(repo: Repository) -> None:
    from bot.console import ConsoleTable

    service = TableService(repo, bot_moves_per_commit=1)
    out = io.StringIO()
    code = start_local_table(service, "wonderful-world", players=3, bots=2, seed=9, lang="zh", out=None,
                             read=lambda prompt: "quit", write=out)
    assert code == 0 and "tabula resume" in out.getvalue()
    table = repo.list_tables()[0]
    assert table.status == "active"

    def read(prompt: str) -> str:
        loaded = service.load(table.id)
        return str(loaded.game.legal_moves(loaded.state, 0)[-1])

    assert ConsoleTable(service, table.id, lang="zh", read=read, write=out).run() == 0
    assert repo.get_table(table.id).status == "finished"
    assert "游戏结束" in out.getvalue()
