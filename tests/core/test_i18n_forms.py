"""The catalog's forms for counts (games/core/i18n.py): ``{n:one|many}`` and a word's form for one, ``{w:one}``."""

from __future__ import annotations

from typing import Any

from games.core.i18n import Catalog

CATALOG = Catalog({"en": {"paid": "{seat} pays 1 {resource:one} for {action}.",
                          "turns": "turns {pay} {pay:{paid:one}|{paid}} into {gain} {gain:{got:one}|{got}}",
                          "plain": "{resource} left"},
                   "zh": {"paid": "{seat}支付1{resource:one}。"}})
WORDS = {"troops": ("troops", "troop"), "wood": ("wood", "wood")}


def words(name: str, value: Any, lang: str) -> str | None:
    if name in {"resource", "paid", "got"} and value in WORDS:
        return WORDS[value][0]
    if name in {"resource:one", "paid:one", "got:one"} and value in WORDS:
        return WORDS[value][1]
    return None


def test_a_word_has_its_form_for_one_where_the_template_asks_for_it() -> None:
    assert CATALOG.text("paid", {"seat": "Ann", "resource": "troops", "action": "build"}, "en", words) == \
        "Ann pays 1 troop for build."
    assert CATALOG.text("plain", {"resource": "troops"}, "en", words) == "troops left"


def test_the_form_follows_a_count_inside_a_plural_field() -> None:
    def turns(pay: int, gain: int) -> str:
        return CATALOG.text("turns", {"pay": pay, "paid": "troops", "gain": gain, "got": "troops"}, "en", words)

    assert turns(1, 2) == "turns 1 troop into 2 troops"
    assert turns(3, 1) == "turns 3 troops into 1 troop"


def test_without_a_form_for_one_the_usual_word_stands() -> None:
    assert CATALOG.text("paid", {"seat": "Ann", "resource": "gold", "action": "x"}, "en", words) == \
        "Ann pays 1 gold for x."
    assert CATALOG.text("paid", {"seat": "A", "resource": "troops"}, "zh", None) == "A支付1troops。"
