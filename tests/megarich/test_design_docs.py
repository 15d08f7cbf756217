"""docs/rules/megarich-design.md (and its Chinese draft) and the design tests agree: every entry names tests that
exist, every design test is named, and the two languages keep the same entries, tests, code and quotations."""

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

EN = (ROOT / "docs" / "rules" / "megarich-design.md").read_text(encoding="utf-8")
#: Beside the English page, not in docs/rules/zh/: that folder holds only registered titles' references.
ZH = (ROOT / "docs" / "rules" / "zh" / "megarich-design.md").read_text(encoding="utf-8")
HERE = Path(__file__).parent
TEXT = shared_dir() / "rules" / "megarich.zh.md"


def _design_tests() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_design*.py"))
    return set(re.findall(r"^def (test_d\d+_\w+)", text, re.M))


def test_every_entry_names_tests_that_exist_and_every_design_test_is_named() -> None:
    defined = _design_tests()
    tests = entry_tests(EN)
    assert entry_ids(EN) == [str(n) for n in range(1, 13)] + [f"R{n}" for n in range(1, 13)]
    assert all(tests[e] and tests[e] <= defined for e in tests), {e: t - defined for e, t in tests.items()}
    assert named_tests(EN) == defined
