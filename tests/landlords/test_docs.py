"""The rules reference and the tests agree: every rule and ruling names tests that exist."""

from __future__ import annotations

from pathlib import Path

from tests.support.rules_docs import defined_tests, entries, named_tests, reference

DOC = reference("landlords")
DEFINED = defined_tests(Path(__file__).parent)


def test_every_rule_and_ruling_names_an_existing_test() -> None:
    rules, rulings = entries(DOC, r"§\d+\.\d+"), entries(DOC, r"R\d+")
    assert len(rules) == 46 and len(rulings) == 33
    for name, text in {**rules, **rulings}.items():
        named = named_tests(text)
        assert named, f"{name} names no test"
        missing = named - DEFINED
        assert not missing, f"{name}: {missing}"


def test_every_scenario_test_is_documented() -> None:
    documented = named_tests(DOC)
    scenario = {t for t in DEFINED if t.startswith(("test_rule_", "test_ruling_"))}
    assert scenario <= documented, scenario - documented
