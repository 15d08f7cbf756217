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


def test_one_cube_and_one_recycled_material_read_in_the_singular() -> None:
    """Issue 19 §6: "stores 1 cube", "recycles … for 1 material"; the private text too."""
    from games.core import Catalog
    from games.wonderful_world.actions import recycle
    from tests.wonderful_world.scenario import fresh, planning, slate, take_card

    assert "stores 1 cube on" in GAME.describe(Event("stored", {"seat": 0, "count": 1, "krystallium": 0}), "en")
    assert "stores 3 cubes on" in GAME.describe(Event("stored", {"seat": 0, "count": 3, "krystallium": 0}), "en")
    plural = Catalog({"en": {"k": "{n} {n:cube|cubes}"}, "zh": {}})
    assert [plural.text("k", {"n": n}) for n in (0, 1, 2)] == ["0 cubes", "1 cube", "2 cubes"]

    state = planning(fresh(2, side="b"))
    uid = take_card(state, "st01")                            # recycles for materials
    state.empires[0].drafted.append(uid)
    events: list[Event] = []
    recycle(state, 0, uid, events)
    assert "for 1 material." in GAME.describe(events[-1], "en") and "1 个材料" in GAME.describe(events[-1], "zh")
    slate(state, 0, "st01", materials=2)
    mine = "\n".join(GAME.summarize(GAME.view(state, 0), "en", ["Ann", "Bob"]))
    assert "to place: 1 material\n" in mine + "\n" and "needs 1 material" in mine and "1 materials" not in mine
    assert "Ann " in mine and "#1" not in mine
