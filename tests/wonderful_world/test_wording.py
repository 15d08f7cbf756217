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

