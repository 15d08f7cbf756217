"""Refusals name a square as the board does, in both languages (issue 10 §14: no "第 房地产事务所
(12) 格", no "space Lord Blueblood's Estate (12)")."""

from __future__ import annotations

import pytest

from games.core import GameError
from games.landlords import GAME
from games.landlords.board import board
from games.landlords.moves import Offer

KEYS = ["error.not_owner", "error.improved", "error.not_pledged", "error.not_for_sale", "error.go"]


@pytest.mark.parametrize("key", KEYS)
def test_a_refusal_names_the_square_by_its_label(key: str) -> None:
    space = next(n for n, s in enumerate(board().spaces) if n > 0 and s.label("zh") != str(n))
    zh = GAME.error_text(GameError(key, space=space), "zh")
    en = GAME.error_text(GameError(key, space=space), "en")
    assert board().spaces[space].label("zh") in zh and "第" not in zh and "格" not in zh
    assert board().spaces[space].label("en") in en and "space " not in en.lower().replace("spaces", "")


def test_offers_and_the_summary_name_players_when_names_are_known() -> None:
    """Issue 19 §6: "Offer Bob …" and "Bob at …", not "#2", once the caller names the seats; the
    notation keeps the seat number (``offer 2 …``)."""
    state = GAME.setup(2, {}, 1)
    offer = Offer(partner=1, kind="buy", card="16", amount=100)
    for lang in ("en", "zh"):
        named = GAME.move_label(state, 0, offer, lang, ["Ann", "Bob"])
        plain = GAME.move_label(state, 0, offer, lang)
        assert "Bob" in named and "#2" in plain and named.endswith(str(offer)) and str(offer).startswith("offer 2 ")
        lines = GAME.summarize(GAME.view(state, 0), lang, ["Ann", "Bob"])
        assert any(line.startswith("Ann") for line in lines) and any(line.startswith("Bob") for line in lines)
        assert "Ann" in lines[-1] and not any("#1" in line or "#2" in line for line in lines), lines
