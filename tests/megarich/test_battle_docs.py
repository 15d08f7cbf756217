"""docs/rules/megarich-battle.md (and its Chinese twin) and the battle's tests agree: every entry names tests that
exist with its own number, every battle scenario test is named, the two languages keep the same entries, tests,
code, tables and quotations, and every quotation is the rules text's own words."""

from __future__ import annotations

import re
from pathlib import Path

from bench.shared import shared_dir
from tests.support.rules_docs import (
    ROOT,
    entry_ids,
    entry_tests,
    named_tests,
)

EN = (ROOT / "docs" / "rules" / "megarich-battle.md").read_text(encoding="utf-8")
ZH = (ROOT / "docs" / "rules" / "zh" / "megarich-battle.md").read_text(encoding="utf-8")
TEXT = shared_dir() / "rules" / "megarich.zh.md"
FILES = [*Path(__file__).parent.glob("test_battle*.py"), *(ROOT / "tests" / "render").glob("test_megarich_battle*.py")]


def _scenario_tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in FILES)
    return set(re.findall(r"^def (test_rul(?:e|ing)_\w+)", text, re.M))


def test_every_entry_names_its_own_tests_and_every_scenario_test_is_named() -> None:
    defined = _scenario_tests()
    assert entry_ids(EN) == [str(n) for n in range(1, 8)] + [f"R{n}" for n in range(1, 16)]
    for entry, tests in entry_tests(EN).items():
        prefix = f"test_ruling_{entry}_" if entry.startswith("R") else f"test_rule_{entry}_"
        assert tests and tests <= defined, (entry, tests - defined)
        assert all(t.startswith(prefix) for t in tests), (entry, tests)
    assert named_tests(EN) == defined
