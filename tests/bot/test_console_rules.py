"""Issue 10 §8 in the console: ``rules`` (or ``规则``) names the title's rules reference in the
reader's language — the Chinese one for a Chinese console, the English one otherwise — and
``help`` mentions it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.console import start_local_table
from games.registry import get_game
from service import TableService

ROOT = Path(__file__).parents[2]


def play(service: TableService, game: str, lang: str, lines: list[str]) -> str:
    """Type ``lines`` at a fresh two-seat table (one bot), then quit; what the console printed."""
    out = io.StringIO()
    script = iter([*lines, "quit"])
    code = start_local_table(service, game, players=2, bots=1, seed=1, lang=lang, out=None,
                             read=lambda prompt: next(script), write=out)
    assert code == 0
    return out.getvalue()


def named_file(text: str, marker: str) -> Path:
    """The path printed after ``marker`` on the line that has it."""
    found = re.search(rf"{re.escape(marker)}(\S+)", text)
    assert found, text
    return Path(found[1])


@pytest.mark.parametrize("game", ["landlords", "wonderful-world", "three-kingdoms", "royal-gorge"])
def test_rules_names_the_chinese_reference_to_a_chinese_reader(service: TableService, game: str) -> None:
    meta = get_game(game).meta
    text = play(service, game, "zh", ["规则"])
    path = named_file(text, "规则参考：")
    assert path == ROOT / meta.reference("zh") and path.is_file()
    assert path.parent.name == "zh" and path.name == Path(meta.rules_reference).name
    assert meta.name("zh") in text


def test_rules_names_the_english_reference_to_an_english_reader(service: TableService) -> None:
    meta = get_game("landlords").meta
    text = play(service, "landlords", "en", ["help", "rules"])
    assert "rules (the rules reference)" in text  # help mentions the command
    path = named_file(text, "the rules reference: ")
    assert path == ROOT / meta.rules_reference and path.is_file()


def test_chinese_help_mentions_rules(service: TableService) -> None:
    assert "rules（规则参考）" in play(service, "wonderful-world", "zh", ["help"])
