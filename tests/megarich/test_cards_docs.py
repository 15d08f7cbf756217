"""docs/rules/megarich-content.md (and its Chinese twin) and the tests of the items and event cards agree: every entry
names tests that exist with its own number, and every scenario test of ``test_cards.py`` is named. That the two
languages keep the same entries, tests, code, tables and quotations is ``tests/core/test_rules_reference_zh.py``'s
check, that every quotation is the rules text's own words ``test_reference_pages.py``'s."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.rules_docs import entry_ids, entry_tests, named_tests, reference

EN = reference("megarich-content")
HERE = Path(__file__).parent


def _tests() -> set[str]:
    text = (HERE / "test_cards.py").read_text(encoding="utf-8")
    return set(re.findall(r"^def (test_(?:rule|ruling)_\w+)", text, re.M))


def test_every_entry_names_its_own_tests_and_every_scenario_test_is_named() -> None:
    defined = _tests()
    assert entry_ids(EN) == [f"5.{n}" for n in range(1, 11)] + [f"R{n}" for n in range(71, 79)]
    for entry, tests in entry_tests(EN).items():
        assert tests and tests <= defined, (entry, tests - defined)
        own = f"test_ruling_{entry[1:]}_" if entry.startswith("R") else f"test_rule_{entry.replace('.', '_')}_"
        assert all(t.startswith(own) for t in tests), (entry, tests)
    assert named_tests(EN) == defined


def test_the_tables_are_the_datas() -> None:
    from collections import Counter

    from games.megarich.events import OPS, deck
    from games.megarich.gathering import ECONOMY
    from games.megarich.items import catalogue

    rows = re.findall(r"^\| [^|]+ \| (\d+) \| [^|]+ \|$", EN, re.M)
    rarity = Counter(i.rarity for i in catalogue().values())
    kinds = Counter(c.kind for c in deck().values())
    expected = [rarity[r] for r in ("common", "uncommon", "rare", "legendary", "unique")] + \
        [kinds[k] for k in ("fate", "chance", "trade", "tile", "parallel")]
    assert [int(r) for r in rows] == expected
    assert re.findall(r"^\| `(\w+)` \|", EN, re.M) == list(OPS)
    prices = re.search(r"common (\d+), uncommon (\d+), rare (\d+), legendary (\d+), unique (\d+)", EN)
    assert prices is not None
    assert [int(p) for p in prices.groups()] == [ECONOMY.sell[r] for r in ("common", "uncommon", "rare",
                                                                           "legendary", "unique")]
