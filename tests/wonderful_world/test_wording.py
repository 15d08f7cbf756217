"""Counted resources read right in both languages (issue 10 §8: "1 materials")."""

from __future__ import annotations

from games.core import Event
from games.wonderful_world import GAME


def test_one_resource_is_named_in_the_singular_and_more_in_the_plural() -> None:
    one = Event("placed", {"seat": 0, "count": 1, "what": "materials", "card": "x"})
    two = Event("placed", {"seat": 0, "count": 2, "what": "materials", "card": "x"})
    assert "1 material on" in GAME.describe(one, "en")
    assert "2 materials on" in GAME.describe(two, "en")
    assert "1 个材料" in GAME.describe(one, "zh") and "material" not in GAME.describe(one, "zh")



def test_the_private_text_says_production_in_words() -> None:
    """Issue 10 §7: the panel's text under the hand image reads "produces 2 materials, 2 energy", not "mat2 ene2"."""
    state = GAME.setup(3, {}, seed=2)
    line = GAME.summarize(GAME.view(state, 0), "en")[1]
    assert "produces 2 materials, 2 energy" in line and "mat2" not in line
    assert "产出 2 材料、2 能源" in GAME.summarize(GAME.view(state, 0), "zh")[1]
