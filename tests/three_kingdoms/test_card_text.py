"""Every talent card's English text reads as English for a newcomer (issue 22 §4): counts of one in the singular,
no "(s)", no sentence left hanging on "then", no Chinese inside the English."""

from __future__ import annotations

import re

from games.three_kingdoms import GAME
from games.three_kingdoms.content import content
from games.three_kingdoms.text import card_text

SLIPS = {
    "a plural after 1": re.compile(r"\b1 (troops|points|pts|markers|golds|woods|resources|cards|steps)\b"),
    "a count glued to its word": re.compile(r"\d(gold|wood|troop|point)"),
    "a plural in brackets": re.compile(r"\w\(s\)"),
    "a dangling then": re.compile(r"\bthen\s*([.;,)]|$)"),
    "Chinese inside English": re.compile(r"[\u4e00-\u9fff]"),
}


def test_every_card_text_in_english_is_free_of_newcomer_slips() -> None:
    texts = {talent.id: card_text(GAME, talent, "en") for talent in content().talents.values()}
    assert len(texts) == len(content().talents) > 60
    found = [(card, slip, text) for card, text in texts.items() for slip, pattern in SLIPS.items()
             if pattern.search(text)]
    assert found == []
    # the patterns read real text: counts of one and of more are both on the cards
    assert any(re.search(r"\b1 (troop|point|gold|wood)\b", text) for text in texts.values())
    assert any(re.search(r"\b[2-9] (troops|points)\b", text) for text in texts.values())


def test_the_slip_patterns_catch_the_slips_issue_22_names() -> None:
    for slip in ("gain 1 troops", "+1 pts", "1gold", "2 point(s)", "sell, then", "pay 1 gold then", "the 韬 pointer"):
        assert any(pattern.search(slip) for pattern in SLIPS.values()), slip
