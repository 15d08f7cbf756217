"""``docs/rules/megarich.md`` and the tests agree, and its Chinese translation ``docs/rules/zh/megarich.md``
keeps in step with it: every rule and ruling names tests that exist here, every ``test_rule_*`` and
``test_ruling_*`` test is named, and both pages have the same headings, entries, tests, code and tables,
quoting the Chinese rules text in the same words (the checks ``tests/core/test_rules_reference_zh.py`` runs
for registered titles; Megarich∞ is not registered yet)."""

from __future__ import annotations

from pathlib import Path

from tests.support.rules_docs import (
    ROOT,
    defined_tests,
    entry_tests,
    reference,
    undocumented,
)

EN = reference("megarich")
ZH = reference("megarich", "zh")
DEFINED = defined_tests(Path(__file__).parent)
#: The reference and the pages of the parts it links (the movement, the design board…).
ALL_PAGES = "\n".join(reference(p.stem) for p in sorted((ROOT / "docs" / "rules").glob("megarich*.md")))


def test_every_entry_names_tests_that_exist() -> None:
    found = entry_tests(EN)
    assert {"1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "R1", "R2", "R3", "R4", "R5"} <= set(found)
    for entry, tests in found.items():
        assert tests, f"{entry} names no test"
        assert tests <= DEFINED, (entry, tests - DEFINED)
        prefix = "test_ruling_" if entry.startswith("R") else "test_rule_"
        number = entry.removeprefix("R").replace(".", "_")
        assert all(t.startswith(f"{prefix}{number}_") for t in tests), (entry, tests)


def test_every_scenario_test_is_documented() -> None:
    assert undocumented(ALL_PAGES, DEFINED) == set()
