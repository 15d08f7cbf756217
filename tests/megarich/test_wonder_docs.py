"""docs/rules/megarich-wonder.md (and its Chinese twin) and the wonder's tests agree: every entry names tests that
exist with its own number, every test of the wonder and the blocks is named, the two languages keep the same
entries, tests, code, tables and quotations, and every quotation is the rules text's own words."""

from __future__ import annotations

import re
from pathlib import Path

from bench.shared import shared_dir
from tests.support.rules_docs import (
    entry_ids,
    entry_tests,
    named_tests,
    reference,
)

EN = reference("megarich-wonder")
ZH = reference("megarich-wonder", "zh")
HERE = Path(__file__).parent
TEXT = shared_dir() / "rules" / "megarich.zh.md"


def _tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for pattern in ("test_wonder*.py", "test_blocks*.py")
                     for p in HERE.glob(pattern))
    return set(re.findall(r"^def (test_(?:rule|ruling)_\w+)", text, re.M))


def test_every_entry_names_its_own_tests_and_every_scenario_test_is_named() -> None:
    defined = _tests()
    found = entry_tests(EN)
    assert entry_ids(EN) == [f"3.{n}" for n in range(1, 13)] + [f"R{n}" for n in range(31, 42)]
    for entry, tests in found.items():
        assert tests and tests <= defined, (entry, tests - defined)
        own = f"test_ruling_{entry[1:]}_" if entry.startswith("R") else f"test_rule_{entry.replace('.', '_')}_"
        assert any(t.startswith(own) for t in tests), (entry, tests)
    assert named_tests(EN) == defined
