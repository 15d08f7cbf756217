"""The rules reference and the tests agree: every rule and ruling names tests that exist."""

from __future__ import annotations

from pathlib import Path

from tests.support.rules_docs import defined_tests, entries, reference, undocumented, unnamed_or_missing

DOC = reference("landlords")
DEFINED = defined_tests(Path(__file__).parent)


def test_every_rule_and_ruling_names_an_existing_test() -> None:
    rules, rulings = entries(DOC, r"§\d+\.\d+"), entries(DOC, r"R\d+")
    assert len(rules) == 46 and len(rulings) == 34
    assert unnamed_or_missing({**rules, **rulings}, DEFINED) == {}


def test_every_scenario_test_is_documented() -> None:
    assert undocumented(DOC, DEFINED) == set()
