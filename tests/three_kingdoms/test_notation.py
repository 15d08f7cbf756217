"""The notation table of docs/rules/three-kingdoms.md: every example reads, in English and Chinese, as
the move it names; bad text is refused with a clear message key and leaves the table as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.core import GameError, IllegalMove, MalformedMove
from games.three_kingdoms import GAME

from .helpers import ready

DOC = (Path(__file__).parents[2] / "docs" / "rules" / "three-kingdoms.md").read_text(encoding="utf-8")
TABLE = DOC.split("## Notation", 1)[1].split("## Rules", 1)[0]

#: Every example of the table, and the move it reads as (its canonical notation).
EXAMPLES = {
    "lord caocao": "lord caocao", "主公 曹操": "lord caocao",
    "tao sell": "tao sell", "韬 销售": "tao sell", "lue hire": "lue hire", "略 纳贤": "lue hire",
    "recall": "recall", "收回": "recall",
    "play nw03 2": "play nw03 2", "打出 nw03 2": "play nw03 2", "play sw01 t+ 1": "play sw01 t+ 1",
    "play 诸葛亮 2": "play sw01 2",
    "sell": "sell", "log": "log", "recruit": "recruit", "销售": "sell", "伐木": "log", "募兵": "recruit",
    "convert 2": "convert 2", "兑换 2": "convert 2", "done": "done", "完成": "done",
    "hire ne05": "hire ne05", "纳贤 ne05": "hire ne05",
    "siege ji": "siege ji", "攻城 冀州": "siege ji", "siege ji betray yuanshao": "siege ji betray yuanshao",
    "build ji lumber": "build ji lumber", "建设 冀州 伐木场": "build ji lumber",
    "any gold siege": "any gold siege", "任意 金 攻城": "any gold siege",
    "skip siege": "skip siege", "放弃 攻城": "skip siege",
    "choose 2": "choose 2", "选 2": "choose 2", "first 2": "first 2", "先 2": "first 2",
    "give caocao": "give caocao", "交给 曹操": "give caocao",
    "claim ba2": "claim ba2", "领取 ba2": "claim ba2", "claim points": "claim points", "领取 5分": "claim points",
    "usurp": "usurp", "称伪帝": "usurp",
}
#: Not a move: the list of building kinds in the build row.
NOT_MOVES = {"lumber barracks workshop drill works pavilion"}


def table_examples() -> set[str]:
    """Every backticked example of the notation section (its words and its table)."""
    return set(re.findall(r"`([^`]+)`", TABLE)) - NOT_MOVES


def test_the_table_lists_the_examples_read_here() -> None:
    assert table_examples() == set(EXAMPLES)


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_every_example_parses(text: str) -> None:
    state = ready()
    assert str(GAME.parse(state, 0, text)) == EXAMPLES[text]


def test_other_names_and_spellings() -> None:
    state = ready()
    for text, move in (("lord Lu Bu", "lord lubu"), ("LORD 吕布", "lord lubu"), ("siege 冀", "siege ji"),
                       ("hire Zhang He", "hire ne05"), ("play Zhuge Liang 1 韬-", "play sw01 t- 1"),
                       ("Build  Ji  Drill", "build ji drill"), ("建设 冀州 练武场", "build ji drill"),
                       ("攻城 冀州 背叛 袁绍", "siege ji betray yuanshao"), ("claim 5", "claim points")):
        assert str(GAME.parse(state, 0, text)) == move, text


BAD = [
    ("", MalformedMove, "error.empty"),
    ("fly away", MalformedMove, "error.unknown_move"),
    ("play", MalformedMove, "error.missing"),
    ("play nobody", MalformedMove, "error.no_card"),
    ("siege atlantis", MalformedMove, "error.no_zhou"),
    ("build ji castle", MalformedMove, "error.build_grammar"),
    ("any gold any", MalformedMove, "error.any_grammar"),
    ("any gold", MalformedMove, "error.any_grammar"),
    ("convert two", MalformedMove, "error.number"),
    ("lord nobody", MalformedMove, "error.no_lord"),
    ("skip dance", MalformedMove, "error.no_action"),
    ("hire ne05", IllegalMove, "error.not_now"),  # well-formed, but it is time to play or recall
    ("play ne05", IllegalMove, "error.not_in_hand"),
    ("play h1 3", IllegalMove, "error.no_option"),
    ("recall", IllegalMove, "error.nothing_to_recall"),
]


@pytest.mark.parametrize(("text", "error", "key"), BAD)
def test_bad_input_is_refused_with_a_clear_key(text: str, error: type[GameError], key: str) -> None:
    state = ready()
    before = GAME.dumps(state)
    with pytest.raises(error) as caught:
        GAME.apply(state, 0, text)
    assert caught.value.key == key
    assert GAME.dumps(state) == before
    for lang in ("en", "zh"):
        message = GAME.error_text(caught.value, lang)
        assert message and "{" not in message and key not in message
