"""Refusals name a square as the board does, in both languages (issue 10 §14: no "第 房地产事务所
(12) 格", no "space Lord Blueblood's Estate (12)")."""

from __future__ import annotations

import pytest

from games.core import GameError
from games.landlords import GAME
from games.landlords.board import board

KEYS = ["error.not_owner", "error.improved", "error.not_pledged", "error.not_for_sale", "error.go"]


@pytest.mark.parametrize("key", KEYS)
def test_a_refusal_names_the_square_by_its_label(key: str) -> None:
    space = next(n for n, s in enumerate(board().spaces) if n > 0 and s.label("zh") != str(n))
    zh = GAME.error_text(GameError(key, space=space), "zh")
    en = GAME.error_text(GameError(key, space=space), "en")
    assert board().spaces[space].label("zh") in zh and "第" not in zh and "格" not in zh
    assert board().spaces[space].label("en") in en and "space " not in en.lower().replace("spaces", "")
