"""The rules reference and the tests agree: every rule and ruling names tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.rules_docs import defined_tests, entries, reference, undocumented, unnamed_or_missing

DOC = reference("three-kingdoms")
DEFINED = defined_tests(Path(__file__).parent)


def test_every_rule_and_ruling_names_an_existing_test() -> None:
    rules, rulings = entries(DOC, r"§\d+"), entries(DOC, r"R\d+")
    assert sorted(rules, key=lambda x: int(x[1:])) == [f"§{n}" for n in range(1, 17)]
    assert sorted(rulings, key=lambda x: int(x[1:])) == [f"R{n}" for n in range(1, 24)]
    assert unnamed_or_missing({**rules, **rulings}, DEFINED) == {}


def test_every_scenario_test_is_documented() -> None:
    assert undocumented(DOC, DEFINED) == set()


def test_each_scenario_test_sits_under_its_own_rule() -> None:
    found_entries = {**entries(DOC, r"§\d+"), **entries(DOC, r"R\d+")}
    for test in DEFINED:
        found = re.match(r"test_rule_(\d+)_|test_ruling_(R\d+)_", test)
        if found:
            name = f"§{found[1]}" if found[1] else found[2]
            assert f"`{test}`" in found_entries[name], f"{test} is not named under {name}"
